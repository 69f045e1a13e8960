// BATCH_TO_SPACE_ND (ops_catalog #4, HDI BatchToSpaceND {blockShape, crops})
// and SPACE_TO_BATCH_ND (#31, HDI SpaceToBatchND {blockShape, paddings}),
// family "block_space": one rank-4 NHWC input x (C-640), one output y of x's
// type and quant params. blockShape = [b0, b1] (>= 1 each, C-641); crops and
// paddings = [[top, bottom], [left, right]] row-major (>= 0, C-642, C-643).
// BATCH_TO_SPACE_ND interleaves batch blocks into the spatial dims and crops
// (y [N/(b0*b1), H*b0 - top - bottom, W*b1 - left - right, C]); SPACE_TO_BATCH_ND
// pads with real 0 (C-644) and moves the spatial blocks into the batch
// (y [N*b0*b1, (H + top + bottom)/b0, (W + left + right)/b1, C]). Elements are
// copied byte for byte.
// Semantics: docs/operators/batch_to_space_nd.md, space_to_batch_nd.md; decisions C-640..C-644.
#ifndef NNRT_REFERENCE_OPS_BATCH_SPACE_H_
#define NNRT_REFERENCE_OPS_BATCH_SPACE_H_

#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// What the kernel needs, decided once by InferBatchToSpace / InferSpaceToBatch.
struct BatchSpaceParams {
  bool to_space = true;  // BATCH_TO_SPACE_ND; false: SPACE_TO_BATCH_ND
  int64_t block_h = 1, block_w = 1;
  int64_t top = 0, left = 0;  // crops (BATCH_TO_SPACE_ND) or paddings (SPACE_TO_BATCH_ND) before the data
  Dims in;
  Dims out;
  std::vector<uint8_t> fill;  // SPACE_TO_BATCH_ND: one element of real 0 in y's type (C-644)
};

Status InferBatchToSpace(OpContext& ctx);
Status InferSpaceToBatch(OpContext& ctx);
// For every element of y in row-major order: the element of x it comes from,
// or (SPACE_TO_BATCH_ND padding) the fill element; bytes copied.
//   BATCH_TO_SPACE_ND: y[n, h, w, c] = x[(i*b1 + j)*N' + n, hh / b0, ww / b1, c] with hh = h + top,
//     ww = w + left, i = hh % b0, j = ww % b1, N' = y's batch.
//   SPACE_TO_BATCH_ND: y[(i*b1 + j)*N + n, h, w, c] = x[n, h*b0 + i - top, w*b1 + j - left, c],
//     the fill outside x.
Status BatchSpaceKernel(OpContext& ctx);

OpDef BatchToSpaceOpDef();
OpDef SpaceToBatchOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_BATCH_SPACE_H_
