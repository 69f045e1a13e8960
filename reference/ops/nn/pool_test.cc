#include "reference/ops/nn/pool.h"

#include <cmath>
#include <cstdint>
#include <limits>
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

// Attributes of one pooling node; kernel {} / strides {} / pad {} are left as given.
struct PoolAttrs {
  std::vector<int64_t> kernel;
  std::vector<int64_t> strides = {1, 1};
  std::vector<int64_t> pad;
  int8_t pad_mode = 0;  // PAD
  int8_t round_mode = 0;
  bool global = false;
  int8_t activation = 0;
};

void SetAttrs(OpHarness& h, const PoolAttrs& a) {
  h.Attr(Attr::Int64s("kernelSize", a.kernel))
      .Attr(Attr::Int64s("strides", a.strides))
      .Attr(Attr::Int64s("pad", a.pad))
      .Attr(Attr::Int8("padMode", a.pad_mode))
      .Attr(Attr::Int8("roundMode", a.round_mode))
      .Attr(Attr::Bool("global", a.global))
      .Attr(Attr::Int8("activationType", a.activation));
}

struct PoolRun {
  Status status;
  Dims dims;
  std::vector<double> values;
};

PoolRun RunF32(NodeType type, const std::vector<float>& x, Dims x_dims, const PoolAttrs& a) {
  OpHarness h(type);
  h.Input(DataType::kFloat32, std::move(x_dims), Bytes(x)).Output(DataType::kFloat32);
  SetAttrs(h, a);
  PoolRun r;
  r.status = h.Run();
  if (r.status.ok()) {
    r.dims = h.OutDims();
    r.values = h.OutDoubles();
  }
  return r;
}

PoolRun MaxF32(const std::vector<float>& x, Dims x_dims, const PoolAttrs& a) {
  return RunF32(NodeType::MAX_POOL_FUSION, x, std::move(x_dims), a);
}

std::vector<float> Iota(int n, float first = 0) {
  std::vector<float> v;
  for (int i = 0; i < n; ++i) v.push_back(first + static_cast<float>(i));
  return v;
}

// ---- Geometry (shared by both node types) ----------------------------------------------

TEST(PoolOutputSizeTest, FloorCeilAndTheDroppedLastWindowC523) {
  EXPECT_EQ(PoolOutputSize(5, 2, 2, 0, 0, false), 2);
  EXPECT_EQ(PoolOutputSize(5, 2, 2, 0, 0, true), 3);   // last window [4, 6) holds x[4]
  EXPECT_EQ(PoolOutputSize(4, 1, 2, 0, 0, true), 2);   // ceil gives 3; the third starts at 4 = past the input
  EXPECT_EQ(PoolOutputSize(3, 2, 3, 0, 1, true), 1);   // ceil gives 2; the second starts at 3, in the end pad
  EXPECT_EQ(PoolOutputSize(3, 2, 3, 0, 1, false), 1);
  EXPECT_EQ(PoolOutputSize(2, 3, 1, 0, 0, false), 0);  // kernel larger than the input
  EXPECT_EQ(PoolOutputSize(-1, 3, 1, 0, 0, true), -1);
}

// ---- MAX_POOL_FUSION ---------------------------------------------------------------------

// ops_catalog #2 [XTS] geometry with the maximum: 3x3 of 0..8, 2x2 VALID windows.
TEST(MaxPoolTest, ValidWindows) {
  PoolAttrs a;
  a.kernel = {2, 2};
  a.pad_mode = 2;  // VALID
  const PoolRun r = MaxF32(Iota(9), {1, 3, 3, 1}, a);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{1, 2, 2, 1}));
  EXPECT_EQ(r.values, (std::vector<double>{4, 5, 7, 8}));
}

