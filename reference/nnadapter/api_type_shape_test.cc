// NNAdapter API end to end on the reference: CAST, SHAPE, FILL, EXPAND and
// POW, float32 and int8 where the operation takes quantised operands (C-824,
// C-826, C-827, C-831).
#include <gtest/gtest.h>

#include <cmath>

#include "reference/nnadapter/testing/api_model_builder.h"

namespace nnrt {
namespace nna {
namespace testing {
namespace {

// CAST of x (precision `from`) to `dtype`, the output declared `to`.
int Cast(int32_t from, const HostBuffer& x, int32_t dtype, int32_t to, std::vector<HostBuffer>* r,
         bool* supported = nullptr) {
  ApiModelBuilder m;
  NNAdapterOperand* a = m.Operand(Type(from, x.dims, 0.5f));
  NNAdapterOperand* y = m.Operand(Type(to, x.dims, 0.5f));
  if (supported != nullptr) {
    EXPECT_EQ(m.Operation(NNADAPTER_CAST, {a, m.Int32(dtype)}, {y}), NNADAPTER_NO_ERROR);
    *supported = SupportedAlone(m);
    return m.Compile({a}, {y});
  }
  return RunOperation(m, NNADAPTER_CAST, {a, m.Int32(dtype)}, {y}, {a}, {x}, r);
}

// float -> int truncates toward 0; int -> narrower int keeps the low bits;
// float -> bool is x != 0 (C-826).
TEST(NNAdapterTypeShape, CastBetweenPlainTypesC826) {
  std::vector<HostBuffer> r;
  ASSERT_EQ(Cast(kF32, Buffer<float>({4}, {1.7f, -2.7f, 0.0f, 300.5f}), NNADAPTER_INT32, NNADAPTER_INT32, &r),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<int32_t>(r[0]), (std::vector<int32_t>{1, -2, 0, 300}));
  ASSERT_EQ(Cast(NNADAPTER_INT32, Buffer<int32_t>({3}, {1, -1, 200}), NNADAPTER_INT8, NNADAPTER_INT8, &r),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<int8_t>(r[0]), (std::vector<int8_t>{1, -1, static_cast<int8_t>(200 - 256)}));
  ASSERT_EQ(Cast(kF32, Buffer<float>({3}, {0.0f, -0.5f, 2.0f}), NNADAPTER_BOOL8, NNADAPTER_BOOL8, &r),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<uint8_t>(r[0]), (std::vector<uint8_t>{0, 1, 1}));
  ASSERT_EQ(Cast(NNADAPTER_INT64, Buffer<int64_t>({2}, {-3, 16777217}), kF32, kF32, &r), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<float>(r[0]), (std::vector<float>{-3.0f, 16777216.0f}));  // 2^24 + 1 rounds to even
}

TEST(NNAdapterTypeShape, CastErrorsC826) {
  std::vector<HostBuffer> r;
  const HostBuffer x = Buffer<float>({1}, {1});
  EXPECT_EQ(Cast(kF32, x, NNADAPTER_INT64, NNADAPTER_INT32, &r), NNADAPTER_INVALID_PARAMETER);  // dtype != output
  bool supported = true;
  EXPECT_EQ(Cast(kI8, Buffer<int8_t>({1}, {2}), kF32, kF32, &r, &supported), NNADAPTER_INVALID_PARAMETER);
  EXPECT_FALSE(supported);  // quantised: codes are not values
}

TEST(NNAdapterTypeShape, ShapeAsInt32AndInt64C824) {
  for (int32_t dtype : {NNADAPTER_INT32, NNADAPTER_INT64}) {
    ApiModelBuilder m;
    NNAdapterOperand* a = m.Operand(Type(kI8, {2, 3, 1}, 0.5f));
    NNAdapterOperand* y = m.Operand(Type(dtype, {3}));
    std::vector<HostBuffer> r;
    ASSERT_EQ(RunOperation(m, NNADAPTER_SHAPE, {a, m.Int32(dtype)}, {y}, {a},
                           {Buffer<int8_t>({2, 3, 1}, {1, 2, 3, 4, 5, 6})}, &r),
              NNADAPTER_NO_ERROR);
    if (dtype == NNADAPTER_INT32) {
      EXPECT_EQ(Values<int32_t>(r[0]), (std::vector<int32_t>{2, 3, 1}));
    } else {
      EXPECT_EQ(Values<int64_t>(r[0]), (std::vector<int64_t>{2, 3, 1}));
    }
  }
  ApiModelBuilder m;
  NNAdapterOperand* a = m.Operand(Type(kF32, {2}));
  NNAdapterOperand* y = m.Operand(Type(NNADAPTER_INT32, {1}));
  std::vector<HostBuffer> r;
  EXPECT_EQ(RunOperation(m, NNADAPTER_SHAPE, {a, m.Int32(NNADAPTER_INT64)}, {y}, {a}, {Buffer<float>({2}, {1, 2})}, &r),
            NNADAPTER_INVALID_PARAMETER);
}

// FILL(shape, value): NNRt's FILL takes them the other way round (C-827).
TEST(NNAdapterTypeShape, FillFloatAndBoolC827) {
  {
    ApiModelBuilder m;
    NNAdapterOperand* x = m.Operand(Type(kF32, {1}));
    NNAdapterOperand* filled = m.Operand(Type(kF32, {2, 3}));
    NNAdapterOperand* y = m.Operand(Type(kF32, {2, 3}));
    ASSERT_EQ(m.Operation(NNADAPTER_FILL, {m.Int32s({2, 3}), m.Float32(1.5f)}, {filled}), NNADAPTER_NO_ERROR);
    std::vector<HostBuffer> r;
    ASSERT_EQ(RunOperation(m, NNADAPTER_ADD, {filled, x, m.Int32(NNADAPTER_FUSED_NONE)}, {y}, {x},
                           {Buffer<float>({1}, {0.25f})}, &r),
              NNADAPTER_NO_ERROR);
    EXPECT_EQ(Values<float>(r[0]), std::vector<float>(6, 1.75f));
  }
  ApiModelBuilder m;
  NNAdapterOperand* x = m.Operand(Type(NNADAPTER_BOOL8, {2}));
  NNAdapterOperand* filled = m.Operand(Type(NNADAPTER_BOOL8, {2}));
  NNAdapterOperand* y = m.Operand(Type(NNADAPTER_BOOL8, {2}));
  ASSERT_EQ(m.Operation(NNADAPTER_FILL, {m.Int32s({2}), m.Bool(true)}, {filled}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> r;
  ASSERT_EQ(RunOperation(m, NNADAPTER_EQUAL, {filled, x}, {y}, {x}, {Buffer<uint8_t>({2}, {1, 0})}, &r),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<uint8_t>(r[0]), (std::vector<uint8_t>{1, 0}));
}

// An INT64 value and a shape that is a model input.
TEST(NNAdapterTypeShape, FillInt64WithARunTimeShapeC827) {
  ApiModelBuilder m;
  NNAdapterOperand* shape = m.Operand(Type(NNADAPTER_INT32, {2}));
  NNAdapterOperand* y = m.Operand(Type(NNADAPTER_INT64, {NNADAPTER_UNKNOWN, NNADAPTER_UNKNOWN}));
  const int64_t value = -(int64_t{1} << 40);
  std::vector<HostBuffer> r;
  ASSERT_EQ(RunOperation(m, NNADAPTER_FILL, {shape, m.Constant(Type(NNADAPTER_INT64, {}), &value, 8)}, {y}, {shape},
                         {Buffer<int32_t>({2}, {1, 3})}, &r),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(r[0].dims, (std::vector<int32_t>{1, 3}));
  EXPECT_EQ(Values<int64_t>(r[0]), std::vector<int64_t>(3, value));
}

TEST(NNAdapterTypeShape, FillValueAndOutputPrecisionMustAgreeC827) {
  ApiModelBuilder m;
  NNAdapterOperand* y = m.Operand(Type(NNADAPTER_INT32, {2}));
  ASSERT_EQ(m.Operation(NNADAPTER_FILL, {m.Int32s({2}), m.Float32(1.0f)}, {y}), NNADAPTER_NO_ERROR);
  EXPECT_FALSE(SupportedAlone(m));
}

// EXPAND x [3, 1] to [2, 3, 2] (numpy broadcasting), and -1 keeping a dim.
TEST(NNAdapterTypeShape, ExpandFloatAndInt8C827) {
  for (int32_t p : {kF32, kI8}) {
    ApiModelBuilder m;
    NNAdapterOperand* a = m.Operand(Type(p, {3, 1}, 0.5f));
    NNAdapterOperand* y = m.Operand(Type(p, {2, 3, 2}, 0.5f));
    const HostBuffer x = p == kF32 ? Buffer<float>({3, 1}, {1, 2, 3}) : Buffer<int8_t>({3, 1}, {1, 2, 3});
    std::vector<HostBuffer> r;
    ASSERT_EQ(RunOperation(m, NNADAPTER_EXPAND, {a, m.Int32s({2, 3, 2})}, {y}, {a}, {x}, &r), NNADAPTER_NO_ERROR);
    const std::vector<int> expected = {1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3};
    if (p == kF32) {
      EXPECT_EQ(Values<float>(r[0]), std::vector<float>(expected.begin(), expected.end()));
    } else {
      EXPECT_EQ(Values<int8_t>(r[0]), std::vector<int8_t>(expected.begin(), expected.end()));
    }
  }
  ApiModelBuilder m;
  NNAdapterOperand* a = m.Operand(Type(kF32, {3, 1}));
  NNAdapterOperand* y = m.Operand(Type(kF32, {3, 2}));
  std::vector<HostBuffer> r;
  ASSERT_EQ(RunOperation(m, NNADAPTER_EXPAND, {a, m.Int32s({-1, 2})}, {y}, {a}, {Buffer<float>({3, 1}, {4, 5, 6})},
                         &r),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<float>(r[0]), (std::vector<float>{4, 4, 5, 5, 6, 6}));
}

TEST(NNAdapterTypeShape, ExpandWithARunTimeShapeIsUnsupportedC827) {
  ApiModelBuilder m;
  NNAdapterOperand* a = m.Operand(Type(kF32, {1}));
  NNAdapterOperand* shape = m.Operand(Type(NNADAPTER_INT32, {1}));
  NNAdapterOperand* y = m.Operand(Type(kF32, {2}));
  ASSERT_EQ(m.Operation(NNADAPTER_EXPAND, {a, shape}, {y}), NNADAPTER_NO_ERROR);
  EXPECT_FALSE(SupportedAlone(m));
  EXPECT_EQ(m.Compile({a, shape}, {y}), NNADAPTER_INVALID_PARAMETER);
}

// POW with numpy broadcasting: x [2, 2], exponent [2].
int Pow(int32_t p, const HostBuffer& x, const HostBuffer& e, int32_t fuse, std::vector<HostBuffer>* r,
        float y_scale = 0.5f) {
  ApiModelBuilder m;
  NNAdapterOperand* a = m.Operand(Type(p, x.dims, 0.5f));
  NNAdapterOperand* b = m.Operand(Type(p, e.dims, 1.0f));
  NNAdapterOperand* y = m.Operand(Type(p, {2, 2}, y_scale));
  return RunOperation(m, NNADAPTER_POW, {a, b, m.Int32(fuse)}, {y}, {a, b}, {x, e}, r);
}

TEST(NNAdapterTypeShape, PowBroadcastsAndFusesC831) {
  std::vector<HostBuffer> r;
  ASSERT_EQ(Pow(kF32, Buffer<float>({2, 2}, {2, 3, 4, 9}), Buffer<float>({2}, {0.5f, 2}), NNADAPTER_FUSED_NONE, &r),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<float>(r[0]), (std::vector<float>{std::sqrt(2.0f), 9, 2, 81}));
  // RELU1 = min(max(., 0), 1) after the power (C-815).
  ASSERT_EQ(Pow(kF32, Buffer<float>({2, 2}, {0.25f, 0.5f, 4, -2}), Buffer<float>({2}, {0.5f, 3}),
                NNADAPTER_FUSED_RELU1, &r),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<float>(r[0]), (std::vector<float>{0.5f, 0.125f, 1, 0}));
  ASSERT_EQ(Pow(kF32, Buffer<float>({2, 2}, {-2, 3, 1, -1}), Buffer<float>({2}, {3, 2}), NNADAPTER_FUSED_RELU, &r),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<float>(r[0]), (std::vector<float>{0, 9, 1, 1}));
}

// int8: x scale 0.5, exponent scale 1, output scale 0.5: (code / 2)^e * 2.
TEST(NNAdapterTypeShape, PowInt8) {
  std::vector<HostBuffer> r;
  ASSERT_EQ(Pow(kI8, Buffer<int8_t>({2, 2}, {4, 6, 2, -4}), Buffer<int8_t>({2}, {2, 3}), NNADAPTER_FUSED_RELU6, &r),
            NNADAPTER_NO_ERROR);
  // 2^2 = 4 -> 8; 3^3 = 27 -> relu6 6 -> 12; 1^2 = 1 -> 2; (-2)^3 = -8 -> 0.
  EXPECT_EQ(Values<int8_t>(r[0]), (std::vector<int8_t>{8, 12, 2, 0}));
}

}  // namespace
}  // namespace testing
}  // namespace nna
}  // namespace nnrt
