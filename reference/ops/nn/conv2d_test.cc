#include "reference/ops/nn/conv2d.h"

#include <cmath>

#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::HalfBytes;
using testing::OpHarness;
using testing::QP;

constexpr int8_t kSame = 1;
constexpr int8_t kValid = 2;

// A float32 conv node; attributes are added by the caller.
OpHarness FloatConv(Dims x_dims, std::vector<float> x, Dims w_dims, std::vector<float> w, std::vector<float> bias = {}) {
  OpHarness h(NodeType::CONV2D_FUSION);
  h.Input(DataType::kFloat32, x_dims, Bytes(x)).Input(DataType::kFloat32, w_dims, Bytes(w));
  if (!bias.empty()) h.Input(DataType::kFloat32, {static_cast<int32_t>(bias.size())}, Bytes(bias));
  h.Output(DataType::kFloat32);
  return h;
}

std::vector<float> Iota(int n) {
  std::vector<float> v;
  for (int i = 1; i <= n; ++i) v.push_back(static_cast<float>(i));
  return v;
}

// ops_catalog #2/#8: SAME total pad = max((ceil(in/s)-1)*s + (k-1)*d + 1 - in, 0), odd extra at the end.
TEST(Conv2DPadsTest, SamePutsTheOddExtraAtBottomRight) {
  int64_t before = -1, after = -1;
  ComputeConvPadsAxis(PadMode::kSame, 4, 2, 1, 1, 0, 0, &before, &after);
  EXPECT_EQ(before, 0);
  EXPECT_EQ(after, 1);
  ComputeConvPadsAxis(PadMode::kSame, 5, 3, 2, 1, 0, 0, &before, &after);  // out 3, total 2
  EXPECT_EQ(before, 1);
  EXPECT_EQ(after, 1);
  ComputeConvPadsAxis(PadMode::kSame, 6, 3, 2, 1, 0, 0, &before, &after);  // out 3, total 1
  EXPECT_EQ(before, 0);
  EXPECT_EQ(after, 1);
  ComputeConvPadsAxis(PadMode::kSame, 5, 3, 1, 2, 0, 0, &before, &after);  // dilated k 5: total 4
  EXPECT_EQ(before, 2);
  EXPECT_EQ(after, 2);
  ComputeConvPadsAxis(PadMode::kSame, 7, 1, 3, 1, 0, 0, &before, &after);  // total max(...,0) = 0
  EXPECT_EQ(before, 0);
  EXPECT_EQ(after, 0);
  ComputeConvPadsAxis(PadMode::kValid, 7, 3, 1, 1, 5, 5, &before, &after);
  EXPECT_EQ(before, 0);
  EXPECT_EQ(after, 0);
  ComputeConvPadsAxis(PadMode::kPad, 7, 3, 1, 1, 2, 1, &before, &after);
  EXPECT_EQ(before, 2);
  EXPECT_EQ(after, 1);
}

// x = [[1,2],[3,4]], 2x2 ones kernel, SAME: pad bottom 1, right 1 -> [[10,6],[7,4]].
TEST(Conv2DTest, SameOddPaddingGoesBottomRight) {
  OpHarness h = FloatConv({1, 2, 2, 1}, {1, 2, 3, 4}, {1, 2, 2, 1}, {1, 1, 1, 1});
  h.Attr(Attr::Int8("padMode", kSame));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{1, 2, 2, 1}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{10, 6, 7, 4}));
}

// The hook for wrong-padding drivers: pads top/left instead give [[1,3],[4,10]].
TEST(Conv2DTest, RunConv2DWithPadsUsesTheGivenPads) {
  OpHarness h = FloatConv({1, 2, 2, 1}, {1, 2, 3, 4}, {1, 2, 2, 1}, {1, 1, 1, 1});
  h.Attr(Attr::Int8("padMode", kSame));
  ASSERT_TRUE(h.Infer().ok());
  std::vector<float> out(4);
  h.ctx().outputs[0].mutable_data = reinterpret_cast<uint8_t*>(out.data());
  h.ctx().outputs[0].byte_size = 16;
  ASSERT_TRUE(RunConv2DWithPads(h.ctx(), ConvPads{1, 0, 1, 0}).ok());
  EXPECT_EQ(out, (std::vector<float>{1, 3, 4, 10}));
  // Pads that change the output size are refused.
  EXPECT_EQ(RunConv2DWithPads(h.ctx(), ConvPads{1, 1, 1, 1}).code(), NNRT_INVALID_INPUT);
}

