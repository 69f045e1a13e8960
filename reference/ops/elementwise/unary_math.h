// Element-wise unary math node types (ops_catalog #33 SQRT, #44 RSQRT, #59 ERF,
// #60 EXP, #63 SQUARE, #79 COS, #80 LOG, #84 NEG, #85 RECIPROCAL, #86 SIN,
// #90 CEIL, #93 FLOOR, #102 ROUND, and HDI NODE_TYPE_ABS): one table row per
// node type holding its binary64 function and its integer behaviour.
// Semantics: docs/operators/unary_math.md; decisions C-172..C-179.
#ifndef NNRT_REFERENCE_OPS_UNARY_MATH_H_
#define NNRT_REFERENCE_OPS_UNARY_MATH_H_

#include "reference/ops/core/op_def.h"

namespace nnrt {

// Shared by every node type of the family (the row is found by node type).
Status InferUnaryMath(OpContext& ctx);
Status UnaryMathKernel(OpContext& ctx);

// EXPFUSION (ops_catalog #60): base^(shift + scale*x), base -1 = e.
Status InferExpFusion(OpContext& ctx);
Status ExpFusionKernel(OpContext& ctx);

// The module's entry in the node-type list (registry.cc).
OpDef UnaryMathOpDef(NodeType type);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_UNARY_MATH_H_
