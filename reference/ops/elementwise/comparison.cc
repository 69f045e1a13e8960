#include "reference/ops/elementwise/comparison.h"

#include <string>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

const char kX1[] = "input 0 (x1)";
const char kX2[] = "input 1 (x2)";
const char kY[] = "output 0 (y)";

Status CheckOperandType(const TensorArg& t, const std::string& role) {
  return CheckDataTypeIn(t, role,
                         {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt16,
                          DataType::kInt32, DataType::kInt64, DataType::kBool});
}

// C-680/C-682/C-683: both bool, or one element-wise kind (ClassifyElementwise:
// same float type, same integer type, or quantized int8/uint8 in any mix).
Status ClassifyOperands(const OpContext& ctx, ComparedAs* as) {
  const TensorArg& x1 = ctx.inputs[0];
  const TensorArg& x2 = ctx.inputs[1];
  NNRT_RETURN_IF_ERROR(CheckOperandType(x1, kX1));
  NNRT_RETURN_IF_ERROR(CheckOperandType(x2, kX2));
  const bool b1 = x1.dtype() == DataType::kBool, b2 = x2.dtype() == DataType::kBool;
  if (b1 || b2) {
    if (!(b1 && b2)) {
      return Unsupported(std::string("comparing bool with ") + DataTypeName(b1 ? x2.dtype() : x1.dtype()) +
                         " is not supported: both operands must be bool (C-682)");
    }
    NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(x1, kX1));
    NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(x2, kX2));
    *as = ComparedAs::kInteger;
    return Status::Ok();
  }
  NumericKind kind;
  NNRT_RETURN_IF_ERROR(ClassifyElementwise({&x1, &x2}, {kX1, kX2}, &kind));
  *as = kind == NumericKind::kFloat     ? ComparedAs::kFloat
        : kind == NumericKind::kInteger ? ComparedAs::kInteger
                                        : ComparedAs::kQuantized;
  return Status::Ok();
}

}  // namespace

Status InferComparison(OpContext& ctx) {
  ComparisonParams p;
  NNRT_RETURN_IF_ERROR(ClassifyOperands(ctx, &p.as));
  // The output is bool; quant params on it (the docs ask for them in a
  // quantized model) carry no meaning and are ignored (C-683).
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(ctx.outputs[0], kY, {DataType::kBool}));
  NNRT_RETURN_IF_ERROR(BroadcastShapes(ctx.inputs[0].dims, ctx.inputs[1].dims, &ctx.outputs[0].dims));
  ctx.SetParams(p);
  return Status::Ok();
}

// IEEE 754 comparisons: NaN is unordered, so every predicate but NOT_EQUAL is
// false on it; -0 == +0 (C-681).
bool CompareDoubles(NodeType type, double a, double b) {
  switch (type) {
    case NodeType::EQUAL: return a == b;
    case NodeType::NOT_EQUAL: return a != b;
    case NodeType::GREATER: return a > b;
    case NodeType::GREATER_EQUAL: return a >= b;
    case NodeType::LESS: return a < b;
    default: return a <= b;  // LESS_EQUAL
  }
}

bool CompareInts(NodeType type, int64_t a, int64_t b) {
  switch (type) {
    case NodeType::EQUAL: return a == b;
    case NodeType::NOT_EQUAL: return a != b;
    case NodeType::GREATER: return a > b;
    case NodeType::GREATER_EQUAL: return a >= b;
    case NodeType::LESS: return a < b;
    default: return a <= b;  // LESS_EQUAL
  }
}

Status ComparisonKernel(OpContext& ctx) {
  const ComparedAs as = ctx.Params<ComparisonParams>().as;
  const NodeType type = ctx.node->type;
  const TensorArg& x1 = ctx.inputs[0];
  const TensorArg& x2 = ctx.inputs[1];
  TensorArg& y = ctx.outputs[0];
  const QuantParam q1 = as == ComparedAs::kQuantized ? x1.quant() : QuantParam{};
  const QuantParam q2 = as == ComparedAs::kQuantized ? x2.quant() : QuantParam{};
  ForEachBroadcastPair(x1.dims, x2.dims, y.dims, [&](size_t i1, size_t i2, size_t o) {
    bool r = false;
    switch (as) {
      case ComparedAs::kFloat:
        r = CompareDoubles(type, LoadAsDouble(x1.dtype(), x1.data, i1), LoadAsDouble(x2.dtype(), x2.data, i2));
        break;
      case ComparedAs::kInteger:
        r = CompareInts(type, LoadAsInt64(x1.dtype(), x1.data, i1), LoadAsInt64(x2.dtype(), x2.data, i2));
        break;
      case ComparedAs::kQuantized:
        // Real values in binary64 (C-683): operands with different scales
        // compare by what they represent, not by their codes.
        r = CompareDoubles(type, Dequantize(LoadAsInt64(x1.dtype(), x1.data, i1), q1.scale, q1.zero_point),
                           Dequantize(LoadAsInt64(x2.dtype(), x2.data, i2), q2.scale, q2.zero_point));
        break;
    }
    StoreInt64(DataType::kBool, y.mutable_data, o, r ? 1 : 0);
  });
  return Status::Ok();
}

OpDef ComparisonOpDef(NodeType type) {
  return OpDef{type,
               {},
               /*inputs=*/2,
               2,
               /*outputs=*/1,
               1,
               &InferComparison,
               &ComparisonKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt16,
                DataType::kInt32, DataType::kInt64, DataType::kBool},
               "comparison"};
}

}  // namespace nnrt
