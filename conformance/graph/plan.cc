// Graph planning basics (graph_plan.h): usable signatures, deterministic
// values, source and intermediate tensors, element-wise binary nodes.
#include "conformance/graph/plan.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "conformance/generators.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace graph_plan {

bool IsQuantizedType(DataType t) { return t == DataType::kInt8 || t == DataType::kUint8; }

bool SpecListsType(const NodeSpec& spec, DataType dtype) {
  return std::find(spec.dtypes.begin(), spec.dtypes.end(), dtype) != spec.dtypes.end();
}

std::vector<UsableSignature> UsableSignatures(DataType dtype, const std::vector<NodeType>& node_types) {
  std::vector<UsableSignature> out;
  for (const NodeSpec& spec : AllNodeSpecs()) {
    if (spec.graph.kind == GraphKind::kNotChainable || !SpecListsType(spec, dtype)) continue;
    if (!node_types.empty() && std::find(node_types.begin(), node_types.end(), spec.type) == node_types.end()) continue;
    if (IsQuantizedType(dtype) && !spec.graph.quantized_ok) continue;
    out.push_back(UsableSignature{&spec.graph, &spec});
  }
  return out;
}

// RGG values: uniform in [-range, range] (E|x| ~ 1 keeps sums and products
// sane), one in eight a multiple of 0.5 (exact in every type; quantization ties).
double GraphValue(Rng* rng, double range) {
  if (rng->Below(8) == 0) return static_cast<double>(rng->Below(9) - 4) * 0.5;
  return (2 * rng->Unit() - 1) * range;
}

size_t Count(const Dims& d) { return ElementsOf(d); }

// Quant params of an int8/uint8 input or constant with real range about
// [-range, range]: scale 2*range/255 times 2^[-1, 1], zero point near the middle.
QuantParam SourceQuant(Rng* rng, DataType dtype, double range) {
  QuantParam q;
  const int64_t qmin = QuantMin(dtype), qmax = QuantMax(dtype);
  q.scale = 2 * range / static_cast<double>(qmax - qmin) * std::exp2(2 * rng->Unit() - 1);
  const int64_t mid = (qmin + qmax + 1) / 2;
  q.zero_point = static_cast<int32_t>(std::clamp<int64_t>(mid + rng->Below(33) - 16, qmin, qmax));
  return q;
}

uint32_t AddSourceTensor(Plan* plan, Rng* rng, const std::string& prefix, Role role, const Dims& dims,
                         double range) {
  PlanTensor t;
  t.name = prefix + std::to_string(plan->tensors.size());
  t.dims = dims;
  t.role = role;
  const size_t n = Count(dims);
  if (plan->quantized) {
    t.quant = SourceQuant(rng, plan->dtype, range);
    const int64_t qmin = QuantMin(plan->dtype), qmax = QuantMax(plan->dtype);
    for (size_t i = 0; i < n; ++i) {
      const int64_t code = qmin + rng->Below(qmax - qmin + 1);
      t.codes.push_back(code);
      t.values.push_back(Dequantize(code, t.quant.scale, t.quant.zero_point));
    }
  } else {
    for (size_t i = 0; i < n; ++i) t.values.push_back(RoundToType(plan->dtype, GraphValue(rng, range)));
  }
  plan->tensors.push_back(std::move(t));
  return static_cast<uint32_t>(plan->tensors.size() - 1);
}

uint32_t AddIntermediate(Plan* plan, const Dims& dims, bool hazard) {
  PlanTensor t;
  t.name = "t" + std::to_string(plan->tensors.size());
  t.dims = dims;
  t.hazard = hazard;
  plan->tensors.push_back(std::move(t));
  return static_cast<uint32_t>(plan->tensors.size() - 1);
}

uint32_t AddInt64Tensor(Plan* plan, const std::string& prefix, Role role, const Dims& dims,
                        const std::vector<int64_t>& values) {
  PlanTensor t;
  t.name = prefix + std::to_string(plan->tensors.size());
  t.dims = dims;
  t.role = role;
  t.fixed_type = DataType::kInt64;
  for (int64_t v : values) t.values.push_back(static_cast<double>(v));
  plan->tensors.push_back(std::move(t));
  return static_cast<uint32_t>(plan->tensors.size() - 1);
}

