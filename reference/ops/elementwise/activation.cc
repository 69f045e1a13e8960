#include "reference/ops/elementwise/activation.h"

#include <cmath>
#include <limits>
#include <string>

#include "reference/numerics/numerics.h"
#include "reference/ops/elementwise/activation_functions.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Comparisons (not std::max/min) keep NaN and -0 as they are (C-44).
double Relu(double x, const ActivationAttrs&) { return x < 0.0 ? 0.0 : x; }
double Relu6(double x, const ActivationAttrs&) { return x < 0.0 ? 0.0 : (x > 6.0 ? 6.0 : x); }
// HDI ActivationType SIGMOID = 1/(1+exp(-x)) (ops_catalog 2.4), in binary64.
double Sigmoid(double x, const ActivationAttrs&) { return 1.0 / (1.0 + std::exp(-x)); }
double Tanh(double x, const ActivationAttrs&) { return std::tanh(x); }

void ReluBounds(const ActivationAttrs&, double* lo, double* hi) {
  *lo = 0.0;
  *hi = kInf;
}
void Relu6Bounds(const ActivationAttrs&, double* lo, double* hi) {
  *lo = 0.0;
  *hi = 6.0;
}

// One row per implemented ActivationType (the parametrised functions: activation_functions.cc).
constexpr auto kClampQ = QuantActivationMethod::kClamp;
constexpr auto kTableQ = QuantActivationMethod::kTable;
const ActivationImpl kActivationImpls[] = {
    {ActivationType::kRelu, "RELU", &Relu, kClampQ, &ReluBounds, nullptr, nullptr},
    {ActivationType::kRelu6, "RELU6", &Relu6, kClampQ, &Relu6Bounds, nullptr, nullptr},
    {ActivationType::kSigmoid, "SIGMOID", &Sigmoid, kTableQ, nullptr, nullptr, nullptr},
    {ActivationType::kTanh, "TANH", &Tanh, kTableQ, nullptr, nullptr, nullptr},
    {ActivationType::kElu, "ELU", &EluActivation, kTableQ, nullptr, nullptr, &CheckAlphaFinite},
    {ActivationType::kLeakyRelu, "LEAKY_RELU", &LeakyReluActivation, kTableQ, nullptr, nullptr, &CheckAlphaFinite},
    {ActivationType::kAbs, "ABS", &AbsActivation, kTableQ, nullptr, &AbsActivationInt, nullptr},
    {ActivationType::kRelu1, "RELU1", &Relu1Activation, kClampQ, &Relu1Bounds, nullptr, nullptr},
    {ActivationType::kSoftsign, "SOFTSIGN", &SoftsignActivation, kTableQ, nullptr, nullptr, nullptr},
    {ActivationType::kSoftplus, "SOFTPLUS", &SoftplusActivation, kTableQ, nullptr, nullptr, nullptr},
    {ActivationType::kSelu, "SELU", &SeluActivation, kTableQ, nullptr, nullptr, nullptr},
    {ActivationType::kHswish, "HSWISH", &HswishActivation, kTableQ, nullptr, nullptr, nullptr},
    {ActivationType::kHsigmoid, "HSIGMOID", &HsigmoidActivation, kTableQ, nullptr, nullptr, nullptr},
    {ActivationType::kThresholdRelu, "THRESHOLDRELU", &ThresholdReluActivation, kClampQ, &ThresholdReluBounds,
     nullptr, &CheckAlphaFinite},
    {ActivationType::kLinear, "LINEAR", &LinearActivation, kClampQ, &LinearBounds, nullptr, nullptr},
    {ActivationType::kHardTanh, "HARD_TANH", &HardTanhActivation, kClampQ, &HardTanhBounds, nullptr,
     &CheckHardTanhBounds},
    {ActivationType::kSign, "SIGN", &SignActivation, kTableQ, nullptr, nullptr, nullptr},
    {ActivationType::kSwish, "SWISH", &SwishActivation, kTableQ, nullptr, nullptr, nullptr},
    {ActivationType::kGelu, "GELU", &GeluActivation, kTableQ, nullptr, nullptr, nullptr},
};

