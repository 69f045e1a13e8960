// Element-wise unary math, the remaining ACTIVATION types, CLIP, PRELU_FUSION,
// CAST and QUANT_DTYPE_CAST (ops_catalog #6, #17, #33, #44, #46, #52,
// #56, #58-#60, #63, #74, #76, #79, #80, #84-#86, #90, #93, #102, #105, #107).
// Float data carries the edge values of ValueProfile (+-0, subnormals, +-max,
// +-inf, NaN), which reach the domain edges log(0), log(<0), sqrt(-1), 1/+-0;
// integer data reaches each type's limits (INT_MIN for NEG/ABS, wrap for SQUARE
// and narrowing CAST).
#include <cmath>
#include <string>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

bool IsQuant8(DataType t) { return t == DataType::kInt8 || t == DataType::kUint8; }


// Quantized inputs of LOG, RSQRT and RECIPROCAL stay strictly inside the
// domain (q > zp) and SQRT's at q >= zp: a NaN or infinite real result is out
// of contract for a quantized comparison (quantization_semantics 5.1).
void KeepQuantizedCodesInDomain(NodeType type, DataType dtype, const QuantParam& q, std::vector<uint8_t>* data) {
  const bool strict = type == NodeType::LOG || type == NodeType::RSQRT || type == NodeType::RECIPROCAL;
  if (!strict && type != NodeType::SQRT) return;
  const int64_t lowest = strict ? q.zero_point + 1 : q.zero_point;
  if (lowest > QuantMax(dtype)) return;
  const size_t n = data->size() / DataTypeSize(dtype);
  for (size_t i = 0; i < n; ++i) {
    const int64_t v = LoadAsInt64(dtype, data->data(), i);
    if (v < lowest) StoreInt64(dtype, data->data(), i, lowest + (lowest - v) % (QuantMax(dtype) - lowest + 1));
  }
}

// Bulk value range per op: EXP and SIN/COS need a wider range to leave the
// neighbourhood of 0; everything else sees [-4, 4] plus the edge values.
double TypicalRange(NodeType type) {
  switch (type) {
    case NodeType::EXPFUSION: return 12.0;
    case NodeType::SIN:
    case NodeType::COS: return 10.0;
    default: return 4.0;
  }
}

std::vector<Attr> ExpAttrs(const NodeSpec& spec) {
  std::vector<Attr> attrs;
  if (*rc::gen::inRange(0, 2) == 0) return attrs;  // defaults: base e, scale 1, shift 0
  for (const char* name : {"base", "scale", "shift"}) {
    attrs.push_back(Attr::Float(name, static_cast<float>(GenAttrValue(*FindAttrDomain(spec, name)))));
  }
  return attrs;
}

GeneratedCase GenerateUnary(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = IsQuant8(dtype);
  const Dims dims = GenShape(0, 4, 5);
  ValueProfile profile;
  profile.typical_range = TypicalRange(spec.type);
  std::vector<QuantParam> qx, qy;
  if (g.quantized) {
    qx = {GenQuantParam(dtype)};
    qy = {GenQuantParam(dtype)};
  }
  std::vector<uint8_t> data = GenTensorData(dtype, ElementsOf(dims), profile, g.quantized ? qx[0].zero_point : 0);
  if (g.quantized) KeepQuantizedCodesInDomain(spec.type, dtype, qx[0], &data);
  SingleNodeCase b(spec.type, spec.name);
  b.In("x", dtype, dims, std::move(data), qx);
  b.Out("y", dtype, dims, qy);
  b.WithAttrs(spec.type == NodeType::EXPFUSION ? ExpAttrs(spec) : std::vector<Attr>{});
  g.test_case = b.Build();
  return g;
}

// ---- Parametrised ACTIVATION types ---------------------------------------------------

