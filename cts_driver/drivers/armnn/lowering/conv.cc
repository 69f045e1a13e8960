// CONV2D_FUSION -> Arm NN Convolution2d (group 1) or DepthwiseConvolution2d
// (group == inC with one input channel per group); CONV2D_TRANSPOSE_FUSION ->
// TransposeConvolution2d (batch 1, group 1, dilation 1, no output padding,
// pads >= 0).
// NHWC, constant weights and bias, the reference's attribute readers and
// pads (docs/semantics.md "CONV2D_FUSION", "CONV2D_TRANSPOSE_FUSION"); fused
// RELU / RELU6 as a clamp (LoweringContext::ClampSlot). Other groups, dilated transposed
// convolutions and output paddings have no Arm NN 20.08 layer and are
// refused.
#include <cmath>
#include <cstring>

#include "cts_driver/drivers/armnn/filter_weights.h"
#include "reference/ops/nn/conv2d.h"
#include "reference/ops/nn/conv2d_transpose.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status CheckArity(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() < 2 || n.inputs.size() > 3 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  for (uint32_t t : {n.inputs[0], n.inputs[1], n.outputs[0]}) {
    if (ctx.dims()[t].size() != 4) return Unsupported(ctx.Label() + ": rank 4 only");
  }
  return CheckFilterTypes(ctx, n.inputs[0], n.inputs[1], n.outputs[0]);
}

// NNRt skips a tap that falls in the padding (docs/semantics.md
// "CONV2D_FUSION": "skipped when outside the input"); Arm NN multiplies the
// padded 0 by the weight, which differs when that weight is +-inf or NaN
// (0 * inf = NaN). Such a node - constant weights holding a non-finite value
// together with non-zero padding - is refused rather than answered
// differently (docs/conformance.md "The Arm NN driver").
Status CheckPaddedWeightsFinite(LoweringContext& ctx, uint32_t wt, const ConvPads& pads) {
  if (pads.top == 0 && pads.bottom == 0 && pads.left == 0 && pads.right == 0) return Status::Ok();
  const Tensor& w = ctx.T(wt);
  if (w.data_type != DataType::kFloat32 || w.IsQuantized()) return Status::Ok();
  for (size_t i = 0; i + sizeof(float) <= w.data.size(); i += sizeof(float)) {
    float v;
    std::memcpy(&v, &w.data[i], sizeof(float));
    if (!std::isfinite(v)) {
      return Unsupported(ctx.Label() + ": a non-finite weight with padding (Arm NN computes 0 * w for padded taps)");
    }
  }
  return Status::Ok();
}

template <typename Descriptor>
void SetPads(const ConvPads& pads, int64_t stride_h, int64_t stride_w, Descriptor* d) {
  d->m_PadTop = static_cast<uint32_t>(pads.top);
  d->m_PadBottom = static_cast<uint32_t>(pads.bottom);
  d->m_PadLeft = static_cast<uint32_t>(pads.left);
  d->m_PadRight = static_cast<uint32_t>(pads.right);
  d->m_StrideY = static_cast<uint32_t>(stride_h);
  d->m_StrideX = static_cast<uint32_t>(stride_w);
  d->m_DataLayout = armnn::DataLayout::NHWC;
}

// NNRt depthwise weights [inC * M, kH, kW, 1] (output channel ic * M + m) ->
// Arm NN's [M, inC, kH, kW].
std::vector<uint8_t> DepthwiseWeights(const Tensor& w, int64_t in_c, int64_t mult, int64_t kh, int64_t kw) {
  const size_t es = DataTypeSize(w.data_type);
  std::vector<uint8_t> out(w.data.size());
  for (int64_t ic = 0; ic < in_c; ++ic) {
    for (int64_t m = 0; m < mult; ++m) {
      for (int64_t k = 0; k < kh * kw; ++k) {
        const size_t from = static_cast<size_t>(((ic * mult + m) * kh * kw + k)) * es;
        const size_t to = static_cast<size_t>(((m * in_c + ic) * kh * kw + k)) * es;
        std::memcpy(&out[to], &w.data[from], es);
      }
    }
  }
  return out;
}

