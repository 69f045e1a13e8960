#include "reference/ops/elementwise/comparison.h"

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

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

const NodeType kAll[] = {NodeType::EQUAL, NodeType::NOT_EQUAL, NodeType::GREATER,
                         NodeType::GREATER_EQUAL, NodeType::LESS, NodeType::LESS_EQUAL};

std::vector<int64_t> RunFloat(NodeType type, const std::vector<float>& a, Dims da, const std::vector<float>& b,
                              Dims db, Dims* out_dims = nullptr) {
  OpHarness h(type);
  h.Input(DataType::kFloat32, std::move(da), Bytes(a)).Input(DataType::kFloat32, std::move(db), Bytes(b))
      .Output(DataType::kBool);
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  if (out_dims != nullptr) *out_dims = h.OutDims();
  return s.ok() ? h.OutInts() : std::vector<int64_t>{};
}

// ops_catalog XTS models 1 of #70, #71, #72, #73 and #61.
TEST(ComparisonTest, CatalogModels) {
  EXPECT_EQ(RunFloat(NodeType::EQUAL, {1, 2, 3}, {3}, {4, 5, 6}, {3}), (std::vector<int64_t>{0, 0, 0}));
  EXPECT_EQ(RunFloat(NodeType::EQUAL, {1}, {}, {1}, {}), (std::vector<int64_t>{1}));
  EXPECT_EQ(RunFloat(NodeType::GREATER, {1, 2, 3}, {3}, {4, 5, 6}, {3}), (std::vector<int64_t>{0, 0, 0}));
  EXPECT_EQ(RunFloat(NodeType::NOT_EQUAL, {1, 2, 3}, {3}, {4, 5, 6}, {3}), (std::vector<int64_t>{1, 1, 1}));
  EXPECT_EQ(RunFloat(NodeType::GREATER_EQUAL, {1, 2, 3}, {3}, {4, 2, 6}, {3}), (std::vector<int64_t>{0, 1, 0}));
  EXPECT_EQ(RunFloat(NodeType::LESS, {1, 2, 3}, {3}, {3, 2, 1}, {3}), (std::vector<int64_t>{1, 0, 0}));
  EXPECT_EQ(RunFloat(NodeType::LESS_EQUAL, {1, 2, 3}, {3}, {3, 2, 1}, {3}), (std::vector<int64_t>{1, 1, 0}));
}

// C-684: numpy broadcasting (LESS XTS model 2: [3] vs [3,1] -> [3,3]); XTS
// model 3 ([3] vs [4]) does not broadcast.
TEST(ComparisonTest, BroadcastsLikeNumpyC684) {
  Dims dims;
  EXPECT_EQ(RunFloat(NodeType::LESS, {1, 2, 3}, {3}, {1, 2, 3}, {3, 1}, &dims),
            (std::vector<int64_t>{0, 0, 0, 1, 0, 0, 1, 1, 0}));
  EXPECT_EQ(dims, (Dims{3, 3}));
  OpHarness bad(NodeType::EQUAL);
  bad.Input(DataType::kFloat32, {3}, Bytes(std::vector<float>{1, 2, 3}))
      .Input(DataType::kFloat32, {4}, Bytes(std::vector<float>{1, 2, 3, 4}))
      .Output(DataType::kBool);
  EXPECT_EQ(bad.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness dyn(NodeType::GREATER);
  dyn.Input(DataType::kFloat32, {-1, 1}, {}).Input(DataType::kFloat32, {4}, {}).Output(DataType::kBool);
  ASSERT_TRUE(dyn.Infer().ok());
  EXPECT_EQ(dyn.OutDims(), (Dims{-1, 4}));
}

// C-681: IEEE comparisons: NaN is unordered (only NOT_EQUAL is true), -0 == +0,
// infinities are ordered, float16 subnormals compare by value.
TEST(ComparisonTest, FloatNanAndSignedZeroC681) {
  const std::vector<float> a = {static_cast<float>(kNaN), 1.0f, -0.0f, static_cast<float>(-kInf), static_cast<float>(kNaN)};
  const std::vector<float> b = {1.0f, static_cast<float>(kNaN), 0.0f, -3.0e38f, static_cast<float>(kNaN)};
  EXPECT_EQ(RunFloat(NodeType::EQUAL, a, {5}, b, {5}), (std::vector<int64_t>{0, 0, 1, 0, 0}));
  EXPECT_EQ(RunFloat(NodeType::NOT_EQUAL, a, {5}, b, {5}), (std::vector<int64_t>{1, 1, 0, 1, 1}));
  EXPECT_EQ(RunFloat(NodeType::GREATER, a, {5}, b, {5}), (std::vector<int64_t>{0, 0, 0, 0, 0}));
  EXPECT_EQ(RunFloat(NodeType::GREATER_EQUAL, a, {5}, b, {5}), (std::vector<int64_t>{0, 0, 1, 0, 0}));
  EXPECT_EQ(RunFloat(NodeType::LESS, a, {5}, b, {5}), (std::vector<int64_t>{0, 0, 0, 1, 0}));
  EXPECT_EQ(RunFloat(NodeType::LESS_EQUAL, a, {5}, b, {5}), (std::vector<int64_t>{0, 0, 1, 1, 0}));
  OpHarness h(NodeType::LESS);
  h.Input(DataType::kFloat16, {2}, Bytes(std::vector<uint16_t>{0x0001, 0x8000}))
      .Input(DataType::kFloat16, {2}, Bytes(std::vector<uint16_t>{0x0002, 0x0001}))
      .Output(DataType::kBool);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{1, 1}));
}

