#include "reference/ops/nn/l2_normalize.h"

#include <cmath>
#include <cstdint>
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

struct L2Run {
  Status status;
  std::vector<double> values;
};

L2Run RunF32(const std::vector<float>& x, Dims dims, std::vector<int64_t> axes, float epsilon = 0.0f,
             int8_t activation = 0) {
  OpHarness h(NodeType::L2_NORMALIZE_FUSION);
  h.Input(DataType::kFloat32, std::move(dims), Bytes(x))
      .Output(DataType::kFloat32)
      .Attr(Attr::Int64s("axis", std::move(axes)))
      .Attr(Attr::Float("epsilon", epsilon))
      .Attr(Attr::Int8("activationType", activation));
  L2Run r;
  r.status = h.Run();
  if (r.status.ok()) r.values = h.OutDoubles();
  return r;
}

std::vector<double> F32(const std::vector<double>& v) {
  std::vector<double> out;
  for (double d : v) out.push_back(static_cast<double>(static_cast<float>(d)));
  return out;
}

// ops_catalog #94 [XTS]: x [[-1,-2,-3],[4,5,6]], epsilon 1e-10, axis 1 and axis 0.
TEST(L2NormalizeTest, XtsModels) {
  L2Run r = RunF32({-1, -2, -3, 4, 5, 6}, {2, 3}, {1}, 1e-10f);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const double a = std::sqrt(14.0), b = std::sqrt(77.0);
  EXPECT_EQ(r.values, F32({-1 / a, -2 / a, -3 / a, 4 / b, 5 / b, 6 / b}));
  r = RunF32({-1, -2, -3, 4, 5, 6}, {2, 3}, {0}, 1e-10f);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const double c0 = std::sqrt(17.0), c1 = std::sqrt(29.0), c2 = std::sqrt(45.0);
  EXPECT_EQ(r.values, F32({-1 / c0, -2 / c1, -3 / c2, 4 / c0, 5 / c1, 6 / c2}));
}

// C-585: axes in [-rank, rank), distinct; empty = all axes; several axes at once.
TEST(L2NormalizeTest, AxesC585) {
  EXPECT_EQ(RunF32({3, 0, 0, 4}, {2, 2}, {}).values, F32({0.6, 0, 0, 0.8}));
  EXPECT_EQ(RunF32({3, 0, 0, 4}, {2, 2}, {0, -1}).values, F32({0.6, 0, 0, 0.8}));
  EXPECT_EQ(RunF32({3, 4, 6, 8}, {2, 1, 2}, {-1}).values, F32({0.6, 0.8, 0.6, 0.8}));
  EXPECT_EQ(RunF32({1, 2, 3, 4, 5, 6}, {2, 3}, {2}).status.code(), NNRT_INVALID_MODEL);  // XTS Model3
  EXPECT_EQ(RunF32({1, 2}, {1, 2}, {1, -1}).status.code(), NNRT_INVALID_MODEL);
}

// C-586: denominator sqrt(max(sum, epsilon)); 0/0 = 0; RELU after the division.
TEST(L2NormalizeTest, EpsilonIsAFloorOnTheSumC586) {
  // sum 0.25 < epsilon 1: denominator 1 (sqrt(sum + eps) would be 1.118).
  EXPECT_EQ(RunF32({0.25f, 0.5f}, {1, 2}, {1}, 1.0f).values, F32({0.25, 0.5}));
  EXPECT_EQ(RunF32({0, 0}, {1, 2}, {1}, 0.0f).values, (std::vector<double>{0, 0}));
  EXPECT_EQ(RunF32({-3, 4}, {1, 2}, {1}, 0.0f, 1).values, F32({0, 0.8}));
  const L2Run nan = RunF32({NAN, 1, 2, 2}, {2, 2}, {1});
  ASSERT_TRUE(nan.status.ok());
  EXPECT_TRUE(std::isnan(nan.values[0]) && std::isnan(nan.values[1]));
  EXPECT_EQ(nan.values[2], static_cast<double>(static_cast<float>(1 / std::sqrt(2.0))));
}

// C-583: float-only.
TEST(L2NormalizeTest, QuantizedRejectedC583) {
  OpHarness h(NodeType::L2_NORMALIZE_FUSION);
  h.Input(DataType::kInt8, {1, 2}, Bytes(std::vector<int8_t>{1, 3}), {QP(0.5, 0)})
      .Output(DataType::kInt8, {QP(0.5, 0)});
  EXPECT_EQ(h.Run().code(), NNRT_UNSUPPORTED_OP);
}

class L2NormalizeEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(L2NormalizeEveryDataType, NormalisesInTheType) {
  const DataType t = GetParam();
  OpHarness h(NodeType::L2_NORMALIZE_FUSION);
  h.Input(t, {2, 2}, testing::EncodeAs(t, {3, 4, -6, 8}, {})).Output(t).Attr(Attr::Int64s("axis", {-1}));
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  const std::vector<double> want = {RoundToType(t, 0.6), RoundToType(t, 0.8), RoundToType(t, -0.6),
                                    RoundToType(t, 0.8)};
  EXPECT_EQ(h.OutReals(), want) << DataTypeName(t);
  EXPECT_TRUE(h.GuardIntact());
}

INSTANTIATE_TEST_SUITE_P(Signatures, L2NormalizeEveryDataType, ::testing::ValuesIn(L2NormalizeOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
