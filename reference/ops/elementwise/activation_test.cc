#include "reference/ops/elementwise/activation.h"

#include <cmath>
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

OpHarness FloatActivation(int8_t type, std::vector<float> x) {
  OpHarness h(NodeType::ACTIVATION);
  h.Attr(Attr::Int8("activationType", type))
      .Input(DataType::kFloat32, {static_cast<int32_t>(x.size())}, Bytes(x))
      .Output(DataType::kFloat32);
  return h;
}

OpHarness QuantActivation(int8_t type, DataType t, std::vector<int64_t> x, QuantParam qx, QuantParam qy) {
  std::vector<uint8_t> bytes;
  for (int64_t v : x) bytes.push_back(static_cast<uint8_t>(v));
  OpHarness h(NodeType::ACTIVATION);
  h.Attr(Attr::Int8("activationType", type))
      .Input(t, {static_cast<int32_t>(x.size())}, bytes, {qx})
      .Output(t, {qy});
  return h;
}

TEST(ActivationTest, FloatReluAndRelu6) {
  OpHarness r = FloatActivation(1, {-2.5f, 0, 3.25f, 100});
  ASSERT_TRUE(r.Run().ok());
  EXPECT_EQ(r.OutDoubles(), (std::vector<double>{0, 0, 3.25, 100}));
  OpHarness r6 = FloatActivation(3, {-2.5f, 0, 3.25f, 100});
  ASSERT_TRUE(r6.Run().ok());
  EXPECT_EQ(r6.OutDoubles(), (std::vector<double>{0, 0, 3.25, 6}));
}

// C-44: NaN propagates, -0 is kept.
TEST(ActivationTest, FloatReluKeepsNanAndNegativeZero) {
  OpHarness r = FloatActivation(1, {std::numeric_limits<float>::quiet_NaN(), -0.0f});
  ASSERT_TRUE(r.Run().ok());
  EXPECT_TRUE(std::isnan(r.OutDoubles()[0]));
  EXPECT_TRUE(std::signbit(r.OutDoubles()[1]));
}

// Known values: sigmoid(0) = 0.5, sigmoid(1) = 0.7310585786300049, tanh(0.5) = 0.46211715726000974,
// each rounded once to float32.
TEST(ActivationTest, FloatSigmoidAndTanh) {
  OpHarness s = FloatActivation(2, {0, 1, -1000, 1000});
  ASSERT_TRUE(s.Run().ok());
  EXPECT_EQ(s.OutDoubles(),
            (std::vector<double>{0.5, static_cast<double>(static_cast<float>(0.7310585786300049)), 0.0, 1.0}));
  OpHarness t = FloatActivation(10, {0.5f, -0.5f, 0});
  ASSERT_TRUE(t.Run().ok());
  const double tanh_half = static_cast<double>(static_cast<float>(0.46211715726000974));
  EXPECT_EQ(t.OutDoubles(), (std::vector<double>{tanh_half, -tanh_half, 0.0}));
}

TEST(ActivationTest, Float16Relu6) {
  OpHarness h(NodeType::ACTIVATION);
  h.Attr(Attr::Int8("activationType", 3)).Input(DataType::kFloat16, {3}, HalfBytes({-1, 5.5, 65504})).Output(DataType::kFloat16);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{0, 5.5, 6}));
}

// Equal params: RELU clamps at max(qmin, zp) and keeps every other code.
TEST(ActivationTest, QuantizedReluEqualParams) {
  OpHarness h = QuantActivation(1, DataType::kInt8, {-128, -6, -5, 0, 127}, QP(0.5, -5), QP(0.5, -5));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{-5, -5, -5, 0, 127}));
}

// RELU6 with scale 0.1, zp 0: Q(6) = 60.
TEST(ActivationTest, QuantizedRelu6ClampsAtQOfSix) {
  OpHarness h = QuantActivation(3, DataType::kInt8, {70, -3, 30, 60}, QP(0.1, 0), QP(0.1, 0));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{60, 0, 30, 60}));
}

// Different params: requantize with M = s_in/s_out = 2, then clamp.
TEST(ActivationTest, QuantizedReluRequantizes) {
  OpHarness h = QuantActivation(1, DataType::kUint8, {131, 100, 200}, QP(0.5, 128), QP(0.25, 0));
  ASSERT_TRUE(h.Run().ok());
  // (131-128)*2 = 6; (100-128)*2 = -56 -> 0; (200-128)*2 = 144.
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{6, 0, 144}));
}