// C-680: integers compare exactly at the type limits (int64 beyond 2^53).
TEST(ComparisonTest, IntegersExactC680) {
  OpHarness h(NodeType::GREATER);
  const int64_t big = (int64_t{1} << 53) + 1;
  h.Input(DataType::kInt64, {3}, Bytes(std::vector<int64_t>{big, std::numeric_limits<int64_t>::min(), -1}))
      .Input(DataType::kInt64, {3}, Bytes(std::vector<int64_t>{big - 1, std::numeric_limits<int64_t>::max(), -2}))
      .Output(DataType::kBool);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{1, 0, 1}));
  OpHarness mixed(NodeType::EQUAL);
  mixed.Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{1}))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
      .Output(DataType::kBool);
  EXPECT_EQ(mixed.Infer().code(), NNRT_UNSUPPORTED_OP);
  OpHarness not_bool(NodeType::EQUAL);
  not_bool.Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{1}))
      .Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{1}))
      .Output(DataType::kInt32);
  EXPECT_EQ(not_bool.Infer().code(), NNRT_INVALID_MODEL);
}

// C-682: bool operands order false < true; any non-zero byte is true; bool
// against a number is unsupported.
TEST(ComparisonTest, BoolOperandsC682) {
  const std::vector<uint8_t> a = {0, 0, 1, 1, 7};
  const std::vector<uint8_t> b = {0, 1, 0, 1, 1};
  const std::vector<std::vector<int64_t>> want = {
      {1, 0, 0, 1, 1}, {0, 1, 1, 0, 0}, {0, 0, 1, 0, 0}, {1, 0, 1, 1, 1}, {0, 1, 0, 0, 0}, {1, 1, 0, 1, 1}};
  for (size_t k = 0; k < 6; ++k) {
    OpHarness h(kAll[k]);
    h.Input(DataType::kBool, {5}, a).Input(DataType::kBool, {5}, b).Output(DataType::kBool);
    ASSERT_TRUE(h.Run().ok());
    EXPECT_EQ(h.OutInts(), want[k]) << NodeTypeName(kAll[k]);
  }
  OpHarness mixed(NodeType::EQUAL);
  mixed.Input(DataType::kBool, {1}, {1}).Input(DataType::kInt64, {1}, Bytes(std::vector<int64_t>{1}))
      .Output(DataType::kBool);
  EXPECT_EQ(mixed.Infer().code(), NNRT_UNSUPPORTED_OP);
}

// C-683: quantized operands compare their real values, whatever their scales
// and zero points; the output's quant params are ignored; quantized against
// float is unsupported.
TEST(ComparisonTest, QuantizedComparesRealValuesC683) {
  OpHarness h(NodeType::GREATER_EQUAL);
  // x1 int8 s=0.5 zp=0: codes 2, 3, -4 are 1.0, 1.5, -2.0;
  // x2 uint8 s=0.25 zp=128: codes 132, 134, 120 are 1.0, 1.5, -2.0 -> equal;
  // the codes themselves would order the other way.
  h.Input(DataType::kInt8, {3}, Bytes(std::vector<int8_t>{2, 3, -4}), {QP(0.5, 0)})
      .Input(DataType::kUint8, {3}, Bytes(std::vector<uint8_t>{132, 135, 119}), {QP(0.25, 128)})
      .Output(DataType::kBool, {QP(1.0, 0)});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{1, 0, 1}));
  OpHarness eq(NodeType::EQUAL);
  eq.Input(DataType::kInt8, {2}, Bytes(std::vector<int8_t>{2, -4}), {QP(0.5, 0)})
      .Input(DataType::kUint8, {2}, Bytes(std::vector<uint8_t>{132, 120}), {QP(0.25, 128)})
      .Output(DataType::kBool);
  ASSERT_TRUE(eq.Run().ok());
  EXPECT_EQ(eq.OutInts(), (std::vector<int64_t>{1, 1}));
  OpHarness mixed(NodeType::LESS);
  mixed.Input(DataType::kInt8, {1}, Bytes(std::vector<int8_t>{1}), {QP(0.5, 0)})
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
      .Output(DataType::kBool);
  EXPECT_EQ(mixed.Infer().code(), NNRT_UNSUPPORTED_OP);
}

class ComparisonEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(ComparisonEveryDataType, SixPredicatesInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 8 : 0));
  const bool is_bool = t == DataType::kBool;
  const std::vector<double> a = is_bool ? std::vector<double>{0, 1, 1} : std::vector<double>{-1, 2, 3};
  const std::vector<double> b = is_bool ? std::vector<double>{1, 1, 0} : std::vector<double>{2, 2, -3};
  for (NodeType type : kAll) {
    OpHarness h(type);
    h.Input(t, {3}, testing::EncodeAs(t, a, q), q).Input(t, {3}, testing::EncodeAs(t, b, q), q)
        .Output(DataType::kBool);
    ASSERT_TRUE(h.Run().ok()) << DataTypeName(t) << " " << NodeTypeName(type);
    std::vector<int64_t> want;
    for (size_t i = 0; i < 3; ++i) want.push_back(CompareDoubles(type, a[i], b[i]) ? 1 : 0);
    EXPECT_EQ(h.OutInts(), want) << DataTypeName(t) << " " << NodeTypeName(type);
    EXPECT_TRUE(h.GuardIntact());
  }
}

INSTANTIATE_TEST_SUITE_P(Signatures, ComparisonEveryDataType,
                         ::testing::ValuesIn(ComparisonOpDef(NodeType::EQUAL).data_types), testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
