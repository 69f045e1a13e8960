#include "reference/ops/tensor/broadcast_tile.h"

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

// ops_catalog #69 XTS model 1: [1,2,3] to [3,3]; [UT] [1,3] to [2,3].
TEST(BroadcastToTest, CatalogModels) {
  OpHarness h(NodeType::BROADCAST_TO);
  h.Attr(Attr::Int64s("shape", {3, 3})).Input(DataType::kFloat32, {3}, Bytes(std::vector<float>{1, 2, 3}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{3, 3}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{1, 2, 3, 1, 2, 3, 1, 2, 3}));
  EXPECT_TRUE(h.GuardIntact());
  OpHarness col(NodeType::BROADCAST_TO);
  col.Attr(Attr::Int64s("shape", {2, 3})).Input(DataType::kFloat32, {2, 1}, Bytes(std::vector<float>{1, 2}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(col.Run().ok());
  EXPECT_EQ(col.OutDoubles(), (std::vector<double>{1, 1, 1, 2, 2, 2}));
}

// C-613: -1 keeps x's dim; XTS models 2 ([3] to [2,2]) and 3 (shape [0,3])
// are rejected, as is a target dim 1 against x's 3 and a shorter shape.
TEST(BroadcastToTest, ShapeRulesC613) {
  Dims d;
  EXPECT_TRUE(BroadcastToDims({2, 1}, {4, -1, 3}, &d).ok());
  EXPECT_EQ(d, (Dims{4, 2, 3}));
  EXPECT_EQ(BroadcastToDims({3}, {2, 2}, &d).code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(BroadcastToDims({3}, {0, 3}, &d).code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(BroadcastToDims({3}, {1}, &d).code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(BroadcastToDims({2, 3}, {3}, &d).code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(BroadcastToDims({3}, {-1, 3}, &d).code(), NNRT_INVALID_MODEL);  // -1 where x has no dim
}

// ops_catalog #40 [UT]: [2,2] with multiples [2,2] (dims default [0]) -> [4,4].
TEST(TileTest, CatalogModelC614) {
  OpHarness h(NodeType::TILE_FUSION);
  h.Input(DataType::kFloat32, {2, 2}, Bytes(std::vector<float>{1, 2, 3, 4}))
      .Input(DataType::kInt64, {2}, Bytes(std::vector<int64_t>{2, 2}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{4, 4}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{1, 2, 1, 2, 3, 4, 3, 4, 1, 2, 1, 2, 3, 4, 3, 4}));
}

// C-614: more multiples than dims left-pad x; multiples < 1, fewer multiples
// than dims and a dims attribute naming a subset are rejected.
TEST(TileTest, MultiplesAndDimsC614) {
  OpHarness pad(NodeType::TILE_FUSION);
  pad.Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{5, 6}))
      .Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{2, 1}))
      .Output(DataType::kInt32);
  ASSERT_TRUE(pad.Run().ok());
  EXPECT_EQ(pad.OutDims(), (Dims{2, 2}));
  EXPECT_EQ(pad.OutInts(), (std::vector<int64_t>{5, 6, 5, 6}));
  OpHarness zero(NodeType::TILE_FUSION);
  zero.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{0}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(zero.Infer().code(), NNRT_INVALID_INPUT);  // a run-time value
  OpHarness few(NodeType::TILE_FUSION);
  few.Input(DataType::kFloat32, {1, 2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{2}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(few.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness subset(NodeType::TILE_FUSION);
  subset.Attr(Attr::Int64s("dims", {1}))
      .Input(DataType::kFloat32, {1, 2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{2, 2}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(subset.Infer().code(), NNRT_UNSUPPORTED_OP);
  OpHarness all(NodeType::TILE_FUSION);
  all.Attr(Attr::Int64s("dims", {0, 1}))
      .Input(DataType::kFloat32, {1, 2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{2, 1}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(all.Run().ok());
  EXPECT_EQ(all.OutDoubles(), (std::vector<double>{1, 2, 1, 2}));
}

class BroadcastTileEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(BroadcastTileEveryDataType, RepeatInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : 0));
  const std::vector<double> x = t == DataType::kBool ? std::vector<double>{1, 0} : std::vector<double>{-1, 2};
  OpHarness b(NodeType::BROADCAST_TO);
  b.Attr(Attr::Int64s("shape", {2, 2})).Input(t, {2}, testing::EncodeAs(t, x, q), q).Output(t, q);
  ASSERT_TRUE(b.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(b.OutReals(), (std::vector<double>{x[0], x[1], x[0], x[1]}));
  OpHarness tile(NodeType::TILE_FUSION);
  tile.Input(t, {2}, testing::EncodeAs(t, x, q), q).Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{2}))
      .Output(t, q);
  ASSERT_TRUE(tile.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(tile.OutReals(), (std::vector<double>{x[0], x[1], x[0], x[1]}));
}

INSTANTIATE_TEST_SUITE_P(Signatures, BroadcastTileEveryDataType, ::testing::ValuesIn(BroadcastToOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
