#include "reference/ops/elementwise/pow.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/expect_values.h"
#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::ExpectSameValues;
using testing::OpHarness;
using testing::QP;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

std::vector<double> RunPow(const std::vector<float>& x, Dims dx, const std::vector<float>& e, Dims de, float scale,
                           float shift, Dims* out = nullptr) {
  OpHarness h(NodeType::POW_FUSION);
  h.Attr(Attr::Float("scale", scale)).Attr(Attr::Float("shift", shift));
  h.Input(DataType::kFloat32, std::move(dx), Bytes(x)).Input(DataType::kFloat32, std::move(de), Bytes(e))
      .Output(DataType::kFloat32);
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  if (out != nullptr) *out = h.OutDims();
  return s.ok() ? h.OutDoubles() : std::vector<double>{};
}

// ops_catalog #25 XTS models 1..3 (values from the [I] formula) and C-694 (the
// formula and the defaults scale 1, shift 0).
TEST(PowTest, CatalogModelsC694) {
  EXPECT_EQ(RunPow({1, 2}, {2}, {2, 3}, {2}, 2, 1), (std::vector<double>{9, 125}));
  EXPECT_EQ(RunPow({2}, {1}, {3}, {1}, 1, 0), (std::vector<double>{8}));
  EXPECT_EQ(RunPow({0, 1}, {2}, {2}, {1}, 0.5f, 2), (std::vector<double>{4, 6.25}));
  OpHarness defaults(NodeType::POW_FUSION);
  defaults.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{3, -2}))
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{2, 3}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(defaults.Run().ok());
  EXPECT_EQ(defaults.OutDoubles(), (std::vector<double>{9, -8}));
  OpHarness bad(NodeType::POW_FUSION);
  bad.Attr(Attr::Float("scale", std::numeric_limits<float>::infinity()))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(bad.Infer().code(), NNRT_INVALID_MODEL);
}

// C-695: numpy broadcasting of x and the exponent.
TEST(PowTest, BroadcastsC695) {
  Dims dims;
  EXPECT_EQ(RunPow({2, 3}, {2, 1}, {0, 1, 2}, {3}, 1, 0, &dims), (std::vector<double>{1, 2, 4, 1, 3, 9}));
  EXPECT_EQ(dims, (Dims{2, 3}));
  OpHarness bad(NodeType::POW_FUSION);
  bad.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kFloat32, {3}, Bytes(std::vector<float>{1, 2, 3}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(bad.Infer().code(), NNRT_INVALID_MODEL);
}

// C-696: C99 / IEEE 754 pow special values; the base is shift + scale * x
// in IEEE arithmetic, so with shift 0 an input -0 becomes the base +0.
TEST(PowTest, SpecialValuesC696) {
  const float nan = static_cast<float>(kNaN), inf = static_cast<float>(kInf);
  ExpectSameValues(RunPow({0, -8, nan, 1, 0, -0.0f, 10, 10, -2, 0.5f}, {10}, {0, 1.0f / 3, 0, nan, -1, -1, 100, -100, inf, -inf},
                    {10}, 1, 0),
             {1, kNaN, 1, 1, kInf, kInf, kInf, 0, kInf, kInf});
}

// C-697: quantized operands: quantize(pow(dequantize)) in binary64; plain
// integers and mixed types are unsupported.
TEST(PowTest, QuantizedAndUnsupportedTypesC697) {
  OpHarness q(NodeType::POW_FUSION);
  q.Attr(Attr::Float("shift", 1.0f))
      .Input(DataType::kInt8, {3}, Bytes(std::vector<int8_t>{2, 4, -4}), {QP(0.5, 0)})   // x = 1, 2, -2
      .Input(DataType::kUint8, {3}, Bytes(std::vector<uint8_t>{12, 11, 9}), {QP(0.5, 10)})  // e = 1, 0.5, -0.5
      .Output(DataType::kInt8, {QP(0.25, 0)});
  ASSERT_TRUE(q.Run().ok());
  // (1+1)^1 = 2 -> 8; 3^0.5 = 1.732 -> 6.93 -> 7; (-1)^-0.5 = NaN -> zero point 0.
  EXPECT_EQ(q.OutInts(), (std::vector<int64_t>{8, 7, 0}));
  OpHarness ints(NodeType::POW_FUSION);
  ints.Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{2}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{2}))
      .Output(DataType::kInt32);
  EXPECT_EQ(ints.Infer().code(), NNRT_UNSUPPORTED_OP);
  OpHarness mixed(NodeType::POW_FUSION);
  mixed.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{2}))
      .Input(DataType::kBool, {1}, {1})
      .Output(DataType::kFloat32);
  EXPECT_EQ(mixed.Infer().code(), NNRT_UNSUPPORTED_OP);
}

class PowEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(PowEveryDataType, SquaresAndRootsInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 16 : 0));
  OpHarness h(NodeType::POW_FUSION);
  h.Input(t, {3}, testing::EncodeAs(t, {2, 4, 1.5}, q), q)
      .Input(t, {3}, testing::EncodeAs(t, {2, 0.5, 0}, q), q)
      .Output(t, q);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutReals(), (std::vector<double>{4, 2, 1}));
  EXPECT_TRUE(h.GuardIntact());
}

INSTANTIATE_TEST_SUITE_P(Signatures, PowEveryDataType, ::testing::ValuesIn(PowOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
