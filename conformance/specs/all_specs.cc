// The list of node specs the suite runs: one per implemented node type (one
// per activation type for NODE_TYPE_ACTIVATION, whose tolerance differs).
// Adding an operator to the suite = one spec file + one line here.
#include "conformance/node_spec.h"

namespace nnrt {
namespace cts {

const std::vector<NodeSpec>& AllNodeSpecs() {
  static const std::vector<NodeSpec>* const specs = new std::vector<NodeSpec>{
      ElementwiseArithmeticSpec(NodeType::ADD_FUSION),
      ElementwiseArithmeticSpec(NodeType::SUB_FUSION),
      ElementwiseArithmeticSpec(NodeType::MUL_FUSION),
      ElementwiseArithmeticSpec(NodeType::DIV_FUSION),
      ActivationSpec(ActivationType::kRelu),
      ActivationSpec(ActivationType::kRelu6),
      ActivationSpec(ActivationType::kSigmoid),
      ActivationSpec(ActivationType::kTanh),
      Conv2DSpec(),
      ReshapeSpec(),
      // Task F: unary math, the other activation types, clip, prelu, casts.
      UnaryMathSpec(NodeType::ABS),
      UnaryMathSpec(NodeType::CEIL),
      UnaryMathSpec(NodeType::COS),
      UnaryMathSpec(NodeType::ERF),
      UnaryMathSpec(NodeType::EXPFUSION),
      UnaryMathSpec(NodeType::FLOOR),
      UnaryMathSpec(NodeType::LOG),
      UnaryMathSpec(NodeType::NEG),
      UnaryMathSpec(NodeType::RECIPROCAL),
      UnaryMathSpec(NodeType::ROUND),
      UnaryMathSpec(NodeType::RSQRT),
      UnaryMathSpec(NodeType::SIN),
      UnaryMathSpec(NodeType::SQRT),
      UnaryMathSpec(NodeType::SQUARE),
      TaskFActivationSpec(ActivationType::kElu),
      TaskFActivationSpec(ActivationType::kLeakyRelu),
      TaskFActivationSpec(ActivationType::kAbs),
      TaskFActivationSpec(ActivationType::kRelu1),
      TaskFActivationSpec(ActivationType::kSoftsign),
      TaskFActivationSpec(ActivationType::kSoftplus),
      TaskFActivationSpec(ActivationType::kSelu),
      TaskFActivationSpec(ActivationType::kHswish),
      TaskFActivationSpec(ActivationType::kHsigmoid),
      TaskFActivationSpec(ActivationType::kThresholdRelu),
      TaskFActivationSpec(ActivationType::kLinear),
      TaskFActivationSpec(ActivationType::kHardTanh),
      TaskFActivationSpec(ActivationType::kSign),
      TaskFActivationSpec(ActivationType::kSwish),
      TaskFActivationSpec(ActivationType::kGelu),
      ClipSpec(),
      PReluSpec(),
      CastSpec(),
      QuantDTypeCastSpec(NodeType::QUANT_DTYPE_CAST),
      QuantDTypeCastSpec(NodeType::QUANT_DTYPE_CAST_V2),
  };
  return *specs;
}

const NodeSpec* FindNodeSpec(const std::string& name) {
  for (const NodeSpec& s : AllNodeSpecs()) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

std::vector<std::string> AllNodeSpecNames() {
  std::vector<std::string> names;
  for (const NodeSpec& s : AllNodeSpecs()) names.push_back(s.name);
  return names;
}

}  // namespace cts
}  // namespace nnrt
