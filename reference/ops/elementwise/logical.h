// LOGICAL_AND, LOGICAL_OR (ops_catalog #81, #89: numpy broadcasting of two
// operands) and LOGICAL_NOT (#82: one operand); HDI LogicalAnd {},
// LogicalOr {}, LogicalNot {}; bool output.
// Semantics: docs/operators/logical.md; decisions C-686, C-687.
#ifndef NNRT_REFERENCE_OPS_LOGICAL_H_
#define NNRT_REFERENCE_OPS_LOGICAL_H_

#include "reference/ops/core/op_def.h"

namespace nnrt {

// Operand types (bool or plain integers, non-zero = true, C-686), the bool
// output, and the output dims (broadcast for AND/OR, C-687; the input's for NOT).
Status InferLogical(OpContext& ctx);

// For every output element in row-major order: the truth of each operand
// element (non-zero), combined; y is a bool byte (1 / 0).
Status LogicalKernel(OpContext& ctx);

// The module's entry in the node-type list (registry.cc), family "logical".
OpDef LogicalOpDef(NodeType type);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_LOGICAL_H_
