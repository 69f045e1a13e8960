// CAST conversion rules (C-182..C-186), one test per family of type pairs.
#include "reference/ops/elementwise/cast.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::HalfBytes;
using testing::OpHarness;
using testing::QP;

constexpr float kNanF = std::numeric_limits<float>::quiet_NaN();
constexpr float kInfF = std::numeric_limits<float>::infinity();
constexpr double kInf = std::numeric_limits<double>::infinity();

// OH_NN_DataType numbers (ops_catalog 1.3): the value the `type` input carries.
int32_t OhnnNumber(DataType t) { return DataTypeToOhnn(t); }

OpHarness CastHarness(DataType from, std::vector<uint8_t> bytes, int32_t n, DataType to,
                      std::vector<QuantParam> qx = {}, std::vector<QuantParam> qy = {}) {
  OpHarness h(NodeType::CAST);
  h.Input(from, {n}, std::move(bytes), std::move(qx))
      .Input(DataType::kInt32, {}, Bytes(std::vector<int32_t>{OhnnNumber(to)}))
      .Output(to, std::move(qy));
  return h;
}

template <typename T>
std::vector<int64_t> CastToInts(DataType from, std::vector<T> x, DataType to) {
  OpHarness h = CastHarness(from, Bytes(x), static_cast<int32_t>(x.size()), to);
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  EXPECT_TRUE(h.GuardIntact());
  return h.OutInts();
}

template <typename T>
std::vector<double> CastToDoubles(DataType from, std::vector<uint8_t> bytes, size_t n, DataType to) {
  OpHarness h = CastHarness(from, std::move(bytes), static_cast<int32_t>(n), to);
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  return h.OutDoubles();
}

// C-182: truncation toward zero, NaN -> 0, saturation at the type limits.
TEST(CastTest, FloatToSignedIntegerTruncatesAndSaturatesC182) {
  EXPECT_EQ(CastToInts(DataType::kFloat32, std::vector<float>{1.9f, -1.9f, kNanF, kInfF, -kInfF, 3e9f, -3e9f, 0.5f, -0.0f},
                       DataType::kInt32),
            (std::vector<int64_t>{1, -1, 0, INT32_MAX, INT32_MIN, INT32_MAX, INT32_MIN, 0, 0}));
  EXPECT_EQ(CastToInts(DataType::kFloat32, std::vector<float>{200, -200, 127.9f, -128.9f}, DataType::kInt8),
            (std::vector<int64_t>{127, -128, 127, -128}));
  // 2^63 is the first float above INT64_MAX; -2^63 is INT64_MIN exactly.
  EXPECT_EQ(CastToInts(DataType::kFloat32, std::vector<float>{9.3e18f, -9.3e18f, -9223372036854775808.0f},
                       DataType::kInt64),
            (std::vector<int64_t>{INT64_MAX, INT64_MIN, INT64_MIN}));
  EXPECT_EQ(CastToInts(DataType::kFloat64, std::vector<double>{2147483647.9, -2147483648.9}, DataType::kInt32),
            (std::vector<int64_t>{INT32_MAX, INT32_MIN}));
}

TEST(CastTest, FloatToUnsignedIntegerSaturatesNegativesToZeroC182) {
  EXPECT_EQ(CastToInts(DataType::kFloat32, std::vector<float>{-1, 255.9f, 256, 3.7f, -0.9f}, DataType::kUint8),
            (std::vector<int64_t>{0, 255, 255, 3, 0}));
  const std::vector<int64_t> u64 =
      CastToInts(DataType::kFloat32, std::vector<float>{2e19f, 4294967296.0f, kInfF}, DataType::kUint64);
  EXPECT_EQ(static_cast<uint64_t>(u64[0]), UINT64_MAX);
  EXPECT_EQ(u64[1], 4294967296);
  EXPECT_EQ(static_cast<uint64_t>(u64[2]), UINT64_MAX);
}

