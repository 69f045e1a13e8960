// Why the quantized CONV2D_FUSION accumulator cannot wrap (C-300, C-301):
// zero points outside the data type never reach the loop, every in-range
// product is at most 255 * 255, and at most 2^32 products are summed per
// output. Run under --config=asan (UBSan traps signed overflow) as well.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

#include "reference/ops/nn/conv2d.h"
#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

constexpr int32_t kInt32Min = std::numeric_limits<int32_t>::min();

// x [1,1,1,taps] int8, weight [outC,1,1,taps] int8, int32 bias, int8 output.
OpHarness Conv1x1(std::vector<int8_t> x, QuantParam qx, int32_t out_c, std::vector<int8_t> w,
                  std::vector<QuantParam> qw, std::vector<int32_t> bias, QuantParam qy) {
  const int32_t taps = static_cast<int32_t>(x.size());
  OpHarness h(NodeType::CONV2D_FUSION);
  h.Input(DataType::kInt8, {1, 1, 1, taps}, Bytes(x), {qx})
      .Input(DataType::kInt8, {out_c, 1, 1, taps}, Bytes(w), qw)
      .Input(DataType::kInt32, {out_c}, Bytes(bias))
      .Output(DataType::kInt8, {qy});
  return h;
}

// The hostile case: int8 data, both zero points -2^31. Each product
// would be about 2^62 and two taps overflow int64; the kernel refuses first.
TEST(Conv2DQuantBounds, ZeroPointsOutsideTheDataTypeAreRefusedBeforeAnyProduct) {
  OpHarness h = Conv1x1({127, 127}, QP(1, kInt32Min), 1, {127, 127}, {QP(1, kInt32Min)}, {0}, QP(1, 0));
  Status s = h.Infer();
  ASSERT_EQ(s.code(), NNRT_INVALID_MODEL) << s.ToString();
  EXPECT_NE(s.message().find("zero point -2147483648 is outside the int8 range [-128, 127] (C-300)"),
            std::string::npos)
      << s.message();
  s = h.Run();
  EXPECT_EQ(s.code(), NNRT_INVALID_MODEL) << s.ToString();
}

TEST(Conv2DQuantBounds, EveryOperandsZeroPointIsChecked) {
  struct Row {
    const char* what;
    QuantParam qx;
    std::vector<QuantParam> qw;
    QuantParam qy;
  };
  const Row rows[] = {
      {"input 128", QP(1, 128), {QP(1, 0), QP(1, 0)}, QP(1, 0)},
      {"weight channel 1 -129", QP(1, 0), {QP(1, 0), QP(1, -129)}, QP(1, 0)},
      {"output 1000", QP(1, 0), {QP(1, 0), QP(1, 0)}, QP(1, 1000)},
  };
  for (const Row& r : rows) {
    OpHarness h = Conv1x1({1, 2}, r.qx, 2, {1, 1, 1, 1}, r.qw, {0, 0}, r.qy);
    EXPECT_EQ(h.Infer().code(), NNRT_INVALID_MODEL) << r.what;
  }
}

// Largest in-contract magnitudes: |q - zp| = 255 on both sides for 36 taps,
// and a bias that takes each channel's sum exactly to INT32_MAX / INT32_MIN
// (the golden case conv2d/c301_quant_conv_accumulator_at_int32_limits).
// ch0: 36 * 65025 + 2145142747 = 2^31 - 1, t = acc / 2^25 -> 64 + 10 = 74.
// ch1: -36 * 65025 - 2145142748 = -2^31, t = -64 -> -54.
TEST(Conv2DQuantBounds, ExtremeInRangeProductsAccumulateExactly) {
  std::vector<int8_t> w(36, -128);
  w.insert(w.end(), 36, 127);
  OpHarness h = Conv1x1(std::vector<int8_t>(36, -128), QP(1, 127), 2, w, {QP(1, 127), QP(1, -128)},
                        {2145142747, -2145142748}, QP(33554432, 10));
  const Status s = h.Run();
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{74, -54}));
}

// Beyond int32 the sum is still exact (out of contract for the comparator,
// quantization_semantics 4.5, but never wrapped): bias INT32_MAX plus
// 36 * 65025 = 2149824547, t = acc / 2^24 = 128.1395... -> -100 -> 28.
TEST(Conv2DQuantBounds, SumsBeyondInt32AreExactNotWrapped) {
  OpHarness h = Conv1x1(std::vector<int8_t>(36, -128), QP(1, 127), 1, std::vector<int8_t>(36, -128), {QP(1, 127)},
                        {std::numeric_limits<int32_t>::max()}, QP(16777216, -100));
  const Status s = h.Run();
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{28}));
}

// C-301: kH * kW * inC/group above 2^32 is refused at prepare (dims only, no
// data needed); exactly 2^32 is accepted.
TEST(Conv2DQuantBounds, MoreThan2To32ProductsPerOutputIsUnsupported) {
  auto conv = [](int32_t in_c) {
    OpHarness h(NodeType::CONV2D_FUSION);
    h.Input(DataType::kInt8, {1, 65536, 65536, in_c}, {}, {QP(1, 0)})
        .Input(DataType::kInt8, {1, 65536, 65536, in_c}, {}, {QP(1, 0)})
        .Output(DataType::kInt8, {QP(1, 0)});
    return h;
  };
  OpHarness at_limit = conv(1);
  const Status ok = at_limit.Infer();
  EXPECT_TRUE(ok.ok()) << ok.ToString();
  EXPECT_EQ(at_limit.OutDims(), (Dims{1, 1, 1, 1}));
  OpHarness above = conv(2);
  const Status s = above.Infer();
  EXPECT_EQ(s.code(), NNRT_UNSUPPORTED_OP) << s.ToString();
  EXPECT_NE(s.message().find("8589934592 products per output"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("C-301"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace nnrt