// Table entries Q_out(f(DQ_in(q))): input s 0.1 zp 0; output s 1/256 zp -128.
// q=0: 0.5*256 = 128 -> 0; q=10: sigmoid(1)*256 = 187.15 -> 59; q=127: 255.99 -> 128 -> 127; q=-128: 0.0007 -> -128.
TEST(ActivationTest, QuantizedSigmoidUsesTable) {
  OpHarness h = QuantActivation(2, DataType::kInt8, {0, 10, 127, -128}, QP(0.1, 0), QP(1.0 / 256, -128));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{0, 59, 127, -128}));
}

// uint8 tanh: input s 0.05 zp 128, output s 1/128 zp 128. q=148: tanh(1)*128 = 97.48 -> 225.
TEST(ActivationTest, QuantizedTanhUint8) {
  OpHarness h = QuantActivation(10, DataType::kUint8, {128, 148, 108, 255, 0}, QP(0.05, 128), QP(1.0 / 128, 128));
  ASSERT_TRUE(h.Run().ok());
  // q=108: -97.48 + 128 = 30.52 -> 31; q=255: tanh(6.35)*128 = 127.9995 -> 256 -> 255; q=0: tanh(-6.4) -> 0.
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{128, 225, 31, 255, 0}));
}

TEST(ActivationTest, BuildQuantTableHas256Entries) {
  ActivationAttrs p;
  const std::vector<int64_t> table = BuildQuantTable(FindActivationImpl(ActivationType::kTanh)->fn, p, DataType::kInt8,
                                                     QP(0.05, 0), DataType::kInt8, QP(1.0 / 128, 0));
  ASSERT_EQ(table.size(), 256u);
  EXPECT_EQ(table[128], 0);     // q = 0
  EXPECT_EQ(table[0], -128);    // tanh(-6.4)*128 = -127.9996 -> -128
  EXPECT_EQ(table[255], 127);   // saturates
}

// C-46: unimplemented types are unsupported; NO_ACTIVATION, UNKNOWN and out-of-enum values are invalid.
TEST(ActivationTest, ActivationTypeValidation) {
  // Every valid type is either implemented or reported unsupported (never invalid).
  for (int8_t type = 1; type <= 19; ++type) {
    const NNRT_ReturnCode code = FloatActivation(type, {1}).Infer().code();
    if (FindActivationImpl(static_cast<ActivationType>(type)) == nullptr) {
      EXPECT_EQ(code, NNRT_UNSUPPORTED_OP) << int(type);
    } else {
      EXPECT_NE(code, NNRT_UNSUPPORTED_OP) << int(type);
      EXPECT_NE(code, NNRT_INVALID_MODEL) << int(type);
    }
  }
  EXPECT_EQ(FloatActivation(0, {1}).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(FloatActivation(20, {1}).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(FloatActivation(25, {1}).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(FloatActivation(-1, {1}).Infer().code(), NNRT_INVALID_MODEL);
  OpHarness missing(NodeType::ACTIVATION);
  missing.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1})).Output(DataType::kFloat32);
  EXPECT_EQ(missing.Infer().code(), NNRT_INVALID_MODEL);
}

TEST(ActivationTest, PlainIntegerAndMismatchedTypesAreUnsupported) {
  OpHarness i(NodeType::ACTIVATION);
  i.Attr(Attr::Int8("activationType", 1)).Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{1})).Output(DataType::kInt32);
  EXPECT_EQ(i.Infer().code(), NNRT_UNSUPPORTED_OP);
  OpHarness m(NodeType::ACTIVATION);
  m.Attr(Attr::Int8("activationType", 1)).Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1})).Output(DataType::kFloat16);
  EXPECT_EQ(m.Infer().code(), NNRT_UNSUPPORTED_OP);
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

class ActivationAbsEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(ActivationAbsEveryDataType, MagnitudesOfSmallIntegers) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = SignatureQuant(t);
  testing::OpHarness h(NodeType::ACTIVATION);
  h.Attr(Attr::Int8("activationType", static_cast<int8_t>(ActivationType::kAbs)));
  h.Input(t, {4}, testing::EncodeAs(t, {-1, 2, 0, -3}, q), q).Output(t, q);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{1, 2, 0, 3})) << DataTypeName(t);
}

INSTANTIATE_TEST_SUITE_P(Signatures, ActivationAbsEveryDataType, ::testing::ValuesIn(ActivationOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
