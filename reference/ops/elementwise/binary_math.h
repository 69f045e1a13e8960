// MAXIMUM, MINIMUM, SQUARED_DIFFERENCE, MOD (ops_catalog #20, #97, #34, #83;
// HDI Maximum {}, Minimum {}, SquaredDifference {}, Mod {}) and REAL_DIV (HDI
// RealDiv {}, no OH_NN operation): numpy-broadcast binary math without
// attributes. Semantics: docs/operators/binary_math.md; decisions C-688..C-693.
#ifndef NNRT_REFERENCE_OPS_BINARY_MATH_H_
#define NNRT_REFERENCE_OPS_BINARY_MATH_H_

#include "reference/ops/core/op_def.h"

namespace nnrt {

// Operand kinds (ClassifyElementwise, C-41; MOD takes no quantized operands,
// C-692), the broadcast output dims (C-48).
Status InferBinaryMath(OpContext& ctx);
// The same for node type `op`'s function on another node (ELTWISE MAXIMUM).
Status InferBinaryMathAs(OpContext& ctx, NodeType op);

// The element functions on binary64 values (float and quantized paths).
// MAXIMUM / MINIMUM: NaN wins, +0 > -0 (C-688); MOD: truncated remainder,
// the sign of the dividend (C fmod, C-691).
double BinaryMathDouble(NodeType type, double a, double b);

// For every output element in row-major order: y = f(x1, x2); integer MOD by
// zero fails the run with NNRT_INVALID_INPUT (C-691).
Status BinaryMathKernel(OpContext& ctx);

// The module's entries in the node-type list (registry.cc), family
// "binary_math". REAL_DIV is DIV_FUSION without the activation (C-693).
OpDef BinaryMathOpDef(NodeType type);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_BINARY_MATH_H_
