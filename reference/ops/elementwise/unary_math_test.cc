// Unary math node types (unary_math.cc): hand-computed expectations, the
// examples of ops_catalog (XTS models), edge values and the three data paths.
#include "reference/ops/elementwise/unary_math.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/expect_values.h"
#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::ExpectSameValues;  // NaN == NaN, -0 != +0
using testing::HalfBytes;
using testing::OpHarness;
using testing::QP;

constexpr float kInfF = std::numeric_limits<float>::infinity();
constexpr float kNanF = std::numeric_limits<float>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

double F32(double v) { return static_cast<double>(static_cast<float>(v)); }

std::vector<double> RunFloat(NodeType type, std::vector<float> x, std::vector<Attr> attrs = {}) {
  OpHarness h(type);
  for (Attr& a : attrs) h.Attr(a);
  h.Input(DataType::kFloat32, {static_cast<int32_t>(x.size())}, Bytes(x)).Output(DataType::kFloat32);
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  EXPECT_TRUE(h.GuardIntact());
  return h.OutDoubles();
}

template <typename T>
std::vector<int64_t> RunInt(NodeType type, DataType t, std::vector<T> x) {
  OpHarness h(type);
  h.Input(t, {static_cast<int32_t>(x.size())}, Bytes(x)).Output(t);
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  return h.OutInts();
}

std::vector<int64_t> RunQuant(NodeType type, DataType t, std::vector<int64_t> x, QuantParam qx, QuantParam qy,
                              std::vector<Attr> attrs = {}) {
  std::vector<uint8_t> bytes;
  for (int64_t v : x) bytes.push_back(static_cast<uint8_t>(v));
  OpHarness h(type);
  for (Attr& a : attrs) h.Attr(a);
  h.Input(t, {static_cast<int32_t>(x.size())}, bytes, {qx}).Output(t, {qy});
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  return h.OutInts();
}

// ---- Float examples from ops_catalog (XTS models) -------------------------------

TEST(UnaryMathTest, CeilAndFloorCatalogExamples) {
  ExpectSameValues(RunFloat(NodeType::CEIL, {-2.5f, -1.1f, 0, 1.1f, 2.9f}), {-2, -1, 0, 2, 3});
  ExpectSameValues(RunFloat(NodeType::CEIL, {3.5f, 4.7f, 5.1f, 6.6f}), {4, 5, 6, 7});
  ExpectSameValues(RunFloat(NodeType::FLOOR, {-2.5f, -1.1f, 0, 1.1f, 2.9f}), {-3, -2, 0, 1, 2});
  ExpectSameValues(RunFloat(NodeType::FLOOR, {3.5f, 4.7f, 5.1f, 6.6f}), {3, 4, 5, 6});
  // ceil(-0.5) = -0 (IEEE), floor(-0) = -0.
  ExpectSameValues(RunFloat(NodeType::CEIL, {-0.5f, kInfF, kNanF}), {-0.0, kInf, NAN});
  ExpectSameValues(RunFloat(NodeType::FLOOR, {-0.0f, -kInfF}), {-0.0, -kInf});
}

// C-172: ties to even (HDI IDL / OH_NN header), not the "四舍五入" of one doc.
TEST(UnaryMathTest, RoundIsHalfToEvenC172) {
  ExpectSameValues(RunFloat(NodeType::ROUND, {-2.5f, -1.5f, -0.5f, 0.5f, 1.5f, 2.5f}), {-2, -2, -0.0, 0, 2, 2});
  ExpectSameValues(RunFloat(NodeType::ROUND, {-1.7f, -3.3f, 0, 5.5f}), {-2, -3, 0, 6});
  ExpectSameValues(RunFloat(NodeType::ROUND, {kNanF, -kInfF, 8388609.0f}), {NAN, -kInf, 8388609.0});
}

TEST(UnaryMathTest, SquareCatalogExample) {
  ExpectSameValues(RunFloat(NodeType::SQUARE, {1, 0, 3, -4, -5}), {1, 0, 9, 16, 25});
  // float32 overflow rounds once to inf; -0 squared is +0.
  ExpectSameValues(RunFloat(NodeType::SQUARE, {1e20f, -0.0f, kNanF}), {kInf, 0.0, NAN});
}

