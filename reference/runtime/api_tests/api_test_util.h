// Helpers shared by the OH_NN runtime API tests: small models built through
// the public API, tensors, and extra in-process devices with reduced
// capabilities (reference driver with options).
#ifndef NNRT_REFERENCE_RUNTIME_API_TESTS_API_TEST_UTIL_H_
#define NNRT_REFERENCE_RUNTIME_API_TESTS_API_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/device/reference_device.h"
#include "reference/runtime/device_manager.h"

namespace nnrt {
namespace rt {
namespace testing {

// Adds (once per name) a reference device built with `options` and returns its ID.
inline size_t AddReferenceDevice(ReferenceDriverOptions options) {
  static std::map<std::string, size_t>* ids = new std::map<std::string, size_t>();
  auto it = ids->find(options.device_name);
  if (it != ids->end()) return it->second;
  DeviceManager& manager = DeviceManager::Instance();  // the built-in device keeps the defaults
  const NNRT_HalDriver* driver = MakeReferenceDriver(options);
  size_t id = 0;
  Status status = manager.AddDriver(driver, nullptr, &id);
  MakeReferenceDriver(ReferenceDriverOptions());
  EXPECT_TRUE(status.ok()) << status.message();
  (*ids)[options.device_name] = id;
  return id;
}

inline size_t DeviceWithout(const std::string& feature) {
  ReferenceDriverOptions options;
  options.device_name = "nnrt-test-no-" + feature;
  if (feature == "fp16") options.float16_supported = false;
  if (feature == "performance") options.performance_mode_supported = false;
  if (feature == "priority") options.priority_supported = false;
  if (feature == "cache") options.model_cache_supported = false;
  if (feature == "dim_ranges") options.input_dim_ranges_supported = false;
  return AddReferenceDevice(options);
}

inline NN_TensorDesc* MakeDesc(OH_NN_DataType type, std::vector<int32_t> shape,
                               OH_NN_Format format = OH_NN_FORMAT_NONE) {
  NN_TensorDesc* desc = OH_NNTensorDesc_Create();
  EXPECT_EQ(OH_NNTensorDesc_SetDataType(desc, type), OH_NN_SUCCESS);
  if (!shape.empty()) {
    EXPECT_EQ(OH_NNTensorDesc_SetShape(desc, shape.data(), shape.size()), OH_NN_SUCCESS);
  }
  EXPECT_EQ(OH_NNTensorDesc_SetFormat(desc, format), OH_NN_SUCCESS);
  return desc;
}

// out = in0 + in1 (float32, `shape`; -1 dims make it dynamic). Finished.
inline OH_NNModel* BuildAddModel(std::vector<int32_t> shape = {1, 2, 2, 1}) {
  OH_NNModel* model = OH_NNModel_Construct();
  for (int i = 0; i < 2; ++i) {
    NN_TensorDesc* d = MakeDesc(OH_NN_FLOAT32, shape);
    EXPECT_EQ(OH_NNModel_AddTensorToModel(model, d), OH_NN_SUCCESS);
    OH_NNTensorDesc_Destroy(&d);
  }
  NN_TensorDesc* act = MakeDesc(OH_NN_INT8, {1});
  EXPECT_EQ(OH_NNModel_AddTensorToModel(model, act), OH_NN_SUCCESS);
  OH_NNTensorDesc_Destroy(&act);
  EXPECT_EQ(OH_NNModel_SetTensorType(model, 2, OH_NN_ADD_ACTIVATIONTYPE), OH_NN_SUCCESS);
  int8_t none = OH_NN_FUSED_NONE;
  EXPECT_EQ(OH_NNModel_SetTensorData(model, 2, &none, 1), OH_NN_SUCCESS);
  NN_TensorDesc* out = MakeDesc(OH_NN_FLOAT32, shape);
  EXPECT_EQ(OH_NNModel_AddTensorToModel(model, out), OH_NN_SUCCESS);
  OH_NNTensorDesc_Destroy(&out);
  uint32_t p[] = {2}, in[] = {0, 1}, o[] = {3};
  OH_NN_UInt32Array params{p, 1}, inputs{in, 2}, outputs{o, 1};
  EXPECT_EQ(OH_NNModel_AddOperation(model, OH_NN_OPS_ADD, &params, &inputs, &outputs), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model, &inputs, &outputs), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_Finish(model), OH_NN_SUCCESS);
  return model;
}

// A built compilation of the Add model on `device_id`.
inline OH_NNCompilation* BuildAddCompilation(size_t device_id = 0, std::vector<int32_t> shape = {1, 2, 2, 1}) {
  OH_NNModel* model = BuildAddModel(shape);
  OH_NNCompilation* c = OH_NNCompilation_Construct(model);
  OH_NNModel_Destroy(&model);
  EXPECT_EQ(OH_NNCompilation_SetDevice(c, device_id), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNCompilation_Build(c), OH_NN_SUCCESS);
  return c;
}

inline OH_NNExecutor* BuildAddExecutor(std::vector<int32_t> shape = {1, 2, 2, 1}, size_t device_id = 0) {
  OH_NNCompilation* c = BuildAddCompilation(device_id, shape);
  OH_NNExecutor* e = OH_NNExecutor_Construct(c);
  OH_NNCompilation_Destroy(&c);
  EXPECT_NE(e, nullptr);
  return e;
}

// A float32 tensor on device 0 holding `values` with `shape`.
inline NN_Tensor* MakeFloatTensor(std::vector<int32_t> shape, const std::vector<float>& values) {
  NN_TensorDesc* d = MakeDesc(OH_NN_FLOAT32, shape);
  NN_Tensor* t = OH_NNTensor_Create(0, d);
  OH_NNTensorDesc_Destroy(&d);
  EXPECT_NE(t, nullptr);
  if (t != nullptr && !values.empty()) {
    float* data = static_cast<float*>(OH_NNTensor_GetDataBuffer(t));
    for (size_t i = 0; i < values.size(); ++i) data[i] = values[i];
  }
  return t;
}

inline std::vector<float> ReadFloats(NN_Tensor* t, size_t count) {
  const float* data = static_cast<const float*>(OH_NNTensor_GetDataBuffer(t));
  return std::vector<float>(data, data + count);
}

}  // namespace testing
}  // namespace rt
}  // namespace nnrt

#endif  // NNRT_REFERENCE_RUNTIME_API_TESTS_API_TEST_UTIL_H_
