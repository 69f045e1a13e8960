// Random multi-node graphs (graph_generator.h). Three steps:
//  1. PlanGraph: interpret the choice records into a plan (tensors with shapes
//     and real values, nodes with attributes), shape-compatible by
//     construction;
//  2. quantized graphs only: run a float32 "shadow" of the plan on the
//     reference and take every intermediate tensor's quant params from its
//     real range (C-235), so values neither saturate everywhere nor vanish;
//  3. Materialize: the plan as a TestCase in the primary data type.
#include "conformance/graph_generator.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/time_budget.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

// ---- Signatures -----------------------------------------------------------------------

// How a node type connects in a graph comes from its spec (NodeSpec::graph,
// RGG "operation signature"); the offer order is the spec list's order.
using SigKind = GraphKind;

bool IsQuantizedType(DataType t) { return t == DataType::kInt8 || t == DataType::kUint8; }

bool SpecListsType(const NodeSpec& spec, DataType dtype) {
  return std::find(spec.dtypes.begin(), spec.dtypes.end(), dtype) != spec.dtypes.end();
}

struct UsableSignature {
  const GraphRole* sig;
  const NodeSpec* spec;
};

std::vector<UsableSignature> UsableSignatures(DataType dtype, const std::vector<NodeType>& node_types = {}) {
  std::vector<UsableSignature> out;
  for (const NodeSpec& spec : AllNodeSpecs()) {
    if (spec.graph.kind == GraphKind::kNotChainable || !SpecListsType(spec, dtype)) continue;
    if (!node_types.empty() && std::find(node_types.begin(), node_types.end(), spec.type) == node_types.end()) continue;
    if (IsQuantizedType(dtype) && !spec.graph.quantized_ok) continue;
    out.push_back(UsableSignature{&spec.graph, &spec});
  }
  return out;
}

// ---- Deterministic values ------------------------------------------------------------

// splitmix64: element values follow from the data seed alone, so a case is a
// pure function of its choices.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  double Unit() { return static_cast<double>(Next() >> 11) * 0x1p-53; }  // [0, 1)
  int64_t Below(int64_t n) { return static_cast<int64_t>(Next() % static_cast<uint64_t>(n)); }

 private:
  uint64_t state_;
};

// RGG values: uniform in [-range, range] (E|x| ~ 1 keeps sums and products
// sane), one in eight a multiple of 0.5 (exact in every type; quantization ties).
double GraphValue(Rng* rng, double range) {
  if (rng->Below(8) == 0) return static_cast<double>(rng->Below(9) - 4) * 0.5;
  return (2 * rng->Unit() - 1) * range;
}

// ---- The plan --------------------------------------------------------------------------

enum class Role { kInput, kConstant, kIntermediate };

struct PlanTensor {
  std::string name;
  Dims dims;
  Role role = Role::kIntermediate;
  // kInput / kConstant: real values (float graphs: already representable in
  // the primary type; quantized graphs: dequantized codes).
  std::vector<double> values;
  std::vector<int64_t> codes;  // quantized inputs / constants
  QuantParam quant;            // quantized inputs / constants (and intermediates after step 2)
  DataType fixed_type = DataType::kUnknown;  // int64 reshape shape, conv bias (int32 when quantized)
  bool is_bias = false;        // conv bias: quantized codes follow s_x * s_w (quantization_semantics 4.7)
  bool hazard = false;
  bool consumed = false;
  bool extra_output = false;
};

struct PlanNode {
  const UsableSignature* use;
  NodeType type;
  std::vector<Attr> attrs;
  std::vector<uint32_t> inputs;
  uint32_t output;
};

struct Plan {
  DataType dtype;
  bool quantized;
  std::vector<PlanTensor> tensors;
  std::vector<PlanNode> nodes;
};

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