TEST(UnaryMathTest, ReciprocalCatalogExamplesAndSignedZeroC176) {
  ExpectSameValues(RunFloat(NodeType::RECIPROCAL, {1, 2, 3, 4}), {1, 0.5, F32(1.0 / 3.0), 0.25});
  ExpectSameValues(RunFloat(NodeType::RECIPROCAL, {-1, -2, -4}), {-1, -0.5, -0.25});
  ExpectSameValues(RunFloat(NodeType::RECIPROCAL, {0.0f, -0.0f, kInfF, -kInfF, kNanF}), {kInf, -kInf, 0.0, -0.0, NAN});
}

TEST(UnaryMathTest, ErfCatalogExamples) {
  ExpectSameValues(RunFloat(NodeType::ERF, {0, -1, 1, 10}),
                   {0, F32(-0.8427007929497149), F32(0.8427007929497149), 1});
  ExpectSameValues(RunFloat(NodeType::ERF, {kNanF, kInfF, -kInfF, 1e20f, -1e20f}), {NAN, 1, -1, 1, -1});
  ExpectSameValues(RunFloat(NodeType::ERF, {-0.0f}), {-0.0});
}

TEST(UnaryMathTest, LogCatalogExampleAndDomainEdgesC176) {
  ExpectSameValues(RunFloat(NodeType::LOG, {1, 2, 3}), {0, F32(0.6931471805599453), F32(1.0986122886681098)});
  ExpectSameValues(RunFloat(NodeType::LOG, {0.0f, -0.0f, -1, kInfF, -kInfF, kNanF}), {-kInf, -kInf, NAN, kInf, NAN, NAN});
}

TEST(UnaryMathTest, SqrtAndRsqrtDomainEdgesC176) {
  ExpectSameValues(RunFloat(NodeType::SQRT, {4, 2, -1, -0.0f, kInfF, 0}), {2, F32(1.4142135623730951), NAN, -0.0, kInf, 0});
  ExpectSameValues(RunFloat(NodeType::RSQRT, {4, 0, -0.0f, -1, kInfF, 0.25f}), {0.5, kInf, -kInf, NAN, 0, 2});
}

TEST(UnaryMathTest, SinAndCosCatalogExamples) {
  ExpectSameValues(RunFloat(NodeType::SIN, {0, 1, 2, -0.0f, kInfF}),
                   {0, F32(0.8414709848078965), F32(0.9092974268256817), -0.0, NAN});
  ExpectSameValues(RunFloat(NodeType::COS, {0, 1, 2, kNanF}),
                   {1, F32(0.5403023058681398), F32(-0.4161468365471424), NAN});
}

TEST(UnaryMathTest, NegAndAbsFloat) {
  ExpectSameValues(RunFloat(NodeType::NEG, {1.5f, 0.0f, -0.0f, kInfF}), {-1.5, -0.0, 0.0, -kInf});
  EXPECT_TRUE(std::isnan(RunFloat(NodeType::NEG, {kNanF})[0]));
  ExpectSameValues(RunFloat(NodeType::ABS, {-3, -0.0f, -kInfF, 2.5f}), {3, 0.0, kInf, 2.5});
}

// Subnormal float32 inputs are not flushed: sqrt(2^-148) = 2^-74; 1/2^-126 = 2^126.
TEST(UnaryMathTest, SubnormalsAreKept) {
  ExpectSameValues(RunFloat(NodeType::SQRT, {std::ldexp(1.0f, -148)}), {std::ldexp(1.0, -74)});
  ExpectSameValues(RunFloat(NodeType::NEG, {std::ldexp(1.0f, -149)}), {-std::ldexp(1.0, -149)});
  ExpectSameValues(RunFloat(NodeType::RECIPROCAL, {std::ldexp(1.0f, 127)}), {std::ldexp(1.0, -127)});
}

// ---- float16 / float64: computed in binary64, rounded once --------------------------