// Checks activationType against HDI ActivationType and the implemented set.
Status ResolveActivation(const Node& node, const ActivationImpl** impl) {
  const int64_t v = IntAttr(node, "activationType");
  if (v <= static_cast<int64_t>(ActivationType::kNone) || v >= static_cast<int64_t>(ActivationType::kUnknown)) {
    // NO_ACTIVATION (0) and UNKNOWN (20) name no function (C-46).
    return InvalidModel("ACTIVATION activationType must be an HDI ActivationType in 1..19, got " + std::to_string(v));
  }
  *impl = FindActivationImpl(static_cast<ActivationType>(v));
  if (*impl == nullptr) {
    return Unsupported("ACTIVATION activationType " + std::to_string(v) + " is not implemented by the reference yet");
  }
  if ((*impl)->check_params != nullptr) {
    NNRT_RETURN_IF_ERROR((*impl)->check_params(ReadActivationAttrs(node)));
  }
  return Status::Ok();
}

Status CheckActivationTypes(const OpContext& ctx, const ActivationImpl& impl, NumericKind* kind) {
  NNRT_RETURN_IF_ERROR(ClassifyElementwise({&ctx.inputs[0], &ctx.outputs[0]}, {"input 0", "output 0"}, kind));
  if (*kind == NumericKind::kInteger) {
    // uint64 values above INT64_MAX do not fit the int64 integer path (C-163).
    if (impl.int_fn == nullptr || ctx.inputs[0].dtype() == DataType::kUint64) {
      return Unsupported(std::string("ACTIVATION ") + impl.name + " on plain (non-quantized) " +
                         DataTypeName(ctx.inputs[0].dtype()) + " tensors is not supported (C-46, C-163)");
    }
  }
  return Status::Ok();
}

// Quantized clamp-type activation: requantize with M = s_in/s_out, then clamp
// to the quantized images of the real bounds (quantization_semantics 4.6, 4.8).
int64_t QuantClampElement(int64_t q, const QuantParam& in, const QuantParam& out, double multiplier,
                          const QuantRange& range) {
  const double t = static_cast<double>(q - in.zero_point) * multiplier;
  return RoundAddZeroPointAndClamp(t, out.zero_point, range.lo, range.hi);
}

QuantRange ClampRange(double lo, double hi, DataType out_type, const QuantParam& out) {
  const int64_t qmin = QuantMin(out_type);
  const int64_t qmax = QuantMax(out_type);
  QuantRange range{QuantizeHalfAwayFromZero(lo, out.scale, out.zero_point, qmin, qmax),
                   QuantizeHalfAwayFromZero(hi, out.scale, out.zero_point, qmin, qmax)};
  if (range.lo > range.hi) range.lo = range.hi;
  return range;
}

}  // namespace

const ActivationImpl* FindActivationImpl(ActivationType type) {
  for (const ActivationImpl& impl : kActivationImpls) {
    if (impl.type == type) return &impl;
  }
  return nullptr;
}

ActivationAttrs ReadActivationAttrs(const Node& node) {
  ActivationAttrs p;
  p.type = static_cast<ActivationType>(IntAttr(node, "activationType"));
  p.alpha = FloatAttr(node, "alpha");
  p.min_val = FloatAttr(node, "minVal");
  p.max_val = FloatAttr(node, "maxVal");
  p.approximate = BoolAttr(node, "approximate");
  return p;
}

std::vector<int64_t> BuildQuantTable(double (*fn)(double, const ActivationAttrs&), const ActivationAttrs& p,
                                     DataType in_type, const QuantParam& in_quant, DataType out_type,
                                     const QuantParam& out_quant) {
  return BuildQuantTable([fn, &p](double r) { return fn(r, p); }, in_type, in_quant, out_type, out_quant);
}