const char* ActivationName(ActivationType a) {
  switch (a) {
    case ActivationType::kElu: return "ELU";
    case ActivationType::kLeakyRelu: return "LEAKY_RELU";
    case ActivationType::kAbs: return "ABS";
    case ActivationType::kRelu1: return "RELU1";
    case ActivationType::kSoftsign: return "SOFTSIGN";
    case ActivationType::kSoftplus: return "SOFTPLUS";
    case ActivationType::kSelu: return "SELU";
    case ActivationType::kHswish: return "HSWISH";
    case ActivationType::kHsigmoid: return "HSIGMOID";
    case ActivationType::kThresholdRelu: return "THRESHOLDRELU";
    case ActivationType::kLinear: return "LINEAR";
    case ActivationType::kHardTanh: return "HARD_TANH";
    case ActivationType::kSign: return "SIGN";
    case ActivationType::kSwish: return "SWISH";
    case ActivationType::kGelu: return "GELU";
    default: return "UNLISTED";
  }
}

// alpha, minVal, maxVal are drawn in quarters from the spec's integer domains
// (quarter units keep them exact in float32); other fields take the values the
// OH_NN lowering writes.
std::vector<Attr> ActivationAttrs(const NodeSpec& spec) {
  std::vector<Attr> attrs = {Attr::Int8("activationType", static_cast<int8_t>(spec.activation))};
  for (const char* name : {"alpha", "minVal", "maxVal"}) {
    attrs.push_back(Attr::Float(name, static_cast<float>(GenAttrValue(*FindAttrDomain(spec, name))) / 4.0f));
  }
  attrs.push_back(Attr::Bool("approximate", GenAttrValue(*FindAttrDomain(spec, "approximate")) != 0));
  return attrs;
}

GeneratedCase GenerateParametrisedActivation(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = IsQuant8(dtype);
  const Dims dims = GenShape(0, 4, 5);
  ValueProfile profile;
  profile.typical_range = 6.0;
  std::vector<QuantParam> qx, qy;
  if (g.quantized) {
    qx = {GenQuantParamWithScale(dtype, 1.0 / 256, 0.25)};
    qy = {*rc::gen::inRange(0, 2) == 0 ? qx[0] : GenQuantParam(dtype)};
  }
  SingleNodeCase b(NodeType::ACTIVATION, spec.name);
  b.In("x", dtype, dims, GenTensorData(dtype, ElementsOf(dims), profile, g.quantized ? qx[0].zero_point : 0), qx);
  b.Out("y", dtype, dims, qy);
  b.WithAttrs(ActivationAttrs(spec));
  g.test_case = b.Build();
  return g;
}

// ---- CLIP -----------------------------------------------------------------------------

GeneratedCase GenerateClip(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = IsQuant8(dtype);
  const Dims dims = GenShape(0, 4, 5);
  std::vector<QuantParam> qx, qy;
  if (g.quantized) {
    qx = {GenQuantParam(dtype)};
    qy = {*rc::gen::inRange(0, 2) == 0 ? qx[0] : GenQuantParam(dtype)};
  }
  // Bounds in halves; min > max happens (C-168).
  const float lo = static_cast<float>(GenAttrValue(*FindAttrDomain(spec, "min"))) / 2.0f;
  const float hi = static_cast<float>(GenAttrValue(*FindAttrDomain(spec, "max"))) / 2.0f;
  SingleNodeCase b(NodeType::CLIP, spec.name);
  b.In("x", dtype, dims, GenTensorData(dtype, ElementsOf(dims), ValueProfile(), g.quantized ? qx[0].zero_point : 0),
       qx);
  b.Out("y", dtype, dims, qy);
  b.WithAttrs({Attr::Float("min", lo), Attr::Float("max", hi)});
  g.test_case = b.Build();
  return g;
}

// ---- PRELU_FUSION ---------------------------------------------------------------------

