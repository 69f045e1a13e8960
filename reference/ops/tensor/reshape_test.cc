#include "reference/ops/tensor/reshape.h"

#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

OpHarness Reshape(Dims x_dims, std::vector<int32_t> shape) {
  std::vector<float> x;
  const auto n = ElementCount(x_dims);
  for (int64_t i = 0; i < (n ? *n : 0); ++i) x.push_back(static_cast<float>(i));
  OpHarness h(NodeType::RESHAPE);
  h.Input(DataType::kFloat32, x_dims, IsDynamic(x_dims) ? std::vector<uint8_t>{} : Bytes(x))
      .Input(DataType::kInt32, {static_cast<int32_t>(shape.size())}, Bytes(shape))
      .Output(DataType::kFloat32);
  return h;
}

TEST(ReshapeTest, MinusOneInfersTheRemainingDim) {
  OpHarness h = Reshape({2, 3}, {3, -1});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{3, 2}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{0, 1, 2, 3, 4, 5}));
}

// C-60: 0 copies the input dim at the same index.
TEST(ReshapeTest, ZeroCopiesTheInputDim) {
  OpHarness h = Reshape({2, 3, 4}, {0, -1});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{2, 12}));
}

TEST(ReshapeTest, Int64ShapeAndScalarTarget) {
  OpHarness h(NodeType::RESHAPE);
  h.Input(DataType::kInt8, {1, 1}, {7}, {QP(0.5, 1)})
      .Input(DataType::kInt64, {0}, {})
      .Output(DataType::kInt8, {QP(0.5, 1)});
  // An empty shape tensor has no bytes: the harness passes no data, so it is a run-time shape.
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), Dims{});
  OpHarness g(NodeType::RESHAPE);
  g.Input(DataType::kInt8, {2, 2}, {1, 2, 3, 4})
      .Input(DataType::kInt64, {1}, Bytes(std::vector<int64_t>{4}))
      .Output(DataType::kInt8);
  ASSERT_TRUE(g.Run().ok());
  EXPECT_EQ(g.OutDims(), (Dims{4}));
  EXPECT_EQ(g.OutInts(), (std::vector<int64_t>{1, 2, 3, 4}));
}

TEST(ReshapeTest, RuntimeShapeGivesUnknownDimsAtPrepareTime) {
  OpHarness h(NodeType::RESHAPE);
  h.Input(DataType::kFloat32, {2, 3}, {}).Input(DataType::kInt32, {2}, {}).Output(DataType::kFloat32);
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{-1, -1}));
}

TEST(ReshapeTest, UnknownInputDimsPropagate) {
  OpHarness h = Reshape({-1, 4}, {-1, 2});
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{-1, 2}));
  OpHarness z = Reshape({-1, 4}, {0, 2, 2});
  ASSERT_TRUE(z.Infer().ok());
  EXPECT_EQ(z.OutDims(), (Dims{-1, 2, 2}));
}

TEST(ReshapeTest, RejectsMalformedShapes) {
  EXPECT_EQ(Reshape({2, 3}, {-1, -1}).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(Reshape({2, 3}, {4, 2}).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(Reshape({2, 3}, {4, -1}).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(Reshape({2, 3}, {-2, -3}).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(Reshape({6}, {0, 6}).Infer().code(), NNRT_INVALID_MODEL);  // 0 beyond the input rank
  EXPECT_EQ(Reshape({6}, {6, 0}).Infer().code(), NNRT_INVALID_MODEL);
}

TEST(ReshapeTest, RuntimeShapeErrorsAreInvalidInput) {
  Dims out;
  EXPECT_EQ(ResolveReshape({2, 3}, {5}, NNRT_INVALID_INPUT, &out).code(), NNRT_INVALID_INPUT);
  ASSERT_TRUE(ResolveReshape({2, 3}, {1, 6, 1}, NNRT_INVALID_INPUT, &out).ok());
  EXPECT_EQ(out, (Dims{1, 6, 1}));
}

TEST(ReshapeTest, RejectsBadShapeTensorAndTypes) {
  OpHarness f(NodeType::RESHAPE);
  f.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{2}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(f.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness r(NodeType::RESHAPE);
  r.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kInt32, {1, 1}, Bytes(std::vector<int32_t>{2}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(r.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness t(NodeType::RESHAPE);
  t.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{2}))
      .Output(DataType::kFloat16);
  EXPECT_EQ(t.Infer().code(), NNRT_INVALID_MODEL);
  // C-61: different quant params would need requantization.
  OpHarness q(NodeType::RESHAPE);
  q.Input(DataType::kInt8, {2}, {1, 2}, {QP(1, 0)})
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{2}))
      .Output(DataType::kInt8, {QP(2, 0)});
  EXPECT_EQ(q.Infer().code(), NNRT_UNSUPPORTED_OP);
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

class ReshapeEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(ReshapeEveryDataType, BytesAreCopiedUnderTheNewShape) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = SignatureQuant(t);
  testing::OpHarness h(NodeType::RESHAPE);
  h.Input(t, {4}, testing::EncodeAs(t, {1, -2, 3, 0}, q), q)
      .Input(DataType::kInt64, {2}, testing::Bytes(std::vector<int64_t>{2, 2}))
      .Output(t, q);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutDims(), (Dims{2, 2}));
  EXPECT_EQ(h.OutReals(), (std::vector<double>{1, -2, 3, 0})) << DataTypeName(t);
}

INSTANTIATE_TEST_SUITE_P(Signatures, ReshapeEveryDataType, ::testing::ValuesIn(ReshapeOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
