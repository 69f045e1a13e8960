// SOFTMAX (HDI struct Softmax {long[] axis}; ops_catalog #30) and LOG_SOFTMAX
// (HDI struct LogSoftmax {long axis}; #95): exp(x - max) / sum exp(x - max)
// along one axis, and its logarithm x - max - log(sum exp(x - max)).
// Semantics: docs/semantics.md "SOFTMAX" / "LOG_SOFTMAX"; decisions C-540..C-543.
#ifndef NNRT_REFERENCE_OPS_SOFTMAX_H_
#define NNRT_REFERENCE_OPS_SOFTMAX_H_

#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// What the kernel needs, decided by InferSoftmax: the tensor seen as
// [outer, axis_size, inner] (row-major), one row per (outer, inner) pair.
struct SoftmaxParams {
  bool log = false;        // LOG_SOFTMAX
  bool quantized = false;  // int8/uint8 in and out (C-543)
  int32_t axis = 0;        // normalised to [0, rank)
  int64_t outer = 0, axis_size = 0, inner = 0;
};

// One row in binary64, in place (C-541, C-542): NaN anywhere, a +inf, or a row
// of all -inf gives a NaN row; otherwise d = x - max, S = sum exp(d) in index
// order, y = exp(d) / S (SOFTMAX) or d - log(S) (LOG_SOFTMAX).
using SoftmaxRowFn = void (*)(bool log, std::vector<double>* row);
// The first step of every row: *max = the row's maximum, or (C-541) the row
// set to NaN and false returned.
bool SoftmaxRowMax(std::vector<double>* row, double* max);
void SoftmaxRow(bool log, std::vector<double>* row);

// The row axis of a SOFTMAX / LOG_SOFTMAX node for an input of `rank`, in
// [0, rank) (C-540); the conformance comparator uses it too.
Status SoftmaxAxis(const Node& node, size_t rank, int32_t* axis);

Status InferSoftmax(OpContext& ctx);
Status SoftmaxKernel(OpContext& ctx);
// The loop nest with a caller-given row function, so that a deliberately
// wrong test driver can change only the arithmetic of a row.
Status RunSoftmaxWithRowFn(OpContext& ctx, const SoftmaxParams& plan, SoftmaxRowFn row_fn);

OpDef SoftmaxOpDef();
OpDef LogSoftmaxOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_SOFTMAX_H_
