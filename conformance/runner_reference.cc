// The reference side of a case (runner.h): the case's inputs, the reference
// interpreter's outputs, the per-element information the comparator needs
// (TOSA bounds mode) and the tolerance row of each output.
#include "conformance/runner.h"

#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "conformance/accumulation_bounds.h"
#include "reference/device/interpreter.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/op_def.h"

namespace nnrt {
namespace cts {

// ---- Reference side ---------------------------------------------------------------

Status CaseInputs(const TestCase& c, std::vector<HostTensor>* inputs) {
  inputs->clear();
  for (uint32_t index : c.model.inputs) {
    if (index >= c.model.tensors.size()) return InvalidModel("model input index out of range");
    const Tensor& t = c.model.tensors[index];
    const NamedTensor* bound = nullptr;
    for (const NamedTensor& n : c.inputs) {
      if (n.name == t.name) bound = &n;
    }
    if (bound == nullptr) return InvalidInput("the case has no data for model input '" + t.name + "'");
    inputs->push_back(HostTensor{bound->name, bound->data_type, bound->dims, bound->data});
  }
  return Status::Ok();
}

Status RunReference(const TestCase& c, std::vector<HostTensor>* outputs) {
  std::vector<HostTensor> inputs;
  NNRT_RETURN_IF_ERROR(CaseInputs(c, &inputs));
  std::unique_ptr<PreparedInterpreter> prepared;
  NNRT_RETURN_IF_ERROR(PrepareInterpreter(c.model, &prepared));
  return prepared->Run(inputs, outputs);
}

namespace {

// The node writing model output `output_index` (nullptr when none does).
const Node* ProducerOf(const Model& m, size_t output_index) {
  if (output_index >= m.outputs.size()) return nullptr;
  const uint32_t tensor = m.outputs[output_index];
  for (const Node& n : m.nodes) {
    for (uint32_t o : n.outputs) {
      if (o == tensor) return &n;
    }
  }
  return nullptr;
}

ActivationType ActivationOf(const Node& n) {
  if (n.type != NodeType::ACTIVATION) return ActivationType::kNone;
  return static_cast<ActivationType>(GetIntAttr(n, "activationType", 0));
}

// The data of tensor `index`: constant data, or the case's bound input.
const std::vector<uint8_t>* TensorData(const TestCase& c, uint32_t index) {
  const Tensor& t = c.model.tensors[index];
  if (t.HasData()) return &t.data;
  for (const NamedTensor& n : c.inputs) {
    if (n.name == t.name) return &n.data;
  }
  return nullptr;
}

std::vector<uint8_t> AbsAsFloat32(DataType dtype, const std::vector<uint8_t>& bytes) {
  const size_t n = bytes.size() / DataTypeSize(dtype);
  std::vector<uint8_t> out(n * 4);
  for (size_t i = 0; i < n; ++i) StoreDouble(DataType::kFloat32, out.data(), i, std::fabs(LoadAsDouble(dtype, bytes.data(), i)));
  return out;
}

// TOSA "bounds mode": the same node on |inputs| in float32, without the fused
// activation, with SUB as ADD, so every output is sum(|terms|).
Status RunBoundsModel(const TestCase& c, size_t output_index, std::vector<double>* magnitude) {
  TestCase b = c;
  for (Tensor& t : b.model.tensors) {
    if (!IsFloatType(t.data_type)) continue;
    if (t.HasData()) t.data = AbsAsFloat32(t.data_type, t.data);
    t.data_type = DataType::kFloat32;
  }
  for (NamedTensor& n : b.inputs) {
    if (!IsFloatType(n.data_type)) continue;
    n.data = AbsAsFloat32(n.data_type, n.data);
    n.data_type = DataType::kFloat32;
  }
  for (Node& n : b.model.nodes) {
    if (n.type == NodeType::SUB_FUSION) n.type = NodeType::ADD_FUSION;
    for (Attr& a : n.attrs) {
      if (a.name == "activationType" && n.type != NodeType::ACTIVATION) a.ints = {0};
    }
  }
  std::vector<HostTensor> outputs;
  Status st = RunReference(b, &outputs);
  if (!st.ok()) return st.WithContext("reference bounds run");
  if (output_index >= outputs.size()) return InvalidModel("bounds run produced too few outputs");
  const HostTensor& o = outputs[output_index];
  const size_t n = o.bytes.size() / 4;
  magnitude->resize(n);
  for (size_t i = 0; i < n; ++i) (*magnitude)[i] = LoadAsDouble(DataType::kFloat32, o.bytes.data(), i);
  return Status::Ok();
}

// SOFTMAX / LOG_SOFTMAX / REDUCE_FUSION: magnitudes from the float input
// values (and the axis values) by the bounds of accumulation_bounds.h.
Status AccumulationAux(const TestCase& c, const Node& node, size_t output_index, ReferenceAux* aux) {
  if (node.inputs.empty() || output_index >= c.model.outputs.size()) return Status::Ok();
  const uint32_t in = node.inputs[0];
  const Tensor& t = c.model.tensors[in];
  const std::vector<uint8_t>* data = TensorData(c, in);
  if (data == nullptr || !IsFloatType(t.data_type)) return Status::Ok();
  Dims dims = t.dims;
  for (const NamedTensor& n : c.inputs) {
    if (!t.HasData() && n.name == t.name) dims = n.dims;
  }
  std::vector<double> x(data->size() / DataTypeSize(t.data_type));
  for (size_t i = 0; i < x.size(); ++i) x[i] = LoadAsDouble(t.data_type, data->data(), i);
  if (node.type != NodeType::REDUCE_FUSION) return SoftmaxBounds(node, dims, x, aux);
  if (node.inputs.size() < 2) return Status::Ok();
  const Tensor& axes_tensor = c.model.tensors[node.inputs[1]];
  const std::vector<uint8_t>* axes_data = TensorData(c, node.inputs[1]);
  if (axes_data == nullptr || !IsIntegerType(axes_tensor.data_type)) return Status::Ok();
  std::vector<int64_t> axes(axes_data->size() / DataTypeSize(axes_tensor.data_type));
  for (size_t i = 0; i < axes.size(); ++i) axes[i] = LoadAsInt64(axes_tensor.data_type, axes_data->data(), i);
  const DataType out_type = c.model.tensors[c.model.outputs[output_index]].data_type;
  return ReduceBounds(node, dims, x, axes, out_type, aux);
}

}  // namespace

Status ComputeReferenceAux(const TestCase& c, size_t output_index, bool want_magnitude, ReferenceAux* aux) {
  *aux = ReferenceAux();
  // Multi-node graphs use the whole-graph rows, which need no per-node aux (C-232).
  if (c.model.nodes.size() > 1) return Status::Ok();
  const Node* node = ProducerOf(c.model, output_index);
  if (node == nullptr) return Status::Ok();
  switch (node->type) {
    // Element-wise unary ops: the bound reads the op input x (unary math).
    case NodeType::EXPFUSION:
    case NodeType::LOG:
    case NodeType::SIN:
    case NodeType::COS:
    case NodeType::ACTIVATION: {
      if (node->inputs.empty()) return Status::Ok();
      const uint32_t in = node->inputs[0];
      const std::vector<uint8_t>* data = TensorData(c, in);
      const DataType dt = c.model.tensors[in].data_type;
      if (data == nullptr || !IsFloatType(dt)) return Status::Ok();
      const size_t n = data->size() / DataTypeSize(dt);
      aux->input_x.resize(n);
      aux->magnitude.resize(n);
      for (size_t i = 0; i < n; ++i) {
        aux->input_x[i] = LoadAsDouble(dt, data->data(), i);
        aux->magnitude[i] = std::fabs(aux->input_x[i]);
      }
      return Status::Ok();
    }
    case NodeType::CONV2D_FUSION:
    case NodeType::CONV2D_TRANSPOSE_FUSION: {
      // Terms per output: at most kH * kW * inC/group taps (+1 bias); fewer reach a
      // transposed-conv output when stride > 1, so the bound is an upper one.
      if (node->inputs.size() >= 2) {
        const Dims& w = c.model.tensors[node->inputs[1]].dims;
        if (w.size() == 4) aux->dot_terms = int64_t{w[1]} * w[2] * w[3] + (node->inputs.size() > 2 ? 1 : 0);
      }
      if (want_magnitude) return RunBoundsModel(c, output_index, &aux->magnitude);
      return Status::Ok();
    }
    case NodeType::MATMUL_FUSION:
    case NodeType::FULL_CONNECTION: {
      // Terms per output: K (MATMUL: a's reduction dim; FULL_CONNECTION: weight dim 1), + 1 for a bias.
      if (node->inputs.size() >= 2) {
        const Node& n = *node;
        const Dims& a = c.model.tensors[n.inputs[0]].dims;
        const Dims& w = c.model.tensors[n.inputs[1]].dims;
        if (n.type == NodeType::FULL_CONNECTION && w.size() == 2) {
          aux->dot_terms = int64_t{w[1]} + (n.inputs.size() > 2 ? 1 : 0);
        } else if (n.type == NodeType::MATMUL_FUSION && a.size() >= 2) {
          aux->dot_terms = GetBoolAttr(n, "transposeA", false) ? a[a.size() - 2] : a[a.size() - 1];
        }
      }
      if (want_magnitude) return RunBoundsModel(c, output_index, &aux->magnitude);
      return Status::Ok();
    }
    case NodeType::SOFTMAX:
    case NodeType::LOG_SOFTMAX:
    case NodeType::REDUCE_FUSION:
      return AccumulationAux(c, *node, output_index, aux);
    case NodeType::ADD_FUSION:
    case NodeType::SUB_FUSION:
    case NodeType::MUL_FUSION:
    case NodeType::DIV_FUSION:
      if (want_magnitude) return RunBoundsModel(c, output_index, &aux->magnitude);
      return Status::Ok();
    default:
      return Status::Ok();
  }
}

Tolerance ToleranceForCase(const TestCase& c, size_t output_index, const ModelConfig& config, CompareMode mode) {
  // C-232: an output of a multi-node model gets the whole-graph row (the
  // same rule on a replay, so a graph counterexample replays as it failed).
  if (c.model.nodes.size() > 1 && output_index < c.model.outputs.size() &&
      c.model.outputs[output_index] < c.model.tensors.size()) {
    const Tensor& t = c.model.tensors[c.model.outputs[output_index]];
    return LookupGraphTolerance(t.data_type, t.IsQuantized(), config.enable_float16, mode);
  }
  ToleranceKey key;
  const Node* node = ProducerOf(c.model, output_index);
  if (node != nullptr) {
    key.node_type = node->type;
    key.activation = ActivationOf(*node);
  }
  if (output_index < c.model.outputs.size() && c.model.outputs[output_index] < c.model.tensors.size()) {
    const Tensor& t = c.model.tensors[c.model.outputs[output_index]];
    key.dtype = t.data_type;
    key.quantized = t.IsQuantized();
  }
  key.enable_float16 = config.enable_float16;
  key.mode = mode;
  return LookupTolerance(key);
}

}  // namespace cts
}  // namespace nnrt
