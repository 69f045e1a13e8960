// LAYER_NORM_FUSION (HDI struct LayerNormFusion {beginNormAxis, epsilon,
// elementwiseAffine, beginParamsAxis}; ops_catalog #49 OH_NN_OPS_LAYER_NORM).
// Each row (the dims from beginNormAxis on) is normalised with its own mean
// and population variance; gamma and beta cover the dims from beginParamsAxis.
// Semantics: docs/semantics.md "LAYER_NORM_FUSION"; decisions C-570..C-575.
#ifndef NNRT_REFERENCE_OPS_LAYER_NORM_H_
#define NNRT_REFERENCE_OPS_LAYER_NORM_H_

#include <cstdint>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// What the kernel needs, decided by InferLayerNorm.
struct LayerNormParams {
  bool quantized = false;
  bool affine = true;      // elementwiseAffine (C-571)
  double epsilon = 0;
  int64_t rows = 0;        // product of dims [0, beginNormAxis)
  int64_t row_length = 0;  // product of dims [beginNormAxis, rank)
  int64_t param_size = 0;  // product of dims [beginParamsAxis, rank): gamma[i % param_size]
  // The divisor of the variance: row_length (population, C-572). A test
  // driver may change it to model a wrong kernel.
  int64_t variance_divisor = 0;
};

Status InferLayerNorm(OpContext& ctx);
// y[i] = ((x[i] - mean) * inv_std) * gamma[i % P] + beta[i % P] per row, in
// binary64, rounded (or quantized) once.
Status LayerNormKernel(OpContext& ctx);
// The loop nest with a caller-given plan (test hook for mutant drivers).
Status RunLayerNormWithParams(OpContext& ctx, const LayerNormParams& plan);

OpDef LayerNormOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_LAYER_NORM_H_
