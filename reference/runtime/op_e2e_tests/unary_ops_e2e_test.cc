// End-to-end tests of the unary math, activation, clip, prelu and cast operators through the OH_NN C API: build a
// one-operation model with OH_NNModel_AddOperation, compile it for the
// reference device, run it with OH_NNExecutor_RunSync and check the output
// against hand-computed values (ops_catalog examples where it has them).
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/runtime/op_e2e_tests/op_e2e_util.h"

namespace nnrt {
namespace rt {
namespace {

using e2e::Operand;
using e2e::Param;
using e2e::QuantSpec;
using e2e::Raw;
using e2e::ScalarParam;

// Runs `op` and returns the output bytes (empty on failure, with the failure reported).
std::vector<uint8_t> RunOperation(OH_NN_OperationType op, const std::vector<Operand>& inputs,
                                  const std::vector<Param>& params, const Operand& output) {
  const e2e::RunResult r = e2e::RunOperation(op, inputs, params, {output});
  EXPECT_TRUE(r.supported) << "operation " << op;
  EXPECT_EQ(r.build, OH_NN_SUCCESS) << "operation " << op;
  EXPECT_EQ(r.run, OH_NN_SUCCESS) << "operation " << op;
  return r.outputs.empty() ? std::vector<uint8_t>() : r.outputs[0];
}

std::vector<float> RunFloatOp(OH_NN_OperationType op, const std::vector<float>& x, const std::vector<Param>& params = {}) {
  const std::vector<int32_t> shape = {static_cast<int32_t>(x.size())};
  const std::vector<uint8_t> out =
      RunOperation(op, {Operand{OH_NN_FLOAT32, shape, Raw(x)}}, params, Operand{OH_NN_FLOAT32, shape, {}});
  std::vector<float> y(out.size() / sizeof(float));
  if (!y.empty()) std::memcpy(y.data(), out.data(), out.size());
  return y;
}


float F(double v) { return static_cast<float>(v); }

void ExpectFloats(const std::vector<float>& got, const std::vector<float>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i])) {
      EXPECT_TRUE(std::isnan(got[i])) << i;
    } else {
      EXPECT_EQ(got[i], want[i]) << i;
      EXPECT_EQ(std::signbit(got[i]), std::signbit(want[i])) << i;
    }
  }
}

// One row per parameterless float operator: input, hand-computed output.
struct FloatCase {
  OH_NN_OperationType op;
  std::vector<float> x;
  std::vector<float> y;
};

TEST(UnaryOpsEndToEnd, ParameterlessFloatOperators) {
  const float inf = INFINITY;
  const std::vector<FloatCase> cases = {
      {OH_NN_OPS_ABS, {-3, -2.5f, -1, 0, 1, 2, 3}, {3, 2.5f, 1, 0, 1, 2, 3}},
      {OH_NN_OPS_ERF, {0, -1, 1, 10}, {0, F(-0.8427007929497149), F(0.8427007929497149), 1}},
      {OH_NN_OPS_EXP, {0, 1, 2}, {1, F(2.718281828459045), F(7.38905609893065)}},
      {OH_NN_OPS_LOG, {1, 2, 0, -1}, {0, F(0.6931471805599453), -inf, NAN}},
      {OH_NN_OPS_SIN, {0, 1, 2}, {0, F(0.8414709848078965), F(0.9092974268256817)}},
      {OH_NN_OPS_COS, {0, 1, 2}, {1, F(0.5403023058681398), F(-0.4161468365471424)}},
      {OH_NN_OPS_NEG, {0, 1, -2}, {-0.0f, -1, 2}},
      {OH_NN_OPS_RECIPROCAL, {1, 2, -4, 0}, {1, 0.5f, -0.25f, inf}},
      {OH_NN_OPS_SQRT, {4, 2, -1}, {2, F(1.4142135623730951), NAN}},
      {OH_NN_OPS_RSQRT, {4, 0.25f, 0}, {0.5f, 2, inf}},
      {OH_NN_OPS_SQUARE, {1, 0, 3, -4, -5}, {1, 0, 9, 16, 25}},
      {OH_NN_OPS_CEIL, {-2.5f, -1.1f, 0, 1.1f, 2.9f}, {-2, -1, 0, 2, 3}},
      {OH_NN_OPS_FLOOR, {-2.5f, -1.1f, 0, 1.1f, 2.9f}, {-3, -2, 0, 1, 2}},
      {OH_NN_OPS_ROUND, {-2.5f, -1.5f, -0.5f, 0.5f, 1.5f, 2.5f}, {-2, -2, -0.0f, 0, 2, 2}},  // C-172
      {OH_NN_OPS_RELU, {-2, 0.5f}, {0, 0.5f}},
      {OH_NN_OPS_RELU6, {-2, 7, 3}, {0, 6, 3}},
      {OH_NN_OPS_SIGMOID, {0}, {0.5f}},
      {OH_NN_OPS_TANH, {0.5f}, {F(0.46211715726000974)}},
      {OH_NN_OPS_HSWISH, {-4, 1, 4}, {-0.0f, F(2.0 / 3.0), 4}},
      {OH_NN_OPS_HARD_SIGMOID, {0, 1}, {0.5f, F(4.0 / 6.0)}},
      {OH_NN_OPS_GELU, {1, -1}, {F(0.8413447460685429), F(-0.15865525393145707)}},  // C-160 erf form
  };
  for (const FloatCase& c : cases) {
    SCOPED_TRACE(c.op);
    ExpectFloats(RunFloatOp(c.op, c.x), c.y);
  }
}