std::vector<int64_t> BuildQuantTable(const std::function<double(double)>& fn, DataType in_type,
                                     const QuantParam& in_quant, DataType out_type, const QuantParam& out_quant) {
  const int64_t qmin = QuantMin(in_type);
  const int64_t qmax = QuantMax(in_type);
  std::vector<int64_t> table;
  table.reserve(static_cast<size_t>(qmax - qmin + 1));
  for (int64_t q = qmin; q <= qmax; ++q) {
    const double r = Dequantize(q, in_quant.scale, in_quant.zero_point);
    table.push_back(QuantizeHalfAwayFromZero(fn(r), out_quant.scale, out_quant.zero_point, QuantMin(out_type),
                                             QuantMax(out_type)));
  }
  return table;
}

void QuantClampKernel(const TensorArg& x, TensorArg& y, double lo, double hi) {
  const QuantParam& in = x.quant();
  const QuantParam& out = y.quant();
  const double multiplier = in.scale / out.scale;
  const QuantRange range = ClampRange(lo, hi, y.dtype(), out);
  const size_t n = static_cast<size_t>(x.elements());
  for (size_t i = 0; i < n; ++i) {
    StoreInt64(y.dtype(), y.mutable_data, i,
               QuantClampElement(LoadAsInt64(x.dtype(), x.data, i), in, out, multiplier, range));
  }
}

namespace {

// What the kernel needs, decided once by InferActivation.
struct ActivationParams {
  const ActivationImpl* impl = nullptr;
  NumericKind kind = NumericKind::kFloat;
  ActivationAttrs params;
};

}  // namespace

Status InferActivation(OpContext& ctx) {
  ActivationParams plan;
  NNRT_RETURN_IF_ERROR(ResolveActivation(*ctx.node, &plan.impl));
  NNRT_RETURN_IF_ERROR(CheckActivationTypes(ctx, *plan.impl, &plan.kind));
  plan.params = ReadActivationAttrs(*ctx.node);
  ctx.outputs[0].dims = ctx.inputs[0].dims;
  ctx.SetParams(plan);
  return Status::Ok();
}

Status ActivationKernel(OpContext& ctx) {
  const ActivationParams& plan = ctx.Params<ActivationParams>();
  const ActivationImpl* impl = plan.impl;
  const NumericKind kind = plan.kind;
  const ActivationAttrs& p = plan.params;
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  const size_t n = static_cast<size_t>(x.elements());
  if (kind == NumericKind::kFloat) {
    for (size_t i = 0; i < n; ++i) StoreDouble(y.dtype(), y.mutable_data, i, impl->fn(LoadAsDouble(x.dtype(), x.data, i), p));
    return Status::Ok();
  }
  if (kind == NumericKind::kInteger) {
    for (size_t i = 0; i < n; ++i) StoreInt64(y.dtype(), y.mutable_data, i, impl->int_fn(LoadAsInt64(x.dtype(), x.data, i)));
    return Status::Ok();
  }
  const QuantParam& in = x.quant();
  const QuantParam& out = y.quant();
  if (impl->quant_method == QuantActivationMethod::kClamp) {
    double lo = -kInf;
    double hi = kInf;
    impl->real_bounds(p, &lo, &hi);
    QuantClampKernel(x, y, lo, hi);
    return Status::Ok();
  }
  const std::vector<int64_t> table = BuildQuantTable(impl->fn, p, x.dtype(), in, y.dtype(), out);
  const int64_t qmin = QuantMin(x.dtype());
  for (size_t i = 0; i < n; ++i) {
    StoreInt64(y.dtype(), y.mutable_data, i, table[static_cast<size_t>(LoadAsInt64(x.dtype(), x.data, i) - qmin)]);
  }
  return Status::Ok();
}

OpDef ActivationOpDef() {
  using namespace schema;  // NOLINT
  // activationType is the one required attribute of the whole list (C-40);
  // the other fields default to what the OH_NN lowering writes (ops_catalog 3).
  AttrSpec type = Required(Enum("activationType", 0, {}));
  type.domain = Range(0, static_cast<double>(ActivationType::kGelu));
  return OpDef{NodeType::ACTIVATION,
               {type, Float("alpha", 0.0f), Float("minVal", 0.0f), Float("maxVal", 0.0f), Bool("approximate", false)},
               /*inputs=*/1, 1, /*outputs=*/1, 1, &InferActivation, &ActivationKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32},
               "activation"};
}

}  // namespace nnrt
