// STACK (ops_catalog #36, HDI Stack {axis}) and UNSTACK (#57, HDI Unstack
// {axis}), family "data_movement": n tensors of one shape joined along a new
// axis, and one tensor cut into its slices along an axis (which is removed);
// elements copied. Semantics: docs/operators/stack.md, unstack.md;
// decisions C-600, C-605, C-606.
#ifndef NNRT_REFERENCE_OPS_STACK_H_
#define NNRT_REFERENCE_OPS_STACK_H_

#include <cstdint>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// The copy of both: for o in [0, outer): for each piece i in order: `inner`
// elements (inner = product of the piece's dims from the axis on).
struct StackParams {
  int64_t outer = 0;
  int64_t inner = 0;
};

Status InferStack(OpContext& ctx);
Status InferUnstack(OpContext& ctx);
Status StackKernel(OpContext& ctx);
Status UnstackKernel(OpContext& ctx);

OpDef StackOpDef();
OpDef UnstackOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_STACK_H_
