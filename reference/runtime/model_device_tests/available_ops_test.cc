// OH_NNModel_GetAvailableOperations through the real device manager
// (api_state_machine 1.3.3): argument checks, Building -> FORBIDDEN, unknown
// device -> FAILED, and one answer per operation from the reference device.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "neural_network_runtime/neural_network_runtime.h"

namespace {

// Builds a Relu -> Relu chain [1,4] float32; finishes it when asked.
OH_NNModel* ReluModel(bool finish) {
  OH_NNModel* model = OH_NNModel_Construct();
  int32_t dims[] = {1, 4};
  OH_NN_Tensor t{OH_NN_FLOAT32, 2, dims, nullptr, OH_NN_TENSOR};
  for (int i = 0; i < 3; ++i) OH_NNModel_AddTensor(model, &t);
  uint32_t t0[] = {0};
  uint32_t t1[] = {1};
  uint32_t t2[] = {2};
  OH_NN_UInt32Array a0{t0, 1};
  OH_NN_UInt32Array a1{t1, 1};
  OH_NN_UInt32Array a2{t2, 1};
  OH_NN_UInt32Array params{nullptr, 0};
  OH_NNModel_AddOperation(model, OH_NN_OPS_RELU, &params, &a0, &a1);
  OH_NNModel_AddOperation(model, OH_NN_OPS_RELU, &params, &a1, &a2);
  OH_NNModel_SpecifyInputsAndOutputs(model, &a0, &a2);
  if (finish) OH_NNModel_Finish(model);
  return model;
}

TEST(GetAvailableOperations, ArgumentChecks) {
  OH_NNModel* model = ReluModel(true);
  const bool* supported = nullptr;
  uint32_t count = 0;
  const bool dummy = true;
  const bool* not_null = &dummy;
  EXPECT_EQ(OH_NNModel_GetAvailableOperations(nullptr, 0, &supported, &count), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_GetAvailableOperations(model, 0, nullptr, &count), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_GetAvailableOperations(model, 0, &not_null, &count), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNModel_GetAvailableOperations(model, 0, &supported, nullptr), OH_NN_INVALID_PARAMETER);
  OH_NNModel_Destroy(&model);
}

TEST(GetAvailableOperations, ForbiddenBeforeFinish) {
  OH_NNModel* model = ReluModel(false);
  const bool* supported = nullptr;
  uint32_t count = 0;
  EXPECT_EQ(OH_NNModel_GetAvailableOperations(model, 0, &supported, &count), OH_NN_OPERATION_FORBIDDEN);
  OH_NNModel_Destroy(&model);
}

TEST(GetAvailableOperations, UnknownDeviceFails) {
  OH_NNModel* model = ReluModel(true);
  const bool* supported = nullptr;
  uint32_t count = 0;
  EXPECT_EQ(OH_NNModel_GetAvailableOperations(model, 12345, &supported, &count), OH_NN_FAILED);
  OH_NNModel_Destroy(&model);
}

TEST(GetAvailableOperations, OneAnswerPerOperationFromTheFirstDevice) {
  OH_NNModel* model = ReluModel(true);
  const bool* supported = nullptr;
  uint32_t count = 0;
  ASSERT_EQ(OH_NNModel_GetAvailableOperations(model, 0, &supported, &count), OH_NN_SUCCESS);
  ASSERT_EQ(count, 2u);
  ASSERT_NE(supported, nullptr);
  // The array lives in the model until the next call: a second call with a
  // fresh out-pointer succeeds again.
  const bool* again = nullptr;
  EXPECT_EQ(OH_NNModel_GetAvailableOperations(model, 0, &again, &count), OH_NN_SUCCESS);
  OH_NNModel_Destroy(&model);
}

}  // namespace
