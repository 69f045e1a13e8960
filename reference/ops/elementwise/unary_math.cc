#include "reference/ops/elementwise/unary_math.h"

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>

#include "reference/numerics/numerics.h"
#include "reference/ops/elementwise/activation.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

// How a row treats plain (non-quantized) integer tensors.
enum class IntegerRule {
  kUnsupported,  // float-only per the docs ([D12]: FLOAT16/32/64), C-175
  kIdentity,     // CEIL, FLOOR, ROUND: an integer is already integral (C-174)
  kNegate,       // NEG: two's-complement wrap, -INT_MIN = INT_MIN (C-173)
  kAbs,          // ABS: wrap, |INT_MIN| = INT_MIN (C-173)
  kSquare,       // SQUARE: product wraps to the type (C-173)
};

struct UnaryMathImpl {
  NodeType type;
  double (*fn)(double x);
  IntegerRule integer_rule;
};

double Abs(double x) { return std::fabs(x); }
double Neg(double x) { return -x; }
double Square(double x) { return x * x; }  // float32 x float32 is exact in binary64
double Ceil(double x) { return std::ceil(x); }
double Floor(double x) { return std::floor(x); }
// C-172: ROUND is half to even (HDI IDL Round and the OH_NN header say so);
// nearbyint keeps the sign of a zero result (-0.5 -> -0).
double Round(double x) { return RoundHalfToEven(x); }
double Erf(double x) { return std::erf(x); }
// log(+-0) = -inf, log(x<0) = NaN, log(inf) = inf (IEEE / C99 Annex F, C-176).
double Log(double x) { return std::log(x); }
double Sin(double x) { return std::sin(x); }
double Cos(double x) { return std::cos(x); }
// 1/(+-0) = +-inf (C-176).
double Reciprocal(double x) { return 1.0 / x; }
// sqrt(-0) = -0, sqrt(x<0) = NaN (C-176).
double Sqrt(double x) { return std::sqrt(x); }
// 1/sqrt(x): rsqrt(+0) = +inf, rsqrt(-0) = -inf (IEEE 754 rSqrt), rsqrt(x<0) =
// NaN, rsqrt(inf) = +0. Two binary64 operations, then the single rounding to
// the output type (C-176).
double Rsqrt(double x) { return 1.0 / std::sqrt(x); }

const UnaryMathImpl kUnaryMathImpls[] = {
    {NodeType::ABS, &Abs, IntegerRule::kAbs},
    {NodeType::NEG, &Neg, IntegerRule::kNegate},
    {NodeType::SQUARE, &Square, IntegerRule::kSquare},
    {NodeType::CEIL, &Ceil, IntegerRule::kIdentity},
    {NodeType::FLOOR, &Floor, IntegerRule::kIdentity},
    {NodeType::ROUND, &Round, IntegerRule::kIdentity},
    {NodeType::ERF, &Erf, IntegerRule::kUnsupported},
    {NodeType::LOG, &Log, IntegerRule::kUnsupported},
    {NodeType::SIN, &Sin, IntegerRule::kUnsupported},
    {NodeType::COS, &Cos, IntegerRule::kUnsupported},
    {NodeType::RECIPROCAL, &Reciprocal, IntegerRule::kUnsupported},
    {NodeType::SQRT, &Sqrt, IntegerRule::kUnsupported},
    {NodeType::RSQRT, &Rsqrt, IntegerRule::kUnsupported},
};

const UnaryMathImpl* FindUnaryMathImpl(NodeType type) {
  for (const UnaryMathImpl& impl : kUnaryMathImpls) {
    if (impl.type == type) return &impl;
  }
  return nullptr;
}

// Integer element on the value's 64-bit pattern; modular uint64 arithmetic is
// the wrap of C-42 / C-173 once the store truncates to the type's width.
int64_t IntegerElement(IntegerRule rule, int64_t x) {
  const uint64_t u = static_cast<uint64_t>(x);
  switch (rule) {
    case IntegerRule::kNegate: return static_cast<int64_t>(uint64_t{0} - u);
    case IntegerRule::kAbs: return x < 0 ? static_cast<int64_t>(uint64_t{0} - u) : x;
    case IntegerRule::kSquare: return static_cast<int64_t>(u * u);
    case IntegerRule::kIdentity:
    case IntegerRule::kUnsupported: return x;
  }
  return x;
}