// Tensors a node may read: model inputs and node outputs without the hazard
// flag (constants are only created fresh, for their one consumer).
std::vector<uint32_t> UsableOperands(const Plan& plan) {
  std::vector<uint32_t> out;
  for (uint32_t i = 0; i < plan.tensors.size(); ++i) {
    const PlanTensor& t = plan.tensors[i];
    if (t.hazard || t.role == Role::kConstant || t.fixed_type != DataType::kUnknown) continue;
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

int32_t ConvOutputSize(int64_t pad_mode, int32_t in, int32_t k, int32_t stride, int64_t before, int64_t after) {
  if (pad_mode == 1) return (in + stride - 1) / stride;  // SAME: ceil(in / stride) (ops_catalog #8)
  return static_cast<int32_t>((in + before + after - k) / stride + 1);
}

// CONV2D_FUSION on an NHWC tensor (ops_catalog #8 / #10): weight [outC, kH, kW,
// inC/group] constant, bias [outC] constant or absent, dilation 1.
void PlanConv(Plan* plan, Rng* rng, const UsableSignature& use, const GraphNodeChoice& c, uint32_t x,
              PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const int32_t n = xd[0], h = xd[1], w = xd[2], in_c = xd[3];
  const bool depthwise = c.channels % 3 == 2 && in_c > 1;
  const int32_t group = depthwise ? in_c : 1;
  const int32_t out_c = depthwise ? in_c : 1 + c.channels % 3;
  const int32_t k_h = 1 + c.kernel % 3, k_w = 1 + c.kernel / 3 % 3;
  const int32_t s_h = 1 + c.stride % 2, s_w = 1 + c.stride / 2 % 2;
  int64_t pad_mode = std::vector<int64_t>{1, 2, 0}[static_cast<size_t>(c.pad % 3)];  // SAME, VALID, PAD
  int64_t pads[4] = {0, 0, 0, 0};
  if (pad_mode == 0) {
    for (int i = 0; i < 4; ++i) pads[i] = (c.pad >> (2 + i)) & 1;
  }
  // The padded input must hold the kernel (VALID / PAD); otherwise SAME.
  if (pad_mode != 1 && (h + pads[0] + pads[1] < k_h || w + pads[2] + pads[3] < k_w)) {
    pad_mode = 1;
    for (int64_t& p : pads) p = 0;
  }
  const Dims wd = {out_c, k_h, k_w, in_c / group};
  const uint32_t weight = AddSourceTensor(plan, rng, "w", Role::kConstant, wd, 1.0);
  node->inputs = {x, weight};
  if (c.activation % 4 != 3) {  // a bias three times in four
    PlanTensor b;
    b.name = "b" + std::to_string(plan->tensors.size());
    b.dims = {out_c};
    b.role = Role::kConstant;
    b.is_bias = true;
    b.fixed_type = plan->quantized ? DataType::kInt32 : DataType::kUnknown;
    for (int32_t i = 0; i < out_c; ++i) b.values.push_back(RoundToType(plan->quantized ? DataType::kFloat32 : plan->dtype,
                                                                         GraphValue(rng, 1.0)));
    plan->tensors.push_back(std::move(b));
    node->inputs.push_back(static_cast<uint32_t>(plan->tensors.size() - 1));
  }
  node->attrs = {
      Attr::Int64s("kernelSize", {k_h, k_w}),
      Attr::Int64s("stride", {s_h, s_w}),
      Attr::Int64s("dilation", {1, 1}),
      Attr::Int8("padMode", static_cast<int8_t>(pad_mode)),
      Attr::Int64s("padList", {pads[0], pads[1], pads[2], pads[3]}),
      Attr::Int64("group", group),
      // ops_catalog #8 / #10: Conv2D lowers inChannel = weight dim 3, depthwise the input C.
      Attr::Int64("inChannel", depthwise ? in_c : in_c / group),
      Attr::Int64("outChannel", out_c),
      Attr::Int8("activationType", static_cast<int8_t>(ActivationChoice(*use.spec, c.activation))),
  };
  const Dims yd = {n, ConvOutputSize(pad_mode, h, k_h, s_h, pads[0], pads[1]),
                   ConvOutputSize(pad_mode, w, k_w, s_w, pads[2], pads[3]), out_c};
  node->output = AddIntermediate(plan, yd, use.sig->hazard);
}

// MATMUL_FUSION / FULL_CONNECTION reducing the chain tensor's last dim K with a
// constant weight: MATMUL b [K, N] (or [N, K] with transposeB), FULL_CONNECTION
// weight [outC, K] with useAxis on the last axis (given as -1 or rank-1) and a
// bias three times in four; y = x.dims[0..rank-1) + [N].
void PlanDense(Plan* plan, Rng* rng, const UsableSignature& use, const GraphNodeChoice& c, uint32_t x,
               PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const int32_t k = xd.back();
  const int32_t n = 1 + c.channels % 3;
  const int8_t activation = static_cast<int8_t>(ActivationChoice(*use.spec, c.activation));
  const bool matmul = use.spec->type == NodeType::MATMUL_FUSION;
  const bool transpose_b = matmul && (c.kernel & 1) != 0;
  const Dims wd = transpose_b || !matmul ? Dims{n, k} : Dims{k, n};
  node->inputs = {x, AddSourceTensor(plan, rng, "w", Role::kConstant, wd, 1.0)};
  if (matmul) {
    node->attrs = {Attr::Bool("transposeA", false), Attr::Bool("transposeB", transpose_b),
                   Attr::Int8("activationType", activation)};
  } else {
    const bool bias = c.activation % 4 != 3;
    if (bias) {
      PlanTensor b;
      b.name = "b" + std::to_string(plan->tensors.size());
      b.dims = {n};
      b.role = Role::kConstant;
      b.is_bias = true;
      b.fixed_type = plan->quantized ? DataType::kInt32 : DataType::kUnknown;
      for (int32_t i = 0; i < n; ++i) {
        b.values.push_back(RoundToType(plan->quantized ? DataType::kFloat32 : plan->dtype, GraphValue(rng, 1.0)));
      }
      plan->tensors.push_back(std::move(b));
      node->inputs.push_back(static_cast<uint32_t>(plan->tensors.size() - 1));
    }
    const auto rank = static_cast<int64_t>(xd.size());
    node->attrs = {Attr::Bool("hasBias", bias), Attr::Bool("useAxis", true),
                   Attr::Int64("axis", (c.kernel & 1) != 0 ? -1 : rank - 1), Attr::Int8("activationType", activation)};
  }
  Dims yd(xd.begin(), xd.end() - 1);
  yd.push_back(n);
  node->output = AddIntermediate(plan, yd, use.sig->hazard);
}

// CONV2D_TRANSPOSE_FUSION on an NHWC tensor (ops_catalog #9, C-512/C-513):
// weight [outC, kH, kW, inC] and bias constant, kernels 1-2, stride 1-2 (1
// once an axis exceeds 16, so chains stay small), VALID or PAD with kernel-1
// pixels cropped on one side, outputPaddings 0 or stride-1.
void PlanConvTranspose(Plan* plan, Rng* rng, const UsableSignature& use, const GraphNodeChoice& c, uint32_t x,
                       PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const int32_t in[2] = {xd[1], xd[2]};
  const int32_t in_c = xd[3], out_c = 1 + c.channels % 3;
  const int32_t k[2] = {1 + c.kernel % 2, 1 + c.kernel / 2 % 2};
  int32_t s[2] = {1 + c.stride % 2, 1 + c.stride / 2 % 2};
  const int64_t pad_mode = c.pad % 2 == 0 ? 2 : 0;  // VALID, PAD
  int64_t pads[4] = {0, 0, 0, 0};
  int64_t out_pad[2] = {0, 0};
  int32_t out[2];
  for (int i = 0; i < 2; ++i) {
    if (in[i] > 16) s[i] = 1;
    if (pad_mode == 0) pads[2 * i + ((c.pad >> (1 + i)) & 1)] = k[i] - 1;
    out_pad[i] = ((c.pad >> (3 + i)) & 1) != 0 ? s[i] - 1 : 0;
    out[i] = static_cast<int32_t>((in[i] - 1) * s[i] + k[i] - pads[2 * i] - pads[2 * i + 1] + out_pad[i]);
  }
  node->inputs = {x, AddSourceTensor(plan, rng, "w", Role::kConstant, Dims{out_c, k[0], k[1], in_c}, 1.0)};
  PlanTensor b;
  b.name = "b" + std::to_string(plan->tensors.size());
  b.dims = {out_c};
  b.role = Role::kConstant;
  b.is_bias = true;
  b.fixed_type = plan->quantized ? DataType::kInt32 : DataType::kUnknown;
  for (int32_t i = 0; i < out_c; ++i) {
    b.values.push_back(RoundToType(plan->quantized ? DataType::kFloat32 : plan->dtype, GraphValue(rng, 1.0)));
  }
  plan->tensors.push_back(std::move(b));
  node->inputs.push_back(static_cast<uint32_t>(plan->tensors.size() - 1));
  node->attrs = {
      Attr::Int64s("kernelSize", {k[0], k[1]}),
      Attr::Int64s("stride", {s[0], s[1]}),
      Attr::Int64s("dilation", {1, 1}),
      Attr::Int8("padMode", static_cast<int8_t>(pad_mode)),
      Attr::Int64s("padList", {pads[0], pads[1], pads[2], pads[3]}),
      Attr::Int64("group", 1),
      Attr::Int64("inChannel", in_c),
      Attr::Int64("outChannel", out_c),
      Attr::Int8("activationType", static_cast<int8_t>(ActivationChoice(*use.spec, c.activation))),
      Attr::Int64s("outputPaddings", {out_pad[0], out_pad[1]}),
  };
  node->output = AddIntermediate(plan, Dims{xd[0], out[0], out[1], out_c}, use.sig->hazard);
}

// AVGPOOL_FUSION / MAX_POOL_FUSION on an NHWC tensor (ops_catalog #2 / #21,
// C-521..C-525): kernels 1-3 (shrunk to the padded input), stride 1-2, SAME,
// VALID or PAD with at most one pixel per side (below the kernel), FLOOR or
// CEIL, global one time in twelve. Spatial sizes never grow.
int32_t PoolOutSize(int64_t pad_mode, bool ceil_mode, int32_t in, int64_t k, int64_t s, int64_t before, int64_t after) {
  if (pad_mode == 1) return static_cast<int32_t>((in + s - 1) / s);  // SAME: ceil(in / stride)
  const int64_t span = in + before + after - k;
  int64_t out = (ceil_mode ? (span + s - 1) / s : span / s) + 1;
  if (ceil_mode && (out - 1) * s - before >= in) --out;  // C-523
  return static_cast<int32_t>(out);
}

void PlanPool(Plan* plan, const UsableSignature& use, const GraphNodeChoice& c, uint32_t x, PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const int32_t in[2] = {xd[1], xd[2]};
  const bool global = c.channels == 11;
  const bool ceil_mode = c.channels % 2 == 1;
  const int64_t pad_mode = std::vector<int64_t>{1, 2, 0}[static_cast<size_t>(c.pad % 3)];  // SAME, VALID, PAD
  int64_t k[2] = {1 + c.kernel % 3, 1 + c.kernel / 3 % 3};
  const int64_t s[2] = {1 + c.stride % 2, 1 + c.stride / 2 % 2};
  int64_t pads[4] = {0, 0, 0, 0};
  int32_t out[2] = {1, 1};
  for (int i = 0; i < 2; ++i) {
    if (pad_mode == 0) {
      for (int side = 0; side < 2; ++side) pads[2 * i + side] = std::min<int64_t>((c.pad >> (2 + 2 * i + side)) & 1, k[i] - 1);
    }
    if (pad_mode != 1) k[i] = std::min<int64_t>(k[i], in[i] + pads[2 * i] + pads[2 * i + 1]);  // C-525
    if (!global) out[i] = PoolOutSize(pad_mode, ceil_mode, in[i], k[i], s[i], pads[2 * i], pads[2 * i + 1]);
  }
  node->inputs = {x};
  node->attrs = {
      Attr::Int64s("kernelSize", {k[0], k[1]}),
      Attr::Int64s("strides", {s[0], s[1]}),
      Attr::Int64s("pad", {pads[0], pads[1], pads[2], pads[3]}),
      Attr::Int8("padMode", static_cast<int8_t>(pad_mode)),
      Attr::Int8("roundMode", static_cast<int8_t>(ceil_mode ? 1 : 0)),
      Attr::Int8("format", 0),
      Attr::Bool("global", global),
      Attr::Int8("activationType", static_cast<int8_t>(ActivationChoice(*use.spec, c.activation))),
  };
  node->output = AddIntermediate(plan, Dims{xd[0], out[0], out[1], xd[3]}, use.sig->hazard);
}

// The dim-keeping normalisations and SCALE / BIAS_ADD on the chain tensor with
// constant parameters: LAYER_NORM_FUSION (axes from the choice bits, negative
// half the time, gamma/beta over the dims from beginParamsAxis), FUSED_BATCH_NORM
// (channel last, variance >= 0), INSTANCE_NORM (rank >= 3, dim 1 as its
// channel, C-578), SCALE_FUSION (axis and scale rank from the choice bits),
// BIAS_ADD (last dim), L2_NORMALIZE_FUSION (last axis, no parameter tensors).
uint32_t NonNegativeConstant(Plan* plan, Rng* rng, const Dims& dims) {
  const uint32_t v = AddSourceTensor(plan, rng, "var", Role::kConstant, dims, 1.0);
  PlanTensor& t = plan->tensors[v];
  for (size_t i = 0; i < t.values.size(); ++i) {
    if (plan->quantized) {
      t.codes[i] = std::max<int64_t>(t.codes[i], t.quant.zero_point);
      t.values[i] = Dequantize(t.codes[i], t.quant.scale, t.quant.zero_point);
    } else {
      t.values[i] = std::fabs(t.values[i]);
    }
  }
  return v;
}

void PlanNormalize(Plan* plan, Rng* rng, const UsableSignature& use, const GraphNodeChoice& c, uint32_t x,
                   PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const auto rank = static_cast<int64_t>(xd.size());
  auto constant = [&](const char* prefix, const Dims& d) {
    return AddSourceTensor(plan, rng, prefix, Role::kConstant, d, 1.0);
  };
  node->inputs = {x};
  switch (use.spec->type) {
    case NodeType::LAYER_NORM_FUSION: {
      const int64_t norm_axis = c.kernel % rank, params_axis = c.stride % rank;
      const Dims p(xd.begin() + params_axis, xd.end());
      node->inputs.push_back(constant("gamma", p));
      node->inputs.push_back(constant("beta", p));
      const int64_t shift = (c.pad & 1) != 0 ? rank : 0;
      node->attrs = {Attr::Int64("beginNormAxis", norm_axis - shift), Attr::Float("epsilon", 1e-5f),
                     Attr::Bool("elementwiseAffine", true), Attr::Int64("beginParamsAxis", params_axis - shift)};
      break;
    }
    case NodeType::FUSED_BATCH_NORM: {
      const Dims ch{xd.back()};
      node->inputs.push_back(constant("scale", ch));
      node->inputs.push_back(constant("offset", ch));
      node->inputs.push_back(constant("mean", ch));
      node->inputs.push_back(NonNegativeConstant(plan, rng, ch));
      node->attrs = {Attr::Float("epsilon", 1e-4f)};
      break;
    }
    case NodeType::SCALE_FUSION: {
      const int64_t axis = c.kernel % rank;
      const int64_t s = 1 + c.stride % (rank - axis);
      const Dims sd(xd.begin() + axis, xd.begin() + axis + s);
      node->inputs.push_back(constant("scale", sd));
      node->inputs.push_back(constant("bias", sd));
      node->attrs = {Attr::Int64("axis", (c.pad & 1) != 0 ? axis - rank : axis),
                     Attr::Int8("activationType", static_cast<int8_t>(ActivationChoice(*use.spec, c.activation)))};
      break;
    }
    case NodeType::INSTANCE_NORM: {
      const Dims ch{xd[1]};
      node->inputs.push_back(constant("scale", ch));
      node->inputs.push_back(constant("bias", ch));
      node->attrs = {Attr::Float("epsilon", 1e-5f)};
      break;
    }
    case NodeType::L2_NORMALIZE_FUSION:
      node->attrs = {Attr::Int64s("axis", {(c.pad & 1) != 0 ? -1 : rank - 1}), Attr::Float("epsilon", 1e-6f),
                     Attr::Int8("activationType", static_cast<int8_t>(ActivationChoice(*use.spec, c.activation)))};
      break;
    default:  // BIAS_ADD
      node->inputs.push_back(constant("bias", Dims{xd.back()}));
      break;
  }
  node->output = AddIntermediate(plan, xd, use.sig->hazard);
}

// REDUCE_FUSION with keepDims over one constant int64 axis (negative one time
// in two), mode MEAN / MAX / MIN / SUM: the rank is kept, the axis becomes 1.
void PlanReduce(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node) {
  Dims yd = plan->tensors[x].dims;
  const auto rank = static_cast<int64_t>(yd.size());
  const int64_t axis = c.channels % rank;
  static const int8_t kModes[] = {0, 1, 2, 4};  // MEAN, MAX, MIN, SUM
  PlanTensor a;
  a.name = "axis" + std::to_string(plan->tensors.size());
  a.dims = {1};
  a.role = Role::kConstant;
  a.fixed_type = DataType::kInt64;
  a.values.push_back(static_cast<double>((c.kernel & 1) != 0 ? axis - rank : axis));
  plan->tensors.push_back(std::move(a));
  node->inputs = {x, static_cast<uint32_t>(plan->tensors.size() - 1)};
  node->attrs = {Attr::Bool("keepDims", true), Attr::Int8("mode", kModes[c.kernel / 2 % 4]),
                 Attr::Bool("reduceToEnd", false), Attr::Float("coeff", 0.0f)};
  yd[static_cast<size_t>(axis)] = 1;
  node->output = AddIntermediate(plan, yd, false);
}

// RESHAPE (ops_catalog, data movement): to [N], [1, N], the reversed dims, or
// the rank-4 [1, N / C, 1, C] that a later convolution can read.
void PlanReshape(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const int32_t total = static_cast<int32_t>(Count(xd));
  Dims target;
  switch (c.channels % 4) {
    case 0: target = {total}; break;
    case 1: target = {1, total}; break;
    case 2:
      target = Dims(xd.rbegin(), xd.rend());
      if (target.empty()) target = {1};  // a rank-0 input: the shape constant cannot be empty
      break;
    default: {
      const int32_t last = xd.empty() ? 1 : xd.back();
      target = {1, total / last, 1, last};
      break;
    }
  }
  PlanTensor s;
  s.name = "shape" + std::to_string(plan->tensors.size());
  s.dims = {static_cast<int32_t>(target.size())};
  s.role = Role::kConstant;
  s.fixed_type = DataType::kInt64;
  for (int32_t d : target) s.values.push_back(d);
  plan->tensors.push_back(std::move(s));
  node->inputs = {x, static_cast<uint32_t>(plan->tensors.size() - 1)};
  node->output = AddIntermediate(plan, target, false);
}

// TRANSPOSE (ops_catalog #41) with a constant int64 perm: the reversed axes,
// the last two swapped (the layout change around a matrix product), or the
// axes rotated left by one (NHWC -> HWCN-like).
void PlanTranspose(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const size_t rank = xd.size();
  std::vector<int64_t> perm(rank);
  for (size_t i = 0; i < rank; ++i) perm[i] = static_cast<int64_t>(i);
  switch (c.channels % 3) {
    case 0: std::reverse(perm.begin(), perm.end()); break;
    case 1:
      if (rank >= 2) std::swap(perm[rank - 2], perm[rank - 1]);
      break;
    default: std::rotate(perm.begin(), perm.begin() + 1, perm.end()); break;
  }
  PlanTensor p;
  p.name = "perm" + std::to_string(plan->tensors.size());
  p.dims = {static_cast<int32_t>(rank)};
  p.role = Role::kConstant;
  p.fixed_type = DataType::kInt64;
  Dims yd;
  for (int64_t v : perm) {
    p.values.push_back(static_cast<double>(v));
    yd.push_back(xd[static_cast<size_t>(v)]);
  }
  plan->tensors.push_back(std::move(p));
  node->inputs = {x, static_cast<uint32_t>(plan->tensors.size() - 1)};
  node->output = AddIntermediate(plan, yd, false);
}

// CONCAT (ops_catalog #7, float graphs) along axis c.kernel % rank, given
// negative when c.stride is odd: the chain tensor joined with an existing
// tensor that agrees on the other dims and has at most 3 slices along the
// axis, or with a fresh input / constant of 1-3 slices (so chains grow
// linearly), in either operand order.
void PlanConcat(Plan* plan, Rng* rng, const GraphNodeChoice& c, uint32_t x, PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const auto rank = static_cast<int64_t>(xd.size());
  const auto at = static_cast<size_t>(c.kernel % rank);
  std::vector<uint32_t> partners;
  for (uint32_t i : UsableOperands(*plan)) {
    const Dims& d = plan->tensors[i].dims;
    bool agree = i != x && d.size() == xd.size() && d[at] <= 3;
    for (size_t k = 0; agree && k < d.size(); ++k) agree = k == at || d[k] == xd[k];
    if (agree) partners.push_back(i);
  }
  uint32_t b;
  if (c.fresh_b == 0 && !partners.empty()) {
    b = partners[partners.size() - 1 - static_cast<size_t>(c.operand_b) % partners.size()];
  } else {
    Dims bd = xd;
    bd[at] = 1 + c.channels % 3;
    b = AddSourceTensor(plan, rng, c.constant_b != 0 ? "c" : "in", c.constant_b != 0 ? Role::kConstant : Role::kInput,
                        bd, 2.0);
  }
  node->inputs = (c.broadcast & 1) != 0 ? std::vector<uint32_t>{b, x} : std::vector<uint32_t>{x, b};
  const auto axis = static_cast<int64_t>(at);
  node->attrs = {Attr::Int64("axis", (c.stride & 1) != 0 ? axis - rank : axis)};
  Dims yd = xd;
  yd[at] += plan->tensors[b].dims[at];
  node->output = AddIntermediate(plan, yd, false);
}

// PAD_FUSION / SLICE_FUSION (data movement) on the chain tensor's last dim n
// with constant int64 windows: PAD CONSTANT 0 with paddings 0..1 before and
// 1 after (dims grow by at most 2 per node); SLICE with axes [-1], begin
// 0..n-1 and size -1 (to the end) or 1.
void PlanWindow(Plan* plan, const GraphNodeChoice& c, uint32_t x, PlanNode* node) {
  const Dims xd = plan->tensors[x].dims;
  const size_t rank = xd.size();
  const int32_t n = xd.back();
  Dims yd = xd;
  std::vector<std::vector<int64_t>> windows;
  std::vector<Dims> window_dims;
  if (node->type == NodeType::PAD_FUSION) {
    std::vector<int64_t> paddings(2 * rank, 0);
    paddings[2 * rank - 2] = c.channels % 2;
    paddings[2 * rank - 1] = 1;
    yd.back() = static_cast<int32_t>(n + paddings[2 * rank - 2] + 1);
    windows = {paddings};
    window_dims = {Dims{static_cast<int32_t>(rank), 2}};
    node->attrs = {Attr::Int8("paddingMode", 0), Attr::Float("constantValue", 0.0f)};
  } else {
    const int64_t begin = c.channels % n;
    const int64_t size = (c.kernel & 1) != 0 ? -1 : 1;
    yd.back() = static_cast<int32_t>(size == -1 ? n - begin : 1);
    windows = {{begin}, {size}};
    window_dims = {Dims{1}, Dims{1}};
    node->attrs = {Attr::Int64s("axes", {-1})};
  }
  node->inputs = {x};
  for (size_t i = 0; i < windows.size(); ++i) {
    PlanTensor w;
    w.name = "window" + std::to_string(plan->tensors.size());
    w.dims = window_dims[i];
    w.role = Role::kConstant;
    w.fixed_type = DataType::kInt64;
    for (int64_t v : windows[i]) w.values.push_back(static_cast<double>(v));
    plan->tensors.push_back(std::move(w));
    node->inputs.push_back(static_cast<uint32_t>(plan->tensors.size() - 1));
  }
  node->output = AddIntermediate(plan, yd, false);
}

void PlanNodeFromChoice(Plan* plan, Rng* rng, const std::vector<UsableSignature>& sigs, const GraphNodeChoice& c) {
  const std::vector<uint32_t> operands = UsableOperands(*plan);
  const uint32_t a = operands[operands.size() - 1 - static_cast<size_t>(c.operand_a) % operands.size()];
  // The chosen signature, or the next one that can read `a` (conv needs rank 4).
  const UsableSignature* use = nullptr;
  for (size_t k = 0; k < sigs.size() && use == nullptr; ++k) {
    const UsableSignature& s = sigs[(static_cast<size_t>(c.op) + k) % sigs.size()];
    if ((s.sig->kind == SigKind::kConv || s.sig->kind == SigKind::kConvTranspose || s.sig->kind == SigKind::kPool) &&
        plan->tensors[a].dims.size() != 4) {
      continue;
    }
    // Dense: MATMUL needs rank 2..6 (C-500), FULL_CONNECTION rank >= 1 with a last dim.
    const size_t rank = plan->tensors[a].dims.size();
    if ((s.sig->kind == SigKind::kTranspose || s.sig->kind == SigKind::kConcat) && rank == 0) continue;
    if (s.sig->kind == SigKind::kDense && (rank < (s.spec->type == NodeType::MATMUL_FUSION ? 2u : 1u) || rank > 6)) {
      continue;
    }
    // Normalize: rank >= 1; INSTANCE_NORM [N, C, D1..] rank >= 3 (C-578); BIAS_ADD rank 2..5 (C-581).
    if (s.sig->kind == SigKind::kNormalize &&
        (rank < 1 || (s.spec->type == NodeType::INSTANCE_NORM && rank < 3) ||
         (s.spec->type == NodeType::BIAS_ADD && (rank < 2 || rank > 5)))) {
      continue;
    }
    // REDUCE_FUSION, SOFTMAX and LOG_SOFTMAX need an axis (C-540, C-545).
    if ((s.sig->kind == SigKind::kReduce || s.sig->kind == SigKind::kSoftmax) && rank == 0) continue;
    if (s.sig->kind == SigKind::kWindow && rank == 0) continue;  // a scalar has no window
    use = &s;
  }
  PlanNode node{use, use->spec->type, {}, {}, 0};
  switch (use->sig->kind) {
    case SigKind::kBinary: PlanBinary(plan, rng, *use, c, a, &node); break;
    case SigKind::kConv: PlanConv(plan, rng, *use, c, a, &node); break;
    case SigKind::kReshape: PlanReshape(plan, c, a, &node); break;
    case SigKind::kReduce: PlanReduce(plan, c, a, &node); break;
    case SigKind::kSoftmax: {
      // One axis of the chain tensor, negative one time in two (C-540).
      const auto rank = static_cast<int64_t>(plan->tensors[a].dims.size());
      const int64_t axis = (c.kernel & 1) != 0 ? c.channels % rank - rank : c.channels % rank;
      node.inputs = {a};
      node.attrs = {use->spec->type == NodeType::SOFTMAX ? Attr::Int64s("axis", {axis}) : Attr::Int64("axis", axis)};
      node.output = AddIntermediate(plan, plan->tensors[a].dims, false);
      break;
    }
    case SigKind::kDense: PlanDense(plan, rng, *use, c, a, &node); break;
    case SigKind::kNormalize: PlanNormalize(plan, rng, *use, c, a, &node); break;
    case SigKind::kWindow: PlanWindow(plan, c, a, &node); break;
    case SigKind::kConvTranspose: PlanConvTranspose(plan, rng, *use, c, a, &node); break;
    case SigKind::kPool: PlanPool(plan, *use, c, a, &node); break;
    case SigKind::kTranspose: PlanTranspose(plan, c, a, &node); break;
    case SigKind::kConcat: PlanConcat(plan, rng, c, a, &node); break;
    case SigKind::kActivation:
      node.inputs = {a};
      node.attrs = {Attr::Int8("activationType", static_cast<int8_t>(use->spec->activation))};
      node.output = AddIntermediate(plan, plan->tensors[a].dims, use->sig->hazard);
      break;
    case SigKind::kNotChainable:  // never offered (UsableSignatures)
    case SigKind::kUnary:
      node.inputs = {a};  // default attributes (EXPFUSION: base e, scale 1, shift 0)
      node.output = AddIntermediate(plan, plan->tensors[a].dims, use->sig->hazard);
      break;
  }
  for (uint32_t in : node.inputs) plan->tensors[in].consumed = true;
  plan->tensors[node.output].extra_output = c.extra_output == 3;
  plan->nodes.push_back(std::move(node));
}

// ---- Materialize -------------------------------------------------------------------------

DataType TensorType(const Plan& plan, const PlanTensor& t, bool shadow) {
  if (t.fixed_type == DataType::kInt64) return DataType::kInt64;
  if (shadow) return DataType::kFloat32;
  if (t.fixed_type != DataType::kUnknown) return t.fixed_type;
  return plan.dtype;
}

// Quantized conv bias codes: round(b / (s_x * s_w)) (quantization_semantics 4.7).
std::vector<uint8_t> BiasCodes(const Plan& plan, const PlanTensor& bias) {
  for (const PlanNode& n : plan.nodes) {
    if (n.inputs.size() < 3 || &plan.tensors[n.inputs[2]] != &bias) continue;
    const double s = plan.tensors[n.inputs[0]].quant.scale * plan.tensors[n.inputs[1]].quant.scale;
    std::vector<uint8_t> bytes(bias.values.size() * 4);
    for (size_t i = 0; i < bias.values.size(); ++i) {
      const double code = std::clamp(std::round(bias.values[i] / s), -2147483648.0, 2147483647.0);
      StoreInt64(DataType::kInt32, bytes.data(), i, static_cast<int64_t>(code));
    }
    return bytes;
  }
  return {};
}

std::vector<uint8_t> TensorBytes(const Plan& plan, const PlanTensor& t, DataType type, bool shadow) {
  if (t.is_bias && plan.quantized && !shadow) return BiasCodes(plan, t);
  std::vector<uint8_t> bytes(t.values.size() * DataTypeSize(type));
  for (size_t i = 0; i < t.values.size(); ++i) {
    if (IsFloatType(type)) {
      StoreDouble(type, bytes.data(), i, t.values[i]);
    } else if (!t.codes.empty()) {
      StoreInt64(type, bytes.data(), i, t.codes[i]);
    } else {
      StoreInt64(type, bytes.data(), i, static_cast<int64_t>(t.values[i]));
    }
  }
  return bytes;
}

// `shadow`: the float32 twin of a quantized plan with every node output a model output.
TestCase Materialize(const Plan& plan, bool shadow) {
  TestCase c;
  c.model.name = "random_graph";
  for (const PlanTensor& pt : plan.tensors) {
    Tensor t;
    t.name = pt.name;
    t.data_type = TensorType(plan, pt, shadow);
    t.dims = pt.dims;
    if (plan.quantized && !shadow && pt.fixed_type == DataType::kUnknown) t.quant_params = {pt.quant};
    if (pt.role == Role::kConstant) t.data = TensorBytes(plan, pt, t.data_type, shadow);
    if (pt.role == Role::kInput) {
      c.model.inputs.push_back(static_cast<uint32_t>(c.model.tensors.size()));
      c.inputs.push_back(NamedTensor{pt.name, t.data_type, pt.dims, TensorBytes(plan, pt, t.data_type, shadow)});
    }
    c.model.tensors.push_back(std::move(t));
  }
  for (size_t i = 0; i < plan.nodes.size(); ++i) {
    const PlanNode& pn = plan.nodes[i];
    Node n;
    n.name = std::string(NodeTypeName(pn.type)) + "_" + std::to_string(i);
    n.type = pn.type;
    n.attrs = pn.attrs;
    n.inputs = pn.inputs;
    n.outputs = {pn.output};
    // ops_catalog 1.2: quantType ALL when the output has quant params.
    n.quant_type = c.model.tensors[pn.output].IsQuantized() ? QuantType::kAll : QuantType::kNone;
    c.model.nodes.push_back(std::move(n));
    const PlanTensor& out = plan.tensors[pn.output];
    if (shadow || !out.consumed || out.extra_output) c.model.outputs.push_back(pn.output);
  }
  return c;
}

// Params covering [lo, hi] (widened to include 0, as TFLite's nudging does).
QuantParam QuantFromRange(DataType dtype, double lo, double hi) {
  const int64_t qmin = QuantMin(dtype), qmax = QuantMax(dtype);
  lo = std::min(lo, 0.0);
  hi = std::max(hi, 0.0);
  if (!(hi - lo > 1e-6)) hi = lo + 1.0;  // an all-zero tensor: any scale works
  QuantParam q;
  q.scale = (hi - lo) / static_cast<double>(qmax - qmin);
  q.zero_point = static_cast<int32_t>(std::clamp<int64_t>(qmin - std::llround(lo / q.scale), qmin, qmax));
  return q;
}

// Step 2 (C-235): every intermediate's params from the real range the
// reference computes on the float32 shadow; RESHAPE, TRANSPOSE, MAX_POOL_FUSION, PAD_FUSION and
// SLICE_FUSION keep their input's params (data movement, quantization_semantics 5.1 first row;
// C-350, C-528, C-600).
Status AssignIntermediateQuant(Plan* plan) {
  const TestCase shadow = Materialize(*plan, /*shadow=*/true);
  std::vector<HostTensor> outputs;
  NNRT_RETURN_IF_ERROR(RunReference(shadow, &outputs).WithContext("float shadow of a quantized graph"));
  for (size_t i = 0; i < plan->nodes.size(); ++i) {
    const PlanNode& n = plan->nodes[i];
    PlanTensor& out = plan->tensors[n.output];
    if (n.type == NodeType::RESHAPE || n.type == NodeType::TRANSPOSE || n.type == NodeType::MAX_POOL_FUSION ||
        n.type == NodeType::PAD_FUSION || n.type == NodeType::SLICE_FUSION) {
      out.quant = plan->tensors[n.inputs[0]].quant;
      continue;
    }
    double lo = 0, hi = 0;
    const HostTensor& o = outputs[i];
    for (size_t k = 0; k < o.bytes.size() / 4; ++k) {
      const double v = LoadAsDouble(DataType::kFloat32, o.bytes.data(), k);
      if (std::isfinite(v)) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
    }
    out.quant = QuantFromRange(plan->dtype, lo, hi);
  }
  return Status::Ok();
}

}  // namespace

// ---- Public API ---------------------------------------------------------------------------

GraphGenOptions GraphGenOptionsFromEnv() {
  GraphGenOptions o;
  if (const char* s = std::getenv("NNRT_CTS_GRAPH_MAX_NODES")) {
    const int v = std::atoi(s);
    if (v > 0) o.max_nodes = std::clamp(v, 2, 40);
  }
  return o;
}

std::vector<DataType> GraphDataTypes() {
  return {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
}

std::vector<std::string> GraphSignatureNames(DataType dtype) {
  std::vector<std::string> names;
  for (const UsableSignature& u : UsableSignatures(dtype)) names.push_back(u.spec->name);
  return names;
}

GraphChoices DrawGraphChoices(const GraphGenOptions& options, const bool* searching) {
  // Choice fields drawn at rapidcheck's nominal size (inRange scales with
  // size), so early cases are not all-zero; they still shrink towards 0.
  const auto field = [](int hi) { return rc::gen::resize(100, rc::gen::inRange(0, hi)); };
  const rc::Gen<GraphNodeChoice> node_gen = rc::gen::build<GraphNodeChoice>(
      rc::gen::set(&GraphNodeChoice::op, field(64)), rc::gen::set(&GraphNodeChoice::operand_a, field(4)),
      rc::gen::set(&GraphNodeChoice::operand_b, field(8)), rc::gen::set(&GraphNodeChoice::fresh_b, field(2)),
      rc::gen::set(&GraphNodeChoice::constant_b, field(2)), rc::gen::set(&GraphNodeChoice::broadcast, field(128)),
      rc::gen::set(&GraphNodeChoice::kernel, field(9)), rc::gen::set(&GraphNodeChoice::stride, field(4)),
      rc::gen::set(&GraphNodeChoice::pad, field(64)), rc::gen::set(&GraphNodeChoice::channels, field(12)),
      rc::gen::set(&GraphNodeChoice::activation, field(12)), rc::gen::set(&GraphNodeChoice::extra_output, field(4)));
  GraphChoices c;
  c.dtype = *rc::gen::elementOf(GraphDataTypes());
  c.base_shape = {*rc::gen::inRange(1, 3), *rc::gen::inRange(1, 6), *rc::gen::inRange(1, 6), *rc::gen::inRange(1, 4)};
  const int min_nodes = std::max(1, options.min_nodes);
  c.nodes = *rc::gen::resize(options.max_nodes, rc::gen::container<std::vector<GraphNodeChoice>>(node_gen));
  // Too few nodes discard the case instead of a suchThat whose predicate
  // depends on `searching`: a suchThat retry drawn while searching is not
  // redrawn once the search has ended, so re-running the failing case would
  // build other choices and shrinking could not reproduce it.
  if (c.nodes.empty() || (*searching && c.nodes.size() < static_cast<size_t>(min_nodes))) {
    RC_DISCARD("fewer node choices than min_nodes");
  }
  c.data_seed = *rc::gen::arbitrary<uint64_t>();
  c.node_types = options.node_types;
  return c;
}

Status BuildGraphCase(const GraphChoices& choices, GeneratedGraph* out) {
  const std::vector<UsableSignature> sigs = UsableSignatures(choices.dtype, choices.node_types);
  if (sigs.empty()) return InvalidInput(std::string("no graph signature for ") + DataTypeName(choices.dtype));
  if (choices.nodes.empty()) return InvalidInput("a graph needs at least one node choice");
  for (int32_t d : choices.base_shape) {
    if (d < 1 || d > 64) return InvalidInput("base shape dims must be in [1, 64]");
  }
  Plan plan{choices.dtype, IsQuantizedType(choices.dtype), {}, {}};
  Rng rng(choices.data_seed);
  AddSourceTensor(&plan, &rng, "in", Role::kInput, choices.base_shape, 2.0);
  for (const GraphNodeChoice& c : choices.nodes) PlanNodeFromChoice(&plan, &rng, sigs, c);
  if (plan.quantized) NNRT_RETURN_IF_ERROR(AssignIntermediateQuant(&plan));
  *out = GeneratedGraph();
  out->test_case = Materialize(plan, /*shadow=*/false);
  out->dtype = choices.dtype;
  out->quantized = plan.quantized;
  for (const PlanNode& n : plan.nodes) out->node_specs.push_back(n.use->spec->name);
  for (uint32_t i = 0; i < plan.tensors.size(); ++i) {
    if (plan.tensors[i].hazard) out->hazard_tensors.push_back(i);
  }
  return Status::Ok();
}

// ---- The property ------------------------------------------------------------------------

namespace {

std::string GraphColumn(const GeneratedGraph& g) {
  std::string label = DataTypeName(g.dtype);
  if (g.quantized) label += "(q)";
  if (g.config.enable_float16) label += "+fp16cfg";
  return label;
}

std::string NodeList(const GeneratedGraph& g) {
  std::string s;
  for (const std::string& n : g.node_specs) s += (s.empty() ? "" : ",") + n;
  return s;
}

struct GraphFailure {
  bool present = false;
  size_t first_nodes = 0;  // size of the first failing graph, before shrinking
  GeneratedGraph graph;
  CaseOutcome outcome;
};

}  // namespace

PropertyResult RunGraphProperty(const Candidate& candidate, const PropertyOptions& options,
                                const GraphGenOptions& graph_options) {
  PropertyResult result;
  bool searching = true;
  GraphFailure last_failure;
  const RunOptions run_options = RunOptionsFor(options);

  auto property = [&]() {
    const GraphChoices choices = DrawGraphChoices(graph_options, &searching);
    GeneratedGraph g;
    Status st = BuildGraphCase(choices, &g);
    if (!st.ok()) {
      throw rc::detail::CaseResult(rc::detail::CaseResult::Type::Failure,
                                   "graph generator error: " + st.ToString());
    }
    // enableFloat16 on a quarter of the float32 graphs when the driver offers it.
    if (g.dtype == DataType::kFloat32 && candidate.float16_supported) {
      g.config.enable_float16 = *rc::gen::inRange(0, 4) == 0;
    }
    if (RunBudgetExhausted()) {  // C-264: not started
      if (searching) {
        AddSkippedCases(1);
        ++result.skipped;
      }
      return;
    }
    RunOptions case_options = run_options;
    case_options.timeout_seconds = CaseTimeoutWithinBudget(run_options.timeout_seconds);
    const CaseOutcome o = RunCase(candidate, g.test_case, g.config, case_options);
    if (searching) {
      Counts& counts = result.coverage[{"GRAPH", GraphColumn(g)}];
      if (o.verdict == Verdict::kPass) ++counts.passed;
      if (o.verdict == Verdict::kFail || o.verdict == Verdict::kInvalidCase) ++counts.failed;
      if (o.verdict == Verdict::kUnsupported) ++counts.unsupported;
    }
    if (o.verdict == Verdict::kFail || o.verdict == Verdict::kInvalidCase) {
      if (searching) last_failure.first_nodes = g.node_specs.size();
      searching = false;
      last_failure.present = true;
      last_failure.graph = g;
      last_failure.outcome = o;
      throw rc::detail::CaseResult(
          rc::detail::CaseResult::Type::Failure,
          (o.verdict == Verdict::kInvalidCase ? "generator produced a graph the reference rejects: " : "") +
              o.message + " [" + std::to_string(g.node_specs.size()) + " nodes: " + NodeList(g) + "]");
    }
  };

  std::string report;
  if (CheckSeededProperty(property, "GRAPH", "random multi-node graphs", options, &report)) return result;

  result.passed = false;
  std::ostringstream os;
  os << "GRAPH: property failed (rapidcheck seed " << options.seed << ", " << options.cases << " cases, up to "
     << graph_options.max_nodes << " nodes" << (options.mode == CompareMode::kStrict ? ", strict mode" : "")
     << ", driver " << candidate.path << ")\n";
  os << report;
  if (last_failure.present) {
    const GeneratedGraph& g = last_failure.graph;
    const std::string stem = "GRAPH_seed" + std::to_string(options.seed);
    const std::string replay = ReplayCommand(options, stem, candidate.path);
    const std::vector<std::pair<std::string, std::string>> meta = {
        {"cts.spec", "GRAPH"},
        {"cts.graph.nodes", std::to_string(g.node_specs.size())},
        {"cts.graph.first_failure_nodes", std::to_string(last_failure.first_nodes)},
        {"cts.graph.node_specs", NodeList(g)},
        {"cts.graph.dtype", GraphColumn(g)},
        {"cts.seed", std::to_string(options.seed)},
        {"cts.cases", std::to_string(options.cases)},
        {"cts.driver", candidate.path},
        {"cts.mode", options.mode == CompareMode::kStrict ? "strict" : "conformance"},
        {"cts.replay", replay},
    };
    if (WritePropertyCounterexample(g.test_case, g.config, last_failure.outcome, meta, options, stem, replay, &result,
                                    &os)) {
      os << "\nshrunk graph: " << g.node_specs.size() << " nodes (" << NodeList(g) << "), first failing graph "
         << last_failure.first_nodes << " nodes";
      os << "\ncounterexample written to " << result.case_file << "\nreplay with: " << replay;
    }
  }
  result.message = os.str();
  return result;
}

}  // namespace cts
}  // namespace nnrt
