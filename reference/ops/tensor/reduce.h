// REDUCE_FUSION (HDI struct ReduceFusion {keepDims, mode, reduceToEnd, coeff};
// ops_catalog #42, 50, 51, 99, 100, 101, 106): MEAN, MAX, MIN, PROD, SUM,
// SUM_SQUARE, ASUM, ALL or L2 over the axes given as input 1.
// Semantics: docs/semantics.md "REDUCE_FUSION"; decisions C-545..C-551.
#ifndef NNRT_REFERENCE_OPS_REDUCE_H_
#define NNRT_REFERENCE_OPS_REDUCE_H_

#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {

// HDI ReduceMode (ops_catalog 2.4).
enum class ReduceMode : int8_t {
  kMean = 0,
  kMax = 1,
  kMin = 2,
  kProd = 3,
  kSum = 4,
  kSumSquare = 5,
  kAsum = 6,
  kAll = 7,
  kL2 = 8,
};

// What the kernel needs, decided by InferReduce.
struct ReduceParams {
  ReduceMode mode = ReduceMode::kMean;
  NumericKind kind = NumericKind::kFloat;  // bool (ALL) runs as kInteger
  bool apply_coeff = false;                // reduceToEnd and coeff != 0 (C-547)
  double coeff = 1.0;
  std::vector<bool> reduced;  // per input axis (C-545, C-546)
  Dims in_dims;               // concrete input dims (run time)
  int64_t count = 0;          // input elements per output element (MEAN's divisor)
};

// The reduced axes of an input of `rank` from the axis values, reduceToEnd
// and the C-545 / C-546 rules: out of range is NNRT_INVALID_MODEL, negative
// axes count from the end, duplicates merge, no axis = every axis.
Status ReducedAxes(const std::vector<int64_t>& axes, size_t rank, bool reduce_to_end, std::vector<bool>* reduced);

Status InferReduce(OpContext& ctx);
// The axis input (input 1) and the output dims of a reduction of input 0:
// fills plan->reduced, count and in_dims and writes ctx.outputs[0].dims
// (C-545, C-546; run-time axes: -1 dims when keep, else the declared dims).
// Shared by REDUCE_FUSION and ALL.
Status InferReducedDims(OpContext& ctx, bool keep, bool reduce_to_end, ReduceParams* plan);
// Output element o = f(inputs over the reduced axes), the reduced positions
// visited in row-major order: float in binary64, rounded once; quantized as
// Q_out(coeff * f(DQ(x))); plain integers exact and wrapping (C-548..C-551).
Status ReduceKernel(OpContext& ctx);
// The loop nest with a caller-given plan (the reference passes the one
// InferReduce stored), so that a deliberately wrong test driver can change
// only the divisor or the visited axes.
Status RunReduceWithParams(OpContext& ctx, const ReduceParams& plan);

OpDef ReduceOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_REDUCE_H_
