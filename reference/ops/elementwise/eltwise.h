// ELTWISE (ops_catalog #12; HDI Eltwise {mode}): element-wise PROD (0), SUM
// (1) or MAXIMUM (2) of two numpy-broadcast operands, computed by the
// MUL_FUSION, ADD_FUSION and MAXIMUM kernels. Family "binary_math".
// Semantics: docs/operators/eltwise.md; decisions C-698, C-699.
#ifndef NNRT_REFERENCE_OPS_ELTWISE_H_
#define NNRT_REFERENCE_OPS_ELTWISE_H_

#include <any>
#include <cstdint>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// HDI EltwiseMode.
enum class EltwiseMode : int64_t { kProd = 0, kSum = 1, kMaximum = 2 };

struct EltwiseParams {
  EltwiseMode mode = EltwiseMode::kProd;
  std::any inner;  // the params of the kernel that computes the mode
};

// The mode (0..2; UNKNOWN 3, which the OH_NN builder accepts, is rejected,
// C-698), then the inference of the mode's node type (types C-41, numpy
// broadcasting C-699).
Status InferEltwise(OpContext& ctx);

// The mode's kernel: MulKernel, AddKernel (no activation) or MAXIMUM's.
Status EltwiseKernel(OpContext& ctx);

OpDef EltwiseOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_ELTWISE_H_
