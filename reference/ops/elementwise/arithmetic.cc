#include "reference/ops/elementwise/arithmetic.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/kernels/block_requantize.h"
#include "reference/ops/kernels/packed_dot.h"

namespace nnrt {
namespace {

enum class ArithOp { kAdd, kSub, kMul, kDiv };

const char* const kRoles[] = {"input 0", "input 1", "output 0"};

Status ClassifyArithmetic(const OpContext& ctx, NumericKind* kind) {
  return ClassifyElementwise({&ctx.inputs[0], &ctx.inputs[1], &ctx.outputs[0]},
                             {kRoles[0], kRoles[1], kRoles[2]}, kind);
}

// ---- Integer path (two's-complement wrap, C-42) --------------------------------

bool IsUnsigned(DataType t) { return IsIntegerType(t) && !IsSignedIntegerType(t); }

// Quotient truncated toward zero (C-42); the caller excludes a zero divisor.
uint64_t DivideBits(DataType t, uint64_t a, uint64_t b) {
  if (IsUnsigned(t)) return a / b;
  const int64_t sa = static_cast<int64_t>(a);
  const int64_t sb = static_cast<int64_t>(b);
  // INT64_MIN / -1 overflows: its two's-complement wrap is INT64_MIN itself.
  if (sa == std::numeric_limits<int64_t>::min() && sb == -1) return a;
  return static_cast<uint64_t>(sa / sb);
}

uint64_t ActivateIntegerBits(DataType t, ActivationType act, uint64_t bits) {
  if (act == ActivationType::kNone) return bits;
  if (IsUnsigned(t)) {
    return (act == ActivationType::kRelu6 && bits > 6) ? 6 : bits;
  }
  return static_cast<uint64_t>(ApplyFusedActivationInt(act, static_cast<int64_t>(bits)));
}

uint64_t LoadBits(DataType t, const void* data, size_t i) {
  if (t == DataType::kUint64) return LoadAsUint64(data, i);
  return static_cast<uint64_t>(LoadAsInt64(t, data, i));
}

Status IntegerElement(ArithOp op, DataType t, ActivationType act, uint64_t a, uint64_t b, int64_t out_index,
                      uint64_t* result) {
  uint64_t r = 0;
  // Unsigned 64-bit arithmetic is modular, which is exactly the wrap we want
  // for + - x of every integer width (operands are already extended).
  switch (op) {
    case ArithOp::kAdd: r = a + b; break;
    case ArithOp::kSub: r = a - b; break;
    case ArithOp::kMul: r = a * b; break;
    case ArithOp::kDiv:
      if (b == 0) {
        return InvalidInput("integer division by zero at output element " + std::to_string(out_index) + " (C-42)");
      }
      r = DivideBits(t, a, b);
      break;
  }
  *result = ActivateIntegerBits(t, act, WrapIntegerBits(t, r));
  return Status::Ok();
}

// ---- Float path ----------------------------------------------------------------

double FloatElement(ArithOp op, ActivationType act, double a, double b) {
  double r = 0.0;
  switch (op) {
    case ArithOp::kAdd: r = a + b; break;
    case ArithOp::kSub: r = a - b; break;
    case ArithOp::kMul: r = a * b; break;
    case ArithOp::kDiv: r = a / b; break;  // IEEE: x/0 = +-inf, 0/0 = NaN (C-43)
  }
  return ApplyFusedActivation(act, r);
}

// ---- Quantized path (quantization_semantics 4.6) -----------------------------------

struct QuantArithParams {
  QuantParam in0, in1, out;
  double m0 = 0.0;  // ADD/SUB: s1/sy, MUL: (s1*s2)/sy
  double m1 = 0.0;  // ADD/SUB: s2/sy
  QuantRange range{0, 0};
};

QuantArithParams MakeQuantParams(ArithOp op, const OpContext& ctx, ActivationType act) {
  QuantArithParams p;
  p.in0 = ctx.inputs[0].quant();
  p.in1 = ctx.inputs[1].quant();
  p.out = ctx.outputs[0].quant();
  if (op == ArithOp::kMul) {
    p.m0 = (p.in0.scale * p.in1.scale) / p.out.scale;
  } else {
    p.m0 = p.in0.scale / p.out.scale;
    p.m1 = p.in1.scale / p.out.scale;
  }
  p.range = FusedActivationQuantRange(act, ctx.outputs[0].dtype(), p.out);
  return p;
}

int64_t QuantElement(ArithOp op, const QuantArithParams& p, int64_t q0, int64_t q1, QuantRoundFn round) {
  const int64_t a0 = q0 - p.in0.zero_point;
  const int64_t a1 = q1 - p.in1.zero_point;
  double t = 0.0;
  switch (op) {
    case ArithOp::kAdd: t = static_cast<double>(a0) * p.m0 + static_cast<double>(a1) * p.m1; break;
    case ArithOp::kSub: t = static_cast<double>(a0) * p.m0 - static_cast<double>(a1) * p.m1; break;
    case ArithOp::kMul: t = static_cast<double>(a0 * a1) * p.m0; break;
    case ArithOp::kDiv: {
      // Real quotient, then quantize (C-43): x/0 saturates by sign, 0/0 gives the zero point.
      const double r0 = Dequantize(q0, p.in0.scale, p.in0.zero_point);
      const double r1 = Dequantize(q1, p.in1.scale, p.in1.zero_point);
      t = (r0 / r1) / p.out.scale;
      break;
    }
  }
  return round(t, p.out.zero_point, p.range.lo, p.range.hi);
}

// ---- Shared driver ---------------------------------------------------------------

// What the kernels need, decided once by InferArithmetic.
struct ArithmeticParams {
  NumericKind kind;
  ActivationType act;
};

// Calls run(o, i0, i1) for every output row along the last axis in row-major
// order: o, i0 and i1 are the flat indices of the row's first output and
// operand elements (the operands advance by their last-axis broadcast strides).
template <typename Run>
void ForEachBroadcastRow(const Dims& a, const Dims& b, const Dims& out, Run run) {
  const std::vector<int64_t> s0 = BroadcastStrides(a, out);
  const std::vector<int64_t> s1 = BroadcastStrides(b, out);
  const int64_t total = ElementCount(out).value_or(0);
  const int64_t len = out.empty() ? 1 : out.back();
  std::vector<int64_t> index(out.size(), 0);
  int64_t i0 = 0, i1 = 0;
  for (int64_t o = 0; o < total; o += len) {
    run(o, i0, i1);
    for (size_t d = out.empty() ? 0 : out.size() - 1; d-- > 0;) {  // odometer over the outer axes
      i0 += s0[d];
      i1 += s1[d];
      if (++index[d] < out[d]) break;
      i0 -= s0[d] * out[d];
      i1 -= s1[d] * out[d];
      index[d] = 0;
    }
  }
}

// ---- Typed loops (float32; 8-bit quantized ADD/SUB/MUL) --------------------------

// Float32 operands and output: every element act(a op b) in binary64, one
// rounding, as FloatElement; the row walks the operands with their last-axis
// steps (0 or 1).
template <ArithOp kOp>
void Float32Rows(const TensorArg& x0, const TensorArg& x1, TensorArg& y, ActivationType act, int64_t len,
                 int64_t step0, int64_t step1) {
  const float* a = reinterpret_cast<const float*>(x0.data);
  const float* b = reinterpret_cast<const float*>(x1.data);
  // StoreDoubleAsFloat32 with the output pointer held locally (a float store
  // keeps the canonical NaN's bits, C-433).
  float* out = reinterpret_cast<float*>(y.mutable_data);
  float canonical_nan;
  std::memcpy(&canonical_nan, &kCanonicalFloatNan, 4);
  ForEachBroadcastRow(x0.dims, x1.dims, y.dims, [&](int64_t o, int64_t i0, int64_t i1) {
    const float* ar = a + i0;
    const float* br = b + i1;
    float* yr = out + o;
    if (step0 == 1 && step1 == 1) {
      for (int64_t j = 0; j < len; ++j) {
        const double v = FloatElement(kOp, act, ar[j], br[j]);
        yr[j] = v != v ? canonical_nan : static_cast<float>(v);
      }
      return;
    }
    for (int64_t j = 0; j < len; ++j) {
      const double v = FloatElement(kOp, act, ar[j * step0], br[j * step1]);
      yr[j] = v != v ? canonical_nan : static_cast<float>(v);
    }
  });
}

// The centred code q - z of every byte value of an 8-bit operand (the byte
// read as int8 or uint8 as its type says).
std::vector<int32_t> CentredByteCodes(const TensorArg& t) {
  std::vector<int32_t> out(256);
  for (int32_t byte = 0; byte < 256; ++byte) {
    const int32_t code = t.dtype() == DataType::kInt8 ? static_cast<int8_t>(byte) : byte;
    out[static_cast<size_t>(byte)] = code - t.quant().zero_point;
  }
  return out;
}

// 8-bit operands and output, ADD/SUB/MUL: QuantElement's t from tables
// indexed by the stored bytes (per byte the same products
// fl64(a * m) or a0 * a1 it computes), then `round` and the byte of the code.
// Round is a QuantRoundFn or a callable with its signature (the usual
// RoundAddZeroPointAndClamp passed inline, the same function). With
// kBlockRounding (Round is RoundAddZeroPointAndClamp) whole blocks of 8 go
// through RoundBlockToBytes (int32 lanes while every |t| <= 2^30, the same
// codes; docs/semantics.md "Block writes").
template <ArithOp kOp, bool kBlockRounding, typename Round>
void Quant8Rows(const OpContext& ctx, TensorArg& y, const QuantArithParams& p, Round round, int64_t len,
                int64_t step0, int64_t step1) {
  const std::vector<int32_t> c0 = CentredByteCodes(ctx.inputs[0]), c1 = CentredByteCodes(ctx.inputs[1]);
  double t0[256], t1[256];
  for (size_t i = 0; i < 256; ++i) {
    t0[i] = static_cast<double>(c0[i]) * p.m0;
    t1[i] = static_cast<double>(c1[i]) * p.m1;
  }
  const uint8_t* a = ctx.inputs[0].data;
  const uint8_t* b = ctx.inputs[1].data;
  uint8_t* out = y.mutable_data;
  const auto t_of = [&](uint8_t q0, uint8_t q1) {
    if (kOp == ArithOp::kAdd) return t0[q0] + t1[q1];
    if (kOp == ArithOp::kSub) return t0[q0] - t1[q1];
    return static_cast<double>(int64_t{c0[q0]} * c1[q1]) * p.m0;  // kMul
  };
  const auto z = static_cast<int32_t>(p.out.zero_point);
  // Whether every t lies within 2^30, from the largest table entries:
  // rounding is monotonic, so |fl(t0 + t1)| <= fl(max|t0| + max|t1|) and
  // |fl(c0 c1 m0)| <= fl(max|c0| max|c1| |m0|). Then no block needs the check.
  double largest_t0 = 0.0, largest_t1 = 0.0;
  int32_t largest_c0 = 0, largest_c1 = 0;
  for (size_t i = 0; i < 256; ++i) {
    largest_t0 = std::max(largest_t0, std::fabs(t0[i]));
    largest_t1 = std::max(largest_t1, std::fabs(t1[i]));
    largest_c0 = std::max(largest_c0, std::abs(c0[i]));
    largest_c1 = std::max(largest_c1, std::abs(c1[i]));
  }
  const double bound = kOp == ArithOp::kMul
                           ? static_cast<double>(int64_t{largest_c0} * largest_c1) * std::fabs(p.m0)
                           : largest_t0 + largest_t1;
  const bool all_within = bound <= 0x1p30;  // false for NaN
  ForEachBroadcastRow(ctx.inputs[0].dims, ctx.inputs[1].dims, y.dims, [&](int64_t o, int64_t i0, int64_t i1) {
    int64_t j = 0;
    if (kBlockRounding) {
      constexpr int64_t kBlock = 8;
      for (; j + kBlock <= len; j += kBlock) {
        double t[kBlock];
        for (int64_t k = 0; k < kBlock; ++k) t[k] = t_of(a[i0 + (j + k) * step0], b[i1 + (j + k) * step1]);
        RoundBlockToBytes<kBlock>(t, z, p.range.lo, p.range.hi, out + o + j, all_within);
      }
    }
    for (; j < len; ++j) {
      const double t = t_of(a[i0 + j * step0], b[i1 + j * step1]);
      out[o + j] = static_cast<uint8_t>(round(t, p.out.zero_point, p.range.lo, p.range.hi));
    }
  });
}

// Runs the typed loop of op when the operand types have one; false otherwise.
bool RunTypedArithmetic(OpContext& ctx, ArithOp op, NumericKind kind, ActivationType act, QuantRoundFn round,
                        int64_t len, int64_t step0, int64_t step1) {
  const TensorArg& x0 = ctx.inputs[0];
  const TensorArg& x1 = ctx.inputs[1];
  TensorArg& y = ctx.outputs[0];
  if (kind == NumericKind::kFloat && x0.dtype() == DataType::kFloat32 && x1.dtype() == DataType::kFloat32 &&
      y.dtype() == DataType::kFloat32) {
    switch (op) {
      case ArithOp::kAdd: Float32Rows<ArithOp::kAdd>(x0, x1, y, act, len, step0, step1); return true;
      case ArithOp::kSub: Float32Rows<ArithOp::kSub>(x0, x1, y, act, len, step0, step1); return true;
      case ArithOp::kMul: Float32Rows<ArithOp::kMul>(x0, x1, y, act, len, step0, step1); return true;
      case ArithOp::kDiv: Float32Rows<ArithOp::kDiv>(x0, x1, y, act, len, step0, step1); return true;
    }
  }
  if (kind != NumericKind::kQuantized || !IsQuant8Type(x0.dtype()) || !IsQuant8Type(x1.dtype()) ||
      !IsQuant8Type(y.dtype())) {
    return false;
  }
  const QuantArithParams qp = MakeQuantParams(op, ctx, act);
  if (round == &RoundAddZeroPointAndClamp) {
    const auto rha = [](double t, int32_t z, int64_t lo, int64_t hi) { return RoundAddZeroPointAndClamp(t, z, lo, hi); };
    switch (op) {
      case ArithOp::kAdd: Quant8Rows<ArithOp::kAdd, true>(ctx, y, qp, rha, len, step0, step1); return true;
      case ArithOp::kSub: Quant8Rows<ArithOp::kSub, true>(ctx, y, qp, rha, len, step0, step1); return true;
      case ArithOp::kMul: Quant8Rows<ArithOp::kMul, true>(ctx, y, qp, rha, len, step0, step1); return true;
      case ArithOp::kDiv: return false;
    }
  }
  switch (op) {
    case ArithOp::kAdd: Quant8Rows<ArithOp::kAdd, false>(ctx, y, qp, round, len, step0, step1); return true;
    case ArithOp::kSub: Quant8Rows<ArithOp::kSub, false>(ctx, y, qp, round, len, step0, step1); return true;
    case ArithOp::kMul: Quant8Rows<ArithOp::kMul, false>(ctx, y, qp, round, len, step0, step1); return true;
    case ArithOp::kDiv: return false;  // the real quotient: QuantElement per element
  }
  return false;
}

// The output dims are the broadcast of the input dims (InferArithmetic).
// Output elements in row-major order; each is independent, so the order only
// fixes which division by zero is reported first. Float operands are
// converted to binary64 once per run.
Status RunArithmetic(OpContext& ctx, ArithOp op, QuantRoundFn round) {
  const NumericKind kind = ctx.Params<ArithmeticParams>().kind;
  const ActivationType act = ctx.Params<ArithmeticParams>().act;
  const TensorArg& x0 = ctx.inputs[0];
  const TensorArg& x1 = ctx.inputs[1];
  TensorArg& y = ctx.outputs[0];
  const Dims& out_dims = y.dims;
  const int64_t len = out_dims.empty() ? 1 : out_dims.back();
  const std::vector<int64_t> s0 = BroadcastStrides(x0.dims, out_dims), s1 = BroadcastStrides(x1.dims, out_dims);
  const int64_t step0 = s0.empty() ? 0 : s0.back(), step1 = s1.empty() ? 0 : s1.back();
  if (RunTypedArithmetic(ctx, op, kind, act, round, len, step0, step1)) return Status::Ok();
  const QuantArithParams qp = kind == NumericKind::kQuantized ? MakeQuantParams(op, ctx, act) : QuantArithParams{};
  const std::vector<double> d0 = kind == NumericKind::kFloat ? FloatsAsDoubles(x0) : std::vector<double>();
  const std::vector<double> d1 = kind == NumericKind::kFloat ? FloatsAsDoubles(x1) : std::vector<double>();
  Status status;
  ForEachBroadcastRow(x0.dims, x1.dims, out_dims, [&](int64_t o_first, int64_t i0_first, int64_t i1_first) {
    for (int64_t j = 0; j < len && status.ok(); ++j) {
      const auto i0 = static_cast<size_t>(i0_first + j * step0), i1 = static_cast<size_t>(i1_first + j * step1);
      const auto o = static_cast<size_t>(o_first + j);
      switch (kind) {
        case NumericKind::kFloat:
          StoreDouble(y.dtype(), y.mutable_data, o, FloatElement(op, act, d0[i0], d1[i1]));
          break;
        case NumericKind::kInteger: {
          uint64_t r = 0;
          status = IntegerElement(op, y.dtype(), act, LoadBits(x0.dtype(), x0.data, i0), LoadBits(x1.dtype(), x1.data, i1),
                                  static_cast<int64_t>(o), &r);
          StoreInt64(y.dtype(), y.mutable_data, o, static_cast<int64_t>(r));
          break;
        }
        case NumericKind::kQuantized:
          StoreInt64(y.dtype(), y.mutable_data, o,
                     QuantElement(op, qp, LoadAsInt64(x0.dtype(), x0.data, i0), LoadAsInt64(x1.dtype(), x1.data, i1),
                                  round));
          break;
      }
    }
  });
  return status;
}

}  // namespace

Status InferArithmetic(OpContext& ctx) {
  ArithmeticParams p;
  NNRT_RETURN_IF_ERROR(ClassifyArithmetic(ctx, &p.kind));
  NNRT_RETURN_IF_ERROR(ReadFusedActivation(*ctx.node, &p.act));
  NNRT_RETURN_IF_ERROR(BroadcastShapes(ctx.inputs[0].dims, ctx.inputs[1].dims, &ctx.outputs[0].dims));
  ctx.SetParams(p);
  return Status::Ok();
}

Status InferArithmeticWithoutActivation(OpContext& ctx) {
  ArithmeticParams p;
  NNRT_RETURN_IF_ERROR(ClassifyArithmetic(ctx, &p.kind));
  p.act = ActivationType::kNone;
  NNRT_RETURN_IF_ERROR(BroadcastShapes(ctx.inputs[0].dims, ctx.inputs[1].dims, &ctx.outputs[0].dims));
  ctx.SetParams(p);
  return Status::Ok();
}

Status AddKernel(OpContext& ctx) { return RunArithmetic(ctx, ArithOp::kAdd, &RoundAddZeroPointAndClamp); }
Status SubKernel(OpContext& ctx) { return RunArithmetic(ctx, ArithOp::kSub, &RoundAddZeroPointAndClamp); }
Status MulKernel(OpContext& ctx) { return RunArithmetic(ctx, ArithOp::kMul, &RoundAddZeroPointAndClamp); }
Status DivKernel(OpContext& ctx) { return RunArithmetic(ctx, ArithOp::kDiv, &RoundAddZeroPointAndClamp); }

Status RunArithmeticWithRounding(OpContext& ctx, NodeType type, QuantRoundFn round) {
  switch (type) {
    case NodeType::ADD_FUSION: return RunArithmetic(ctx, ArithOp::kAdd, round);
    case NodeType::SUB_FUSION: return RunArithmetic(ctx, ArithOp::kSub, round);
    case NodeType::MUL_FUSION: return RunArithmetic(ctx, ArithOp::kMul, round);
    case NodeType::DIV_FUSION: return RunArithmetic(ctx, ArithOp::kDiv, round);
    default: return InvalidModel(std::string(NodeTypeName(type)) + " is not an element-wise arithmetic node type");
  }
}

OpDef ArithmeticOpDef(NodeType type) {
  KernelFn kernel = type == NodeType::ADD_FUSION   ? &AddKernel
                    : type == NodeType::SUB_FUSION ? &SubKernel
                    : type == NodeType::MUL_FUSION ? &MulKernel
                                                   : &DivKernel;
  return OpDef{type, {schema::FusedActivation()},
               /*inputs=*/2, 2, /*outputs=*/1, 1, &InferArithmetic, kernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt16,
                DataType::kInt32, DataType::kInt64},
               "arithmetic"};
}

}  // namespace nnrt
