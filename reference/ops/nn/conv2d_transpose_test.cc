#include "reference/ops/nn/conv2d_transpose.h"

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

struct Deconv {
  std::vector<int64_t> stride = {1, 1};
  std::vector<int64_t> dilation = {1, 1};
  int8_t pad_mode = 2;  // VALID
  std::vector<int64_t> pad_list = {0, 0, 0, 0};
  int64_t group = 1;
  int8_t activation = 0;
  std::vector<int64_t> output_paddings = {};
};

void AddAttrs(OpHarness& h, const Deconv& d) {
  h.Attr(Attr::Int64s("stride", d.stride))
      .Attr(Attr::Int64s("dilation", d.dilation))
      .Attr(Attr::Int8("padMode", d.pad_mode))
      .Attr(Attr::Int64s("padList", d.pad_list))
      .Attr(Attr::Int64("group", d.group))
      .Attr(Attr::Int8("activationType", d.activation))
      .Attr(Attr::Int64s("outputPaddings", d.output_paddings));
}

struct Result {
  Status status;
  Dims dims;
  std::vector<double> values;
};

Result RunF32(Dims x_dims, const std::vector<float>& x, Dims w_dims, const std::vector<float>& w,
              const std::vector<float>& bias, const Deconv& d) {
  OpHarness h(NodeType::CONV2D_TRANSPOSE_FUSION);
  h.Input(DataType::kFloat32, std::move(x_dims), Bytes(x))
      .Input(DataType::kFloat32, std::move(w_dims), Bytes(w))
      .Input(DataType::kFloat32, {static_cast<int32_t>(bias.size())}, Bytes(bias))
      .Output(DataType::kFloat32);
  AddAttrs(h, d);
  Result r;
  r.status = h.Run();
  if (r.status.ok()) {
    r.dims = h.OutDims();
    r.values = h.OutDoubles();
  }
  return r;
}

// ops_catalog #9 [UT]: x [1,4,4,1], weight [1,2,2,1] all 1, padList [1,1,1,1] -> [1,3,3,1].
TEST(Conv2DTransposeTest, CatalogModel) {
  std::vector<float> x(16);
  for (int i = 0; i < 16; ++i) x[i] = static_cast<float>(i + 1);
  Deconv d;
  d.pad_mode = 0;
  d.pad_list = {1, 1, 1, 1};
  d.output_paddings = {0, 0};
  const Result r = RunF32({1, 4, 4, 1}, x, {1, 2, 2, 1}, {1, 1, 1, 1}, {0}, d);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{1, 3, 3, 1}));
  EXPECT_EQ(r.values, (std::vector<double>{14, 18, 22, 30, 34, 38, 46, 50, 54}));
}

// C-512: out = (in-1)*s + (k-1)*d + 1 - pads + outputPadding; taps scatter x[i] to i*s + k*d.
TEST(Conv2DTransposeTest, StrideDilationAndOutputPaddingC512) {
  Deconv d;
  d.stride = {1, 2};
  Result r = RunF32({1, 1, 2, 1}, {1, 2}, {1, 1, 3, 1}, {1, 10, 100}, {0}, d);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{1, 1, 5, 1}));
  EXPECT_EQ(r.values, (std::vector<double>{1, 10, 102, 20, 200}));
  d.output_paddings = {0, 1};  // one more column, bias only (C-513)
  r = RunF32({1, 1, 2, 1}, {1, 2}, {1, 1, 3, 1}, {1, 10, 100}, {0.5f}, d);
  EXPECT_EQ(r.dims, (Dims{1, 1, 6, 1}));
  EXPECT_EQ(r.values, (std::vector<double>{1.5, 10.5, 102.5, 20.5, 200.5, 0.5}));
  Deconv dil;
  dil.dilation = {1, 2};
  r = RunF32({1, 1, 2, 1}, {1, 2}, {1, 1, 2, 1}, {1, 10}, {0}, dil);
  EXPECT_EQ(r.dims, (Dims{1, 1, 4, 1}));
  EXPECT_EQ(r.values, (std::vector<double>{1, 2, 10, 20}));
}

// C-512: SAME gives out = in * stride (pads max(dk - s, 0), odd extra at the end;
// dk < s extends the end with bias-only positions).
TEST(Conv2DTransposeTest, SameModeIsInTimesStrideC512) {
  Deconv d;
  d.pad_mode = 1;
  d.stride = {1, 2};
  Result r = RunF32({1, 1, 2, 1}, {1, 2}, {1, 1, 3, 1}, {1, 10, 100}, {0}, d);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{1, 1, 4, 1}));
  EXPECT_EQ(r.values, (std::vector<double>{1, 10, 102, 20}));
  r = RunF32({1, 1, 2, 1}, {1, 2}, {1, 1, 1, 1}, {3}, {0}, d);
  EXPECT_EQ(r.dims, (Dims{1, 1, 4, 1}));
  EXPECT_EQ(r.values, (std::vector<double>{3, 0, 6, 0}));
  int64_t before = -1, after = -1;
  ComputeConvTransposePadsAxis(PadMode::kSame, 4, 1, 1, 0, 0, &before, &after);  // total 3
  EXPECT_EQ(before, 1);
  EXPECT_EQ(after, 2);
}

