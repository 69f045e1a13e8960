// NNRt node -> xnn_define_* lowering (see xnnpack_subgraph.h).
#include "cts_driver/drivers/xnnpack/xnnpack_subgraph.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>
#include <string>

#include "reference/ops/activation.h"
#include "reference/ops/conv2d.h"
#include "reference/ops/op_util.h"

namespace nnrt {
namespace xnnpack_driver {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

Status XnnError(const std::string& what, xnn_status s) {
  return Unsupported(what + " rejected by XNNPACK (xnn_status " + std::to_string(static_cast<int>(s)) + ")");
}

std::string NodeLabel(const Model& m, uint32_t i) {
  return std::string("node ") + std::to_string(i) + " (" + NodeTypeName(m.nodes[i].type) + ")";
}

bool SameQuant(const Tensor& a, const Tensor& b) {
  return a.data_type == b.data_type && a.quant_params == b.quant_params;
}

// Builds the values and nodes of one subgraph. Tensors with an external id
// are inputs / outputs of the runtime; other tensors with constant data are
// static; the rest are internal.
class Builder {
 public:
  Builder(const Model& m, const std::vector<Dims>& dims, std::vector<std::unique_ptr<uint8_t[]>>* statics)
      : m_(m), dims_(dims), statics_(statics) {}
  ~Builder() {
    if (subgraph_ != nullptr) xnn_delete_subgraph(subgraph_);
  }

  Status Begin(uint32_t external_count) {
    const xnn_status s = xnn_create_subgraph(external_count, 0, &subgraph_);
    if (s != xnn_status_success) return Status(NNRT_FAILED, "xnn_create_subgraph failed");
    return Status::Ok();
  }
  void SetExternal(uint32_t tensor, uint32_t id, uint32_t flags) { external_[tensor] = {id, flags}; }
  bool Uses(uint32_t tensor) const { return values_.count(tensor) != 0; }

  Status CreateRuntime(xnn_runtime_t* runtime) {
    const xnn_status s = xnn_create_runtime_v2(subgraph_, nullptr, 0, runtime);
    if (s != xnn_status_success) return XnnError("the subgraph", s);
    return Status::Ok();
  }

  Status DefineNode(uint32_t index);

 private:
  const Tensor& T(uint32_t t) const { return m_.tensors[t]; }
  // Rank 0 is given to XNNPACK as [1] (same element, same broadcasting; some
  // of its operators assert rank >= 1).
  std::vector<size_t> Shape(uint32_t t) const {
    if (dims_[t].empty()) return {1};
    return std::vector<size_t>(dims_[t].begin(), dims_[t].end());
  }
  const void* Static(const std::vector<uint8_t>& bytes) {
    std::unique_ptr<uint8_t[]> copy(new uint8_t[bytes.size() + XNN_EXTRA_BYTES]());
    std::memcpy(copy.get(), bytes.data(), bytes.size());
    statics_->push_back(std::move(copy));
    return statics_->back().get();
  }
  Status Value(uint32_t t, uint32_t* id);
  Status DefineConv(uint32_t index);
  Status DefineActivation(uint32_t index);

