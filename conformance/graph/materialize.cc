// Step 2 and 3 of a random graph (graph_generator.cc): the quantized
// intermediates' params from a float32 shadow run, and the plan as a TestCase.
#include <algorithm>
#include <cmath>

#include "conformance/graph/plan.h"
#include "conformance/node_spec.h"
#include "conformance/runner.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace graph_plan {
namespace {

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

}  // namespace

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
      c.inputs.push_back(HostTensor{pt.name, t.data_type, pt.dims, TensorBytes(plan, pt, t.data_type, shadow)});
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
    n.outputs = NodeOutputs(pn);
    // ops_catalog 1.2: quantType ALL when the output has quant params.
    n.quant_type = c.model.tensors[pn.output].IsQuantized() ? QuantType::kAll : QuantType::kNone;
    c.model.nodes.push_back(std::move(n));
    for (uint32_t o : NodeOutputs(pn)) {
      const PlanTensor& out = plan.tensors[o];
      if (shadow || !out.consumed || out.extra_output) c.model.outputs.push_back(o);
    }
  }
  return c;
}

namespace {

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
// reference computes on the float32 shadow; the data movement node types whose spec says
// keeps_input_quant (RESHAPE, TRANSPOSE, MAX_POOL_FUSION, ...) keep their input's params
// (docs/quantization.md; C-350, C-528, C-600, C-644).
bool KeepsInputQuant(NodeType t) {
  const NodeSpec* spec = FirstNodeSpecOf(t);
  return spec != nullptr && spec->keeps_input_quant;
}

// `shadow_out`: the output's float32 values in the shadow graph.
void AssignOutputQuant(Plan* plan, const PlanNode& n, uint32_t output, const HostTensor& shadow_out) {
  PlanTensor& out = plan->tensors[output];
  if (KeepsInputQuant(n.type)) {
    out.quant = plan->tensors[n.inputs[0]].quant;
    return;
  }
  double lo = 0, hi = 0;
  for (size_t k = 0; k < shadow_out.data.size() / 4; ++k) {
    const double v = LoadAsDouble(DataType::kFloat32, shadow_out.data.data(), k);
    if (std::isfinite(v)) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  out.quant = QuantFromRange(plan->dtype, lo, hi);
}

}  // namespace

Status AssignIntermediateQuant(Plan* plan) {
  const TestCase shadow = Materialize(*plan, /*shadow=*/true);
  std::vector<HostTensor> outputs;
  NNRT_RETURN_IF_ERROR(RunReference(shadow, &outputs).WithContext("float shadow of a quantized graph"));
  size_t next = 0;  // the shadow's outputs are the nodes' outputs in order
  for (const PlanNode& n : plan->nodes) {
    for (uint32_t t : NodeOutputs(n)) AssignOutputQuant(plan, n, t, outputs[next++]);
  }
  return Status::Ok();
}

}  // namespace graph_plan
}  // namespace cts
}  // namespace nnrt
