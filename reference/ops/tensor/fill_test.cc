#include "reference/ops/tensor/fill.h"

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
using testing::OpHarness;
using testing::QP;

// ops_catalog #14 [UT]: a float32 value and the shape [2,3].
TEST(FillTest, CatalogModel) {
  OpHarness h(NodeType::FILL);
  h.Input(DataType::kFloat32, {}, Bytes(std::vector<float>{2.5f}))
      .Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{2, 3}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{2, 3}));
  testing::ExpectSameValues(h.OutDoubles(), std::vector<double>(6, 2.5));
  EXPECT_TRUE(h.GuardIntact());
}

// C-658: shape values are the dims: -1 each while the shape is not known
// (prepare time), each in [1, 2^31-1]; 1-D int32/int64 only.
TEST(FillTest, ShapeValuesGiveTheDimsC658) {
  OpHarness pending(NodeType::FILL);
  pending.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
      .Input(DataType::kInt64, {3}, {})
      .Output(DataType::kFloat32);
  ASSERT_TRUE(pending.Infer().ok());
  EXPECT_EQ(pending.OutDims(), (Dims{-1, -1, -1}));
  for (int64_t bad : {int64_t{0}, int64_t{-2}, int64_t{1} << 31}) {
    OpHarness h(NodeType::FILL);
    h.Input(DataType::kFloat32, {}, Bytes(std::vector<float>{1}))
        .Input(DataType::kInt64, {2}, Bytes(std::vector<int64_t>{2, bad}))
        .Output(DataType::kFloat32);
    EXPECT_EQ(h.Infer().code(), NNRT_INVALID_INPUT) << bad;  // a model input: the run fails
  }
  OpHarness float_shape(NodeType::FILL);
  float_shape.Input(DataType::kFloat32, {}, Bytes(std::vector<float>{1}))
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{2, 3}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(float_shape.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness matrix_shape(NodeType::FILL);
  matrix_shape.Input(DataType::kFloat32, {}, Bytes(std::vector<float>{1}))
      .Input(DataType::kInt32, {1, 2}, Bytes(std::vector<int32_t>{2, 3}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(matrix_shape.Infer().code(), NNRT_INVALID_MODEL);
}

// C-659: value holds one element; y has its type and quant params; the bytes
// are copied (NaN payload, -0).
TEST(FillTest, OneValueCopiedC659) {
  OpHarness two(NodeType::FILL);
  two.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{2}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(two.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness other_type(NodeType::FILL);
  other_type.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{2}))
      .Output(DataType::kFloat16);
  EXPECT_EQ(other_type.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness payload(NodeType::FILL);
  payload.Input(DataType::kFloat32, {1, 1}, Bytes(std::vector<uint32_t>{0x7FA00007u}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{2}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(payload.Run().ok());
  const std::vector<uint8_t> want = Bytes(std::vector<uint32_t>{0x7FA00007u, 0x7FA00007u});
  const OpContext& ctx = payload.ctx();
  EXPECT_EQ(std::vector<uint8_t>(ctx.outputs[0].mutable_data, ctx.outputs[0].mutable_data + 8), want);
  OpHarness requant(NodeType::FILL);
  requant.Input(DataType::kInt8, {}, Bytes(std::vector<int8_t>{3}), {QP(0.5, 1)})
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{2}))
      .Output(DataType::kInt8, {QP(0.25, 1)});
  EXPECT_EQ(requant.Infer().code(), NNRT_UNSUPPORTED_OP);
}

class FillEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(FillEveryDataType, ValueInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, 3));
  OpHarness h(NodeType::FILL);
  h.Input(t, {}, testing::EncodeAs(t, {1}, q), q)
      .Input(DataType::kInt64, {3}, Bytes(std::vector<int64_t>{1, 2, 2}))
      .Output(t, q);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutDims(), (Dims{1, 2, 2}));
  EXPECT_EQ(h.OutReals(), std::vector<double>(4, 1.0)) << DataTypeName(t);
}

INSTANTIATE_TEST_SUITE_P(Signatures, FillEveryDataType, ::testing::ValuesIn(FillOpDef().data_types),
                         testing::DataTypeParamName);

