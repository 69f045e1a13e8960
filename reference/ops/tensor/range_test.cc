#include "reference/ops/tensor/range.h"

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

OpHarness Range(DataType t, int64_t start, int64_t limit, int64_t delta, std::vector<QuantParam> q = {}) {
  OpHarness h(NodeType::RANGE);
  h.Attr(Attr::Int64("start", start)).Attr(Attr::Int64("limit", limit)).Attr(Attr::Int64("delta", delta));
  h.Input(t, {2}, testing::EncodeAs(t, {9, 9}, q), q).Output(t, q);
  return h;
}

// ops_catalog #66 [UT] (float32 0..3) and the XTS models 1, 4 and 5.
TEST(RangeTest, CatalogModels) {
  OpHarness ut = Range(DataType::kFloat32, 0, 3, 1);
  ASSERT_TRUE(ut.Run().ok());
  EXPECT_EQ(ut.OutDims(), (Dims{3}));
  testing::ExpectSameValues(ut.OutDoubles(), {0, 1, 2});
  OpHarness m1 = Range(DataType::kInt32, -1, 10, 4);
  ASSERT_TRUE(m1.Run().ok());
  EXPECT_EQ(m1.OutInts(), (std::vector<int64_t>{-1, 3, 7}));
  OpHarness m4 = Range(DataType::kFloat16, 2, 10, 4);
  ASSERT_TRUE(m4.Run().ok());
  EXPECT_EQ(m4.OutDoubles(), (std::vector<double>{2, 6}));
  OpHarness m5 = Range(DataType::kInt32, 2, 10, 4);
  ASSERT_TRUE(m5.Run().ok());
  EXPECT_EQ(m5.OutInts(), (std::vector<int64_t>{2, 6}));
  EXPECT_TRUE(m5.GuardIntact());
}

// C-662: the input only fixes the type; y must have it; dataType is not read.
TEST(RangeTest, InputFixesTheTypeC662) {
  OpHarness other(NodeType::RANGE);
  other.Attr(Attr::Int64("limit", 2)).Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{5}));
  other.Output(DataType::kInt64);
  EXPECT_EQ(other.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness bool_in(NodeType::RANGE);
  bool_in.Attr(Attr::Int64("limit", 2)).Input(DataType::kBool, {1}, std::vector<uint8_t>{1}).Output(DataType::kBool);
  EXPECT_EQ(bool_in.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness data_type = Range(DataType::kInt64, 0, 2, 1);
  data_type.Attr(Attr::Int64("dataType", 43));
  ASSERT_TRUE(data_type.Run().ok());
  EXPECT_EQ(data_type.OutInts(), (std::vector<int64_t>{0, 1}));
  OpHarness plain_int8(NodeType::RANGE);
  plain_int8.Attr(Attr::Int64("limit", 2)).Input(DataType::kInt8, {1}, Bytes(std::vector<int8_t>{5}));
  plain_int8.Output(DataType::kInt8);
  EXPECT_EQ(plain_int8.Infer().code(), NNRT_INVALID_MODEL);
}

// C-663: count = ceil((limit - start) / delta); delta 0 and empty sequences
// (XTS models 2 and 3) are invalid; negative deltas count down.
TEST(RangeTest, CountAndEmptyRangesC663) {
  EXPECT_EQ(RangeCount(0, 10, 3), 4);
  EXPECT_EQ(RangeCount(0, 9, 3), 3);
  EXPECT_EQ(RangeCount(10, 0, -3), 4);
  EXPECT_EQ(RangeCount(1, 1, 4), 0);
  EXPECT_EQ(RangeCount(2, 1, 4), 0);
  const int64_t min = std::numeric_limits<int64_t>::min(), max = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(RangeCount(min, max, max), 3);
  EXPECT_EQ(Range(DataType::kInt32, 1, 1, 4).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(Range(DataType::kInt32, 2, 1, 4).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(Range(DataType::kInt32, 0, 5, 0).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(Range(DataType::kInt64, 0, max, 1).Infer().code(), NNRT_INVALID_MODEL);  // > 2^31-1 elements
  OpHarness down = Range(DataType::kInt64, 5, -2, -3);
  ASSERT_TRUE(down.Run().ok());
  EXPECT_EQ(down.OutInts(), (std::vector<int64_t>{5, 2, -1}));
  OpHarness wide = Range(DataType::kInt64, min, max, max);
  ASSERT_TRUE(wide.Run().ok());
  EXPECT_EQ(wide.OutInts(), (std::vector<int64_t>{min, -1, max - 1}));
}

// C-664: the exact integer rounded once to the type; int32 outputs must hold
// every element; quantized outputs quantize it half away from zero.
TEST(RangeTest, ValuesRoundedOnceC664) {
  OpHarness f32 = Range(DataType::kFloat32, 16777217, 16777220, 1);  // 2^24 + 1 ..
  ASSERT_TRUE(f32.Run().ok());
  EXPECT_EQ(f32.OutDoubles(), (std::vector<double>{16777216, 16777218, 16777220}));
  OpHarness f16 = Range(DataType::kFloat16, 2049, 128990, 65519 - 2049);
  ASSERT_TRUE(f16.Run().ok());
  EXPECT_EQ(f16.OutDoubles(), (std::vector<double>{2048, 65504, std::numeric_limits<double>::infinity()}));
  EXPECT_EQ(Range(DataType::kInt32, 2147483646, 2147483649, 1).Infer().code(), NNRT_INVALID_MODEL);
  OpHarness edge = Range(DataType::kInt32, -2147483648LL, 2147483648LL, 2147483647);
  ASSERT_TRUE(edge.Run().ok());
  EXPECT_EQ(edge.OutInts(), (std::vector<int64_t>{-2147483648LL, -1, 2147483646}));
  OpHarness q = Range(DataType::kUint8, -3, 6, 3, {QP(2.0, 1)});
  ASSERT_TRUE(q.Run().ok());
  EXPECT_EQ(q.OutInts(), (std::vector<int64_t>{0, 1, 3}));  // -3/2 -> -2 (+1 = -1, clamped), 0, 3/2 -> 2 (+1)
}

class RangeEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(RangeEveryDataType, SequenceInTheType) {
  const DataType t = GetParam();
  OpHarness h = Range(t, -2, 3, 2, testing::QuantFor(t, QP(1.0, 3)));
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutDims(), (Dims{3}));
  EXPECT_EQ(h.OutReals(), (std::vector<double>{-2, 0, 2})) << DataTypeName(t);
}

INSTANTIATE_TEST_SUITE_P(Signatures, RangeEveryDataType, ::testing::ValuesIn(RangeOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
