// Builder::Value, DefineNode (arithmetic, unary, RESHAPE) and DefineActivation.
#include "cts_driver/drivers/xnnpack/xnnpack_builder.h"

#include <cmath>
#include <limits>
#include <string>

#include "reference/ops/elementwise/activation.h"
#include "reference/ops/nn/conv2d.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace xnnpack_driver {

// A plain value: float32, or int8 / uint8 with one quant param.
Status Builder::Value(uint32_t t, uint32_t* id) {
  auto found = values_.find(t);
  if (found != values_.end()) {
    *id = found->second;
    return Status::Ok();
  }
  const Tensor& tensor = T(t);
  for (int32_t d : dims_[t]) {
    if (d <= 0) return Unsupported("tensor " + std::to_string(t) + " has dims " + DimsToString(dims_[t]));
  }
  uint32_t ext = XNN_INVALID_VALUE_ID, flags = 0;
  const void* data = nullptr;
  auto e = external_.find(t);
  if (e != external_.end()) {
    ext = e->second.first;
    flags = e->second.second;
  } else if (tensor.HasData()) {
    data = Static(tensor.data);
  }
  const std::vector<size_t> shape = Shape(t);
  xnn_status s;
  if (tensor.data_type == DataType::kFloat32 && !tensor.IsQuantized()) {
    s = xnn_define_tensor_value(subgraph_, xnn_datatype_fp32, shape.size(), shape.data(), data, ext, flags, id);
  } else if ((tensor.data_type == DataType::kInt8 || tensor.data_type == DataType::kUint8) &&
             tensor.quant_params.size() == 1 && tensor.quant_params[0].num_bits == 8) {
    const QuantParam& q = tensor.quant_params[0];
    const xnn_datatype dt = tensor.data_type == DataType::kInt8 ? xnn_datatype_qint8 : xnn_datatype_quint8;
    s = xnn_define_quantized_tensor_value(subgraph_, dt, q.zero_point, static_cast<float>(q.scale), shape.size(),
                                          shape.data(), data, ext, flags, id);
  } else {
    return Unsupported("tensor " + std::to_string(t) + ": " + DataTypeName(tensor.data_type) +
                       (tensor.IsQuantized() ? " with " + std::to_string(tensor.quant_params.size()) + " quant params"
                                             : std::string(" (not quantized)")) +
                       " has no XNNPACK datatype here");
  }
  if (s != xnn_status_success) return XnnError("tensor " + std::to_string(t), s);
  values_[t] = *id;
  return Status::Ok();
}

namespace {

// XNNPACK's quantized add / subtract / multiply requantize in fixed point
// with round-half-up; NNRt rounds half away from zero (docs/quantization.md).
// They differ exactly on ties of negative values, which occur (systematically,
// failing the rounding-bias test of C-431) only when a requantization
// multiplier is a dyadic rational, not an integer: s_a/s_y or s_b/s_y for ADD/SUB,
// s_a*s_b/s_y for MUL. Such nodes are declined instead of run wrongly.
// (An integer multiplier contributes only integers, so it creates no tie.)
bool Dyadic(double m) {
  const double scaled = std::ldexp(m, 24);
  return std::isfinite(scaled) && scaled == std::floor(scaled) && m != std::floor(m);
}

bool TiesPossible(NodeType type, const Tensor& a, const Tensor& b, const Tensor& y) {
  const double sa = a.quant_params[0].scale, sb = b.quant_params[0].scale, sy = y.quant_params[0].scale;
  if (type == NodeType::MUL_FUSION) return Dyadic(sa * sb / sy);
  return Dyadic(sa / sy) || Dyadic(sb / sy);
}


}  // namespace

Status FusedBounds(const Node& node, float* lo, float* hi) {
  ActivationType act = ActivationType::kNone;
  NNRT_RETURN_IF_ERROR(ReadFusedActivation(node, &act));
  switch (act) {
    case ActivationType::kNone: *lo = -kInf; *hi = kInf; return Status::Ok();
    case ActivationType::kRelu: *lo = 0.0f; *hi = kInf; return Status::Ok();
    case ActivationType::kRelu6: *lo = 0.0f; *hi = 6.0f; return Status::Ok();
    default: return Unsupported("fused activation " + std::to_string(static_cast<int>(act)) + " has no XNNPACK clamp");
  }
}

OpContext Builder::Context(uint32_t index) const {
  const Node& n = m_.nodes[index];
  OpContext ctx;
  ctx.node = &n;
  for (uint32_t t : n.inputs) {
    TensorArg a;
    a.decl = &T(t);
    a.dims = dims_[t];
    a.data = T(t).HasData() ? T(t).data.data() : nullptr;
    ctx.inputs.push_back(a);
  }
  for (uint32_t t : n.outputs) {
    TensorArg o;
    o.decl = &T(t);
    o.dims = dims_[t];
    ctx.outputs.push_back(o);
  }
  return ctx;
}