// C-522: SAME puts the odd pad at the bottom/right; padding is never a candidate.
TEST(MaxPoolTest, SameOddPadBottomRightC522) {
  PoolAttrs a;
  a.kernel = {2, 2};
  a.strides = {2, 2};
  a.pad_mode = 1;  // SAME: out 2, total pad 1 -> top 0, bottom 1
  const PoolRun r = MaxF32({-1, -2, -3, -4, -5, -6, -7, -8, -9}, {1, 3, 3, 1}, a);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{1, 2, 2, 1}));
  EXPECT_EQ(r.values, (std::vector<double>{-1, -3, -7, -9}));  // a zero pad would give 0s
}

// C-522 / C-523: ceil mode adds the partial last window; PAD and VALID use it, SAME not.
TEST(MaxPoolTest, CeilModeAddsThePartialWindowC522) {
  PoolAttrs a;
  a.kernel = {1, 2};
  a.strides = {1, 2};
  a.pad_mode = 2;
  PoolRun r = MaxF32({1, 5, 2, 4, 3}, {1, 1, 5, 1}, a);
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.values, (std::vector<double>{5, 4}));
  a.round_mode = 1;
  r = MaxF32({1, 5, 2, 4, 3}, {1, 1, 5, 1}, a);
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.dims, (Dims{1, 1, 3, 1}));
  EXPECT_EQ(r.values, (std::vector<double>{5, 4, 3}));
  a.pad_mode = 1;  // SAME ignores roundMode: ceil(5 / 2) = 3 either way
  r = MaxF32({1, 5, 2, 4, 3}, {1, 1, 5, 1}, a);
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.values, (std::vector<double>{5, 4, 3}));
}

// C-523: a ceil window that would start in the end padding is not produced.
TEST(MaxPoolTest, CeilWindowStartingInThePaddingIsDroppedC523) {
  PoolAttrs a;
  a.kernel = {1, 2};
  a.strides = {1, 3};
  a.pad = {0, 0, 0, 1};
  a.round_mode = 1;
  const PoolRun r = MaxF32({1, 7, 3}, {1, 1, 3, 1}, a);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{1, 1, 1, 1}));
  EXPECT_EQ(r.values, (std::vector<double>{7}));
}

