// Builder::DefinePool: MAX_POOL_FUSION and AVGPOOL_FUSION -> XNNPACK max /
// average pooling.
#include <string>

#include "cts_driver/drivers/xnnpack/xnnpack_builder.h"
#include "reference/ops/nn/pool.h"

namespace nnrt {
namespace xnnpack_driver {

// The reference's plan (C-522, C-523) gives every window: output (oh, ow)
// covers input rows [oh * stride - pad_top, + kernel), clipped to the input,
// which is XNNPACK's pooling geometry with padding that never counts (max
// pooling ignores it; average pooling divides by the input elements, C-526).
// The trailing pads are chosen so that XNNPACK's floor-mode output size is
// exactly the plan's: bottom = (out_h - 1) * stride + kernel - in - top. A
// plan whose last window ends inside the input before the input's end with
// room for more windows in floor mode (negative bottom) has no such form and
// is declined. Global pooling is one window over H x W.
Status Builder::DefinePool(uint32_t index) {
  const Node& n = m_.nodes[index];
  const std::string label = NodeLabel(m_, index);
  if (n.inputs.size() != 1 || n.outputs.size() != 1) return Unsupported(label + ": needs 1 input, 1 output");
  OpContext ctx = Context(index);
  const bool max = n.type == NodeType::MAX_POOL_FUSION;
  NNRT_RETURN_IF_ERROR(max ? InferMaxPool(ctx) : InferAvgPool(ctx));
  const PoolParams& p = ctx.Params<PoolParams>();
  const uint32_t xt = n.inputs[0], yt = n.outputs[0];
  if (dims_[xt].size() != 4 || dims_[yt].size() != 4) return Unsupported(label + ": rank 4 only");
  if (T(xt).IsQuantized() && !SameQuant(T(xt), T(yt))) return Unsupported(label + ": requantizing pooling");
  const int64_t bottom = (p.out_h - 1) * p.stride_h + p.kernel_h - p.in_h - p.pad_top;
  const int64_t right = (p.out_w - 1) * p.stride_w + p.kernel_w - p.in_w - p.pad_left;
  if (bottom < 0 || right < 0) return Unsupported(label + ": output size has no floor-mode XNNPACK form");
  float lo, hi;
  NNRT_RETURN_IF_ERROR(FusedBounds(n, &lo, &hi));
  uint32_t ix, iy;
  NNRT_RETURN_IF_ERROR(Value(xt, &ix));
  NNRT_RETURN_IF_ERROR(Value(yt, &iy));
  xnn_status s;
  if (max) {
    s = xnn_define_max_pooling_2d(subgraph_, p.pad_top, right, bottom, p.pad_left, p.kernel_h, p.kernel_w, p.stride_h,
                                  p.stride_w, 1, 1, lo, hi, ix, iy, 0);
  } else {
    s = xnn_define_average_pooling_2d(subgraph_, p.pad_top, right, bottom, p.pad_left, p.kernel_h, p.kernel_w,
                                      p.stride_h, p.stride_w, lo, hi, ix, iy, 0);
  }
  return s == xnn_status_success ? Status::Ok() : XnnError(label, s);
}

}  // namespace xnnpack_driver
}  // namespace nnrt
