// SPARSE_TO_DENSE (family "strided_slice"; ops_catalog #88, HDI
// SparseToDense, no attributes): inputs indices ([N, r] int32/int64),
// values ([N], or one element for every index) and sparseShape (1-D [r]
// int32/int64, the output dims). y has sparseShape's dims and values' type:
// real 0 everywhere, then values[k] written at indices[k] for k = 0..N-1 (a
// later duplicate overwrites). Runs SCATTER_ND's kernel.
// Semantics: docs/operators/sparse_to_dense.md; decisions C-621..C-623.
#ifndef NNRT_REFERENCE_OPS_SPARSE_TO_DENSE_H_
#define NNRT_REFERENCE_OPS_SPARSE_TO_DENSE_H_

#include "reference/ops/core/op_def.h"

namespace nnrt {

// Validates and sets ScatterNdParams (inner 1; one_update for a single value).
Status InferSparseToDense(OpContext& ctx);
OpDef SparseToDenseOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_SPARSE_TO_DENSE_H_
