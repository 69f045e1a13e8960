// SCALE_FUSION (HDI ScaleFusion {axis, activationType}; ops_catalog #26
// OH_NN_OPS_SCALE): y = act(x * scale + bias) with scale and bias aligned to
// the input dims starting at `axis`. BIAS_ADD (HDI BiasAdd {}; ops_catalog #5
// OH_NN_OPS_BIAS_ADD): y = x + bias along the last axis.
// Semantics: docs/semantics.md "SCALE_FUSION", "BIAS_ADD"; decisions C-579..C-582, C-584.
#ifndef NNRT_REFERENCE_OPS_SCALE_BIAS_H_
#define NNRT_REFERENCE_OPS_SCALE_BIAS_H_

#include <cstdint>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// Element i reads scale/bias at (i / inner) % size: `size` = the element
// count of scale, `inner` = the product of the input dims after the scaled ones.
struct ScaleBiasParams {
  bool quantized = false;
  ActivationType activation = ActivationType::kNone;
  bool has_scale = true;  // false for BIAS_ADD
  int64_t size = 0;
  int64_t inner = 1;
};

Status InferScale(OpContext& ctx);
Status InferBiasAdd(OpContext& ctx);
// y = act(x * scale[k] + bias[k]) (BIAS_ADD: x + bias[k]) in binary64,
// rounded (or quantized) once.
Status ScaleBiasKernel(OpContext& ctx);
// The loop nest with a caller-given plan (test hook for mutant drivers).
Status RunScaleBiasWithParams(OpContext& ctx, const ScaleBiasParams& plan);

OpDef ScaleOpDef();
OpDef BiasAddOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_SCALE_BIAS_H_
