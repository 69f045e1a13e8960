#include "reference/ops/tensor/stack.h"

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

// ops_catalog #36 [UT]: two [2] along axis 1 -> [2,2].
TEST(StackTest, CatalogAxis1) {
  OpHarness h(NodeType::STACK);
  h.Attr(Attr::Int64("axis", 1))
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{3, 4}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{2, 2}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{1, 3, 2, 4}));
  EXPECT_TRUE(h.GuardIntact());
}

// C-605: axis counted against the output rank (-1 = new last axis; -3 and
// 2 are outside for rank-1 pieces); scalars stack to a vector; shapes must match.
TEST(StackTest, AxisRangeScalarsAndShapesC605) {
  OpHarness last(NodeType::STACK);
  last.Attr(Attr::Int64("axis", -1))
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{3, 4}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(last.Run().ok());
  EXPECT_EQ(last.OutDoubles(), (std::vector<double>{1, 3, 2, 4}));
  for (int64_t axis : {2, -3}) {
    OpHarness h(NodeType::STACK);
    h.Attr(Attr::Int64("axis", axis))
        .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2}))
        .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{3, 4}))
        .Output(DataType::kFloat32);
    EXPECT_EQ(h.Infer().code(), NNRT_INVALID_MODEL) << axis;
  }
  OpHarness scalars(NodeType::STACK);
  scalars.Input(DataType::kInt32, {}, Bytes(std::vector<int32_t>{7}))
      .Input(DataType::kInt32, {}, Bytes(std::vector<int32_t>{8}))
      .Input(DataType::kInt32, {}, Bytes(std::vector<int32_t>{9}))
      .Output(DataType::kInt32);
  ASSERT_TRUE(scalars.Run().ok());
  EXPECT_EQ(scalars.OutDims(), (Dims{3}));
  EXPECT_EQ(scalars.OutInts(), (std::vector<int64_t>{7, 8, 9}));
  OpHarness shapes(NodeType::STACK);
  shapes.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kFloat32, {3}, Bytes(std::vector<float>{3, 4, 5}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(shapes.Infer().code(), NNRT_INVALID_MODEL);
}

// ops_catalog #57 XTS model 1 / 3: [[1,2],[3,4],[5,6]] axis -1 -> [1,3,5], [2,4,6].
TEST(UnstackTest, CatalogModelsC606) {
  OpHarness h(NodeType::UNSTACK);
  h.Attr(Attr::Int64("axis", -1))
      .Input(DataType::kFloat32, {3, 2}, Bytes(std::vector<float>{1, 2, 3, 4, 5, 6}))
      .Output(DataType::kFloat32)
      .Output(DataType::kFloat32);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(0), (Dims{3}));
  EXPECT_EQ(h.OutDoubles(0), (std::vector<double>{1, 3, 5}));
  EXPECT_EQ(h.OutDoubles(1), (std::vector<double>{2, 4, 6}));
  // XTS model 4 declares one output for three slices: rejected (C-606).
  OpHarness one(NodeType::UNSTACK);
  one.Attr(Attr::Int64("axis", 0))
      .Input(DataType::kFloat32, {3, 2}, Bytes(std::vector<float>{1, 2, 3, 4, 5, 6}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(one.Infer().code(), NNRT_INVALID_MODEL);
}

class StackEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(StackEveryDataType, StackAndUnstackInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : 0));
  const std::vector<double> a = t == DataType::kBool ? std::vector<double>{1, 0} : std::vector<double>{-1, 2};
  const std::vector<double> b = t == DataType::kBool ? std::vector<double>{0, 0} : std::vector<double>{3, 0};
  OpHarness s(NodeType::STACK);
  s.Attr(Attr::Int64("axis", 1))
      .Input(t, {2}, testing::EncodeAs(t, a, q), q)
      .Input(t, {2}, testing::EncodeAs(t, b, q), q)
      .Output(t, q);
  ASSERT_TRUE(s.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(s.OutReals(), (std::vector<double>{a[0], b[0], a[1], b[1]}));
  OpHarness u(NodeType::UNSTACK);
  u.Attr(Attr::Int64("axis", 0)).Input(t, {2}, testing::EncodeAs(t, a, q), q).Output(t, q).Output(t, q);
  ASSERT_TRUE(u.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(u.OutDims(1), (Dims{}));
  EXPECT_EQ(u.OutReals(1), (std::vector<double>{a[1]}));
}

INSTANTIATE_TEST_SUITE_P(Signatures, StackEveryDataType, ::testing::ValuesIn(StackOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