// ops_catalog #68 [UT] and XTS model 1 (value 4.5 into a [2,3] float16 y;
// the XTS float32 shape operand is rejected, C-658).
TEST(ConstantOfShapeTest, CatalogModels) {
  OpHarness h(NodeType::CONSTANT_OF_SHAPE);
  h.Attr(Attr::Int64("dataType", 45))
      .Attr(Attr::Floats("value", {4.5f}))
      .Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{2, 3}))
      .Output(DataType::kFloat16);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{2, 3}));
  EXPECT_EQ(h.OutDoubles(), std::vector<double>(6, 4.5));
  OpHarness xts(NodeType::CONSTANT_OF_SHAPE);
  xts.Attr(Attr::Floats("value", {4.5f}))
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{2, 3}))
      .Output(DataType::kFloat16);
  EXPECT_EQ(xts.Infer().code(), NNRT_INVALID_MODEL);
}

// C-660: the output's declared type rules (dataType is not read); int8/uint8
// must be quantized.
TEST(ConstantOfShapeTest, OutputTypeRulesC660) {
  for (int64_t data_type : {int64_t{0}, int64_t{43}, int64_t{45}, int64_t{-7}}) {
    OpHarness h(NodeType::CONSTANT_OF_SHAPE);
    h.Attr(Attr::Int64("dataType", data_type))
        .Attr(Attr::Floats("value", {2.0f}))
        .Input(DataType::kInt64, {1}, Bytes(std::vector<int64_t>{2}))
        .Output(DataType::kInt32);
    ASSERT_TRUE(h.Run().ok()) << data_type;
    EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{2, 2}));
  }
  OpHarness plain_int8(NodeType::CONSTANT_OF_SHAPE);
  plain_int8.Input(DataType::kInt64, {1}, Bytes(std::vector<int64_t>{2})).Output(DataType::kInt8);
  EXPECT_EQ(plain_int8.Infer().code(), NNRT_INVALID_MODEL);
}

// C-661: no value = 0; more than one value is rejected; the float value is
// stored in y's type by PAD_FUSION's rule (C-652).
TEST(ConstantOfShapeTest, ValueInEveryTypeC661) {
  OpHarness none(NodeType::CONSTANT_OF_SHAPE);
  none.Input(DataType::kInt64, {1}, Bytes(std::vector<int64_t>{3})).Output(DataType::kFloat32);
  ASSERT_TRUE(none.Run().ok());
  testing::ExpectSameValues(none.OutDoubles(), {0, 0, 0});
  OpHarness two(NodeType::CONSTANT_OF_SHAPE);
  two.Attr(Attr::Floats("value", {1.0f, 2.0f}))
      .Input(DataType::kInt64, {1}, Bytes(std::vector<int64_t>{3}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(two.Infer().code(), NNRT_INVALID_MODEL);
  struct Row {
    DataType type;
    std::vector<QuantParam> q;
    float value;
    int64_t want;
  };
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (const Row& r : std::vector<Row>{{DataType::kInt32, {}, -2.5f, -3},
                                       {DataType::kInt32, {}, 3e9f, 2147483647},
                                       {DataType::kInt64, {}, nan, 0},
                                       {DataType::kBool, {}, nan, 0},
                                       {DataType::kBool, {}, -0.5f, 1},
                                       {DataType::kInt8, {QP(0.5, 1)}, 1.25f, 4},
                                       {DataType::kUint8, {QP(2.0, 10)}, -100.0f, 0}}) {
    OpHarness h(NodeType::CONSTANT_OF_SHAPE);
    h.Attr(Attr::Floats("value", {r.value}))
        .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{2}))
        .Output(r.type, r.q);
    ASSERT_TRUE(h.Run().ok()) << DataTypeName(r.type) << " " << r.value;
    EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{r.want, r.want})) << DataTypeName(r.type) << " " << r.value;
  }
  OpHarness half(NodeType::CONSTANT_OF_SHAPE);
  half.Attr(Attr::Floats("value", {0.1f}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{1}))
      .Output(DataType::kFloat16);
  ASSERT_TRUE(half.Run().ok());
  EXPECT_EQ(half.OutDoubles(), (std::vector<double>{HalfBitsToDouble(DoubleToHalfBits(0.1f))}));
}

class ConstantOfShapeEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(ConstantOfShapeEveryDataType, ValueInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, 3));
  OpHarness h(NodeType::CONSTANT_OF_SHAPE);
  h.Attr(Attr::Floats("value", {1.0f})).Input(DataType::kInt64, {2}, Bytes(std::vector<int64_t>{2, 1})).Output(t, q);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutDims(), (Dims{2, 1}));
  EXPECT_EQ(h.OutReals(), std::vector<double>(2, 1.0)) << DataTypeName(t);
}

INSTANTIATE_TEST_SUITE_P(Signatures, ConstantOfShapeEveryDataType,
                         ::testing::ValuesIn(ConstantOfShapeOpDef().data_types), testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
