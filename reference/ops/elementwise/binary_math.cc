#include "reference/ops/elementwise/binary_math.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "reference/numerics/numerics.h"
#include "reference/ops/elementwise/arithmetic.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

struct BinaryMathParams {
  NumericKind kind = NumericKind::kFloat;
  NodeType op = NodeType::MAXIMUM;  // the function computed (ELTWISE MAXIMUM runs MAXIMUM)
};

const char kX1[] = "input 0 (x1)";
const char kX2[] = "input 1 (x2)";
const char kY[] = "output 0 (y)";

// IEEE 754-2019 maximum / minimum: a NaN operand gives NaN; +0 is larger than -0.
double Maximum(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<double>::quiet_NaN();
  if (a == b) return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

double Minimum(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<double>::quiet_NaN();
  if (a == b) return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

// An integer operand's bits: sign- or zero-extended to 64 bits (a bool
// operand reads 0 or 1, C-692).
uint64_t LoadIntegerBits(DataType t, const void* data, size_t i) {
  if (t == DataType::kUint64) return LoadAsUint64(data, i);
  return static_cast<uint64_t>(LoadAsInt64(t, data, i));
}

// Integer element of y's type t; `ok` false for MOD by zero. Signed types
// compare and divide as int64, unsigned ones as uint64.
uint64_t IntegerElement(NodeType type, DataType t, uint64_t a, uint64_t b, bool* ok) {
  const bool is_signed = IsSignedIntegerType(t);
  const int64_t sa = static_cast<int64_t>(a), sb = static_cast<int64_t>(b);
  switch (type) {
    case NodeType::MAXIMUM: return (is_signed ? sa > sb : a > b) ? a : b;
    case NodeType::MINIMUM: return (is_signed ? sa < sb : a < b) ? a : b;
    case NodeType::SQUARED_DIFFERENCE: {
      // (a - b)^2 modulo 2^64 (unsigned arithmetic, no UB), wrapped to the width (C-690).
      const uint64_t d = a - b;
      return WrapIntegerBits(t, d * d);
    }
    default:  // MOD: truncated remainder (C-691)
      if (b == 0) {
        *ok = false;
        return 0;
      }
      if (!is_signed) return a % b;
      if (sb == -1) return 0;  // also INT64_MIN % -1, which overflows in C++
      return static_cast<uint64_t>(sa % sb);
  }
}

// Every operand and y: a number type of the arithmetic family (C-41) or bool.
Status CheckOperandTypes(const OpContext& ctx) {
  const std::initializer_list<DataType> kTypes = {
      DataType::kFloat32, DataType::kFloat16, DataType::kFloat64, DataType::kInt8,   DataType::kUint8,
      DataType::kInt16,   DataType::kUint16,  DataType::kInt32,   DataType::kUint32, DataType::kInt64,
      DataType::kUint64,  DataType::kBool};
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(ctx.inputs[0], kX1, kTypes));
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(ctx.inputs[1], kX2, kTypes));
  return CheckDataTypeIn(ctx.outputs[0], kY, kTypes);
}

// C-692: MAXIMUM, MINIMUM and MOD take one bool operand beside a number
// (docs/operators/binary_math.md): not both bool; MOD's bool operand must be
// a one-element constant of the model ("a tensor and a constant scalar").
// The bool reads 0 or 1 in the number operand's type, which y must have.
Status ClassifyWithBool(const OpContext& ctx, NumericKind* kind) {
  const NodeType type = ctx.node->type;
  const TensorArg& x1 = ctx.inputs[0];
  const TensorArg& x2 = ctx.inputs[1];
  if (x1.dtype() == DataType::kBool && x2.dtype() == DataType::kBool) {
    return InvalidModel(std::string(NodeTypeName(type)) + " operands must not both be bool (C-692)");
  }
  if (type != NodeType::MAXIMUM && type != NodeType::MINIMUM && type != NodeType::MOD) {
    return Unsupported(std::string(NodeTypeName(type)) + " takes no bool operand (C-692)");
  }
  const bool first_is_bool = x1.dtype() == DataType::kBool;
  const TensorArg& flag = first_is_bool ? x1 : x2;
  const TensorArg& number = first_is_bool ? x2 : x1;
  const char* flag_role = first_is_bool ? kX1 : kX2;
  const char* number_role = first_is_bool ? kX2 : kX1;
  if (type == NodeType::MOD) {
    const auto count = ElementCount(flag.dims);
    if (!flag.decl->HasData() || !count || *count != 1) {
      return InvalidModel(std::string("MOD ") + flag_role + " is bool: a bool operand must be a one-element "
                          "constant of the model, two tensors may not be bool (C-692)");
    }
  }
  if (number.quantized()) {
    return Unsupported(std::string(NodeTypeName(type)) + ": a bool operand beside the quantized " + number_role +
                       " is not supported (C-692)");
  }
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(flag, flag_role));
  return ClassifyElementwise({&number, &ctx.outputs[0]}, {number_role, kY}, kind);
}

}  // namespace

double BinaryMathDouble(NodeType type, double a, double b) {
  switch (type) {
    case NodeType::MAXIMUM: return Maximum(a, b);
    case NodeType::MINIMUM: return Minimum(a, b);
    case NodeType::SQUARED_DIFFERENCE: {
      const double d = a - b;
      return d * d;
    }
    default: return std::fmod(a, b);  // MOD: exact; x mod 0, inf mod y = NaN; x mod inf = x
  }
}

