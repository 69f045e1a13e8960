// Builder::DefineConv: CONV2D_FUSION -> XNNPACK convolution / depthwise convolution.
#include <cstring>
#include <string>
#include <vector>

#include "cts_driver/drivers/xnnpack/xnnpack_builder.h"
#include "reference/ops/conv2d.h"

namespace nnrt {
namespace xnnpack_driver {

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

}  // namespace xnnpack_driver
}  // namespace nnrt
