// The loop nests of CONV2D_FUSION (docs/semantics.md "CONV2D_FUSION"): the
// geometry of one run and the typed kernel over binary64 operands converted
// once per run. Float and quantized depthwise share the kernel (other quantized
// convolutions: conv2d_quant_kernel.h, integer sums); a quantized accumulator
// holds integers below 2^48 (C-301), which binary64 sums exactly in any order.
#ifndef NNRT_REFERENCE_OPS_CONV2D_KERNEL_H_
#define NNRT_REFERENCE_OPS_CONV2D_KERNEL_H_

#include <cstdint>

#include "reference/ops/nn/conv2d.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {

struct ConvGeometry {
  int64_t batch, in_h, in_w, in_c, out_h, out_w, out_c, k_h, k_w, group_in_c, out_c_per_group;
};

// Dims of x, weight and y (output dims already checked against the pads).
ConvGeometry MakeConvGeometry(const OpContext& ctx, const Conv2DAttrs& p);

// Computes every output of ctx (x, weight, optional bias; float or quantized
// as `quantized` says) with the given pads.
void RunConv2DLoops(OpContext& ctx, const Conv2DAttrs& p, const ConvPads& pads, bool quantized);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_CONV2D_KERNEL_H_
