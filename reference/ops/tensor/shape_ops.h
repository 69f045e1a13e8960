// Rank-changing copies (family "data_movement"): FLATTEN (ops_catalog #64,
// HDI Flatten {axis}), SQUEEZE (#35, Squeeze {axis list}), UNSQUEEZE (#55,
// Unsqueeze {axis list}) and EXPAND_DIMS (#13, ExpandDims {}, the axis is
// input 1). Each keeps the element order and changes only the dims, so the
// kernel is RESHAPE's copy (ReshapeKernel). Semantics: docs/operators/flatten.md, squeeze.md,
// unsqueeze.md, expand_dims.md; decisions C-600, C-607..C-610.
#ifndef NNRT_REFERENCE_OPS_SHAPE_OPS_H_
#define NNRT_REFERENCE_OPS_SHAPE_OPS_H_

#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// SQUEEZE's output dims (C-608): `axes` (each in [-rank, rank), no axis
// twice) must name dims of size 1 (-1 = unknown is accepted and removed); an
// empty list removes every dim of size 1 (unknown dims are kept).
Status SqueezeDims(const Dims& x, const std::vector<int64_t>& axes, Dims* out);

// UNSQUEEZE's / EXPAND_DIMS's output dims (C-609, C-610): a size-1 dim at
// each of `axes`, which are positions in the output (rank(x) + axes.size()),
// each in [-out_rank, out_rank), no position twice.
Status InsertUnitDims(const Dims& x, const std::vector<int64_t>& axes, const char* op, const char* clarification,
                      Dims* out);

Status InferFlatten(OpContext& ctx);
Status InferSqueeze(OpContext& ctx);
Status InferUnsqueeze(OpContext& ctx);
Status InferExpandDims(OpContext& ctx);

OpDef FlattenOpDef();
OpDef SqueezeOpDef();
OpDef UnsqueezeOpDef();
OpDef ExpandDimsOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_SHAPE_OPS_H_
