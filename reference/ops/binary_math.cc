#include "reference/ops/binary_math.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "reference/numerics/numerics.h"
#include "reference/ops/arithmetic.h"
#include "reference/ops/op_util.h"

namespace nnrt {
namespace {

struct BinaryMathParams {
  NumericKind kind = NumericKind::kFloat;
  NodeType op = NodeType::MAXIMUM;  // the function computed (ELTWISE MAXIMUM runs MAXIMUM)
};

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

// Integer element; `ok` false for MOD by zero. Operands are sign- or
// zero-extended values of the type, as LoadAsInt64 reads them.
int64_t IntegerElement(NodeType type, DataType t, int64_t a, int64_t b, bool* ok) {
  switch (type) {
    case NodeType::MAXIMUM: return a > b ? a : b;
    case NodeType::MINIMUM: return a < b ? a : b;
    case NodeType::SQUARED_DIFFERENCE: {
      // (a - b)^2 modulo 2^64 (unsigned arithmetic, no UB), wrapped to the width (C-690).
      const uint64_t d = static_cast<uint64_t>(a) - static_cast<uint64_t>(b);
      return static_cast<int64_t>(WrapIntegerBits(t, d * d));
    }
    default:  // MOD: truncated remainder (C-691)
      if (b == 0) {
        *ok = false;
        return 0;
      }
      if (b == -1) return 0;  // also INT64_MIN % -1, which overflows in C++
      return a % b;
  }
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
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(ctx.inputs[0], "input 0 (x1)",
                                       {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
                                        DataType::kInt16, DataType::kInt32, DataType::kInt64, DataType::kBool}));
  NNRT_RETURN_IF_ERROR(ClassifyElementwise({&ctx.inputs[0], &ctx.inputs[1], &ctx.outputs[0]},
                                           {"input 0 (x1)", "input 1 (x2)", "output 0 (y)"}, &p.kind));
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
        const int64_t r =
            IntegerElement(type, y.dtype(), LoadAsInt64(x1.dtype(), x1.data, i1), LoadAsInt64(x2.dtype(), x2.data, i2), &ok);
        if (!ok) {
          status = InvalidInput("integer MOD by zero at output element " + std::to_string(o) + " (C-691)");
          return;
        }
        StoreInt64(y.dtype(), y.mutable_data, o, r);
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
                 {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32,
                  DataType::kInt64},
                 "binary_math"};
  }
  // int8/uint8 in a signature mean quantized tensors: MOD has none (C-692).
  std::vector<DataType> types = type == NodeType::MOD
                                    ? std::vector<DataType>{DataType::kFloat32, DataType::kFloat16, DataType::kInt32,
                                                            DataType::kInt64}
                                    : std::vector<DataType>{DataType::kFloat32, DataType::kFloat16, DataType::kInt8,
                                                            DataType::kUint8, DataType::kInt32, DataType::kInt64};
  return OpDef{type, {}, /*inputs=*/2, 2, /*outputs=*/1, 1, &InferBinaryMath, &BinaryMathKernel, types, "binary_math"};
}

}  // namespace nnrt
