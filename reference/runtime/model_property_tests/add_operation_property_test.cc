// Property: AddOperation on arbitrary tensors (any data type, shape, tensor
// type, with or without data) and arbitrary index lists never crashes and
// answers OH_NN_SUCCESS or OH_NN_INVALID_PARAMETER; a success yields a node of
// a valid HDI type wired to exactly the given inputs and outputs, and Finish
// then lowers to a model whose indices are all in range. Run under
// --config=asan this is the "no UB on hostile input" check of the builders.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <vector>

#include "reference/runtime/nn_model.h"

namespace nnrt {
namespace rt {
namespace {

constexpr int kMaxTensors = 8;

void AddRandomTensor(NNModel* model) {
  const int32_t dtype = *rc::gen::inRange(0, 13);
  const size_t rank = *rc::gen::inRange<size_t>(0, 5);
  std::vector<int32_t> dims;
  for (size_t i = 0; i < rank; ++i) dims.push_back(*rc::gen::element(-1, 1, 2, 3, 4));
  const uint32_t index = static_cast<uint32_t>(model->tensors().size());
  RC_ASSERT(model->AddTensorFromDesc(dtype, dims.data(), dims.size(), OH_NN_FORMAT_NHWC) == OH_NN_SUCCESS);
  const ModelTensor& t = model->tensors()[index];
  if (!t.IsDynamic() && t.ByteSize() > 0 && *rc::gen::arbitrary<bool>()) {
    const std::vector<uint8_t> bytes = *rc::gen::container<std::vector<uint8_t>>(t.ByteSize(), rc::gen::arbitrary<uint8_t>());
    RC_ASSERT(model->SetTensorData(index, bytes.data(), bytes.size()) == OH_NN_SUCCESS);
  }
  if (*rc::gen::arbitrary<bool>()) {
    RC_ASSERT(model->SetTensorType(index, *rc::gen::inRange(1, 163)) == OH_NN_SUCCESS);
  }
}

std::vector<uint32_t> RandomIndices(size_t max_count, uint32_t tensor_count) {
  const size_t n = *rc::gen::inRange<size_t>(0, max_count + 1);
  // Mostly valid indices, sometimes one past the end.
  return *rc::gen::container<std::vector<uint32_t>>(n, rc::gen::inRange<uint32_t>(0, tensor_count + 1));
}

OH_NN_UInt32Array View(std::vector<uint32_t>& v) {
  return OH_NN_UInt32Array{v.empty() ? nullptr : v.data(), static_cast<uint32_t>(v.size())};
}

RC_GTEST_PROP(AddOperationProperty, AnyInputGivesSuccessOrInvalidParameterAndAWellFormedNode, ()) {
  NNModel model;
  const int tensors = *rc::gen::inRange(1, kMaxTensors + 1);
  for (int i = 0; i < tensors; ++i) AddRandomTensor(&model);
  const int32_t op = *rc::gen::inRange(-2, 112);
  std::vector<uint32_t> params = RandomIndices(4, tensors);
  std::vector<uint32_t> inputs = RandomIndices(6, tensors);
  std::vector<uint32_t> outputs = RandomIndices(4, tensors);
  const OH_NN_ReturnCode rc = model.AddOperation(op, View(params), View(inputs), View(outputs));
  RC_ASSERT(rc == OH_NN_SUCCESS || rc == OH_NN_INVALID_PARAMETER);
  if (rc != OH_NN_SUCCESS) {
    RC_ASSERT(model.operations().empty());
    return;
  }
  const Node& node = model.operations().back().node;
  RC_ASSERT(IsValidNodeType(static_cast<uint32_t>(node.type)));
  RC_ASSERT(node.inputs == inputs);
  RC_ASSERT(node.outputs == outputs);
  RC_ASSERT(model.SpecifyInputsAndOutputs(View(inputs), View(outputs)) != OH_NN_OPERATION_FORBIDDEN);
  if (model.Finish() == OH_NN_SUCCESS) {
    const Model& lowered = model.LoweredModel();
    for (const Node& n : lowered.nodes) {
      for (uint32_t i : n.inputs) RC_ASSERT(i < lowered.tensors.size());
      for (uint32_t o : n.outputs) RC_ASSERT(o < lowered.tensors.size());
    }
  }
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
