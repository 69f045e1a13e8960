#include "reference/ops/tensor/shape_rank.h"

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

// ops_catalog #27 [UT] input [1,2,3,1]; #98 XTS models 1 ([5] -> 1) and 2 (rank 5).
TEST(ShapeRankTest, CatalogModels) {
  OpHarness shape(NodeType::SHAPE);
  shape.Input(DataType::kFloat32, {1, 2, 3, 1}, Bytes(std::vector<float>(6, 1.0f))).Output(DataType::kInt32);
  ASSERT_TRUE(shape.Run().ok());
  EXPECT_EQ(shape.OutDims(), (Dims{4}));
  EXPECT_EQ(shape.OutInts(), (std::vector<int64_t>{1, 2, 3, 1}));
  EXPECT_TRUE(shape.GuardIntact());
  OpHarness rank1(NodeType::RANK);
  rank1.Input(DataType::kFloat32, {5}, Bytes(std::vector<float>(5, 1.0f))).Output(DataType::kInt32);
  ASSERT_TRUE(rank1.Run().ok());
  EXPECT_EQ(rank1.OutDims(), (Dims{}));
  EXPECT_EQ(rank1.OutInts(), (std::vector<int64_t>{1}));
  OpHarness rank5(NodeType::RANK);
  rank5.Input(DataType::kInt64, {1, 2, 3, 4, 5}, Bytes(std::vector<int64_t>(120, 7))).Output(DataType::kInt64);
  ASSERT_TRUE(rank5.Run().ok());
  EXPECT_EQ(rank5.OutInts(), (std::vector<int64_t>{5}));
}

// C-611: int32/int64 outputs only (the catalog tests declare FLOAT32, which
// is rejected), no quant params on y; x's quant params are irrelevant.
TEST(ShapeRankTest, OutputTypesC611) {
  for (NodeType type : {NodeType::SHAPE, NodeType::RANK}) {
    OpHarness f(type);
    f.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2})).Output(DataType::kFloat32);
    EXPECT_EQ(f.Infer().code(), NNRT_INVALID_MODEL) << NodeTypeName(type);
    OpHarness q(type);
    q.Input(DataType::kInt8, {2}, Bytes(std::vector<int8_t>{1, 2}), {QP(0.5, 1)}).Output(DataType::kInt32);
    EXPECT_TRUE(q.Run().ok()) << NodeTypeName(type);
  }
}

// C-612: SHAPE of a scalar is rejected; RANK of a scalar is 0; dynamic dims
// give the concrete dims at run time.
TEST(ShapeRankTest, ScalarAndDynamicC612) {
  OpHarness shape(NodeType::SHAPE);
  shape.Input(DataType::kFloat32, {}, Bytes(std::vector<float>{1})).Output(DataType::kInt32);
  EXPECT_EQ(shape.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness rank(NodeType::RANK);
  rank.Input(DataType::kBool, {}, std::vector<uint8_t>{1}).Output(DataType::kInt32);
  ASSERT_TRUE(rank.Run().ok());
  EXPECT_EQ(rank.OutInts(), (std::vector<int64_t>{0}));
  OpHarness dynamic(NodeType::SHAPE);
  dynamic.Input(DataType::kFloat32, {-1, 3}, {}).Output(DataType::kInt64);
  ASSERT_TRUE(dynamic.Infer().ok());
  EXPECT_EQ(dynamic.OutDims(), (Dims{2}));
}

class ShapeRankEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(ShapeRankEveryDataType, DimsOfTheInput) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, 0));
  OpHarness h(NodeType::SHAPE);
  h.Input(t, {2, 1, 3}, testing::EncodeAs(t, std::vector<double>(6, 1), q), q).Output(DataType::kInt32);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{2, 1, 3}));
  OpHarness r(NodeType::RANK);
  r.Input(t, {2, 1, 3}, testing::EncodeAs(t, std::vector<double>(6, 1), q), q).Output(DataType::kInt32);
  ASSERT_TRUE(r.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(r.OutInts(), (std::vector<int64_t>{3}));
}

INSTANTIATE_TEST_SUITE_P(Signatures, ShapeRankEveryDataType, ::testing::ValuesIn(ShapeOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
