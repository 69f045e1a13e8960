// Builder::DefineBinaryMath (MAXIMUM, MINIMUM, SQUARED_DIFFERENCE), the
// LEAKY_RELU node type and SOFTMAX, float32, onto XNNPACK's maximum2 /
// minimum2 / squared_difference / leaky_relu / softmax.
#include <string>

#include "cts_driver/drivers/xnnpack/xnnpack_builder.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace xnnpack_driver {

namespace {

bool Float32(const Tensor& t) { return t.data_type == DataType::kFloat32 && !t.IsQuantized(); }

}  // namespace

// Numpy broadcasting is XNNPACK's too. Float32 only: this XNNPACK's maximum /
// minimum / squared difference have no quantized forms, and NNRt requantizes
// MAXIMUM / MINIMUM (C-689). NaN, signed zeros and subnormals are restored by
// the special-value recompute (nan_repair.h).
Status Builder::DefineBinaryMath(uint32_t index) {
  const Node& n = m_.nodes[index];
  const std::string label = NodeLabel(m_, index);
  if (n.inputs.size() != 2 || n.outputs.size() != 1) return Unsupported(label + ": needs 2 inputs, 1 output");
  if (!Float32(T(n.inputs[0])) || !Float32(T(n.inputs[1])) || !Float32(T(n.outputs[0]))) {
    return Unsupported(label + ": float32 only");
  }
  if (dims_[n.inputs[0]].size() > XNN_MAX_TENSOR_DIMS || dims_[n.inputs[1]].size() > XNN_MAX_TENSOR_DIMS) {
    return Unsupported(label + ": rank above XNNPACK's limit");
  }
  uint32_t ia, ib, iy;
  NNRT_RETURN_IF_ERROR(Value(n.inputs[0], &ia));
  NNRT_RETURN_IF_ERROR(Value(n.inputs[1], &ib));
  NNRT_RETURN_IF_ERROR(Value(n.outputs[0], &iy));
  xnn_status s;
  if (n.type == NodeType::MAXIMUM) s = xnn_define_maximum2(subgraph_, ia, ib, iy, 0);
  else if (n.type == NodeType::MINIMUM) s = xnn_define_minimum2(subgraph_, ia, ib, iy, 0);
  else s = xnn_define_squared_difference(subgraph_, ia, ib, iy, 0);
  return s == xnn_status_success ? Status::Ok() : XnnError(label, s);
}

// LEAKY_RELU node type (76): x < 0 ? negativeSlope * x : x, float32.
Status Builder::DefineLeakyRelu(uint32_t index) {
  const Node& n = m_.nodes[index];
  const std::string label = NodeLabel(m_, index);
  if (n.inputs.size() != 1 || n.outputs.size() != 1) return Unsupported(label + ": needs 1 input, 1 output");
  if (!Float32(T(n.inputs[0])) || !Float32(T(n.outputs[0]))) return Unsupported(label + ": float32 only");
  uint32_t ix, iy;
  NNRT_RETURN_IF_ERROR(Value(n.inputs[0], &ix));
  NNRT_RETURN_IF_ERROR(Value(n.outputs[0], &iy));
  const xnn_status s = xnn_define_leaky_relu(subgraph_, FloatAttr(n, "negativeSlope"), ix, iy, 0);
  return s == xnn_status_success ? Status::Ok() : XnnError(label, s);
}

// SOFTMAX over the last axis (XNNPACK normalises the innermost dim), float32.
// Other axes would need transposes around it and are declined.
Status Builder::DefineSoftmax(uint32_t index) {
  const Node& n = m_.nodes[index];
  const std::string label = NodeLabel(m_, index);
  if (n.inputs.size() != 1 || n.outputs.size() != 1) return Unsupported(label + ": needs 1 input, 1 output");
  if (!Float32(T(n.inputs[0])) || !Float32(T(n.outputs[0]))) return Unsupported(label + ": float32 only");
  const auto rank = static_cast<int64_t>(dims_[n.inputs[0]].size());
  const std::vector<int64_t> axes = GetIntsAttr(n, "axis");
  if (rank < 1 || rank > XNN_MAX_TENSOR_DIMS) return Unsupported(label + ": rank 1.." + std::to_string(XNN_MAX_TENSOR_DIMS));
  if (axes.size() > 1 || (axes.size() == 1 && axes[0] != rank - 1 && axes[0] != -1)) {
    return Unsupported(label + ": softmax over an axis other than the last");
  }
  uint32_t ix, iy;
  NNRT_RETURN_IF_ERROR(Value(n.inputs[0], &ix));
  NNRT_RETURN_IF_ERROR(Value(n.outputs[0], &iy));
  const xnn_status s = xnn_define_softmax(subgraph_, ix, iy, 0);
  return s == xnn_status_success ? Status::Ok() : XnnError(label, s);
}

}  // namespace xnnpack_driver
}  // namespace nnrt
