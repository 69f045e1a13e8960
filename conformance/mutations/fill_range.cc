// Invalid-model mutation families of the generated-tensor operators (FILL,
// CONSTANT_OF_SHAPE, RANGE) and the bool checks (ALL, ASSERT): each breaks
// one documented rule of the operator's clarification.
#include <string>

#include "conformance/mutations/internal.h"

namespace nnrt {
namespace cts {
namespace mutations_internal {

// C-658: the shape operand of FILL / CONSTANT_OF_SHAPE is 1-D; the same
// values as a [n, 1] tensor (constant or model input) make the model invalid.
bool ShapeOperandNot1D(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if ((spec.type != NodeType::FILL && spec.type != NodeType::CONSTANT_OF_SHAPE) || !Begin(valid, out)) return false;
  const Node& n = TheNode(out);
  const size_t index = spec.type == NodeType::FILL ? 1 : 0;
  if (n.inputs.size() <= index || n.inputs[index] >= M(out).tensors.size()) return false;
  Tensor& shape = M(out).tensors[n.inputs[index]];
  if (shape.dims.size() != 1) return false;
  shape.dims.push_back(1);
  out->detail = "'" + shape.name + "' of dims " + DimsToString(shape.dims);
  return true;
}
NNRT_MUTATION_FAMILY(220, "shape_operand_not_1d", kNode,
                     "ops_catalog #14 / #68, C-658: the shape operand is 1-D",
                     ShapeOperandNot1D);

// C-661: CONSTANT_OF_SHAPE's value holds at most one element.
bool ConstantValueTwoElements(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::CONSTANT_OF_SHAPE || !Begin(valid, out)) return false;
  Node& n = TheNode(out);
  if (Attr* value = FindMutableAttr(n, "value"); value != nullptr) {
    value->floats = {1.0f, 2.0f};
  } else {
    n.attrs.push_back(Attr::Floats("value", {1.0f, 2.0f}));
  }
  out->detail = "value [1, 2]";
  return true;
}
NNRT_MUTATION_FAMILY(230, "constant_value_two_elements", kNode,
                     "ops_catalog #68, C-661: value holds at most one element",
                     ConstantValueTwoElements);

// C-663: RANGE's delta must not be 0.
bool RangeDeltaZero(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::RANGE || !Begin(valid, out)) return false;
  Node& n = TheNode(out);
  if (Attr* delta = FindMutableAttr(n, "delta"); delta != nullptr) {
    delta->ints = {0};
  } else {
    n.attrs.push_back(Attr::Int64("delta", 0));
  }
  out->detail = "delta 0";
  return true;
}
NNRT_MUTATION_FAMILY(240, "range_delta_zero", kNode, "ops_catalog #66, C-663: delta != 0", RangeDeltaZero);

// C-665: ALL's keepDims is 0 or 1.
bool AllKeepDimsTwo(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::ALL || !Begin(valid, out)) return false;
  Node& n = TheNode(out);
  if (Attr* keep = FindMutableAttr(n, "keepDims"); keep != nullptr) {
    keep->ints = {2};
  } else {
    n.attrs.push_back(Attr::Int64("keepDims", 2));
  }
  out->detail = "keepDims 2";
  return true;
}
NNRT_MUTATION_FAMILY(250, "all_keep_dims_two", kNode, "ops_catalog #77, C-665: keepDims is 0 or 1", AllKeepDimsTwo);

// C-667: ASSERT's condition holds exactly one element; a [2] condition (two
// true bytes when it is a constant) makes the model invalid.
bool AssertConditionTwoElements(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::ASSERT || !Begin(valid, out)) return false;
  const Node& n = TheNode(out);
  if (n.inputs.empty() || n.inputs[0] >= M(out).tensors.size()) return false;
  Tensor& condition = M(out).tensors[n.inputs[0]];
  condition.dims = {2};
  if (condition.HasData()) condition.data = {1, 1};
  out->detail = "'" + condition.name + "' of dims [2]";
  return true;
}
NNRT_MUTATION_FAMILY(260, "assert_condition_two_elements", kNode,
                     "ops_catalog #78, C-667: the condition holds one element",
                     AssertConditionTwoElements);

}  // namespace mutations_internal
}  // namespace cts
}  // namespace nnrt