// C-514: groups split the channels as CONV2D_FUSION's; depthwise with a channel multiplier.
TEST(Conv2DTransposeTest, GroupsAndDepthwiseC514) {
  Deconv d;
  d.group = 2;
  Result r = RunF32({1, 1, 1, 2}, {1, 2}, {2, 1, 1, 1}, {3, 5}, {0, 0}, d);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.values, (std::vector<double>{3, 10}));
  r = RunF32({1, 1, 1, 2}, {1, 2}, {4, 1, 1, 1}, {1, 2, 3, 4}, {0, 0, 0, 0}, d);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.values, (std::vector<double>{1, 2, 6, 8}));
  r = RunF32({1, 1, 1, 2}, {1, 2}, {2, 1, 1, 2}, {1, 1, 1, 1}, {0, 0}, d);  // weight dim 3 must be 2/2 = 1
  EXPECT_EQ(r.status.code(), NNRT_INVALID_MODEL);
}

// C-513: outputPaddings has 0..2 elements in [0, stride).
TEST(Conv2DTransposeTest, OutputPaddingsValidatedC513) {
  Deconv d;
  d.stride = {2, 2};
  d.output_paddings = {1};
  Result r = RunF32({1, 1, 1, 1}, {1}, {1, 1, 1, 1}, {2}, {0}, d);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{1, 2, 2, 1}));
  EXPECT_EQ(r.values, (std::vector<double>{2, 0, 0, 0}));
  d.output_paddings = {2, 0};
  r = RunF32({1, 1, 1, 1}, {1}, {1, 1, 1, 1}, {2}, {0}, d);
  EXPECT_EQ(r.status.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(r.status.message().find("C-513"), std::string::npos) << r.status.message();
  d.output_paddings = {0, 0, 0};
  EXPECT_EQ(RunF32({1, 1, 1, 1}, {1}, {1, 1, 1, 1}, {2}, {0}, d).status.code(), NNRT_INVALID_MODEL);
  Deconv crop;
  crop.pad_mode = 0;
  crop.pad_list = {1, 1, 0, 0};  // 1 - 2 = -1 rows
  EXPECT_EQ(RunF32({1, 1, 1, 1}, {1}, {1, 1, 1, 1}, {2}, {0}, crop).status.code(), NNRT_INVALID_MODEL);
}

TEST(Conv2DTransposeTest, DynamicDimsAndActivation) {
  OpHarness h(NodeType::CONV2D_TRANSPOSE_FUSION);
  h.Input(DataType::kFloat32, {-1, -1, 3, 1}, {})
      .Input(DataType::kFloat32, {2, 2, 2, 1}, Bytes(std::vector<float>(8, 1)))
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{0, 0}))
      .Output(DataType::kFloat32);
  AddAttrs(h, Deconv{{2, 2}});
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{-1, -1, 6, 2}));
  Deconv relu6;
  relu6.activation = 3;
  EXPECT_EQ(RunF32({1, 1, 2, 1}, {-1, 4}, {1, 1, 1, 1}, {2}, {0}, relu6).values, (std::vector<double>{0, 6}));
}

// C-515: per-channel weights, int32 bias, requantized once.
TEST(Conv2DTransposeTest, QuantizedPerChannelC515) {
  OpHarness h(NodeType::CONV2D_TRANSPOSE_FUSION);
  h.Input(DataType::kInt8, {1, 1, 2, 1}, Bytes(std::vector<int8_t>{2, 4}), {QP(0.5, 0)})
      .Input(DataType::kInt8, {2, 1, 1, 1}, Bytes(std::vector<int8_t>{2, 4}), {QP(0.5, 0), QP(0.25, 0)})
      .Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{2, -4}))
      .Output(DataType::kInt8, {QP(0.25, 0)});
  Deconv d;
  d.stride = {1, 2};
  AddAttrs(h, d);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{1, 1, 3, 2}));
  // ch0 (M = 1): 2*2+2, 2, 4*2+2; ch1 (M = 0.5): (8-4)/2, -4/2, (16-4)/2.
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{6, 2, 2, -2, 10, 6}));
}

class Conv2DTransposeEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(Conv2DTransposeEveryDataType, ScatterInTheType) {
  const DataType t = GetParam();
  const bool quant = t == DataType::kInt8 || t == DataType::kUint8;
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 10 : -2));
  OpHarness h(NodeType::CONV2D_TRANSPOSE_FUSION);
  h.Input(t, {1, 1, 2, 1}, testing::EncodeAs(t, {1, 2}, q), q)
      .Input(t, {1, 1, 2, 1}, testing::EncodeAs(t, {1, 0.5}, q), q);
  if (quant) {
    h.Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{2}));  // 0.5 / (0.5 * 0.5)
  } else {
    h.Input(t, {1}, testing::EncodeAs(t, {0.5}));
  }
  h.Output(t, q);
  AddAttrs(h, Deconv{});
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{1.5, 3, 1.5})) << DataTypeName(t);
  EXPECT_TRUE(h.GuardIntact());
}

INSTANTIATE_TEST_SUITE_P(Signatures, Conv2DTransposeEveryDataType,
                         ::testing::ValuesIn(Conv2DTransposeOpDef().data_types), testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
