#include "reference/ops/nn/lrn.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "reference/numerics/numerics.h"
#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

struct LrnAttrs {
  int64_t radius = 1;
  float bias = 1, alpha = 1, beta = 1;
  std::string region = "ACROSS_CHANNELS";
};

OpHarness& Lrn(OpHarness& h, const LrnAttrs& a) {
  return h.Attr(Attr::Int64("depthRadius", a.radius))
      .Attr(Attr::Float("bias", a.bias))
      .Attr(Attr::Float("alpha", a.alpha))
      .Attr(Attr::Float("beta", a.beta))
      .Attr(Attr::String("normRegion", a.region));
}

std::vector<double> F32(const std::vector<double>& v) {
  std::vector<double> out;
  for (double d : v) out.push_back(static_cast<float>(d));
  return out;
}

Status RunF32(const std::vector<float>& x, Dims dims, const LrnAttrs& a, std::vector<double>* out,
              Format format = Format::kNhwc) {
  OpHarness h(NodeType::LRN);
  h.Input(DataType::kFloat32, std::move(dims), Bytes(x), {}, format).Output(DataType::kFloat32);
  Lrn(h, a);
  const Status s = h.Run();
  if (s.ok()) *out = h.OutDoubles();
  return s;
}

// C-592: the window is clipped at the channel edges and alpha is not divided
// by the window size: [1,2,3], radius 1, bias 1, alpha 1, beta 1.
TEST(LrnTest, ClippedWindowAlphaNotDividedC592) {
  std::vector<double> y;
  ASSERT_TRUE(RunF32({1, 2, 3}, {1, 1, 1, 3}, {}, &y).ok());
  EXPECT_EQ(y, F32({1.0 / 6, 2.0 / 15, 3.0 / 14}));
  // A radius larger than the channels: every window is all channels.
  ASSERT_TRUE(RunF32({1, 2, 3}, {1, 1, 1, 3}, {5}, &y).ok());
  EXPECT_EQ(y, F32({1.0 / 15, 2.0 / 15, 3.0 / 15}));
  // The builder defaults (radius 0, bias = alpha = beta = 0): pow(0, 0) = 1, y = x.
  ASSERT_TRUE(RunF32({-1.5f, 0, 2}, {1, 1, 1, 3}, {0, 0, 0, 0}, &y).ok());
  EXPECT_EQ(y, (std::vector<double>{-1.5, 0, 2}));
}

// C-591: channels are the last dim (NHWC) or dim 1 of an NCHW tensor.
TEST(LrnTest, ChannelAxisC591) {
  const std::vector<float> x{1, 2, 3, 4};
  std::vector<double> nhwc, nchw;
  ASSERT_TRUE(RunF32(x, {1, 2, 1, 2}, {0}, &nhwc).ok());
  EXPECT_EQ(nhwc, F32({1.0 / 2, 2.0 / 5, 3.0 / 10, 4.0 / 17}));
  ASSERT_TRUE(RunF32(x, {1, 2, 1, 2}, {1}, &nchw, Format::kNchw).ok());
  EXPECT_EQ(nchw, F32({1.0 / 11, 2.0 / 21, 3.0 / 11, 4.0 / 21}));
  EXPECT_EQ(RunF32(x, {2, 2}, {}, &nhwc).code(), NNRT_INVALID_MODEL);
}

// C-593: attribute domains; IEEE results of a negative or zero base.
TEST(LrnTest, AttributesC593) {
  std::vector<double> y;
  EXPECT_EQ(RunF32({1}, {1, 1, 1, 1}, {-1}, &y).code(), NNRT_INVALID_MODEL);
  LrnAttrs region;
  region.region = "WITHIN_CHANNEL";
  EXPECT_EQ(RunF32({1}, {1, 1, 1, 1}, region, &y).code(), NNRT_INVALID_MODEL);
  LrnAttrs inf;
  inf.alpha = std::numeric_limits<float>::infinity();
  EXPECT_EQ(RunF32({1}, {1, 1, 1, 1}, inf, &y).code(), NNRT_INVALID_MODEL);
  LrnAttrs negative_base{0, -1, 0, 0.5f};
  ASSERT_TRUE(RunF32({2}, {1, 1, 1, 1}, negative_base, &y).ok());
  EXPECT_TRUE(std::isnan(y[0]));
  LrnAttrs zero_base{0, 0, 1, 1};
  ASSERT_TRUE(RunF32({0, 2}, {1, 1, 1, 2}, zero_base, &y).ok());
  EXPECT_TRUE(std::isnan(y[0]));  // 0 / 0
  EXPECT_EQ(y[1], 0.5);           // 2 / 4
}

// C-594: float32 / float16 only.
TEST(LrnTest, QuantizedRejectedC594) {
  OpHarness h(NodeType::LRN);
  h.Input(DataType::kInt8, {1, 1, 1, 2}, Bytes(std::vector<int8_t>{1, 2}), {QP(0.5, 0)})
      .Output(DataType::kInt8, {QP(0.5, 0)});
  EXPECT_EQ(h.Run().code(), NNRT_UNSUPPORTED_OP);
  OpHarness i(NodeType::LRN);
  i.Input(DataType::kInt32, {1, 1, 1, 2}, Bytes(std::vector<int32_t>{1, 2})).Output(DataType::kInt32);
  EXPECT_NE(i.Run().code(), NNRT_SUCCESS);
}

TEST(LrnTest, DynamicDimsAtPrepare) {
  OpHarness h(NodeType::LRN);
  h.Input(DataType::kFloat32, {-1, 2, 2, 3}, {}).Output(DataType::kFloat32);
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{-1, 2, 2, 3}));
}

class LrnEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(LrnEveryDataType, RoundedOnceToTheType) {
  const DataType t = GetParam();
  OpHarness h(NodeType::LRN);
  h.Input(t, {1, 1, 1, 3}, testing::EncodeAs(t, {1, 2, 3}, {})).Output(t);
  Lrn(h, {1, 1, 1, 0.75f});
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  const std::vector<double> exact{1 / std::pow(6.0, 0.75), 2 / std::pow(15.0, 0.75), 3 / std::pow(14.0, 0.75)};
  std::vector<double> want;
  for (double v : exact) want.push_back(t == DataType::kFloat16 ? HalfBitsToDouble(DoubleToHalfBits(v)) : F32({v})[0]);
  EXPECT_EQ(h.OutDoubles(), want) << DataTypeName(t);
  EXPECT_TRUE(h.GuardIntact());
}

INSTANTIATE_TEST_SUITE_P(Signatures, LrnEveryDataType, ::testing::ValuesIn(LrnOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
