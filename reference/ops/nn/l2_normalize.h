// L2_NORMALIZE_FUSION (HDI L2NormalizeFusion {axis, epsilon, activationType};
// ops_catalog #94 OH_NN_OPS_L2_NORMALIZE): y = act(x / sqrt(max(sum of x^2
// over the axes, epsilon))), float32 / float16.
// Semantics: docs/semantics.md "L2_NORMALIZE_FUSION"; decisions C-585..C-586.
#ifndef NNRT_REFERENCE_OPS_L2_NORMALIZE_H_
#define NNRT_REFERENCE_OPS_L2_NORMALIZE_H_

#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// What the kernel needs, decided by InferL2Normalize. The groups (the
// elements sharing the indices of the kept dims) are walked at run time from
// the input's dims, one group's offsets at a time: preparing does no work
// proportional to the element count (a model declaring a huge tensor must not
// cost time or memory before the run memory budget applies).
struct L2NormalizeParams {
  ActivationType activation = ActivationType::kNone;
  double epsilon = 0;
  std::vector<bool> reduced;  // per input axis: summed over
  // true: the denominator is sqrt(max(sum, epsilon)) (C-586). A test driver
  // may set it false to model sqrt(sum + epsilon).
  bool epsilon_as_floor = true;
};

Status InferL2Normalize(OpContext& ctx);
Status L2NormalizeKernel(OpContext& ctx);
Status RunL2NormalizeWithParams(OpContext& ctx, const L2NormalizeParams& plan);
OpDef L2NormalizeOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_L2_NORMALIZE_H_