TEST(Conv2DTest, ValidDropsWhatDoesNotFit) {
  OpHarness h = FloatConv({1, 3, 3, 1}, Iota(9), {1, 2, 2, 1}, {1, 1, 1, 1});
  h.Attr(Attr::Int8("padMode", kValid));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{1, 2, 2, 1}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{12, 16, 24, 28}));
  OpHarness s = FloatConv({1, 3, 3, 1}, Iota(9), {1, 2, 2, 1}, {1, 1, 1, 1});
  s.Attr(Attr::Int8("padMode", kValid)).Attr(Attr::Int64s("stride", {2, 2}));
  ASSERT_TRUE(s.Run().ok());
  EXPECT_EQ(s.OutDims(), (Dims{1, 1, 1, 1}));
  EXPECT_EQ(s.OutDoubles(), (std::vector<double>{12}));
}

// padList [top=1, bottom=0, left=0, right=1].
TEST(Conv2DTest, ExplicitPadList) {
  OpHarness h = FloatConv({1, 2, 2, 1}, {1, 2, 3, 4}, {1, 2, 2, 1}, {1, 1, 1, 1});
  h.Attr(Attr::Int8("padMode", 0)).Attr(Attr::Int64s("padList", {1, 0, 0, 1}));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{1, 2, 2, 1}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{3, 2, 10, 6}));
}

TEST(Conv2DTest, Dilation) {
  OpHarness h = FloatConv({1, 3, 3, 1}, Iota(9), {1, 2, 2, 1}, {1, 1, 1, 1});
  h.Attr(Attr::Int64s("dilation", {2, 2}));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{1, 1, 1, 1}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{1 + 3 + 7 + 9}));
}

TEST(Conv2DTest, Stride) {
  OpHarness h = FloatConv({1, 4, 4, 1}, Iota(16), {1, 2, 2, 1}, {1, 1, 1, 1});
  h.Attr(Attr::Int64s("stride", {2, 2}));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{1, 2, 2, 1}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{14, 22, 46, 54}));
}

// 1x1 conv, inC 2, outC 2, batch 2: weights [[1,2],[3,4]], bias [10, 20].
TEST(Conv2DTest, ChannelsBatchAndBias) {
  OpHarness h = FloatConv({2, 1, 1, 2}, {1, 1, 2, -1}, {2, 1, 1, 2}, {1, 2, 3, 4}, {10, 20});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{2, 1, 1, 2}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{13, 27, 10, 22}));
}

TEST(Conv2DTest, FusedReluAndRelu6) {
  OpHarness r = FloatConv({1, 1, 1, 2}, {1, 1}, {2, 1, 1, 2}, {1, 2, -3, -4}, {0, 0});
  r.Attr(Attr::Int8("activationType", 1));
  ASSERT_TRUE(r.Run().ok());
  EXPECT_EQ(r.OutDoubles(), (std::vector<double>{3, 0}));
  OpHarness r6 = FloatConv({1, 1, 1, 2}, {1, 1}, {2, 1, 1, 2}, {4, 5, 1, 2}, {0, 0});
  r6.Attr(Attr::Int8("activationType", 3));
  ASSERT_TRUE(r6.Run().ok());
  EXPECT_EQ(r6.OutDoubles(), (std::vector<double>{6, 3}));
}

// ops_catalog #10: group == inC; outC = 2*inC; output channel o uses input channel o / 2.
TEST(Conv2DTest, DepthwiseWithMultiplierTwo) {
  OpHarness h = FloatConv({1, 1, 1, 2}, {3, 5}, {4, 1, 1, 1}, {1, 2, 3, 4});
  h.Attr(Attr::Int64("group", 2)).Attr(Attr::Int64("inChannel", 2)).Attr(Attr::Int64("outChannel", 4));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{1, 1, 1, 4}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{3, 6, 15, 20}));
}

// group 2, inC 4, outC 2: output 0 reads channels 0..1, output 1 reads channels 2..3.
TEST(Conv2DTest, GroupedConvolution) {
  OpHarness h = FloatConv({1, 1, 1, 4}, {1, 2, 3, 4}, {2, 1, 1, 2}, {1, 1, 1, -1});
  h.Attr(Attr::Int64("group", 2)).Attr(Attr::Int64("inChannel", 2));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{3, -1}));
}

// Float16: the sum 1 + 2^-11 + 2^-11 is accumulated in double and rounded once: 1 + 2^-10
// (rounding after each tap would give 1).
TEST(Conv2DTest, Float16AccumulatesInDoubleAndRoundsOnce) {
  OpHarness h(NodeType::CONV2D_FUSION);
  h.Input(DataType::kFloat16, {1, 1, 1, 3}, HalfBytes({1, std::ldexp(1.0, -11), std::ldexp(1.0, -11)}))
      .Input(DataType::kFloat16, {1, 1, 1, 3}, HalfBytes({1, 1, 1}))
      .Output(DataType::kFloat16);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{1 + std::ldexp(1.0, -10)}));
}

