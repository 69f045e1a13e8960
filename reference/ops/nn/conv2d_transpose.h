// CONV2D_TRANSPOSE_FUSION (HDI struct Conv2dTransposeFusion; ops_catalog #9
// OH_NN_OPS_CONV2D_TRANSPOSE). NHWC input x [N, H, W, inC], weight
// [outC, kH, kW, inC/group], bias [outC]; the transposed (fractionally
// strided) convolution of CONV2D_FUSION's geometry, with outputPaddings.
// Semantics: docs/semantics.md "CONV2D_TRANSPOSE_FUSION"; decisions C-511..C-515.
#ifndef NNRT_REFERENCE_OPS_CONV2D_TRANSPOSE_H_
#define NNRT_REFERENCE_OPS_CONV2D_TRANSPOSE_H_

#include <cstdint>

#include "reference/ops/nn/conv2d.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {

// What the kernel needs, decided by InferConv2DTranspose.
struct Conv2DTransposeParams {
  Conv2DAttrs params;  // stride, dilation, group, activation, pad mode (CONV2D_FUSION's reader)
  ConvPads pads;        // the pads removed from the full transposed output (C-512)
  int64_t output_padding_h = 0;
  int64_t output_padding_w = 0;
  bool quantized = false;
};

// Output size of one axis (C-512): (in - 1) * stride + (k - 1) * dilation + 1
// - before - after + output_padding; -1 when in is unknown.
int64_t ConvTransposeOutputSize(int64_t in, int64_t kernel, int64_t stride, int64_t dilation, int64_t before,
                                int64_t after, int64_t output_padding);

// SAME / VALID / PAD pads of one axis (C-512): PAD the explicit pads; VALID
// none; SAME total = (k - 1) * dilation + 1 - stride, before =
// floor(max(total, 0) / 2), after = total - before (negative: the output
// extends past the last tap), so that out = in * stride + output_padding.
void ComputeConvTransposePadsAxis(PadMode mode, int64_t kernel, int64_t stride, int64_t dilation,
                                  int64_t explicit_before, int64_t explicit_after, int64_t* before, int64_t* after);

Status InferConv2DTranspose(OpContext& ctx);
// For each output (n, oh, ow, oc) row-major: bias[oc] + the sum over ky, kx, ic
// of x[n, ih, iw, g*inC/group + ic] * w[oc, ky, kx, ic] over the taps with
// oh = ih*sH - top + ky*dH and ow = iw*sW - left + kx*dW (gather form).
Status Conv2DTransposeKernel(OpContext& ctx);
// The loop nest with a caller-given plan (for deliberately wrong test drivers).
Status RunConv2DTransposeWithParams(OpContext& ctx, const Conv2DTransposeParams& plan);

OpDef Conv2DTransposeOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_CONV2D_TRANSPOSE_H_
