// Property: AddOperation on arbitrary tensors (any data type, shape, tensor
// type, with or without data) and arbitrary index lists never crashes and
// answers OH_NN_SUCCESS or OH_NN_INVALID_PARAMETER; a success yields a node of
// a valid HDI type wired to exactly the given inputs and outputs, and Finish
// then lowers to a model whose indices are all in range. Run under
// --config=asan this is the "no UB on hostile input" check of the builders.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "reference/runtime/nn_model.h"
#include "reference/runtime/op_builders/op_builder.h"

namespace nnrt {
namespace rt {
namespace {

// Adds one tensor with a random data type and shape (parameter-like ones get
// parameter data types and small shapes) and usually random bytes as data.
// Returns its index.
uint32_t AddRandomTensor(NNModel* model, bool param_like) {
  const int32_t dtype = param_like ? *rc::gen::element<int32_t>(OH_NN_BOOL, OH_NN_INT8, OH_NN_INT32, OH_NN_INT64,
                                                                 OH_NN_FLOAT32)
                                   : *rc::gen::inRange(0, 13);
  std::vector<int32_t> dims;
  if (param_like) {
    dims = *rc::gen::element(std::vector<int32_t>{}, std::vector<int32_t>{1}, std::vector<int32_t>{2},
                             std::vector<int32_t>{4}, std::vector<int32_t>{2, 2}, std::vector<int32_t>{-1});
  } else {
    const size_t rank = *rc::gen::inRange<size_t>(0, 5);
    for (size_t i = 0; i < rank; ++i) dims.push_back(*rc::gen::element(-1, 1, 2, 3, 4));
  }
  const uint32_t index = static_cast<uint32_t>(model->tensors().size());
  RC_ASSERT(model->AddTensorFromDesc(dtype, dims.data(), dims.size(), OH_NN_FORMAT_NHWC) == OH_NN_SUCCESS);
  const ModelTensor& t = model->tensors()[index];
  const bool set_data = param_like ? *rc::gen::inRange(0, 10) < 9 : *rc::gen::arbitrary<bool>();
  if (!t.IsDynamic() && t.ByteSize() > 0 && set_data) {
    const std::vector<uint8_t> bytes =
        *rc::gen::container<std::vector<uint8_t>>(t.ByteSize(), rc::gen::arbitrary<uint8_t>());
    RC_ASSERT(model->SetTensorData(index, bytes.data(), bytes.size()) == OH_NN_SUCCESS);
  }
  return index;
}

OH_NN_UInt32Array View(std::vector<uint32_t>& v) {
  return OH_NN_UInt32Array{v.empty() ? nullptr : v.data(), static_cast<uint32_t>(v.size())};
}

// Counts near the op's own (so most cases reach the parameter readers),
// parameter tensor types mostly from the op's accepted list.
RC_GTEST_PROP(AddOperationProperty, AnyInputGivesSuccessOrInvalidParameterAndAWellFormedNode, ()) {
  NNModel model;
  const int32_t op = *rc::gen::inRange(0, 10) == 0 ? *rc::gen::element(-1, 0, 109, 1000) : *rc::gen::inRange(1, 109);
  const OpBuilderSpec* spec = FindOpBuilder(op);
  const int32_t want_in = spec ? spec->min_inputs : 1;
  const int32_t want_out = spec ? spec->min_outputs : 1;
  std::vector<uint32_t> inputs;
  std::vector<uint32_t> outputs;
  std::vector<uint32_t> params;
  const int32_t n_in = std::max(1, want_in + *rc::gen::element(0, 0, 0, 1, -1));
  const int32_t n_out = std::max(1, want_out + *rc::gen::element(0, 0, 0, 1, -1));
  for (int32_t i = 0; i < n_in; ++i) inputs.push_back(AddRandomTensor(&model, false));
  for (int32_t i = 0; i < n_out; ++i) outputs.push_back(AddRandomTensor(&model, false));
  const size_t n_params = *rc::gen::inRange<size_t>(0, (spec ? spec->params.size() : 0) + 2);
  for (size_t i = 0; i < n_params; ++i) {
    const uint32_t index = AddRandomTensor(&model, true);
    int32_t type = *rc::gen::inRange(1, 163);
    if (spec != nullptr && !spec->params.empty() && *rc::gen::inRange(0, 10) < 8) {
      type = spec->params[*rc::gen::inRange<size_t>(0, spec->params.size())].tensor_type;
    }
    RC_ASSERT(model.SetTensorType(index, type) == OH_NN_SUCCESS);
    params.push_back(index);
  }
  const OH_NN_ReturnCode rc = model.AddOperation(op, View(params), View(inputs), View(outputs));
  RC_ASSERT(rc == OH_NN_SUCCESS || rc == OH_NN_INVALID_PARAMETER);
  RC_CLASSIFY(rc == OH_NN_SUCCESS, "built");
  if (rc != OH_NN_SUCCESS) {
    RC_ASSERT(model.operations().empty());
    return;
  }
  const Node& node = model.operations().back().node;
  RC_ASSERT(IsValidNodeType(static_cast<uint32_t>(node.type)));
  RC_ASSERT(node.inputs == inputs);
  RC_ASSERT(node.outputs == outputs);
  for (uint32_t p : params) RC_ASSERT(model.tensors()[p].is_op_parameter);
  // Model inputs/outputs must not carry data (C-117): pick the data-less ones.
  std::vector<uint32_t> model_in;
  for (uint32_t i : inputs) {
    if (!model.tensors()[i].has_data) model_in.push_back(i);
  }
  std::vector<uint32_t> model_out;
  for (uint32_t o : outputs) {
    if (!model.tensors()[o].has_data) model_out.push_back(o);
  }
  if (model_in.empty() || model_out.empty()) return;
  RC_ASSERT(model.SpecifyInputsAndOutputs(View(model_in), View(model_out)) == OH_NN_SUCCESS);
  RC_ASSERT(model.Finish() == OH_NN_SUCCESS);
  const Model& lowered = model.LoweredModel();
  RC_ASSERT(lowered.tensors.size() == model.tensors().size() - params.size());
  RC_ASSERT(lowered.nodes.size() == 1u);
  for (uint32_t i : lowered.nodes[0].inputs) RC_ASSERT(i < lowered.tensors.size());
  for (uint32_t o : lowered.nodes[0].outputs) RC_ASSERT(o < lowered.tensors.size());
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