OpHarness QuantConv(std::vector<int8_t> x, QuantParam qx, Dims w_dims, std::vector<int8_t> w,
                    std::vector<QuantParam> qw, std::vector<int32_t> bias, QuantParam qy) {
  OpHarness h(NodeType::CONV2D_FUSION);
  h.Input(DataType::kInt8, {1, 1, 1, static_cast<int32_t>(x.size())}, Bytes(x), {qx})
      .Input(DataType::kInt8, w_dims, Bytes(w), qw)
      .Input(DataType::kInt32, {w_dims[0]}, Bytes(bias))
      .Output(DataType::kInt8, {qy});
  return h;
}

// x s 0.5 zp 1: [5,-1] -> a = [4,-2]. Weights per channel s [0.25, 0.125] zp 0:
// w0 = [3,1]: acc = 12-2 = 10 + bias 10 = 20, M = 0.125/0.5 = 0.25 -> 5, + zy -3 = 2.
// w1 = [-2,5]: acc = -8-10 = -18 + bias -4 = -22, M = 0.0625/0.5 = 0.125 -> -2.75 - 3 = -5.75 -> -6.
TEST(Conv2DTest, QuantizedPerChannelWithInt32Bias) {
  OpHarness h = QuantConv({5, -1}, QP(0.5, 1), {2, 1, 1, 2}, {3, 1, -2, 5}, {QP(0.25, 0), QP(0.125, 0)}, {10, -4},
                          QP(0.5, -3));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{2, -6}));
}

// Tie: acc 5 with M 0.5 -> t 2.5; zp 0 -> 3 (away from zero); acc -5 -> -3.
TEST(Conv2DTest, QuantizedTiesRoundHalfAwayFromZero) {
  OpHarness h = QuantConv({5}, QP(1, 0), {2, 1, 1, 1}, {1, -1}, {QP(1, 0)}, {0, 0}, QP(2, 0));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{3, -3}));
}

// Per-channel weight zero points and saturation: w zp [2, 0].
TEST(Conv2DTest, QuantizedWeightZeroPointsAndSaturation) {
  OpHarness h = QuantConv({100, 100}, QP(1, 0), {2, 1, 1, 2}, {4, 2, 100, 100}, {QP(1, 2), QP(1, 0)}, {0, 0}, QP(1, 0));
  ASSERT_TRUE(h.Run().ok());
  // ch0: 100*2 + 100*0 = 200 -> 127; ch1: 20000 -> 127.
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{127, 127}));
}

// RELU6 clamp in the quantized domain: y s 0.5 zp 0 -> Q(6) = 12; negatives -> 0.
TEST(Conv2DTest, QuantizedRelu6Clamp) {
  OpHarness h = QuantConv({10}, QP(1, 0), {3, 1, 1, 1}, {1, -1, 3}, {QP(0.25, 0)}, {0, 0, 0}, QP(0.5, 0));
  h.Attr(Attr::Int8("activationType", 3));
  ASSERT_TRUE(h.Run().ok());
  // 10*0.25 = 2.5 -> 5; -2.5 -> 0; 7.5 -> 12.
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{5, 0, 12}));
}

// Quantized padding contributes 0 (the input zero point), SAME 2x2 on 1x1.
TEST(Conv2DTest, QuantizedPaddingIsTheZeroPoint) {
  OpHarness h(NodeType::CONV2D_FUSION);
  h.Attr(Attr::Int8("padMode", kSame))
      .Input(DataType::kUint8, {1, 1, 2, 1}, Bytes(std::vector<uint8_t>{130, 140}), {QP(1, 128)})
      .Input(DataType::kUint8, {1, 1, 2, 1}, Bytes(std::vector<uint8_t>{129, 129}), {QP(1, 128)})
      .Output(DataType::kUint8, {QP(1, 100)});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{1, 1, 2, 1}));
  // out0 = 2 + 12 = 14 -> 114; out1 = 12 (right pad is zp) -> 112.
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{114, 112}));
}

TEST(Conv2DTest, DynamicInputDimsPropagate) {
  OpHarness h(NodeType::CONV2D_FUSION);
  h.Attr(Attr::Int8("padMode", kSame))
      .Input(DataType::kFloat32, {-1, -1, 8, 3}, {})
      .Input(DataType::kFloat32, {4, 3, 3, 3}, Bytes(std::vector<float>(108, 1.0f)))
      .Output(DataType::kFloat32);
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{-1, -1, 8, 4}));
}

