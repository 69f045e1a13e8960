#include "reference/ops/elementwise/scale_bias.h"

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

struct ScaleRun {
  Status status;
  std::vector<double> values;
};

ScaleRun RunScale(const std::vector<float>& x, Dims x_dims, const std::vector<float>& scale,
                  const std::vector<float>& bias, Dims s_dims, int64_t axis, int8_t activation = 0) {
  OpHarness h(NodeType::SCALE_FUSION);
  h.Input(DataType::kFloat32, std::move(x_dims), Bytes(x))
      .Input(DataType::kFloat32, s_dims, Bytes(scale))
      .Input(DataType::kFloat32, s_dims, Bytes(bias))
      .Output(DataType::kFloat32)
      .Attr(Attr::Int64("axis", axis))
      .Attr(Attr::Int8("activationType", activation));
  ScaleRun r;
  r.status = h.Run();
  if (r.status.ok()) r.values = h.OutDoubles();
  return r;
}

// C-579: scale/bias aligned to the input dims from axis (negative axes), read at (i / inner) % size.
TEST(ScaleTest, AxisAlignmentC579) {
  // ops_catalog #26 [UT] shapes: x [1,4,1,1], axis 1, scale/bias [4].
  ScaleRun r = RunScale({1, 2, 3, 4}, {1, 4, 1, 1}, {2, 2, 2, 2}, {1, 0, -1, 0}, {4}, 1);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.values, (std::vector<double>{3, 4, 5, 8}));
  // x [2,2,2], axis -2, scale [2,2]: scale repeats over dim 0.
  r = RunScale({1, 1, 1, 1, 2, 2, 2, 2}, {2, 2, 2}, {1, 2, 3, 4}, {0, 0, 0, 10}, {2, 2}, -2);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.values, (std::vector<double>{1, 2, 3, 14, 2, 4, 6, 18}));
  // axis 0 with scale [2] on x [2,3]: scale per row.
  r = RunScale({1, 1, 1, 1, 1, 1}, {2, 3}, {2, 3}, {0, 0}, {2}, 0);
  EXPECT_EQ(r.values, (std::vector<double>{2, 2, 2, 3, 3, 3}));
  const ScaleRun bad = RunScale({1, 2, 3, 4}, {2, 2}, {1, 1, 1}, {0, 0, 0}, {3}, 1);
  EXPECT_EQ(bad.status.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(bad.status.message().find("C-579"), std::string::npos) << bad.status.message();
  EXPECT_EQ(RunScale({1, 2}, {1, 2}, {1, 1}, {0, 0}, {2}, 2).status.code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunScale({1, 2}, {1, 2}, {1, 1, 1, 1}, {0, 0, 0, 0}, {2, 2}, 1).status.code(), NNRT_INVALID_MODEL);
}

// C-580: quantized y = Q(act(DQ(x) * DQ(scale) + DQ(bias))), one quantization.
TEST(ScaleTest, QuantizedWithRelu6C580) {
  OpHarness h(NodeType::SCALE_FUSION);
  h.Input(DataType::kInt8, {1, 3}, Bytes(std::vector<int8_t>{2, -4, 10}), {QP(0.5, 0)})  // [1, -2, 5]
      .Input(DataType::kInt8, {3}, Bytes(std::vector<int8_t>{4, 4, 8}), {QP(0.25, 0)})    // [1, 1, 2]
      .Input(DataType::kInt8, {3}, Bytes(std::vector<int8_t>{1, 0, 0}), {QP(0.25, 0)})    // [0.25, 0, 0]
      .Output(DataType::kInt8, {QP(0.125, 0)})
      .Attr(Attr::Int64("axis", 1))
      .Attr(Attr::Int8("activationType", 3));  // RELU6
  ASSERT_TRUE(h.Run().ok());
  // [1.25, -2 -> 0, 10 -> 6] / 0.125 = [10, 0, 48]
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{10, 0, 48}));
}

class ScaleEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(ScaleEveryDataType, ScalesInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 20 : -2));
  OpHarness h(NodeType::SCALE_FUSION);
  h.Input(t, {2, 2}, testing::EncodeAs(t, {1, 2, 3, 4}, q), q)
      .Input(t, {2}, testing::EncodeAs(t, {2, -1}, q), q)
      .Input(t, {2}, testing::EncodeAs(t, {0.5, 1}, q), q)
      .Output(t, q)
      .Attr(Attr::Int64("axis", -1));
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{2.5, -1, 6.5, -3})) << DataTypeName(t);
  EXPECT_TRUE(h.GuardIntact());
}

INSTANTIATE_TEST_SUITE_P(Signatures, ScaleEveryDataType, ::testing::ValuesIn(ScaleOpDef().data_types),
                         testing::DataTypeParamName);

ScaleRun RunBiasAdd(const std::vector<float>& x, Dims x_dims, const std::vector<float>& bias, Dims b_dims) {
  OpHarness h(NodeType::BIAS_ADD);
  h.Input(DataType::kFloat32, std::move(x_dims), Bytes(x))
      .Input(DataType::kFloat32, std::move(b_dims), Bytes(bias))
      .Output(DataType::kFloat32);
  ScaleRun r;
  r.status = h.Run();
  if (r.status.ok()) r.values = h.OutDoubles();
  return r;
}

// C-581: bias [C] along the last axis; rank 2..5.
TEST(BiasAddTest, LastAxisC581) {
  const ScaleRun r = RunBiasAdd({1, 2, 3, 4, 5, 6}, {2, 3}, {10, 20, 30}, {3});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.values, (std::vector<double>{11, 22, 33, 14, 25, 36}));
  EXPECT_EQ(RunBiasAdd({1, 2}, {2}, {1, 1}, {2}).status.code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunBiasAdd({1, 2, 3, 4, 5, 6}, {2, 3}, {1, 1}, {2}).status.code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunBiasAdd({1, 2, 3, 4, 5, 6}, {2, 3}, {1, 1, 1}, {1, 3}).status.code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunBiasAdd(std::vector<float>(6, 1), {1, 1, 1, 1, 2, 3}, {1, 1, 1}, {3}).status.code(),
            NNRT_INVALID_MODEL);
}

// C-582: quantized y = Q(DQ(x) + DQ(bias)).
TEST(BiasAddTest, QuantizedC582) {
  OpHarness h(NodeType::BIAS_ADD);
  h.Input(DataType::kUint8, {1, 2}, Bytes(std::vector<uint8_t>{130, 126}), {QP(0.5, 128)})  // [1, -1]
      .Input(DataType::kInt8, {2}, Bytes(std::vector<int8_t>{3, 1}), {QP(0.25, 0)})         // [0.75, 0.25]
      .Output(DataType::kUint8, {QP(0.5, 128)});
  ASSERT_TRUE(h.Run().ok());
  // [1.75, -0.75] / 0.5 + 128 = [131.5, 126.5]: round half away from zero after
  // adding the zero point (quantization_semantics 4.3) -> [132, 127].
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{132, 127}));
}

class BiasAddEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(BiasAddEveryDataType, AddsInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 20 : -2));
  OpHarness h(NodeType::BIAS_ADD);
  h.Input(t, {2, 2}, testing::EncodeAs(t, {1, 2, 3, 4}, q), q)
      .Input(t, {2}, testing::EncodeAs(t, {0.5, -1}, q), q)
      .Output(t, q);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{1.5, 1, 3.5, 3})) << DataTypeName(t);
  EXPECT_TRUE(h.GuardIntact());
}

INSTANTIATE_TEST_SUITE_P(Signatures, BiasAddEveryDataType, ::testing::ValuesIn(BiasAddOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