TEST(UnaryMathTest, Float16RoundsOnceWithOverflowAndSubnormals) {
  OpHarness h(NodeType::SQRT);
  h.Input(DataType::kFloat16, {2}, HalfBytes({2, 65504})).Output(DataType::kFloat16);
  ASSERT_TRUE(h.Run().ok());
  // sqrt(2) = 1.41421356 = 1448.15 * 2^-10 -> 1448 * 2^-10; sqrt(65504) = 255.93749 lies just below the
  // midpoint 255.9375 of 255.875 and 256 (spacing 2^-3 in [128, 256)) -> 255.875.
  ExpectSameValues(h.OutDoubles(), {1.4140625, 255.875});
  OpHarness sq(NodeType::SQUARE);
  sq.Input(DataType::kFloat16, {1}, HalfBytes({300})).Output(DataType::kFloat16);
  ASSERT_TRUE(sq.Run().ok());
  ExpectSameValues(sq.OutDoubles(), {kInf});  // 90000 > 65504
  // 1/65504 = 256.125 * 2^-24 -> subnormal 256 * 2^-24 = 2^-16.
  OpHarness r(NodeType::RECIPROCAL);
  r.Input(DataType::kFloat16, {1}, HalfBytes({65504})).Output(DataType::kFloat16);
  ASSERT_TRUE(r.Run().ok());
  ExpectSameValues(r.OutDoubles(), {std::ldexp(1.0, -16)});
}

TEST(UnaryMathTest, Float64IsTheBinary64Result) {
  OpHarness h(NodeType::SQRT);
  h.Input(DataType::kFloat64, {1}, Bytes(std::vector<double>{2.0})).Output(DataType::kFloat64);
  ASSERT_TRUE(h.Run().ok());
  ExpectSameValues(h.OutDoubles(), {1.4142135623730951});
}

// ---- Integer paths (C-173, C-174) -------------------------------------------------------

TEST(UnaryMathTest, IntegerNegAbsSquareWrapC173) {
  EXPECT_EQ(RunInt(NodeType::NEG, DataType::kInt8, std::vector<int8_t>{-128, 127, 0, 5}),
            (std::vector<int64_t>{-128, -127, 0, -5}));
  EXPECT_EQ(RunInt(NodeType::NEG, DataType::kInt32, std::vector<int32_t>{INT32_MIN, 7}),
            (std::vector<int64_t>{INT32_MIN, -7}));
  EXPECT_EQ(RunInt(NodeType::NEG, DataType::kUint8, std::vector<uint8_t>{1, 0}), (std::vector<int64_t>{255, 0}));
  EXPECT_EQ(RunInt(NodeType::ABS, DataType::kInt64, std::vector<int64_t>{INT64_MIN, -7, 9}),
            (std::vector<int64_t>{INT64_MIN, 7, 9}));
  EXPECT_EQ(RunInt(NodeType::ABS, DataType::kUint8, std::vector<uint8_t>{200}), (std::vector<int64_t>{200}));
  // 46341^2 = 2147488281 = 2^31 + 4633 -> wraps to -2147479015.
  EXPECT_EQ(RunInt(NodeType::SQUARE, DataType::kInt32, std::vector<int32_t>{46341, -3}),
            (std::vector<int64_t>{-2147479015, 9}));
  // int8: 16^2 = 256 -> 0; (-12)^2 = 144 -> -112.
  EXPECT_EQ(RunInt(NodeType::SQUARE, DataType::kInt8, std::vector<int8_t>{16, -12}), (std::vector<int64_t>{0, -112}));
  EXPECT_EQ(RunInt(NodeType::NEG, DataType::kInt64, std::vector<int64_t>{INT64_MIN, INT64_MAX}),
            (std::vector<int64_t>{INT64_MIN, -INT64_MAX}));
}

TEST(UnaryMathTest, IntegerCeilFloorRoundAreIdentityC174) {
  for (NodeType t : {NodeType::CEIL, NodeType::FLOOR, NodeType::ROUND}) {
    EXPECT_EQ(RunInt(t, DataType::kInt32, std::vector<int32_t>{5, -7, INT32_MIN}),
              (std::vector<int64_t>{5, -7, INT32_MIN}));
  }
}