struct RejectCase {
  const char* what;
  std::vector<Attr> attrs;
  Dims x_dims;
  Dims w_dims;
  Dims b_dims;
  NNRT_ReturnCode code;
};

TEST(Conv2DTest, RejectsInvalidModels) {
  const std::vector<RejectCase> cases = {
      {"group 0", {Attr::Int64("group", 0)}, {1, 3, 3, 2}, {2, 1, 1, 2}, {2}, NNRT_INVALID_MODEL},
      {"group does not divide inC", {Attr::Int64("group", 3)}, {1, 3, 3, 4}, {3, 1, 1, 1}, {3}, NNRT_INVALID_MODEL},
      {"group does not divide outC", {Attr::Int64("group", 2)}, {1, 3, 3, 4}, {3, 1, 1, 2}, {3}, NNRT_INVALID_MODEL},
      {"weight dim 3 != inC/group", {}, {1, 3, 3, 4}, {2, 1, 1, 3}, {2}, NNRT_INVALID_MODEL},
      {"padList 3 elements", {Attr::Int64s("padList", {1, 1, 1})}, {1, 3, 3, 1}, {1, 1, 1, 1}, {1}, NNRT_INVALID_MODEL},
      {"negative pad", {Attr::Int64s("padList", {1, -1, 0, 0})}, {1, 3, 3, 1}, {1, 1, 1, 1}, {1}, NNRT_INVALID_MODEL},
      {"padList with SAME", {Attr::Int8("padMode", 1), Attr::Int64s("padList", {1, 1, 1, 1})}, {1, 3, 3, 1}, {1, 1, 1, 1}, {1}, NNRT_INVALID_MODEL},
      {"padMode 5", {Attr::Int8("padMode", 5)}, {1, 3, 3, 1}, {1, 1, 1, 1}, {1}, NNRT_INVALID_MODEL},
      {"stride 0", {Attr::Int64s("stride", {0, 1})}, {1, 3, 3, 1}, {1, 1, 1, 1}, {1}, NNRT_INVALID_MODEL},
      {"stride 1 element", {Attr::Int64s("stride", {1})}, {1, 3, 3, 1}, {1, 1, 1, 1}, {1}, NNRT_INVALID_MODEL},
      {"dilation 0", {Attr::Int64s("dilation", {1, 0})}, {1, 3, 3, 1}, {1, 1, 1, 1}, {1}, NNRT_INVALID_MODEL},
      {"activation SIGMOID", {Attr::Int8("activationType", 2)}, {1, 3, 3, 1}, {1, 1, 1, 1}, {1}, NNRT_INVALID_MODEL},
      {"kernelSize mismatch", {Attr::Int64s("kernelSize", {2, 2})}, {1, 3, 3, 1}, {1, 1, 1, 1}, {1}, NNRT_INVALID_MODEL},
      {"outChannel mismatch", {Attr::Int64("outChannel", 2)}, {1, 3, 3, 1}, {1, 1, 1, 1}, {1}, NNRT_INVALID_MODEL},
      {"inChannel mismatch", {Attr::Int64("inChannel", 7)}, {1, 3, 3, 1}, {1, 1, 1, 1}, {1}, NNRT_INVALID_MODEL},
      {"kernel does not fit (VALID)", {Attr::Int8("padMode", 2)}, {1, 2, 2, 1}, {1, 3, 3, 1}, {1}, NNRT_INVALID_MODEL},
      {"dilated kernel does not fit", {Attr::Int64s("dilation", {3, 3})}, {1, 3, 3, 1}, {1, 2, 2, 1}, {1}, NNRT_INVALID_MODEL},
      {"bias shape", {}, {1, 3, 3, 1}, {2, 1, 1, 1}, {3}, NNRT_INVALID_MODEL},
      {"input rank 3", {}, {3, 3, 1}, {1, 1, 1, 1}, {1}, NNRT_INVALID_MODEL},
      {"weight rank 3", {}, {1, 3, 3, 1}, {1, 1, 1}, {1}, NNRT_INVALID_MODEL},
  };
  for (const RejectCase& c : cases) {
    OpHarness h(NodeType::CONV2D_FUSION);
    for (const Attr& a : c.attrs) h.Attr(a);
    h.Input(DataType::kFloat32, c.x_dims, {})
        .Input(DataType::kFloat32, c.w_dims, {})
        .Input(DataType::kFloat32, c.b_dims, {})
        .Output(DataType::kFloat32);
    const Status s = h.Infer();
    EXPECT_EQ(s.code(), c.code) << c.what << ": " << s.ToString();
  }
}

