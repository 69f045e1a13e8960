// RESIZE -> Arm NN Resize (NHWC) where its source coordinates are NNRt's
// (docs/operators/resize.md, C-702..C-704):
// - LINEAR: ASYMMETRIC i*in/out (no flag), ALIGN_CORNERS (alignCorners),
//   HALF_PIXEL (halfPixelCenters, the coordinate clamped at 0 like C-703);
// - NEAREST: ASYMMETRIC with FLOOR (floor(i*in/out)), ALIGN_CORNERS with
//   NORMAL / ROUND_HALF_UP (roundf, half away from zero: the same on the
//   non-negative coordinates), HALF_PIXEL with NORMAL / ROUND_HALF_UP (Arm NN
//   floors (i+0.5)*in/out, which is round-half-up of (i+0.5)*in/out - 0.5).
// HALF_PIXEL to an output axis of 1 from a longer one is refused for both
// methods (NNRt's coordinate is 0 there, C-702; Arm NN's (0 + 0.5) * in / 1,
// less 0.5 for LINEAR). CUBIC and the other mode pairs have no Arm NN form.
#include "cts_driver/drivers/armnn/armnn_lowering.h"
#include "reference/ops/nn/resize.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status LowerResize(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.empty() || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  const uint32_t xt = n.inputs[0], yt = n.outputs[0];
  NNRT_RETURN_IF_ERROR(ctx.CheckFloat32OrQuant8(xt, yt));
  for (size_t i = 1; i < n.inputs.size(); ++i) {
    if (!ctx.T(n.inputs[i]).HasData()) return Unsupported(ctx.Label() + ": size input must be constant");
  }
  OpContext op = ctx.OpCtx();
  NNRT_RETURN_IF_ERROR(InferResize(op));
  const ResizeParams& p = op.Params<ResizeParams>();
  armnn::ResizeDescriptor d;
  d.m_DataLayout = armnn::DataLayout::NHWC;
  d.m_TargetHeight = static_cast<uint32_t>(p.out_h);
  d.m_TargetWidth = static_cast<uint32_t>(p.out_w);
  d.m_AlignCorners = p.transform == CoordinateTransform::kAlignCorners;
  d.m_HalfPixelCenters = p.transform == CoordinateTransform::kHalfPixel;
  const bool round_half_up = p.nearest == NearestMode::kNormal || p.nearest == NearestMode::kRoundHalfUp;
  if (d.m_HalfPixelCenters && ((p.out_h == 1 && p.in_h != 1) || (p.out_w == 1 && p.in_w != 1))) {
    return Unsupported(ctx.Label() + ": HALF_PIXEL with an output axis of 1");
  }
  if (p.method == ResizeMethod::kLinear) {
    d.m_Method = armnn::ResizeMethod::Bilinear;
  } else if (p.method == ResizeMethod::kNearest) {
    d.m_Method = armnn::ResizeMethod::NearestNeighbor;
    const bool ok = p.transform == CoordinateTransform::kAsymmetric ? p.nearest == NearestMode::kFloor : round_half_up;
    if (!ok) return Unsupported(ctx.Label() + ": this NEAREST transform / rounding pair has no Arm NN form");
  } else {
    return Unsupported(ctx.Label() + ": CUBIC has no Arm NN form");
  }
  armnn::IConnectableLayer* layer = ctx.network().AddResizeLayer(d);
  NNRT_RETURN_IF_ERROR(ctx.Connect(xt, layer, 0));
  return ctx.Produce(layer, 0, yt);
}

}  // namespace

NNRT_ARMNN_LOWERING(RESIZE, LowerResize);

}  // namespace armnn_driver
}  // namespace nnrt
