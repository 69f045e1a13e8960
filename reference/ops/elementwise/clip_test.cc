#include "reference/ops/elementwise/clip.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

constexpr float kNanF = std::numeric_limits<float>::quiet_NaN();
constexpr float kInfF = std::numeric_limits<float>::infinity();

const std::vector<float> kCatalogInput = {-3, -2, -1, 0, 1, 2, 3};

std::vector<double> RunClip(std::vector<float> x, std::vector<Attr> attrs) {
  OpHarness h(NodeType::CLIP);
  for (Attr& a : attrs) h.Attr(a);
  h.Input(DataType::kFloat32, {static_cast<int32_t>(x.size())}, Bytes(x)).Output(DataType::kFloat32);
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  return h.OutDoubles();
}

// ops_catalog #76 XTS models 1, 2 and 4.
TEST(ClipTest, CatalogExamples) {
  EXPECT_EQ(RunClip(kCatalogInput, {Attr::Float("min", -1), Attr::Float("max", 1)}),
            (std::vector<double>{-1, -1, -1, 0, 1, 1, 1}));
  EXPECT_EQ(RunClip(kCatalogInput, {Attr::Float("min", 1), Attr::Float("max", 1)}),
            (std::vector<double>{1, 1, 1, 1, 1, 1, 1}));
  const double b = static_cast<double>(1.1f);
  EXPECT_EQ(RunClip(kCatalogInput, {Attr::Float("min", 1), Attr::Float("max", 1.1f)}),
            (std::vector<double>{1, 1, 1, 1, 1, b, b}));
}

// The catalog example in every data type of the module's signatures: bounds
// and inputs are exact in each type (quantized with scale 0.5, so every input
// is a code), so the clamped values are the same everywhere.
class ClipEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(ClipEveryDataType, CatalogExampleHoldsInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : 0));
  OpHarness h(NodeType::CLIP);
  h.Attr(Attr::Float("min", -1)).Attr(Attr::Float("max", 2));
  h.Input(t, {7}, testing::EncodeAs(t, {-3, -2, -1, 0, 1, 2, 3}, q), q).Output(t, q);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{-1, -1, -1, 0, 1, 2, 2})) << DataTypeName(t);
  EXPECT_TRUE(h.GuardIntact());
}

INSTANTIATE_TEST_SUITE_P(Signatures, ClipEveryDataType, ::testing::ValuesIn(ClipOpDef().data_types),
                         testing::DataTypeParamName);

// C-168: min > max (XTS model 3: min 1, max 0) gives max everywhere.
TEST(ClipTest, MinAboveMaxGivesMaxC168) {
  EXPECT_EQ(RunClip(kCatalogInput, {Attr::Float("min", 1), Attr::Float("max", 0)}),
            (std::vector<double>{0, 0, 0, 0, 0, 0, 0}));
}

// Defaults min = max = 0 (ops_catalog #76): everything becomes 0.
TEST(ClipTest, DefaultsClipToZero) {
  EXPECT_EQ(RunClip({-5, 5}, {}), (std::vector<double>{0, 0}));
}

TEST(ClipTest, NanPropagatesNegativeZeroKeptInfiniteBoundsOpen) {
  const std::vector<double> y = RunClip({kNanF, -0.0f}, {Attr::Float("min", -1), Attr::Float("max", 1)});
  EXPECT_TRUE(std::isnan(y[0]));
  EXPECT_TRUE(std::signbit(y[1]));
  EXPECT_EQ(RunClip({-kInfF, 7}, {Attr::Float("min", -kInfF), Attr::Float("max", kInfF)}),
            (std::vector<double>{-std::numeric_limits<double>::infinity(), 7}));
}

TEST(ClipTest, NanBoundIsInvalidC169) {
  OpHarness h(NodeType::CLIP);
  h.Attr(Attr::Float("min", kNanF)).Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1})).Output(DataType::kFloat32);
  EXPECT_EQ(h.Infer().code(), NNRT_INVALID_MODEL);
}

// C-169: integer bounds are ceil(min), floor(max), saturated to the type.
TEST(ClipTest, IntegerBoundsRoundInwardC169) {
  OpHarness h(NodeType::CLIP);
  h.Attr(Attr::Float("min", -1.5f)).Attr(Attr::Float("max", 2.5f))
      .Input(DataType::kInt32, {5}, Bytes(std::vector<int32_t>{-5, -1, 0, 2, 3}))
      .Output(DataType::kInt32);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{-1, -1, 0, 2, 2}));
  OpHarness wide(NodeType::CLIP);
  wide.Attr(Attr::Float("min", -1000)).Attr(Attr::Float("max", 1000))
      .Input(DataType::kInt8, {2}, Bytes(std::vector<int8_t>{-128, 127}))
      .Output(DataType::kInt8);
  ASSERT_TRUE(wide.Run().ok());
  EXPECT_EQ(wide.OutInts(), (std::vector<int64_t>{-128, 127}));
  OpHarness u64(NodeType::CLIP);
  u64.Input(DataType::kUint64, {1}, Bytes(std::vector<uint64_t>{1})).Output(DataType::kUint64);
  EXPECT_EQ(u64.Infer().code(), NNRT_UNSUPPORTED_OP);
}

// Quantized: clamp in the quantized domain, (0.5, 0) both sides: Q(-1) = -2, Q(2) = 4.
TEST(ClipTest, QuantizedClampsAtQuantizedBounds) {
  std::vector<uint8_t> bytes;
  for (int v : {-10, -2, 0, 4, 10}) bytes.push_back(static_cast<uint8_t>(v));
  OpHarness h(NodeType::CLIP);
  h.Attr(Attr::Float("min", -1)).Attr(Attr::Float("max", 2))
      .Input(DataType::kInt8, {5}, bytes, {QP(0.5, 0)}).Output(DataType::kInt8, {QP(0.5, 0)});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{-2, -2, 0, 4, 4}));
}

TEST(ClipTest, Float16) {
  OpHarness h(NodeType::CLIP);
  h.Attr(Attr::Float("min", -1)).Attr(Attr::Float("max", 1.5f))
      .Input(DataType::kFloat16, {3}, testing::HalfBytes({-7, 0.25, 65504})).Output(DataType::kFloat16);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{-1, 0.25, 1.5}));
}

}  // namespace
}  // namespace nnrt
