#include "reference/ops/tensor/depth_space.h"

#include <cstdint>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

std::vector<float> Iota(size_t n, float first = 0) {
  std::vector<float> v(n);
  std::iota(v.begin(), v.end(), first);
  return v;
}

// One float32 node; format 0 = NCHW (the front end's value), 1 = NHWC.
OpHarness Case(NodeType type, const std::vector<float>& x, Dims dims, int64_t block, int8_t format,
               const std::string& mode = "") {
  OpHarness h(type);
  h.Input(DataType::kFloat32, std::move(dims), Bytes(x)).Output(DataType::kFloat32);
  h.Attr(Attr::Int64("blockSize", block)).Attr(Attr::Int8("format", format));
  if (type == NodeType::DEPTH_TO_SPACE) h.Attr(Attr::String("mode", mode));
  return h;
}

std::vector<double> RunOk(OpHarness h, Dims* dims) {
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  if (!s.ok()) return {};
  *dims = h.OutDims();
  return h.OutDoubles();
}

std::vector<double> D(const std::vector<float>& v) { return std::vector<double>(v.begin(), v.end()); }

// The ONNX DepthToSpace examples: x [1, 8, 2, 3] = 0..47, blocksize 2.
TEST(DepthToSpaceTest, OnnxExamplesDcrAndCrdC632) {
  Dims dims;
  const std::vector<double> dcr = {0,  12, 1,  13, 2,  14, 24, 36, 25, 37, 26, 38, 3,  15, 4,  16,
                                   5,  17, 27, 39, 28, 40, 29, 41, 6,  18, 7,  19, 8,  20, 30, 42,
                                   31, 43, 32, 44, 9,  21, 10, 22, 11, 23, 33, 45, 34, 46, 35, 47};
  EXPECT_EQ(RunOk(Case(NodeType::DEPTH_TO_SPACE, Iota(48), {1, 8, 2, 3}, 2, 0, "DCR"), &dims), dcr);
  EXPECT_EQ(dims, (Dims{1, 2, 4, 6}));
  EXPECT_EQ(RunOk(Case(NodeType::DEPTH_TO_SPACE, Iota(48), {1, 8, 2, 3}, 2, 0, ""), &dims), dcr);  // empty = DCR
  const std::vector<double> crd = {0,  6,  1,  7,  2,  8,  12, 18, 13, 19, 14, 20, 3,  9,  4,  10,
                                   5,  11, 15, 21, 16, 22, 17, 23, 24, 30, 25, 31, 26, 32, 36, 42,
                                   37, 43, 38, 44, 27, 33, 28, 34, 29, 35, 39, 45, 40, 46, 41, 47};
  EXPECT_EQ(RunOk(Case(NodeType::DEPTH_TO_SPACE, Iota(48), {1, 8, 2, 3}, 2, 0, "CRD"), &dims), crd);
  EXPECT_EQ(Case(NodeType::DEPTH_TO_SPACE, Iota(48), {1, 8, 2, 3}, 2, 0, "dcr").Infer().code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(Case(NodeType::DEPTH_TO_SPACE, Iota(48), {1, 8, 2, 3}, 2, 0, "RDC").Infer().code(), NNRT_INVALID_MODEL);
}

// The builder unit test's shape: [1, 12, 1, 1] -> [1, 3, 2, 2] under NCHW.
TEST(DepthToSpaceTest, BuilderTestShapeNchwC630) {
  Dims dims;
  EXPECT_EQ(RunOk(Case(NodeType::DEPTH_TO_SPACE, Iota(12), {1, 12, 1, 1}, 2, 0), &dims),
            (std::vector<double>{0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11}));
  EXPECT_EQ(dims, (Dims{1, 3, 2, 2}));
  // Under NHWC the same dims have one channel: rejected.
  EXPECT_EQ(Case(NodeType::DEPTH_TO_SPACE, Iota(12), {1, 12, 1, 1}, 2, 1).Infer().code(), NNRT_INVALID_MODEL);
}

// The TensorFlow examples (NHWC): depth_to_space and space_to_depth of [1,2,2,3] <-> [1,1,1,12].
TEST(DepthSpaceTest, TensorFlowExamplesNhwcC630) {
  Dims dims;
  EXPECT_EQ(RunOk(Case(NodeType::DEPTH_TO_SPACE, {1, 2, 3, 4}, {1, 1, 1, 4}, 2, 1), &dims),
            (std::vector<double>{1, 2, 3, 4}));
  EXPECT_EQ(dims, (Dims{1, 2, 2, 1}));
  EXPECT_EQ(RunOk(Case(NodeType::SPACE_TO_DEPTH, Iota(12, 1), {1, 2, 2, 3}, 2, 1), &dims), D(Iota(12, 1)));
  EXPECT_EQ(dims, (Dims{1, 1, 1, 12}));
  const std::vector<float> x = {1, 2, 5, 6, 3, 4, 7, 8, 9, 10, 13, 14, 11, 12, 15, 16};  // [1,4,4,1]
  EXPECT_EQ(RunOk(Case(NodeType::SPACE_TO_DEPTH, x, {1, 4, 4, 1}, 2, 1), &dims),
            (std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}));
  EXPECT_EQ(dims, (Dims{1, 2, 2, 4}));
}