// ops_catalog #105 XTS model 2 (6-digit values).
TEST(UnaryOpsEndToEnd, Swish) {
  const std::vector<float> y = RunFloatOp(OH_NN_OPS_SWISH, {-1, 0, 1, 2, -2, 3});
  const std::vector<double> want = {-0.268941, 0, 0.731059, 1.761594, -0.238406, 2.857722};
  ASSERT_EQ(y.size(), want.size());
  for (size_t i = 0; i < y.size(); ++i) EXPECT_NEAR(y[i], want[i], 1e-6);
}

TEST(UnaryOpsEndToEnd, GeluApproximateParam) {
  const std::vector<float> y =
      RunFloatOp(OH_NN_OPS_GELU, {1}, {ScalarParam(OH_NN_GELU_APPROXIMATE, OH_NN_BOOL, static_cast<uint8_t>(1))});
  ASSERT_EQ(y.size(), 1u);
  EXPECT_NEAR(y[0], 0.841192, 1e-6);
}

// 2^(1 + 1.5x): x=1 -> 2^2.5, x=2 -> 16 (C-177).
TEST(UnaryOpsEndToEnd, ExpWithBaseScaleShift) {
  ExpectFloats(RunFloatOp(OH_NN_OPS_EXP, {1, 2},
                          {ScalarParam(OH_NN_EXP_BASE, OH_NN_FLOAT32, 2.0f),
                           ScalarParam(OH_NN_EXP_SCALE, OH_NN_FLOAT32, 1.5f),
                           ScalarParam(OH_NN_EXP_SHIFT, OH_NN_FLOAT32, 1.0f)}),
               {F(5.656854249492381), 16});
}

// ops_catalog #76 XTS models 1 and 3 (min > max -> max, C-168).
TEST(UnaryOpsEndToEnd, Clip) {
  const std::vector<float> x = {-3, -2, -1, 0, 1, 2, 3};
  ExpectFloats(RunFloatOp(OH_NN_OPS_CLIP, x,
                          {ScalarParam(OH_NN_CLIP_MIN, OH_NN_FLOAT32, -1.0f),
                           ScalarParam(OH_NN_CLIP_MAX, OH_NN_FLOAT32, 1.0f)}),
               {-1, -1, -1, 0, 1, 1, 1});
  ExpectFloats(RunFloatOp(OH_NN_OPS_CLIP, x,
                          {ScalarParam(OH_NN_CLIP_MIN, OH_NN_FLOAT32, 1.0f),
                           ScalarParam(OH_NN_CLIP_MAX, OH_NN_FLOAT32, 0.0f)}),
               {0, 0, 0, 0, 0, 0, 0});
}

