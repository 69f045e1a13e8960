#include "reference/ops/tensor/all_assert.h"

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

OpHarness All(Dims x_dims, std::vector<uint8_t> x, std::vector<int64_t> axes, int64_t keep, bool axes_known = true) {
  OpHarness h(NodeType::ALL);
  h.Attr(Attr::Int64("keepDims", keep)).Input(DataType::kBool, std::move(x_dims), std::move(x));
  const Dims axis_dims = {static_cast<int32_t>(axes.size())};
  h.Input(DataType::kInt64, axis_dims, axes_known ? Bytes(axes) : std::vector<uint8_t>{});
  h.Output(DataType::kBool);
  return h;
}

// ops_catalog #77 XTS model 2 ([[T,F,T],[T,T,T]], axis [1], keepDims 1 ->
// [[F],[T]]) and model 3 ([2,2,2] all true, every axis).
TEST(AllTest, CatalogModels) {
  OpHarness m2 = All({2, 3}, {1, 0, 1, 1, 1, 1}, {1}, 1);
  ASSERT_TRUE(m2.Run().ok());
  EXPECT_EQ(m2.OutDims(), (Dims{2, 1}));
  EXPECT_EQ(m2.OutInts(), (std::vector<int64_t>{0, 1}));
  EXPECT_TRUE(m2.GuardIntact());
  OpHarness m3 = All({2, 2, 2}, std::vector<uint8_t>(8, 1), {0, 1, 2}, 1);
  ASSERT_TRUE(m3.Run().ok());
  EXPECT_EQ(m3.OutDims(), (Dims{1, 1, 1}));
  EXPECT_EQ(m3.OutInts(), (std::vector<int64_t>{1}));
}

// C-665: bool only, keepDims 0 or 1, axes as REDUCE_FUSION (negative, out of
// range rejected, run-time axes give -1 dims with keepDims).
TEST(AllTest, TypesKeepDimsAndAxesC665) {
  OpHarness keep_two = All({2}, {1, 1}, {0}, 2);
  EXPECT_EQ(keep_two.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness floats(NodeType::ALL);
  floats.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 0}))
      .Input(DataType::kInt64, {1}, Bytes(std::vector<int64_t>{0}))
      .Output(DataType::kBool);
  EXPECT_EQ(floats.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness out_of_range = All({2, 2}, {1, 1, 1, 1}, {2}, 0);
  const Status s = out_of_range.Infer();
  EXPECT_EQ(s.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(s.message().find("ALL"), std::string::npos) << s.message();
  OpHarness negative = All({2, 2}, {1, 0, 1, 1}, {-2}, 0);
  ASSERT_TRUE(negative.Run().ok());
  EXPECT_EQ(negative.OutInts(), (std::vector<int64_t>{1, 0}));
  OpHarness pending = All({2, 3}, std::vector<uint8_t>(6, 1), {1}, 1, false);
  ASSERT_TRUE(pending.Infer().ok());
  EXPECT_EQ(pending.OutDims(), (Dims{-1, -1}));
}

// C-666: a reduction, not an element-wise non-zero test; any non-zero byte is
// true (C-293).
TEST(AllTest, ReductionOfNonZeroBytesC666) {
  OpHarness h = All({2, 2}, {2, 255, 0, 7}, {1}, 0);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{2}));
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{1, 0}));
}

class AllEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(AllEveryDataType, ReducesInTheType) {
  const DataType t = GetParam();
  OpHarness h(NodeType::ALL);
  h.Input(t, {2, 2}, testing::EncodeAs(t, {1, 1, 0, 1})).Input(DataType::kInt32, {}, Bytes(std::vector<int32_t>{1}));
  h.Output(t);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{1, 0})) << DataTypeName(t);
}

INSTANTIATE_TEST_SUITE_P(Signatures, AllEveryDataType, ::testing::ValuesIn(AllOpDef().data_types),
                         testing::DataTypeParamName);

OpHarness Assert(bool condition, DataType t, Dims dims, std::vector<uint8_t> data, int64_t summarize,
                 std::vector<QuantParam> q = {}) {
  OpHarness h(NodeType::ASSERT);
  h.Attr(Attr::Int64("summarize", summarize))
      .Input(DataType::kBool, {1}, {static_cast<uint8_t>(condition ? 1 : 0)})
      .Input(t, std::move(dims), std::move(data), q)
      .Output(t, q);
  return h;
}

// ops_catalog #78 XTS models in the documents' input order: model 1 (false,
// summarize 3) fails the run listing 1, 2, 3; model 2 (true) passes data.
TEST(AssertTest, CatalogModels) {
  OpHarness m1 = Assert(false, DataType::kInt64, {2, 3}, Bytes(std::vector<int64_t>{1, 2, 3, 4, 5, 6}), 3);
  const Status s = m1.Run();
  EXPECT_EQ(s.code(), NNRT_INVALID_INPUT);
  EXPECT_NE(s.message().find("first 3 of 6 entries: [1, 2, 3]"), std::string::npos) << s.message();
  OpHarness m2 = Assert(true, DataType::kInt64, {2, 3}, Bytes(std::vector<int64_t>{7, 8, 9, 10, 11, 12}), 2);
  ASSERT_TRUE(m2.Run().ok());
  EXPECT_EQ(m2.OutDims(), (Dims{2, 3}));
  EXPECT_EQ(m2.OutInts(), (std::vector<int64_t>{7, 8, 9, 10, 11, 12}));
  EXPECT_TRUE(m2.GuardIntact());
}

// C-667: condition first, one bool element; the XTS order (data first) is
// rejected because data is not bool.
TEST(AssertTest, ConditionOperandC667) {
  OpHarness xts_order(NodeType::ASSERT);
  xts_order.Input(DataType::kInt64, {2}, Bytes(std::vector<int64_t>{1, 2}))
      .Input(DataType::kBool, {1}, {1})
      .Output(DataType::kInt64);
  EXPECT_EQ(xts_order.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness two(NodeType::ASSERT);
  two.Input(DataType::kBool, {2}, {1, 1}).Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{1}));
  two.Output(DataType::kInt32);
  EXPECT_EQ(two.Infer().code(), NNRT_INVALID_MODEL);
}

// C-668: summarize >= 0 (0 lists no entry, more than the data lists all);
// false fails at run time only, even for a constant condition.
TEST(AssertTest, SummarizeAndFailureC668) {
  EXPECT_EQ(Assert(true, DataType::kInt32, {1}, Bytes(std::vector<int32_t>{1}), -1).Infer().code(),
            NNRT_INVALID_MODEL);
  OpHarness none = Assert(false, DataType::kFloat32, {2}, Bytes(std::vector<float>{1.5f, -2}), 0);
  ASSERT_TRUE(none.Infer().ok());
  const Status s0 = none.Run();
  EXPECT_EQ(s0.code(), NNRT_INVALID_INPUT);
  EXPECT_NE(s0.message().find("first 0 of 2 entries: []"), std::string::npos) << s0.message();
  OpHarness all = Assert(false, DataType::kFloat32, {2}, Bytes(std::vector<float>{1.5f, -2}), 9);
  EXPECT_NE(all.Run().message().find("[1.5, -2]"), std::string::npos);
}

class AssertEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(AssertEveryDataType, TrueConditionCopiesData) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, 3));
  OpHarness h = Assert(true, t, {3}, testing::EncodeAs(t, {1, 0, 1}, q), 1, q);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{1, 0, 1})) << DataTypeName(t);
}

INSTANTIATE_TEST_SUITE_P(Signatures, AssertEveryDataType, ::testing::ValuesIn(AssertOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
