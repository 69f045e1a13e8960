// The reference side of a case (runner.h): the case's inputs, the reference
// interpreter's outputs, the per-element information the comparator needs
// (TOSA bounds mode) and the tolerance row of each output.
#include "conformance/runner.h"

#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

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

// Input k of node n as doubles (float tensors with known data; else empty).
std::vector<double> FloatInput(const TestCase& c, const Node& n, size_t k) {
  if (k >= n.inputs.size()) return {};
  const Tensor& t = c.model.tensors[n.inputs[k]];
  const std::vector<uint8_t>* data = TensorData(c, n.inputs[k]);
  if (data == nullptr || !IsFloatType(t.data_type)) return {};
  std::vector<double> v(data->size() / DataTypeSize(t.data_type));
  for (size_t i = 0; i < v.size(); ++i) v[i] = LoadAsDouble(t.data_type, data->data(), i);
  return v;
}

// The dims tensor `index` has in this case: its declared dims, or those of
// the bound input when the model declares -1 (dynamic-shape mode).
Dims ActualDims(const TestCase& c, uint32_t index) {
  const Tensor& t = c.model.tensors[index];
  if (!IsDynamic(t.dims)) return t.dims;
  for (const NamedTensor& n : c.inputs) {
    if (n.name == t.name) return n.dims;
  }
  return t.dims;
}

int64_t DimsProduct(const Dims& d, size_t from) {
  int64_t p = 1;
  for (size_t i = from; i < d.size(); ++i) p *= d[i];
  return p;
}

// Normalisation bound (docs/conformance.md "Normalisation bound"): per element
// m = |g|·(A/σ + 2·|x̂|·Q/σ²) + |g·x̂| + |b| with A = mean |x|, Q = mean x² of
// the row and σ² = variance + epsilon; ksb = row length + 4. A row of zeros
// has no error term (x − mean is exactly 0 everywhere); σ = 0 otherwise
// (constant row, epsilon 0) sets no requirement.
Status RowNormAux(const TestCase& c, const Node& n, ReferenceAux* aux) {
  const std::vector<double> x = FloatInput(c, n, 0), g = FloatInput(c, n, 1), b = FloatInput(c, n, 2);
  const Dims xd = ActualDims(c, n.inputs[0]);
  if (x.empty() || g.empty() || b.empty() || xd.empty() || IsDynamic(xd)) return Status::Ok();
  const auto rank = static_cast<int64_t>(xd.size());
  const bool layer = n.type == NodeType::LAYER_NORM_FUSION;
  auto axis = [&](const char* name) {
    const int64_t a = GetIntAttr(n, name, 1);
    return static_cast<size_t>(a < 0 ? a + rank : a);
  };
  const int64_t row = layer ? DimsProduct(xd, axis("beginNormAxis")) : DimsProduct(xd, 2);
  const int64_t params = layer ? DimsProduct(xd, axis("beginParamsAxis")) : 1;
  const bool affine = !layer || GetBoolAttr(n, "elementwiseAffine", true);
  const double eps = GetFloatAttr(n, "epsilon", layer ? 1e-7f : 0.0f);
  if (row <= 0 || x.size() % static_cast<size_t>(row) != 0) return Status::Ok();
  aux->dot_terms = row + 4;
  aux->magnitude.assign(x.size(), 0.0);
  for (size_t r = 0; r < x.size() / static_cast<size_t>(row); ++r) {
    const size_t base = r * static_cast<size_t>(row);
    double sum = 0, abs_sum = 0, sq_sum = 0;
    for (size_t j = 0; j < static_cast<size_t>(row); ++j) sum += x[base + j];
    const double mean = sum / static_cast<double>(row);
    double var = 0;
    for (size_t j = 0; j < static_cast<size_t>(row); ++j) {
      abs_sum += std::fabs(x[base + j]);
      sq_sum += x[base + j] * x[base + j];
      var += (x[base + j] - mean) * (x[base + j] - mean);
    }
    const double s2 = var / static_cast<double>(row) + eps;
    const double a_mean = abs_sum / static_cast<double>(row), q_mean = sq_sum / static_cast<double>(row);
    const double a_term = a_mean == 0 ? 0.0 : (s2 == 0 ? INFINITY : a_mean / std::sqrt(s2));
    const double q_term = a_mean == 0 || s2 == 0 ? 0.0 : q_mean / s2;
    for (size_t j = 0; j < static_cast<size_t>(row); ++j) {
      const size_t i = base + j;
      const size_t k = layer ? i % static_cast<size_t>(params) : r % g.size();
      const double gi = affine ? g[k % g.size()] : 1.0, bi = affine ? b[k % b.size()] : 0.0;
      const double xh = s2 == 0 ? 0.0 : (x[i] - mean) / std::sqrt(s2);
      aux->magnitude[i] = std::fabs(gi) * (a_term + 2 * std::fabs(xh) * q_term) + std::fabs(gi * xh) + std::fabs(bi);
    }
  }
  return Status::Ok();
}

