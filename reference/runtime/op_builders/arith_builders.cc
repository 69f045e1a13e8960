// Builders of the element-wise binary family: arithmetic with a fused
// activation, min/max/mod, comparisons, logical ops, Pow, BiasAdd and the
// ternary selects (ops_catalog 4: #1, 5, 11, 12, 18, 20, 22, 25, 34, 38, 61,
// 62, 70-73, 81-83, 87, 89, 97).
#include "reference/runtime/op_builders/op_builder.h"

namespace nnrt {
namespace rt {
namespace {

// Add/Sub/Mul/Div: two inputs, one output, optional FuseType parameter lowered
// to activationType. ADD's activation is lowered too, unlike OpenHarmony's
// converter (ops_catalog 1.4; docs/clarifications.md C-108).
OpBuilderSpec FusedBinary(OH_NN_OperationType op, const char* name, NodeType type, OH_NN_TensorType act) {
  return OpBuilderSpec{op, name, type, 2, 2, 1, 1, {}, {{act, ReadFuseType, "activationType"}}, 1,
                       nullptr};
}

}  // namespace

std::vector<OpBuilderSpec> ArithBuilders() {
  constexpr int8_t kEltwiseModeMax = 3;  // PROD 0, SUM 1, MAXIMUM 2, UNKNOWN 3 (accepted, ops_catalog #12)
  return {
      FusedBinary(OH_NN_OPS_ADD, "Add", NodeType::ADD_FUSION, OH_NN_ADD_ACTIVATIONTYPE),
      FusedBinary(OH_NN_OPS_DIV, "Div", NodeType::DIV_FUSION, OH_NN_DIV_ACTIVATIONTYPE),
      FusedBinary(OH_NN_OPS_MUL, "Mul", NodeType::MUL_FUSION, OH_NN_MUL_ACTIVATION_TYPE),
      FusedBinary(OH_NN_OPS_SUB, "Sub", NodeType::SUB_FUSION, OH_NN_SUB_ACTIVATIONTYPE),
      OpBuilderSpec{OH_NN_OPS_ELTWISE, "Eltwise", NodeType::ELTWISE, 2, 2, 1, 1,
                    {},
                    {{OH_NN_ELTWISE_MODE, ReadInt8Enum, "mode", 0, kEltwiseModeMax}}, 1, nullptr},
      OpBuilderSpec{OH_NN_OPS_POW, "Pow", NodeType::POW_FUSION, 2, 2, 1, 1,
                    {},
                    {{OH_NN_POW_SCALE, ReadFloatScalar, "scale"}, {OH_NN_POW_SHIFT, ReadFloatScalar, "shift"}}, 2,
                    nullptr},
      NoParamOp(OH_NN_OPS_BIAS_ADD, "BiasAdd", NodeType::BIAS_ADD, 2, 1),
      NoParamOp(OH_NN_OPS_MAXIMUM, "Maximum", NodeType::MAXIMUM, 2, 1),
      NoParamOp(OH_NN_OPS_MINIMUM, "Minimum", NodeType::MINIMUM, 2, 1),
      NoParamOp(OH_NN_OPS_SQUARED_DIFFERENCE, "SquaredDifference", NodeType::SQUARED_DIFFERENCE, 2, 1),
      NoParamOp(OH_NN_OPS_MOD, "Mod", NodeType::MOD, 2, 1),
      NoParamOp(OH_NN_OPS_LESS_EQUAL, "LessEqual", NodeType::LESS_EQUAL, 2, 1),
      NoParamOp(OH_NN_OPS_LESS, "Less", NodeType::LESS, 2, 1),
      NoParamOp(OH_NN_OPS_EQUAL, "Equal", NodeType::EQUAL, 2, 1),
      NoParamOp(OH_NN_OPS_GREATER, "Greater", NodeType::GREATER, 2, 1),
      NoParamOp(OH_NN_OPS_NOT_EQUAL, "NotEqual", NodeType::NOT_EQUAL, 2, 1),
      NoParamOp(OH_NN_OPS_GREATER_EQUAL, "GreaterEqual", NodeType::GREATER_EQUAL, 2, 1),
      NoParamOp(OH_NN_OPS_LOGICAL_AND, "LogicalAnd", NodeType::LOGICAL_AND, 2, 1),
      NoParamOp(OH_NN_OPS_LOGICAL_OR, "LogicalOr", NodeType::LOGICAL_OR, 2, 1),
      NoParamOp(OH_NN_OPS_LOGICAL_NOT, "LogicalNot", NodeType::LOGICAL_NOT, 1, 1),
      NoParamOp(OH_NN_OPS_SELECT, "Select", NodeType::SELECT, 3, 1),
      NoParamOp(OH_NN_OPS_WHERE, "Where", NodeType::WHERE, 3, 1),
  };
}

}  // namespace rt
}  // namespace nnrt
