#include "reference/ops/nn/layer_norm.h"

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

struct LnRun {
  Status status;
  std::vector<double> values;
};

LnRun RunF32(const std::vector<float>& x, Dims x_dims, const std::vector<float>& gamma, const std::vector<float>& beta,
             Dims param_dims, int64_t norm_axis = 1, int64_t params_axis = 1, float epsilon = 0.0f,
             bool affine = true) {
  OpHarness h(NodeType::LAYER_NORM_FUSION);
  h.Input(DataType::kFloat32, std::move(x_dims), Bytes(x))
      .Input(DataType::kFloat32, param_dims, Bytes(gamma))
      .Input(DataType::kFloat32, param_dims, Bytes(beta))
      .Output(DataType::kFloat32)
      .Attr(Attr::Int64("beginNormAxis", norm_axis))
      .Attr(Attr::Float("epsilon", epsilon))
      .Attr(Attr::Bool("elementwiseAffine", affine))
      .Attr(Attr::Int64("beginParamsAxis", params_axis));
  LnRun r;
  r.status = h.Run();
  if (r.status.ok()) r.values = h.OutDoubles();
  return r;
}

// ops_catalog #49 [UT] shapes: x [2,3], gamma/beta [3], axes 1, epsilon 0.
// Row [1,2,3]: mean 2, variance 2/3 (population, C-572).
TEST(LayerNormTest, CatalogShapesPopulationVarianceC572) {
  const LnRun r = RunF32({1, 2, 3, 4, 4, 4}, {2, 3}, {1, 1, 1}, {0, 0, 0}, {3});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const double s = std::sqrt(1.5);
  ASSERT_EQ(r.values.size(), 6u);
  EXPECT_EQ(r.values[0], static_cast<double>(static_cast<float>(-s)));
  EXPECT_EQ(r.values[1], 0.0);
  EXPECT_EQ(r.values[2], static_cast<double>(static_cast<float>(s)));
  // C-573: a constant row with epsilon 0 gives beta (0 here), not NaN.
  EXPECT_EQ(r.values[3], 0.0);
  EXPECT_EQ(r.values[5], 0.0);
}

// C-573: constant row -> beta; a NaN or an infinity makes its whole row NaN.
TEST(LayerNormTest, ConstantRowAndNonFiniteRowsC573) {
  const float inf = INFINITY;
  const LnRun r = RunF32({5, 5, NAN, 1, inf, 2}, {3, 2}, {2, 2}, {7, -1}, {2});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.values[0], 7.0);
  EXPECT_EQ(r.values[1], -1.0);
  for (size_t i = 2; i < 6; ++i) EXPECT_TRUE(std::isnan(r.values[i])) << i;
}

// C-570: negative axes; gamma covers the dims from beginParamsAxis and is
// read at i % P, also when beginParamsAxis < beginNormAxis.
TEST(LayerNormTest, AxesAndParamShapesC570) {
  // x [2,2]: normalise each row; gamma/beta [2,2] (beginParamsAxis 0).
  LnRun r = RunF32({1, 3, 10, 20}, {2, 2}, {1, 2, 3, 4}, {0, 0, 0, 100}, {2, 2}, -1, 0);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.values, (std::vector<double>{-1, 2, -3, 104}));
  // beginNormAxis 0 normalises everything.
  r = RunF32({1, 3, 1, 3}, {2, 2}, {1, 1}, {0, 0}, {2}, 0, 1);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.values, (std::vector<double>{-1, 1, -1, 1}));
  // Out of range axes and mismatched params are rejected.
  EXPECT_EQ(RunF32({1, 2}, {1, 2}, {1, 1}, {0, 0}, {2}, 2, 1).status.code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunF32({1, 2}, {1, 2}, {1, 1}, {0, 0}, {2}, -3, 1).status.code(), NNRT_INVALID_MODEL);
  const LnRun bad = RunF32({1, 2, 3, 4}, {2, 2}, {1, 1, 1, 1}, {0, 0, 0, 0}, {4});
  EXPECT_EQ(bad.status.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(bad.status.message().find("C-570"), std::string::npos) << bad.status.message();
}

