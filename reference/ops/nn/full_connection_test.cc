#include "reference/ops/nn/full_connection.h"

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

struct FcRun {
  Status status;
  Dims dims;
  std::vector<double> values;
};

struct FcAttrs {
  bool has_bias = false;
  bool use_axis = false;
  int64_t axis = 0;
  int8_t activation = 0;
};

FcRun RunF32(const std::vector<float>& x, Dims x_dims, const std::vector<float>& w, Dims w_dims,
             const std::vector<float>* bias, FcAttrs a) {
  OpHarness h(NodeType::FULL_CONNECTION);
  h.Input(DataType::kFloat32, std::move(x_dims), Bytes(x)).Input(DataType::kFloat32, std::move(w_dims), Bytes(w));
  if (bias != nullptr) h.Input(DataType::kFloat32, {static_cast<int32_t>(bias->size())}, Bytes(*bias));
  h.Output(DataType::kFloat32)
      .Attr(Attr::Bool("hasBias", a.has_bias))
      .Attr(Attr::Bool("useAxis", a.use_axis))
      .Attr(Attr::Int64("axis", a.axis))
      .Attr(Attr::Int8("activationType", a.activation));
  FcRun r;
  r.status = h.Run();
  if (r.status.ok()) {
    r.dims = h.OutDims();
    r.values = h.OutDoubles();
  }
  return r;
}

// ops_catalog #15 [UT]: x [2,2], weight [2,2] all 1, bias [0,0], hasBias.
TEST(FullConnectionTest, CatalogModel) {
  const std::vector<float> bias{0, 0};
  FcAttrs a;
  a.has_bias = true;
  const FcRun r = RunF32({1, 2, 3, 4}, {2, 2}, {1, 1, 1, 1}, {2, 2}, &bias, a);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{2, 2}));
  EXPECT_EQ(r.values, (std::vector<double>{3, 3, 7, 7}));
}

// C-506: y = x * weight^T (weight [outC, K]), bias after the sum.
TEST(FullConnectionTest, WeightIsOutByInC506) {
  const std::vector<float> bias{10, -10};
  const FcRun r = RunF32({1, 2, 3}, {1, 3}, {1, 0, 0, 0, 0, 1}, {2, 3}, &bias, FcAttrs{});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.values, (std::vector<double>{11, -7}));
}

// C-507: the bias input decides (hasBias false with a bias is still added);
// hasBias true without one is an invalid model.
TEST(FullConnectionTest, BiasInputDecidesC507) {
  const std::vector<float> bias{5};
  EXPECT_EQ(RunF32({1, 2}, {1, 2}, {1, 1}, {1, 2}, &bias, FcAttrs{}).values, (std::vector<double>{8}));
  FcAttrs a;
  a.has_bias = true;
  const FcRun r = RunF32({1, 2}, {1, 2}, {1, 1}, {1, 2}, nullptr, a);
  EXPECT_EQ(r.status.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(r.status.message().find("C-507"), std::string::npos) << r.status.message();
}

// C-508: useAxis flattens dims axis.. into K (negative axis counts from the end);
// without useAxis, x is read as rows of K = weight dim 1.
TEST(FullConnectionTest, AxisFlatteningC508) {
  std::vector<float> x(12);
  for (int i = 0; i < 12; ++i) x[i] = static_cast<float>(i + 1);
  FcAttrs a;
  a.use_axis = true;
  a.axis = 1;
  FcRun r = RunF32(x, {2, 3, 2}, std::vector<float>(6, 1), {1, 6}, nullptr, a);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{2, 1}));
  EXPECT_EQ(r.values, (std::vector<double>{21, 57}));
  a.axis = -2;
  EXPECT_EQ(RunF32(x, {2, 3, 2}, std::vector<float>(6, 1), {1, 6}, nullptr, a).values, (std::vector<double>{21, 57}));
  a.axis = 0;
  r = RunF32(x, {2, 3, 2}, std::vector<float>(12, 1), {1, 12}, nullptr, a);
  EXPECT_EQ(r.dims, (Dims{1}));
  EXPECT_EQ(r.values, (std::vector<double>{78}));
  r = RunF32(x, {2, 3, 2}, {1, 0, 0, 0, 0, 0, 0, 1}, {2, 4}, nullptr, FcAttrs{});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{3, 2}));
  EXPECT_EQ(r.values, (std::vector<double>{1, 4, 5, 8, 9, 12}));
  // Mismatches: K from the axis differs from weight dim 1; 12 not a multiple of 5; axis out of range.
  a.axis = 2;
  EXPECT_EQ(RunF32(x, {2, 3, 2}, std::vector<float>(6, 1), {1, 6}, nullptr, a).status.code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunF32(x, {2, 3, 2}, std::vector<float>(5, 1), {1, 5}, nullptr, FcAttrs{}).status.code(),
            NNRT_INVALID_MODEL);
  a.axis = 3;
  EXPECT_EQ(RunF32(x, {2, 3, 2}, std::vector<float>(1, 1), {1, 1}, nullptr, a).status.code(), NNRT_INVALID_MODEL);
}

