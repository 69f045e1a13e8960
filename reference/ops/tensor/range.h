// RANGE (family "generators"; ops_catalog #66, HDI Range {dataType, start,
// limit, delta}): the 1-D sequence start, start + delta, ... up to limit
// (exclusive), in the data type of its one input, whose values are not read.
// Semantics: docs/operators/range.md; decisions C-662..C-664.
#ifndef NNRT_REFERENCE_OPS_RANGE_H_
#define NNRT_REFERENCE_OPS_RANGE_H_

#include <cstdint>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// What the kernel needs, decided once by InferRange.
struct RangeParams {
  int64_t start = 0;
  int64_t delta = 1;
  int64_t count = 0;  // ceil((limit - start) / delta) >= 1 (C-663)
};

// The element count ceil((limit - start) / delta) computed exactly (128-bit);
// may be <= 0 or above 2^31-1, which InferRange rejects.
__int128 RangeCount(int64_t start, int64_t limit, int64_t delta);

Status InferRange(OpContext& ctx);
// y[i] = start + i * delta for i = 0 .. count-1, the exact integer rounded
// once to y's type (C-664).
Status RangeKernel(OpContext& ctx);

OpDef RangeOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_RANGE_H_
