// NNAdapter API end to end on the reference, quantised operands of the dense
// and normalisation operations not covered in api_nn_test.cc: MAT_MUL,
// SOFTMAX, REDUCE_MEAN, BATCH_NORMALIZATION, LAYER_NORMALIZATION, PRELU, int8
// symmetric (and uint8 asymmetric for MAT_MUL). Expected codes from
// testing/quant_expectations.h (the "Quantization" rows of the operator pages,
// docs/operators/; docs/quantization.md section 5), never from
// the reference. INSTANCE_NORMALIZATION is float-only (C-583): pinned here.
#include <gtest/gtest.h>

#include <cmath>

#include "reference/nnadapter/testing/api_model_builder.h"
#include "reference/nnadapter/testing/quant_expectations.h"

namespace nnrt {
namespace nna {
namespace testing {
namespace {

std::vector<int64_t> Int8Codes(const HostBuffer& b) {
  std::vector<int64_t> v;
  for (int8_t q : Values<int8_t>(b)) v.push_back(q);
  return v;
}

// MATMUL_FUSION: acc = sum (q_a - z_a)(q_b - z_b), t = acc * (s_a * s_b / s_y).
TEST(NNAdapterInt8Dense, MatMulInt8AndUint8) {
  {
    ApiModelBuilder m;
    NNAdapterOperand* a = m.Operand(Type(kI8, {1, 2}, 0.5f));
    NNAdapterOperand* b = m.Operand(Type(kI8, {2, 2}, 0.25f));
    NNAdapterOperand* y = m.Operand(Type(kI8, {1, 2}, 0.75f));
    ASSERT_EQ(m.Operation(NNADAPTER_MAT_MUL, {a, b, m.Bool(false), m.Bool(false)}, {y}), NNADAPTER_NO_ERROR);
    ASSERT_EQ(m.Compile({a, b}, {y}), NNADAPTER_NO_ERROR);
    std::vector<HostBuffer> out(1);
    // a = {1, 2}, b = {{1, 2}, {-1, 3}}: {-1, 8} / 0.75 = {-1.33, 10.67} -> {-1, 11}.
    ASSERT_EQ(m.Run({Buffer<int8_t>({1, 2}, {2, 4}), Buffer<int8_t>({2, 2}, {4, 8, -4, 12})}, &out),
              NNADAPTER_NO_ERROR);
    EXPECT_EQ(Int8Codes(out[0]), (std::vector<int64_t>{-1, 11}));
  }
  {
    ApiModelBuilder m;
    const NNAdapterOperandType u8 = Type(NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER, {2, 2}, 0.5f, 100);
    NNAdapterOperand* a = m.Operand(u8);
    NNAdapterOperand* b = m.Operand(u8);
    NNAdapterOperand* y = m.Operand(Type(NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER, {2, 2}, 0.5f, 10));
    ASSERT_EQ(m.Operation(NNADAPTER_MAT_MUL, {a, b, m.Bool(false), m.Bool(true)}, {y}), NNADAPTER_NO_ERROR);
    ASSERT_EQ(m.Compile({a, b}, {y}), NNADAPTER_NO_ERROR);
    std::vector<HostBuffer> out(1);
    // a = {{1, 2}, {0, -1}}, b^T of {{1, 1}, {2, -2}}: a b^T = {{3, -2}, {-1, 2}}.
    ASSERT_EQ(m.Run({Buffer<uint8_t>({2, 2}, {102, 104, 100, 98}), Buffer<uint8_t>({2, 2}, {102, 102, 104, 96})}, &out),
              NNADAPTER_NO_ERROR);
    EXPECT_EQ(Values<uint8_t>(out[0]), (std::vector<uint8_t>{16, 6, 8, 14}));
  }
}

// SOFTMAX: the row dequantised, softmax in binary64, each value quantised
// with the output's params (C-543).
TEST(NNAdapterInt8Dense, SoftmaxInt8) {
  ApiModelBuilder m;
  NNAdapterOperand* x = m.Operand(Type(kI8, {1, 3}, 0.5f));
  NNAdapterOperand* y = m.Operand(Type(kI8, {1, 3}, 1.0f / 128));
  ASSERT_EQ(m.Operation(NNADAPTER_SOFTMAX, {x, m.Int32(1)}, {y}), NNADAPTER_NO_ERROR);
  ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  ASSERT_EQ(m.Run({Buffer<int8_t>({1, 3}, {0, 2, 4})}, &out), NNADAPTER_NO_ERROR);  // x = {0, 1, 2}
  const double e0 = std::exp(-2.0), e1 = std::exp(-1.0), sum = e0 + e1 + 1.0;
  EXPECT_EQ(Int8Codes(out[0]), ExpectQuantizeAll({e0 / sum, e1 / sum, 1.0 / sum}, Int8Code(1.0f / 128)));
}

// REDUCE_FUSION MEAN: the reduced reals averaged in binary64, quantised once;
// 8.5 is a tie and rounds away from zero.
TEST(NNAdapterInt8Dense, ReduceMeanInt8RoundsATieAwayFromZero) {
  ApiModelBuilder m;
  NNAdapterOperand* x = m.Operand(Type(kI8, {2, 2}, 0.5f));
  NNAdapterOperand* y = m.Operand(Type(kI8, {2}, 0.5f));
  ASSERT_EQ(m.Operation(NNADAPTER_REDUCE_MEAN, {x, m.Int32s({1}), m.Bool(false)}, {y}), NNADAPTER_NO_ERROR);
  ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  // x = {{1, 2}, {3, 5.5}}: means 1.5 -> 3, 4.25 -> 8.5 -> 9; {{-1, -2}} would give -3.
  ASSERT_EQ(m.Run({Buffer<int8_t>({2, 2}, {2, 4, 6, 11})}, &out), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Int8Codes(out[0]), (std::vector<int64_t>{3, 9}));
}

// The same two operations on uint8 with zero points 100 (in) and 0 / 10 (out).
TEST(NNAdapterInt8Dense, SoftmaxAndReduceMeanUint8) {
  {
    ApiModelBuilder m;
    NNAdapterOperand* x = m.Operand(Type(kU8, {1, 3}, 0.5f, 100));
    NNAdapterOperand* y = m.Operand(Type(kU8, {1, 3}, 1.0f / 256, 0));
    ASSERT_EQ(m.Operation(NNADAPTER_SOFTMAX, {x, m.Int32(-1)}, {y}), NNADAPTER_NO_ERROR);
    ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
    std::vector<HostBuffer> out(1);
    ASSERT_EQ(m.Run({Buffer<uint8_t>({1, 3}, {100, 102, 104})}, &out), NNADAPTER_NO_ERROR);  // x = {0, 1, 2}
    const double e0 = std::exp(-2.0), e1 = std::exp(-1.0), sum = e0 + e1 + 1.0;
    std::vector<int64_t> codes(out[0].bytes.begin(), out[0].bytes.end());
    EXPECT_EQ(codes, ExpectQuantizeAll({e0 / sum, e1 / sum, 1.0 / sum}, Uint8Code(1.0f / 256, 0)));
  }
  ApiModelBuilder m;
  NNAdapterOperand* x = m.Operand(Type(kU8, {2, 2}, 0.5f, 100));
  NNAdapterOperand* y = m.Operand(Type(kU8, {2}, 0.5f, 10));
  ASSERT_EQ(m.Operation(NNADAPTER_REDUCE_MEAN, {x, m.Int32s({1}), m.Bool(false)}, {y}), NNADAPTER_NO_ERROR);
  ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  // x = {{1, 2}, {3, 5.5}}: 1.5 -> 3 + 10; 4.25 -> 8.5 + 10 = 18.5 -> 19.
  ASSERT_EQ(m.Run({Buffer<uint8_t>({2, 2}, {102, 104, 106, 111})}, &out), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<uint8_t>(out[0]), (std::vector<uint8_t>{13, 19}));
}

NNAdapterOperand* Int8Constant(ApiModelBuilder& m, float scale, const std::vector<int8_t>& codes) {
  return m.Constant(Type(kI8, {static_cast<int32_t>(codes.size())}, scale), codes);
}

// FUSED_BATCH_NORM quantised: y = Q(((DQ(x) - DQ(mean)) / sqrt(DQ(var) + eps)) * DQ(scale) + DQ(bias)).
TEST(NNAdapterInt8Dense, BatchNormalizationInt8) {
  ApiModelBuilder m;
  NNAdapterOperand* x = m.Operand(Type(kI8, {1, 2, 1, 2}, 0.5f));
  NNAdapterOperand* y = m.Operand(Type(kI8, {1, 2, 1, 2}, 0.75f));
  // scale {1, 2}, bias {0, 10}, mean {1, -1}, variance {3, 3}, epsilon 1.
  ASSERT_EQ(m.Operation(NNADAPTER_BATCH_NORMALIZATION,
                        {x, Int8Constant(m, 0.5f, {2, 4}), Int8Constant(m, 0.5f, {0, 20}),
                         Int8Constant(m, 0.5f, {2, -2}), Int8Constant(m, 0.5f, {6, 6}), m.Float32(1)},
                        {y}),
            NNADAPTER_NO_ERROR);
  ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  ASSERT_EQ(m.Run({Buffer<int8_t>({1, 2, 1, 2}, {2, 6, -2, 2})}, &out), NNADAPTER_NO_ERROR);  // {1, 3}, {-1, 1}
  EXPECT_EQ(Int8Codes(out[0]), ExpectQuantizeAll({0, 1, 10, 12}, Int8Code(0.75f)));           // {0, 1, 13, 16}
}

// LAYER_NORM_FUSION quantised (C-575): rows {1, 3} and {0, -4} normalise to
// {-1, 1} and {1, -1}; gamma 1, beta 0 as int8 constants.
TEST(NNAdapterInt8Dense, LayerNormalizationInt8) {
  ApiModelBuilder m;
  NNAdapterOperand* x = m.Operand(Type(kI8, {2, 2}, 0.5f));
  NNAdapterOperand* y = m.Operand(Type(kI8, {2, 2}, 1.0f / 64));
  ASSERT_EQ(m.Operation(NNADAPTER_LAYER_NORMALIZATION,
                        {x, Int8Constant(m, 0.5f, {2, 2}), Int8Constant(m, 0.5f, {0, 0}), m.Int32(1), m.Float32(0),
                         m.Int32(NNADAPTER_FUSED_NONE)},
                        {y}),
            NNADAPTER_NO_ERROR);
  ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  ASSERT_EQ(m.Run({Buffer<int8_t>({2, 2}, {2, 6, 0, -8})}, &out), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Int8Codes(out[0]), (std::vector<int64_t>{-64, 64, 64, -64}));
}

// PRELU quantised: Q(prelu(DQ(x), DQ(slope[c]))) along NCHW's channel dim.
TEST(NNAdapterInt8Dense, PreluInt8PerChannelSlope) {
  ApiModelBuilder m;
  NNAdapterOperand* x = m.Operand(Type(kI8, {1, 2, 1, 2}, 0.5f));
  NNAdapterOperand* y = m.Operand(Type(kI8, {1, 2, 1, 2}, 0.25f));
  ASSERT_EQ(m.Operation(NNADAPTER_PRELU, {x, Int8Constant(m, 0.25f, {2, 1})}, {y}), NNADAPTER_NO_ERROR);
  ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  // x = {-1, 2 | -4, 4}, slope {0.5, 0.25}: {-0.5, 2 | -1, 4}.
  ASSERT_EQ(m.Run({Buffer<int8_t>({1, 2, 1, 2}, {-2, 4, -8, 8})}, &out), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Int8Codes(out[0]), (std::vector<int64_t>{-2, 8, -4, 16}));
}

NNAdapterOperand* Uint8Constant(ApiModelBuilder& m, const std::vector<uint8_t>& codes) {
  return m.Constant(Type(NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER, {static_cast<int32_t>(codes.size())}, 0.5f, 10), codes);
}

// The three on uint8: every operand dequantised with its own zero point.
TEST(NNAdapterInt8Dense, NormalisationsAndPreluUint8) {
  const std::vector<int32_t> nchw = {1, 2, 1, 2};
  {
    ApiModelBuilder m;  // as BatchNormalizationInt8; parameters at scale 0.5, zero point 10
    NNAdapterOperand* x = m.Operand(Type(kU8, nchw, 0.5f, 100));
    NNAdapterOperand* y = m.Operand(Type(kU8, nchw, 0.75f, 5));
    ASSERT_EQ(m.Operation(NNADAPTER_BATCH_NORMALIZATION,
                          {x, Uint8Constant(m, {12, 14}), Uint8Constant(m, {10, 30}), Uint8Constant(m, {12, 8}),
                           Uint8Constant(m, {16, 16}), m.Float32(1)},
                          {y}),
              NNADAPTER_NO_ERROR);
    ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
    std::vector<HostBuffer> out(1);
    ASSERT_EQ(m.Run({Buffer<uint8_t>(nchw, {102, 106, 98, 102})}, &out), NNADAPTER_NO_ERROR);
    std::vector<int64_t> codes(out[0].bytes.begin(), out[0].bytes.end());
    EXPECT_EQ(codes, ExpectQuantizeAll({0, 1, 10, 12}, Uint8Code(0.75f, 5)));
  }
  {
    ApiModelBuilder m;  // as LayerNormalizationInt8: gamma 1, beta 0
    NNAdapterOperand* x = m.Operand(Type(kU8, {2, 2}, 0.5f, 100));
    NNAdapterOperand* y = m.Operand(Type(kU8, {2, 2}, 1.0f / 64, 128));
    ASSERT_EQ(m.Operation(NNADAPTER_LAYER_NORMALIZATION,
                          {x, Uint8Constant(m, {12, 12}), Uint8Constant(m, {10, 10}), m.Int32(1), m.Float32(0),
                           m.Int32(NNADAPTER_FUSED_NONE)},
                          {y}),
              NNADAPTER_NO_ERROR);
    ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
    std::vector<HostBuffer> out(1);
    ASSERT_EQ(m.Run({Buffer<uint8_t>({2, 2}, {102, 106, 100, 92})}, &out), NNADAPTER_NO_ERROR);
    EXPECT_EQ(Values<uint8_t>(out[0]), (std::vector<uint8_t>{64, 192, 192, 64}));
  }
  ApiModelBuilder m;  // as PreluInt8PerChannelSlope, slope at scale 0.25, zero point 50
  NNAdapterOperand* x = m.Operand(Type(kU8, nchw, 0.5f, 100));
  NNAdapterOperand* y = m.Operand(Type(kU8, nchw, 0.25f, 60));
  NNAdapterOperand* slope = m.Constant(Type(kU8, {2}, 0.25f, 50), std::vector<uint8_t>{52, 51});  // {0.5, 0.25}
  ASSERT_EQ(m.Operation(NNADAPTER_PRELU, {x, slope}, {y}), NNADAPTER_NO_ERROR);
  ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  // x = {-1, 2 | -4, 4} -> {-0.5, 2 | -1, 4} -> codes 60 + 4r.
  ASSERT_EQ(m.Run({Buffer<uint8_t>(nchw, {98, 104, 92, 108})}, &out), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<uint8_t>(out[0]), (std::vector<uint8_t>{58, 68, 56, 76}));
}

// One operation on an int8 model: getSupportedOperations' answer and the
// compile result.
void ExpectUnsupported(ApiModelBuilder& m, NNAdapterOperand* x, NNAdapterOperand* y, const char* what) {
  bool supported[1] = {true};
  EXPECT_EQ(NNAdapterModel_getSupportedOperations(m.model(), m.context(), supported), NNADAPTER_NO_ERROR);
  EXPECT_FALSE(supported[0]) << what;
  EXPECT_EQ(m.Compile({x}, {y}), NNADAPTER_INVALID_PARAMETER) << what;
}

// INSTANCE_NORM is float-only (C-583); BATCH_NORMALIZATION,
// LAYER_NORMALIZATION and PRELU do not mix a quantised input with float32
// parameters (C-833).
TEST(NNAdapterInt8Dense, FloatOnlyNormalisationsAreUnsupportedOnInt8) {
  {
    ApiModelBuilder m;
    NNAdapterOperand* x = m.Operand(Type(kI8, {1, 2, 2}, 0.5f));
    NNAdapterOperand* y = m.Operand(Type(kI8, {1, 2, 2}, 0.5f));
    ASSERT_EQ(
        m.Operation(NNADAPTER_INSTANCE_NORMALIZATION,
                    {x, Int8Constant(m, 0.5f, {2, 2}), Int8Constant(m, 0.5f, {0, 0}), m.Float32(0), m.Int32(0)}, {y}),
        NNADAPTER_NO_ERROR);
    ExpectUnsupported(m, x, y, "INSTANCE_NORMALIZATION int8");
  }
  {
    ApiModelBuilder m;
    NNAdapterOperand* x = m.Operand(Type(kI8, {1, 2, 1, 2}, 0.5f));
    NNAdapterOperand* y = m.Operand(Type(kI8, {1, 2, 1, 2}, 0.5f));
    auto c = [&m](std::vector<float> v) { return m.Constant(Type(NNADAPTER_FLOAT32, {2}), v); };
    ASSERT_EQ(
        m.Operation(NNADAPTER_BATCH_NORMALIZATION, {x, c({1, 2}), c({0, 1}), c({0, 0}), c({1, 1}), m.Float32(0)}, {y}),
        NNADAPTER_NO_ERROR);
    ExpectUnsupported(m, x, y, "BATCH_NORMALIZATION int8 with float32 parameters");
  }
  {
    ApiModelBuilder m;
    NNAdapterOperand* x = m.Operand(Type(kI8, {2, 2}, 0.5f));
    NNAdapterOperand* y = m.Operand(Type(kI8, {2, 2}, 0.5f));
    auto c = [&m](std::vector<float> v) { return m.Constant(Type(NNADAPTER_FLOAT32, {2}), v); };
    ASSERT_EQ(m.Operation(NNADAPTER_LAYER_NORMALIZATION,
                          {x, c({1, 1}), c({0, 0}), m.Int32(1), m.Float32(0), m.Int32(NNADAPTER_FUSED_NONE)}, {y}),
              NNADAPTER_NO_ERROR);
    ExpectUnsupported(m, x, y, "LAYER_NORMALIZATION int8 with float32 parameters");
  }
  {
    ApiModelBuilder m;
    NNAdapterOperand* x = m.Operand(Type(kI8, {1, 2, 1, 2}, 0.5f));
    NNAdapterOperand* y = m.Operand(Type(kI8, {1, 2, 1, 2}, 0.5f));
    ASSERT_EQ(m.Operation(NNADAPTER_PRELU,
                          {x, m.Constant(Type(NNADAPTER_FLOAT32, {2}), std::vector<float>{0.5f, 0.25f})}, {y}),
              NNADAPTER_NO_ERROR);
    ExpectUnsupported(m, x, y, "PRELU int8 with a float32 slope");
  }
}

}  // namespace
}  // namespace testing
}  // namespace nna
}  // namespace nnrt