GeneratedCase GeneratePRelu(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = IsQuant8(dtype);
  const Dims dims = GenShape(2, 4, 5);
  const bool shared = *rc::gen::inRange(0, 3) == 0;
  const Dims slope_dims = {shared ? 1 : dims.back()};  // NHWC: channel = last axis (C-180)
  std::vector<QuantParam> qx, qs, qy;
  if (g.quantized) {
    qx = {GenQuantParam(dtype)};
    qs = {GenQuantParamWithScale(dtype, 1.0 / 256, 1.0 / 16)};
    qy = {GenQuantParam(dtype)};
  }
  ValueProfile slope_profile;
  slope_profile.nan_inf = false;
  slope_profile.typical_range = 1.0;
  SingleNodeCase b(NodeType::PRELU_FUSION, spec.name);
  b.In("x", dtype, dims, GenTensorData(dtype, ElementsOf(dims), ValueProfile(), g.quantized ? qx[0].zero_point : 0),
       qx);
  const std::vector<uint8_t> slope_data =
      GenTensorData(dtype, ElementsOf(slope_dims), slope_profile, g.quantized ? qs[0].zero_point : 0);
  if (*rc::gen::inRange(0, 2) == 0) {
    b.Const("slope", dtype, slope_dims, slope_data, qs);
  } else {
    b.In("slope", dtype, slope_dims, slope_data, qs);
  }
  b.Out("y", dtype, dims, qy);
  std::vector<Attr> attrs;
  if (shared || *rc::gen::inRange(0, 2) == 0) attrs.push_back(Attr::Bool("channelShared", shared));
  b.WithAttrs(std::move(attrs));
  g.test_case = b.Build();
  return g;
}

// ---- CAST -------------------------------------------------------------------------------

const std::vector<DataType>& CastTypes() {
  static const std::vector<DataType> types = {
      DataType::kBool,   DataType::kInt8,   DataType::kInt16,   DataType::kInt32,   DataType::kInt64,
      DataType::kUint8,  DataType::kUint16, DataType::kUint32,  DataType::kUint64,  DataType::kFloat16,
      DataType::kFloat32, DataType::kFloat64};
  return types;
}

// Values at the edges of C-182 / C-183: NaN, infinities, ties, the limits of
// int8 / uint8 / int32 / int64 and just past them, float16 overflow.
const std::vector<double>& CastEdgeValues() {
  static const std::vector<double> values = {
      NAN, INFINITY, -INFINITY, -0.0, 0.5, -0.5, 127.5, -128.5, 255.5, 256.0, -1.0, 65520.0, 1e5,
      2147483647.0, 2147483648.0, -2147483649.0, 9223372036854775808.0, -9223372036854775808.0, 1.8446744073709552e19};
  return values;
}

// Half of the float-source cases overwrite about half of the elements with edge values.
void MixInCastEdges(DataType dtype, std::vector<uint8_t>* data) {
  if (!IsFloatType(dtype) || *rc::gen::inRange(0, 2) == 0) return;
  const std::vector<double>& edges = CastEdgeValues();
  const size_t n = data->size() / DataTypeSize(dtype);
  const auto picks = *rc::gen::container<std::vector<int>>(n, rc::gen::inRange(0, static_cast<int>(2 * edges.size())));
  for (size_t i = 0; i < n; ++i) {
    if (picks[i] < static_cast<int>(edges.size())) StoreDouble(dtype, data->data(), i, edges[picks[i]]);
  }
}

// The case's data type is the source; the target is any of the 12 types.
GeneratedCase GenerateCast(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  const DataType target = *rc::gen::elementOf(CastTypes());
  const Dims dims = GenShape(0, 3, 5);
  ValueProfile profile;
  profile.typical_range = *rc::gen::elementOf(std::vector<double>{4.0, 300.0, 5e9});  // int8 / int32 limits
  std::vector<uint8_t> data = dtype == DataType::kBool ? GenBoolBytes(ElementsOf(dims))
                                                       : GenTensorData(dtype, ElementsOf(dims), profile);
  MixInCastEdges(dtype, &data);
  SingleNodeCase b(NodeType::CAST, spec.name);
  b.In("x", dtype, dims, std::move(data), {});
  std::vector<uint8_t> type_bytes(4);
  StoreInt64(DataType::kInt32, type_bytes.data(), 0, DataTypeToOhnn(target));
  b.Const("type", DataType::kInt32, {}, std::move(type_bytes), {});
  b.Out("y", target, dims, {});
  g.test_case = b.Build();
  return g;
}

// ---- QUANT_DTYPE_CAST ---------------------------------------------------------------------

// Per-axis params along `axis` half of the time (rank >= 1), per-tensor otherwise.
std::vector<QuantParam> GenCastQuant(DataType dtype, const Dims& dims, int64_t axis, bool per_axis) {
  if (!per_axis) return {GenQuantParam(dtype)};
  const int32_t channels = dims[static_cast<size_t>(axis < 0 ? axis + static_cast<int64_t>(dims.size()) : axis)];
  std::vector<QuantParam> params;
  for (int32_t c = 0; c < channels; ++c) params.push_back(GenQuantParam(dtype));
  return params;
}

