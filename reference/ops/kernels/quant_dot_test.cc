// The quantized accumulating kernels sum centred products in int32 partial
// sums of at most 2^15 terms (quant_dot.cc, C-756) and add the partial sums in
// int64: a sum beyond int32 stays exact. Each case sums K = 40000 products of
// (0 - 255) * (0 - 255) = 65025, 2601000000 > 2^31 - 1 (one int32 for all K
// terms would wrap to -1693967296); with s_x = s_w = 1 and s_y = 2^26,
// t = 2601000000 / 2^26 = 38.757... -> 39 (wrapped: -25.24... -> -25).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::OpHarness;
using testing::QP;

constexpr int32_t kTerms = 40000;
const std::vector<int64_t> kExpected{39, 39};

std::vector<uint8_t> Zeros(int64_t n) { return std::vector<uint8_t>(static_cast<size_t>(n), 0); }

void ExpectTheExactSum(OpHarness& h) {
  const Status s = h.Run();
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(h.OutInts(), kExpected);
}

TEST(QuantDotTest, FullConnectionSumBeyondInt32IsExact) {
  OpHarness h(NodeType::FULL_CONNECTION);
  h.Input(DataType::kUint8, {1, kTerms}, Zeros(kTerms), {QP(1, 255)})
      .Input(DataType::kUint8, {2, kTerms}, Zeros(2 * kTerms), {QP(1, 255)})
      .Output(DataType::kInt8, {QP(67108864, 0)});
  ExpectTheExactSum(h);
}

TEST(QuantDotTest, Conv2DSumBeyondInt32IsExact) {
  OpHarness h(NodeType::CONV2D_FUSION);
  h.Input(DataType::kUint8, {1, 1, 1, kTerms}, Zeros(kTerms), {QP(1, 255)})
      .Input(DataType::kUint8, {2, 1, 1, kTerms}, Zeros(2 * kTerms), {QP(1, 255), QP(1, 255)})
      .Output(DataType::kInt8, {QP(67108864, 0)});
  ExpectTheExactSum(h);
}

TEST(QuantDotTest, MatMulSumBeyondInt32IsExact) {
  OpHarness h(NodeType::MATMUL_FUSION);
  h.Input(DataType::kUint8, {1, kTerms}, Zeros(kTerms), {QP(1, 255)})
      .Input(DataType::kUint8, {kTerms, 2}, Zeros(2 * kTerms), {QP(1, 255)})
      .Output(DataType::kInt8, {QP(67108864, 0)});
  ExpectTheExactSum(h);
}

}  // namespace
}  // namespace nnrt
