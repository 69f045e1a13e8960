// SLICE_FUSION (family "slice_pad"; ops_catalog #29, HDI SliceFusion {axes}):
// inputs x, begin and size (1-D int32/int64, one entry per sliced axis); y is
// the window x[begin .. begin + size) along each axis listed in `axes` (empty:
// every axis in order), the other axes copied whole; size -1 runs to the end.
// CROP (ops_catalog #91, HDI Crop {axis, offset}): inputs x and shape; y has
// the dims of `shape` (its values are not read), the window starting at
// `offset` along the dims from `axis` on. Elements are copied byte for byte.
// Semantics: docs/operators/slice.md, crop.md; decisions C-654..C-657.
#ifndef NNRT_REFERENCE_OPS_SLICE_H_
#define NNRT_REFERENCE_OPS_SLICE_H_

#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// What the kernel needs, decided once by InferSlice: x's dims, y's dims and
// the first element read along every dim (0 for an axis not sliced).
struct SliceParams {
  Dims in;
  Dims out;
  std::vector<int64_t> start;
};

Status InferSlice(OpContext& ctx);
// For every output index in row-major order: the element of x at
// index + start (bytes copied).
Status SliceKernel(OpContext& ctx);

// The sliced dims in begin/size order: `axes` resolved (negative counted from
// the end) and checked (C-654); empty axes = 0 .. rank-1.
Status ResolveSliceAxes(const std::vector<int64_t>& axes, size_t rank, std::vector<size_t>* dims);

OpDef SliceOpDef();

// CROP's InferFn; its kernel is SliceKernel (the window copy).
Status InferCrop(OpContext& ctx);
OpDef CropOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_SLICE_H_
