#include "reference/ops/tensor/slice.h"

#include <cstdint>
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

// One SLICE_FUSION node: x float32, begin and size int32 (empty = unknown).
OpHarness SliceCase(const std::vector<float>& x, Dims x_dims, const std::vector<int32_t>& begin,
                    const std::vector<int32_t>& size, std::vector<int64_t> axes = {}, Dims window_dims = {}) {
  if (window_dims.empty()) {
    window_dims = Dims{static_cast<int32_t>(axes.empty() ? x_dims.size() : axes.size())};
  }
  OpHarness h(NodeType::SLICE_FUSION);
  h.Input(DataType::kFloat32, std::move(x_dims), Bytes(x))
      .Input(DataType::kInt32, window_dims, Bytes(begin))
      .Input(DataType::kInt32, window_dims, Bytes(size))
      .Output(DataType::kFloat32);
  if (!axes.empty()) h.Attr(Attr::Int64s("axes", std::move(axes)));
  return h;
}

// The tf.slice examples (the operator the OH_NN SLICE docs describe).
TEST(SliceTest, TfExamples) {
  Dims dims;
  EXPECT_EQ(RunExpectingOk(SliceCase(kTfX, {3, 2, 3}, {1, 0, 0}, {1, 1, 3}), &dims), (std::vector<double>{3, 3, 3}));
  EXPECT_EQ(dims, (Dims{1, 1, 3}));
  EXPECT_EQ(RunExpectingOk(SliceCase(kTfX, {3, 2, 3}, {1, 0, 0}, {1, 2, 3}), &dims),
            (std::vector<double>{3, 3, 3, 4, 4, 4}));
  EXPECT_EQ(RunExpectingOk(SliceCase(kTfX, {3, 2, 3}, {1, 0, 0}, {2, 1, 3}), &dims),
            (std::vector<double>{3, 3, 3, 5, 5, 5}));
  EXPECT_EQ(dims, (Dims{2, 1, 3}));
}

// C-654: axes pick the sliced dims in begin/size order, negative from the
// end; the other dims are copied whole; bad axes are rejected.
TEST(SliceTest, AxesC654) {
  Dims dims;
  const std::vector<float> x = {0, 1, 2, 3, 4, 5};
  EXPECT_EQ(RunExpectingOk(SliceCase(x, {2, 3}, {1}, {2}, {1}), &dims), (std::vector<double>{1, 2, 4, 5}));
  EXPECT_EQ(dims, (Dims{2, 2}));
  EXPECT_EQ(RunExpectingOk(SliceCase(x, {2, 3}, {2, 1}, {1, 1}, {-1, 0}), &dims), (std::vector<double>{5}));
  EXPECT_EQ(dims, (Dims{1, 1}));
  EXPECT_EQ(SliceCase(x, {2, 3}, {0}, {1}, {2}).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(SliceCase(x, {2, 3}, {0, 0}, {1, 1}, {1, -1}).Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(SliceCase(x, {2, 3}, {0}, {1}, {}, {1}).Infer().code(), NNRT_INVALID_MODEL);  // begin [1] for 2 axes
}

// C-655: size -1 runs to the end; begin outside the dim, size 0 or past the
// end are rejected (NNRT_INVALID_INPUT for run-time begin/size).
TEST(SliceTest, SizeAndRangeC655) {
  Dims dims;
  EXPECT_EQ(RunExpectingOk(SliceCase({0, 1, 2, 3, 4}, {5}, {2}, {-1}), &dims), (std::vector<double>{2, 3, 4}));
  EXPECT_EQ(dims, (Dims{3}));
  const Status past = SliceCase({0, 1, 2, 3, 4}, {5}, {2}, {4}).Infer();
  EXPECT_EQ(past.code(), NNRT_INVALID_INPUT);
  EXPECT_NE(past.message().find("size 4 with begin 2 is not -1 (to the end) or in [1, 3]"), std::string::npos)
      << past.message();
  EXPECT_EQ(SliceCase({0, 1, 2, 3, 4}, {5}, {5}, {-1}).Infer().code(), NNRT_INVALID_INPUT);
  EXPECT_EQ(SliceCase({0, 1, 2, 3, 4}, {5}, {-1}, {1}).Infer().code(), NNRT_INVALID_INPUT);
  EXPECT_EQ(SliceCase({0, 1, 2, 3, 4}, {5}, {0}, {0}).Infer().code(), NNRT_INVALID_INPUT);
  EXPECT_EQ(SliceCase({0, 1, 2, 3, 4}, {5}, {0}, {-2}).Infer().code(), NNRT_INVALID_INPUT);
}

// Unknown begin/size at prepare: -1 dims, a known size still gives the dim.
TEST(SliceTest, DynamicAtPrepare) {
  OpHarness h(NodeType::SLICE_FUSION);
  h.Input(DataType::kFloat32, {4, 3}, {})
      .Input(DataType::kInt32, {2}, {})
      .Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{2, -1}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{2, -1}));
}

// Codes and bytes copied: NaN payloads, -0, int8 codes with equal params;
// different params are unsupported (C-350).
TEST(SliceTest, ExactCopy) {
  OpHarness h = SliceCase({1, testing::PayloadNan(), -0.0f}, {3}, {1}, {-1});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(testing::OutFloatBits(h, 2), (std::vector<uint32_t>{testing::kPayloadNanBits, testing::kNegativeZeroBits}));
  OpHarness requant(NodeType::SLICE_FUSION);
  requant.Input(DataType::kInt8, {2}, Bytes(std::vector<int8_t>{1, 2}), {QP(0.5, 0)})
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{0}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{1}))
      .Output(DataType::kInt8, {QP(0.25, 0)});
  EXPECT_EQ(requant.Infer().code(), NNRT_UNSUPPORTED_OP);
}

class SliceEveryDataType : public ::testing::TestWithParam<DataType> {};

// begin 1, size -1: x[1:].
TEST_P(SliceEveryDataType, WindowInTheType) {
  testing::ExpectWindowInType(NodeType::SLICE_FUSION, GetParam(), {1, -1}, {1, 2});
}

INSTANTIATE_TEST_SUITE_P(Signatures, SliceEveryDataType, ::testing::ValuesIn(SliceOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
