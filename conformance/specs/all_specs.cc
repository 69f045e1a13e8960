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
  };
  return *specs;
}

const NodeSpec* FindNodeSpec(const std::string& name) {
  for (const NodeSpec& s : AllNodeSpecs()) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

}  // namespace cts
}  // namespace nnrt
