// End-to-end: a CONV2D -> RESHAPE model built with the OH_NN API, compiled on
// the reference device and run through both executor styles.
#include <gtest/gtest.h>

#include <cstring>

#include "reference/runtime/api_tests/api_test_util.h"

namespace nnrt {
namespace rt {
namespace testing {
namespace {

uint32_t AddTensor(OH_NNModel* model, OH_NN_DataType type, std::vector<int32_t> shape, uint32_t* next) {
  NN_TensorDesc* d = MakeDesc(type, shape);
  EXPECT_EQ(OH_NNModel_AddTensorToModel(model, d), OH_NN_SUCCESS);
  OH_NNTensorDesc_Destroy(&d);
  return (*next)++;
}

template <typename T>
uint32_t AddConstant(OH_NNModel* model, OH_NN_DataType type, std::vector<int32_t> shape, std::vector<T> values,
                     uint32_t* next, OH_NN_TensorType tensor_type = OH_NN_TENSOR) {
  uint32_t index = AddTensor(model, type, shape, next);
  if (tensor_type != OH_NN_TENSOR) {
    EXPECT_EQ(OH_NNModel_SetTensorType(model, index, tensor_type), OH_NN_SUCCESS);
  }
  EXPECT_EQ(OH_NNModel_SetTensorData(model, index, values.data(), values.size() * sizeof(T)), OH_NN_SUCCESS);
  return index;
}

// x [1,3,3,1] -> Conv2D (2x2 ones, bias 0.5, stride 1, no padding) -> [1,2,2,1] -> Reshape [1,4].
OH_NNModel* BuildConvReshapeModel() {
  OH_NNModel* model = OH_NNModel_Construct();
  uint32_t next = 0;
  uint32_t x = AddTensor(model, OH_NN_FLOAT32, {1, 3, 3, 1}, &next);
  uint32_t w = AddConstant<float>(model, OH_NN_FLOAT32, {1, 2, 2, 1}, {1, 1, 1, 1}, &next);
  uint32_t b = AddConstant<float>(model, OH_NN_FLOAT32, {1}, {0.5f}, &next);
  uint32_t strides = AddConstant<int64_t>(model, OH_NN_INT64, {2}, {1, 1}, &next, OH_NN_CONV2D_STRIDES);
  uint32_t dilation = AddConstant<int64_t>(model, OH_NN_INT64, {2}, {1, 1}, &next, OH_NN_CONV2D_DILATION);
  uint32_t pad = AddConstant<int64_t>(model, OH_NN_INT64, {4}, {0, 0, 0, 0}, &next, OH_NN_CONV2D_PAD);
  uint32_t group = AddConstant<int64_t>(model, OH_NN_INT64, {}, {1}, &next, OH_NN_CONV2D_GROUP);
  uint32_t act = AddConstant<int8_t>(model, OH_NN_INT8, {}, {OH_NN_FUSED_NONE}, &next, OH_NN_CONV2D_ACTIVATION_TYPE);
  uint32_t conv_out = AddTensor(model, OH_NN_FLOAT32, {1, 2, 2, 1}, &next);
  uint32_t shape = AddConstant<int64_t>(model, OH_NN_INT64, {2}, {1, 4}, &next);
  uint32_t y = AddTensor(model, OH_NN_FLOAT32, {1, 4}, &next);

  uint32_t conv_params[] = {strides, dilation, pad, group, act};
  uint32_t conv_inputs[] = {x, w, b};
  uint32_t conv_outputs[] = {conv_out};
  OH_NN_UInt32Array p{conv_params, 5}, i{conv_inputs, 3}, o{conv_outputs, 1};
  EXPECT_EQ(OH_NNModel_AddOperation(model, OH_NN_OPS_CONV2D, &p, &i, &o), OH_NN_SUCCESS);
  uint32_t reshape_inputs[] = {conv_out, shape};
  uint32_t reshape_outputs[] = {y};
  OH_NN_UInt32Array no_params{nullptr, 0}, ri{reshape_inputs, 2}, ro{reshape_outputs, 1};
  EXPECT_EQ(OH_NNModel_AddOperation(model, OH_NN_OPS_RESHAPE, &no_params, &ri, &ro), OH_NN_SUCCESS);
  uint32_t model_inputs[] = {x};
  uint32_t model_outputs[] = {y};
  OH_NN_UInt32Array mi{model_inputs, 1}, mo{model_outputs, 1};
  EXPECT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model, &mi, &mo), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_Finish(model), OH_NN_SUCCESS);
  return model;
}

const std::vector<float> kInput = {1, 2, 3, 4, 5, 6, 7, 8, 9};
// 2x2 windows of ones over 1..9, plus 0.5.
const std::vector<float> kExpected = {12.5f, 16.5f, 24.5f, 28.5f};

OH_NNExecutor* ConvReshapeExecutor() {
  OH_NNModel* model = BuildConvReshapeModel();
  const bool* supported = nullptr;
  uint32_t count = 0;
  EXPECT_EQ(OH_NNModel_GetAvailableOperations(model, 0, &supported, &count), OH_NN_SUCCESS);
  EXPECT_EQ(count, 2u);
  for (uint32_t k = 0; k < count && supported != nullptr; ++k) EXPECT_TRUE(supported[k]) << "operation " << k;
  OH_NNCompilation* c = OH_NNCompilation_Construct(model);
  OH_NNModel_Destroy(&model);
  EXPECT_EQ(OH_NNCompilation_SetPerformanceMode(c, OH_NN_PERFORMANCE_EXTREME), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNCompilation_SetPriority(c, OH_NN_PRIORITY_HIGH), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNCompilation_Build(c), OH_NN_SUCCESS);
  OH_NNExecutor* e = OH_NNExecutor_Construct(c);
  OH_NNCompilation_Destroy(&c);
  return e;
}

TEST(EndToEnd, ConvReshapeThroughRunSync) {
  OH_NNExecutor* e = ConvReshapeExecutor();
  ASSERT_NE(e, nullptr);
  NN_TensorDesc* in_desc = OH_NNExecutor_CreateInputTensorDesc(e, 0);
  NN_TensorDesc* out_desc = OH_NNExecutor_CreateOutputTensorDesc(e, 0);
  NN_Tensor* in[1] = {OH_NNTensor_Create(0, in_desc)};
  NN_Tensor* out[1] = {OH_NNTensor_Create(0, out_desc)};
  OH_NNTensorDesc_Destroy(&in_desc);
  OH_NNTensorDesc_Destroy(&out_desc);
  ASSERT_TRUE(in[0] && out[0]);
  std::memcpy(OH_NNTensor_GetDataBuffer(in[0]), kInput.data(), kInput.size() * sizeof(float));
  ASSERT_EQ(OH_NNExecutor_RunSync(e, in, 1, out, 1), OH_NN_SUCCESS);
  EXPECT_EQ(ReadFloats(out[0], 4), kExpected);
  int32_t* shape = nullptr;
  uint32_t rank = 0;
  ASSERT_EQ(OH_NNExecutor_GetOutputShape(e, 0, &shape, &rank), OH_NN_SUCCESS);
  EXPECT_EQ(std::vector<int32_t>(shape, shape + rank), (std::vector<int32_t>{1, 4}));
  OH_NNTensor_Destroy(&in[0]);
  OH_NNTensor_Destroy(&out[0]);
  OH_NNExecutor_Destroy(&e);
}

TEST(EndToEnd, ConvReshapeThroughApi9Run) {
  OH_NNExecutor* e = ConvReshapeExecutor();
  ASSERT_NE(e, nullptr);
  int32_t dims[] = {1, 3, 3, 1};
  OH_NN_Tensor input = {OH_NN_FLOAT32, 4, dims, nullptr, OH_NN_TENSOR};
  float out[4] = {};
  ASSERT_EQ(OH_NNExecutor_SetInput(e, 0, &input, kInput.data(), kInput.size() * sizeof(float)), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNExecutor_SetOutput(e, 0, out, sizeof(out)), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNExecutor_Run(e), OH_NN_SUCCESS);
  EXPECT_EQ(std::vector<float>(out, out + 4), kExpected);
  OH_NNExecutor_Destroy(&e);
}

TEST(EndToEnd, ReliabilityManyCompileRunCycles) {
  // XTS Reliability: one model backs many compilations.
  OH_NNModel* model = BuildAddModel();
  for (int k = 0; k < 50; ++k) {
    OH_NNCompilation* c = OH_NNCompilation_Construct(model);
    ASSERT_EQ(OH_NNCompilation_Build(c), OH_NN_SUCCESS);
    OH_NNExecutor* e = OH_NNExecutor_Construct(c);
    OH_NNCompilation_Destroy(&c);
    NN_Tensor* in[2] = {MakeFloatTensor({1, 2, 2, 1}, {1, 2, 3, 4}), MakeFloatTensor({1, 2, 2, 1}, {0, 0, 0, 1})};
    NN_Tensor* out[1] = {MakeFloatTensor({1, 2, 2, 1}, {})};
    ASSERT_EQ(OH_NNExecutor_RunSync(e, in, 2, out, 1), OH_NN_SUCCESS);
    EXPECT_EQ(ReadFloats(out[0], 4), (std::vector<float>{1, 2, 3, 5}));
    for (NN_Tensor*& t : in) OH_NNTensor_Destroy(&t);
    OH_NNTensor_Destroy(&out[0]);
    OH_NNExecutor_Destroy(&e);
  }
  OH_NNModel_Destroy(&model);
}

}  // namespace
}  // namespace testing
}  // namespace rt
}  // namespace nnrt
