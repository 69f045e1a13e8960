#include "reference/ops/tensor/concat_split.h"

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

std::vector<float> Iota(size_t n, float from) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = from + static_cast<float>(i);
  return v;
}

// [2,2] ++ [2,1] along axis 1 (given as -1): rows joined.
TEST(ConcatTest, NegativeAxisJoinsRowsC602) {
  OpHarness h(NodeType::CONCAT);
  h.Attr(Attr::Int64("axis", -1))
      .Input(DataType::kFloat32, {2, 2}, Bytes(std::vector<float>{1, 2, 3, 4}))
      .Input(DataType::kFloat32, {2, 1}, Bytes(std::vector<float>{5, 6}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{2, 3}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{1, 2, 5, 3, 4, 6}));
  EXPECT_TRUE(h.GuardIntact());
}

// ops_catalog #7 [UT]: three [3,3] along axis 0 -> [9,3].
TEST(ConcatTest, ThreeInputsAxis0) {
  OpHarness h(NodeType::CONCAT);
  h.Attr(Attr::Int64("axis", 0));
  for (int i = 0; i < 3; ++i) h.Input(DataType::kFloat32, {3, 3}, Bytes(Iota(9, 10.0f * i)));
  h.Output(DataType::kFloat32);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{9, 3}));
  EXPECT_EQ(h.OutDoubles()[9], 10);
  EXPECT_EQ(h.OutDoubles()[26], 28);
}

