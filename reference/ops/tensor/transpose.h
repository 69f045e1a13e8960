// TRANSPOSE (ops_catalog #41, HDI Transpose {}): input 0 = x, input 1 = perm
// (1-D int32/int64, length rank(x), a permutation of 0..rank-1); y.dims[i] =
// x.dims[perm[i]], elements copied (family "data_movement").
// Semantics: docs/operators/transpose.md; decisions C-600, C-601.
#ifndef NNRT_REFERENCE_OPS_TRANSPOSE_H_
#define NNRT_REFERENCE_OPS_TRANSPOSE_H_

#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// What the kernel needs: the output dims and, for every output axis i, the
// stride of x along axis perm[i] (x's flat offset of an output index).
struct TransposeParams {
  Dims out;
  std::vector<int64_t> x_strides;
};

// Checks `perm` (values known) as a permutation of 0..rank-1 (C-601).
Status CheckPermutation(const std::vector<int64_t>& perm, int64_t rank, const TensorArg& perm_tensor);

Status InferTranspose(OpContext& ctx);
// For every output index in row-major order: the element of x at
// sum(index[i] * x_strides[i]) (bytes copied).
Status TransposeKernel(OpContext& ctx);

OpDef TransposeOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_TRANSPOSE_H_
