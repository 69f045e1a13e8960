// FUSED_BATCH_NORM (HDI FusedBatchNorm {epsilon}; ops_catalog #3
// OH_NN_OPS_BATCH_NORM): inference form with given statistics along the last
// (channel) axis. INSTANCE_NORM (HDI InstanceNorm {epsilon}; ops_catalog #67
// OH_NN_OPS_INSTANCE_NORM): per sample and channel (dim 1), mean and
// variance over the remaining (spatial) dims.
// Semantics: docs/semantics.md "FUSED_BATCH_NORM", "INSTANCE_NORM";
// decisions C-572..C-578, C-583.
#ifndef NNRT_REFERENCE_OPS_BATCH_INSTANCE_NORM_H_
#define NNRT_REFERENCE_OPS_BATCH_INSTANCE_NORM_H_

#include <cstdint>

#include "reference/ops/core/op_def.h"

namespace nnrt {

struct BatchNormParams {
  bool quantized = false;
  double epsilon = 0;
  int64_t channels = 0;  // x.dims.back()
  // Added to the variance before the square root: epsilon. A test driver may
  // change it to model a wrong kernel.
  double variance_offset = 0;
};

Status InferBatchNorm(OpContext& ctx);
// y = ((x - mean[c]) * (1 / sqrt(variance[c] + epsilon))) * scale[c] + offset[c],
// c = i % C, in binary64, rounded (or quantized) once.
Status BatchNormKernel(OpContext& ctx);
Status RunBatchNormWithParams(OpContext& ctx, const BatchNormParams& plan);
OpDef BatchNormOpDef();

struct InstanceNormParams {
  double epsilon = 0;
  int64_t batch = 0, channels = 0, spatial = 0;  // x [N, C, D1..Dn], spatial = D1*..*Dn
};

Status InferInstanceNorm(OpContext& ctx);
// Per (n, c): mean and population variance of the spatial elements (C-572),
// y = Normalized(x) * scale[c] + bias[c]; float32 / float16 only (C-583).
Status InstanceNormKernel(OpContext& ctx);
OpDef InstanceNormOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_BATCH_INSTANCE_NORM_H_