// The case's data type is the quantized side's (input for dequantize and
// requantize, output for quantize).
GeneratedCase GenerateQuantDTypeCast(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = true;
  const Dims dims = GenShape(1, 3, 4);
  const int64_t rank = static_cast<int64_t>(dims.size());
  const int64_t axis = *rc::gen::inRange<int64_t>(-rank, rank);
  const bool per_axis = *rc::gen::inRange(0, 2) == 0;
  const int kind = *rc::gen::inRange(0, 3);  // 0 quantize, 1 dequantize, 2 requantize
  const DataType float_type = *rc::gen::elementOf(std::vector<DataType>{DataType::kFloat32, DataType::kFloat16});
  const DataType other_quant = *rc::gen::elementOf(std::vector<DataType>{DataType::kInt8, DataType::kUint8});
  const DataType in_type = kind == 0 ? float_type : dtype;
  const DataType out_type = kind == 0 ? dtype : (kind == 1 ? float_type : other_quant);
  std::vector<QuantParam> qx, qy;
  if (kind != 0) qx = GenCastQuant(in_type, dims, axis, per_axis);
  if (kind != 1) qy = GenCastQuant(out_type, dims, axis, per_axis && (kind == 0 || *rc::gen::inRange(0, 2) == 0));
  ValueProfile profile;
  profile.typical_range = 64.0;
  profile.nan_inf = false;  // quantizing NaN is out of contract (quantization_semantics 4.3, 5.1)
  SingleNodeCase b(spec.type, spec.name);
  b.In("x", in_type, dims, GenTensorData(in_type, ElementsOf(dims), profile, qx.empty() ? 0 : qx[0].zero_point), qx);
  b.Out("y", out_type, dims, qy);
  b.WithAttrs({Attr::Int64("srcT", DataTypeToOhnn(in_type)), Attr::Int64("dstT", DataTypeToOhnn(out_type)),
               Attr::Int64("axis", axis)});
  g.test_case = b.Build();
  return g;
}

ToleranceClass UnaryToleranceClass(NodeType type) {
  switch (type) {
    case NodeType::RECIPROCAL: return ToleranceClass::kReciprocal;
    case NodeType::SQRT:
    case NodeType::RSQRT: return ToleranceClass::kSqrt;
    case NodeType::EXPFUSION: return ToleranceClass::kExp;
    case NodeType::LOG: return ToleranceClass::kLog;
    case NodeType::SIN: return ToleranceClass::kSin;
    case NodeType::COS: return ToleranceClass::kCos;
    case NodeType::ERF: return ToleranceClass::kErf;
    default: return ToleranceClass::kCorrectlyRounded;  // ABS, NEG, FLOOR, CEIL, ROUND, SQUARE
  }
}

ToleranceClass ParametrisedActivationToleranceClass(ActivationType a) {
  switch (a) {
    case ActivationType::kAbs:
    case ActivationType::kLeakyRelu: return ToleranceClass::kCorrectlyRounded;
    case ActivationType::kRelu1:
    case ActivationType::kHardTanh:
    case ActivationType::kThresholdRelu:
    case ActivationType::kLinear:
    case ActivationType::kSign: return ToleranceClass::kClampExact;
    // ELU, SOFTSIGN, SOFTPLUS, SELU, HSWISH, HSIGMOID, SWISH, GELU
    default: return ToleranceClass::kNonlinearComposite;
  }
}

}  // namespace

