// End-to-end tests of the pooling operators through the OH_NN C API:
// OH_NN_OPS_MAX_POOL (-> NODE_TYPE_MAX_POOL_FUSION) and OH_NN_OPS_AVG_POOL
// (-> NODE_TYPE_AVGPOOL_FUSION). Build a one-operation model, check
// OH_NNModel_GetAvailableOperations, compile it for the reference device, run
// it with OH_NNExecutor_RunSync, and check the values and reported shape.
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

e2e::RunResult RunOp(OH_NN_OperationType op, const Operand& input, const std::vector<Param>& params,
                     const Operand& output) {
  const e2e::RunResult r = e2e::RunOperation(op, {input}, params, {output});
  EXPECT_TRUE(r.supported) << "operation " << op;
  EXPECT_EQ(r.build, OH_NN_SUCCESS) << "operation " << op;
  EXPECT_EQ(r.run, OH_NN_SUCCESS) << "operation " << op;
  return r;
}

std::vector<float> Iota(int n) {
  std::vector<float> v;
  for (int i = 0; i < n; ++i) v.push_back(static_cast<float>(i));
  return v;
}

// ops_catalog #21 [UT] params (kernel, stride, padMode 1 = valid, activation,
// roundMode, global) on a 3x3 input of 0..8 with 2x2 windows.
TEST(MaxPoolEndToEnd, ValidWindowsWithEveryParam) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_MAX_POOL, Operand{OH_NN_FLOAT32, {1, 3, 3, 1}, Raw(Iota(9))},
            {VectorParam<int64_t>(OH_NN_MAX_POOL_KERNEL_SIZE, OH_NN_INT64, {2, 2}),
             VectorParam<int64_t>(OH_NN_MAX_POOL_STRIDE, OH_NN_INT64, {1, 1}),
             ScalarParam<int8_t>(OH_NN_MAX_POOL_PAD_MODE, OH_NN_INT8, 1),
             ScalarParam<int8_t>(OH_NN_MAX_POOL_ACTIVATION_TYPE, OH_NN_INT8, 0),
             ScalarParam<int32_t>(OH_NN_MAX_POOL_ROUND_MODE, OH_NN_INT32, 0),
             ScalarParam<uint8_t>(OH_NN_MAX_POOL_GLOBAL, OH_NN_BOOL, false)},
            Operand{OH_NN_FLOAT32, {1, 2, 2, 1}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{4, 5, 7, 8}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{1, 2, 2, 1}));
}

// padList + roundMode CEIL (lowered as given, C-113): the last window is partial (C-522).
TEST(MaxPoolEndToEnd, PadListAndCeilMode) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_MAX_POOL, Operand{OH_NN_FLOAT32, {1, 1, 5, 1}, Raw(std::vector<float>{1, 5, 2, 4, 3})},
            {VectorParam<int64_t>(OH_NN_MAX_POOL_KERNEL_SIZE, OH_NN_INT64, {1, 2}),
             VectorParam<int64_t>(OH_NN_MAX_POOL_STRIDE, OH_NN_INT64, {1, 2}),
             VectorParam<int64_t>(OH_NN_MAX_POOL_PAD, OH_NN_INT64, {0, 0, 0, 0}),
             ScalarParam<int32_t>(OH_NN_MAX_POOL_ROUND_MODE, OH_NN_INT32, 1)},
            Operand{OH_NN_FLOAT32, {1, 1, 3, 1}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{5, 4, 3}));
}

// global with RELU (OH_NN_FUSED_RELU = 1); no kernel size given (C-521).
TEST(MaxPoolEndToEnd, GlobalWithRelu) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_MAX_POOL,
            Operand{OH_NN_FLOAT32, {1, 2, 2, 2}, Raw(std::vector<float>{-1, 3, -2, 1, -3, 2, -4, 0})},
            {ScalarParam<uint8_t>(OH_NN_MAX_POOL_GLOBAL, OH_NN_BOOL, true),
             ScalarParam<int8_t>(OH_NN_MAX_POOL_ACTIVATION_TYPE, OH_NN_INT8, 1)},
            Operand{OH_NN_FLOAT32, {1, 1, 1, 2}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{0, 3}));
}

