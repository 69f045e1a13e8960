// The straightforward loop nests of the accumulating and pooling operators,
// kept for the tests only: the executable statement of each documented
// accumulation order (docs/semantics.md), one LoadAsDouble / LoadAsInt64 per
// term. kernels_bit_exact_test compares the typed kernels with them bit for bit.
#ifndef NNRT_REFERENCE_OPS_TESTING_PLAIN_KERNELS_H_
#define NNRT_REFERENCE_OPS_TESTING_PLAIN_KERNELS_H_

#include "reference/ops/nn/conv2d.h"
#include "reference/ops/nn/full_connection.h"
#include "reference/ops/nn/matmul.h"
#include "reference/ops/nn/pool.h"
#include "reference/ops/nn/softmax.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace testing {

// CONV2D_FUSION: for n, oh, ow, oc, then ky, kx, ic; float acc in binary64 +
// bias, activation, one rounding; quantized exact int64 + bias, requantized.
void PlainConv2D(OpContext& ctx, const Conv2DAttrs& p, const ConvPads& pads);

// FULL_CONNECTION: for r, o, then k ascending (x[r, k] * w[o, k]); bias after the sum.
Status PlainFullConnection(OpContext& ctx, const FullConnectionParams& p);

// MATMUL_FUSION: for every output matrix, i, j, then k ascending.
Status PlainMatMul(OpContext& ctx, const MatMulParams& p);

// MAX_POOL_FUSION / AVGPOOL_FUSION: for n, oh, ow, c, then window rows, columns.
Status PlainMaxPool(OpContext& ctx, const PoolParams& plan);
Status PlainAvgPool(OpContext& ctx, const PoolParams& plan, AvgPoolDivisor divisor);

// SOFTMAX / LOG_SOFTMAX: the kernel's row walk with the plain row: m, d = x - m,
// S = Σ exp(d) in index order, y = exp(d) / S (exp evaluated again) or d - log S.
Status PlainSoftmax(OpContext& ctx, const SoftmaxParams& p);

// ADD_FUSION / SUB_FUSION / MUL_FUSION / DIV_FUSION, float (all four) or
// quantized (not DIV): every output element in row-major order through
// ForEachBroadcastPair; r = x0 op x1 in binary64, or t = fl64(a0 * fl64(s0/sy))
// +- fl64(a1 * fl64(s1/sy)), MUL t = fl64(a0 * a1) * fl64(fl64(s0 * s1) / sy),
// requantized.
Status PlainArithmetic(OpContext& ctx, NodeType type, ActivationType act);

}  // namespace testing
}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_TESTING_PLAIN_KERNELS_H_
