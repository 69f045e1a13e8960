// End-to-end tests of the comparison and logic operators through the OH_NN C
// API: OH_NN_OPS_EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL
// OH_NN_OPS_LOGICAL_AND, LOGICAL_OR, LOGICAL_NOT, and the binary math
// operations OH_NN_OPS_MAXIMUM, MINIMUM, SQUARED_DIFFERENCE, MOD (-> the
// NODE_TYPE of the same name; REAL_DIV has no OH_NN operation) and
// OH_NN_OPS_POW (-> NODE_TYPE_POW_FUSION), OH_NN_OPS_ELTWISE (-> NODE_TYPE_ELTWISE). Build a one-operation model, check
// OH_NNModel_GetAvailableOperations, compile it for the reference device, run
// it with OH_NNExecutor_RunSync, and check the output and its shape.
#include <cmath>
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
using e2e::ScalarParam;
using e2e::QuantSpec;
using e2e::Raw;

e2e::RunResult RunOp(OH_NN_OperationType op, const std::vector<Operand>& inputs, const Operand& output) {
  const e2e::RunResult r = e2e::RunOperation(op, inputs, {}, {output});
  EXPECT_TRUE(r.supported) << "operation " << op;
  EXPECT_EQ(r.build, OH_NN_SUCCESS) << "operation " << op;
  EXPECT_EQ(r.run, OH_NN_SUCCESS) << "operation " << op;
  return r;
}

std::vector<uint8_t> Bools(const e2e::RunResult& r) { return r.outputs.empty() ? std::vector<uint8_t>{} : r.outputs[0]; }

struct ComparisonCase {
  OH_NN_OperationType op;
  std::vector<float> a, b;
  std::vector<uint8_t> want;
};

// The XTS model 1 of each operation (ops_catalog #70..#73, #61) and a
// LESS_EQUAL row; NaN and -0 rows of C-681.
TEST(ComparisonEndToEnd, SixOperationsOnFloat32) {
  const float nan = __builtin_nanf("");
  const std::vector<ComparisonCase> cases = {
      {OH_NN_OPS_EQUAL, {1, 2, 3, nan, -0.0f}, {4, 5, 6, nan, 0}, {0, 0, 0, 0, 1}},
      {OH_NN_OPS_NOT_EQUAL, {1, 2, 3, nan, -0.0f}, {4, 5, 6, nan, 0}, {1, 1, 1, 1, 0}},
      {OH_NN_OPS_GREATER, {1, 2, 3, nan, -0.0f}, {4, 5, 6, 1, 0}, {0, 0, 0, 0, 0}},
      {OH_NN_OPS_GREATER_EQUAL, {1, 2, 3, nan, -0.0f}, {4, 2, 6, 1, 0}, {0, 1, 0, 0, 1}},
      {OH_NN_OPS_LESS, {1, 2, 3, nan, -0.0f}, {3, 2, 1, 1, 0}, {1, 0, 0, 0, 0}},
      {OH_NN_OPS_LESS_EQUAL, {1, 2, 3, nan, -0.0f}, {3, 2, 1, 1, 0}, {1, 1, 0, 0, 1}},
  };
  for (const ComparisonCase& c : cases) {
    const e2e::RunResult r = RunOp(c.op,
                                   {Operand{OH_NN_FLOAT32, {5}, Raw(c.a)}, Operand{OH_NN_FLOAT32, {5}, Raw(c.b)}},
                                   Operand{OH_NN_BOOL, {5}});
    EXPECT_EQ(Bools(r), c.want) << "operation " << c.op;
  }
}

// ops_catalog #61 XTS model 2: [3] < [3,1] broadcasts to [3,3] (C-684); x2 a constant.
TEST(ComparisonEndToEnd, LessBroadcastsWithAConstant) {
  const e2e::RunResult r = RunOp(OH_NN_OPS_LESS,
                                 {Operand{OH_NN_FLOAT32, {3}, Raw(std::vector<float>{1, 2, 3})},
                                  Operand{OH_NN_FLOAT32, {3, 1}, Raw(std::vector<float>{1, 2, 3}), true}},
                                 Operand{OH_NN_BOOL, {3, 3}});
  EXPECT_EQ(Bools(r), (std::vector<uint8_t>{0, 0, 0, 1, 0, 0, 1, 1, 0}));
  ASSERT_EQ(r.shapes.size(), 1u);
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{3, 3}));
}

