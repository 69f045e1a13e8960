// QUANT_DTYPE_CAST: quantize, dequantize, requantize, per-axis (C-187..C-190).
#include "reference/ops/elementwise/quant_dtype_cast.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

constexpr float kNanF = std::numeric_limits<float>::quiet_NaN();
constexpr float kInfF = std::numeric_limits<float>::infinity();

std::vector<uint8_t> Int8Bytes(std::vector<int> v) {
  std::vector<uint8_t> out;
  for (int x : v) out.push_back(static_cast<uint8_t>(x));
  return out;
}

OpHarness Qdc(NodeType type = NodeType::QUANT_DTYPE_CAST) {
  OpHarness h(type);
  h.Attr(Attr::Int64("srcT", 1)).Attr(Attr::Int64("dstT", 1));
  return h;
}

// quantization_semantics 4.3: (0.5, -1): 1.25 -> 2.5 - 1 = 1.5 -> 2 (ties away); -0.25 -> -1.5 -> -2;
// 100 -> 199 -> 127; NaN -> zp; -inf -> -128; 0 -> -1.
TEST(QuantDTypeCastTest, QuantizeFloatToInt8) {
  OpHarness h = Qdc();
  h.Input(DataType::kFloat32, {6}, Bytes(std::vector<float>{1.25f, -0.25f, 100, kNanF, -kInfF, 0}))
      .Output(DataType::kInt8, {QP(0.5, -1)});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{2, -2, 127, -1, -128, -1}));
}

// 4.4: uint8 (0.1, 128) -> float32: 128 -> 0, 138 -> 10 * 0.1 = 1, 0 -> -12.8.
TEST(QuantDTypeCastTest, DequantizeUint8ToFloat) {
  OpHarness h = Qdc();
  h.Input(DataType::kUint8, {3}, {128, 138, 0}, {QP(0.1, 128)}).Output(DataType::kFloat32);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{0, 1, static_cast<double>(-12.8f)}));
  OpHarness f16 = Qdc();
  f16.Input(DataType::kInt8, {1}, {1}, {QP(0.1, 0)}).Output(DataType::kFloat16);
  ASSERT_TRUE(f16.Run().ok());
  EXPECT_EQ(f16.OutDoubles(), (std::vector<double>{0.0999755859375}));  // 0.1 rounded once to binary16
}

// 4.6: int8 (0.5, 0) -> uint8 (0.25, 128): t = 2(q) -> 1 -> 130; -64 -> 0; 127 -> 254+128 -> 255; -128 -> 0.
TEST(QuantDTypeCastTest, RequantizeInt8ToUint8) {
  OpHarness h = Qdc();
  h.Input(DataType::kInt8, {4}, Int8Bytes({1, -64, 127, -128}), {QP(0.5, 0)}).Output(DataType::kUint8, {QP(0.25, 128)});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{130, 0, 255, 0}));
}

// C-189: per-axis params along `axis` (default 0; negative counts from the end).
TEST(QuantDTypeCastTest, PerAxisQuantizeC189) {
  OpHarness a0 = Qdc();
  a0.Input(DataType::kFloat32, {2, 3}, Bytes(std::vector<float>{1, 1, 1, 1, 1, 1}))
      .Output(DataType::kInt8, {QP(0.5, 0), QP(1, 0)});
  ASSERT_TRUE(a0.Run().ok());
  EXPECT_EQ(a0.OutInts(), (std::vector<int64_t>{2, 2, 2, 1, 1, 1}));
  for (int64_t axis : {1, -1}) {
    OpHarness a1 = Qdc();
    a1.Attr(Attr::Int64("axis", axis))
        .Input(DataType::kFloat32, {2, 3}, Bytes(std::vector<float>{1, 1, 1, 1, 1, 1}))
        .Output(DataType::kInt8, {QP(1, 0), QP(0.5, 0), QP(0.25, 0)});
    ASSERT_TRUE(a1.Run().ok()) << axis;
    EXPECT_EQ(a1.OutInts(), (std::vector<int64_t>{1, 2, 4, 1, 2, 4})) << axis;
  }
}

