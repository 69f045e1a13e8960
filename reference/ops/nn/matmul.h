// MATMUL_FUSION (HDI struct MatMulFusion {transposeA, transposeB,
// activationType}; ops_catalog #19 OH_NN_OPS_MATMUL). Matrix product over the
// last two dims of a [..., M, K] and b [..., K, N] (after the optional
// transposes), batch dims broadcast numpy-style, fused activation.
// Semantics: docs/semantics.md "MATMUL_FUSION"; decisions C-500..C-504.
#ifndef NNRT_REFERENCE_OPS_MATMUL_H_
#define NNRT_REFERENCE_OPS_MATMUL_H_

#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// What the kernel needs, decided by InferMatMul: sizes, element strides of
// each operand along m / k / n (the transposes are only strides), and for
// every output matrix (row-major over the broadcast batch dims) the offset of
// the a and b matrices it reads.
struct MatMulParams {
  bool quantized = false;
  ActivationType activation = ActivationType::kNone;
  bool transpose_a = false;
  bool transpose_b = false;
  int64_t m = 0, k = 0, n = 0;
  int64_t a_m_stride = 0, a_k_stride = 0;
  int64_t b_k_stride = 0, b_n_stride = 0;
  std::vector<int64_t> a_offsets, b_offsets;  // one per output matrix
};

Status InferMatMul(OpContext& ctx);
// out[batch, i, j] = act(sum over k ascending of a[batch, i, k] * b[batch, k, j]):
// float in double, rounded once; quantized as an exact int64 sum of centred
// products, requantized once (docs/quantization.md).
Status MatMulKernel(OpContext& ctx);
// The loop nest with a caller-given plan (the reference passes the one
// InferMatMul stored), so that a deliberately wrong test driver can change
// only how an operand is addressed.
Status RunMatMulWithParams(OpContext& ctx, const MatMulParams& plan);

OpDef MatMulOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_MATMUL_H_