// C-509: an axis without useAxis is the builder's rejected combination.
TEST(FullConnectionTest, AxisWithoutUseAxisRejectedC509) {
  FcAttrs a;
  a.axis = 1;
  const FcRun r = RunF32({1, 2}, {1, 2}, {1, 1}, {1, 2}, nullptr, a);
  EXPECT_EQ(r.status.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(r.status.message().find("useAxis is false"), std::string::npos) << r.status.message();
}

TEST(FullConnectionTest, DynamicDimsAndActivation) {
  OpHarness h(NodeType::FULL_CONNECTION);
  h.Input(DataType::kFloat32, {-1, 2}, {}).Input(DataType::kFloat32, {3, 2}, Bytes(std::vector<float>(6, 1)))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{-1, 3}));
  FcAttrs a;
  a.activation = 3;  // RELU6
  EXPECT_EQ(RunF32({4, 5, -4, -5}, {2, 2}, {1, 1}, {1, 2}, nullptr, a).values, (std::vector<double>{6, 0}));
}

// C-510: per-channel int8 weights along axis 0, int32 bias at scale s_x*s_w[c].
TEST(FullConnectionTest, PerChannelQuantizedWeightsC510) {
  auto run = [](int32_t bias0, int8_t activation) {
    OpHarness h(NodeType::FULL_CONNECTION);
    h.Input(DataType::kInt8, {1, 2}, Bytes(std::vector<int8_t>{1, 2}), {QP(1.0, 0)})
        .Input(DataType::kInt8, {2, 2}, Bytes(std::vector<int8_t>{2, 2, 5, 1}), {QP(0.5, 0), QP(0.25, 1)})
        .Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{bias0, -4}))
        .Output(DataType::kInt8, {QP(0.5, 0)})
        .Attr(Attr::Int8("activationType", activation));
    const Status s = h.Run();
    return s.ok() ? h.OutInts() : std::vector<int64_t>{s.code()};
  };
  // ch0: 1*2 + 2*2 + 4 = 10 (M = 1); ch1: 1*4 + 2*0 - 4 = 0.
  EXPECT_EQ(run(4, 0), (std::vector<int64_t>{10, 0}));
  // RELU6: Q(6) = 12 clamps ch0's 16.
  EXPECT_EQ(run(10, 3), (std::vector<int64_t>{12, 0}));
}

class FullConnectionEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(FullConnectionEveryDataType, ProductInTheType) {
  const DataType t = GetParam();
  const bool quant = t == DataType::kInt8 || t == DataType::kUint8;
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 10 : -2));
  OpHarness h(NodeType::FULL_CONNECTION);
  // x [[1,2],[3,4]], weight [[0,1],[1,0]], bias [1, -1] (int32 1/(0.5*0.5) = 4 when quantized).
  h.Input(t, {2, 2}, testing::EncodeAs(t, {1, 2, 3, 4}, q), q)
      .Input(t, {2, 2}, testing::EncodeAs(t, {0, 1, 1, 0}, q), q);
  if (quant) {
    h.Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{4, -4}));
  } else {
    h.Input(t, {2}, testing::EncodeAs(t, {1, -1}));
  }
  h.Output(t, q);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{3, 0, 5, 2})) << DataTypeName(t);
  EXPECT_TRUE(h.GuardIntact());
}

INSTANTIATE_TEST_SUITE_P(Signatures, FullConnectionEveryDataType, ::testing::ValuesIn(FullConnectionOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
