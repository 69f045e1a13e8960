// Builder::DefineResize: RESIZE with method LINEAR -> XNNPACK's static
// bilinear resize (float32).
#include <string>

#include "cts_driver/drivers/xnnpack/xnnpack_builder.h"
#include "reference/ops/nn/resize.h"

namespace nnrt {
namespace xnnpack_driver {

// XNNPACK's three coordinate rules are the reference's LINEAR ones (C-702,
// C-703: the source coordinate clamped to [0, in - 1]):
// XNN_FLAG_TENSORFLOW_LEGACY_MODE = ASYMMETRIC i * in / out, XNN_FLAG_ALIGN_CORNERS
// = ALIGN_CORNERS i * (in - 1) / (out - 1), no flag = HALF_PIXEL
// (i + 0.5) * in / out - 0.5. HALF_PIXEL with an output length of 1 samples 0
// in NNRt but the centre in XNNPACK, so it is declined when the input is
// longer than 1. NEAREST and CUBIC have no XNNPACK operator in this release;
// excludeOutside does not change LINEAR; the output size is the inference's
// (preserveAspectRatio included).
Status Builder::DefineResize(uint32_t index) {
  const Node& n = m_.nodes[index];
  const std::string label = NodeLabel(m_, index);
  if (n.inputs.size() != 1 || n.outputs.size() != 1) return Unsupported(label + ": needs 1 input, 1 output");
  OpContext ctx = Context(index);
  NNRT_RETURN_IF_ERROR(InferResize(ctx));
  const ResizeParams& p = ctx.Params<ResizeParams>();
  const Tensor& x = T(n.inputs[0]);
  if (x.data_type != DataType::kFloat32 || x.IsQuantized()) {
    return Unsupported(label + ": float32 only (this XNNPACK's resize is fp32)");
  }
  if (p.method != ResizeMethod::kLinear) return Unsupported(label + ": NEAREST / CUBIC not in this XNNPACK");
  uint32_t flags = 0;
  if (p.transform == CoordinateTransform::kAsymmetric) flags = XNN_FLAG_TENSORFLOW_LEGACY_MODE;
  if (p.transform == CoordinateTransform::kAlignCorners) flags = XNN_FLAG_ALIGN_CORNERS;
  if (p.transform == CoordinateTransform::kHalfPixel &&
      ((p.out_h == 1 && p.in_h > 1) || (p.out_w == 1 && p.in_w > 1))) {
    return Unsupported(label + ": HALF_PIXEL to a length of 1 samples the centre in XNNPACK, 0 in NNRt (C-702)");
  }
  uint32_t ix, iy;
  NNRT_RETURN_IF_ERROR(Value(n.inputs[0], &ix));
  NNRT_RETURN_IF_ERROR(Value(n.outputs[0], &iy));
  const xnn_status s = xnn_define_static_resize_bilinear_2d(subgraph_, static_cast<size_t>(p.out_h),
                                                            static_cast<size_t>(p.out_w), ix, iy, flags);
  return s == xnn_status_success ? Status::Ok() : XnnError(label, s);
}

}  // namespace xnnpack_driver
}  // namespace nnrt
