// End-to-end tests of the window data movement operators through the OH_NN C
// API: OH_NN_OPS_PAD (-> NODE_TYPE_PAD_FUSION), OH_NN_OPS_SLICE
// (-> NODE_TYPE_SLICE_FUSION) and OH_NN_OPS_CROP (-> NODE_TYPE_CROP). Build a
// one-operation model, check OH_NNModel_GetAvailableOperations, compile it for
// the reference device,
// run it with OH_NNExecutor_RunSync, and check the output values and the
// output shape the executor reports.
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/runtime/op_e2e_tests/op_e2e_util.h"

namespace nnrt {
namespace rt {
namespace {

using e2e::As;
using e2e::Operand;
using e2e::Param;
using e2e::Raw;
using e2e::ScalarParam;
using e2e::VectorParam;

// ops_catalog 2.4 IDL example (REFLECT) with the paddings a constant of the
// model (the builder also copies them into the attribute, C-650).
TEST(SlicePadEndToEnd, PadReflectConstantPaddings) {
  const e2e::RunResult r = e2e::RunOperation(
      OH_NN_OPS_PAD,
      {Operand{OH_NN_FLOAT32, {3, 3}, Raw(std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9})},
       Operand{OH_NN_INT32, {2, 2}, Raw(std::vector<int32_t>{2, 2, 2, 2}), true}},
      {ScalarParam<int32_t>(OH_NN_PAD_PADDING_MODE, OH_NN_INT32, 1)}, {Operand{OH_NN_FLOAT32, {7, 7}}});
  EXPECT_TRUE(r.supported);
  ASSERT_EQ(r.build, OH_NN_SUCCESS);
  ASSERT_EQ(r.run, OH_NN_SUCCESS);
  const std::vector<float> y = As<float>(r.outputs[0]);
  ASSERT_EQ(y.size(), 49u);
  EXPECT_EQ(std::vector<float>(y.begin(), y.begin() + 7), (std::vector<float>{9, 8, 7, 8, 9, 8, 7}));
  EXPECT_EQ(std::vector<float>(y.begin() + 21, y.begin() + 28), (std::vector<float>{6, 5, 4, 5, 6, 5, 4}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{7, 7}));
}

// ops_catalog #24 [UT] shapes: x [1,1,2,3] -> [1,2,7,7] with constantValue
// 2.0 and CONSTANT mode; the paddings are a run-time input (int64).
TEST(SlicePadEndToEnd, PadConstantRunTimePaddings) {
  const e2e::RunResult r = e2e::RunOperation(
      OH_NN_OPS_PAD,
      {Operand{OH_NN_FLOAT32, {1, 1, 2, 3}, Raw(std::vector<float>{1, 2, 3, 4, 5, 6})},
       Operand{OH_NN_INT64, {4, 2}, Raw(std::vector<int64_t>{0, 0, 0, 1, 2, 3, 2, 2})}},
      {ScalarParam<float>(OH_NN_PAD_CONSTANT_VALUE, OH_NN_FLOAT32, 2.0f),
       ScalarParam<int32_t>(OH_NN_PAD_PADDING_MODE, OH_NN_INT32, 0)},
      {Operand{OH_NN_FLOAT32, {1, 2, 7, 7}}});
  EXPECT_TRUE(r.supported);
  ASSERT_EQ(r.build, OH_NN_SUCCESS);
  ASSERT_EQ(r.run, OH_NN_SUCCESS);
  const std::vector<float> y = As<float>(r.outputs[0]);
  ASSERT_EQ(y.size(), 98u);
  EXPECT_EQ(y[0], 2.0f);
  EXPECT_EQ(std::vector<float>(y.begin() + 14, y.begin() + 21), (std::vector<float>{2, 2, 1, 2, 3, 2, 2}));
  EXPECT_EQ(std::vector<float>(y.begin() + 21, y.begin() + 28), (std::vector<float>{2, 2, 4, 5, 6, 2, 2}));
  EXPECT_EQ(y[97], 2.0f);
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{1, 2, 7, 7}));
}

