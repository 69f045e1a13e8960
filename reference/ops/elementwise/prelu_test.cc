#include "reference/ops/elementwise/prelu.h"

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

constexpr float kNanF = std::numeric_limits<float>::quiet_NaN();

// C-180: NHWC (the default format) -> channel = last axis.
TEST(PReluTest, PerChannelSlopeAlongLastAxisForNhwcC180) {
  OpHarness h(NodeType::PRELU_FUSION);
  h.Input(DataType::kFloat32, {1, 2, 2, 2}, Bytes(std::vector<float>{-1, -1, 1, 1, -2, -4, -0.0f, kNanF}))
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{0.5f, 2}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(h.Run().ok());
  const std::vector<double> y = h.OutDoubles();
  EXPECT_EQ(std::vector<double>(y.begin(), y.begin() + 6), (std::vector<double>{-0.5, -2, 1, 1, -1, -8}));
  EXPECT_TRUE(std::signbit(y[6]));
  EXPECT_TRUE(std::isnan(y[7]));
}

// C-180: an NCHW input uses dim 1.
TEST(PReluTest, NchwInputUsesDimOneC180) {
  OpHarness h(NodeType::PRELU_FUSION);
  h.Input(DataType::kFloat32, {1, 2, 1, 2}, Bytes(std::vector<float>{-1, -1, -1, -1}), {}, Format::kNchw)
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{0.5f, 2}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{-0.5, -0.5, -2, -2}));
}

TEST(PReluTest, SharedSlopeAndBroadcastableSlopeShape) {
  OpHarness h(NodeType::PRELU_FUSION);
  h.Attr(Attr::Bool("channelShared", true))
      .Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{-4, 4}))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{0.25f}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{-1, 4}));
  OpHarness b(NodeType::PRELU_FUSION);
  b.Input(DataType::kFloat32, {1, 1, 1, 2}, Bytes(std::vector<float>{-2, -2}))
      .Input(DataType::kFloat32, {1, 1, 1, 2}, Bytes(std::vector<float>{1, 3}))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(b.Run().ok());
  EXPECT_EQ(b.OutDoubles(), (std::vector<double>{-2, -6}));
}

Status InferWith(Dims x_dims, Dims slope_dims, bool shared) {
  OpHarness h(NodeType::PRELU_FUSION);
  h.Attr(Attr::Bool("channelShared", shared))
      .Input(DataType::kFloat32, x_dims, {})
      .Input(DataType::kFloat32, slope_dims, {})
      .Output(DataType::kFloat32);
  return h.Infer();
}

// C-181: slope element count 1 or C; shared requires 1; slope shape 1-D or all-but-one dims 1.
TEST(PReluTest, SlopeShapeValidationC181) {
  EXPECT_EQ(InferWith({1, 2, 2, 2}, {3}, false).code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(InferWith({1, 2, 2, 2}, {2}, true).code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(InferWith({1, 2, 2, 2}, {1, 2, 2, 2}, false).code(), NNRT_INVALID_MODEL);  // the catalog's UT shape
  EXPECT_EQ(InferWith({4}, {4}, false).code(), NNRT_INVALID_MODEL);                    // rank 1: no channel axis
  EXPECT_TRUE(InferWith({4}, {1}, false).ok());
  EXPECT_TRUE(InferWith({1, -1, -1, 2}, {2}, false).ok());
  EXPECT_TRUE(InferWith({1, 2, 2, -1}, {5}, false).ok());  // unknown channel count: checked at run time
}

// Quantized: Q_out(f(DQ(x), DQ(slope))): x (0.5, 0), slope int8 (0.25, 0) = 1 -> 0.25, out (0.5, 0):
// q=-8 -> -4 * 0.25 = -1 -> -2; q=6 -> 3 -> 6.
TEST(PReluTest, QuantizedPerElementInBinary64) {
  OpHarness h(NodeType::PRELU_FUSION);
  h.Input(DataType::kInt8, {2}, {static_cast<uint8_t>(-8), 6}, {QP(0.5, 0)})
      .Input(DataType::kInt8, {1}, {1}, {QP(0.25, 0)})
      .Output(DataType::kInt8, {QP(0.5, 0)});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{-2, 6}));
}

TEST(PReluTest, PlainIntegerIsUnsupported) {
  OpHarness h(NodeType::PRELU_FUSION);
  h.Input(DataType::kInt32, {2}, {}).Input(DataType::kInt32, {1}, {}).Output(DataType::kInt32);
  EXPECT_EQ(h.Infer().code(), NNRT_UNSUPPORTED_OP);
}

}  // namespace
}  // namespace nnrt

// ---- Every data type of the module's signatures (OpDef::data_types) ---------------------------
// Values exact in every type (quantized with scale 0.5, zero point 8 for uint8),
// so the same real result is expected everywhere.
namespace nnrt {
namespace {

std::vector<QuantParam> SignatureQuant(DataType t) {
  return testing::QuantFor(t, testing::QP(0.5, t == DataType::kUint8 ? 8 : 0));
}

class PReluEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(PReluEveryDataType, SharedSlopeHalvesNegatives) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = SignatureQuant(t);
  testing::OpHarness h(NodeType::PRELU_FUSION);
  h.Input(t, {4}, testing::EncodeAs(t, {-2, 1, 0, 3}, q), q).Input(t, {1}, testing::EncodeAs(t, {0.5}, q), q);
  h.Output(t, q);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{-1, 1, 0, 3})) << DataTypeName(t);
}

INSTANTIATE_TEST_SUITE_P(Signatures, PReluEveryDataType, ::testing::ValuesIn(PReluOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