// C-524 / C-525: windows always hold an input element; the kernel fits the padded input.
TEST(MaxPoolTest, RejectsPadsAndKernelsThatLeaveNoInputC524C525) {
  PoolAttrs a;
  a.kernel = {3, 3};
  a.pad_mode = 2;
  PoolRun r = MaxF32(Iota(4), {1, 2, 2, 1}, a);
  EXPECT_EQ(r.status.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(r.status.message().find("kernel height 3 is larger than the padded input height 2"), std::string::npos)
      << r.status.message();
  a.pad_mode = 0;
  a.pad = {0, 1, 0, 1};  // padded 3x3: fits
  EXPECT_TRUE(MaxF32(Iota(4), {1, 2, 2, 1}, a).status.ok());
  a.kernel = {2, 2};
  a.pad = {2, 0, 0, 0};
  r = MaxF32(Iota(4), {1, 2, 2, 1}, a);
  EXPECT_EQ(r.status.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(r.status.message().find("pad top 2 must be smaller than the kernel height 2"), std::string::npos)
      << r.status.message();
}

TEST(MaxPoolTest, RejectsMalformedAttributesC521) {
  PoolAttrs a;
  a.kernel = {2, 2};
  a.strides = {0, 1};
  EXPECT_EQ(MaxF32(Iota(9), {1, 3, 3, 1}, a).status.code(), NNRT_INVALID_MODEL);
  a.strides = {};  // [] = [1, 1]
  EXPECT_EQ(MaxF32(Iota(9), {1, 3, 3, 1}, a).dims, (Dims{1, 2, 2, 1}));
  a.pad = {0, 0, 0};
  EXPECT_EQ(MaxF32(Iota(9), {1, 3, 3, 1}, a).status.code(), NNRT_INVALID_MODEL);
  a.pad = {1, 0, 0, 0};
  a.pad_mode = 1;  // a non-zero pad with SAME
  EXPECT_EQ(MaxF32(Iota(9), {1, 3, 3, 1}, a).status.code(), NNRT_INVALID_MODEL);
  a = PoolAttrs();  // no kernelSize, not global
  const PoolRun r = MaxF32(Iota(9), {1, 3, 3, 1}, a);
  EXPECT_EQ(r.status.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(r.status.message().find("kernelSize must have 2 elements"), std::string::npos);
  a.kernel = {1, 1};
  EXPECT_EQ(MaxF32(Iota(9), {3, 3, 1}, a).status.code(), NNRT_INVALID_MODEL);  // rank 3
  a.round_mode = 2;
  EXPECT_EQ(MaxF32(Iota(9), {1, 3, 3, 1}, a).status.code(), NNRT_INVALID_MODEL);
}

// C-520: NHWC only; the format attribute (always NCHW after lowering) is not read.
TEST(MaxPoolTest, NhwcLayoutC520) {
  OpHarness h(NodeType::MAX_POOL_FUSION);
  h.Input(DataType::kFloat32, {1, 1, 2, 2}, Bytes(Iota(4)), {}, Format::kNchw).Output(DataType::kFloat32);
  PoolAttrs a;
  a.kernel = {1, 1};
  SetAttrs(h, a);
  EXPECT_EQ(h.Run().code(), NNRT_UNSUPPORTED_OP);
  OpHarness g(NodeType::MAX_POOL_FUSION);
  g.Input(DataType::kFloat32, {1, 1, 2, 2}, Bytes(Iota(4))).Output(DataType::kFloat32);
  a.kernel = {1, 2};
  SetAttrs(g, a);
  g.Attr(Attr::Int8("format", 0));
  ASSERT_TRUE(g.Run().ok());
  EXPECT_EQ(g.OutDoubles(), (std::vector<double>{2, 3}));  // channels last: max over w per channel
}

// C-521: global pools each channel over the whole H x W; kernelSize is not read.
TEST(MaxPoolTest, GlobalC521) {
  PoolAttrs a;
  a.global = true;
  a.strides = {};
  const PoolRun r = MaxF32({1, -1, 5, -5, 3, -3, 2, -2, 4, -4, 0, 7}, {1, 2, 3, 2}, a);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{1, 1, 1, 2}));
  EXPECT_EQ(r.values, (std::vector<double>{5, 7}));
}

TEST(MaxPoolTest, DynamicDimsAtPrepare) {
  OpHarness h(NodeType::MAX_POOL_FUSION);
  h.Input(DataType::kFloat32, {2, -1, -1, 3}, {}).Output(DataType::kFloat32);
  PoolAttrs a;
  a.kernel = {2, 2};
  SetAttrs(h, a);
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{2, -1, -1, 3}));
  OpHarness g(NodeType::MAX_POOL_FUSION);
  g.Input(DataType::kFloat32, {2, -1, -1, 3}, {}).Output(DataType::kFloat32);
  a.global = true;
  SetAttrs(g, a);
  ASSERT_TRUE(g.Infer().ok());
  EXPECT_EQ(g.OutDims(), (Dims{2, 1, 1, 3}));
}

// C-528: NaN in a window gives NaN; of equal zeros the first one is kept.
TEST(MaxPoolTest, NanPropagatesAndFirstZeroWinsC528) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  PoolAttrs a;
  a.kernel = {1, 2};
  a.strides = {1, 2};
  const PoolRun r = MaxF32({nan, -1, -0.0f, 0.0f, 0.0f, -0.0f, -INFINITY, -INFINITY}, {1, 1, 8, 1}, a);
  ASSERT_TRUE(r.status.ok());
  ASSERT_EQ(r.values.size(), 4u);
  EXPECT_TRUE(std::isnan(r.values[0]));
  EXPECT_TRUE(r.values[1] == 0 && std::signbit(r.values[1]));
  EXPECT_TRUE(r.values[2] == 0 && !std::signbit(r.values[2]));
  EXPECT_EQ(r.values[3], -INFINITY);
}

