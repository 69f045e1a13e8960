// End-to-end tests of the softmax and reduce operators through the OH_NN C
// API: OH_NN_OPS_SOFTMAX (-> NODE_TYPE_SOFTMAX), OH_NN_OPS_LOG_SOFTMAX
// (-> NODE_TYPE_LOG_SOFTMAX), the seven OH_NN_OPS_REDUCE_* operations
// (-> NODE_TYPE_REDUCE_FUSION with their mode) and OH_NN_OPS_ARG_MAX
// (-> NODE_TYPE_ARGMAX_FUSION). Build a one-operation model,
// check OH_NNModel_GetAvailableOperations, compile it for the reference
// device, run it with OH_NNExecutor_RunSync, and check the values and shape.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

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

e2e::RunResult RunOp(OH_NN_OperationType op, const std::vector<Operand>& inputs, const std::vector<Param>& params,
                     const Operand& output) {
  return e2e::RunSupportedOperation(op, inputs, params, {output});
}

float F32(double v) { return static_cast<float>(v); }

// ops_catalog #30 [UT]: [1,5,1,1], axis INT64 [] = 1.
TEST(SoftmaxEndToEnd, CatalogModel) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_SOFTMAX, {Operand{OH_NN_FLOAT32, {1, 5, 1, 1}, Raw(std::vector<float>{0, 1, 2, 3, 4})}},
            {ScalarParam<int64_t>(OH_NN_SOFTMAX_AXIS, OH_NN_INT64, 1)}, Operand{OH_NN_FLOAT32, {1, 5, 1, 1}});
  ASSERT_EQ(r.outputs.size(), 1u);
  double sum = 0;
  for (int i = 0; i < 5; ++i) sum += std::exp(i - 4.0);
  std::vector<float> want;
  for (int i = 0; i < 5; ++i) want.push_back(F32(std::exp(i - 4.0) / sum));
  EXPECT_EQ(As<float>(r.outputs[0]), want);
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{1, 5, 1, 1}));
}

// Without the axis param the builder lowers an empty list: the last axis (C-540).
TEST(SoftmaxEndToEnd, NoAxisIsTheLastAxis) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_SOFTMAX, {Operand{OH_NN_FLOAT32, {2, 2}, Raw(std::vector<float>{1, 1, 0, 0})}}, {},
            Operand{OH_NN_FLOAT32, {2, 2}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{0.5f, 0.5f, 0.5f, 0.5f}));
}

// Quantized uint8 with TFLite's output params 1/256, zp 0 (C-543).
TEST(SoftmaxEndToEnd, QuantizedUint8) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_SOFTMAX, {Operand{OH_NN_UINT8, {2}, Raw(std::vector<uint8_t>{12, 10}), false, {{0.5, 10}}}},
            {ScalarParam<int64_t>(OH_NN_SOFTMAX_AXIS, OH_NN_INT64, 0)},
            Operand{OH_NN_UINT8, {2}, {}, false, {{1.0 / 256, 0}}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<uint8_t>(r.outputs[0]), (std::vector<uint8_t>{187, 69}));
}

// ops_catalog #95 XTS model 1: [[1,2],[3,4],[5,6],[7,8]], axis 1.
TEST(LogSoftmaxEndToEnd, CatalogModel) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_LOG_SOFTMAX, {Operand{OH_NN_FLOAT32, {4, 2}, Raw(std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8})}},
            {ScalarParam<int64_t>(OH_NN_LOG_SOFTMAX_AXIS, OH_NN_INT64, 1)}, Operand{OH_NN_FLOAT32, {4, 2}});
  ASSERT_EQ(r.outputs.size(), 1u);
  const std::vector<float> y = As<float>(r.outputs[0]);
  ASSERT_EQ(y.size(), 8u);
  for (int row = 0; row < 4; ++row) {
    EXPECT_NEAR(y[2 * row], -1.313262, 1e-6);
    EXPECT_NEAR(y[2 * row + 1], -0.313262, 1e-6);
  }
}

struct ReduceOp {
  OH_NN_OperationType op;
  OH_NN_TensorType keep_dims, reduce_to_end, coeff;
};

e2e::RunResult RunReduce(const ReduceOp& op, Operand x, std::vector<int64_t> axes, bool keep, Operand y,
                         std::vector<Param> extra = {}) {
  std::vector<Param> params = {ScalarParam<uint8_t>(op.keep_dims, OH_NN_BOOL, keep)};
  for (Param& p : extra) params.push_back(std::move(p));
  const auto n = static_cast<int32_t>(axes.size());
  return RunOp(op.op, {std::move(x), Operand{OH_NN_INT64, {n}, Raw(axes), true}}, params, y);
}

const ReduceOp kMean{OH_NN_OPS_REDUCE_MEAN, OH_NN_REDUCE_MEAN_KEEP_DIMS, OH_NN_REDUCE_MEAN_REDUCE_TO_END,
                     OH_NN_REDUCE_MEAN_COEFF};
const ReduceOp kProd{OH_NN_OPS_REDUCE_PROD, OH_NN_REDUCE_PROD_KEEP_DIMS, OH_NN_REDUCE_PROD_REDUCE_TO_END,
                     OH_NN_REDUCE_PROD_COEFF};
const ReduceOp kAll{OH_NN_OPS_REDUCE_ALL, OH_NN_REDUCE_ALL_KEEP_DIMS, OH_NN_REDUCE_ALL_REDUCE_TO_END,
                    OH_NN_REDUCE_ALL_COEFF};
const ReduceOp kMax{OH_NN_OPS_REDUCE_MAX, OH_NN_REDUCE_MAX_KEEP_DIMS, OH_NN_REDUCE_MAX_REDUCE_TO_END,
                    OH_NN_REDUCE_MAX_COEFF};
