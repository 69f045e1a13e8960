// The quantized (int8/uint8) CONV2D_FUSION loops for every group with more
// than one input channel or a single group: per block of output pixels, the
// centred input patches (taps ky, kx, then ic; taps in the padding hold 0)
// times the centred weight rows as exact integer dot products, then
// requantized (docs/quantization.md; docs/semantics.md "Why the fast loop
// orders give the same bits", C-756).
#ifndef NNRT_REFERENCE_OPS_CONV2D_QUANT_KERNEL_H_
#define NNRT_REFERENCE_OPS_CONV2D_QUANT_KERNEL_H_

#include "reference/ops/nn/conv2d.h"
#include "reference/ops/kernels/conv2d_kernel.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {

// Whether RunQuantizedConv2DPatches takes a quantized convolution of this
// geometry: everything but depthwise (group > 1 with one input channel per group).
bool UsesQuantizedPatchKernel(const ConvGeometry& g, const Conv2DAttrs& p);

// Computes every output of the quantized ctx (x, weight, optional int32 bias).
void RunQuantizedConv2DPatches(OpContext& ctx, const Conv2DAttrs& p, const ConvPads& pads);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_CONV2D_QUANT_KERNEL_H_
