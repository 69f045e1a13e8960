// TOPK_FUSION (HDI struct TopKFusion {sorted, axis}; ops_catalog #53): the k
// largest elements along one axis (k is input 1, constant or run-time) and
// their indices; ranked as ARGMAX_FUSION (larger first, NaN above every
// number, ties to the lower index). Semantics: docs/semantics.md
// "TOPK_FUSION"; decisions C-587..C-590.
#ifndef NNRT_REFERENCE_OPS_TOPK_H_
#define NNRT_REFERENCE_OPS_TOPK_H_

#include <cstdint>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// What the kernel needs, decided by InferTopK: the input seen as
// [outer, axis_size, inner], k results per (outer, inner) pair written at
// [outer, k, inner] of both outputs.
struct TopKParams {
  bool sorted = true;      // true: largest first; false: the same k, smallest first (C-589)
  bool requantize = false;  // int8/uint8 values with output params other than the input's (C-590)
  int32_t axis = 0;        // normalised to [0, rank)
  int64_t k = 0;
  int64_t outer = 0, axis_size = 0, inner = 0;
};

Status InferTopK(OpContext& ctx);
Status TopKKernel(OpContext& ctx);
// The loop nest with a caller-given plan, so that a deliberately wrong test
// driver can reuse the plan.
Status RunTopKWithParams(OpContext& ctx, const TopKParams& plan);

OpDef TopKOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_TOPK_H_