NodeSpec UnaryMathSpec(NodeType type) {
  NodeSpec s;
  s.name = NodeTypeName(type);
  s.type = type;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
  switch (type) {
    case NodeType::ABS:
    case NodeType::NEG:
    case NodeType::SQUARE:
      s.dtypes.push_back(DataType::kInt32);  // wrap at INT_MIN / overflow (C-173)
      break;
    case NodeType::CEIL:
    case NodeType::FLOOR:
    case NodeType::ROUND:
      s.dtypes.push_back(DataType::kInt32);  // identity (C-174)
      break;
    case NodeType::EXPFUSION:
      // base -1 (= e) or > 0, scale, shift (C-177); integral choices keep them exact.
      s.attrs = {SchemaDomain(type, "base", {-1, 2, 3, 10}), SchemaDomain(type, "scale", {1, 2, -1}),
                 SchemaDomain(type, "shift", {0, 1, -2})};
      break;
    default:
      break;
  }
  s.generate = GenerateUnary;
  s.tolerance = UnaryToleranceClass(type);
  // -(+0) = -0 and |-0| = +0 exactly (IEEE negate / abs are sign-bit operations).
  s.signed_zero_exact = type == NodeType::NEG || type == NodeType::ABS;
  // Chained in float only; the ops that leave the finite range on ordinary
  // values (exp overflow, log/sqrt/rsqrt/reciprocal domain) are hazards.
  const bool hazard = type == NodeType::EXPFUSION || type == NodeType::LOG || type == NodeType::SQRT ||
                      type == NodeType::RSQRT || type == NodeType::RECIPROCAL;
  s.graph = Chainable(GraphKind::kUnary, false, hazard);
  // The transcendental rows bound the error by the op input x.
  if (type == NodeType::EXPFUSION || type == NodeType::LOG || type == NodeType::SIN || type == NodeType::COS) {
    s.reference_aux = UnaryInputAux;
  }
  s.model_bound = type == NodeType::ABS || type == NodeType::NEG ? ModelBoundRule::kLipschitz : ModelBoundRule::kNone;
  return s;
}

NodeSpec ParametrisedActivationSpec(ActivationType activation) {
  NodeSpec s;
  s.name = std::string("ACTIVATION_") + ActivationName(activation);
  s.type = NodeType::ACTIVATION;
  s.activation = activation;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
  if (activation == ActivationType::kAbs) s.dtypes.push_back(DataType::kInt32);  // C-163
  // In quarters (ActivationAttrs): alpha in [-1, 3], minVal in [-3, 0], maxVal in [0, 3]
  // (minVal > maxVal is covered by CLIP's generator).
  const NodeType t = NodeType::ACTIVATION;
  s.attrs = {SchemaDomain(t, "activationType", {static_cast<int64_t>(activation)}), SchemaRange(t, "alpha", -4, 12),
             SchemaRange(t, "minVal", -12, 0), SchemaRange(t, "maxVal", 0, 12), SchemaDomain(t, "approximate")};
  s.generate = GenerateParametrisedActivation;
  s.tolerance = ParametrisedActivationToleranceClass(activation);
  s.signed_zero_exact = activation == ActivationType::kAbs;
  // Chained in float with the default attributes (alpha = minVal = maxVal = 0).
  s.graph = Chainable(GraphKind::kActivation, false);
  s.reference_aux = UnaryInputAux;
  s.model_bound = ModelBoundRule::kLipschitz;
  return s;
}

NodeSpec ClipSpec() {
  NodeSpec s;
  s.name = "CLIP";
  s.type = NodeType::CLIP;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32};
  s.attrs = {SchemaRange(NodeType::CLIP, "min", -12, 4), SchemaRange(NodeType::CLIP, "max", -4, 12)};
  s.generate = GenerateClip;
  s.tolerance = ToleranceClass::kClampExact;
  s.graph = NotChainable("a unary chain node takes default attributes, and CLIP's (min = max = 0) maps all to 0");
  s.model_bound = ModelBoundRule::kLipschitz;
  return s;
}

