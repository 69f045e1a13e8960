#include "reference/ops/nn/batch_instance_norm.h"

#include <cmath>
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

struct NormRun {
  Status status;
  std::vector<double> values;
};

NormRun RunBatchNorm(const std::vector<float>& x, Dims x_dims, const std::vector<std::vector<float>>& params,
                     Dims param_dims, float epsilon) {
  OpHarness h(NodeType::FUSED_BATCH_NORM);
  h.Input(DataType::kFloat32, std::move(x_dims), Bytes(x));
  for (const auto& p : params) h.Input(DataType::kFloat32, param_dims, Bytes(p));
  h.Output(DataType::kFloat32).Attr(Attr::Float("epsilon", epsilon));
  NormRun r;
  r.status = h.Run();
  if (r.status.ok()) r.values = h.OutDoubles();
  return r;
}

// C-576/C-577: channel = last dim; y = (x - mean)/sqrt(var + eps)*scale + offset.
TEST(BatchNormTest, ChannelLastC576) {
  const NormRun r = RunBatchNorm({1, 2, 3, 4}, {2, 2}, {{1, 2}, {0.5, -1}, {2, 3}, {4, 1}}, {2}, 0.0f);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.values, (std::vector<double>{0, -3, 1, 1}));
  // epsilon enters under the root: (3 - 1)/sqrt(0.75 + 0.25).
  EXPECT_EQ(RunBatchNorm({3}, {1}, {{1}, {0}, {1}, {0.75}}, {1}, 0.25f).values, (std::vector<double>{2}));
  // The catalogue's [2,2] parameters and a wrong channel count are rejected.
  const NormRun bad = RunBatchNorm({1, 2, 3, 4}, {2, 2}, {{1, 1, 1, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 1, 1, 1}},
                                   {2, 2}, 0.0f);
  EXPECT_EQ(bad.status.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(bad.status.message().find("C-576"), std::string::npos) << bad.status.message();
  EXPECT_EQ(RunBatchNorm({1, 2}, {1, 2}, {{1}, {0}, {0}, {1}}, {1}, 0.0f).status.code(), NNRT_INVALID_MODEL);
}

// C-573 / C-577: variance + epsilon = 0 -> offset at x = mean, +-inf elsewhere;
// a negative variance + epsilon -> NaN.
TEST(BatchNormTest, ZeroVarianceC573) {
  NormRun r = RunBatchNorm({5, 6, 4}, {3, 1}, {{1}, {3}, {5}, {0}}, {1}, 0.0f);
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.values[0], 3.0);
  EXPECT_EQ(r.values[1], INFINITY);
  EXPECT_EQ(r.values[2], -INFINITY);
  r = RunBatchNorm({1}, {1}, {{1}, {0}, {0}, {-1}}, {1}, 0.25f);
  ASSERT_TRUE(r.status.ok());
  EXPECT_TRUE(std::isnan(r.values[0]));
}

class BatchNormEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(BatchNormEveryDataType, NormalisesInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 10 : -4));
  OpHarness h(NodeType::FUSED_BATCH_NORM);
  // x [3, 0]; channel 0: (3-1)/2*1 + 0.5 = 1.5; channel 1: (0-1)/1*2 - 1 = -3.
  h.Input(t, {1, 2}, testing::EncodeAs(t, {3, 0}, q), q)
      .Input(t, {2}, testing::EncodeAs(t, {1, 2}, q), q)
      .Input(t, {2}, testing::EncodeAs(t, {0.5, -1}, q), q)
      .Input(t, {2}, testing::EncodeAs(t, {1, 1}, q), q)
      .Input(t, {2}, testing::EncodeAs(t, {4, 1}, q), q)
      .Output(t, q)
      .Attr(Attr::Float("epsilon", 0.0f));
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{1.5, -3})) << DataTypeName(t);
  EXPECT_TRUE(h.GuardIntact());
}

INSTANTIATE_TEST_SUITE_P(Signatures, BatchNormEveryDataType, ::testing::ValuesIn(BatchNormOpDef().data_types),
                         testing::DataTypeParamName);

NormRun RunInstanceNorm(const std::vector<float>& x, Dims x_dims, const std::vector<float>& scale,
                        const std::vector<float>& bias, float epsilon = 0.0f) {
  OpHarness h(NodeType::INSTANCE_NORM);
  const Dims c{static_cast<int32_t>(scale.size())};
  h.Input(DataType::kFloat32, std::move(x_dims), Bytes(x))
      .Input(DataType::kFloat32, c, Bytes(scale))
      .Input(DataType::kFloat32, c, Bytes(bias))
      .Output(DataType::kFloat32)
      .Attr(Attr::Float("epsilon", epsilon));
  NormRun r;
  r.status = h.Run();
  if (r.status.ok()) r.values = h.OutDoubles();
  return r;
}

// C-578: [N, C, D...], channel dim 1, one row per (n, c); C-572 population variance.
TEST(InstanceNormTest, ChannelIsDim1C578) {
  NormRun r = RunInstanceNorm({1, 3, 10, 30}, {1, 2, 2}, {1, 2}, {0, 1});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.values, (std::vector<double>{-1, 1, -1, 3}));
  // Two samples, one channel, D = [1, 2].
  r = RunInstanceNorm({0, 4, 2, 2}, {2, 1, 1, 2}, {1}, {0});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.values, (std::vector<double>{-1, 1, 0, 0}));
  EXPECT_EQ(RunInstanceNorm({1, 2, 3, 4}, {2, 2}, {1, 1}, {0, 0}).status.code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunInstanceNorm({1, 2, 3, 4}, {1, 2, 2}, {1}, {0}).status.code(), NNRT_INVALID_MODEL);
}

// C-583: quantized operands are rejected.
TEST(InstanceNormTest, QuantizedRejectedC583) {
  OpHarness h(NodeType::INSTANCE_NORM);
  h.Input(DataType::kInt8, {1, 1, 2}, Bytes(std::vector<int8_t>{1, 3}), {QP(0.5, 0)})
      .Input(DataType::kInt8, {1}, Bytes(std::vector<int8_t>{2}), {QP(0.5, 0)})
      .Input(DataType::kInt8, {1}, Bytes(std::vector<int8_t>{0}), {QP(0.5, 0)})
      .Output(DataType::kInt8, {QP(0.5, 0)});
  const Status s = h.Run();
  EXPECT_EQ(s.code(), NNRT_UNSUPPORTED_OP);
  EXPECT_NE(s.message().find("C-583"), std::string::npos) << s.message();
}

class InstanceNormEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(InstanceNormEveryDataType, NormalisesInTheType) {
  const DataType t = GetParam();
  OpHarness h(NodeType::INSTANCE_NORM);
  h.Input(t, {1, 1, 2}, testing::EncodeAs(t, {2, 4}, {}))
      .Input(t, {1}, testing::EncodeAs(t, {2}, {}))
      .Input(t, {1}, testing::EncodeAs(t, {0.5}, {}))
      .Output(t);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{-1.5, 2.5})) << DataTypeName(t);
  EXPECT_TRUE(h.GuardIntact());
}

INSTANTIATE_TEST_SUITE_P(Signatures, InstanceNormEveryDataType, ::testing::ValuesIn(InstanceNormOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
