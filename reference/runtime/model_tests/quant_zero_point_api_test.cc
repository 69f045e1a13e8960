// C-300 through the OH_NN model API: a zero point outside the tensor's data
// type is refused where the app sets it (OH_NNModel_SetTensorQuantParams,
// OH_NNModel_AddTensor), with OH_NN_INVALID_PARAMETER and a message, and the
// tensor keeps no quant params.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/runtime/nn_model.h"
#include "reference/runtime/tensor_desc.h"

namespace nnrt {
namespace rt {
namespace {

constexpr int32_t kInt32Min = std::numeric_limits<int32_t>::min();

class QuantZeroPointApi : public ::testing::Test {
 protected:
  void SetUp() override { model_ = OH_NNModel_Construct(); ASSERT_NE(model_, nullptr); }
  void TearDown() override { OH_NNModel_Destroy(&model_); }

  uint32_t AddTensor(OH_NN_DataType dtype) {
    TensorDesc desc;
    desc.data_type = dtype;
    desc.shape = {2};
    EXPECT_EQ(OH_NNModel_AddTensorToModel(model_, reinterpret_cast<NN_TensorDesc*>(&desc)), OH_NN_SUCCESS);
    return static_cast<uint32_t>(AsModel(model_)->tensors().size() - 1);
  }

  // Sets one per-tensor param (scale 0.5, numBits 8) with `zero_point`.
  OH_NN_ReturnCode SetZeroPoint(uint32_t index, int32_t zero_point) {
    NN_QuantParam* q = OH_NNQuantParam_Create();
    const double scale[] = {0.5};
    const int32_t zp[] = {zero_point};
    const uint32_t bits[] = {8};
    EXPECT_EQ(OH_NNQuantParam_SetScales(q, scale, 1), OH_NN_SUCCESS);
    EXPECT_EQ(OH_NNQuantParam_SetZeroPoints(q, zp, 1), OH_NN_SUCCESS);  // any int32 is taken here
    EXPECT_EQ(OH_NNQuantParam_SetNumBits(q, bits, 1), OH_NN_SUCCESS);
    const OH_NN_ReturnCode rc = OH_NNModel_SetTensorQuantParams(model_, index, q);
    OH_NNQuantParam_Destroy(&q);
    return rc;
  }

  const std::vector<QuantParam>& Params(uint32_t index) { return AsModel(model_)->tensors()[index].quant_params; }

  OH_NNModel* model_ = nullptr;
};

TEST_F(QuantZeroPointApi, SetTensorQuantParamsRejectsZeroPointsOutsideTheDataType) {
  const uint32_t i8 = AddTensor(OH_NN_INT8);
  const uint32_t u8 = AddTensor(OH_NN_UINT8);
  struct Row {
    uint32_t index;
    int32_t zero_point;
    OH_NN_ReturnCode want;
  };
  const Row rows[] = {
      {i8, -128, OH_NN_SUCCESS}, {i8, 127, OH_NN_SUCCESS}, {i8, 128, OH_NN_INVALID_PARAMETER},
      {i8, -129, OH_NN_INVALID_PARAMETER}, {i8, kInt32Min, OH_NN_INVALID_PARAMETER},
      {u8, 0, OH_NN_SUCCESS}, {u8, 255, OH_NN_SUCCESS}, {u8, -1, OH_NN_INVALID_PARAMETER},
      {u8, 256, OH_NN_INVALID_PARAMETER},
  };
  for (const Row& r : rows) {
    ASSERT_EQ(SetZeroPoint(r.index, 0), OH_NN_SUCCESS);  // start from a tensor that has params
    EXPECT_EQ(SetZeroPoint(r.index, r.zero_point), r.want) << "tensor " << r.index << " zp " << r.zero_point;
    if (r.want == OH_NN_SUCCESS) {
      ASSERT_EQ(Params(r.index).size(), 1u);
      EXPECT_EQ(Params(r.index)[0].zero_point, r.zero_point);
    } else {
      EXPECT_TRUE(Params(r.index).empty()) << "a refused call leaves no quant params";
    }
  }
  ASSERT_EQ(SetZeroPoint(i8, kInt32Min), OH_NN_INVALID_PARAMETER);
  const std::string& error = AsModel(model_)->last_error();
  EXPECT_NE(error.find("zero point -2147483648 is outside the int8 range [-128, 127] (C-300)"), std::string::npos)
      << error;
}

// An int32 bias may carry params (they are ignored, docs/quantization.md 5):
// every int32 value is inside int32. Float tensors have no integer range; the
// operators refuse quant params on them (C-41, C-47).
TEST_F(QuantZeroPointApi, Int32AndFloatTensorsAcceptAnyInt32ZeroPointHere) {
  EXPECT_EQ(SetZeroPoint(AddTensor(OH_NN_INT32), kInt32Min), OH_NN_SUCCESS);
  EXPECT_EQ(SetZeroPoint(AddTensor(OH_NN_FLOAT32), 1000), OH_NN_SUCCESS);
}

TEST_F(QuantZeroPointApi, AddTensorApi9RejectsZeroPointsOutsideTheDataType) {
  const int32_t dims[] = {2};
  const uint32_t bits[] = {8, 8};
  const double scale[] = {0.5, 0.5};
  const int32_t in_range[] = {-128, 127};
  const int32_t second_out_of_range[] = {0, 300};
  const OH_NN_QuantParam ok{2, bits, scale, in_range};
  const OH_NN_QuantParam bad{2, bits, scale, second_out_of_range};
  const OH_NN_Tensor good_tensor{OH_NN_INT8, 1, dims, &ok, OH_NN_TENSOR};
  const OH_NN_Tensor bad_tensor{OH_NN_INT8, 1, dims, &bad, OH_NN_TENSOR};
  EXPECT_EQ(OH_NNModel_AddTensor(model_, &good_tensor), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_AddTensor(model_, &bad_tensor), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(AsModel(model_)->tensors().size(), 1u);
  const std::string& error = AsModel(model_)->last_error();
  EXPECT_NE(error.find("quant param 1: zero point 300 is outside the int8 range"), std::string::npos) << error;
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
