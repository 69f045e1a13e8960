#include "reference/ops/tensor/strided_slice.h"

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/copy_checks.h"
#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::kTfX;
using testing::QP;
using testing::RunExpectingOk;

struct Masks {
  int64_t begin = 0, end = 0, ellipsis = 0, new_axis = 0, shrink = 0;
};

// One STRIDED_SLICE node: x float32, begin/end/strides int64 run-time inputs
// (empty strides = all 1).
OpHarness Case(const std::vector<float>& x, Dims x_dims, const std::vector<int64_t>& begin,
               const std::vector<int64_t>& end, std::vector<int64_t> strides = {}, Masks m = {}) {
  if (strides.empty()) strides.assign(begin.size(), 1);
  OpHarness h(NodeType::STRIDED_SLICE);
  h.Input(DataType::kFloat32, std::move(x_dims), Bytes(x))
      .Input(DataType::kInt64, {static_cast<int32_t>(begin.size())}, Bytes(begin))
      .Input(DataType::kInt64, {static_cast<int32_t>(end.size())}, Bytes(end))
      .Input(DataType::kInt64, {static_cast<int32_t>(strides.size())}, Bytes(strides))
      .Output(DataType::kFloat32);
  h.Attr(Attr::Int64("beginMask", m.begin)).Attr(Attr::Int64("endMask", m.end));
  h.Attr(Attr::Int64("ellipsisMask", m.ellipsis)).Attr(Attr::Int64("newAxisMask", m.new_axis));
  h.Attr(Attr::Int64("shrinkAxisMask", m.shrink));
  return h;
}

// The three tf.strided_slice documentation examples.
TEST(StridedSliceTest, TfExamples) {
  Dims dims;
  EXPECT_EQ(RunExpectingOk(Case(kTfX, {3, 2, 3}, {1, 0, 0}, {2, 1, 3}), &dims), (std::vector<double>{3, 3, 3}));
  EXPECT_EQ(dims, (Dims{1, 1, 3}));
  EXPECT_EQ(RunExpectingOk(Case(kTfX, {3, 2, 3}, {1, 0, 0}, {2, 2, 3}), &dims),
            (std::vector<double>{3, 3, 3, 4, 4, 4}));
  EXPECT_EQ(dims, (Dims{1, 2, 3}));
  EXPECT_EQ(RunExpectingOk(Case(kTfX, {3, 2, 3}, {1, -1, 0}, {2, -3, 3}, {1, -1, 1}), &dims),
            (std::vector<double>{4, 4, 4, 3, 3, 3}));
  EXPECT_EQ(dims, (Dims{1, 2, 3}));
}

// C-615: fewer entries than dims leave the rest whole; the ellipsis covers the
// dims no other entry addresses; too many entries or unequal lengths are errors.
TEST(StridedSliceTest, EntriesAndEllipsisC615) {
  Dims dims;
  EXPECT_EQ(RunExpectingOk(Case(kTfX, {3, 2, 3}, {2}, {3}), &dims), (std::vector<double>{5, 5, 5, 6, 6, 6}));
  EXPECT_EQ(dims, (Dims{1, 2, 3}));
  Masks ellipsis;
  ellipsis.ellipsis = 1;  // x[..., 1:3]
  EXPECT_EQ(RunExpectingOk(Case(kTfX, {3, 2, 3}, {0, 1}, {0, 3}, {1, 1}, ellipsis), &dims).size(), 12u);
  EXPECT_EQ(dims, (Dims{3, 2, 2}));
  EXPECT_EQ(Case(kTfX, {3, 2, 3}, {0, 0, 0, 0}, {1, 1, 1, 1}).Infer().code(), NNRT_INVALID_MODEL);
  OpHarness unequal(NodeType::STRIDED_SLICE);
  unequal.Input(DataType::kFloat32, {3}, Bytes(std::vector<float>{1, 2, 3}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{0}))
      .Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{1, 1}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{1}))
      .Output(DataType::kFloat32);
  const Status s = unequal.Infer();
  EXPECT_EQ(s.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(s.message().find("must have one length"), std::string::npos) << s.message();
}