// C-602: mismatched other dims, different ranks, axis outside [-rank, rank).
TEST(ConcatTest, MismatchesRejectedC602) {
  OpHarness dims(NodeType::CONCAT);
  dims.Attr(Attr::Int64("axis", 0))
      .Input(DataType::kFloat32, {1, 2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kFloat32, {1, 3}, Bytes(std::vector<float>{1, 2, 3}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(dims.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness rank(NodeType::CONCAT);
  rank.Attr(Attr::Int64("axis", 0))
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kFloat32, {1, 2}, Bytes(std::vector<float>{1, 2}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(rank.Infer().code(), NNRT_INVALID_MODEL);
  for (int64_t axis : {2, -3}) {
    OpHarness h(NodeType::CONCAT);
    h.Attr(Attr::Int64("axis", axis))
        .Input(DataType::kFloat32, {1, 2}, Bytes(std::vector<float>{1, 2}))
        .Input(DataType::kFloat32, {1, 2}, Bytes(std::vector<float>{1, 2}))
        .Output(DataType::kFloat32);
    EXPECT_EQ(h.Infer().code(), NNRT_INVALID_MODEL) << axis;
  }
}

// C-600: quantized inputs with params other than the output's are not
// requantized; equal params copy codes.
TEST(ConcatTest, QuantParamsMustAgreeC600) {
  OpHarness h(NodeType::CONCAT);
  h.Input(DataType::kInt8, {1}, Bytes(std::vector<int8_t>{-128}), {QP(0.5, 1)})
      .Input(DataType::kInt8, {1}, Bytes(std::vector<int8_t>{127}), {QP(0.25, 1)})
      .Output(DataType::kInt8, {QP(0.5, 1)});
  EXPECT_EQ(h.Infer().code(), NNRT_UNSUPPORTED_OP);
  OpHarness same(NodeType::CONCAT);
  same.Input(DataType::kInt8, {1}, Bytes(std::vector<int8_t>{-128}), {QP(0.5, 1)})
      .Input(DataType::kInt8, {1}, Bytes(std::vector<int8_t>{127}), {QP(0.5, 1)})
      .Output(DataType::kInt8, {QP(0.5, 1)});
  ASSERT_TRUE(same.Run().ok());
  EXPECT_EQ(same.OutInts(), (std::vector<int64_t>{-128, 127}));
}

TEST(ConcatTest, DynamicDimsAtPrepare) {
  OpHarness h(NodeType::CONCAT);
  h.Attr(Attr::Int64("axis", 1))
      .Input(DataType::kFloat32, {-1, 2}, {})
      .Input(DataType::kFloat32, {3, -1}, {})
      .Output(DataType::kFloat32);
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{3, -1}));
}

OpHarness& SplitCase(OpHarness& h, Dims x_dims, int64_t output_num, std::vector<int64_t> sizes, int64_t axis,
                     int outputs) {
  h.Attr(Attr::Int64("outputNum", output_num))
      .Attr(Attr::Int64s("sizeSplits", std::move(sizes)))
      .Attr(Attr::Int64("axis", axis));
  h.Input(DataType::kFloat32, x_dims, Bytes(Iota(static_cast<size_t>(ElementCount(x_dims).value_or(0)), 0)));
  for (int i = 0; i < outputs; ++i) h.Output(DataType::kFloat32);
  return h;
}

// ops_catalog #32 [UT]: [2,4], outputNum 2, sizeSplits [0,0] (all zero =
// equal pieces, C-603), axis 0 -> two [1,4].
TEST(SplitTest, CatalogAllZeroSizesSplitEquallyC603) {
  OpHarness h(NodeType::SPLIT);
  SplitCase(h, {2, 4}, 2, {0, 0}, 0, 2);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(0), (Dims{1, 4}));
  EXPECT_EQ(h.OutDoubles(0), (std::vector<double>{0, 1, 2, 3}));
  EXPECT_EQ(h.OutDoubles(1), (std::vector<double>{4, 5, 6, 7}));
  EXPECT_TRUE(h.GuardIntact(1));
}

// sizeSplits [1,-1] along axis -1 of [2,4]: -1 takes the rest (3).
TEST(SplitTest, MinusOneTakesTheRestC603) {
  OpHarness h(NodeType::SPLIT);
  SplitCase(h, {2, 4}, 0, {1, -1}, -1, 2);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(0), (Dims{2, 1}));
  EXPECT_EQ(h.OutDims(1), (Dims{2, 3}));
  EXPECT_EQ(h.OutDoubles(0), (std::vector<double>{0, 4}));
  EXPECT_EQ(h.OutDoubles(1), (std::vector<double>{1, 2, 3, 5, 6, 7}));
}

// C-603 / C-604: sizes not adding up, a count other than the outputs, two -1,
// an axis length that does not divide, outputNum against the outputs, axis.
TEST(SplitTest, InconsistentSizesRejectedC603) {
  const struct {
    std::vector<int64_t> sizes;
    int64_t output_num;
    int64_t axis;
    int outputs;
  } bad[] = {{{1, 2}, 0, 1, 2}, {{1, 1, 2}, 0, 1, 2}, {{-1, -1}, 0, 1, 2}, {{}, 0, 1, 3},
             {{}, 3, 1, 2},     {{2, 2}, 0, 2, 2},    {{0, 4}, 0, 1, 2}};
  for (const auto& b : bad) {
    OpHarness h(NodeType::SPLIT);
    SplitCase(h, {2, 4}, b.output_num, b.sizes, b.axis, b.outputs);
    EXPECT_EQ(h.Infer().code(), NNRT_INVALID_MODEL) << b.sizes.size() << " " << b.output_num << " " << b.axis;
  }
}

class ConcatSplitEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(ConcatSplitEveryDataType, RoundTripInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : 0));
  const std::vector<double> a = t == DataType::kBool ? std::vector<double>{1, 0} : std::vector<double>{-1, 2};
  const std::vector<double> b = t == DataType::kBool ? std::vector<double>{0, 1} : std::vector<double>{3, 0};
  OpHarness c(NodeType::CONCAT);
  c.Attr(Attr::Int64("axis", 1))
      .Input(t, {2, 1}, testing::EncodeAs(t, a, q), q)
      .Input(t, {2, 1}, testing::EncodeAs(t, b, q), q)
      .Output(t, q);
  ASSERT_TRUE(c.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(c.OutReals(), (std::vector<double>{a[0], b[0], a[1], b[1]}));
  OpHarness s(NodeType::SPLIT);
  s.Attr(Attr::Int64("axis", 0)).Input(t, {2}, testing::EncodeAs(t, a, q), q).Output(t, q).Output(t, q);
  ASSERT_TRUE(s.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(s.OutReals(1), (std::vector<double>{a[1]}));
}

INSTANTIATE_TEST_SUITE_P(Signatures, ConcatSplitEveryDataType, ::testing::ValuesIn(ConcatOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