// ops_catalog #18 [UT] types (int32 [1,2,1,1]) and quantized operands with
// different params compared by real value, the output carrying quant params (C-683).
TEST(ComparisonEndToEnd, Int32AndQuantized) {
  const e2e::RunResult ints = RunOp(OH_NN_OPS_LESS_EQUAL,
                                    {Operand{OH_NN_INT32, {1, 2, 1, 1}, Raw(std::vector<int32_t>{5, -7})},
                                     Operand{OH_NN_INT32, {1, 2, 1, 1}, Raw(std::vector<int32_t>{5, -8})}},
                                    Operand{OH_NN_BOOL, {1, 2, 1, 1}});
  EXPECT_EQ(Bools(ints), (std::vector<uint8_t>{1, 0}));
  const e2e::RunResult quant =
      RunOp(OH_NN_OPS_GREATER_EQUAL,
            {Operand{OH_NN_INT8, {3}, Raw(std::vector<int8_t>{2, 3, -4}), false, {QuantSpec{0.5, 0}}},
             Operand{OH_NN_UINT8, {3}, Raw(std::vector<uint8_t>{132, 135, 119}), false, {QuantSpec{0.25, 128}}}},
            Operand{OH_NN_BOOL, {3}, {}, false, {QuantSpec{1.0, 0}}});
  EXPECT_EQ(Bools(quant), (std::vector<uint8_t>{1, 0, 1}));
}

// ops_catalog #81 XTS model 2 (int64 with a bool [1], broadcast), #89 XTS
// model 1 and #82 XTS model 1 (int64: non-zero is true, C-686).
TEST(LogicalEndToEnd, AndOrNot) {
  const e2e::RunResult and_r = RunOp(OH_NN_OPS_LOGICAL_AND,
                                     {Operand{OH_NN_INT64, {3}, Raw(std::vector<int64_t>{2, 0, 1})},
                                      Operand{OH_NN_BOOL, {1}, std::vector<uint8_t>{1}}},
                                     Operand{OH_NN_BOOL, {3}});
  EXPECT_EQ(Bools(and_r), (std::vector<uint8_t>{1, 0, 1}));
  const e2e::RunResult or_r = RunOp(OH_NN_OPS_LOGICAL_OR,
                                    {Operand{OH_NN_BOOL, {3}, std::vector<uint8_t>{1, 0, 1}},
                                     Operand{OH_NN_BOOL, {3}, std::vector<uint8_t>{0, 0, 1}}},
                                    Operand{OH_NN_BOOL, {3}});
  EXPECT_EQ(Bools(or_r), (std::vector<uint8_t>{1, 0, 1}));
  const e2e::RunResult not_r = RunOp(OH_NN_OPS_LOGICAL_NOT, {Operand{OH_NN_INT64, {3}, Raw(std::vector<int64_t>{1, 0, 1})}},
                                     Operand{OH_NN_BOOL, {3}});
  EXPECT_EQ(Bools(not_r), (std::vector<uint8_t>{0, 1, 0}));
  ASSERT_EQ(not_r.shapes.size(), 1u);
  EXPECT_EQ(not_r.shapes[0], (std::vector<int32_t>{3}));
}

// ops_catalog #20 / #97 XTS model 1 ([1,3,5] against [2,2,4]) with NaN and
// signed-zero rows (C-688), #34 (a - b)^2, #83 XTS model 1 (int64 [10,20,30]
// mod [3], shape [1]) and the sign of the dividend (C-691).
TEST(BinaryMathEndToEnd, MaximumMinimumSquaredDifferenceMod) {
  const float nan = __builtin_nanf("");
  const std::vector<Operand> operands = {Operand{OH_NN_FLOAT32, {5}, Raw(std::vector<float>{1, 3, 5, nan, -0.0f})},
                                         Operand{OH_NN_FLOAT32, {5}, Raw(std::vector<float>{2, 2, 4, 1, 0})}};
  const std::vector<float> max = As<float>(RunOp(OH_NN_OPS_MAXIMUM, operands, Operand{OH_NN_FLOAT32, {5}}).outputs.at(0));
  ASSERT_EQ(max.size(), 5u);
  EXPECT_EQ(max[0], 2);
  EXPECT_EQ(max[1], 3);
  EXPECT_EQ(max[2], 5);
  EXPECT_TRUE(std::isnan(max[3]));
  EXPECT_FALSE(std::signbit(max[4]));
  const std::vector<float> min = As<float>(RunOp(OH_NN_OPS_MINIMUM, operands, Operand{OH_NN_FLOAT32, {5}}).outputs.at(0));
  ASSERT_EQ(min.size(), 5u);
  EXPECT_EQ(min[0], 1);
  EXPECT_EQ(min[1], 2);
  EXPECT_EQ(min[2], 4);
  EXPECT_TRUE(std::isnan(min[3]));
  EXPECT_TRUE(std::signbit(min[4]));
  const e2e::RunResult sq = RunOp(OH_NN_OPS_SQUARED_DIFFERENCE,
                                  {Operand{OH_NN_FLOAT32, {3}, Raw(std::vector<float>{1, 3, -5})},
                                   Operand{OH_NN_FLOAT32, {3}, Raw(std::vector<float>{2, 2, 4})}},
                                  Operand{OH_NN_FLOAT32, {3}});
  EXPECT_EQ(As<float>(sq.outputs.at(0)), (std::vector<float>{1, 1, 81}));
  const e2e::RunResult mod = RunOp(OH_NN_OPS_MOD,
                                   {Operand{OH_NN_INT64, {3}, Raw(std::vector<int64_t>{10, 20, 30})},
                                    Operand{OH_NN_INT64, {1}, Raw(std::vector<int64_t>{3}), true}},
                                   Operand{OH_NN_INT64, {3}});
  EXPECT_EQ(As<int64_t>(mod.outputs.at(0)), (std::vector<int64_t>{1, 2, 0}));
  const e2e::RunResult fmod = RunOp(OH_NN_OPS_MOD,
                                    {Operand{OH_NN_FLOAT32, {2}, Raw(std::vector<float>{-5.5f, 7})},
                                     Operand{OH_NN_FLOAT32, {2}, Raw(std::vector<float>{2, -3})}},
                                    Operand{OH_NN_FLOAT32, {2}});
  EXPECT_EQ(As<float>(fmod.outputs.at(0)), (std::vector<float>{-1.5f, 1}));
}

