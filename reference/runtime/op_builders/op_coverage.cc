#include "reference/runtime/op_builders/op_coverage.h"

#include "reference/ops/elementwise/activation.h"
#include "reference/ops/core/op_def.h"
#include "reference/runtime/op_builders/op_builder.h"

namespace nnrt {
namespace rt {
namespace {

bool LoweringImplemented(const OpBuilderSpec& spec) {
  const OpDef* def = FindOpDef(spec.node_type);
  if (def == nullptr || spec.node_type == NodeType::NONE || !def->implemented()) return false;
  if (spec.node_type != NodeType::ACTIVATION) return true;
  for (const Attr& a : spec.fixed_attrs) {
    if (a.name == "activationType" && !a.ints.empty()) {
      return FindActivationImpl(static_cast<ActivationType>(a.ints[0])) != nullptr;
    }
  }
  return false;
}

}  // namespace

OperatorCoverage ComputeOperatorCoverage() {
  OperatorCoverage c;
  c.node_types_implemented = ImplementedNodeTypeCount();
  c.node_types_total = OperatorNodeTypeCount();
  for (const OpBuilderSpec& spec : AllOpBuilders()) {
    ++c.operations_total;
    if (LoweringImplemented(spec)) {
      ++c.operations_implemented;
    } else {
      c.missing_operations.push_back(std::string(spec.name) + " (" + NodeTypeName(spec.node_type) + ")");
    }
  }
  return c;
}

std::string CoverageLine(const OperatorCoverage& c) {
  return "node types " + std::to_string(c.node_types_implemented) + "/" + std::to_string(c.node_types_total) +
         ", OH_NN operations " + std::to_string(c.operations_implemented) + "/" + std::to_string(c.operations_total);
}

}  // namespace rt
}  // namespace nnrt
