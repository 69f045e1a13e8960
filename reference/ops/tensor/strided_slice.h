// STRIDED_SLICE (family "strided_slice"; ops_catalog #37, HDI StridedSlice
// {beginMask, endMask, ellipsisMask, newAxisMask, shrinkAxisMask}): inputs x,
// begin, end and strides (1-D int32/int64 of one common length k, the entries
// of the slice spec). tf.strided_slice semantics: bit i of a mask refers to
// spec entry i; the ellipsis entry (or an implicit one after the last entry)
// covers the dims no other entry addresses; a new-axis entry inserts a dim of
// 1; a shrink entry takes one element and removes the dim; other entries read
// begin, begin + stride, ... before end, begin/end clamped to the dim.
// Elements are copied byte for byte.
// Semantics: docs/operators/strided_slice.md; decisions C-615..C-620.
#ifndef NNRT_REFERENCE_OPS_STRIDED_SLICE_H_
#define NNRT_REFERENCE_OPS_STRIDED_SLICE_H_

#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// The five HDI attributes.
struct StridedSliceMasks {
  int64_t begin = 0;
  int64_t end = 0;
  int64_t ellipsis = 0;
  int64_t new_axis = 0;
  int64_t shrink = 0;
};

StridedSliceMasks ReadStridedSliceMasks(const Node& node);

// What the kernel needs: per dim of x the first index read, the step and the
// number of elements read (1 on a shrunk dim); y's dims (the counts with
// shrunk dims removed and new axes inserted: the same row-major order).
struct StridedSliceParams {
  Dims in;
  std::vector<int64_t> start;
  std::vector<int64_t> step;
  Dims count;
};

// InferStridedSlice with the masks given (read from the node by
// InferStridedSlice itself).
Status InferStridedSliceWithMasks(OpContext& ctx, const StridedSliceMasks& masks);
Status InferStridedSlice(OpContext& ctx);
// For every index of `count` in row-major order: the element of x at
// start + index * step on every dim (bytes copied).
Status StridedSliceKernel(OpContext& ctx);

OpDef StridedSliceOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_STRIDED_SLICE_H_
