// EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL (ops_catalog
// #70, #72, #71, #73, #61, #18; HDI Equal {} ... LessEqual {}): numpy-broadcast
// element-wise comparison of two operands with a bool output.
// Semantics: docs/operators/comparison.md; decisions C-680..C-684.
#ifndef NNRT_REFERENCE_OPS_COMPARISON_H_
#define NNRT_REFERENCE_OPS_COMPARISON_H_

#include "reference/ops/core/op_def.h"

namespace nnrt {

// How the operands are compared, decided once by InferComparison (C-680..C-683).
enum class ComparedAs {
  kFloat,      // float32 / float16 values in binary64: IEEE comparisons (NaN unordered)
  kInteger,    // plain integers and bool (false < true) as int64
  kQuantized,  // int8 / uint8 real values (q - zp) * scale in binary64
};

struct ComparisonParams {
  ComparedAs as = ComparedAs::kFloat;
};

// Shared by the six node types: operand types (C-680, C-682, C-683), the bool
// output (quant params on it are ignored, C-683), the broadcast output dims.
Status InferComparison(OpContext& ctx);

// The predicate of a comparison node type on two values of the same kind.
bool CompareDoubles(NodeType type, double a, double b);
bool CompareInts(NodeType type, int64_t a, int64_t b);

// For every output element in row-major order: y = predicate(x1, x2) as a
// bool byte (1 / 0).
Status ComparisonKernel(OpContext& ctx);

// The module's entry in the node-type list (registry.cc), family "comparison".
OpDef ComparisonOpDef(NodeType type);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_COMPARISON_H_