// C-183: float -> float rounds once (RNE); float16 overflow -> inf, subnormals kept.
TEST(CastTest, FloatToFloat16RoundsOnceC183) {
  const std::vector<double> y = CastToDoubles<float>(
      DataType::kFloat32, Bytes(std::vector<float>{65504, 65520, 1e5f, 1.0f / 3, 6e-8f, -0.0f, kNanF, -kInfF}), 8,
      DataType::kFloat16);
  // 65520 is the midpoint of 65504 and 2^16: ties to even -> overflow -> inf. 1/3 -> 1365 * 2^-12.
  EXPECT_EQ(y[0], 65504);
  EXPECT_EQ(y[1], kInf);
  EXPECT_EQ(y[2], kInf);
  EXPECT_EQ(y[3], 0.333251953125);
  EXPECT_EQ(y[4], std::ldexp(1.0, -24));
  EXPECT_TRUE(y[5] == 0 && std::signbit(y[5]));
  EXPECT_TRUE(std::isnan(y[6]));
  EXPECT_EQ(y[7], -kInf);
  const std::vector<double> back =
      CastToDoubles<uint16_t>(DataType::kFloat16, HalfBytes({0.333251953125, 65504}), 2, DataType::kFloat32);
  EXPECT_EQ(back, (std::vector<double>{0.333251953125, 65504}));
  const std::vector<double> narrow =
      CastToDoubles<double>(DataType::kFloat64, Bytes(std::vector<double>{1e300, 0.1}), 2, DataType::kFloat32);
  EXPECT_EQ(narrow, (std::vector<double>{kInf, static_cast<double>(0.1f)}));
}

// C-183: integer -> float is one RNE rounding, even for int64 -> float32 where
// int64 -> double -> float32 would round twice: 2^54 + 2^30 + 1 lies just above
// the float32 midpoint 2^54 + 2^30, so it rounds up to 2^54 + 2^31.
TEST(CastTest, IntegerToFloatRoundsOnceC183) {
  const int64_t v = (int64_t{1} << 54) + (int64_t{1} << 30) + 1;
  const std::vector<double> y =
      CastToDoubles<int64_t>(DataType::kInt64, Bytes(std::vector<int64_t>{v, 16777217}), 2, DataType::kFloat32);
  EXPECT_EQ(y[0], std::ldexp(1.0, 54) + std::ldexp(1.0, 31));
  EXPECT_EQ(y[1], 16777216.0);  // tie -> even
  const std::vector<double> u =
      CastToDoubles<uint64_t>(DataType::kUint64, Bytes(std::vector<uint64_t>{UINT64_MAX}), 1, DataType::kFloat64);
  EXPECT_EQ(u[0], std::ldexp(1.0, 64));
  const std::vector<double> h =
      CastToDoubles<int32_t>(DataType::kInt32, Bytes(std::vector<int32_t>{70000, 2049, -3}), 3, DataType::kFloat16);
  EXPECT_EQ(h, (std::vector<double>{kInf, 2048, -3}));
}

// C-182: integer -> integer keeps the low bits (two's-complement wrap).
TEST(CastTest, IntegerToIntegerWrapsC182) {
  EXPECT_EQ(CastToInts(DataType::kInt32, std::vector<int32_t>{300, -129, 127, -128}, DataType::kInt8),
            (std::vector<int64_t>{44, 127, 127, -128}));
  EXPECT_EQ(CastToInts(DataType::kInt8, std::vector<int8_t>{-1}, DataType::kUint32), (std::vector<int64_t>{4294967295}));
  EXPECT_EQ(CastToInts(DataType::kUint64, std::vector<uint64_t>{0xFFFFFFFFFFFFFF80ull}, DataType::kInt8),
            (std::vector<int64_t>{-128}));
  EXPECT_EQ(CastToInts(DataType::kUint32, std::vector<uint32_t>{4294967295u}, DataType::kInt64),
            (std::vector<int64_t>{4294967295}));
}

