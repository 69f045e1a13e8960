// Small builders for model-side tests: typed parameter tensors and a helper
// that adds tensors to an NNModel and runs AddOperation.
#ifndef NNRT_REFERENCE_RUNTIME_MODEL_TESTS_MODEL_TEST_UTIL_H_
#define NNRT_REFERENCE_RUNTIME_MODEL_TESTS_MODEL_TEST_UTIL_H_

#include <cstdint>
#include <cstring>
#include <vector>

#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/runtime/nn_model.h"

namespace nnrt {
namespace rt {
namespace testing {

// A tensor to add: type, shape, optional data, tensor type.
struct TensorSpec {
  OH_NN_DataType dtype = OH_NN_FLOAT32;
  std::vector<int32_t> dims = {1, 2, 2, 1};
  std::vector<uint8_t> data;  // empty = no data
  OH_NN_TensorType tensor_type = OH_NN_TENSOR;
};

template <typename T>
std::vector<uint8_t> Bytes(const std::vector<T>& values) {
  std::vector<uint8_t> out(values.size() * sizeof(T));
  if (!out.empty()) std::memcpy(out.data(), values.data(), out.size());
  return out;
}

inline TensorSpec Data(OH_NN_DataType dtype, std::vector<int32_t> dims) { return TensorSpec{dtype, dims, {}, OH_NN_TENSOR}; }

// Parameter tensors (scalars have shape [], lists shape [n]).
inline TensorSpec I64(OH_NN_TensorType t, std::vector<int64_t> v, std::vector<int32_t> dims = {}) {
  if (dims.empty() && v.size() != 1) dims = {static_cast<int32_t>(v.size())};
  return TensorSpec{OH_NN_INT64, dims, Bytes(v), t};
}
inline TensorSpec I32(OH_NN_TensorType t, int32_t v) { return TensorSpec{OH_NN_INT32, {}, Bytes<int32_t>({v}), t}; }
inline TensorSpec I8(OH_NN_TensorType t, int8_t v) { return TensorSpec{OH_NN_INT8, {}, Bytes<int8_t>({v}), t}; }
inline TensorSpec F32(OH_NN_TensorType t, std::vector<float> v) {
  std::vector<int32_t> dims;
  if (v.size() != 1) dims = {static_cast<int32_t>(v.size())};
  return TensorSpec{OH_NN_FLOAT32, dims, Bytes(v), t};
}
inline TensorSpec Bool(OH_NN_TensorType t, bool v) { return TensorSpec{OH_NN_BOOL, {}, {static_cast<uint8_t>(v)}, t}; }

// Adds every tensor of `specs` to `model` and returns their indices.
inline std::vector<uint32_t> AddTensors(NNModel* model, const std::vector<TensorSpec>& specs) {
  std::vector<uint32_t> indices;
  for (const TensorSpec& s : specs) {
    const uint32_t index = static_cast<uint32_t>(model->tensors().size());
    model->AddTensorFromDesc(s.dtype, s.dims.data(), s.dims.size(), OH_NN_FORMAT_NHWC);
    if (!s.data.empty()) model->SetTensorData(index, s.data.data(), s.data.size());
    if (s.tensor_type != OH_NN_TENSOR) model->SetTensorType(index, s.tensor_type);
    indices.push_back(index);
  }
  return indices;
}

inline OH_NN_UInt32Array Array(std::vector<uint32_t>& v) {
  return OH_NN_UInt32Array{v.empty() ? nullptr : v.data(), static_cast<uint32_t>(v.size())};
}

// Adds inputs, outputs and params, then calls AddOperation.
inline OH_NN_ReturnCode AddOp(NNModel* model, int32_t op, const std::vector<TensorSpec>& inputs,
                              const std::vector<TensorSpec>& outputs, const std::vector<TensorSpec>& params) {
  std::vector<uint32_t> in = AddTensors(model, inputs);
  std::vector<uint32_t> out = AddTensors(model, outputs);
  std::vector<uint32_t> par = AddTensors(model, params);
  return model->AddOperation(op, Array(par), Array(in), Array(out));
}

}  // namespace testing
}  // namespace rt
}  // namespace nnrt

#endif  // NNRT_REFERENCE_RUNTIME_MODEL_TESTS_MODEL_TEST_UTIL_H_