// ops_catalog #74 XTS model 2.
TEST(UnaryOpsEndToEnd, LeakyRelu) {
  ExpectFloats(RunFloatOp(OH_NN_OPS_LEAKY_RELU, {-0.5f, -1, 2},
                          {ScalarParam(OH_NN_LEAKY_RELU_NEGATIVE_SLOPE, OH_NN_FLOAT32, 0.01f)}),
               {F(-0.005), F(-0.01), 2});
}

// NHWC input (format NONE lowers to NHWC): slopes run along the last axis (C-180).
TEST(UnaryOpsEndToEnd, PReluPerChannel) {
  const std::vector<int32_t> shape = {1, 1, 2, 2};
  const std::vector<uint8_t> out = RunOperation(
      OH_NN_OPS_PRELU,
      {Operand{OH_NN_FLOAT32, shape, Raw(std::vector<float>{-2, -2, 3, -4})},
       Operand{OH_NN_FLOAT32, {2}, Raw(std::vector<float>{0.5f, 2}), true}},
      {}, Operand{OH_NN_FLOAT32, shape, {}});
  ASSERT_EQ(out.size(), 16u);
  std::vector<float> y(4);
  std::memcpy(y.data(), out.data(), 16);
  ExpectFloats(y, {-1, -4, 3, -8});
}

// ops_catalog #6: the `type` input holds OH_NN_INT32 (4); truncation toward zero (C-182).
TEST(UnaryOpsEndToEnd, CastFloatToInt32) {
  const std::vector<int32_t> shape = {1, 2, 2, 1};
  const std::vector<uint8_t> out = RunOperation(
      OH_NN_OPS_CAST,
      {Operand{OH_NN_FLOAT32, shape, Raw(std::vector<float>{1.9f, -1.9f, 300.5f, -0.5f})},
       Operand{OH_NN_INT32, {}, Raw(std::vector<int32_t>{OH_NN_INT32}), true}},
      {}, Operand{OH_NN_INT32, shape, {}});
  ASSERT_EQ(out.size(), 16u);
  std::vector<int32_t> y(4);
  std::memcpy(y.data(), out.data(), 16);
  EXPECT_EQ(y, (std::vector<int32_t>{1, -1, 300, 0}));
}

std::vector<Param> QuantCastParams() {
  return {ScalarParam(OH_NN_QUANT_DTYPE_CAST_SRC_T, OH_NN_INT64, int64_t{1}),
          ScalarParam(OH_NN_QUANT_DTYPE_CAST_DST_T, OH_NN_INT64, int64_t{1}),
          ScalarParam(OH_NN_QUANT_DTYPE_CAST_AXIS, OH_NN_INT64, int64_t{0})};
}

// Quantize (0.5, -1): 1.25 -> 2, -0.25 -> -2, 100 -> 127, 0 -> -1 (quantization_semantics 4.3).
TEST(UnaryOpsEndToEnd, QuantDTypeCastQuantizeAndDequantize) {
  const std::vector<uint8_t> q = RunOperation(
      OH_NN_OPS_QUANT_DTYPE_CAST, {Operand{OH_NN_FLOAT32, {4}, Raw(std::vector<float>{1.25f, -0.25f, 100, 0})}},
      QuantCastParams(), Operand{OH_NN_INT8, {4}, {}, false, {{0.5, -1}}});
  ASSERT_EQ(q.size(), 4u);
  EXPECT_EQ(std::vector<int8_t>(q.begin(), q.end()), (std::vector<int8_t>{2, -2, 127, -1}));
  const std::vector<uint8_t> r = RunOperation(
      OH_NN_OPS_QUANT_DTYPE_CAST, {Operand{OH_NN_INT8, {3}, Raw(std::vector<int8_t>{2, -2, 127}), false, {{0.5, -1}}}},
      QuantCastParams(), Operand{OH_NN_FLOAT32, {3}, {}});
  ASSERT_EQ(r.size(), 12u);
  std::vector<float> y(3);
  std::memcpy(y.data(), r.data(), 12);
  EXPECT_EQ(y, (std::vector<float>{1.5f, -0.5f, 64}));
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