Status Builder::DefineNode(uint32_t index) {
  const Node& n = m_.nodes[index];
  const std::string label = NodeLabel(m_, index);
  auto in_float = [&](uint32_t t) { return T(t).data_type == DataType::kFloat32 && !T(t).IsQuantized(); };
  switch (n.type) {
    case NodeType::ADD_FUSION:
    case NodeType::SUB_FUSION:
    case NodeType::MUL_FUSION:
    case NodeType::DIV_FUSION: {
      if (n.inputs.size() != 2 || n.outputs.size() != 1) return Unsupported(label + ": needs 2 inputs, 1 output");
      const Tensor& a = T(n.inputs[0]);
      const Tensor& b = T(n.inputs[1]);
      const Tensor& y = T(n.outputs[0]);
      if (a.data_type != y.data_type || b.data_type != y.data_type) return Unsupported(label + ": mixed data types");
      if (dims_[n.inputs[0]].size() > XNN_MAX_TENSOR_DIMS || dims_[n.inputs[1]].size() > XNN_MAX_TENSOR_DIMS) {
        return Unsupported(label + ": rank above XNNPACK's limit");
      }
      if (y.IsQuantized() && a.IsQuantized() && b.IsQuantized() && n.type != NodeType::DIV_FUSION &&
          TiesPossible(n.type, a, b, y)) {
        return Unsupported(label + ": dyadic requantization scale: XNNPACK rounds exact ties up, NNRt away from zero");
      }
      float lo, hi;
      NNRT_RETURN_IF_ERROR(FusedBounds(n, &lo, &hi));
      uint32_t ia, ib, iy;
      NNRT_RETURN_IF_ERROR(Value(n.inputs[0], &ia));
      NNRT_RETURN_IF_ERROR(Value(n.inputs[1], &ib));
      NNRT_RETURN_IF_ERROR(Value(n.outputs[0], &iy));
      xnn_status s;
      if (n.type == NodeType::ADD_FUSION) s = xnn_define_add2(subgraph_, lo, hi, ia, ib, iy, 0);
      else if (n.type == NodeType::SUB_FUSION) s = xnn_define_subtract(subgraph_, lo, hi, ia, ib, iy, 0);
      else if (n.type == NodeType::MUL_FUSION) s = xnn_define_multiply2(subgraph_, lo, hi, ia, ib, iy, 0);
      else s = xnn_define_divide(subgraph_, lo, hi, ia, ib, iy, 0);
      return s == xnn_status_success ? Status::Ok() : XnnError(label, s);
    }
    case NodeType::ABS:
    case NodeType::NEG:
    case NodeType::FLOOR:
    case NodeType::CEIL:
    case NodeType::ROUND:
    case NodeType::SQUARE:
    case NodeType::SQRT: {
      if (n.inputs.size() != 1 || n.outputs.size() != 1) return Unsupported(label + ": needs 1 input, 1 output");
      if (!in_float(n.inputs[0]) || !in_float(n.outputs[0])) return Unsupported(label + ": float32 only");
      uint32_t ix, iy;
      NNRT_RETURN_IF_ERROR(Value(n.inputs[0], &ix));
      NNRT_RETURN_IF_ERROR(Value(n.outputs[0], &iy));
      xnn_status s;
      switch (n.type) {
        case NodeType::ABS: s = xnn_define_abs(subgraph_, ix, iy, 0); break;
        case NodeType::NEG: s = xnn_define_negate(subgraph_, ix, iy, 0); break;
        case NodeType::FLOOR: s = xnn_define_floor(subgraph_, ix, iy, 0); break;
        case NodeType::CEIL: s = xnn_define_ceiling(subgraph_, ix, iy, 0); break;
        case NodeType::ROUND: s = xnn_define_bankers_rounding(subgraph_, ix, iy, 0); break;  // C: ties to even
        case NodeType::SQUARE: s = xnn_define_square(subgraph_, ix, iy, 0); break;
        default: s = xnn_define_square_root(subgraph_, ix, iy, 0); break;
      }
      return s == xnn_status_success ? Status::Ok() : XnnError(label, s);
    }
    case NodeType::ACTIVATION:
      return DefineActivation(index);
    case NodeType::CLIP: {
      // float32 only: x < min ? min : x, then > max ? max : x (C-168). XNNPACK
      // needs min <= max; NaN is restored by nan_repair.
      if (n.inputs.size() != 1 || n.outputs.size() != 1) return Unsupported(label + ": needs 1 input, 1 output");
      if (!in_float(n.inputs[0]) || !in_float(n.outputs[0])) return Unsupported(label + ": float32 only");
      const Attr* min_attr = n.FindAttr("min");
      const Attr* max_attr = n.FindAttr("max");
      const float lo = min_attr != nullptr && !min_attr->floats.empty() ? min_attr->floats[0] : 0.0f;
      const float hi = max_attr != nullptr && !max_attr->floats.empty() ? max_attr->floats[0] : 0.0f;
      if (!(lo <= hi)) return Unsupported(label + ": min > max (XNNPACK clamp needs min <= max)");
      uint32_t ix, iy;
      NNRT_RETURN_IF_ERROR(Value(n.inputs[0], &ix));
      NNRT_RETURN_IF_ERROR(Value(n.outputs[0], &iy));
      const xnn_status s = xnn_define_clamp(subgraph_, lo, hi, ix, iy, 0);
      return s == xnn_status_success ? Status::Ok() : XnnError(label, s);
    }
    case NodeType::RESHAPE: {
      if (n.inputs.empty() || n.outputs.size() != 1) return Unsupported(label + ": needs an input and 1 output");
      for (size_t k = 1; k < n.inputs.size(); ++k) {
        if (!T(n.inputs[k]).HasData()) return Unsupported(label + ": shape input is not constant");
      }
      if (!SameQuant(T(n.inputs[0]), T(n.outputs[0]))) return Unsupported(label + ": input and output types differ");
      if (dims_[n.outputs[0]].size() > XNN_MAX_TENSOR_DIMS) return Unsupported(label + ": rank above XNNPACK's limit");
      uint32_t ix, iy;
      NNRT_RETURN_IF_ERROR(Value(n.inputs[0], &ix));
      NNRT_RETURN_IF_ERROR(Value(n.outputs[0], &iy));
      const std::vector<size_t> shape = Shape(n.outputs[0]);
      const xnn_status s = xnn_define_static_reshape(subgraph_, shape.size(), shape.data(), ix, iy, 0);
      return s == xnn_status_success ? Status::Ok() : XnnError(label, s);
    }
    case NodeType::CONV2D_FUSION:
      return DefineConv(index);
    case NodeType::CONV2D_TRANSPOSE_FUSION:
      return DefineConvTranspose(index);
    case NodeType::FULL_CONNECTION:
      return DefineFullConnection(index);
    case NodeType::MATMUL_FUSION:
      return DefineMatMul(index);
    case NodeType::MAX_POOL_FUSION:
    case NodeType::AVGPOOL_FUSION:
      return DefinePool(index);
    case NodeType::RESIZE:
      return DefineResize(index);
    case NodeType::MAXIMUM:
    case NodeType::MINIMUM:
    case NodeType::SQUARED_DIFFERENCE:
      return DefineBinaryMath(index);
    case NodeType::LEAKY_RELU:
      return DefineLeakyRelu(index);
    case NodeType::SOFTMAX:
      return DefineSoftmax(index);
    default:
      return Unsupported(label + ": node type not lowered to XNNPACK");
  }
}

