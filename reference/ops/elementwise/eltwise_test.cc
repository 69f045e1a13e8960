#include "reference/ops/elementwise/eltwise.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

std::vector<double> RunEltwise(int8_t mode, const std::vector<float>& a, Dims da, const std::vector<float>& b, Dims db,
                               Dims* out = nullptr) {
  OpHarness h(NodeType::ELTWISE);
  h.Attr(Attr::Int8("mode", mode));
  h.Input(DataType::kFloat32, std::move(da), Bytes(a)).Input(DataType::kFloat32, std::move(db), Bytes(b))
      .Output(DataType::kFloat32);
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  if (out != nullptr) *out = h.OutDims();
  return s.ok() ? h.OutDoubles() : std::vector<double>{};
}

// C-698: PROD multiplies, SUM adds (not the IDL comment's difference),
// MAXIMUM as the MAXIMUM node type (NaN wins); the default mode is PROD;
// UNKNOWN (3) is rejected.
TEST(EltwiseTest, ModesC698) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(RunEltwise(0, {1, 2, 3}, {3}, {4, 5, -6}, {3}), (std::vector<double>{4, 10, -18}));
  EXPECT_EQ(RunEltwise(1, {1, 2, 3}, {3}, {4, 5, -6}, {3}), (std::vector<double>{5, 7, -3}));
  const std::vector<double> max = RunEltwise(2, {1, 2, nan}, {3}, {4, -5, 0}, {3});
  ASSERT_EQ(max.size(), 3u);
  EXPECT_EQ(max[0], 4);
  EXPECT_EQ(max[1], 2);
  EXPECT_TRUE(std::isnan(max[2]));
  OpHarness defaults(NodeType::ELTWISE);
  defaults.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{2, 3}))
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{4, 5}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(defaults.Run().ok());
  EXPECT_EQ(defaults.OutDoubles(), (std::vector<double>{8, 15}));
  OpHarness unknown(NodeType::ELTWISE);
  unknown.Attr(Attr::Int8("mode", 3))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(unknown.Infer().code(), NNRT_INVALID_MODEL);
}

// C-699: numpy broadcasting; incompatible dims rejected.
TEST(EltwiseTest, BroadcastsC699) {
  Dims dims;
  EXPECT_EQ(RunEltwise(1, {1, 2}, {2, 1}, {10, 20, 30}, {3}, &dims), (std::vector<double>{11, 21, 31, 12, 22, 32}));
  EXPECT_EQ(dims, (Dims{2, 3}));
  OpHarness bad(NodeType::ELTWISE);
  bad.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{1, 2}))
      .Input(DataType::kFloat32, {3}, Bytes(std::vector<float>{1, 2, 3}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(bad.Infer().code(), NNRT_INVALID_MODEL);
}

class EltwiseEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(EltwiseEveryDataType, ThreeModesInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 16 : 0));
  const std::vector<double> a = {-1, 2, 3}, b = {2, 2, -1};
  const std::vector<std::vector<double>> want = {{-2, 4, -3}, {1, 4, 2}, {2, 2, 3}};
  for (int8_t mode = 0; mode < 3; ++mode) {
    OpHarness h(NodeType::ELTWISE);
    h.Attr(Attr::Int8("mode", mode));
    h.Input(t, {3}, testing::EncodeAs(t, a, q), q).Input(t, {3}, testing::EncodeAs(t, b, q), q).Output(t, q);
    ASSERT_TRUE(h.Run().ok()) << int{mode};
    EXPECT_EQ(h.OutReals(), want[static_cast<size_t>(mode)]) << DataTypeName(t) << " mode " << int{mode};
    EXPECT_TRUE(h.GuardIntact());
  }
}

INSTANTIATE_TEST_SUITE_P(Signatures, EltwiseEveryDataType, ::testing::ValuesIn(EltwiseOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
