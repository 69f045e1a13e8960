#include "reference/ops/tensor/batch_space.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

// One float32 node; `amounts` are the crops (BATCH_TO_SPACE_ND) or paddings.
OpHarness Case(NodeType type, const std::vector<float>& x, Dims dims, std::vector<int64_t> block,
               std::vector<int64_t> amounts) {
  OpHarness h(type);
  h.Input(DataType::kFloat32, std::move(dims), Bytes(x)).Output(DataType::kFloat32);
  h.Attr(Attr::Int64s("blockShape", std::move(block)))
      .Attr(Attr::Int64s(type == NodeType::BATCH_TO_SPACE_ND ? "crops" : "paddings", std::move(amounts)));
  return h;
}

std::vector<double> RunOk(OpHarness h, Dims* dims) {
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  if (!s.ok()) return {};
  *dims = h.OutDims();
  return h.OutDoubles();
}

const NodeType kB2S = NodeType::BATCH_TO_SPACE_ND;
const NodeType kS2B = NodeType::SPACE_TO_BATCH_ND;

// The tf.batch_to_space examples (NHWC, C-640), the builder test's shape among them.
TEST(BatchToSpaceTest, TensorFlowExamplesC640) {
  Dims dims;
  EXPECT_EQ(RunOk(Case(kB2S, {1, 2, 3, 4}, {4, 1, 1, 1}, {2, 2}, {0, 0, 0, 0}), &dims),
            (std::vector<double>{1, 2, 3, 4}));
  EXPECT_EQ(dims, (Dims{1, 2, 2, 1}));
  const std::vector<float> x = {1, 3, 9, 11, 2, 4, 10, 12, 5, 7, 13, 15, 6, 8, 14, 16};
  EXPECT_EQ(RunOk(Case(kB2S, x, {4, 2, 2, 1}, {2, 2}, {0, 0, 0, 0}), &dims),
            (std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}));
  EXPECT_EQ(dims, (Dims{1, 4, 4, 1}));
}

// tf.batch_to_space with crops [[0, 0], [2, 0]]: the first two columns go (C-642).
const std::vector<float> kCropX = {0, 1, 3, 0, 9, 11, 0, 2, 4, 0, 10, 12, 0, 5, 7, 0, 13, 15, 0, 6, 8, 0, 14, 16};

TEST(BatchToSpaceTest, CropsFromTheStartC642) {
  Dims dims;
  EXPECT_EQ(RunOk(Case(kB2S, kCropX, {8, 1, 3, 1}, {2, 2}, {0, 0, 2, 0}), &dims),
            (std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}));
  EXPECT_EQ(dims, (Dims{2, 2, 4, 1}));
  // Cropping at the end instead keeps the zeros.
  EXPECT_EQ(RunOk(Case(kB2S, kCropX, {8, 1, 3, 1}, {2, 2}, {0, 0, 0, 2}), &dims)[0], 0.0);
}

// The inverse: tf.space_to_batch with paddings [[0, 0], [2, 0]] puts the zeros back (C-644).
TEST(SpaceToBatchTest, PadsWithZeroC643C644) {
  Dims dims;
  std::vector<float> x(16);
  for (size_t i = 0; i < 16; ++i) x[i] = static_cast<float>(i + 1);
  const std::vector<double> got = RunOk(Case(kS2B, x, {2, 2, 4, 1}, {2, 2}, {0, 0, 2, 0}), &dims);
  EXPECT_EQ(got, std::vector<double>(kCropX.begin(), kCropX.end()));
  EXPECT_EQ(dims, (Dims{8, 1, 3, 1}));
  EXPECT_EQ(RunOk(Case(kS2B, {1, 2, 3, 4}, {1, 2, 2, 1}, {2, 2}, {0, 0, 0, 0}), &dims),
            (std::vector<double>{1, 2, 3, 4}));
  EXPECT_EQ(dims, (Dims{4, 1, 1, 1}));
  // Quantized: the padding is the zero point's code.
  OpHarness q(kS2B);
  q.Input(DataType::kInt8, {1, 1, 1, 1}, Bytes(std::vector<int8_t>{5}), {QP(0.5, -3)})
      .Output(DataType::kInt8, {QP(0.5, -3)})
      .Attr(Attr::Int64s("blockShape", {1, 2}))
      .Attr(Attr::Int64s("paddings", {0, 0, 1, 0}));
  ASSERT_TRUE(q.Run().ok());
  EXPECT_EQ(q.OutInts(), (std::vector<int64_t>{-3, 5}));
  EXPECT_EQ(q.OutDims(), (Dims{2, 1, 1, 1}));
}

