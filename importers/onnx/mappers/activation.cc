// ONNX activations without a single NNRt ACTIVATION type of the same
// definition, mapped as compositions of NNRt nodes that evaluate ONNX's
// defining formula step by step, each step rounded to the tensor's type
// (docs/onnx_import.md, "Activations"; C-890). The ONNX activations with an
// identical NNRt ACTIVATION type are in importers/onnx/mappers/elementwise.cc.
#include "importers/onnx/mappers/mapper_util.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace onnx_import {
namespace {

// A one-element constant of the input's (float) type.
uint32_t Scalar(NodeContext& c, const std::string& suffix, double value) {
  const DataType t = c.InputType(0);
  std::vector<uint8_t> data(DataTypeSize(t));
  StoreDouble(t, data.data(), 0, value);
  return c.b().AddConstant(c.Name(suffix), t, {1}, std::move(data));
}

Status FloatInput(NodeContext& c, uint32_t* x) {
  NNRT_RETURN_IF_ERROR(c.Input(0, x));
  if (!IsFloatType(c.InputType(0))) return c.Unmappable(std::string("input type ") + DataTypeName(c.InputType(0)) + " is not a float type");
  return Status::Ok();
}

Status Node1(NodeContext& c, NodeType type, const std::string& suffix, const std::vector<uint32_t>& in,
             std::vector<Attr> attrs, uint32_t* y, DataType out = DataType::kUnknown) {
  return c.b().AddNode1(type, c.Name(suffix), in, std::move(attrs), out == DataType::kUnknown ? c.InputType(0) : out, y);
}

Status Activation(NodeContext& c, ActivationType type, const std::string& suffix, uint32_t x, std::vector<Attr> extra,
                  uint32_t* y) {
  std::vector<Attr> attrs = {Attr::Int8("activationType", static_cast<int8_t>(type))};
  for (Attr& a : extra) attrs.push_back(std::move(a));
  return Node1(c, NodeType::ACTIVATION, suffix, {x}, std::move(attrs), y);
}

// HardSigmoid: max(0, min(1, alpha·x + beta)) = CLIP[0, 1](ADD(MUL(x, alpha), beta)).
// NNRt's HSIGMOID is clamp((x+3)/6, 0, 1), a different formula (C-166).
Status MapHardSigmoid(NodeContext& c) {
  const float alpha = c.Float("alpha", 0.2f), beta = c.Float("beta", 0.5f);
  uint32_t x = 0, ax = 0, axb = 0, y = 0;
  NNRT_RETURN_IF_ERROR(FloatInput(c, &x));
  NNRT_RETURN_IF_ERROR(Node1(c, NodeType::MUL_FUSION, "alpha_x", {x, Scalar(c, "alpha", alpha)}, {}, &ax));
  NNRT_RETURN_IF_ERROR(Node1(c, NodeType::ADD_FUSION, "plus_beta", {ax, Scalar(c, "beta", beta)}, {}, &axb));
  NNRT_RETURN_IF_ERROR(Node1(c, NodeType::CLIP, "", {axb}, {Attr::Float("max", 1.0f), Attr::Float("min", 0.0f)}, &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

// ThresholdedRelu: x > alpha ? x : 0 = WHERE(GREATER(x, alpha), x, 0); NaN
// (x > alpha false) gives 0. NNRt's THRESHOLDRELU is clamp(x, 0, alpha) (C-167).
Status MapThresholdedRelu(NodeContext& c) {
  const float alpha = c.Float("alpha", 1.0f);
  uint32_t x = 0, above = 0, y = 0;
  NNRT_RETURN_IF_ERROR(FloatInput(c, &x));
  NNRT_RETURN_IF_ERROR(Node1(c, NodeType::GREATER, "above", {x, Scalar(c, "alpha", alpha)}, {}, &above, DataType::kBool));
  NNRT_RETURN_IF_ERROR(Node1(c, NodeType::WHERE, "", {above, x, Scalar(c, "zero", 0.0)}, {}, &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

// Celu: max(0, x) + min(0, alpha·(exp(x/alpha) − 1)). alpha = 1 is ELU (alpha
// 1) exactly; otherwise MAXIMUM(x, 0) + MINIMUM(ELU_alpha(DIV(x, alpha)), 0):
// ELU_alpha(t) = alpha·expm1(t) for t < 0 (rounded once) and t ≥ 0 otherwise,
// so the MINIMUM keeps exactly the negative branch.
Status MapCelu(NodeContext& c) {
  const float alpha = c.Float("alpha", 1.0f);
  uint32_t x = 0;
  NNRT_RETURN_IF_ERROR(FloatInput(c, &x));
  if (alpha == 1.0f) return MapOneNodeOn(c, NodeType::ACTIVATION, {x}, {Attr::Int8("activationType", static_cast<int8_t>(ActivationType::kElu)), Attr::Float("alpha", 1.0f)});
  if (!(alpha != 0.0f)) return c.UnmappableAttr("alpha", "0", "Celu divides by alpha");
  uint32_t pos = 0, t = 0, e = 0, neg = 0, y = 0;
  const uint32_t zero = Scalar(c, "zero", 0.0);
  NNRT_RETURN_IF_ERROR(Node1(c, NodeType::MAXIMUM, "positive", {x, zero}, {}, &pos));
  NNRT_RETURN_IF_ERROR(Node1(c, NodeType::DIV_FUSION, "over_alpha", {x, Scalar(c, "alpha", alpha)}, {}, &t));
  NNRT_RETURN_IF_ERROR(Activation(c, ActivationType::kElu, "elu", t, {Attr::Float("alpha", alpha)}, &e));
  NNRT_RETURN_IF_ERROR(Node1(c, NodeType::MINIMUM, "negative", {e, zero}, {}, &neg));
  NNRT_RETURN_IF_ERROR(Node1(c, NodeType::ADD_FUSION, "", {pos, neg}, {}, &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

// Mish: x·tanh(softplus(x)) = MUL(x, TANH(SOFTPLUS(x))).
Status MapMish(NodeContext& c) {
  uint32_t x = 0, sp = 0, th = 0, y = 0;
  NNRT_RETURN_IF_ERROR(FloatInput(c, &x));
  NNRT_RETURN_IF_ERROR(Activation(c, ActivationType::kSoftplus, "softplus", x, {}, &sp));
  NNRT_RETURN_IF_ERROR(Activation(c, ActivationType::kTanh, "tanh", sp, {}, &th));
  NNRT_RETURN_IF_ERROR(Node1(c, NodeType::MUL_FUSION, "", {x, th}, {}, &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

// Gelu (opset 20): approximate "none" is NNRt's GELU approximate=false, "tanh"
// approximate=true; both the same formulas (C-160).
Status MapGelu(NodeContext& c) {
  const std::string approximate = c.String("approximate", "none");
  if (approximate != "none" && approximate != "tanh") return c.UnmappableAttr("approximate", approximate, "not an ONNX value");
  uint32_t x = 0;
  NNRT_RETURN_IF_ERROR(FloatInput(c, &x));
  return MapOneNodeOn(c, NodeType::ACTIVATION, {x},
                      {Attr::Int8("activationType", static_cast<int8_t>(ActivationType::kGelu)),
                       Attr::Bool("approximate", approximate == "tanh")});
}

// Shrink: x < −lambd ? x + bias : x > lambd ? x − bias : 0
// = WHERE(LESS(x, −lambd), ADD(x, bias), WHERE(GREATER(x, lambd), SUB(x, bias), 0)).
Status MapShrink(NodeContext& c) {
  const float bias = c.Float("bias", 0.0f), lambd = c.Float("lambd", 0.5f);
  uint32_t x = 0, below = 0, above = 0, plus = 0, minus = 0, upper = 0, y = 0;
  NNRT_RETURN_IF_ERROR(FloatInput(c, &x));
  const uint32_t b = Scalar(c, "bias", bias);
  NNRT_RETURN_IF_ERROR(Node1(c, NodeType::LESS, "below", {x, Scalar(c, "minus_lambd", -lambd)}, {}, &below, DataType::kBool));
  NNRT_RETURN_IF_ERROR(Node1(c, NodeType::GREATER, "above", {x, Scalar(c, "lambd", lambd)}, {}, &above, DataType::kBool));
  NNRT_RETURN_IF_ERROR(Node1(c, NodeType::ADD_FUSION, "plus_bias", {x, b}, {}, &plus));
  NNRT_RETURN_IF_ERROR(Node1(c, NodeType::SUB_FUSION, "minus_bias", {x, b}, {}, &minus));
  NNRT_RETURN_IF_ERROR(Node1(c, NodeType::WHERE, "upper", {above, minus, Scalar(c, "zero", 0.0)}, {}, &upper));
  NNRT_RETURN_IF_ERROR(Node1(c, NodeType::WHERE, "", {below, plus, upper}, {}, &y));
  c.SetOutput(0, y);
  return Status::Ok();
}

}  // namespace

std::vector<MapperEntry> ActivationCompositionMappers() {
  return {
      {"Celu", MapCelu, "ACTIVATION (ELU); alpha ≠ 1: MAXIMUM, DIV_FUSION, ACTIVATION (ELU), MINIMUM, ADD_FUSION"},
      {"Gelu", MapGelu, "ACTIVATION (GELU)"},
      {"HardSigmoid", MapHardSigmoid, "MUL_FUSION, ADD_FUSION, CLIP"},
      {"Mish", MapMish, "ACTIVATION (SOFTPLUS), ACTIVATION (TANH), MUL_FUSION"},
      {"Shrink", MapShrink, "LESS, GREATER, ADD_FUSION, SUB_FUSION, WHERE ×2"},
      {"ThresholdedRelu", MapThresholdedRelu, "GREATER, WHERE"},
  };
}

}  // namespace onnx_import
}  // namespace nnrt
