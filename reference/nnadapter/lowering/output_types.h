// What NNAdapterModel_addOperation infers for an operation's output operands,
// as Paddle Lite's per-operation preparation does, so a client that adds its
// outputs with precision NNADAPTER_UNKNOWN and no dims (as Paddle Lite's
// subgraph bridge does) can read their types back right away (C-900, C-901,
// C-902).
#ifndef NNRT_REFERENCE_NNADAPTER_LOWERING_OUTPUT_TYPES_H_
#define NNRT_REFERENCE_NNADAPTER_LOWERING_OUTPUT_TYPES_H_

#include <vector>

#include "nnadapter/hal/types.h"
#include "reference/ir/ir.h"

namespace nnrt {
namespace nna {

// The precision of output `k` (C-900): BOOL8 for the comparisons, the dtype
// operand for CAST, SHAPE, ARG_MAX, ARG_MIN and the indices of TOP_K and the
// max pools, the value's for FILL, otherwise input 0's. NNADAPTER_UNKNOWN
// when the operand it comes from is missing or not a constant.
int32_t InferredPrecision(const ::nnadapter::hal::Operation& op, size_t k);

// The dims of every output (C-901): the reference's own shape inference of
// the operation's lowering where it is exact, NNAdapter's formulas for the
// poolings, DEFORMABLE_CONV_2D, FILL and the operations without a lowering. The
// output operands must already hold their precisions. Empty Dims for a NULL
// output; -1 where an input dim is unknown.
Status InferredDims(const ::nnadapter::hal::Operation& op, std::vector<Dims>* dims);

// Fills, in each non-NULL output operand, what the client left unknown:
// precision NNADAPTER_UNKNOWN, quant params of a quantised precision (copied
// from input 0 by the operations that only move or select its values,
// C-902), dims count 0 or NNADAPTER_UNKNOWN entries. Declared values are
// kept (a contradiction is reported when the model is compiled). Never fails:
// what cannot be inferred stays unknown.
void InferOutputTypes(::nnadapter::hal::Operation* op);

}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_LOWERING_OUTPUT_TYPES_H_