// C-641: blockShape [b0, b1] with b >= 1 (1 keeps that dim); batch divisible by b0 * b1.
TEST(BatchSpaceTest, BlockShapeC641) {
  Dims dims;
  EXPECT_EQ(RunOk(Case(kB2S, {1, 2, 3, 4}, {2, 1, 2, 1}, {1, 2}, {0, 0, 0, 0}), &dims),
            (std::vector<double>{1, 3, 2, 4}));
  EXPECT_EQ(dims, (Dims{1, 1, 4, 1}));
  for (NodeType t : {kB2S, kS2B}) {
    EXPECT_EQ(Case(t, {1, 2, 3, 4}, {4, 1, 1, 1}, {2, 0}, {0, 0, 0, 0}).Infer().code(), NNRT_INVALID_MODEL);
    EXPECT_EQ(Case(t, {1, 2, 3, 4}, {4, 1, 1, 1}, {2}, {0, 0, 0, 0}).Infer().code(), NNRT_INVALID_MODEL);
    EXPECT_EQ(Case(t, {1, 2, 3, 4}, {4, 1, 1, 1}, {1, 1, 1}, {0, 0, 0, 0}).Infer().code(), NNRT_INVALID_MODEL);
    EXPECT_EQ(Case(t, {1, 2, 3, 4}, {4, 1, 1, 1}, {1, 1}, {0, 0, 0}).Infer().code(), NNRT_INVALID_MODEL);
    EXPECT_EQ(Case(t, {1, 2, 3, 4}, {4, 1, 1, 1}, {1, 1}, {0, -1, 0, 0}).Infer().code(), NNRT_INVALID_MODEL);
    EXPECT_EQ(Case(t, {1, 2, 3, 4}, {4, 1, 1}, {1, 1}, {0, 0, 0, 0}).Infer().code(), NNRT_INVALID_MODEL);
  }
  const Status s = Case(kB2S, {1, 2, 3, 4, 5, 6}, {6, 1, 1, 1}, {2, 2}, {0, 0, 0, 0}).Infer();
  EXPECT_EQ(s.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(s.message().find("batch 6 of input 0 (x) is not divisible by blockShape[0] * blockShape[1] = 4"),
            std::string::npos)
      << s.message();
}

// C-642: the crops leave at least one row and column; C-643: padded dims divide.
TEST(BatchSpaceTest, CropAndPaddingLimitsC642C643) {
  Dims dims;
  EXPECT_EQ(RunOk(Case(kB2S, {1, 2, 3, 4}, {4, 1, 1, 1}, {2, 2}, {1, 0, 0, 1}), &dims),
            (std::vector<double>{3}));
  EXPECT_EQ(dims, (Dims{1, 1, 1, 1}));
  const Status s = Case(kB2S, {1, 2, 3, 4}, {4, 1, 1, 1}, {2, 2}, {1, 1, 0, 0}).Infer();
  EXPECT_EQ(s.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(s.message().find("crops 1 + 1 remove all of the block-expanded height 1 * 2 = 2"), std::string::npos)
      << s.message();
  EXPECT_EQ(Case(kB2S, {1, 2, 3, 4}, {4, 1, 1, 1}, {2, 2}, {0, 0, 3, 0}).Infer().code(), NNRT_INVALID_MODEL);
  const Status p = Case(kS2B, {1, 2, 3, 4}, {1, 2, 2, 1}, {2, 2}, {0, 1, 0, 0}).Infer();
  EXPECT_EQ(p.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(p.message().find("padded height 2 + 0 + 1 = 3 is not divisible by its block 2"), std::string::npos)
      << p.message();
  // Padding larger than the dim is fine: whole blocks of zeros.
  EXPECT_EQ(RunOk(Case(kS2B, {7}, {1, 1, 1, 1}, {1, 1}, {2, 0, 0, 0}), &dims), (std::vector<double>{0, 0, 7}));
  EXPECT_EQ(dims, (Dims{1, 3, 1, 1}));
}

// Output dims above 2^31 - 1 are rejected, not wrapped (dims only: no data).
TEST(BatchSpaceTest, OutputDimsBeyondInt32Rejected) {
  OpHarness s2b(kS2B);
  s2b.Input(DataType::kFloat32, {2000000000, 1, 1, 1}, {}).Output(DataType::kFloat32);
  s2b.Attr(Attr::Int64s("blockShape", {2, 1})).Attr(Attr::Int64s("paddings", {0, 0, 0, 0}));
  EXPECT_EQ(s2b.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness b2s(kB2S);
  b2s.Input(DataType::kFloat32, {2, 2000000000, 1, 1}, {}).Output(DataType::kFloat32);
  b2s.Attr(Attr::Int64s("blockShape", {2, 1})).Attr(Attr::Int64s("crops", {0, 0, 0, 0}));
  EXPECT_EQ(b2s.Infer().code(), NNRT_INVALID_MODEL);
}

// Unknown dims at prepare: the dependent output dims stay -1.
TEST(BatchSpaceTest, DynamicDimsAtPrepare) {
  OpHarness h(kS2B);
  h.Input(DataType::kFloat32, {-1, 2, -1, 3}, {}).Output(DataType::kFloat32);
  h.Attr(Attr::Int64s("blockShape", {2, 2})).Attr(Attr::Int64s("paddings", {0, 0, 1, 1}));
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{-1, 1, -1, 3}));
}

// Bytes copied: NaN payloads and -0 survive; different quant params are unsupported (C-350).
TEST(BatchSpaceTest, ExactCopy) {
  const uint32_t nan_bits = 0x7FA00007u;
  float nan_value;
  std::memcpy(&nan_value, &nan_bits, 4);
  OpHarness h = Case(kB2S, {nan_value, -0.0f}, {2, 1, 1, 1}, {1, 2}, {0, 0, 0, 0});
  ASSERT_TRUE(h.Run().ok());
  uint32_t bits[2];
  std::memcpy(bits, h.ctx().outputs[0].mutable_data, 8);
  EXPECT_EQ(bits[0], nan_bits);
  EXPECT_EQ(bits[1], 0x80000000u);
  OpHarness requant(kS2B);
  requant.Input(DataType::kInt8, {1, 2, 2, 1}, Bytes(std::vector<int8_t>{1, 2, 3, 4}), {QP(0.5, 0)})
      .Output(DataType::kInt8, {QP(0.25, 0)})
      .Attr(Attr::Int64s("blockShape", {2, 2}))
      .Attr(Attr::Int64s("paddings", {0, 0, 0, 0}));
  EXPECT_EQ(requant.Infer().code(), NNRT_UNSUPPORTED_OP);
}

class BatchSpaceEveryDataType : public ::testing::TestWithParam<DataType> {};

// SPACE_TO_BATCH_ND with one padded column, then BATCH_TO_SPACE_ND cropping it again.
TEST_P(BatchSpaceEveryDataType, PaddedAndCroppedInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : 0));
  const std::vector<double> x = t == DataType::kBool ? std::vector<double>{1, 1} : std::vector<double>{1, 2};
  OpHarness h(kS2B);
  h.Input(t, {1, 1, 2, 1}, testing::EncodeAs(t, x, q), q).Output(t, q);
  h.Attr(Attr::Int64s("blockShape", {1, 3})).Attr(Attr::Int64s("paddings", {0, 0, 1, 0}));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutReals(), (std::vector<double>{0, x[0], x[1]}));
  EXPECT_EQ(h.OutDims(), (Dims{3, 1, 1, 1}));
  OpHarness back(kB2S);
  back.Input(t, {3, 1, 1, 1}, testing::EncodeAs(t, {0, x[0], x[1]}, q), q).Output(t, q);
  back.Attr(Attr::Int64s("blockShape", {1, 3})).Attr(Attr::Int64s("crops", {0, 0, 1, 0}));
  ASSERT_TRUE(back.Run().ok());
  EXPECT_EQ(back.OutReals(), x);
}

INSTANTIATE_TEST_SUITE_P(Signatures, BatchSpaceEveryDataType, ::testing::ValuesIn(BatchToSpaceOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