// C-186: to bool is "!= 0" (NaN is true, -0 is false); bool reads as 0 / 1.
TEST(CastTest, BoolConversionsC186) {
  EXPECT_EQ(CastToInts(DataType::kFloat32, std::vector<float>{0, -0.0f, kNanF, 0.1f, -3}, DataType::kBool),
            (std::vector<int64_t>{0, 0, 1, 1, 1}));
  EXPECT_EQ(CastToInts(DataType::kInt32, std::vector<int32_t>{0, 256, -1}, DataType::kBool),
            (std::vector<int64_t>{0, 1, 1}));
  EXPECT_EQ(CastToInts(DataType::kBool, std::vector<uint8_t>{0, 1}, DataType::kInt32), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(CastToDoubles<uint8_t>(DataType::kBool, {1, 0}, 2, DataType::kFloat16), (std::vector<double>{1, 0}));
}

// C-185: quant params on int8/uint8 are carried but not applied: stored values convert.
TEST(CastTest, QuantParamsAreIgnoredC185) {
  OpHarness h = CastHarness(DataType::kInt8, {0xFF}, 1, DataType::kUint8, {QP(0.5, 3)}, {QP(2, 7)});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{255}));
}

// C-184: the type input holds an OH_NN_DataType 1..12 that must name the output's type.
TEST(CastTest, TypeInputValidationC184) {
  OpHarness mismatch(NodeType::CAST);
  mismatch.Input(DataType::kFloat32, {1, 2, 2, 1}, {})
      .Input(DataType::kInt32, {}, Bytes(std::vector<int32_t>{4}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(mismatch.Infer().code(), NNRT_INVALID_MODEL);
  // ops_catalog #6 UT: FLOAT32 [1,2,2,1] -> INT32 with type value 4 succeeds; value 40 is rejected.
  OpHarness ut(NodeType::CAST);
  ut.Input(DataType::kFloat32, {1, 2, 2, 1}, {})
      .Input(DataType::kInt32, {}, Bytes(std::vector<int32_t>{4}))
      .Output(DataType::kInt32);
  EXPECT_TRUE(ut.Infer().ok());
  EXPECT_EQ(ut.OutDims(), (Dims{1, 2, 2, 1}));
  for (int64_t bad : {0, 13, 40, -1}) {
    OpHarness h(NodeType::CAST);
    h.Input(DataType::kFloat32, {1}, {}).Input(DataType::kInt64, {1}, Bytes(std::vector<int64_t>{bad})).Output(DataType::kInt32);
    EXPECT_EQ(h.Infer().code(), NNRT_INVALID_MODEL) << bad;
  }
  OpHarness float_type(NodeType::CAST);
  float_type.Input(DataType::kFloat32, {1}, {}).Input(DataType::kFloat32, {}, Bytes(std::vector<float>{4})).Output(DataType::kInt32);
  EXPECT_EQ(float_type.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness two(NodeType::CAST);
  two.Input(DataType::kFloat32, {1}, {}).Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{4, 4})).Output(DataType::kInt32);
  EXPECT_EQ(two.Infer().code(), NNRT_INVALID_MODEL);
  // Type not known at prepare time: accepted, checked by the kernel.
  OpHarness late(NodeType::CAST);
  late.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1})).Input(DataType::kInt32, {}, {}).Output(DataType::kInt32);
  EXPECT_TRUE(late.Infer().ok());
}

}  // namespace
}  // namespace nnrt

// ---- Every data type of the module's signatures (OpDef::data_types) ---------------------------
// Values exact in every type (quantized with scale 0.5, zero point 8 for uint8),
// so the same real result is expected everywhere.
namespace nnrt {
namespace {

class CastEveryDataType : public ::testing::TestWithParam<DataType> {};

// Every source type converts small non-negative integers to float32 exactly
// (bool: non-zero reads as 1).
TEST_P(CastEveryDataType, SmallIntegersConvertToFloat32) {
  const DataType t = GetParam();
  testing::OpHarness h(NodeType::CAST);
  h.Input(t, {3}, testing::EncodeAs(t, {0, 1, t == DataType::kBool ? 1.0 : 2.0}))
      .Input(DataType::kInt32, {1}, testing::Bytes(std::vector<int32_t>{DataTypeToOhnn(DataType::kFloat32)}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{0, 1, t == DataType::kBool ? 1.0 : 2.0})) << DataTypeName(t);
}

INSTANTIATE_TEST_SUITE_P(Signatures, CastEveryDataType, ::testing::ValuesIn(CastOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