Status LowerConv2D(LoweringContext& ctx) {
  NNRT_RETURN_IF_ERROR(CheckArity(ctx));
  const Node& n = ctx.node();
  Conv2DAttrs p;
  NNRT_RETURN_IF_ERROR(ReadConv2DAttrs(ctx.OpCtx(), &p));
  const uint32_t xt = n.inputs[0], wt = n.inputs[1], yt = n.outputs[0];
  const Dims& xd = ctx.dims()[xt];
  const Dims& wd = ctx.dims()[wt];
  const int64_t in_c = xd[3], out_c = wd[0], kh = wd[1], kw = wd[2];
  const bool depthwise = p.group == in_c && in_c > 1 && wd[3] == 1;
  if (p.group != 1 && !depthwise) return Unsupported(ctx.Label() + ": grouped convolution has no Arm NN layer");
  const ConvPads pads = ComputeConvPads(p, xd[1], xd[2]);
  NNRT_RETURN_IF_ERROR(CheckPaddedWeightsFinite(ctx, wt, pads));
  const bool has_bias = n.inputs.size() == 3;
  const unsigned oc = static_cast<unsigned>(out_c);
  armnn::ConstTensor weights, bias;
  armnn::IConnectableLayer* layer = nullptr;
  if (depthwise) {
    const int64_t mult = out_c / in_c;
    if (ctx.T(wt).quant_params.size() > 1 && mult != 1) {
      return Unsupported(ctx.Label() + ": per-channel depthwise weights with a depth multiplier > 1");
    }
    const armnn::TensorShape shape({static_cast<unsigned>(mult), static_cast<unsigned>(in_c), static_cast<unsigned>(kh),
                                    static_cast<unsigned>(kw)});
    NNRT_RETURN_IF_ERROR(FilterWeights(ctx, wt, shape, DepthwiseWeights(ctx.T(wt), in_c, mult, kh, kw), 1, true, &weights));
    if (has_bias) NNRT_RETURN_IF_ERROR(FilterBias(ctx, xt, wt, n.inputs[2], oc, &bias));
    armnn::DepthwiseConvolution2dDescriptor d;
    SetPads(pads, p.stride_h, p.stride_w, &d);
    d.m_DilationY = static_cast<uint32_t>(p.dilation_h);
    d.m_DilationX = static_cast<uint32_t>(p.dilation_w);
    d.m_BiasEnabled = has_bias;
    layer = ctx.network().AddDepthwiseConvolution2dLayer(
        d, weights, has_bias ? armnn::Optional<armnn::ConstTensor>(bias) : armnn::EmptyOptional());
  } else {
    NNRT_RETURN_IF_ERROR(FilterWeights(ctx, wt, ctx.Shape(wt), {}, 0, true, &weights));
    if (has_bias) NNRT_RETURN_IF_ERROR(FilterBias(ctx, xt, wt, n.inputs[2], oc, &bias));
    armnn::Convolution2dDescriptor d;
    SetPads(pads, p.stride_h, p.stride_w, &d);
    d.m_DilationY = static_cast<uint32_t>(p.dilation_h);
    d.m_DilationX = static_cast<uint32_t>(p.dilation_w);
    d.m_BiasEnabled = has_bias;
    layer = ctx.network().AddConvolution2dLayer(
        d, weights, has_bias ? armnn::Optional<armnn::ConstTensor>(bias) : armnn::EmptyOptional());
  }
  NNRT_RETURN_IF_ERROR(ctx.Connect(xt, layer, 0));
  return ctx.ProduceActivated(layer, yt, p.activation);
}

Status LowerConv2DTranspose(LoweringContext& ctx) {
  NNRT_RETURN_IF_ERROR(CheckArity(ctx));
  const Node& n = ctx.node();
  OpContext op = ctx.OpCtx();
  NNRT_RETURN_IF_ERROR(InferConv2DTranspose(op));
  const Conv2DTransposeParams& plan = op.Params<Conv2DTransposeParams>();
  const Conv2DAttrs& p = plan.params;
  if (p.group != 1) return Unsupported(ctx.Label() + ": grouped transposed convolution has no Arm NN layer");
  if (p.dilation_h != 1 || p.dilation_w != 1) return Unsupported(ctx.Label() + ": Arm NN has no dilated transposed convolution");
  if (plan.output_padding_h != 0 || plan.output_padding_w != 0) {
    return Unsupported(ctx.Label() + ": Arm NN 20.08 has no output padding");
  }
  if (plan.pads.top < 0 || plan.pads.bottom < 0 || plan.pads.left < 0 || plan.pads.right < 0) {
    return Unsupported(ctx.Label() + ": negative pads (SAME with kernel < stride) have no Arm NN form");
  }
  const uint32_t xt = n.inputs[0], wt = n.inputs[1], yt = n.outputs[0];
  if (ctx.dims()[xt][0] != 1) {
    // Arm NN 20.08's TransposeConvolution2dLayer::InferOutputShapes divides
    // the kernel's elements by batch * channels and aborts (an assertion)
    // when that is not exact: x [2,1,1,1] with w [3,1,1,1] killed the process.
    return Unsupported(ctx.Label() + ": a batch other than 1 (Arm NN's shape inference assumes 1)");
  }
  const bool has_bias = n.inputs.size() == 3;
  armnn::ConstTensor weights, bias;
  NNRT_RETURN_IF_ERROR(FilterWeights(ctx, wt, ctx.Shape(wt), {}, 0, true, &weights));
  if (has_bias) {
    NNRT_RETURN_IF_ERROR(FilterBias(ctx, xt, wt, n.inputs[2], static_cast<unsigned>(ctx.dims()[wt][0]), &bias));
  }
  armnn::TransposeConvolution2dDescriptor d;
  SetPads(plan.pads, p.stride_h, p.stride_w, &d);
  d.m_BiasEnabled = has_bias;
  armnn::IConnectableLayer* layer = ctx.network().AddTransposeConvolution2dLayer(
      d, weights, has_bias ? armnn::Optional<armnn::ConstTensor>(bias) : armnn::EmptyOptional());
  NNRT_RETURN_IF_ERROR(ctx.Connect(xt, layer, 0));
  return ctx.ProduceActivated(layer, yt, p.activation);
}

}  // namespace

NNRT_ARMNN_LOWERING(CONV2D_FUSION, LowerConv2D);
NNRT_ARMNN_LOWERING(CONV2D_TRANSPOSE_FUSION, LowerConv2DTranspose);

}  // namespace armnn_driver
}  // namespace nnrt