const ReduceOp kMin{OH_NN_OPS_REDUCE_MIN, OH_NN_REDUCE_MIN_KEEP_DIMS, OH_NN_REDUCE_MIN_REDUCE_TO_END,
                    OH_NN_REDUCE_MIN_COEFF};
const ReduceOp kSum{OH_NN_OPS_REDUCE_SUM, OH_NN_REDUCE_SUM_KEEP_DIMS, OH_NN_REDUCE_SUM_REDUCE_TO_END,
                    OH_NN_REDUCE_SUM_COEFF};
const ReduceOp kL2{OH_NN_OPS_REDUCE_L2, OH_NN_REDUCE_L2_KEEP_DIMS, OH_NN_REDUCE_L2_REDUCE_TO_END,
                   OH_NN_REDUCE_L2_COEFF};

Operand F32In(std::vector<int32_t> shape, std::vector<float> v) {
  return Operand{OH_NN_FLOAT32, std::move(shape), Raw(v)};
}

// ops_catalog #99 XTS model 1: [[1,2,3],[4,0,6]] axis 0 -> [4,2,6].
TEST(ReduceEndToEnd, ReduceMax) {
  const e2e::RunResult r = RunReduce(kMax, F32In({2, 3}, {1, 2, 3, 4, 0, 6}), {0}, false, Operand{OH_NN_FLOAT32, {3}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{4, 2, 6}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{3}));
}

// ops_catalog #100 XTS model 3: [[7,8],[3,4],[5,1]] axis -1 -> [7,3,1].
TEST(ReduceEndToEnd, ReduceMinNegativeAxis) {
  const e2e::RunResult r = RunReduce(kMin, F32In({3, 2}, {7, 8, 3, 4, 5, 1}), {-1}, false, Operand{OH_NN_FLOAT32, {3}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{7, 3, 1}));
}

// ops_catalog #101 XTS model 4: [[1,2,3],[4,5,6]] axis 1 keepDims -> [[6],[15]].
TEST(ReduceEndToEnd, ReduceSumKeepDims) {
  const e2e::RunResult r =
      RunReduce(kSum, F32In({2, 3}, {1, 2, 3, 4, 5, 6}), {1}, true, Operand{OH_NN_FLOAT32, {2, 1}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{6, 15}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{2, 1}));
}

// MEAN over both axes; reduceToEnd with the builder's default coeff 0 does not scale (C-547).
TEST(ReduceEndToEnd, ReduceMeanDefaultCoeff) {
  const e2e::RunResult r = RunReduce(kMean, F32In({2, 2}, {1, 2, 3, 4}), {0}, true, Operand{OH_NN_FLOAT32, {1, 1}},
                                     {ScalarParam<uint8_t>(kMean.reduce_to_end, OH_NN_BOOL, true)});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{2.5f}));
}

TEST(ReduceEndToEnd, ReduceProd) {
  const e2e::RunResult r =
      RunReduce(kProd, F32In({2, 3}, {1, -2, 3, 4, 0.5f, 2}), {1}, false, Operand{OH_NN_FLOAT32, {2}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{-6, 4}));
}

// ops_catalog #51 XTS model 2: [[T,F,T],[T,T,T]] axis [1] keepDims -> [[F],[T]].
TEST(ReduceEndToEnd, ReduceAll) {
  const e2e::RunResult r = RunReduce(kAll, Operand{OH_NN_BOOL, {2, 3}, Raw(std::vector<uint8_t>{1, 0, 1, 1, 1, 1})},
                                     {1}, true, Operand{OH_NN_BOOL, {2, 1}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<uint8_t>(r.outputs[0]), (std::vector<uint8_t>{0, 1}));
}

// ops_catalog #106 XTS model 5: axis [0,1], reduceToEnd, coeff 2 -> 2 * sqrt(204) (C-546, C-547).
TEST(ReduceEndToEnd, ReduceL2ToEndWithCoeff) {
  const e2e::RunResult r = RunReduce(
      kL2, F32In({2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8}), {0, 1}, true, Operand{OH_NN_FLOAT32, {1, 1, 1}},
      {ScalarParam<uint8_t>(kL2.reduce_to_end, OH_NN_BOOL, true), ScalarParam<float>(kL2.coeff, OH_NN_FLOAT32, 2.0f)});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{F32(2 * std::sqrt(204.0))}));
}

// ops_catalog #54: axis 1, topK 2 with the values (outMaxValue) and the indices.
TEST(ArgMaxEndToEnd, TopKValuesAndIndices) {
  const std::vector<float> x{1, 5, 3, 9, 2, 9};
  e2e::RunResult r = RunOp(OH_NN_OPS_ARG_MAX, {F32In({2, 3}, x)},
                           {ScalarParam<int64_t>(OH_NN_ARG_MAX_AXIS, OH_NN_INT64, 1),
                            ScalarParam<int64_t>(OH_NN_ARG_MAX_TOP_K, OH_NN_INT64, 2),
                            ScalarParam<uint8_t>(OH_NN_ARG_MAX_OUT_MAX_VALUE, OH_NN_BOOL, true)},
                           Operand{OH_NN_FLOAT32, {2, 2}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{5, 3, 9, 9}));
  r = RunOp(OH_NN_OPS_ARG_MAX, {F32In({2, 3}, x)}, {ScalarParam<uint8_t>(OH_NN_ARG_MAX_KEEPDIMS, OH_NN_BOOL, true)},
            Operand{OH_NN_INT32, {2, 1}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<int32_t>(r.outputs[0]), (std::vector<int32_t>{1, 0}));  // default axis -1, first of the tied 9s
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{2, 1}));
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
