// POW_FUSION (ops_catalog #25; HDI PowFusion {scale, shift}): y = (shift +
// scale * x)^exponent element-wise, x and the exponent numpy-broadcast.
// Semantics: docs/operators/pow.md; decisions C-694..C-697.
#ifndef NNRT_REFERENCE_OPS_POW_H_
#define NNRT_REFERENCE_OPS_POW_H_

#include "reference/ops/core/op_def.h"

namespace nnrt {

struct PowParams {
  double scale = 1.0;
  double shift = 0.0;
  bool quantized = false;
};

// Types (float32 / float16, or quantized int8/uint8 operands and output,
// C-697), finite scale and shift (C-694), the broadcast output dims (C-695).
Status InferPow(OpContext& ctx);

// The element function in binary64: pow(shift + scale * x, e) with C99 / IEEE
// 754 pow special cases (C-696).
double PowElement(const PowParams& p, double x, double e);

// For every output element in row-major order.
Status PowKernel(OpContext& ctx);

// The module's entry in the node-type list (registry.cc), family "pow".
OpDef PowOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_POW_H_
