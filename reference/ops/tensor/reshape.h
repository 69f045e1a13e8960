// RESHAPE (ops_catalog #45): input 0 = data, input 1 = the target shape
// (1-D int32 or int64; constant, or a run-time input). Output = the data,
// unchanged, with the target shape. Semantics: docs/operators/reshape.md.
#ifndef NNRT_REFERENCE_OPS_RESHAPE_H_
#define NNRT_REFERENCE_OPS_RESHAPE_H_

#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// Resolves a target shape against the input dims: 0 copies the input dim at
// the same index, one -1 takes the remaining element count (C-60).
// `input` may contain -1 (unknown): the result then holds -1 where it depends
// on them. Fails with `error_code` when the shape is malformed or the element
// counts differ.
Status ResolveReshape(const Dims& input, const std::vector<int64_t>& shape, NNRT_ReturnCode error_code, Dims* out);

Status InferReshape(OpContext& ctx);
Status ReshapeKernel(OpContext& ctx);

// The module's entry in the node-type list (registry.cc).
OpDef ReshapeOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_RESHAPE_H_
