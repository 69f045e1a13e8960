// Builder::DefineFilter / DefineBias (the constant weights of every
// filter-based node) and the convolutions: CONV2D_FUSION -> XNNPACK
// convolution / depthwise convolution, CONV2D_TRANSPOSE_FUSION -> XNNPACK
// deconvolution.
#include <cstring>
#include <string>
#include <vector>

#include "cts_driver/drivers/xnnpack/xnnpack_builder.h"
#include "reference/ops/nn/conv2d.h"
#include "reference/ops/nn/conv2d_transpose.h"

namespace nnrt {
namespace xnnpack_driver {

// Quantized: int8 x / int8 weights (per tensor or per channel, zero point 0)
// or uint8 x / uint8 weights (per tensor); float: float32 x and weights.
Status Builder::DefineFilter(const std::string& label, uint32_t xt, uint32_t wt, const std::vector<uint8_t>& bytes,
                             const std::vector<size_t>& shape, size_t channel_dim, int64_t out_c, uint32_t* id,
                             std::vector<float>* scales) {
  const Tensor& x = T(xt);
  const Tensor& w = T(wt);
  scales->clear();
  if (!w.HasData()) return Unsupported(label + ": weights must be constant");
  const bool quant = x.IsQuantized();
  if (quant) {
    if (w.data_type != x.data_type || !w.IsQuantized()) return Unsupported(label + ": weight type differs from input type");
    for (const QuantParam& q : w.quant_params) {
      if (x.data_type == DataType::kInt8 && q.zero_point != 0) return Unsupported(label + ": int8 weight zero point != 0");
      scales->push_back(static_cast<float>(q.scale));
    }
    if (scales->size() > 1 && x.data_type != DataType::kInt8) return Unsupported(label + ": per-channel uint8 weights");
    if (scales->size() != 1 && static_cast<int64_t>(scales->size()) != out_c) return Unsupported(label + ": weight quant count");
  } else if (x.data_type != DataType::kFloat32 || w.data_type != DataType::kFloat32 || w.IsQuantized()) {
    return Unsupported(label + ": float32 or quantized int8/uint8 only");
  }
  const void* data = Static(bytes);
  xnn_status s;
  if (!quant) {
    s = xnn_define_tensor_value(subgraph_, xnn_datatype_fp32, shape.size(), shape.data(), data, XNN_INVALID_VALUE_ID,
                                0, id);
  } else if (scales->size() == 1) {
    const xnn_datatype dt = x.data_type == DataType::kInt8 ? xnn_datatype_qint8 : xnn_datatype_quint8;
    s = xnn_define_quantized_tensor_value(subgraph_, dt, w.quant_params[0].zero_point, (*scales)[0], shape.size(),
                                          shape.data(), data, XNN_INVALID_VALUE_ID, 0, id);
  } else {
    s = xnn_define_channelwise_quantized_tensor_value(subgraph_, xnn_datatype_qcint8, scales->data(), shape.size(),
                                                      channel_dim, shape.data(), data, XNN_INVALID_VALUE_ID, 0, id);
  }
  return s == xnn_status_success ? Status::Ok() : XnnError(label + " weights", s);
}

// The int32 bias is added to the accumulator as is (docs/quantization.md
// "Bias"), so it is given XNNPACK the scale s_x * s_w it expects.
Status Builder::DefineBias(const std::string& label, uint32_t xt, uint32_t bt, int64_t out_c,
                           const std::vector<float>& scales, uint32_t* id) {
  const Tensor& b = T(bt);
  if (!b.HasData()) return Unsupported(label + ": bias must be constant");
  if (dims_[bt].size() != 1 || dims_[bt][0] != out_c) return Unsupported(label + ": bias shape");
  const size_t shape[1] = {static_cast<size_t>(out_c)};
  const void* data = Static(b.data);
  xnn_status s;
  if (scales.empty()) {
    if (b.data_type != DataType::kFloat32 || b.IsQuantized()) return Unsupported(label + ": bias type");
    s = xnn_define_tensor_value(subgraph_, xnn_datatype_fp32, 1, shape, data, XNN_INVALID_VALUE_ID, 0, id);
  } else {
    if (b.data_type != DataType::kInt32) return Unsupported(label + ": quantized node needs an int32 bias");
    const float sx = static_cast<float>(T(xt).quant_params[0].scale);
    if (scales.size() == 1) {
      s = xnn_define_quantized_tensor_value(subgraph_, xnn_datatype_qint32, 0, sx * scales[0], 1, shape, data,
                                            XNN_INVALID_VALUE_ID, 0, id);
    } else {
      std::vector<float> bs(scales.size());
      for (size_t c = 0; c < bs.size(); ++c) bs[c] = sx * scales[c];
      s = xnn_define_channelwise_quantized_tensor_value(subgraph_, xnn_datatype_qcint32, bs.data(), 1, 0, shape, data,
                                                        XNN_INVALID_VALUE_ID, 0, id);
    }
  }
  return s == xnn_status_success ? Status::Ok() : XnnError(label + " bias", s);
}

namespace {

Status CheckQuantizedOutput(const std::string& label, const Tensor& x, const Tensor& y) {
  if (x.IsQuantized() && x.data_type != y.data_type) return Unsupported(label + ": mixed data types");
  return Status::Ok();
}

}  // namespace

// CONV2D_FUSION: group 1 and grouped -> xnn_define_convolution_2d (weights are
// already OHWI); group == inChannel > 1 -> xnn_define_depthwise_convolution_2d
// with the weights transposed to [1, kH, kW, outC].
Status Builder::DefineConv(uint32_t index) {
  const Node& n = m_.nodes[index];
  const std::string label = NodeLabel(m_, index);
  if (n.inputs.size() < 2 || n.inputs.size() > 3 || n.outputs.size() != 1) return Unsupported(label + ": bad arity");
  const OpContext ctx = Context(index);
  Conv2DAttrs p;
  NNRT_RETURN_IF_ERROR(ReadConv2DAttrs(ctx, &p));
  float lo, hi;
  NNRT_RETURN_IF_ERROR(FusedBounds(n, &lo, &hi));
  const uint32_t xt = n.inputs[0], wt = n.inputs[1], yt = n.outputs[0];
  const Dims& xd = dims_[xt];
  const Dims& wd = dims_[wt];
  if (xd.size() != 4 || wd.size() != 4 || dims_[yt].size() != 4) return Unsupported(label + ": rank 4 only");
  NNRT_RETURN_IF_ERROR(CheckQuantizedOutput(label, T(xt), T(yt)));
  const int64_t in_c = xd[3], out_c = wd[0], kh = wd[1], kw = wd[2];
  const bool depthwise = p.group == in_c && in_c > 1 && wd[3] == 1;
  std::vector<uint8_t> wbytes = T(wt).data;
  std::vector<size_t> wshape(wd.begin(), wd.end());
  if (depthwise) {
    const size_t es = DataTypeSize(T(wt).data_type), taps = static_cast<size_t>(kh * kw);
    std::vector<uint8_t> t(wbytes.size());
    for (size_t oc = 0; oc < static_cast<size_t>(out_c); ++oc) {
      for (size_t k = 0; k < taps; ++k) std::memcpy(&t[(k * out_c + oc) * es], &wbytes[(oc * taps + k) * es], es);
    }
    wbytes.swap(t);
    wshape = {1, static_cast<size_t>(kh), static_cast<size_t>(kw), static_cast<size_t>(out_c)};
  }
  uint32_t ix, iw, ib = XNN_INVALID_VALUE_ID, iy;
  std::vector<float> w_scales;
  NNRT_RETURN_IF_ERROR(DefineFilter(label, xt, wt, wbytes, wshape, depthwise ? 3 : 0, out_c, &iw, &w_scales));
  if (n.inputs.size() == 3) NNRT_RETURN_IF_ERROR(DefineBias(label, xt, n.inputs[2], out_c, w_scales, &ib));
  NNRT_RETURN_IF_ERROR(Value(xt, &ix));
  NNRT_RETURN_IF_ERROR(Value(yt, &iy));
  const ConvPads pads = ComputeConvPads(p, xd[1], xd[2]);
  xnn_status s;
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

// CONV2D_TRANSPOSE_FUSION -> xnn_define_deconvolution_2d. XNNPACK's
// deconvolution is the same scatter/gather geometry (C-512): output =
// stride * (in - 1) + adjustment + dilated kernel - pads, with the weights in
// NNRt's [outC, kH, kW, inC/group] layout and outputPaddings as the
// adjustment. Negative pads (SAME with a kernel smaller than the stride) have
// no XNNPACK form and are declined.
Status Builder::DefineConvTranspose(uint32_t index) {
  const Node& n = m_.nodes[index];
  const std::string label = NodeLabel(m_, index);
  if (n.inputs.size() < 2 || n.inputs.size() > 3 || n.outputs.size() != 1) return Unsupported(label + ": bad arity");
  OpContext ctx = Context(index);
  NNRT_RETURN_IF_ERROR(InferConv2DTranspose(ctx));
  const Conv2DTransposeParams& plan = ctx.Params<Conv2DTransposeParams>();
  const Conv2DAttrs& p = plan.params;
  float lo, hi;
  NNRT_RETURN_IF_ERROR(FusedBounds(n, &lo, &hi));
  const uint32_t xt = n.inputs[0], wt = n.inputs[1], yt = n.outputs[0];
  const Dims& xd = dims_[xt];
  const Dims& wd = dims_[wt];
  if (xd.size() != 4 || wd.size() != 4 || dims_[yt].size() != 4) return Unsupported(label + ": rank 4 only");
  NNRT_RETURN_IF_ERROR(CheckQuantizedOutput(label, T(xt), T(yt)));
  if (plan.pads.top < 0 || plan.pads.bottom < 0 || plan.pads.left < 0 || plan.pads.right < 0) {
    return Unsupported(label + ": negative pads (SAME with kernel < stride) have no XNNPACK form");
  }
  const int64_t in_c = xd[3], out_c = wd[0], kh = wd[1], kw = wd[2], g = p.group;
  uint32_t ix, iw, ib = XNN_INVALID_VALUE_ID, iy;
  std::vector<float> w_scales;
  NNRT_RETURN_IF_ERROR(
      DefineFilter(label, xt, wt, T(wt).data, std::vector<size_t>(wd.begin(), wd.end()), 0, out_c, &iw, &w_scales));
  if (n.inputs.size() == 3) NNRT_RETURN_IF_ERROR(DefineBias(label, xt, n.inputs[2], out_c, w_scales, &ib));
  NNRT_RETURN_IF_ERROR(Value(xt, &ix));
  NNRT_RETURN_IF_ERROR(Value(yt, &iy));
  const xnn_status s = xnn_define_deconvolution_2d(
      subgraph_, plan.pads.top, plan.pads.right, plan.pads.bottom, plan.pads.left, plan.output_padding_h,
      plan.output_padding_w, kh, kw, p.stride_h, p.stride_w, p.dilation_h, p.dilation_w, static_cast<uint32_t>(g),
      static_cast<size_t>(in_c / g), static_cast<size_t>(out_c / g), lo, hi, ix, iw, ib, iy, 0);
  return s == xnn_status_success ? Status::Ok() : XnnError(label, s);
}

}  // namespace xnnpack_driver
}  // namespace nnrt