// Shared checks: one input and one output of the same kind and data type
// (C-41 conventions), integers only where the row allows them.
Status CheckUnaryTypes(const OpContext& ctx, IntegerRule rule, const char* op_name, NumericKind* kind) {
  NNRT_RETURN_IF_ERROR(ClassifyElementwise({&ctx.inputs[0], &ctx.outputs[0]}, {"input 0", "output 0"}, kind));
  if (*kind != NumericKind::kInteger) return Status::Ok();
  if (rule == IntegerRule::kUnsupported) {
    return Unsupported(std::string(op_name) + " is defined on float16/float32/float64 and quantized int8/uint8, not on " +
                       DataTypeName(ctx.inputs[0].dtype()) + " (C-175)");
  }
  // ABS compares the value with 0, which needs the signed view; uint64 beyond
  // INT64_MAX would read as negative (C-173).
  if (rule == IntegerRule::kAbs && ctx.inputs[0].dtype() == DataType::kUint64) {
    return Unsupported(std::string(op_name) + " on uint64 is not supported (C-173)");
  }
  return Status::Ok();
}

// The three paths every element-wise unary op has: float (binary64, one
// rounding), plain integer (exact, wrapping), quantized 8-bit (a table of
// Q_out(f(DQ_in(q))), quantization_semantics 4.9).
void RunElementwise(const std::function<double(double)>& fn, IntegerRule rule, NumericKind kind,
                    const TensorArg& x, TensorArg& y) {
  const size_t n = static_cast<size_t>(x.elements());
  if (kind == NumericKind::kFloat) {
    for (size_t i = 0; i < n; ++i) StoreDouble(y.dtype(), y.mutable_data, i, fn(LoadAsDouble(x.dtype(), x.data, i)));
    return;
  }
  if (kind == NumericKind::kInteger) {
    for (size_t i = 0; i < n; ++i) {
      StoreInt64(y.dtype(), y.mutable_data, i, IntegerElement(rule, LoadAsInt64(x.dtype(), x.data, i)));
    }
    return;
  }
  const std::vector<int64_t> table = BuildQuantTable(fn, x.dtype(), x.quant(), y.dtype(), y.quant());
  const int64_t qmin = QuantMin(x.dtype());
  for (size_t i = 0; i < n; ++i) {
    StoreInt64(y.dtype(), y.mutable_data, i, table[static_cast<size_t>(LoadAsInt64(x.dtype(), x.data, i) - qmin)]);
  }
}

Status ResolveUnaryMath(const OpContext& ctx, const UnaryMathImpl** impl) {
  *impl = FindUnaryMathImpl(ctx.node->type);
  if (*impl == nullptr) {
    return Unsupported(std::string("node type ") + NodeTypeName(ctx.node->type) + " is not a unary math op");
  }
  return Status::Ok();
}

// ---- EXPFUSION ---------------------------------------------------------------------

struct ExpAttrs {
  double base;
  double scale;
  double shift;
};

// ops_catalog #60: defaults base -1 (= e), scale 1, shift 0 (the builder's and
// the API docs' shift default, not the IDL comment's 1; C-177), declared in
// the schema of UnaryMathOpDef.
ExpAttrs ReadExpParams(const Node& node) {
  return ExpAttrs{FloatAttr(node, "base"), FloatAttr(node, "scale"), FloatAttr(node, "shift")};
}

// C-177: base must be -1 (e) or finite and > 0; scale and shift finite.
Status CheckExpParams(const ExpAttrs& p) {
  const bool base_ok = p.base == -1.0 || (std::isfinite(p.base) && p.base > 0.0);
  if (!base_ok) {
    return InvalidModel("EXPFUSION base must be -1 (natural base e) or a finite value > 0, got " +
                        std::to_string(p.base) + " (C-177)");
  }
  if (!std::isfinite(p.scale) || !std::isfinite(p.shift)) {
    return InvalidModel("EXPFUSION scale and shift must be finite, got " + std::to_string(p.scale) + " and " +
                        std::to_string(p.shift) + " (C-177)");
  }
  return Status::Ok();
}