// Per-axis dequantize along axis 1: params (1, 0), (2, 1): q=3 -> 3 and (3-1)*2 = 4.
TEST(QuantDTypeCastTest, PerAxisDequantizeC189) {
  OpHarness h = Qdc();
  h.Attr(Attr::Int64("axis", 1)).Input(DataType::kInt8, {2, 2}, {3, 3, 3, 3}, {QP(1, 0), QP(2, 1)}).Output(DataType::kFloat32);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{3, 4, 3, 4}));
}

TEST(QuantDTypeCastTest, PerAxisValidationC189) {
  OpHarness count = Qdc();
  count.Input(DataType::kFloat32, {2, 3}, {}).Output(DataType::kInt8, {QP(1, 0), QP(1, 0), QP(1, 0)});
  EXPECT_EQ(count.Infer().code(), NNRT_INVALID_MODEL);  // axis 0 has 2 entries
  OpHarness range = Qdc();
  range.Attr(Attr::Int64("axis", 2)).Input(DataType::kFloat32, {2, 3}, {}).Output(DataType::kInt8, {QP(1, 0), QP(1, 0)});
  EXPECT_EQ(range.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness both = Qdc();
  both.Input(DataType::kInt8, {2, 3}, {}, {QP(1, 0), QP(1, 0)}).Output(DataType::kInt8, {QP(1, 0), QP(1, 0), QP(1, 0)});
  EXPECT_EQ(both.Infer().code(), NNRT_INVALID_MODEL);
}

// C-188: no quant params on either side and one data type (ops_catalog #52 XTS models 1-2): a copy.
TEST(QuantDTypeCastTest, SameTypeWithoutParamsCopiesC188) {
  OpHarness h = Qdc();
  h.Attr(Attr::Int64("axis", 0)).Input(DataType::kInt32, {4}, Bytes(std::vector<int32_t>{0, 1, 1, 2})).Output(DataType::kInt32);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{0, 1, 1, 2}));
}

// C-187: the tensors decide the conversion; anything else is invalid.
TEST(QuantDTypeCastTest, UnconvertiblePairsAreInvalidC187) {
  OpHarness plain = Qdc();
  plain.Input(DataType::kFloat32, {1}, {}).Output(DataType::kInt32);
  EXPECT_EQ(plain.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness int_to_float = Qdc();
  int_to_float.Input(DataType::kInt32, {1}, {}).Output(DataType::kFloat32);
  EXPECT_EQ(int_to_float.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness quant_int32 = Qdc();
  quant_int32.Input(DataType::kFloat32, {1}, {}).Output(DataType::kInt32, {QP(1, 0)});
  EXPECT_EQ(quant_int32.Infer().code(), NNRT_INVALID_MODEL);
}

// C-190: node type 999 (QUANT_DTYPE_CAST_V2) runs the same conversion.
TEST(QuantDTypeCastTest, V2NodeTypeSharesTheKernelC190) {
  OpHarness h = Qdc(NodeType::QUANT_DTYPE_CAST_V2);
  h.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1.25f})).Output(DataType::kInt8, {QP(0.5, -1)});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{2}));
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

class QuantDTypeCastEveryDataType : public ::testing::TestWithParam<DataType> {};

// Float sources quantize to int8, quantized sources dequantize to float32;
// the real values survive both ways (scale 0.5).
TEST_P(QuantDTypeCastEveryDataType, RealValuesSurviveTheConversion) {
  const DataType t = GetParam();
  const bool from_float = IsFloatType(t);
  const DataType out = from_float ? DataType::kInt8 : DataType::kFloat32;
  const std::vector<QuantParam> qx = SignatureQuant(t);
  const std::vector<QuantParam> qy = SignatureQuant(out);
  testing::OpHarness h(NodeType::QUANT_DTYPE_CAST);
  h.Attr(Attr::Int64("srcT", DataTypeToOhnn(t))).Attr(Attr::Int64("dstT", DataTypeToOhnn(out)));
  h.Input(t, {3}, testing::EncodeAs(t, {1, -2, 0.5}, qx), qx).Output(out, qy);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{1, -2, 0.5})) << DataTypeName(t);
}

INSTANTIATE_TEST_SUITE_P(Signatures, QuantDTypeCastEveryDataType,
                         ::testing::ValuesIn(QuantDTypeCastOpDef(NodeType::QUANT_DTYPE_CAST).data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
