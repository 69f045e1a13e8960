// One-operation models through the public OH_NN C API, for the end-to-end
// operator tests: build a model with OH_NNModel_AddOperation, check
// OH_NNModel_GetAvailableOperations, compile it for device 0, run it with
// OH_NNExecutor_RunSync and return every output's bytes and reported shape.
#ifndef NNRT_REFERENCE_RUNTIME_OP_E2E_TESTS_OP_E2E_UTIL_H_
#define NNRT_REFERENCE_RUNTIME_OP_E2E_TESTS_OP_E2E_UTIL_H_

#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "neural_network_runtime/neural_network_runtime.h"

namespace nnrt {
namespace rt {
namespace e2e {

template <typename T>
std::vector<uint8_t> Raw(const std::vector<T>& v) {
  std::vector<uint8_t> out(v.size() * sizeof(T));
  if (!out.empty()) std::memcpy(out.data(), v.data(), out.size());
  return out;
}

template <typename T>
std::vector<T> As(const std::vector<uint8_t>& bytes) {
  std::vector<T> v(bytes.size() / sizeof(T));
  if (!v.empty()) std::memcpy(v.data(), bytes.data(), v.size() * sizeof(T));
  return v;
}

struct QuantSpec {
  double scale;
  int32_t zero_point;
};

// One tensor of the model: a run-time input (data bound at run), a constant
// (data set on the model) or an output (data ignored; its shape sizes the
// output buffer). `quant` holds one entry per channel (one for per-tensor).
struct Operand {
  Operand(OH_NN_DataType type_, std::vector<int32_t> shape_, std::vector<uint8_t> data_ = {}, bool constant_ = false,
          std::vector<QuantSpec> quant_ = {})
      : type(type_), shape(std::move(shape_)), data(std::move(data_)), constant(constant_), quant(std::move(quant_)) {}
  OH_NN_DataType type;
  std::vector<int32_t> shape;
  std::vector<uint8_t> data;
  bool constant = false;
  std::vector<QuantSpec> quant;
};

// A parameter tensor (tensor type != OH_NN_TENSOR). `shape` defaults to
// {number of elements in data}.
struct Param {
  Param(OH_NN_TensorType tensor_type_, OH_NN_DataType type_, std::vector<uint8_t> data_, std::vector<int32_t> shape_ = {})
      : tensor_type(tensor_type_), type(type_), data(std::move(data_)), shape(std::move(shape_)) {}
  OH_NN_TensorType tensor_type;
  OH_NN_DataType type;
  std::vector<uint8_t> data;
  std::vector<int32_t> shape;
  bool strict_scalar = false;  // shape [] (the builders' strict-scalar params)
};

template <typename T>
Param ScalarParam(OH_NN_TensorType tensor_type, OH_NN_DataType type, T value) {
  return Param{tensor_type, type, Raw(std::vector<T>{value})};
}

// A param of shape [] for the builders that require a strict scalar
// (e.g. the LayerNorm params, ops_catalog #49).
template <typename T>
Param StrictScalarParam(OH_NN_TensorType tensor_type, OH_NN_DataType type, T value) {
  Param p{tensor_type, type, Raw(std::vector<T>{value})};
  p.strict_scalar = true;
  return p;
}

template <typename T>
Param VectorParam(OH_NN_TensorType tensor_type, OH_NN_DataType type, const std::vector<T>& values) {
  return Param{tensor_type, type, Raw(values)};
}

struct RunResult {
  bool supported = false;                    // OH_NNModel_GetAvailableOperations on device 0
  OH_NN_ReturnCode build = OH_NN_FAILED;     // OH_NNCompilation_Build
  OH_NN_ReturnCode run = OH_NN_FAILED;       // OH_NNExecutor_RunSync
  std::vector<std::vector<uint8_t>> outputs;  // bytes of each output (sized by its declared shape)
  std::vector<std::vector<int32_t>> shapes;   // each output's shape as the executor reports it
};

size_t TypeSize(OH_NN_DataType t);
size_t Elements(const std::vector<int32_t>& shape);

// Builds, compiles and runs `op` with inputs (in order), params and outputs.
// Model construction steps are checked with EXPECT; a failing build or run is
// returned, not reported, so tests of rejected models can use it too.
RunResult RunOperation(OH_NN_OperationType op, const std::vector<Operand>& inputs, const std::vector<Param>& params,
                       const std::vector<Operand>& outputs);
// RunOperation for a model that must work: expects the operation supported,
// built and run with OH_NN_SUCCESS (gtest EXPECTs naming the operation).
RunResult RunSupportedOperation(OH_NN_OperationType op, const std::vector<Operand>& inputs,
                                const std::vector<Param>& params, const std::vector<Operand>& outputs);

}  // namespace e2e
}  // namespace rt
}  // namespace nnrt

#endif  // NNRT_REFERENCE_RUNTIME_OP_E2E_TESTS_OP_E2E_UTIL_H_