TEST(UnaryMathTest, TypeRejectionsC175) {
  for (NodeType t : {NodeType::LOG, NodeType::SQRT, NodeType::RSQRT, NodeType::ERF, NodeType::SIN, NodeType::COS,
                     NodeType::RECIPROCAL, NodeType::EXPFUSION}) {
    OpHarness h(t);
    h.Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{1})).Output(DataType::kInt32);
    EXPECT_EQ(h.Infer().code(), NNRT_UNSUPPORTED_OP) << NodeTypeName(t);
  }
  OpHarness abs64(NodeType::ABS);
  abs64.Input(DataType::kUint64, {1}, Bytes(std::vector<uint64_t>{1})).Output(DataType::kUint64);
  EXPECT_EQ(abs64.Infer().code(), NNRT_UNSUPPORTED_OP);
  OpHarness mixed(NodeType::SQRT);
  mixed.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1})).Output(DataType::kFloat16);
  EXPECT_EQ(mixed.Infer().code(), NNRT_UNSUPPORTED_OP);
  OpHarness boolean(NodeType::NEG);
  boolean.Input(DataType::kBool, {1}, {1}).Output(DataType::kBool);
  EXPECT_EQ(boolean.Infer().code(), NNRT_UNSUPPORTED_OP);
  OpHarness attr(NodeType::SQRT);
  attr.Attr(Attr::Float("alpha", 1)).Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1})).Output(DataType::kFloat32);
  EXPECT_EQ(attr.Infer().code(), NNRT_INVALID_MODEL);
}

TEST(UnaryMathTest, ShapeInferenceKeepsDimsIncludingDynamic) {
  OpHarness h(NodeType::LOG);
  h.Input(DataType::kFloat32, {2, -1, 3}, {}).Output(DataType::kFloat32);
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{2, -1, 3}));
  OpHarness scalar(NodeType::SIN);
  scalar.Input(DataType::kFloat32, {}, Bytes(std::vector<float>{0})).Output(DataType::kFloat32);
  ASSERT_TRUE(scalar.Run().ok());
  EXPECT_EQ(scalar.OutDims(), Dims{});
  EXPECT_EQ(scalar.OutDoubles(), std::vector<double>{0});
}

// ---- Quantized tables (quantization_semantics 4.9), spot-checked by hand ---------------------

// int8 in (0.25, 0), out (1/16, 0): q=4 -> ln 1 = 0; q=8 -> ln 2 / 0.0625 = 11.09 -> 11;
// q=0 -> ln 0 = -inf -> -128; q=-4 -> ln(-1) = NaN -> zp 0; q=127 -> ln 31.75 / 0.0625 = 55.33 -> 55.
TEST(UnaryMathTest, QuantizedLogTable) {
  EXPECT_EQ(RunQuant(NodeType::LOG, DataType::kInt8, {4, 8, 0, -4, 127}, QP(0.25, 0), QP(1.0 / 16, 0)),
            (std::vector<int64_t>{0, 11, -128, 0, 55}));
}

// uint8 in (0.5, 100), out (0.1, 0): q=102 -> 1 -> 10; q=108 -> 2 -> 20; q=99 -> sqrt(-0.5) = NaN -> 0;
// q=255 -> sqrt(77.5) = 8.8034 -> 88.03 -> 88.
TEST(UnaryMathTest, QuantizedSqrtTableUint8) {
  EXPECT_EQ(RunQuant(NodeType::SQRT, DataType::kUint8, {102, 108, 99, 255}, QP(0.5, 100), QP(0.1, 0)),
            (std::vector<int64_t>{10, 20, 0, 88}));
}

// int8 in (0.5, 0), out (1, 0): 0.5 -> 0, 1.5 -> 2, 2.5 -> 2, -1.5 -> -2, -0.5 -> 0 (C-172 inside the table).
TEST(UnaryMathTest, QuantizedRoundTable) {
  EXPECT_EQ(RunQuant(NodeType::ROUND, DataType::kInt8, {1, 3, 5, -3, -1}, QP(0.5, 0), QP(1, 0)),
            (std::vector<int64_t>{0, 2, 2, -2, 0}));
}

// int8 in (0.1, 0), out (0.5, -128): q=0 -> e^0/0.5 = 2 -> -126; q=30 -> e^3 = 20.0855 -> 40.17 -> -88;
// q=127 -> e^12.7 saturates to 127; q=-128 -> e^-12.8 -> -128.
TEST(UnaryMathTest, QuantizedExpTable) {
  EXPECT_EQ(RunQuant(NodeType::EXPFUSION, DataType::kInt8, {0, 30, 127, -128}, QP(0.1, 0), QP(0.5, -128)),
            (std::vector<int64_t>{-126, -88, 127, -128}));
}