// C-571: elementwiseAffine false skips gamma and beta.
TEST(LayerNormTest, ElementwiseAffineFalseC571) {
  const LnRun r = RunF32({1, 3}, {1, 2}, {5, 5}, {9, 9}, {2}, 1, 1, 0.0f, false);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.values, (std::vector<double>{-1, 1}));
}

// C-574: epsilon finite and >= 0; it enters under the square root.
TEST(LayerNormTest, EpsilonC574) {
  // Row [1,3]: variance 1, epsilon 3 -> 1/sqrt(4) = 0.5.
  const LnRun r = RunF32({1, 3}, {1, 2}, {1, 1}, {0, 0}, {2}, 1, 1, 3.0f);
  EXPECT_EQ(r.values, (std::vector<double>{-0.5, 0.5}));
  EXPECT_EQ(RunF32({1, 3}, {1, 2}, {1, 1}, {0, 0}, {2}, 1, 1, -1.0f).status.code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(RunF32({1, 3}, {1, 2}, {1, 1}, {0, 0}, {2}, 1, 1, NAN).status.code(), NNRT_INVALID_MODEL);
}

// C-575: quantized = Q(f(DQ(x), DQ(gamma), DQ(beta))) in binary64.
TEST(LayerNormTest, QuantizedOnceC575) {
  OpHarness h(NodeType::LAYER_NORM_FUSION);
  h.Input(DataType::kInt8, {1, 2}, Bytes(std::vector<int8_t>{2, 6}), {QP(0.5, 0)})   // [1, 3]
      .Input(DataType::kInt8, {2}, Bytes(std::vector<int8_t>{4, 4}), {QP(0.25, 0)})  // [1, 1]
      .Input(DataType::kUint8, {2}, Bytes(std::vector<uint8_t>{10, 12}), {QP(0.5, 10)})  // [0, 1]
      .Output(DataType::kInt8, {QP(0.1, -3)})
      .Attr(Attr::Float("epsilon", 0.0f));
  ASSERT_TRUE(h.Run().ok());
  // [-1, 1 + 1 = 2] / 0.1 - 3 = [-13, 17]
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{-13, 17}));
  // Mixing float and quantized operands is rejected.
  OpHarness m(NodeType::LAYER_NORM_FUSION);
  m.Input(DataType::kInt8, {1, 2}, Bytes(std::vector<int8_t>{2, 6}), {QP(0.5, 0)})
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 1}))
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{0, 0}))
      .Output(DataType::kInt8, {QP(0.1, 0)});
  EXPECT_EQ(m.Run().code(), NNRT_UNSUPPORTED_OP);
}

// C-584: one float type for every operand.
TEST(LayerNormTest, MixedFloatTypesRejectedC584) {
  OpHarness h(NodeType::LAYER_NORM_FUSION);
  h.Input(DataType::kFloat32, {1, 2}, Bytes(std::vector<float>{1, 3}))
      .Input(DataType::kFloat16, {2}, testing::HalfBytes({1, 1}))
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{0, 0}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(h.Run().code(), NNRT_UNSUPPORTED_OP);
}

TEST(LayerNormTest, DynamicDimsAtPrepare) {
  OpHarness h(NodeType::LAYER_NORM_FUSION);
  h.Input(DataType::kFloat32, {-1, 3}, {}).Input(DataType::kFloat32, {3}, {}).Input(DataType::kFloat32, {3}, {});
  h.Output(DataType::kFloat32);
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{-1, 3}));
}

class LayerNormEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(LayerNormEveryDataType, NormalisesInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.25, t == DataType::kUint8 ? 100 : -2));
  OpHarness h(NodeType::LAYER_NORM_FUSION);
  // Row [2, 4]: mean 3, variance 1 -> [-1, 1] * 2 + 0.5.
  h.Input(t, {1, 2}, testing::EncodeAs(t, {2, 4}, q), q)
      .Input(t, {2}, testing::EncodeAs(t, {2, 2}, q), q)
      .Input(t, {2}, testing::EncodeAs(t, {0.5, 0.5}, q), q)
      .Output(t, q)
      .Attr(Attr::Float("epsilon", 0.0f));
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{-1.5, 2.5})) << DataTypeName(t);
  EXPECT_TRUE(h.GuardIntact());
}

INSTANTIATE_TEST_SUITE_P(Signatures, LayerNormEveryDataType, ::testing::ValuesIn(LayerNormOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