// ops_catalog #25 XTS model 1 ((2x+1)^e with OH_NN_POW_SCALE 2, OH_NN_POW_SHIFT 1)
// and model 3 ((0.5x+2)^2, the exponent of shape [1] broadcast).
TEST(PowEndToEnd, ScaleShiftAndBroadcast) {
  const e2e::RunResult m1 =
      e2e::RunOperation(OH_NN_OPS_POW,
                        {Operand{OH_NN_FLOAT32, {2}, Raw(std::vector<float>{1, 2})},
                         Operand{OH_NN_FLOAT32, {2}, Raw(std::vector<float>{2, 3})}},
                        {ScalarParam<float>(OH_NN_POW_SCALE, OH_NN_FLOAT32, 2.0f),
                         ScalarParam<float>(OH_NN_POW_SHIFT, OH_NN_FLOAT32, 1.0f)},
                        {Operand{OH_NN_FLOAT32, {2}}});
  EXPECT_TRUE(m1.supported);
  ASSERT_EQ(m1.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<float>(m1.outputs.at(0)), (std::vector<float>{9, 125}));
  const e2e::RunResult m3 =
      e2e::RunOperation(OH_NN_OPS_POW,
                        {Operand{OH_NN_FLOAT32, {2}, Raw(std::vector<float>{0, 1})},
                         Operand{OH_NN_FLOAT32, {1}, Raw(std::vector<float>{2}), true}},
                        {ScalarParam<float>(OH_NN_POW_SCALE, OH_NN_FLOAT32, 0.5f),
                         ScalarParam<float>(OH_NN_POW_SHIFT, OH_NN_FLOAT32, 2.0f)},
                        {Operand{OH_NN_FLOAT32, {2}}});
  EXPECT_TRUE(m3.supported);
  ASSERT_EQ(m3.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<float>(m3.outputs.at(0)), (std::vector<float>{4, 6.25f}));
  EXPECT_EQ(m3.shapes.at(0), (std::vector<int32_t>{2}));
}

// ops_catalog #12 [UT] shapes ([3,3] float32) with each OH_NN_ELTWISE_MODE:
// PROD 0, SUM 1 (C-698: a sum), MAXIMUM 2.
TEST(EltwiseEndToEnd, ThreeModes) {
  const std::vector<float> a = {1, 2, 3, 4, 5, 6, 7, 8, 9}, b = {9, 8, 7, 6, 5, 4, 3, 2, 1};
  const std::vector<std::vector<float>> want = {{9, 16, 21, 24, 25, 24, 21, 16, 9},
                                                {10, 10, 10, 10, 10, 10, 10, 10, 10},
                                                {9, 8, 7, 6, 5, 6, 7, 8, 9}};
  for (int8_t mode = 0; mode < 3; ++mode) {
    const e2e::RunResult r =
        e2e::RunOperation(OH_NN_OPS_ELTWISE,
                          {Operand{OH_NN_FLOAT32, {3, 3}, Raw(a)}, Operand{OH_NN_FLOAT32, {3, 3}, Raw(b)}},
                          {ScalarParam<int8_t>(OH_NN_ELTWISE_MODE, OH_NN_INT8, mode)}, {Operand{OH_NN_FLOAT32, {3, 3}}});
    EXPECT_TRUE(r.supported);
    ASSERT_EQ(r.run, OH_NN_SUCCESS) << int{mode};
    EXPECT_EQ(As<float>(r.outputs.at(0)), want[static_cast<size_t>(mode)]) << int{mode};
  }
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