// y = base^(shift + scale*x): t = fl64(shift + fl64(scale*x)), then exp(t) or
// pow(base, t). A NaN exponent gives NaN even for base 1 (pow(1, NaN) = 1 in
// C99 would hide it; C-177).
double ExpFusion(const ExpAttrs& p, double x) {
  const double t = p.shift + p.scale * x;
  if (std::isnan(t)) return t;
  if (p.base == -1.0) return std::exp(t);
  return std::pow(p.base, t);
}

// What the kernels need, decided once by InferUnaryMath / InferExpFusion.
struct UnaryMathParams {
  const UnaryMathImpl* impl = nullptr;  // nullptr for EXPFUSION
  NumericKind kind = NumericKind::kFloat;
  ExpAttrs exp{-1.0, 1.0, 0.0};  // EXPFUSION only
};

}  // namespace

Status InferUnaryMath(OpContext& ctx) {
  UnaryMathParams plan;
  NNRT_RETURN_IF_ERROR(ResolveUnaryMath(ctx, &plan.impl));
  NNRT_RETURN_IF_ERROR(CheckUnaryTypes(ctx, plan.impl->integer_rule, NodeTypeName(plan.impl->type), &plan.kind));
  ctx.outputs[0].dims = ctx.inputs[0].dims;
  ctx.SetParams(plan);
  return Status::Ok();
}

Status UnaryMathKernel(OpContext& ctx) {
  const UnaryMathParams& plan = ctx.Params<UnaryMathParams>();
  RunElementwise(plan.impl->fn, plan.impl->integer_rule, plan.kind, ctx.inputs[0], ctx.outputs[0]);
  return Status::Ok();
}

Status InferExpFusion(OpContext& ctx) {
  UnaryMathParams plan;
  plan.exp = ReadExpParams(*ctx.node);
  NNRT_RETURN_IF_ERROR(CheckExpParams(plan.exp));
  NNRT_RETURN_IF_ERROR(CheckUnaryTypes(ctx, IntegerRule::kUnsupported, "EXPFUSION", &plan.kind));
  ctx.outputs[0].dims = ctx.inputs[0].dims;
  ctx.SetParams(plan);
  return Status::Ok();
}

Status ExpFusionKernel(OpContext& ctx) {
  const UnaryMathParams& plan = ctx.Params<UnaryMathParams>();
  const ExpAttrs& p = plan.exp;
  const NumericKind kind = plan.kind;
  RunElementwise([&p](double x) { return ExpFusion(p, x); }, IntegerRule::kUnsupported, kind, ctx.inputs[0],
                 ctx.outputs[0]);
  return Status::Ok();
}

OpDef UnaryMathOpDef(NodeType type) {
  using namespace schema;  // NOLINT
  if (type == NodeType::EXPFUSION) {
    // base -1 means e (ops_catalog #60).
    return OpDef{type, {Float("base", -1.0f), Float("scale", 1.0f), Float("shift", 0.0f)},
                 /*inputs=*/1, 1, /*outputs=*/1, 1, &InferExpFusion, &ExpFusionKernel,
                 {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}, "unary_math"};
  }
  std::vector<DataType> types = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
  const UnaryMathImpl* impl = FindUnaryMathImpl(type);
  if (impl != nullptr && impl->integer_rule != IntegerRule::kUnsupported) {
    // Plain integers: exact, wrapping (C-173, C-174); ABS not on uint64.
    for (DataType t : {DataType::kInt16, DataType::kInt32, DataType::kInt64, DataType::kUint16, DataType::kUint32}) {
      types.push_back(t);
    }
    if (impl->integer_rule != IntegerRule::kAbs) types.push_back(DataType::kUint64);
  }
  return OpDef{type, {},
               /*inputs=*/1, 1, /*outputs=*/1, 1, &InferUnaryMath, &UnaryMathKernel,
               std::move(types), "unary_math"};
}

}  // namespace nnrt