Status Builder::DefineActivation(uint32_t index) {
  const Node& n = m_.nodes[index];
  const std::string label = NodeLabel(m_, index);
  if (n.inputs.size() != 1 || n.outputs.size() != 1) return Unsupported(label + ": needs 1 input, 1 output");
  const Tensor& x = T(n.inputs[0]);
  const Tensor& y = T(n.outputs[0]);
  const bool fp32 = x.data_type == DataType::kFloat32 && !x.IsQuantized() && y.data_type == DataType::kFloat32;
  const ActivationAttrs p = ReadActivationAttrs(n);
  float lo = -kInf, hi = kInf;
  bool clamp = true;
  switch (p.type) {
    case ActivationType::kRelu: lo = 0.0f; break;
    case ActivationType::kRelu6: lo = 0.0f; hi = 6.0f; break;
    case ActivationType::kSigmoid:
    case ActivationType::kAbs:
    case ActivationType::kElu:
    case ActivationType::kLeakyRelu:
    case ActivationType::kHswish: clamp = false; break;
    default: return Unsupported(label + ": activation type " + std::to_string(static_cast<int>(p.type)) + " not lowered");
  }
  // A quantized clamp in XNNPACK keeps the input's quantization; NNRt
  // requantizes, which only coincides when the params are equal.
  if (clamp && !fp32 && !SameQuant(x, y)) return Unsupported(label + ": quantized clamp with requantization");
  if (!clamp && p.type != ActivationType::kSigmoid && !fp32) return Unsupported(label + ": float32 only");
  uint32_t ix, iy;
  NNRT_RETURN_IF_ERROR(Value(n.inputs[0], &ix));
  NNRT_RETURN_IF_ERROR(Value(n.outputs[0], &iy));
  xnn_status s;
  switch (p.type) {
    case ActivationType::kSigmoid: s = xnn_define_sigmoid(subgraph_, ix, iy, 0); break;
    case ActivationType::kAbs: s = xnn_define_abs(subgraph_, ix, iy, 0); break;
    case ActivationType::kElu: s = xnn_define_elu(subgraph_, p.alpha, ix, iy, 0); break;
    case ActivationType::kLeakyRelu: s = xnn_define_leaky_relu(subgraph_, p.alpha, ix, iy, 0); break;
    case ActivationType::kHswish: s = xnn_define_hardswish(subgraph_, ix, iy, 0); break;
    default: s = xnn_define_clamp(subgraph_, lo, hi, ix, iy, 0); break;
  }
  return s == xnn_status_success ? Status::Ok() : XnnError(label, s);
}
}  // namespace xnnpack_driver
}  // namespace nnrt