// Linear ops through the table: NEG int8 (1, 0) -> (1, 0): -(-128) = 128 saturates to 127.
TEST(UnaryMathTest, QuantizedNegSaturates) {
  EXPECT_EQ(RunQuant(NodeType::NEG, DataType::kInt8, {-128, 5, 0}, QP(1, 0), QP(1, 0)),
            (std::vector<int64_t>{127, -5, 0}));
}

// ---- EXPFUSION (ops_catalog #60, C-177) -------------------------------------------------

TEST(UnaryMathTest, ExpDefaultsAreNaturalBaseCatalogExample) {
  ExpectSameValues(RunFloat(NodeType::EXPFUSION, {0, 1, 2}), {1, F32(2.718281828459045), F32(7.38905609893065)});
  ExpectSameValues(RunFloat(NodeType::EXPFUSION, {-kInfF, kInfF, kNanF, -0.0f}), {0, kInf, NAN, 1});
}

TEST(UnaryMathTest, ExpBaseScaleShiftC177) {
  // 2^(1 + 1.5x): x=1 -> 2^2.5 = 5.656854249492381, x=2 -> 16, x=3 -> 2^5.5 = 45.254833995939045.
  ExpectSameValues(RunFloat(NodeType::EXPFUSION, {1, 2, 3},
                            {Attr::Float("base", 2), Attr::Float("scale", 1.5f), Attr::Float("shift", 1)}),
                   {F32(5.656854249492381), 16, F32(45.254833995939045)});
  ExpectSameValues(RunFloat(NodeType::EXPFUSION, {2, -1}, {Attr::Float("base", 10)}), {100, F32(0.1)});
  // e^(1 + 2*0) = e.
  ExpectSameValues(RunFloat(NodeType::EXPFUSION, {0},
                            {Attr::Float("base", -1), Attr::Float("scale", 2), Attr::Float("shift", 1)}),
                   {F32(2.718281828459045)});
  // XTS model 1: base 1 -> all 1; but a NaN exponent stays NaN (C-177).
  ExpectSameValues(RunFloat(NodeType::EXPFUSION, {1, 5, kNanF}, {Attr::Float("base", 1), Attr::Float("scale", 1.5f)}),
                   {1, 1, NAN});
}

TEST(UnaryMathTest, ExpRejectsBaseZeroNegativeAndNonFiniteC177) {
  for (float base : {0.0f, -2.0f, -0.5f, kNanF, kInfF}) {
    OpHarness h(NodeType::EXPFUSION);
    h.Attr(Attr::Float("base", base)).Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1})).Output(DataType::kFloat32);
    EXPECT_EQ(h.Infer().code(), NNRT_INVALID_MODEL) << base;
  }
  OpHarness scale(NodeType::EXPFUSION);
  scale.Attr(Attr::Float("scale", kInfF)).Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1})).Output(DataType::kFloat32);
  EXPECT_EQ(scale.Infer().code(), NNRT_INVALID_MODEL);
}

}  // namespace
}  // namespace nnrt

// ---- Every data type of the module's signatures (OpDef::data_types) ---------------------------
// Values exact in every type (quantized with scale 0.5, zero point 8 for uint8),
// so the same real result is expected everywhere.
namespace nnrt {
namespace {

std::vector<QuantParam> SignatureQuant(DataType t) {
  return testing::QuantFor(t, testing::QP(0.5, t == DataType::kUint8 ? 8 : 0));
}

bool IsUnsignedPlain(DataType t) {
  return t == DataType::kUint16 || t == DataType::kUint32 || t == DataType::kUint64;
}

class AbsEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(AbsEveryDataType, MagnitudesOfSmallIntegers) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = SignatureQuant(t);
  const std::vector<double> x = IsUnsignedPlain(t) ? std::vector<double>{0, 1, 3, 2} : std::vector<double>{0, -1, 3, -2};
  testing::OpHarness h(NodeType::ABS);
  h.Input(t, {4}, testing::EncodeAs(t, x, q), q).Output(t, q);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{0, 1, 3, 2})) << DataTypeName(t);
}

INSTANTIATE_TEST_SUITE_P(Signatures, AbsEveryDataType, ::testing::ValuesIn(UnaryMathOpDef(NodeType::ABS).data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