  const Model& m_;
  const std::vector<Dims>& dims_;
  std::vector<std::unique_ptr<uint8_t[]>>* statics_;
  xnn_subgraph_t subgraph_ = nullptr;
  std::map<uint32_t, std::pair<uint32_t, uint32_t>> external_;  // tensor -> (id, flags)
  std::map<uint32_t, uint32_t> values_;                           // tensor -> value id
};

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

// XNNPACK's quantized add / subtract / multiply requantize in fixed point
// with round-half-up; NNRt rounds half away from zero (docs/quantization.md).
// They differ exactly on ties of negative values, which occur (systematically,
// failing the rounding-bias test of C-431) only when a requantization
// multiplier is a dyadic rational: s_a/s_y or s_b/s_y for ADD/SUB,
// s_a*s_b/s_y for MUL. Such nodes are declined instead of run wrongly.
bool Dyadic(double m) {
  const double scaled = std::ldexp(m, 24);
  return std::isfinite(scaled) && scaled == std::floor(scaled);
}

bool TiesPossible(NodeType type, const Tensor& a, const Tensor& b, const Tensor& y) {
  const double sa = a.quant_params[0].scale, sb = b.quant_params[0].scale, sy = y.quant_params[0].scale;
  if (type == NodeType::MUL_FUSION) return Dyadic(sa * sb / sy);
  return Dyadic(sa / sy) || Dyadic(sb / sy);
}

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
  const ActivationParams p = ReadActivationParams(n);
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


// CONV2D_FUSION: group 1 and grouped -> xnn_define_convolution_2d (weights are
// already OHWI); group == inChannel > 1 -> xnn_define_depthwise_convolution_2d
// with the weights transposed to [1, kH, kW, outC]. Weights and bias must be
// constant. Quantized: int8 x / int8 weights (per tensor or per channel, zero
// point 0) / int32 bias, or uint8 x / uint8 weights / int32 bias; the int32
// bias is added to the accumulator as is (docs/quantization.md "Bias"), so it
// is given XNNPACK the scale s_x * s_w it expects.
Status Builder::DefineConv(uint32_t index) {
  const Node& n = m_.nodes[index];
  const std::string label = NodeLabel(m_, index);
  if (n.inputs.size() < 2 || n.inputs.size() > 3 || n.outputs.size() != 1) return Unsupported(label + ": bad arity");
  OpContext ctx;
  ctx.node = &n;
  for (uint32_t t : n.inputs) {
    TensorArg a;
    a.decl = &T(t);
    a.dims = dims_[t];
    a.data = T(t).HasData() ? T(t).data.data() : nullptr;
    ctx.inputs.push_back(a);
  }
  TensorArg o;
  o.decl = &T(n.outputs[0]);
  o.dims = dims_[n.outputs[0]];
  ctx.outputs.push_back(o);
  Conv2DParams p;
  NNRT_RETURN_IF_ERROR(ReadConv2DParams(ctx, &p));
  float lo = -kInf, hi = kInf;
  if (p.activation == ActivationType::kRelu) lo = 0.0f;
  else if (p.activation == ActivationType::kRelu6) lo = 0.0f, hi = 6.0f;
  else if (p.activation != ActivationType::kNone) return Unsupported(label + ": fused activation not lowered");
  const uint32_t xt = n.inputs[0], wt = n.inputs[1], yt = n.outputs[0];
  const Tensor& x = T(xt);
  const Tensor& w = T(wt);
  const Dims& xd = dims_[xt];
  const Dims& wd = dims_[wt];
  if (xd.size() != 4 || wd.size() != 4 || dims_[yt].size() != 4) return Unsupported(label + ": rank 4 only");
  if (!w.HasData() || (n.inputs.size() == 3 && !T(n.inputs[2]).HasData())) {
    return Unsupported(label + ": weights and bias must be constant");
  }
  const int64_t in_c = xd[3], out_c = wd[0], kh = wd[1], kw = wd[2];
  const bool depthwise = p.group == in_c && in_c > 1 && wd[3] == 1;
  const bool quant = x.IsQuantized();
  std::vector<float> w_scales;
  if (quant) {
    if (x.data_type != T(yt).data_type) return Unsupported(label + ": mixed data types");
    if (w.data_type != x.data_type) return Unsupported(label + ": weight type differs from input type");
    for (const QuantParam& q : w.quant_params) {
      if (x.data_type == DataType::kInt8 && q.zero_point != 0) return Unsupported(label + ": int8 weight zero point != 0");
      w_scales.push_back(static_cast<float>(q.scale));
    }
    if (w_scales.size() > 1 && x.data_type != DataType::kInt8) return Unsupported(label + ": per-channel uint8 weights");
    if (w_scales.size() != 1 && static_cast<int64_t>(w_scales.size()) != out_c) return Unsupported(label + ": weight quant count");
  } else if (x.data_type != DataType::kFloat32 || w.data_type != DataType::kFloat32 || w.IsQuantized()) {
    return Unsupported(label + ": float32 or quantized int8/uint8 only");
  }
  // Weights, transposed for depthwise.
  std::vector<uint8_t> wbytes = w.data;
  std::vector<size_t> wshape(wd.begin(), wd.end());
  if (depthwise) {
    const size_t es = DataTypeSize(w.data_type), taps = static_cast<size_t>(kh * kw);
    std::vector<uint8_t> t(wbytes.size());
    for (size_t oc = 0; oc < static_cast<size_t>(out_c); ++oc) {
      for (size_t k = 0; k < taps; ++k) std::memcpy(&t[(k * out_c + oc) * es], &wbytes[(oc * taps + k) * es], es);
    }
    wbytes.swap(t);
    wshape = {1, static_cast<size_t>(kh), static_cast<size_t>(kw), static_cast<size_t>(out_c)};
  }
  uint32_t ix, iw, ib = XNN_INVALID_VALUE_ID, iy;
  NNRT_RETURN_IF_ERROR(Value(xt, &ix));
  NNRT_RETURN_IF_ERROR(Value(yt, &iy));
  xnn_status s;
  const void* wdata = Static(wbytes);
  if (!quant) {
    s = xnn_define_tensor_value(subgraph_, xnn_datatype_fp32, 4, wshape.data(), wdata, XNN_INVALID_VALUE_ID, 0, &iw);
  } else if (w_scales.size() == 1) {
    const xnn_datatype dt = x.data_type == DataType::kInt8 ? xnn_datatype_qint8 : xnn_datatype_quint8;
    s = xnn_define_quantized_tensor_value(subgraph_, dt, w.quant_params[0].zero_point, w_scales[0], 4, wshape.data(),
                                          wdata, XNN_INVALID_VALUE_ID, 0, &iw);
  } else {
    s = xnn_define_channelwise_quantized_tensor_value(subgraph_, xnn_datatype_qcint8, w_scales.data(), 4,
                                                      depthwise ? 3 : 0, wshape.data(), wdata, XNN_INVALID_VALUE_ID, 0, &iw);
  }
  if (s != xnn_status_success) return XnnError(label + " weights", s);
  if (n.inputs.size() == 3) {
    const Tensor& b = T(n.inputs[2]);
    const size_t bshape[1] = {static_cast<size_t>(out_c)};
    if (dims_[n.inputs[2]].size() != 1 || dims_[n.inputs[2]][0] != out_c) return Unsupported(label + ": bias shape");
    const void* bdata = Static(b.data);
    if (!quant) {
      if (b.data_type != DataType::kFloat32) return Unsupported(label + ": bias type");
      s = xnn_define_tensor_value(subgraph_, xnn_datatype_fp32, 1, bshape, bdata, XNN_INVALID_VALUE_ID, 0, &ib);
    } else {
      if (b.data_type != DataType::kInt32) return Unsupported(label + ": quantized conv needs an int32 bias");
      const float sx = static_cast<float>(x.quant_params[0].scale);
      if (w_scales.size() == 1) {
        s = xnn_define_quantized_tensor_value(subgraph_, xnn_datatype_qint32, 0, sx * w_scales[0], 1, bshape, bdata,
                                              XNN_INVALID_VALUE_ID, 0, &ib);
      } else {
        std::vector<float> bs(w_scales.size());
        for (size_t c = 0; c < bs.size(); ++c) bs[c] = sx * w_scales[c];
        s = xnn_define_channelwise_quantized_tensor_value(subgraph_, xnn_datatype_qcint32, bs.data(), 1, 0, bshape, bdata,
                                                          XNN_INVALID_VALUE_ID, 0, &ib);
      }
    }
    if (s != xnn_status_success) return XnnError(label + " bias", s);
  }
  const ConvPads pads = ComputeConvPads(p, xd[1], xd[2]);
  if (depthwise) {
    s = xnn_define_depthwise_convolution_2d(
        subgraph_, pads.top, pads.right, pads.bottom, pads.left, kh, kw, p.stride_h, p.stride_w, p.dilation_h,
        p.dilation_w, static_cast<uint32_t>(out_c / in_c), static_cast<size_t>(in_c), lo, hi, ix, iw, ib, iy, 0);
  } else {
    const int64_t g = p.group;
    s = xnn_define_convolution_2d(subgraph_, pads.top, pads.right, pads.bottom, pads.left, kh, kw, p.stride_h,
                                  p.stride_w, p.dilation_h, p.dilation_w, static_cast<uint32_t>(g),
                                  static_cast<size_t>(in_c / g), static_cast<size_t>(out_c / g), lo, hi, ix, iw, ib, iy, 0);
  }
  return s == xnn_status_success ? Status::Ok() : XnnError(label, s);
}

}  // namespace

Status InitializeXnnpack() {
  static std::once_flag once;
  static xnn_status status = xnn_status_uninitialized;
  std::call_once(once, []() { status = xnn_initialize(nullptr); });
  if (status != xnn_status_success) return Status(NNRT_DEVICE_ERROR, "xnn_initialize failed (CPU not supported?)");
  return Status::Ok();
}

XnnModel::~XnnModel() {
  for (XnnNodeRuntime& n : nodes_) {
    if (n.runtime != nullptr) xnn_delete_runtime(n.runtime);
  }
}

namespace {

// A one-node subgraph: outputs get external ids 0.., then the non-constant inputs.
Status BuildNodeRuntime(const Model& model, const std::vector<Dims>& dims, uint32_t node_index,
                        std::vector<std::unique_ptr<uint8_t[]>>* statics, XnnNodeRuntime* out) {
  const Node& n = model.nodes[node_index];
  Builder b(model, dims, statics);
  NNRT_RETURN_IF_ERROR(b.Begin(static_cast<uint32_t>(n.inputs.size() + n.outputs.size())));
  out->node = node_index;
  uint32_t id = 0;
  for (uint32_t t : n.outputs) {
    b.SetExternal(t, id, XNN_VALUE_FLAG_EXTERNAL_OUTPUT);
    out->externals.emplace_back(id++, t);
  }
  for (uint32_t t : n.inputs) {
    if (!model.tensors[t].HasData()) {
      bool seen = false;
      for (const auto& e : out->externals) seen = seen || e.second == t;
      if (seen) continue;
      b.SetExternal(t, id, XNN_VALUE_FLAG_EXTERNAL_INPUT);
      out->externals.emplace_back(id++, t);
    }
  }
  NNRT_RETURN_IF_ERROR(b.DefineNode(node_index));
  // Inputs the lowering does not read as tensors (RESHAPE's shape) are not values.
  std::vector<std::pair<uint32_t, uint32_t>> used;
  for (const auto& e : out->externals) {
    if (b.Uses(e.second)) used.push_back(e);
  }
  out->externals = used;
  return b.CreateRuntime(&out->runtime);
}

}  // namespace

Status BuildXnnModel(const Model& model, const std::vector<Dims>& dims, std::unique_ptr<XnnModel>* out) {
  NNRT_RETURN_IF_ERROR(InitializeXnnpack());
  std::unique_ptr<XnnModel> x(new XnnModel());
  std::vector<uint32_t> order;
  NNRT_RETURN_IF_ERROR(TopologicalOrder(model, &order));
  for (uint32_t i : order) {
    x->nodes_.emplace_back();
    NNRT_RETURN_IF_ERROR(BuildNodeRuntime(model, dims, i, &x->static_data_, &x->nodes_.back()));
  }
  *out = std::move(x);
  return Status::Ok();
}

bool NodeSupported(const Model& model, const std::vector<Dims>& dims, uint32_t node_index, std::string* reason) {
  if (!InitializeXnnpack().ok()) {
    *reason = "XNNPACK unavailable";
    return false;
  }
  std::vector<std::unique_ptr<uint8_t[]>> statics;
  XnnNodeRuntime node;
  const Status s = BuildNodeRuntime(model, dims, node_index, &statics, &node);
  if (node.runtime != nullptr) xnn_delete_runtime(node.runtime);
  if (!s.ok()) *reason = s.message();
  return s.ok();
}

}  // namespace xnnpack_driver
}  // namespace nnrt
