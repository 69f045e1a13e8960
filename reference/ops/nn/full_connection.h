// FULL_CONNECTION (HDI struct FullConnection {hasBias, useAxis, axis,
// activationType}; ops_catalog #15 OH_NN_OPS_FULL_CONNECTION). Inputs x,
// weight [outC, K], optional bias [outC]; x is flattened to rows of K
// features, y = act(x_rows * weight^T + bias).
// Semantics: docs/semantics.md "FULL_CONNECTION"; decisions C-506..C-510.
#ifndef NNRT_REFERENCE_OPS_FULL_CONNECTION_H_
#define NNRT_REFERENCE_OPS_FULL_CONNECTION_H_

#include <cstdint>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// What the kernel needs, decided by InferFullConnection.
struct FullConnectionParams {
  bool quantized = false;
  bool has_bias = false;  // a bias input is present (C-507)
  ActivationType activation = ActivationType::kNone;
  int64_t rows = 0;   // x elements / K
  int64_t k = 0;      // weight dim 1
  int64_t out_c = 0;  // weight dim 0
};

Status InferFullConnection(OpContext& ctx);
// y[r, o] = act(sum over k ascending of x[r, k] * w[o, k] + bias[o]).
Status FullConnectionKernel(OpContext& ctx);
// The loop nest with a caller-given plan (for deliberately wrong test drivers).
Status RunFullConnectionWithParams(OpContext& ctx, const FullConnectionParams& plan);

OpDef FullConnectionOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_FULL_CONNECTION_H_
