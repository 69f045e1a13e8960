// ADD_FUSION, SUB_FUSION, MUL_FUSION, DIV_FUSION (ops_catalog #1, #38, #22, #11):
// numpy-broadcast element-wise arithmetic with a fused activation.
// Semantics: docs/operators/arithmetic.md.
#ifndef NNRT_REFERENCE_OPS_ARITHMETIC_H_
#define NNRT_REFERENCE_OPS_ARITHMETIC_H_

#include "reference/ops/core/op_def.h"

namespace nnrt {

// Shared by the four node types: checks operand kinds and the fused
// activation, writes the broadcast output shape.
Status InferArithmetic(OpContext& ctx);

// The same for a node type without the activationType attribute (REAL_DIV,
// binary_math.cc): no fused activation.
Status InferArithmeticWithoutActivation(OpContext& ctx);

Status AddKernel(OpContext& ctx);
Status SubKernel(OpContext& ctx);
Status MulKernel(OpContext& ctx);
Status DivKernel(OpContext& ctx);

// The quantizing step of the quantized path: (scaled real t, output zero
// point, clamp range) -> q. The reference passes RoundAddZeroPointAndClamp
// (quantization_semantics 4.3: RHA with the zero point inside the rounding).
using QuantRoundFn = int64_t (*)(double t, int32_t zero_point, int64_t qmin, int64_t qmax);

// ADD_FUSION, SUB_FUSION, MUL_FUSION or DIV_FUSION (`type`) with a
// caller-chosen quantizing step, after InferArithmetic on the same context.
// Float and integer paths are unaffected by `round`. This exists so that test
// drivers (deliberately wrong sample drivers) can swap the rounding rule; the
// reference itself always uses the kernels above.
Status RunArithmeticWithRounding(OpContext& ctx, NodeType type, QuantRoundFn round);

// The module's entry in the node-type list (registry.cc).
OpDef ArithmeticOpDef(NodeType type);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_ARITHMETIC_H_