TEST(Conv2DTest, RejectsBadQuantizationAndTypes) {
  // Per-channel count must equal outC.
  OpHarness pc = QuantConv({1, 1}, QP(1, 0), {2, 1, 1, 2}, {1, 1, 1, 1}, {QP(1, 0), QP(1, 0), QP(1, 0)}, {0, 0}, QP(1, 0));
  EXPECT_EQ(pc.Infer().code(), NNRT_INVALID_MODEL);
  // Float bias in a quantized conv.
  OpHarness fb(NodeType::CONV2D_FUSION);
  fb.Input(DataType::kInt8, {1, 1, 1, 1}, {1}, {QP(1, 0)})
      .Input(DataType::kInt8, {1, 1, 1, 1}, {1}, {QP(1, 0)})
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{0}))
      .Output(DataType::kInt8, {QP(1, 0)});
  EXPECT_EQ(fb.Infer().code(), NNRT_INVALID_MODEL);
  // Float input with a quantized weight.
  OpHarness mixed(NodeType::CONV2D_FUSION);
  mixed.Input(DataType::kFloat32, {1, 1, 1, 1}, Bytes(std::vector<float>{1}))
      .Input(DataType::kInt8, {1, 1, 1, 1}, {1}, {QP(1, 0)})
      .Output(DataType::kFloat32);
  EXPECT_EQ(mixed.Infer().code(), NNRT_UNSUPPORTED_OP);
  // NCHW input.
  OpHarness nchw(NodeType::CONV2D_FUSION);
  nchw.Input(DataType::kFloat32, {1, 1, 1, 1}, Bytes(std::vector<float>{1}), {}, Format::kNchw)
      .Input(DataType::kFloat32, {1, 1, 1, 1}, Bytes(std::vector<float>{1}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(nchw.Infer().code(), NNRT_UNSUPPORTED_OP);
}

// C-50: the bias input is optional.
TEST(Conv2DTest, TwoInputsMeanNoBias) {
  OpHarness h = FloatConv({1, 1, 1, 1}, {3}, {1, 1, 1, 1}, {2});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{6}));
}

}  // namespace
}  // namespace nnrt

namespace nnrt {
namespace {

// Hostile geometry must be rejected without overflow (runs under --config=asan with UBSan).
TEST(Conv2DTest, RejectsHugeGeometryWithoutOverflow) {
  const int64_t big = 2147483647;
  {
    OpHarness h = FloatConv({1, 1, 1, 1}, {1}, {1, 1, 1, 1}, {1});
    h.Attr(Attr::Int64s("padList", {big, big, 0, 0}));
    EXPECT_EQ(h.Infer().code(), NNRT_INVALID_MODEL);
  }
  {
    OpHarness h = FloatConv({1, 3, 3, 1}, Iota(9), {1, 2, 2, 1}, {1, 1, 1, 1});
    h.Attr(Attr::Int64s("dilation", {big, big})).Attr(Attr::Int8("padMode", kSame));
    ASSERT_TRUE(h.Infer().ok());  // SAME: output 3x3, taps beyond the input are padding
    EXPECT_EQ(h.OutDims(), (Dims{1, 3, 3, 1}));
  }
  {
    OpHarness h = FloatConv({1, 3, 3, 1}, Iota(9), {1, 2, 2, 1}, {1, 1, 1, 1});
    h.Attr(Attr::Int64s("stride", {big + 1, 1}));
    EXPECT_EQ(h.Infer().code(), NNRT_INVALID_MODEL);
  }
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

class Conv2DEveryDataType : public ::testing::TestWithParam<DataType> {};

// A 1x1 convolution with weight 1 and no bias copies its input.
TEST_P(Conv2DEveryDataType, UnitOneByOneKernelCopiesTheInput) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = SignatureQuant(t);
  testing::OpHarness h(NodeType::CONV2D_FUSION);
  h.Input(t, {1, 1, 2, 1}, testing::EncodeAs(t, {1, -2}, q), q)
      .Input(t, {1, 1, 1, 1}, testing::EncodeAs(t, {1}, q), q)
      .Output(t, q);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutDims(), (Dims{1, 1, 2, 1}));
  EXPECT_EQ(h.OutReals(), (std::vector<double>{1, -2})) << DataTypeName(t);
}

INSTANTIATE_TEST_SUITE_P(Signatures, Conv2DEveryDataType, ::testing::ValuesIn(Conv2DOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