// C-633: SPACE_TO_DEPTH is DEPTH_TO_SPACE DCR's inverse in both layouts.
TEST(DepthSpaceTest, SpaceToDepthInvertsDcrC633) {
  for (int8_t format : {0, 1}) {
    const Dims x_dims = format == 0 ? Dims{2, 3, 4, 6} : Dims{2, 4, 6, 3};
    Dims mid, back;
    const std::vector<double> packed = RunOk(Case(NodeType::SPACE_TO_DEPTH, Iota(144), x_dims, 2, format), &mid);
    const std::vector<float> packed_f(packed.begin(), packed.end());
    EXPECT_EQ(RunOk(Case(NodeType::DEPTH_TO_SPACE, packed_f, mid, 2, format, "DCR"), &back), D(Iota(144)));
    EXPECT_EQ(back, x_dims);
  }
}

// C-631: blockSize >= 2; channels divisible by blockSize^2 (DEPTH_TO_SPACE),
// height and width by blockSize (SPACE_TO_DEPTH); rank 4; format 0 or 1.
TEST(DepthSpaceTest, RejectsBadBlocksAndDimsC631) {
  for (NodeType t : {NodeType::DEPTH_TO_SPACE, NodeType::SPACE_TO_DEPTH}) {
    EXPECT_EQ(Case(t, Iota(16), {1, 4, 2, 2}, 1, 0).Infer().code(), NNRT_INVALID_MODEL);
    EXPECT_EQ(Case(t, Iota(16), {1, 4, 2, 2}, 0, 0).Infer().code(), NNRT_INVALID_MODEL);
    EXPECT_EQ(Case(t, Iota(16), {1, 4, 2, 2}, -2, 0).Infer().code(), NNRT_INVALID_MODEL);
    EXPECT_EQ(Case(t, Iota(16), {4, 2, 2}, 2, 0).Infer().code(), NNRT_INVALID_MODEL);
    EXPECT_EQ(Case(t, Iota(16), {1, 4, 2, 2}, 2, 2).Infer().code(), NNRT_INVALID_MODEL);
  }
  const Status c = Case(NodeType::DEPTH_TO_SPACE, Iota(6), {1, 6, 1, 1}, 2, 0).Infer();
  EXPECT_EQ(c.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(c.message().find("channels 6 (dim 1 of input 0 (x)) are not divisible by blockSize^2 = 4"),
            std::string::npos)
      << c.message();
  const Status s = Case(NodeType::SPACE_TO_DEPTH, Iota(12), {1, 1, 2, 6}, 4, 0).Infer();
  EXPECT_EQ(s.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(s.message().find("height 2 (dim 2 of input 0 (x)) is not divisible by blockSize 4"), std::string::npos)
      << s.message();
  EXPECT_EQ(Case(NodeType::SPACE_TO_DEPTH, Iota(12), {1, 1, 4, 3}, 2, 0).Infer().code(), NNRT_INVALID_MODEL);
}

// Output dims above 2^31 - 1 are rejected, not wrapped (dims only: no data).
TEST(DepthSpaceTest, OutputDimsBeyondInt32Rejected) {
  OpHarness s2d(NodeType::SPACE_TO_DEPTH);
  s2d.Input(DataType::kFloat32, {1, 1000000000, 2, 2}, {}).Output(DataType::kFloat32);
  s2d.Attr(Attr::Int64("blockSize", 2));
  EXPECT_EQ(s2d.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness d2s(NodeType::DEPTH_TO_SPACE);
  d2s.Input(DataType::kFloat32, {1, 4, 2000000000, 1}, {}).Output(DataType::kFloat32);
  d2s.Attr(Attr::Int64("blockSize", 2));
  EXPECT_EQ(d2s.Infer().code(), NNRT_INVALID_MODEL);
}

// Unknown dims at prepare: only the unknown dims' outputs stay -1.
TEST(DepthSpaceTest, DynamicDimsAtPrepare) {
  OpHarness h(NodeType::DEPTH_TO_SPACE);
  h.Input(DataType::kFloat32, {-1, 8, -1, 3}, {}).Output(DataType::kFloat32);
  h.Attr(Attr::Int64("blockSize", 2));
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{-1, 2, -1, 6}));
}

// Bytes copied: NaN payloads and -0 survive; different quant params are unsupported (C-350).
TEST(DepthSpaceTest, ExactCopy) {
  const uint32_t nan_bits = 0x7FA00007u;
  float nan_value, minus_zero = -0.0f;
  std::memcpy(&nan_value, &nan_bits, 4);
  OpHarness h = Case(NodeType::SPACE_TO_DEPTH, {nan_value, 1, minus_zero, 2}, {1, 2, 2, 1}, 2, 1);
  ASSERT_TRUE(h.Run().ok());
  uint32_t bits[4];
  std::memcpy(bits, h.ctx().outputs[0].mutable_data, 16);
  EXPECT_EQ(bits[0], nan_bits);
  EXPECT_EQ(bits[2], 0x80000000u);
  OpHarness requant(NodeType::DEPTH_TO_SPACE);
  requant.Input(DataType::kInt8, {1, 4, 1, 1}, Bytes(std::vector<int8_t>{1, 2, 3, 4}), {QP(0.5, 0)})
      .Output(DataType::kInt8, {QP(0.25, 0)})
      .Attr(Attr::Int64("blockSize", 2));
  EXPECT_EQ(requant.Infer().code(), NNRT_UNSUPPORTED_OP);
}

class DepthSpaceEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(DepthSpaceEveryDataType, RearrangedInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : 0));
  const std::vector<double> x = t == DataType::kBool ? std::vector<double>{1, 0, 0, 1} : std::vector<double>{1, 2, 3, 4};
  OpHarness h(NodeType::SPACE_TO_DEPTH);
  h.Input(t, {1, 1, 2, 2}, testing::EncodeAs(t, x, q), q).Output(t, q).Attr(Attr::Int64("blockSize", 2));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutReals(), x);
  EXPECT_EQ(h.OutDims(), (Dims{1, 4, 1, 1}));
  OpHarness back(NodeType::DEPTH_TO_SPACE);
  back.Input(t, {1, 4, 1, 1}, testing::EncodeAs(t, x, q), q).Output(t, q).Attr(Attr::Int64("blockSize", 2));
  ASSERT_TRUE(back.Run().ok());
  EXPECT_EQ(back.OutReals(), x);
}

INSTANTIATE_TEST_SUITE_P(Signatures, DepthSpaceEveryDataType, ::testing::ValuesIn(DepthToSpaceOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
