// The typed loop nests of MAX_POOL_FUSION and AVGPOOL_FUSION: channels
// innermost, the input read in its stored type (float32 values and 8-bit codes
// directly, float16 converted to binary64 once per run), no per-element type
// dispatch. Each output channel still sees its window in rows-then-columns
// order (docs/semantics.md "Why the fast loop orders give the same bits").
#ifndef NNRT_REFERENCE_OPS_POOL_KERNEL_H_
#define NNRT_REFERENCE_OPS_POOL_KERNEL_H_

#include "reference/ops/core/op_def.h"
#include "reference/ops/nn/pool.h"

namespace nnrt {

// The caller has checked the plan against ctx's buffers and charged the work.
void RunMaxPoolLoops(OpContext& ctx, const PoolParams& plan);
void RunAvgPoolLoops(OpContext& ctx, const PoolParams& plan, AvgPoolDivisor divisor);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_POOL_KERNEL_H_
