#include "reference/ops/elementwise/leaky_relu.h"

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

std::vector<double> RunLeaky(const std::vector<float>& x, const std::vector<Attr>& attrs) {
  OpHarness h(NodeType::LEAKY_RELU);
  for (const Attr& a : attrs) h.Attr(a);
  h.Input(DataType::kFloat32, {static_cast<int32_t>(x.size())}, Bytes(x)).Output(DataType::kFloat32);
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  return s.ok() ? h.OutDoubles() : std::vector<double>{};
}

double F32(double v) { return static_cast<double>(static_cast<float>(v)); }

// C-700: ops_catalog #74's XTS values with negativeSlope; the default slope 0
// is RELU; -0 and NaN pass through; the slope must be finite; plain integers
// are unsupported.
TEST(LeakyReluNodeTest, ActivationLeakyReluWithNegativeSlopeC700) {
  const Attr slope = Attr::Float("negativeSlope", 0.01f);
  EXPECT_EQ(RunLeaky({0.5f, 1, 1.5f}, {slope}), (std::vector<double>{0.5, 1, 1.5}));
  EXPECT_EQ(RunLeaky({-0.5f, -1, -1.5f}, {slope}),
            (std::vector<double>{F32(-0.5 * F32(0.01)), F32(-1 * F32(0.01)), F32(-1.5 * F32(0.01))}));
  const std::vector<double> relu = RunLeaky({-2, 3}, {});
  ASSERT_EQ(relu.size(), 2u);
  EXPECT_EQ(relu[0], 0);
  EXPECT_TRUE(std::signbit(relu[0]));  // 0 * -2 = -0
  EXPECT_EQ(relu[1], 3);
  const std::vector<double> special = RunLeaky({-0.0f, std::numeric_limits<float>::quiet_NaN()}, {slope});
  ASSERT_EQ(special.size(), 2u);
  EXPECT_TRUE(std::signbit(special[0]));
  EXPECT_TRUE(std::isnan(special[1]));
  OpHarness inf(NodeType::LEAKY_RELU);
  inf.Attr(Attr::Float("negativeSlope", std::numeric_limits<float>::infinity()))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(inf.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness ints(NodeType::LEAKY_RELU);
  ints.Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{1})).Output(DataType::kInt32);
  EXPECT_EQ(ints.Infer().code(), NNRT_UNSUPPORTED_OP);
}

class LeakyReluNodeEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(LeakyReluNodeEveryDataType, SlopeInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 16 : 0));
  OpHarness h(NodeType::LEAKY_RELU);
  h.Attr(Attr::Float("negativeSlope", 0.5f));
  h.Input(t, {3}, testing::EncodeAs(t, {-4, 2, 0}, q), q).Output(t, q);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutReals(), (std::vector<double>{-2, 2, 0}));
  EXPECT_TRUE(h.GuardIntact());
}

INSTANTIATE_TEST_SUITE_P(Signatures, LeakyReluNodeEveryDataType, ::testing::ValuesIn(LeakyReluOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
