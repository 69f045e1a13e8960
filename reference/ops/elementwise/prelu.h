// PRELU_FUSION (ops_catalog #46, HDI PReLUFusion {channelShared}):
// y = x >= 0 ? x : slope[c] * x with one shared slope or one per channel.
// Semantics: docs/operators/prelu.md; decisions C-180, C-181.
#ifndef NNRT_REFERENCE_OPS_PRELU_H_
#define NNRT_REFERENCE_OPS_PRELU_H_

#include "reference/ops/core/op_def.h"

namespace nnrt {

Status InferPRelu(OpContext& ctx);
Status PReluKernel(OpContext& ctx);

// The module's entry in the node-type list (registry.cc).
OpDef PReluOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_PRELU_H_
