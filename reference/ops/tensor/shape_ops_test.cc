#include "reference/ops/tensor/shape_ops.h"

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

Status RunShapeOp(NodeType type, std::vector<Attr> attrs, Dims x_dims, Dims* out) {
  OpHarness h(type);
  for (Attr& a : attrs) h.Attr(std::move(a));
  const size_t n = static_cast<size_t>(ElementCount(x_dims).value_or(0));
  std::vector<float> x(n);
  for (size_t i = 0; i < n; ++i) x[i] = static_cast<float>(i);
  h.Input(DataType::kFloat32, x_dims, Bytes(x)).Output(DataType::kFloat32);
  const Status s = h.Run();
  if (s.ok()) {
    *out = h.OutDims();
    std::vector<double> expect(x.begin(), x.end());
    EXPECT_EQ(h.OutDoubles(), expect);  // element order kept
  }
  return s;
}

// C-607: always 2-D; axis default 1, 0 and rank included, negative + rank.
TEST(FlattenTest, TwoDimensionalResultC607) {
  Dims d;
  ASSERT_TRUE(RunShapeOp(NodeType::FLATTEN, {}, {3, 3}, &d).ok());  // XTS model 1 (declares [9])
  EXPECT_EQ(d, (Dims{3, 3}));
  ASSERT_TRUE(RunShapeOp(NodeType::FLATTEN, {Attr::Int64("axis", 0)}, {1, 2, 2, 1}, &d).ok());  // [UT]
  EXPECT_EQ(d, (Dims{1, 4}));
  ASSERT_TRUE(RunShapeOp(NodeType::FLATTEN, {Attr::Int64("axis", 3)}, {2, 1, 3}, &d).ok());
  EXPECT_EQ(d, (Dims{6, 1}));
  ASSERT_TRUE(RunShapeOp(NodeType::FLATTEN, {Attr::Int64("axis", -1)}, {2, 1, 3}, &d).ok());
  EXPECT_EQ(d, (Dims{2, 3}));
  EXPECT_EQ(RunShapeOp(NodeType::FLATTEN, {Attr::Int64("axis", 4)}, {2, 1, 3}, &d).code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunShapeOp(NodeType::FLATTEN, {Attr::Int64("axis", -4)}, {2, 1, 3}, &d).code(), NNRT_INVALID_MODEL);
}

// C-608: listed dims only (negative counted from the end), empty = all size-1
// dims, a listed dim of size > 1 or listed twice is rejected.
TEST(SqueezeTest, ListedOrAllSizeOneDimsC608) {
  Dims d;
  ASSERT_TRUE(RunShapeOp(NodeType::SQUEEZE, {Attr::Int64s("axis", {2})}, {3, 2, 1}, &d).ok());  // [UT]
  EXPECT_EQ(d, (Dims{3, 2}));
  ASSERT_TRUE(RunShapeOp(NodeType::SQUEEZE, {Attr::Int64s("axis", {1})}, {2, 1, 1, 2, 2}, &d).ok());
  EXPECT_EQ(d, (Dims{2, 1, 2, 2}));
  ASSERT_TRUE(RunShapeOp(NodeType::SQUEEZE, {Attr::Int64s("axis", {-3})}, {1, 1, 2, 1}, &d).ok());
  EXPECT_EQ(d, (Dims{1, 2, 1}));
  ASSERT_TRUE(RunShapeOp(NodeType::SQUEEZE, {}, {1, 3, 1, 2}, &d).ok());
  EXPECT_EQ(d, (Dims{3, 2}));
  // The catalog example's axis [0, 1] names dim 0 of size 2: rejected.
  EXPECT_EQ(RunShapeOp(NodeType::SQUEEZE, {Attr::Int64s("axis", {0, 1})}, {2, 1, 1, 2, 2}, &d).code(),
            NNRT_INVALID_MODEL);
  EXPECT_EQ(RunShapeOp(NodeType::SQUEEZE, {Attr::Int64s("axis", {1, -2})}, {2, 1, 2}, &d).code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunShapeOp(NodeType::SQUEEZE, {Attr::Int64s("axis", {3})}, {2, 1, 2}, &d).code(), NNRT_INVALID_MODEL);
}