NodeSpec PReluSpec() {
  NodeSpec s;
  s.name = "PRELU_FUSION";
  s.type = NodeType::PRELU_FUSION;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
  s.attrs = {SchemaDomain(NodeType::PRELU_FUSION, "channelShared")};
  s.generate = GeneratePRelu;
  s.tolerance = ToleranceClass::kCorrectlyRounded;
  s.graph = NotChainable("the slope operand is shaped by the channel dim, not a broadcast partner");
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

NodeSpec CastSpec() {
  NodeSpec s;
  s.name = "CAST";
  s.type = NodeType::CAST;
  s.dtypes = CastTypes();
  s.generate = GenerateCast;
  s.tolerance = ToleranceClass::kCastExact;
  s.graph = NotChainable("changes the data type, which a single-type chain cannot continue");
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

NodeSpec QuantDTypeCastSpec(NodeType type) {
  NodeSpec s;
  s.name = NodeTypeName(type);
  s.type = type;
  s.dtypes = {DataType::kInt8, DataType::kUint8};
  s.attrs = {SchemaRange(type, "srcT", 0, 12), SchemaRange(type, "dstT", 0, 12), SchemaRange(type, "axis", -3, 2)};
  s.generate = GenerateQuantDTypeCast;
  s.tolerance = ToleranceClass::kQuantCast;
  s.graph = NotChainable("changes between float and quantized, which a single-type chain cannot continue");
  s.model_bound = ModelBoundRule::kNone;
  s.no_own_invalid_model_family =
      "srcT and dstT are not interpreted (C-187); axis is read only for per-axis quant params (C-189), which "
      "these cases do not carry";
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(110, UnaryMathSpec(NodeType::ABS));
NNRT_NODE_SPEC(120, UnaryMathSpec(NodeType::NEG));
NNRT_NODE_SPEC(130, UnaryMathSpec(NodeType::FLOOR));
NNRT_NODE_SPEC(140, UnaryMathSpec(NodeType::CEIL));
NNRT_NODE_SPEC(150, UnaryMathSpec(NodeType::SQUARE));
NNRT_NODE_SPEC(160, UnaryMathSpec(NodeType::SIN));
NNRT_NODE_SPEC(170, UnaryMathSpec(NodeType::COS));
NNRT_NODE_SPEC(180, UnaryMathSpec(NodeType::EXPFUSION));
NNRT_NODE_SPEC(190, UnaryMathSpec(NodeType::LOG));
NNRT_NODE_SPEC(200, UnaryMathSpec(NodeType::SQRT));
NNRT_NODE_SPEC(210, UnaryMathSpec(NodeType::RSQRT));
NNRT_NODE_SPEC(220, UnaryMathSpec(NodeType::RECIPROCAL));
NNRT_NODE_SPEC(230, UnaryMathSpec(NodeType::ERF));
NNRT_NODE_SPEC(240, UnaryMathSpec(NodeType::ROUND));
NNRT_NODE_SPEC(250, ParametrisedActivationSpec(ActivationType::kElu));
NNRT_NODE_SPEC(260, ParametrisedActivationSpec(ActivationType::kLeakyRelu));
NNRT_NODE_SPEC(270, ParametrisedActivationSpec(ActivationType::kAbs));
NNRT_NODE_SPEC(280, ParametrisedActivationSpec(ActivationType::kRelu1));
NNRT_NODE_SPEC(290, ParametrisedActivationSpec(ActivationType::kSoftsign));
NNRT_NODE_SPEC(300, ParametrisedActivationSpec(ActivationType::kSoftplus));
NNRT_NODE_SPEC(310, ParametrisedActivationSpec(ActivationType::kSelu));
NNRT_NODE_SPEC(320, ParametrisedActivationSpec(ActivationType::kHswish));
NNRT_NODE_SPEC(330, ParametrisedActivationSpec(ActivationType::kHsigmoid));
NNRT_NODE_SPEC(340, ParametrisedActivationSpec(ActivationType::kThresholdRelu));
NNRT_NODE_SPEC(350, ParametrisedActivationSpec(ActivationType::kLinear));
NNRT_NODE_SPEC(360, ParametrisedActivationSpec(ActivationType::kHardTanh));
NNRT_NODE_SPEC(370, ParametrisedActivationSpec(ActivationType::kSign));
NNRT_NODE_SPEC(380, ParametrisedActivationSpec(ActivationType::kSwish));
NNRT_NODE_SPEC(390, ParametrisedActivationSpec(ActivationType::kGelu));
NNRT_NODE_SPEC(400, ClipSpec());
NNRT_NODE_SPEC(410, PReluSpec());
NNRT_NODE_SPEC(420, CastSpec());
NNRT_NODE_SPEC(430, QuantDTypeCastSpec(NodeType::QUANT_DTYPE_CAST));
NNRT_NODE_SPEC(440, QuantDTypeCastSpec(NodeType::QUANT_DTYPE_CAST_V2));

}  // namespace cts
}  // namespace nnrt