// FUSED_BATCH_NORM: m = |scale|·(|x| + |mean|)/σ + |offset| per element
// (σ² = variance + epsilon of the channel), ksb = 4 (docs/conformance.md).
Status BatchNormAux(const TestCase& c, const Node& n, ReferenceAux* aux) {
  const std::vector<double> x = FloatInput(c, n, 0), scale = FloatInput(c, n, 1), offset = FloatInput(c, n, 2),
                            mean = FloatInput(c, n, 3), var = FloatInput(c, n, 4);
  if (x.empty() || scale.empty() || scale.size() != offset.size() || scale.size() != mean.size() ||
      scale.size() != var.size()) {
    return Status::Ok();
  }
  const double eps = GetFloatAttr(n, "epsilon", 1e-4f);
  aux->dot_terms = 4;
  aux->magnitude.resize(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const size_t ch = i % scale.size();
    const double sigma = std::sqrt(var[ch] + eps);
    aux->magnitude[i] = std::fabs(scale[ch]) * (std::fabs(x[i]) + std::fabs(mean[ch])) / sigma + std::fabs(offset[ch]);
  }
  return Status::Ok();
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
    case NodeType::LAYER_NORM_FUSION:
    case NodeType::INSTANCE_NORM:
      if (want_magnitude && node->inputs.size() >= 3) return RowNormAux(c, *node, aux);
      return Status::Ok();
    case NodeType::FUSED_BATCH_NORM:
      if (want_magnitude && node->inputs.size() >= 5) return BatchNormAux(c, *node, aux);
      return Status::Ok();
    case NodeType::L2_NORMALIZE_FUSION: {
      // ksb = group size + 4; m = |y| from the bounds-mode run on |x| (docs/conformance.md).
      if (node->inputs.empty()) return Status::Ok();
      const Dims xd = ActualDims(c, node->inputs[0]);
      const std::vector<int64_t> axes = GetIntsAttr(*node, "axis");
      int64_t n = axes.empty() ? DimsProduct(xd, 0) : 1;
      for (int64_t a : axes) {
        const int64_t k = a < 0 ? a + static_cast<int64_t>(xd.size()) : a;
        if (k >= 0 && k < static_cast<int64_t>(xd.size())) n *= xd[static_cast<size_t>(k)];
      }
      aux->dot_terms = n + 4;
      if (want_magnitude) return RunBoundsModel(c, output_index, &aux->magnitude);
      return Status::Ok();
    }
    case NodeType::SCALE_FUSION:
      aux->dot_terms = 2;  // x·scale + bias (docs/conformance.md)
      if (want_magnitude) return RunBoundsModel(c, output_index, &aux->magnitude);
      return Status::Ok();
    case NodeType::BIAS_ADD:
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