// C-616: two ellipsis bits, a bit beyond the entries or a negative mask are
// rejected; ellipsis wins over new axis, new axis over shrink.
TEST(StridedSliceTest, MasksC616) {
  Masks two_ellipses;
  two_ellipses.ellipsis = 3;
  EXPECT_EQ(Case(kTfX, {3, 2, 3}, {0, 0}, {1, 1}, {}, two_ellipses).Infer().code(), NNRT_INVALID_MODEL);
  Masks beyond;
  beyond.end = 4;
  const Status s = Case(kTfX, {3, 2, 3}, {0, 0}, {1, 1}, {}, beyond).Infer();
  EXPECT_EQ(s.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(s.message().find("endMask 4 has bits outside entries 0..1"), std::string::npos) << s.message();
  Masks negative;
  negative.begin = -1;
  EXPECT_EQ(Case(kTfX, {3, 2, 3}, {0}, {1}, {}, negative).Infer().code(), NNRT_INVALID_MODEL);
  Dims dims;
  Masks new_axis;
  new_axis.new_axis = 1;
  new_axis.shrink = 3;  // entry 0: new axis (not shrink); entry 1: shrink dim 0 at index 2
  EXPECT_EQ(RunExpectingOk(Case(kTfX, {3, 2, 3}, {9, 2}, {9, 0}, {1, 1}, new_axis), &dims),
            (std::vector<double>{5, 5, 5, 6, 6, 6}));
  EXPECT_EQ(dims, (Dims{1, 2, 3}));
  Masks ellipsis_first;
  ellipsis_first.ellipsis = 1;
  ellipsis_first.new_axis = 1;
  ellipsis_first.shrink = 1;
  EXPECT_EQ(RunExpectingOk(Case({1, 2, 3}, {3}, {0}, {0}, {1}, ellipsis_first), &dims), (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(dims, (Dims{3}));
}

// C-617: negative begin/end count from the end, out-of-range values clamp,
// masks take the boundary, negative strides walk backwards, stride 0 fails.
TEST(StridedSliceTest, RangesAndStridesC617) {
  Dims dims;
  const std::vector<float> x = {0, 1, 2, 3, 4, 5, 6};
  EXPECT_EQ(RunExpectingOk(Case(x, {7}, {-100}, {100}, {3}), &dims), (std::vector<double>{0, 3, 6}));
  EXPECT_EQ(RunExpectingOk(Case(x, {7}, {100}, {-100}, {-2}), &dims), (std::vector<double>{6, 4, 2, 0}));
  EXPECT_EQ(RunExpectingOk(Case(x, {7}, {-2}, {1}, {-1}), &dims), (std::vector<double>{5, 4, 3, 2}));
  Masks both;
  both.begin = 1;
  both.end = 1;
  EXPECT_EQ(RunExpectingOk(Case(x, {7}, {3}, {3}, {-3}, both), &dims), (std::vector<double>{6, 3, 0}));
  Masks end_only;
  end_only.end = 1;
  EXPECT_EQ(RunExpectingOk(Case(x, {7}, {4}, {0}, {1}, end_only), &dims), (std::vector<double>{4, 5, 6}));
  EXPECT_EQ(dims, (Dims{3}));
  EXPECT_EQ(RunExpectingOk(Case(x, {7}, {6}, {0}, {INT64_MIN}), &dims), (std::vector<double>{6}));
  EXPECT_EQ(RunExpectingOk(Case(x, {7}, {0}, {7}, {INT64_MAX}), &dims), (std::vector<double>{0}));
  const Status zero = Case(x, {7}, {0}, {7}, {0}).Infer();
  EXPECT_EQ(zero.code(), NNRT_INVALID_INPUT);
  EXPECT_NE(zero.message().find("strides[0] is 0"), std::string::npos) << zero.message();
}

// C-618: a shrunk entry takes begin (counted from the end when negative; the
// first element under beginMask), ignores end and the stride's sign, and
// removes the dim; an index outside the dim fails.
TEST(StridedSliceTest, ShrinkC618) {
  Dims dims;
  Masks shrink;
  shrink.shrink = 2;
  EXPECT_EQ(RunExpectingOk(Case(kTfX, {3, 2, 3}, {0, -1}, {3, 0}, {1, -1}, shrink), &dims),
            (std::vector<double>{2, 2, 2, 4, 4, 4, 6, 6, 6}));
  EXPECT_EQ(dims, (Dims{3, 3}));
  shrink.begin = 2;
  EXPECT_EQ(RunExpectingOk(Case(kTfX, {3, 2, 3}, {0, -1}, {3, 0}, {1, 1}, shrink), &dims),
            (std::vector<double>{1, 1, 1, 3, 3, 3, 5, 5, 5}));
  Masks all;
  all.shrink = 7;
  EXPECT_EQ(RunExpectingOk(Case(kTfX, {3, 2, 3}, {2, 1, 2}, {0, 0, 0}, {}, all), &dims), (std::vector<double>{6}));
  EXPECT_EQ(dims, (Dims{}));
  Masks past;
  past.shrink = 1;
  EXPECT_EQ(Case(kTfX, {3, 2, 3}, {3}, {4}, {}, past).Infer().code(), NNRT_INVALID_INPUT);
  EXPECT_EQ(Case(kTfX, {3, 2, 3}, {-4}, {4}, {}, past).Infer().code(), NNRT_INVALID_INPUT);
}

// C-619: an empty selection is rejected (a run-time error for run-time values).
TEST(StridedSliceTest, EmptyResultRejectedC619) {
  const Status s = Case({0, 1, 2}, {3}, {2}, {1}, {1}).Infer();
  EXPECT_EQ(s.code(), NNRT_INVALID_INPUT);
  EXPECT_NE(s.message().find("select no element"), std::string::npos) << s.message();
  EXPECT_EQ(Case({0, 1, 2}, {3}, {1}, {2}, {-1}).Infer().code(), NNRT_INVALID_INPUT);
}

// C-620: unknown begin/end/strides give -1 on the sliced dims; shrunk dims
// are gone, new axes 1 and ellipsis dims x's.
TEST(StridedSliceTest, DynamicAtPrepareC620) {
  OpHarness h(NodeType::STRIDED_SLICE);
  h.Input(DataType::kFloat32, {4, 3, 5}, {})
      .Input(DataType::kInt32, {3}, {})
      .Input(DataType::kInt32, {3}, {})
      .Input(DataType::kInt32, {3}, {})
      .Output(DataType::kFloat32);
  h.Attr(Attr::Int64("ellipsisMask", 4)).Attr(Attr::Int64("newAxisMask", 2)).Attr(Attr::Int64("shrinkAxisMask", 1));
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{1, 3, 5}));
}

// Bytes copied: NaN payloads and -0 kept; int8 codes with equal params;
// different params are unsupported (C-350).
TEST(StridedSliceTest, ExactCopy) {
  OpHarness h = Case({-0.0f, 1, testing::PayloadNan()}, {3}, {-1}, {-4}, {-2});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(testing::OutFloatBits(h, 2), (std::vector<uint32_t>{testing::kPayloadNanBits, testing::kNegativeZeroBits}));
  OpHarness requant(NodeType::STRIDED_SLICE);
  requant.Input(DataType::kInt8, {2}, Bytes(std::vector<int8_t>{1, 2}), {QP(0.5, 0)});
  for (int i = 0; i < 3; ++i) requant.Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{i == 2 ? 1 : i}));
  requant.Output(DataType::kInt8, {QP(0.25, 0)});
  EXPECT_EQ(requant.Infer().code(), NNRT_UNSUPPORTED_OP);
}

class StridedSliceEveryDataType : public ::testing::TestWithParam<DataType> {};

// begin -1, end 0, stride -1: x[2], x[1].
TEST_P(StridedSliceEveryDataType, ReversedInTheType) {
  testing::ExpectWindowInType(NodeType::STRIDED_SLICE, GetParam(), {-1, 0, -1}, {2, 1});
}

INSTANTIATE_TEST_SUITE_P(Signatures, StridedSliceEveryDataType, ::testing::ValuesIn(StridedSliceOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
