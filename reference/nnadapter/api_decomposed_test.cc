// NNAdapter API end to end on the reference: the operations with no NNRt
// node type, lowered as exact compositions of NNRt nodes (C-850): ARG_MIN,
// ADAPTIVE_AVERAGE_POOL_2D, ADAPTIVE_MAX_POOL_2D, CUM_SUM; float32 and int8.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "reference/nnadapter/testing/api_model_builder.h"

namespace nnrt {
namespace nna {
namespace testing {
namespace {
const float kNan = std::numeric_limits<float>::quiet_NaN();

// A model of one operation on one input x and one output y.
struct OneOp {
  ApiModelBuilder m;
  NNAdapterOperand* x = nullptr;
  NNAdapterOperand* y = nullptr;
  OneOp(const NNAdapterOperandType& x_type, const NNAdapterOperandType& y_type)
      : x(m.Operand(x_type)), y(m.Operand(y_type)) {}
  // addOperation(op, {x, rest...}, {y}), then compile: the first failing code.
  int Build(int32_t op, std::vector<NNAdapterOperand*> rest) {
    rest.insert(rest.begin(), x);
    // The max pools take {output, indices}: NULL indices, as Paddle Lite passes (C-903).
    const bool two_outputs = op == NNADAPTER_ADAPTIVE_MAX_POOL_2D || op == NNADAPTER_MAX_POOL_2D;
    const int code = two_outputs ? m.Operation(op, rest, {y, nullptr}) : m.Operation(op, rest, {y});
    return code != NNADAPTER_NO_ERROR ? code : m.Compile({x}, {y});
  }
  HostBuffer Run(const HostBuffer& in) {
    std::vector<HostBuffer> out(1);
    EXPECT_EQ(m.Run({in}, &out), NNADAPTER_NO_ERROR);
    return out[0];
  }
};

// ---- ARG_MIN (C-851) ----

HostBuffer ArgMin(const NNAdapterOperandType& x_type, int32_t index_precision, std::vector<int32_t> y_dims, int32_t axis,
                  bool keepdim, const HostBuffer& x) {
  OneOp o(x_type, Type(index_precision, y_dims));
  EXPECT_EQ(o.Build(NNADAPTER_ARG_MIN, {o.m.Int32(axis), o.m.Bool(keepdim), o.m.Int32(index_precision)}),
            NNADAPTER_NO_ERROR);
  return o.Run(x);
}

// Ties keep the first index (-0 equals +0); the first NaN is the minimum.
TEST(NNAdapterDecomposed, ArgMinTiesAndNanC851) {
  const HostBuffer x = Buffer<float>({3, 3}, {3, 1, 1, 2, kNan, -7, 0.0f, -0.0f, 5});
  const HostBuffer y = ArgMin(Type(kF32, {3, 3}), NNADAPTER_INT64, {3}, 1, false, x);
  EXPECT_EQ(Values<int64_t>(y), (std::vector<int64_t>{1, 1, 0}));
  EXPECT_EQ(y.dims, (std::vector<int32_t>{3}));
}

TEST(NNAdapterDecomposed, ArgMinNegativeAxisKeepdimInt32C851) {
  const HostBuffer y =
      ArgMin(Type(kF32, {2, 2}), NNADAPTER_INT32, {1, 2}, -2, true, Buffer<float>({2, 2}, {4, 1, 2, 9}));
  EXPECT_EQ(Values<int32_t>(y), (std::vector<int32_t>{1, 0}));
  EXPECT_EQ(y.dims, (std::vector<int32_t>{1, 2}));
}

// int8 codes are compared as values: -128 is the minimum (a NEG of the codes
// in int8 would wrap it).
TEST(NNAdapterDecomposed, ArgMinInt8C851) {
  const HostBuffer y = ArgMin(Type(kI8, {2, 3}, 0.5f), NNADAPTER_INT64, {2}, 1, false,
                              Buffer<int8_t>({2, 3}, {127, -128, 0, 5, -3, -3}));
  EXPECT_EQ(Values<int64_t>(y), (std::vector<int64_t>{1, 1}));
}

TEST(NNAdapterDecomposed, ArgMinErrorsC851) {
  const int kBad = NNADAPTER_INVALID_PARAMETER;
  {  // dtype differs from the output's precision
    OneOp o(Type(kF32, {2, 2}), Type(NNADAPTER_INT32, {2}));
    EXPECT_EQ(o.Build(NNADAPTER_ARG_MIN, {o.m.Int32(1), o.m.Bool(false), o.m.Int32(NNADAPTER_INT64)}), kBad);
  }
  {  // axis outside [-2, 2)
    OneOp o(Type(kF32, {2, 2}), Type(NNADAPTER_INT64, {2}));
    EXPECT_EQ(o.Build(NNADAPTER_ARG_MIN, {o.m.Int32(2), o.m.Bool(false), o.m.Int32(NNADAPTER_INT64)}), kBad);
  }
  {  // an input type outside float32 / int8
    OneOp o(Type(NNADAPTER_INT32, {2, 2}), Type(NNADAPTER_INT64, {2}));
    EXPECT_EQ(o.Build(NNADAPTER_ARG_MIN, {o.m.Int32(1), o.m.Bool(false), o.m.Int32(NNADAPTER_INT64)}), kBad);
  }
}

// ---- ADAPTIVE_AVERAGE_POOL_2D, ADAPTIVE_MAX_POOL_2D (C-852) ----

HostBuffer AdaptivePool(int32_t op, const NNAdapterOperandType& x_type, const NNAdapterOperandType& y_type,
                        std::vector<int32_t> out_hw, const HostBuffer& x) {
  OneOp o(x_type, y_type);
  std::vector<NNAdapterOperand*> rest = {o.m.Int32s(out_hw)};
  if (op == NNADAPTER_ADAPTIVE_MAX_POOL_2D) {
    rest.push_back(o.m.Bool(false));
    rest.push_back(o.m.Int32(NNADAPTER_INT64));
  }
  EXPECT_EQ(o.Build(op, rest), NNADAPTER_NO_ERROR);
  return o.Run(x);
}

// 3x3 -> 2x2: rows [0, 2) and [1, 3), columns likewise (overlapping windows).
TEST(NNAdapterDecomposed, AdaptivePoolOverlappingWindowsC852) {
  const HostBuffer x = Buffer<float>({1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, kNan});
  const HostBuffer avg =
      AdaptivePool(NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D, Type(kF32, {1, 1, 3, 3}), Type(kF32, {1, 1, 2, 2}), {2, 2}, x);
  const std::vector<float> a = Values<float>(avg);
  ASSERT_EQ(a.size(), 4u);
  EXPECT_EQ(a[0], 3.0f);
  EXPECT_EQ(a[1], 4.0f);
  EXPECT_EQ(a[2], 6.0f);
  EXPECT_TRUE(std::isnan(a[3]));
  const HostBuffer max =
      AdaptivePool(NNADAPTER_ADAPTIVE_MAX_POOL_2D, Type(kF32, {1, 1, 3, 3}), Type(kF32, {1, 1, 2, 2}), {2, 2}, x);
  const std::vector<float> m = Values<float>(max);
  EXPECT_EQ(m[0], 5.0f);
  EXPECT_EQ(m[1], 6.0f);
  EXPECT_EQ(m[2], 8.0f);
  EXPECT_TRUE(std::isnan(m[3]));  // NaN propagates
  EXPECT_EQ(max.dims, (std::vector<int32_t>{1, 1, 2, 2}));
}

// 5 rows -> 3: [0, 2), [1, 4), [3, 5): windows of 2, 3 and 2 rows.
TEST(NNAdapterDecomposed, AdaptiveAveragePoolUnevenWindowsC852) {
  const HostBuffer y = AdaptivePool(NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D, Type(kF32, {1, 1, 5, 1}),
                                    Type(kF32, {1, 1, 3, 1}), {3, 1}, Buffer<float>({1, 1, 5, 1}, {1, 2, 3, 4, 10}));
  EXPECT_EQ(Values<float>(y), (std::vector<float>{1.5f, 3.0f, 7.0f}));
}

// H and W divisible by the output: the fixed-window pool with kernel = stride
// = H/OH, W/OW, bit for bit (a different NNRt node type computes it).
TEST(NNAdapterDecomposed, AdaptivePoolEqualsFixedWindowPoolWhenDivisibleC852) {
  const std::vector<float> values = Pseudorandom(2 * 3 * 6 * 4, 17);
  const HostBuffer x = Buffer<float>({2, 3, 6, 4}, values);
  for (const bool average : {true, false}) {
    const HostBuffer adaptive =
        AdaptivePool(average ? NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D : NNADAPTER_ADAPTIVE_MAX_POOL_2D,
                     Type(kF32, {2, 3, 6, 4}), Type(kF32, {2, 3, 3, 2}), {3, 2}, x);
    OneOp o(Type(kF32, {2, 3, 6, 4}), Type(kF32, {2, 3, 3, 2}));
    std::vector<NNAdapterOperand*> rest = {o.m.Int32(NNADAPTER_AUTO_PAD_NONE), o.m.Int32s({0, 0, 0, 0}),
                                           o.m.Int32s({2, 2}), o.m.Int32s({2, 2}), o.m.Bool(false), o.m.Bool(false)};
    if (!average) rest.push_back(o.m.Int32(NNADAPTER_INT32));
    rest.push_back(o.m.Int32(NNADAPTER_FUSED_NONE));
    ASSERT_EQ(o.Build(average ? NNADAPTER_AVERAGE_POOL_2D : NNADAPTER_MAX_POOL_2D, rest), NNADAPTER_NO_ERROR);
    const HostBuffer fixed = o.Run(x);
    EXPECT_EQ(Bits(Values<float>(adaptive)), Bits(Values<float>(fixed))) << (average ? "average" : "max");
  }
}

// int8: the mean of the dequantized window, quantized once with the output's
// scale, half away from zero (REDUCE_FUSION's rule); max: the largest code.
TEST(NNAdapterDecomposed, AdaptivePoolInt8C852) {
  const HostBuffer x = Buffer<int8_t>({1, 2, 2, 2}, {1, 2, 3, 4, -1, -2, -3, -4});
  const HostBuffer avg = AdaptivePool(NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D, Type(kI8, {1, 2, 2, 2}, 0.5f),
                                      Type(kI8, {1, 2, 1, 1}, 0.5f), {1, 1}, x);
  EXPECT_EQ(Values<int8_t>(avg), (std::vector<int8_t>{3, -3}));  // 1.25 / 0.5 = 2.5 -> 3
  const HostBuffer max = AdaptivePool(NNADAPTER_ADAPTIVE_MAX_POOL_2D, Type(kI8, {1, 2, 2, 2}, 0.5f),
                                      Type(kI8, {1, 2, 1, 1}, 0.5f), {1, 1}, x);
  EXPECT_EQ(Values<int8_t>(max), (std::vector<int8_t>{4, -1}));
}

// Only H and W fix the windows: an unknown batch runs with the actual one.
TEST(NNAdapterDecomposed, AdaptivePoolUnknownBatchC852) {
  const HostBuffer y = AdaptivePool(NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D, Type(kF32, {-1, 1, 2, 2}),
                                    Type(kF32, {-1, 1, 1, 2}), {1, 2}, Buffer<float>({2, 1, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(Values<float>(y), (std::vector<float>{2, 3, 6, 7}));
  EXPECT_EQ(y.dims, (std::vector<int32_t>{2, 1, 1, 2}));
}

TEST(NNAdapterDecomposed, AdaptivePoolErrorsC852) {
  const int kBad = NNADAPTER_INVALID_PARAMETER;
  {  // return_indices: no NNRt node returns indices
    OneOp o(Type(kF32, {1, 1, 2, 2}), Type(kF32, {1, 1, 1, 1}));
    EXPECT_EQ(o.Build(NNADAPTER_ADAPTIVE_MAX_POOL_2D,
                      {o.m.Int32s({1, 1}), o.m.Bool(true), o.m.Int32(NNADAPTER_INT64)}),
              kBad);
  }
  {  // output_shape 0
    OneOp o(Type(kF32, {1, 1, 2, 2}), Type(kF32, {1, 1, 1, 1}));
    EXPECT_EQ(o.Build(NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D, {o.m.Int32s({0, 1})}), kBad);
  }
  {  // output dims other than output_shape
    OneOp o(Type(kF32, {1, 1, 4, 4}), Type(kF32, {1, 1, 2, 2}));
    EXPECT_EQ(o.Build(NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D, {o.m.Int32s({1, 2})}), kBad);
  }
  {  // unknown H
    OneOp o(Type(kF32, {1, 1, -1, 4}), Type(kF32, {1, 1, 1, 1}));
    EXPECT_EQ(o.Build(NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D, {o.m.Int32s({1, 1})}), kBad);
  }
}

// ---- CUM_SUM (C-853) ----

HostBuffer CumSum(const NNAdapterOperandType& type, int32_t axis, bool exclusive, bool reverse, const HostBuffer& x,
                  const NNAdapterOperandType* y_type = nullptr) {
  OneOp o(type, y_type != nullptr ? *y_type : type);
  EXPECT_EQ(o.Build(NNADAPTER_CUM_SUM, {o.m.Int32(axis), o.m.Bool(exclusive), o.m.Bool(reverse)}), NNADAPTER_NO_ERROR);
  return o.Run(x);
}

TEST(NNAdapterDecomposed, CumSumExclusiveReverseC853) {
  const HostBuffer x = Buffer<float>({2, 3}, {1, 2, 3, 4, 5, 6});
  const NNAdapterOperandType t = Type(kF32, {2, 3});
  EXPECT_EQ(Values<float>(CumSum(t, 1, false, false, x)), (std::vector<float>{1, 3, 6, 4, 9, 15}));
  EXPECT_EQ(Values<float>(CumSum(t, -1, true, false, x)), (std::vector<float>{0, 1, 3, 0, 4, 9}));
  EXPECT_EQ(Values<float>(CumSum(t, 1, false, true, x)), (std::vector<float>{6, 5, 3, 15, 11, 6}));
  EXPECT_EQ(Values<float>(CumSum(t, 1, true, true, x)), (std::vector<float>{5, 3, 0, 11, 6, 0}));
  EXPECT_EQ(Values<float>(CumSum(t, 0, false, false, x)), (std::vector<float>{1, 2, 3, 5, 7, 9}));
  EXPECT_EQ(CumSum(t, 0, false, false, x).dims, (std::vector<int32_t>{2, 3}));
}

// Each output is the binary64 sum of its terms rounded once: 2^24 + 1 + 1 is
// 16777218 (a float32 running sum would stay at 16777216); the empty sum and a
// sum of -0 are +0.
TEST(NNAdapterDecomposed, CumSumRoundsOnceC853) {
  const float big = 16777216.0f;
  EXPECT_EQ(Values<float>(CumSum(Type(kF32, {3}), 0, false, false, Buffer<float>({3}, {big, 1, 1}))),
            (std::vector<float>{big, big, 16777218.0f}));
  EXPECT_EQ(Bits(Values<float>(CumSum(Type(kF32, {2}), 0, false, false, Buffer<float>({2}, {-0.0f, -0.0f})))),
            Bits({0.0f, 0.0f}));
  EXPECT_EQ(Bits(Values<float>(CumSum(Type(kF32, {2, 1}), 1, true, false, Buffer<float>({2, 1}, {-0.0f, 7})))),
            Bits({0.0f, 0.0f}));
}

// Property: every output equals the binary64 sum, in ascending index order,
// of the elements NNAdapter's definition names, rounded once; the last
// forward output is the whole row's sum.
TEST(NNAdapterDecomposed, CumSumMatchesBinary64SumsC853) {
  const int rows = 3, n = 17;
  const std::vector<float> v = Pseudorandom(rows * n, 5);
  for (const bool reverse : {false, true}) {
    const std::vector<float> y =
        Values<float>(CumSum(Type(kF32, {rows, n}), 1, false, reverse, Buffer<float>({rows, n}, v)));
    ASSERT_EQ(y.size(), v.size());
    for (int r = 0; r < rows; ++r) {
      for (int k = 0; k < n; ++k) {
        double sum = 0.0;
        for (int j = reverse ? k : 0; j < (reverse ? n : k + 1); ++j) sum += v[r * n + j];
        EXPECT_EQ(y[r * n + k], static_cast<float>(sum)) << "row " << r << " k " << k << " reverse " << reverse;
      }
    }
  }
}

// int8: Q_y(sum of DQ(x)), RHA, saturating, with the output's own scale.
TEST(NNAdapterDecomposed, CumSumInt8C853) {
  const NNAdapterOperandType x_type = Type(kI8, {3}, 0.5f);
  const NNAdapterOperandType y_type = Type(kI8, {3}, 1.0f);
  // DQ = {1.5, 2, -3}: sums 1.5 -> 2 (half away from zero), 3.5 -> 4, 0.5 -> 1.
  EXPECT_EQ(Values<int8_t>(CumSum(x_type, 0, false, false, Buffer<int8_t>({3}, {3, 4, -6}), &y_type)),
            (std::vector<int8_t>{2, 4, 1}));
  // exclusive: the empty sum is code 0, then DQ sums 1.5 and 3.5 in the output's scale 0.5.
  EXPECT_EQ(Values<int8_t>(CumSum(x_type, 0, true, false, Buffer<int8_t>({3}, {3, 4, -6}))), (std::vector<int8_t>{0, 3, 7}));
  const NNAdapterOperandType s = Type(kI8, {2}, 1.0f);
  EXPECT_EQ(Values<int8_t>(CumSum(s, 0, false, false, Buffer<int8_t>({2}, {100, 100}))), (std::vector<int8_t>{100, 127}));
}

TEST(NNAdapterDecomposed, CumSumErrorsC853) {
  const int kBad = NNADAPTER_INVALID_PARAMETER;
  {
    OneOp o(Type(kF32, {2, 3}), Type(kF32, {2, 3}));
    EXPECT_EQ(o.Build(NNADAPTER_CUM_SUM, {o.m.Int32(2), o.m.Bool(false), o.m.Bool(false)}), kBad);
  }
  {  // unknown dims
    OneOp o(Type(kF32, {-1, 3}), Type(kF32, {-1, 3}));
    EXPECT_EQ(o.Build(NNADAPTER_CUM_SUM, {o.m.Int32(1), o.m.Bool(false), o.m.Bool(false)}), kBad);
  }
}

// getSupportedOperations answers true for each of the four (C-850).
TEST(NNAdapterDecomposed, SupportedOperationsSaysYesC850) {
  const NNAdapterOperandType t = Type(kF32, {1, 1, 2, 2});
  for (const int32_t op : {NNADAPTER_ARG_MIN, NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D, NNADAPTER_ADAPTIVE_MAX_POOL_2D,
                           NNADAPTER_CUM_SUM}) {
    NNAdapterOperandType y = Type(kF32, {1, 1, 1, 1});  // the pools
    if (op == NNADAPTER_ARG_MIN) y = Type(NNADAPTER_INT64, {1, 1, 2});
    if (op == NNADAPTER_CUM_SUM) y = t;
    OneOp o(t, y);
    std::vector<NNAdapterOperand*> rest;
    if (op == NNADAPTER_ARG_MIN) rest = {o.m.Int32(3), o.m.Bool(false), o.m.Int32(NNADAPTER_INT64)};
    if (op == NNADAPTER_CUM_SUM) rest = {o.m.Int32(3), o.m.Bool(false), o.m.Bool(false)};
    if (op == NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D) rest = {o.m.Int32s({1, 1})};
    if (op == NNADAPTER_ADAPTIVE_MAX_POOL_2D) rest = {o.m.Int32s({1, 1}), o.m.Bool(false), o.m.Int32(NNADAPTER_INT64)};
    ASSERT_EQ(o.Build(op, rest), NNADAPTER_NO_ERROR) << op;
    bool supported[1] = {false};
    EXPECT_EQ(NNAdapterModel_getSupportedOperations(o.m.model(), o.m.context(), supported), NNADAPTER_NO_ERROR);
    EXPECT_TRUE(supported[0]) << op;
  }
}

}  // namespace
}  // namespace testing
}  // namespace nna
}  // namespace nnrt
