// ARGMAX_FUSION (HDI struct ArgMaxFusion {axis, topK, keepDims, outMaxValue};
// ops_catalog #54): the indices (or, with outMaxValue, the values) of the
// topK largest elements along one axis, largest first, ties to the lower index.
// Semantics: docs/semantics.md "ARGMAX_FUSION"; decisions C-552..C-554.
#ifndef NNRT_REFERENCE_OPS_ARGMAX_H_
#define NNRT_REFERENCE_OPS_ARGMAX_H_

#include <cstdint>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// What the kernel needs, decided by InferArgMax: the input seen as
// [outer, axis_size, inner], topK results per (outer, inner) pair written at
// [outer, topK, inner] of the output.
struct ArgMaxParams {
  bool out_values = false;  // outMaxValue
  bool quantized = false;   // int8/uint8 input
  int32_t axis = 0;         // normalised to [0, rank)
  int64_t top_k = 1;
  int64_t outer = 0, axis_size = 0, inner = 0;
};

Status InferArgMax(OpContext& ctx);
Status ArgMaxKernel(OpContext& ctx);
// The loop nest with a caller-given plan, so that a deliberately wrong test
// driver can change only how the row is read.
Status RunArgMaxWithParams(OpContext& ctx, const ArgMaxParams& plan);

OpDef ArgMaxOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_ARGMAX_H_