TEST(MaxPoolTest, FusedActivationAfterTheMaximum) {
  PoolAttrs a;
  a.kernel = {1, 2};
  a.strides = {1, 2};
  a.activation = 1;  // RELU
  EXPECT_EQ(MaxF32({-3, -2, 7, 9}, {1, 1, 4, 1}, a).values, (std::vector<double>{0, 9}));
  a.activation = 3;  // RELU6
  EXPECT_EQ(MaxF32({-3, -2, 7, 9}, {1, 1, 4, 1}, a).values, (std::vector<double>{-0.0, 6}));
}

// C-528: quantized codes are compared directly; the output keeps the input's params.
TEST(MaxPoolTest, QuantizedSelectsTheCodeC528) {
  auto run = [](QuantParam yq, int8_t activation) {
    OpHarness h(NodeType::MAX_POOL_FUSION);
    h.Input(DataType::kInt8, {1, 1, 4, 1}, Bytes(std::vector<int8_t>{-100, -7, 90, 120}), {QP(0.1, -5)})
        .Output(DataType::kInt8, {yq});
    PoolAttrs a;
    a.kernel = {1, 2};
    a.strides = {1, 2};
    a.activation = activation;
    SetAttrs(h, a);
    const Status s = h.Run();
    return s.ok() ? h.OutInts() : std::vector<int64_t>{s.code()};
  };
  EXPECT_EQ(run(QP(0.1, -5), 0), (std::vector<int64_t>{-7, 120}));
  EXPECT_EQ(run(QP(0.1, -5), 1), (std::vector<int64_t>{-5, 120}));  // RELU: max(q, zp)
  EXPECT_EQ(run(QP(0.1, -5), 3), (std::vector<int64_t>{-5, 55}));   // RELU6: Q(6.0) = 60 - 5
  EXPECT_EQ(run(QP(0.2, -5), 0), (std::vector<int64_t>{NNRT_UNSUPPORTED_OP}));
}

class MaxPoolEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(MaxPoolEveryDataType, MaximumInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 10 : -2));
  OpHarness h(NodeType::MAX_POOL_FUSION);
  h.Input(t, {1, 2, 2, 2}, testing::EncodeAs(t, {1, -1, 4, -4, -2, 2, 3, -3}, q), q).Output(t, q);
  PoolAttrs a;
  a.kernel = {2, 2};
  SetAttrs(h, a);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{4, 2})) << DataTypeName(t);
  EXPECT_TRUE(h.GuardIntact());
}

INSTANTIATE_TEST_SUITE_P(Signatures, MaxPoolEveryDataType, ::testing::ValuesIn(MaxPoolOpDef().data_types),
                         testing::DataTypeParamName);

// ---- AVGPOOL_FUSION ----------------------------------------------------------------------

PoolRun AvgF32(const std::vector<float>& x, Dims x_dims, const PoolAttrs& a) {
  return RunF32(NodeType::AVGPOOL_FUSION, x, std::move(x_dims), a);
}

// ops_catalog #2 [XTS] AvgPoolDynamicModel: 3x3 of 0..8, 2x2 windows, stride 1, valid.
TEST(AvgPoolTest, CatalogModel) {
  PoolAttrs a;
  a.kernel = {2, 2};
  a.pad_mode = 2;
  const PoolRun r = AvgF32(Iota(9), {1, 3, 3, 1}, a);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{1, 2, 2, 1}));
  EXPECT_EQ(r.values, (std::vector<double>{2, 3, 5, 6}));
}

// C-526: the divisor counts the window's input elements, never the padding.
TEST(AvgPoolTest, PaddingIsNotCountedC526) {
  PoolAttrs a;
  a.kernel = {2, 2};
  a.strides = {2, 2};
  a.pad_mode = 1;  // SAME: bottom/right pad 1
  PoolRun r = AvgF32(Iota(9, 1), {1, 3, 3, 1}, a);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.values, (std::vector<double>{3, 4.5, 7.5, 9}));
  a = PoolAttrs();
  a.kernel = {3, 3};
  a.pad = {1, 1, 1, 1};  // every window covers the whole 2x2 input: 10 / 4, not 10 / 9
  r = AvgF32({1, 2, 3, 4}, {1, 2, 2, 1}, a);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{1, 2, 2, 1}));
  EXPECT_EQ(r.values, (std::vector<double>{2.5, 2.5, 2.5, 2.5}));
  a.round_mode = 1;  // a ceil window is partial too: 1x5 row, k 2, s 2 -> last window holds x[4] only
  a.kernel = {1, 2};
  a.strides = {1, 2};
  a.pad = {};
  r = AvgF32({1, 3, 5, 7, 9}, {1, 1, 5, 1}, a);
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.values, (std::vector<double>{2, 6, 9}));
}