// C-609: positions in the output; the [UT] case; several axes; none rejected.
TEST(UnsqueezeTest, OutputPositionsC609) {
  Dims d;
  ASSERT_TRUE(RunShapeOp(NodeType::UNSQUEEZE, {Attr::Int64s("axis", {1})}, {1, 5, 1}, &d).ok());
  EXPECT_EQ(d, (Dims{1, 1, 5, 1}));
  ASSERT_TRUE(RunShapeOp(NodeType::UNSQUEEZE, {Attr::Int64s("axis", {-1})}, {2, 3}, &d).ok());
  EXPECT_EQ(d, (Dims{2, 3, 1}));
  ASSERT_TRUE(RunShapeOp(NodeType::UNSQUEEZE, {Attr::Int64s("axis", {0, 3})}, {2, 3}, &d).ok());
  EXPECT_EQ(d, (Dims{1, 2, 3, 1}));
  EXPECT_EQ(RunShapeOp(NodeType::UNSQUEEZE, {Attr::Int64s("axis", {3})}, {2, 3}, &d).code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunShapeOp(NodeType::UNSQUEEZE, {}, {2, 3}, &d).code(), NNRT_INVALID_MODEL);
}

// C-610: input 1 holds one int32/int64 value in [-rank-1, rank].
TEST(ExpandDimsTest, AxisInputC610) {
  const struct {
    int32_t axis;
    Dims out;
  } ok[] = {{0, {1, 2, 3}}, {2, {2, 3, 1}}, {-1, {2, 3, 1}}, {-3, {1, 2, 3}}};
  for (const auto& c : ok) {
    OpHarness h(NodeType::EXPAND_DIMS);
    h.Input(DataType::kFloat32, {2, 3}, Bytes(std::vector<float>{1, 2, 3, 4, 5, 6}))
        .Input(DataType::kInt32, {}, Bytes(std::vector<int32_t>{c.axis}))
        .Output(DataType::kFloat32);
    ASSERT_TRUE(h.Run().ok()) << c.axis;
    EXPECT_EQ(h.OutDims(), c.out) << c.axis;
  }
  OpHarness bad(NodeType::EXPAND_DIMS);
  bad.Input(DataType::kFloat32, {2, 3}, Bytes(std::vector<float>{1, 2, 3, 4, 5, 6}))
      .Input(DataType::kInt64, {1}, Bytes(std::vector<int64_t>{3}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(bad.Infer().code(), NNRT_INVALID_INPUT);  // a run-time value
  OpHarness two(NodeType::EXPAND_DIMS);
  two.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{0, 1}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(two.Infer().code(), NNRT_INVALID_MODEL);
}

class ShapeOpsEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(ShapeOpsEveryDataType, DimsChangeValuesKept) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : 0));
  const std::vector<double> x = t == DataType::kBool ? std::vector<double>{1, 0} : std::vector<double>{-1, 2};
  for (NodeType type : {NodeType::FLATTEN, NodeType::SQUEEZE, NodeType::UNSQUEEZE, NodeType::EXPAND_DIMS}) {
    OpHarness h(type);
    if (type == NodeType::UNSQUEEZE) h.Attr(Attr::Int64s("axis", {0}));
    h.Input(t, {1, 2}, testing::EncodeAs(t, x, q), q);
    if (type == NodeType::EXPAND_DIMS) h.Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{0}));
    h.Output(t, q);
    ASSERT_TRUE(h.Run().ok()) << DataTypeName(t) << " " << NodeTypeName(type);
    EXPECT_EQ(h.OutReals(), x) << DataTypeName(t) << " " << NodeTypeName(type);
    EXPECT_TRUE(h.GuardIntact());
  }
}

INSTANTIATE_TEST_SUITE_P(Signatures, ShapeOpsEveryDataType, ::testing::ValuesIn(FlattenOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