Status InferBinaryMath(OpContext& ctx) { return InferBinaryMathAs(ctx, ctx.node->type); }

Status InferBinaryMathAs(OpContext& ctx, NodeType op) {
  BinaryMathParams p;
  p.op = op;
  NNRT_RETURN_IF_ERROR(CheckOperandTypes(ctx));
  if (ctx.inputs[0].dtype() == DataType::kBool || ctx.inputs[1].dtype() == DataType::kBool) {
    NNRT_RETURN_IF_ERROR(ClassifyWithBool(ctx, &p.kind));
  } else {
    NNRT_RETURN_IF_ERROR(ClassifyElementwise({&ctx.inputs[0], &ctx.inputs[1], &ctx.outputs[0]}, {kX1, kX2, kY},
                                             &p.kind));
  }
  if (p.kind == NumericKind::kQuantized && op == NodeType::MOD) {
    return Unsupported("quantized MOD is not supported: the remainder jumps by |x2| across multiples of x2, so a "
                       "requantized result has no tolerance a driver could meet (C-692)");
  }
  NNRT_RETURN_IF_ERROR(BroadcastShapes(ctx.inputs[0].dims, ctx.inputs[1].dims, &ctx.outputs[0].dims));
  ctx.SetParams(p);
  return Status::Ok();
}

Status BinaryMathKernel(OpContext& ctx) {
  const NumericKind kind = ctx.Params<BinaryMathParams>().kind;
  const NodeType type = ctx.Params<BinaryMathParams>().op;
  const TensorArg& x1 = ctx.inputs[0];
  const TensorArg& x2 = ctx.inputs[1];
  TensorArg& y = ctx.outputs[0];
  const QuantParam q1 = kind == NumericKind::kQuantized ? x1.quant() : QuantParam{};
  const QuantParam q2 = kind == NumericKind::kQuantized ? x2.quant() : QuantParam{};
  const QuantParam qy = kind == NumericKind::kQuantized ? y.quant() : QuantParam{};
  Status status;
  ForEachBroadcastPair(x1.dims, x2.dims, y.dims, [&](size_t i1, size_t i2, size_t o) {
    if (!status.ok()) return;
    switch (kind) {
      case NumericKind::kFloat:
        StoreDouble(y.dtype(), y.mutable_data, o,
                    BinaryMathDouble(type, LoadAsDouble(x1.dtype(), x1.data, i1), LoadAsDouble(x2.dtype(), x2.data, i2)));
        break;
      case NumericKind::kInteger: {
        bool ok = true;
        const uint64_t r = IntegerElement(type, y.dtype(), LoadIntegerBits(x1.dtype(), x1.data, i1),
                                          LoadIntegerBits(x2.dtype(), x2.data, i2), &ok);
        if (!ok) {
          status = InvalidInput("integer MOD by zero at output element " + std::to_string(o) + " (C-691)");
          return;
        }
        StoreInt64(y.dtype(), y.mutable_data, o, static_cast<int64_t>(r));
        break;
      }
      case NumericKind::kQuantized: {
        // quantize(f(dequantize)) in binary64 (C-689, C-690).
        const double r = BinaryMathDouble(type, Dequantize(LoadAsInt64(x1.dtype(), x1.data, i1), q1.scale, q1.zero_point),
                                          Dequantize(LoadAsInt64(x2.dtype(), x2.data, i2), q2.scale, q2.zero_point));
        StoreInt64(y.dtype(), y.mutable_data, o,
                   RoundAddZeroPointAndClamp(r / qy.scale, qy.zero_point, QuantMin(y.dtype()), QuantMax(y.dtype())));
        break;
      }
    }
  });
  return status;
}

OpDef BinaryMathOpDef(NodeType type) {
  if (type == NodeType::REAL_DIV) {
    return OpDef{type, {}, /*inputs=*/2, 2, /*outputs=*/1, 1, &InferArithmeticWithoutActivation, &DivKernel,
                 {DataType::kFloat32, DataType::kFloat16, DataType::kFloat64, DataType::kInt8, DataType::kUint8,
                  DataType::kInt16, DataType::kUint16, DataType::kInt32, DataType::kUint32, DataType::kInt64,
                  DataType::kUint64},
                 "binary_math"};
  }
  // The arithmetic family's types (C-41, C-692); int8/uint8 in a signature
  // mean quantized tensors, which MOD does not take (C-692).
  std::vector<DataType> types = {DataType::kFloat32, DataType::kFloat16, DataType::kFloat64, DataType::kInt8,
                                 DataType::kUint8,   DataType::kInt16,   DataType::kUint16,  DataType::kInt32,
                                 DataType::kUint32,  DataType::kInt64,   DataType::kUint64};
  if (type == NodeType::MOD) {
    types.erase(std::remove_if(types.begin(), types.end(), [](DataType t) { return IsQuant8Type(t); }), types.end());
  }
  return OpDef{type, {}, /*inputs=*/2, 2, /*outputs=*/1, 1, &InferBinaryMath, &BinaryMathKernel, types, "binary_math"};
}

}  // namespace nnrt
