// The loop nest of depthwise CONV2D_FUSION (weight dim 3 = inC/group = 1:
// output channel oc reads input channel oc / M, M = outC/group the channel
// multiplier). Channels innermost: per output pixel, the taps in ky, kx
// order, and for each tap a block of 8 independent binary64 accumulators,
// one per output channel, so that every accumulator still receives its terms
// in the documented tap order (docs/semantics.md "Why the fast loop orders
// give the same bits").
#ifndef NNRT_REFERENCE_OPS_DEPTHWISE_KERNEL_H_
#define NNRT_REFERENCE_OPS_DEPTHWISE_KERNEL_H_

#include "reference/ops/nn/conv2d.h"
#include "reference/ops/kernels/conv2d_kernel.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {

// True when every output channel reads exactly one input channel.
inline bool IsDepthwiseGeometry(const ConvGeometry& g) { return g.group_in_c == 1; }

// Computes every output of a depthwise ctx (x, weight, optional bias; float or
// quantized as `quantized` says) with the given pads; the caller has checked
// the geometry (IsDepthwiseGeometry) and charged the work.
void RunDepthwiseConvLoops(OpContext& ctx, const ConvGeometry& g, const Conv2DAttrs& p, const ConvPads& pads,
                           bool quantized);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_DEPTHWISE_KERNEL_H_