// int8 with equal quant params: codes copied, the fill quantized (C-652).
TEST(SlicePadEndToEnd, PadQuantizedSymmetric) {
  const e2e::RunResult r = e2e::RunOperation(
      OH_NN_OPS_PAD,
      {Operand{OH_NN_INT8, {2}, Raw(std::vector<int8_t>{-128, 127}), false, {{0.5, 3}}},
       Operand{OH_NN_INT32, {1, 2}, Raw(std::vector<int32_t>{2, 1}), true}},
      {ScalarParam<int32_t>(OH_NN_PAD_PADDING_MODE, OH_NN_INT32, 2)},
      {Operand{OH_NN_INT8, {5}, {}, false, {{0.5, 3}}}});
  EXPECT_TRUE(r.supported);
  ASSERT_EQ(r.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<int8_t>(r.outputs[0]), (std::vector<int8_t>{127, -128, -128, 127, 127}));
}

// The tf.slice example with constant begin/size (int32) and no axes.
TEST(SlicePadEndToEnd, SliceTfExample) {
  const e2e::RunResult r = e2e::RunOperation(
      OH_NN_OPS_SLICE,
      {Operand{OH_NN_FLOAT32, {3, 2, 3}, Raw(std::vector<float>{1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6})},
       Operand{OH_NN_INT32, {3}, Raw(std::vector<int32_t>{1, 0, 0}), true},
       Operand{OH_NN_INT32, {3}, Raw(std::vector<int32_t>{2, 1, 3}), true}},
      {}, {Operand{OH_NN_FLOAT32, {2, 1, 3}}});
  EXPECT_TRUE(r.supported);
  ASSERT_EQ(r.build, OH_NN_SUCCESS);
  ASSERT_EQ(r.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{3, 3, 3, 5, 5, 5}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{2, 1, 3}));
}

// OH_NN_SLICE_AXES [1] with run-time int64 begin/size, size -1 to the end (C-654, C-655).
TEST(SlicePadEndToEnd, SliceAxesRunTimeWindow) {
  const e2e::RunResult r = e2e::RunOperation(
      OH_NN_OPS_SLICE,
      {Operand{OH_NN_FLOAT32, {2, 3}, Raw(std::vector<float>{0, 1, 2, 3, 4, 5})},
       Operand{OH_NN_INT64, {1}, Raw(std::vector<int64_t>{1})},
       Operand{OH_NN_INT64, {1}, Raw(std::vector<int64_t>{-1})}},
      {VectorParam<int64_t>(OH_NN_SLICE_AXES, OH_NN_INT64, {1})}, {Operand{OH_NN_FLOAT32, {2, 2}}});
  EXPECT_TRUE(r.supported);
  ASSERT_EQ(r.build, OH_NN_SUCCESS);
  ASSERT_EQ(r.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{1, 2, 4, 5}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{2, 2}));
}

// ops_catalog #91 XTS model 1: the shape operand a float32 model input
// holding [2,2,2] (its values are y's dims, C-656).
TEST(SlicePadEndToEnd, CropCatalogModel1) {
  std::vector<float> x(32);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i);
  const e2e::RunResult r = e2e::RunOperation(
      OH_NN_OPS_CROP,
      {Operand{OH_NN_FLOAT32, {2, 4, 4}, Raw(x)}, Operand{OH_NN_FLOAT32, {3}, Raw(std::vector<float>{2, 2, 2})}},
      {ScalarParam<int64_t>(OH_NN_CROP_AXIS, OH_NN_INT64, 0),
       VectorParam<int64_t>(OH_NN_CROP_OFFSET, OH_NN_INT64, {0, 1, 1})},
      {Operand{OH_NN_FLOAT32, {2, 2, 2}}});
  EXPECT_TRUE(r.supported);
  ASSERT_EQ(r.build, OH_NN_SUCCESS);
  ASSERT_EQ(r.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{5, 6, 9, 10, 21, 22, 25, 26}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{2, 2, 2}));
}

// C-656: the documents' reading on rank 1: x = 0..9, a constant int64 shape
// {4}, offset 2 -> [2,3,4,5].
TEST(SlicePadEndToEnd, CropShapeValuesRank1) {
  std::vector<float> x(10);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i);
  const e2e::RunResult r = e2e::RunOperation(
      OH_NN_OPS_CROP,
      {Operand{OH_NN_FLOAT32, {10}, Raw(x)}, Operand{OH_NN_INT64, {1}, Raw(std::vector<int64_t>{4}), true}},
      {VectorParam<int64_t>(OH_NN_CROP_OFFSET, OH_NN_INT64, {2})}, {Operand{OH_NN_FLOAT32, {4}}});
  EXPECT_TRUE(r.supported);
  ASSERT_EQ(r.build, OH_NN_SUCCESS);
  ASSERT_EQ(r.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{2, 3, 4, 5}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{4}));
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
