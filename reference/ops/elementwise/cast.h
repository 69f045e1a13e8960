// CAST (ops_catalog #6, HDI Cast {}): converts every element to the data type
// named by input 1 (an OH_NN_DataType number). Conversion rules for every pair
// of types: docs/operators/cast.md; decisions C-182..C-186.
#ifndef NNRT_REFERENCE_OPS_CAST_H_
#define NNRT_REFERENCE_OPS_CAST_H_

#include <cstdint>

#include "reference/ir/ir.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {

Status InferCast(OpContext& ctx);
Status CastKernel(OpContext& ctx);

// Element i of a `from` buffer converted to `to` and written as element i of
// the `to` buffer (exposed for tests and for other ops that convert types).
void CastElement(DataType from, const void* src, DataType to, void* dst, size_t i);

// The module's entry in the node-type list (registry.cc).
OpDef CastOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_CAST_H_
