// LRN (HDI struct LRN {depthRadius, bias, alpha, beta, normRegion};
// ops_catalog #96 OH_NN_OPS_LRN): local response normalisation across
// channels, y = x / (bias + alpha · Σ x² over the clipped window of
// 2·depthRadius + 1 channels)^beta, float32 / float16.
// Semantics: docs/semantics.md "LRN"; decisions C-591..C-594.
#ifndef NNRT_REFERENCE_OPS_LRN_H_
#define NNRT_REFERENCE_OPS_LRN_H_

#include <cstdint>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// What the kernel needs, decided by InferLrn: x seen as [outer, channels,
// inner] (NHWC: inner 1; NCHW: inner H·W, C-591) and the parameters.
struct LrnParams {
  int64_t radius = 0;
  double bias = 0, alpha = 0, beta = 0;
  int64_t outer = 0, channels = 0, inner = 0;
};

Status InferLrn(OpContext& ctx);
Status LrnKernel(OpContext& ctx);
// The loop nest with a caller-given plan, and the window of channel c as the
// kernel clips it ([first, last], C-592), so that a deliberately wrong test
// driver can change only the window.
struct LrnWindow {
  int64_t first = 0, last = 0;
};
using LrnWindowFn = LrnWindow (*)(int64_t c, int64_t radius, int64_t channels);
LrnWindow ClippedLrnWindow(int64_t c, int64_t radius, int64_t channels);
Status RunLrnWithParams(OpContext& ctx, const LrnParams& plan, LrnWindowFn window);

OpDef LrnOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_LRN_H_
