// Element-wise ONNX operators: arithmetic, comparisons, logic, unary math,
// activations, Clip, Cast, Where, and the pass-through operators.
#include <cmath>
#include <limits>

#include "importers/onnx/mappers/mapper_util.h"
#include "importers/onnx/onnx_tensor.h"
#include "reference/ir/ir.h"

namespace nnrt {
namespace onnx_import {
namespace {

// Before opset 7, broadcast=1 aligned B with A at `axis` instead of from the
// right; B gets trailing 1-dims so numpy's rule gives the same result (C-801).
template <NodeType kType>
Status MapBinary(NodeContext& c) {
  if (c.input_count() != 2) return c.Unmappable("needs exactly 2 inputs, has " + std::to_string(c.input_count()));
  std::vector<uint32_t> in;
  NNRT_RETURN_IF_ERROR(AllInputs(c, &in));
  const int64_t broadcast = c.Int("broadcast", 0);
  const int64_t rank_a = static_cast<int64_t>(c.InputDims(0).size()), rank_b = static_cast<int64_t>(c.InputDims(1).size());
  int64_t axis = c.Int("axis", rank_a - rank_b);
  if (broadcast != 0 && axis < 0) axis += rank_a;
  if (broadcast != 0 && axis + rank_b < rank_a) {
    if (axis < 0) return c.UnmappableAttr("axis", std::to_string(axis), "outside the first input's rank");
    Dims b = c.InputDims(1);
    b.resize(static_cast<size_t>(rank_a - axis), 1);
    NNRT_RETURN_IF_ERROR(c.b().Reshape(in[1], b, c.Name("broadcast_at_axis"), &in[1]));
  }
  return MapOneNodeOn(c, kType, in, {});
}

template <NodeType kType>
Status MapComparison(NodeContext& c) {
  return MapOneNode(c, kType, {}, DataType::kBool);
}

template <NodeType kType>
Status MapUnary(NodeContext& c) {
  return MapOneNode(c, kType, {});
}

// Max / Min / Sum with any number of inputs: a left-to-right chain of binary nodes.
template <NodeType kType>
Status MapVariadic(NodeContext& c) {
  std::vector<uint32_t> in;
  NNRT_RETURN_IF_ERROR(AllInputs(c, &in));
  if (in.size() < 2) return c.Unmappable("a single input (an identity) is not mapped");
  uint32_t acc = in[0];
  for (size_t i = 1; i < in.size(); ++i) {
    NNRT_RETURN_IF_ERROR(c.b().AddNode1(kType, c.Name(i + 1 < in.size() ? std::to_string(i) : ""), {acc, in[i]}, {},
                                        c.InputType(0), &acc));
  }
  c.SetOutput(0, acc);
  return Status::Ok();
}

// Mod (C-861): NNRt's MOD is the truncated remainder (C-691), ONNX's fmod = 1. With
// fmod = 0 ONNX takes the divisor's sign (floor mod), which is the same only
// when no operand is negative: unsigned integers.
Status MapMod(NodeContext& c) {
  const int64_t fmod = c.Int("fmod", 0);
  const DataType t = c.InputType(0);
  if (fmod == 0 && !(IsIntegerType(t) && !IsSignedIntegerType(t))) {
    return c.UnmappableAttr("fmod", "0", "floor mod (the divisor's sign) on signed operands; NNRt's MOD is "
                                         "truncated (C-691)");
  }
  return MapOneNode(c, NodeType::MOD, {});
}

Status MapActivation(NodeContext& c, ActivationType type, std::vector<Attr> extra = {}) {
  std::vector<Attr> attrs = {Attr::Int8("activationType", static_cast<int8_t>(type))};
  for (Attr& a : extra) attrs.push_back(std::move(a));
  return MapOneNode(c, NodeType::ACTIVATION, std::move(attrs));
}

Status MapRelu(NodeContext& c) { return MapActivation(c, ActivationType::kRelu); }
Status MapSigmoid(NodeContext& c) { return MapActivation(c, ActivationType::kSigmoid); }
Status MapTanh(NodeContext& c) { return MapActivation(c, ActivationType::kTanh); }
Status MapSoftsign(NodeContext& c) { return MapActivation(c, ActivationType::kSoftsign); }
Status MapSoftplus(NodeContext& c) { return MapActivation(c, ActivationType::kSoftplus); }
Status MapHardSwish(NodeContext& c) { return MapActivation(c, ActivationType::kHswish); }
Status MapSign(NodeContext& c) { return MapActivation(c, ActivationType::kSign); }

Status MapElu(NodeContext& c) {
  return MapActivation(c, ActivationType::kElu, {Attr::Float("alpha", c.Float("alpha", 1.0f))});
}

// NNRt's SELU has fixed constants; ONNX's defaults are the same numbers to
// float32 precision (C-793), other values are not mapped.
Status MapSelu(NodeContext& c) {
  const float alpha = c.Float("alpha", 1.67326319217681884765625f);
  const float gamma = c.Float("gamma", 1.05070102214813232421875f);
  if (alpha != 1.67326319217681884765625f) return c.UnmappableAttr("alpha", std::to_string(alpha), "NNRt's SELU fixes alpha");
  if (gamma != 1.05070102214813232421875f) return c.UnmappableAttr("gamma", std::to_string(gamma), "NNRt's SELU fixes gamma");
  return MapActivation(c, ActivationType::kSelu);
}

Status MapLeakyRelu(NodeContext& c) {
  return MapOneNode(c, NodeType::LEAKY_RELU, {Attr::Float("negativeSlope", c.Float("alpha", 0.01f))});
}

Status MapExp(NodeContext& c) { return MapOneNode(c, NodeType::EXPFUSION, {}); }

// NNRt's slope is one value or one per channel (dim 1 of a 4-D NCHW-tagged
// input, the last dim otherwise). ONNX's slope broadcasts unidirectionally;
// a per-channel slope ([C] before opset 7, [C, 1, ..., 1] after) maps, the
// input viewed as 4-D [N, C, rest, 1] when it is not 4-D (C-802).
Status MapPRelu(NodeContext& c) {
  const Dims x = c.InputDims(0);
  const Dims& s = c.InputDims(1);
  const int64_t n = ElementCount(s).value_or(-1);
  const int64_t channels = x.size() >= 2 ? x[1] : -1;
  bool trailing_ones = s.size() + 1 == x.size() && !s.empty() && s[0] == channels;
  for (size_t d = 1; trailing_ones && d < s.size(); ++d) trailing_ones = s[d] == 1;
  const bool per_channel = trailing_ones || (c.opset() < 7 && s.size() == 1 && s[0] == channels);
  if (n != 1 && !per_channel) {
    return c.Unmappable("slope " + DimsToString(s) + " for input " + DimsToString(x) +
                        ": NNRt's PRELU takes one slope or one per channel");
  }
  std::vector<uint32_t> in;
  NNRT_RETURN_IF_ERROR(AllInputs(c, &in));
  if (n == 1 || x.size() == 4 || x.size() == 2) return MapOneNodeOn(c, NodeType::PRELU_FUSION, in, {});
  int64_t rest = 1;
  for (size_t d = 2; d < x.size(); ++d) rest *= x[d];
  uint32_t x4 = 0, y4 = 0, y = 0;
  NNRT_RETURN_IF_ERROR(c.b().Reshape(in[0], {x[0], x[1], static_cast<int32_t>(rest), 1}, c.Name("as_nchw"), &x4));
  NNRT_RETURN_IF_ERROR(c.b().AddNode1(NodeType::PRELU_FUSION, c.Name(), {x4, in[1]}, {}, c.InputType(0), &y4));
  NNRT_RETURN_IF_ERROR(c.b().Reshape(y4, x, c.Name("back"), &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

Status MapClip(NodeContext& c) {
  double lo = -std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();
  if (c.opset() < 11) {
    lo = c.Float("min", std::numeric_limits<float>::lowest());
    hi = c.Float("max", std::numeric_limits<float>::max());
  } else {
    std::vector<double> v;
    if (c.HasInput(1)) {
      NNRT_RETURN_IF_ERROR(c.ConstantDoubles(1, &v));
      lo = v.at(0);
    }
    if (c.HasInput(2)) {
      NNRT_RETURN_IF_ERROR(c.ConstantDoubles(2, &v));
      hi = v.at(0);
    }
  }
  // NNRt's bounds are float32: integer bounds map when float32 holds them exactly.
  if (!IsFloatType(c.InputType(0)) && (static_cast<double>(static_cast<float>(lo)) != lo ||
                                       static_cast<double>(static_cast<float>(hi)) != hi)) {
    return c.Unmappable("integer bounds not exact in float32 (NNRt's CLIP bounds are float32)");
  }
  uint32_t x = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  return MapOneNodeOn(c, NodeType::CLIP, {x},
                      {Attr::Float("max", static_cast<float>(hi)), Attr::Float("min", static_cast<float>(lo))});
}

Status MapCast(NodeContext& c) {
  const int64_t to = c.Int("to", 0);
  const std::optional<DataType> dtype = DataTypeFromOnnx(static_cast<int32_t>(to));
  if (!dtype) return c.UnmappableAttr("to", std::to_string(to), "no NNRt data type");
  uint32_t x = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  const uint32_t type = c.b().AddInt32Constant(c.Name("type"), {DataTypeToOhnn(*dtype)}, {1});
  return MapOneNodeOn(c, NodeType::CAST, {x, type}, {}, *dtype);
}

Status MapWhere(NodeContext& c) {
  std::vector<uint32_t> in;
  NNRT_RETURN_IF_ERROR(AllInputs(c, &in));
  return MapOneNodeOn(c, NodeType::WHERE, in, {}, c.InputType(1));
}

// Identity and inference-mode Dropout: the output is the input tensor.
Status MapPassThrough(NodeContext& c) {
  if (c.op() == "Dropout") {
    c.Float("ratio", 0.5f);  // no effect in inference
    c.Int("seed", 0);
    if (c.Int("is_test", 1) != 1) return c.UnmappableAttr("is_test", "0", "training-mode dropout is random");
    if (c.HasInput(2)) return c.Unmappable("input training_mode is not mapped");
    if (c.output_count() > 1) return c.Unmappable("the mask output is not mapped");
  }
  uint32_t x = 0;
  NNRT_RETURN_IF_ERROR(c.Input(0, &x));
  c.SetOutput(0, x);
  return Status::Ok();
}

}  // namespace

std::vector<MapperEntry> ElementwiseMappers() {
  return {
      {"Abs", MapUnary<NodeType::ABS>, "ABS"},
      {"Add", MapBinary<NodeType::ADD_FUSION>, "ADD_FUSION"},
      {"And", MapBinary<NodeType::LOGICAL_AND>, "LOGICAL_AND"},
      {"Cast", MapCast, "CAST"},
      {"Ceil", MapUnary<NodeType::CEIL>, "CEIL"},
      {"Clip", MapClip, "CLIP", {1, 2}},
      {"Cos", MapUnary<NodeType::COS>, "COS"},
      {"Div", MapBinary<NodeType::DIV_FUSION>, "DIV_FUSION"},
      {"Dropout", MapPassThrough, "(none: the input)"},
      {"Elu", MapElu, "ACTIVATION (ELU)"},
      {"Equal", MapComparison<NodeType::EQUAL>, "EQUAL"},
      {"Erf", MapUnary<NodeType::ERF>, "ERF"},
      {"Exp", MapExp, "EXPFUSION"},
      {"Floor", MapUnary<NodeType::FLOOR>, "FLOOR"},
      {"Greater", MapComparison<NodeType::GREATER>, "GREATER"},
      {"GreaterOrEqual", MapComparison<NodeType::GREATER_EQUAL>, "GREATER_EQUAL"},
      {"HardSwish", MapHardSwish, "ACTIVATION (HSWISH)"},
      {"Identity", MapPassThrough, "(none: the input)"},
      {"LeakyRelu", MapLeakyRelu, "LEAKY_RELU"},
      {"Less", MapComparison<NodeType::LESS>, "LESS"},
      {"LessOrEqual", MapComparison<NodeType::LESS_EQUAL>, "LESS_EQUAL"},
      {"Log", MapUnary<NodeType::LOG>, "LOG"},
      {"Max", MapVariadic<NodeType::MAXIMUM>, "MAXIMUM (chained)"},
      {"Min", MapVariadic<NodeType::MINIMUM>, "MINIMUM (chained)"},
      {"Mul", MapBinary<NodeType::MUL_FUSION>, "MUL_FUSION"},
      {"Neg", MapUnary<NodeType::NEG>, "NEG"},
      {"Not", MapUnary<NodeType::LOGICAL_NOT>, "LOGICAL_NOT"},
      {"Or", MapBinary<NodeType::LOGICAL_OR>, "LOGICAL_OR"},
      {"PRelu", MapPRelu, "PRELU_FUSION"},
      {"Mod", MapMod, "MOD (fmod = 1, or unsigned operands)"},
      {"Pow", MapBinary<NodeType::POW_FUSION>, "POW_FUSION"},
      {"Reciprocal", MapUnary<NodeType::RECIPROCAL>, "RECIPROCAL"},
      {"Relu", MapRelu, "ACTIVATION (RELU)"},
      {"Round", MapUnary<NodeType::ROUND>, "ROUND"},
      {"Selu", MapSelu, "ACTIVATION (SELU)"},
      {"Sigmoid", MapSigmoid, "ACTIVATION (SIGMOID)"},
      {"Sign", MapSign, "ACTIVATION (SIGN)"},
      {"Sin", MapUnary<NodeType::SIN>, "SIN"},
      {"Softplus", MapSoftplus, "ACTIVATION (SOFTPLUS)"},
      {"Softsign", MapSoftsign, "ACTIVATION (SOFTSIGN)"},
      {"Sqrt", MapUnary<NodeType::SQRT>, "SQRT"},
      {"Sub", MapBinary<NodeType::SUB_FUSION>, "SUB_FUSION"},
      {"Sum", MapVariadic<NodeType::ADD_FUSION>, "ADD_FUSION (chained)"},
      {"Tanh", MapTanh, "ACTIVATION (TANH)"},
      {"Where", MapWhere, "WHERE"},
      {"Xor", MapComparison<NodeType::NOT_EQUAL>, "NOT_EQUAL (on bool)"},
  };
}

}  // namespace onnx_import
}  // namespace nnrt
