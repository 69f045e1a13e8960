// SHAPE (ops_catalog #27, HDI Shape {}) and RANK (#98, HDI Rank {}), family
// "data_movement": the dims of x as a 1-D int32/int64 tensor, and rank(x) as
// an int32/int64 scalar. The output's values depend only on x's dims, never on
// its elements. Semantics: docs/operators/shape.md, rank.md; decisions
// C-611, C-612.
#ifndef NNRT_REFERENCE_OPS_SHAPE_RANK_H_
#define NNRT_REFERENCE_OPS_SHAPE_RANK_H_

#include "reference/ops/core/op_def.h"

namespace nnrt {

Status InferShape(OpContext& ctx);
Status InferRank(OpContext& ctx);
// y[i] = x.dims[i] (the run's concrete dims) in y's integer type.
Status ShapeKernel(OpContext& ctx);
// y = rank(x) in y's integer type.
Status RankKernel(OpContext& ctx);

OpDef ShapeOpDef();
OpDef RankOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_SHAPE_RANK_H_
