// Builders of the ops lowered to NODE_TYPE_ACTIVATION (ops_catalog 3, note
// after the table: ops 17, 28, 39, 47, 48, 56, 58, 74, 105, 107), the unary
// math ops (#33, 44, 59, 60, 63, 79, 80, 84-86, 90, 93, 102), Clip (#76) and
// PReLU (#46).
#include "reference/runtime/op_builders/op_builder.h"

namespace nnrt {
namespace rt {
namespace {

OpBuilderSpec Activation(OH_NN_OperationType op, const char* name, ActivationType type) {
  return OpBuilderSpec{
      op, name, NodeType::ACTIVATION, 1, 1, 1, 1, {Attr::Int8("activationType", static_cast<int8_t>(type))}, {}, 0,
      nullptr};
}

// PReLUFusion.channelShared is true exactly when the slope tensor has one
// element (HDI NodeAttrTypes PReLUFusion comment); OpenHarmony always writes
// false (ops_catalog 1.4 / #46; docs/clarifications.md C-111).
Status PReluChannelShared(const BuildRequest& request, BuildState* state) {
  const ModelTensor& weight = request.input(1);
  state->Set(Attr::Bool("channelShared", !weight.IsDynamic() && weight.ElementCount() == 1));
  return Status::Ok();
}

}  // namespace

std::vector<OpBuilderSpec> ActivationBuilders() {
  return {
      Activation(OH_NN_OPS_HSWISH, "HSwish", ActivationType::kHswish),
      Activation(OH_NN_OPS_SIGMOID, "Sigmoid", ActivationType::kSigmoid),
      Activation(OH_NN_OPS_TANH, "Tanh", ActivationType::kTanh),
      Activation(OH_NN_OPS_RELU, "Relu", ActivationType::kRelu),
      Activation(OH_NN_OPS_RELU6, "Relu6", ActivationType::kRelu6),
      Activation(OH_NN_OPS_ABS, "Abs", ActivationType::kAbs),
      Activation(OH_NN_OPS_SWISH, "Swish", ActivationType::kSwish),
      Activation(OH_NN_OPS_HARD_SIGMOID, "HardSigmoid", ActivationType::kHsigmoid),
      OpBuilderSpec{OH_NN_OPS_GELU, "Gelu", NodeType::ACTIVATION, 1, 1, 1, 1, {Attr::Int8("activationType", static_cast<int8_t>(ActivationType::kGelu))},
                    {{OH_NN_GELU_APPROXIMATE, ReadBoolScalar, "approximate"}}, 1, nullptr},
      OpBuilderSpec{OH_NN_OPS_LEAKY_RELU, "LeakyRelu", NodeType::ACTIVATION, 1, 1, 1, 1,
                    {Attr::Int8("activationType", static_cast<int8_t>(ActivationType::kLeakyRelu))},
                    {{OH_NN_LEAKY_RELU_NEGATIVE_SLOPE, ReadFloatScalar, "alpha"}}, 1, nullptr},
      OpBuilderSpec{OH_NN_OPS_PRELU, "PRelu", NodeType::PRELU_FUSION, 2, 2, 1, 1,
                    {}, {}, 0, PReluChannelShared},
      OpBuilderSpec{OH_NN_OPS_EXP, "Exp", NodeType::EXPFUSION, 1, 1, 1, 1,
                    {},
                    {{OH_NN_EXP_BASE, ReadFloatScalar, "base"},
                     {OH_NN_EXP_SCALE, ReadFloatScalar, "scale"},
                     {OH_NN_EXP_SHIFT, ReadFloatScalar, "shift"}},
                    3, nullptr},
      OpBuilderSpec{OH_NN_OPS_CLIP, "Clip", NodeType::CLIP, 1, 1, 1, 1,
                    {},
                    {{OH_NN_CLIP_MAX, ReadFloatScalar, "max"}, {OH_NN_CLIP_MIN, ReadFloatScalar, "min"}}, 2, nullptr},
      NoParamOp(OH_NN_OPS_SQRT, "Sqrt", NodeType::SQRT, 1, 1),
      NoParamOp(OH_NN_OPS_RSQRT, "Rsqrt", NodeType::RSQRT, 1, 1),
      NoParamOp(OH_NN_OPS_ERF, "Erf", NodeType::ERF, 1, 1),
      NoParamOp(OH_NN_OPS_SQUARE, "Square", NodeType::SQUARE, 1, 1),
      NoParamOp(OH_NN_OPS_COS, "Cos", NodeType::COS, 1, 1),
      NoParamOp(OH_NN_OPS_LOG, "Log", NodeType::LOG, 1, 1),
      NoParamOp(OH_NN_OPS_NEG, "Neg", NodeType::NEG, 1, 1),
      NoParamOp(OH_NN_OPS_RECIPROCAL, "Reciprocal", NodeType::RECIPROCAL, 1, 1),
      NoParamOp(OH_NN_OPS_SIN, "Sin", NodeType::SIN, 1, 1),
      NoParamOp(OH_NN_OPS_CEIL, "Ceil", NodeType::CEIL, 1, 1),
      NoParamOp(OH_NN_OPS_FLOOR, "Floor", NodeType::FLOOR, 1, 1),
      NoParamOp(OH_NN_OPS_ROUND, "Round", NodeType::ROUND, 1, 1),
  };
}

}  // namespace rt
}  // namespace nnrt