std::vector<uint32_t> NodeOutputs(const PlanNode& node) {
  std::vector<uint32_t> out = {node.output};
  out.insert(out.end(), node.more_outputs.begin(), node.more_outputs.end());
  return out;
}

void AppendPlanNode(Plan* plan, PlanNode node, const GraphNodeChoice& c) {
  for (uint32_t in : node.inputs) plan->tensors[in].consumed = true;
  plan->tensors[node.output].extra_output = c.extra_output == 3;
  plan->nodes.push_back(std::move(node));
}

// Tensors a node may read: model inputs and node outputs without the hazard
// flag (constants are only created fresh, for their one consumer).
std::vector<uint32_t> UsableOperands(const Plan& plan) {
  std::vector<uint32_t> out;
  for (uint32_t i = 0; i < plan.tensors.size(); ++i) {
    const PlanTensor& t = plan.tensors[i];
    if (t.hazard || t.run_time_dims || t.role == Role::kConstant || t.fixed_type != DataType::kUnknown) continue;
    out.push_back(i);
  }
  return out;
}

// `b` broadcasts into `a` (numpy rules, trailing-aligned) without changing it.
bool BroadcastsInto(const Dims& b, const Dims& a) {
  if (b.size() > a.size()) return false;
  for (size_t i = 0; i < b.size(); ++i) {
    const int32_t db = b[b.size() - 1 - i], da = a[a.size() - 1 - i];
    if (db != da && db != 1) return false;
  }
  return true;
}

// A broadcast partner of `a` from the choice bits: bit 0..1 = leading dims
// dropped, higher bits = which of the remaining dims become 1. 0 = same shape.
Dims PartnerShape(const Dims& a, int bits) {
  const size_t drop = static_cast<size_t>(bits & 3) % (a.size() + 1);
  Dims p(a.begin() + static_cast<std::ptrdiff_t>(drop), a.end());
  for (size_t i = 0; i < p.size(); ++i) {
    if ((bits >> (2 + i)) & 1) p[i] = 1;
  }
  return p;
}

int64_t ActivationChoice(const NodeSpec& spec, int choice) {
  const AttrDomain* d = FindAttrDomain(spec, "activationType");
  if (d == nullptr || d->choices.empty()) return 0;
  return d->choices[static_cast<size_t>(choice) % d->choices.size()];
}

void PlanBinary(Plan* plan, Rng* rng, const UsableSignature& use, const GraphNodeChoice& c, uint32_t a,
                PlanNode* node) {
  const Dims a_dims = plan->tensors[a].dims;
  std::vector<uint32_t> partners;
  for (uint32_t i : UsableOperands(*plan)) {
    if (BroadcastsInto(plan->tensors[i].dims, a_dims)) partners.push_back(i);
  }
  uint32_t b;
  if (c.fresh_b == 0 && !partners.empty()) {
    b = partners[partners.size() - 1 - static_cast<size_t>(c.operand_b) % partners.size()];
  } else {
    const Dims b_dims = PartnerShape(a_dims, c.broadcast);
    b = AddSourceTensor(plan, rng, c.constant_b != 0 ? "c" : "in", c.constant_b != 0 ? Role::kConstant : Role::kInput,
                        b_dims, 2.0);
  }
  // Either operand order: the output shape is a's in both (b broadcasts into a).
  node->inputs = (c.broadcast & 0x40) != 0 ? std::vector<uint32_t>{b, a} : std::vector<uint32_t>{a, b};
  // A fused activation where the node type has one (not MAXIMUM, MINIMUM, SQUARED_DIFFERENCE).
  if (FindAttrDomain(*use.spec, "activationType") != nullptr) {
    node->attrs = {Attr::Int8("activationType", static_cast<int8_t>(ActivationChoice(*use.spec, c.activation)))};
  }
  node->output = AddIntermediate(plan, a_dims, use.sig->hazard);
}

}  // namespace graph_plan
}  // namespace cts
}  // namespace nnrt