TEST(AvgPoolTest, GlobalAndActivationC521) {
  PoolAttrs a;
  a.global = true;
  a.activation = 3;  // RELU6
  const PoolRun r = AvgF32({1, 20, 3, 20, 5, 20, -30, 20}, {1, 2, 2, 2}, a);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims, (Dims{1, 1, 1, 2}));
  EXPECT_EQ(r.values, (std::vector<double>{0, 6}));  // means -5.25 and 20
}

// C-529: the sum in binary64, one rounding: 2^24 + 1 + 1 would lose both ones in float32.
TEST(AvgPoolTest, FloatSumInDoubleRoundedOnceC529) {
  PoolAttrs a;
  a.kernel = {1, 3};
  const float big = 16777216.0f;  // 2^24
  const PoolRun r = AvgF32({big, 1, 2}, {1, 1, 3, 1}, a);
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.values, (std::vector<double>{5592406.5}));  // (2^24 + 3) / 3 = 5592406.33 -> 5592406.5 (float32 sums give 5592406)
  const float nan = std::numeric_limits<float>::quiet_NaN();
  a.kernel = {1, 2};
  a.strides = {1, 2};
  const PoolRun s = AvgF32({INFINITY, -INFINITY, nan, 1}, {1, 1, 4, 1}, a);
  ASSERT_TRUE(s.status.ok());
  EXPECT_TRUE(std::isnan(s.values[0]) && std::isnan(s.values[1]));
}

// C-527: sum of centred codes, t = sum * (s_x / s_y) / count, RHA(t + z_y).
TEST(AvgPoolTest, QuantizedRoundsOnceHalfAwayC527) {
  auto run = [](DataType yt, QuantParam yq, int8_t activation) {
    OpHarness h(NodeType::AVGPOOL_FUSION);
    h.Input(DataType::kInt8, {1, 1, 4, 1}, Bytes(std::vector<int8_t>{1, 2, -1, -2}), {QP(1.0, 0)})
        .Output(yt, {yq});
    PoolAttrs a;
    a.kernel = {1, 2};
    a.strides = {1, 2};
    a.activation = activation;
    SetAttrs(h, a);
    const Status s = h.Run();
    return s.ok() ? h.OutInts() : std::vector<int64_t>{s.code()};
  };
  EXPECT_EQ(run(DataType::kInt8, QP(1.0, 0), 0), (std::vector<int64_t>{2, -2}));   // 1.5 -> 2, -1.5 -> -2
  EXPECT_EQ(run(DataType::kInt8, QP(1.0, 3), 0), (std::vector<int64_t>{5, 2}));    // 4.5 -> 5, 1.5 -> 2
  EXPECT_EQ(run(DataType::kUint8, QP(0.5, 128), 1), (std::vector<int64_t>{131, 128}));  // 3 + 128; RELU
}

class AvgPoolEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(AvgPoolEveryDataType, MeanInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 10 : -2));
  OpHarness h(NodeType::AVGPOOL_FUSION);
  h.Input(t, {1, 2, 2, 2}, testing::EncodeAs(t, {1, -1, 4, -4, -2, 2, 3, -3}, q), q).Output(t, q);
  PoolAttrs a;
  a.kernel = {2, 2};
  SetAttrs(h, a);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{1.5, -1.5})) << DataTypeName(t);
  EXPECT_TRUE(h.GuardIntact());
}

INSTANTIATE_TEST_SUITE_P(Signatures, AvgPoolEveryDataType, ::testing::ValuesIn(AvgPoolOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
