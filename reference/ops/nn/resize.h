// RESIZE (family "resize"; ops_catalog #43 OH_NN_OPS_RESIZE_BILINEAR, HDI
// Resize {method, newHeight, newWidth, preserveAspectRatio,
// coordinateTransformMode, cubicCoeff, excludeOutside, extrapolationValue,
// nearestMode}): resamples the H and W axes of an NHWC input to newHeight x
// newWidth (or, with preserveAspectRatio, to the largest size of the input's
// aspect ratio that fits) by LINEAR, NEAREST or CUBIC interpolation, with the
// source coordinate of each output index given by the HDI
// CoordinateTransformMode formulas, evaluated as exact fractions.
// Semantics: docs/operators/resize.md; decisions C-701..C-712.
#ifndef NNRT_REFERENCE_OPS_RESIZE_H_
#define NNRT_REFERENCE_OPS_RESIZE_H_

#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// HDI ResizeMethod, CoordinateTransformMode and NearestMode values (ops_catalog 2.4).
enum class ResizeMethod : int64_t { kLinear = 0, kNearest = 1, kCubic = 2 };
enum class CoordinateTransform : int64_t { kAsymmetric = 0, kAlignCorners = 1, kHalfPixel = 2 };
enum class NearestMode : int64_t { kNormal = 0, kRoundHalfDown = 1, kRoundHalfUp = 2, kFloor = 3, kCeil = 4 };

// What the kernel needs, decided once by InferResize on concrete dims.
struct ResizeParams {
  ResizeMethod method = ResizeMethod::kLinear;
  CoordinateTransform transform = CoordinateTransform::kAsymmetric;
  NearestMode nearest = NearestMode::kNormal;
  double cubic_coeff = -0.75;  // `a` of the cubic kernel (CUBIC only)
  bool exclude_outside = false;
  bool quantized = false;
  int64_t batch = 0, in_h = 0, in_w = 0, channels = 0;
  int64_t out_h = 0, out_w = 0;
};

// The source coordinate of output index i along an axis of input length `in`
// and output length `out`, as the exact fraction num / den (den > 0), C-702:
// ASYMMETRIC i*in/out; ALIGN_CORNERS i*(in-1)/(out-1), 0 when out == 1;
// HALF_PIXEL (i+0.5)*in/out - 0.5 = ((2i+1)*in - out) / (2*out), 0 when out == 1.
struct SourceCoordinate {
  int64_t num = 0;
  int64_t den = 1;
};
SourceCoordinate ResizeSourceCoordinate(CoordinateTransform t, int64_t i, int64_t in, int64_t out);

// The input index NEAREST reads for coordinate x (C-704): rounded by the mode
// (ties decided exactly on the fraction), then clamped to [0, in-1].
int64_t NearestSourceIndex(NearestMode mode, SourceCoordinate x, int64_t in);

// The taps of one output index along one axis: input indices (inside
// [0, in)) and their weights, in tap order, weights of exactly 0 left out
// (C-706). LINEAR: the coordinate clamped to [0, in-1], taps floor and
// floor+1 (C-703). CUBIC: taps floor-1 .. floor+2 with the HDI kernel W(s)
// of coefficient cubic_coeff; outside taps clamped to the edge, or with
// excludeOutside dropped and the rest renormalised (C-705). NEAREST: one tap.
struct AxisTaps {
  int64_t index[4] = {0, 0, 0, 0};
  double weight[4] = {0, 0, 0, 0};
  int count = 0;
  double normaliser = 1.0;  // excludeOutside: the inside raw weights' sum they were divided by
};
AxisTaps ResizeAxisTaps(const ResizeParams& p, int64_t i, int64_t in, int64_t out);

// The HDI cubic kernel W(s) for coefficient a (IDL ResizeMethod CUBIC),
// evaluated in double in Horner form on |s| (C-705).
double CubicKernelWeight(double a, double s);

// Output H and W (C-701, C-707): newHeight x newWidth, or with
// preserveAspectRatio the input scaled by min(newH/inH, newW/inW), the scaled
// dim rounded half to even; -1 while an input dim it needs is unknown.
Status ResizeOutputSize(int64_t in_h, int64_t in_w, int64_t new_h, int64_t new_w, bool preserve, bool dims_from_model,
                        int64_t* out_h, int64_t* out_w);

// Reads and validates method, coordinateTransformMode, nearestMode,
// excludeOutside and cubicCoeff (C-705, C-708) into *p.
Status ReadResizeModes(const Node& node, ResizeParams* p);

Status InferResize(OpContext& ctx);
// For every output in the order n, oh, ow, c: sum over the height taps j of
// wy_j * (sum over the width taps k of wx_k * x[n, iy_j, ix_k, c]), both sums
// ascending in double, rounded once to y's type (quantized: dequantized
// inputs, the result quantized with y's params).
Status ResizeKernel(OpContext& ctx);
// The loop nest with caller-given params (the reference passes the ones the
// inference stored), so a deliberately wrong test driver can change a mode.
Status RunResizeWithParams(OpContext& ctx, const ResizeParams& p);

OpDef ResizeOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_RESIZE_H_