// int8 with equal input / output params: the largest code (C-528).
TEST(MaxPoolEndToEnd, QuantizedInt8) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_MAX_POOL,
            Operand{OH_NN_INT8, {1, 1, 4, 1}, Raw(std::vector<int8_t>{-100, -7, 90, 120}), false, {{0.1, -5}}},
            {VectorParam<int64_t>(OH_NN_MAX_POOL_KERNEL_SIZE, OH_NN_INT64, {1, 2}),
             VectorParam<int64_t>(OH_NN_MAX_POOL_STRIDE, OH_NN_INT64, {1, 2})},
            Operand{OH_NN_INT8, {1, 1, 2, 1}, {}, false, {{0.1, -5}}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<int8_t>(r.outputs[0]), (std::vector<int8_t>{-7, 120}));
}

// ops_catalog #2 [XTS] AvgPoolDynamicModel: 3x3 of 0..8, kernel [2,2], stride [1,1],
// padMode 1 (valid), FUSED_NONE -> [2,3,5,6].
TEST(AvgPoolEndToEnd, CatalogDynamicModel) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_AVG_POOL, Operand{OH_NN_FLOAT32, {1, 3, 3, 1}, Raw(Iota(9))},
            {VectorParam<int64_t>(OH_NN_AVG_POOL_KERNEL_SIZE, OH_NN_INT64, {2, 2}),
             VectorParam<int64_t>(OH_NN_AVG_POOL_STRIDE, OH_NN_INT64, {1, 1}),
             ScalarParam<int8_t>(OH_NN_AVG_POOL_PAD_MODE, OH_NN_INT8, 1),
             ScalarParam<int8_t>(OH_NN_AVG_POOL_ACTIVATION_TYPE, OH_NN_INT8, 0)},
            Operand{OH_NN_FLOAT32, {1, 2, 2, 1}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{2, 3, 5, 6}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{1, 2, 2, 1}));
}

// padMode 0 (same) with stride 2 and the roundMode / global params of API 12:
// border windows divide by their input elements (C-526).
TEST(AvgPoolEndToEnd, SameExcludesPadding) {
  std::vector<float> x = Iota(9);
  for (float& v : x) v += 1;
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_AVG_POOL, Operand{OH_NN_FLOAT32, {1, 3, 3, 1}, Raw(x)},
            {VectorParam<int64_t>(OH_NN_AVG_POOL_KERNEL_SIZE, OH_NN_INT64, {2, 2}),
             VectorParam<int64_t>(OH_NN_AVG_POOL_STRIDE, OH_NN_INT64, {2, 2}),
             ScalarParam<int8_t>(OH_NN_AVG_POOL_PAD_MODE, OH_NN_INT8, 0),
             ScalarParam<int32_t>(OH_NN_AVG_POOL_ROUND_MODE, OH_NN_INT32, 0),
             ScalarParam<uint8_t>(OH_NN_AVG_POOL_GLOBAL, OH_NN_BOOL, false)},
            Operand{OH_NN_FLOAT32, {1, 2, 2, 1}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{3, 4.5f, 7.5f, 9}));
}

// The shared pooling builder also takes the MAX_POOL_* tensor types (ops_catalog #2);
// int8 in and out with different params, ties away from zero (C-527).
TEST(AvgPoolEndToEnd, QuantizedWithMaxPoolParamTypes) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_AVG_POOL,
            Operand{OH_NN_INT8, {1, 1, 4, 1}, Raw(std::vector<int8_t>{1, 2, -1, -2}), false, {{1.0, 0}}},
            {VectorParam<int64_t>(OH_NN_MAX_POOL_KERNEL_SIZE, OH_NN_INT64, {1, 2}),
             VectorParam<int64_t>(OH_NN_MAX_POOL_STRIDE, OH_NN_INT64, {1, 2})},
            Operand{OH_NN_INT8, {1, 1, 2, 1}, {}, false, {{1.0, 3}}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<int8_t>(r.outputs[0]), (std::vector<int8_t>{5, 2}));
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
