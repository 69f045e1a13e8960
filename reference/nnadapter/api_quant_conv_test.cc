// NNAdapter API end to end on the reference: the quantised convolution,
// pooling and fully connected cases api_nn_test.cc does not cover: uint8
// asymmetric operands (input, filter, output zero points), depthwise int8 with
// per-channel filters, a fused RELU on uint8. Expected codes from the
// accumulator formula of docs/operators/conv2d.md "Quantization" (general form:
// docs/quantization.md section 5; testing/quant_expectations.h), never from the
// reference.
#include <gtest/gtest.h>

#include "reference/nnadapter/testing/api_model_builder.h"
#include "reference/nnadapter/testing/quant_expectations.h"

namespace nnrt {
namespace nna {
namespace testing {
namespace {

template <typename T>
std::vector<int64_t> CodesOf(const HostBuffer& b) {
  std::vector<int64_t> v;
  for (T q : Values<T>(b)) v.push_back(q);
  return v;
}

// CONV_2D 1x1 on x [1, C, 2, 2] with the given filter and bias constants.
HostBuffer RunConv(const NNAdapterOperandType& x_type, const NNAdapterOperandType& f_type, const void* f,
                   size_t f_bytes, const NNAdapterOperandType& b_type, const std::vector<int32_t>& bias,
                   const NNAdapterOperandType& y_type, int32_t group, const HostBuffer& x) {
  ApiModelBuilder m;
  NNAdapterOperand* in = m.Operand(x_type);
  NNAdapterOperand* y = m.Operand(y_type);
  EXPECT_EQ(m.Operation(NNADAPTER_CONV_2D,
                        {in, m.Constant(f_type, f, f_bytes), m.Constant(b_type, bias), m.Int32(NNADAPTER_AUTO_PAD_NONE),
                         m.Int32s({0, 0, 0, 0}), m.Int32s({1, 1}), m.Int32(group), m.Int32s({1, 1}),
                         m.Int32(NNADAPTER_FUSED_NONE)},
                        {y}),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(m.Compile({in}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  EXPECT_EQ(m.Run({x}, &out), NNADAPTER_NO_ERROR);
  return out[0];
}

// acc = sum (q_x - z_x)(q_w - z_w) + bias, t = acc * s_x * s_w / s_y.
TEST(NNAdapterQuantConv, Conv2DUint8WithFilterZeroPoint) {
  const std::vector<uint8_t> filter = {108, 96};  // (q - 100) * 0.25 = {2, -1}
  // x = {1, 2, 3, 4} (scale 0.5, zero point 128); bias {1, -2} at scale 0.125.
  const HostBuffer y =
      RunConv(Type(kU8, {1, 1, 2, 2}, 0.5f, 128), Type(kU8, {2, 1, 1, 1}, 0.25f, 100), filter.data(), filter.size(),
              Type(NNADAPTER_QUANT_INT32_SYMM_PER_LAYER, {2}, 0.125f), {8, -16}, Type(kU8, {1, 2, 2, 2}, 0.75f, 20), 1,
              Buffer<uint8_t>({1, 1, 2, 2}, {130, 132, 134, 136}));
  // y0 = 2x + 1 = {3, 5, 7, 9}, y1 = -x - 2 = {-3, -4, -5, -6}.
  EXPECT_EQ(CodesOf<uint8_t>(y), ExpectQuantizeAll({3, 5, 7, 9, -3, -4, -5, -6}, Uint8Code(0.75f, 20)));
}

TEST(NNAdapterQuantConv, DepthwiseConv2DInt8PerChannel) {
  NNAdapterOperandType f = Type(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, {2, 1, 1, 1});
  static float f_scales[2] = {0.5f, 0.25f};
  f.symm_per_channel_params = {0, 2, f_scales};
  NNAdapterOperandType b = Type(NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL, {2});
  static float b_scales[2] = {0.25f, 0.125f};
  b.symm_per_channel_params = {0, 2, b_scales};
  const std::vector<int8_t> filter = {4, -4};  // {2, -1}
  // x = {1, 2, 3, 4 | 5, 6, 7, 8}; bias {0, 1}: y = {2x | -x + 1}.
  const HostBuffer y =
      RunConv(Type(kI8, {1, 2, 2, 2}, 0.5f), f, filter.data(), filter.size(), b, {0, 8}, Type(kI8, {1, 2, 2, 2}, 0.75f),
              2, Buffer<int8_t>({1, 2, 2, 2}, {2, 4, 6, 8, 10, 12, 14, 16}));
  EXPECT_EQ(CodesOf<int8_t>(y), ExpectQuantizeAll({2, 4, 6, 8, -4, -5, -6, -7}, Int8Code(0.75f)));
}

// FULL_CONNECTION uint8 with a fused RELU: the clamp is [Q(0), qmax] = [z_y, 255].
TEST(NNAdapterQuantConv, FullyConnectedUint8WithFusedRelu) {
  ApiModelBuilder m;
  NNAdapterOperand* x = m.Operand(Type(kU8, {1, 2}, 0.5f, 128));
  NNAdapterOperand* y = m.Operand(Type(kU8, {1, 2}, 0.25f, 50));
  NNAdapterOperand* w = m.Constant(Type(kU8, {2, 2}, 0.5f, 128), std::vector<uint8_t>{130, 132, 126, 128});
  NNAdapterOperand* b = m.Constant(Type(NNADAPTER_QUANT_INT32_SYMM_PER_LAYER, {2}, 0.25f), std::vector<int32_t>{4, 0});
  ASSERT_EQ(m.Operation(NNADAPTER_FULLY_CONNECTED, {x, w, b, m.Int32(NNADAPTER_FUSED_RELU)}, {y}), NNADAPTER_NO_ERROR);
  ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  // x = {1, 2}, w = {{1, 2}, {-1, 0}}, bias {1, 0}: {6, -1} -> RELU {6, 0} -> {74, 50}.
  ASSERT_EQ(m.Run({Buffer<uint8_t>({1, 2}, {130, 132})}, &out), NNADAPTER_NO_ERROR);
  EXPECT_EQ(CodesOf<uint8_t>(out[0]), (std::vector<int64_t>{74, 50}));
}

// AVGPOOL_FUSION: t = (sum (q - z_x)) * (s_x / s_y) / count; MAX_POOL_FUSION
// copies the largest code.
TEST(NNAdapterQuantConv, PoolingUint8) {
  for (int32_t op : {NNADAPTER_AVERAGE_POOL_2D, NNADAPTER_MAX_POOL_2D}) {
    ApiModelBuilder m;
    NNAdapterOperand* in = m.Operand(Type(kU8, {1, 1, 2, 2}, 0.5f, 128));
    NNAdapterOperand* y = m.Operand(Type(kU8, {1, 1, 1, 1}, 0.5f, 128));
    std::vector<NNAdapterOperand*> ins = {in,
                                          m.Int32(NNADAPTER_AUTO_PAD_NONE),
                                          m.Int32s({0, 0, 0, 0}),
                                          m.Int32s({2, 2}),
                                          m.Int32s({2, 2}),
                                          m.Bool(false),
                                          m.Bool(false)};
    if (op == NNADAPTER_MAX_POOL_2D) ins.push_back(m.Int32(NNADAPTER_INT32));
    ins.push_back(m.Int32(NNADAPTER_FUSED_NONE));
    std::vector<NNAdapterOperand*> outs = {y};
    if (op == NNADAPTER_MAX_POOL_2D) outs.push_back(nullptr);  // no indices (C-903)
    ASSERT_EQ(m.Operation(op, ins, outs), NNADAPTER_NO_ERROR);
    ASSERT_EQ(m.Compile({in}, {y}), NNADAPTER_NO_ERROR);
    std::vector<HostBuffer> out(1);
    ASSERT_EQ(m.Run({Buffer<uint8_t>({1, 1, 2, 2}, {129, 130, 131, 135})}, &out), NNADAPTER_NO_ERROR);
    // centred {1, 2, 3, 7}: mean 13 / 4 = 3.25 -> 131; max 135.
    EXPECT_EQ(CodesOf<uint8_t>(out[0]), (std::vector<int64_t>{op == NNADAPTER_MAX_POOL_2D ? 135 : 131})) << op;
  }
}

// ADD / SUB uint8 with different input params: t = a1 * (s1 / sy) +- a2 * (s2 / sy).
TEST(NNAdapterQuantConv, AddSubUint8DifferentParams) {
  for (int32_t op : {NNADAPTER_ADD, NNADAPTER_SUB}) {
    ApiModelBuilder m;
    NNAdapterOperand* a = m.Operand(Type(kU8, {3}, 0.5f, 128));
    NNAdapterOperand* b = m.Operand(Type(kU8, {3}, 0.25f, 10));
    NNAdapterOperand* y = m.Operand(Type(kU8, {3}, 1.0f, 64));
    ASSERT_EQ(m.Operation(op, {a, b, m.Int32(NNADAPTER_FUSED_NONE)}, {y}), NNADAPTER_NO_ERROR);
    ASSERT_EQ(m.Compile({a, b}, {y}), NNADAPTER_NO_ERROR);
    std::vector<HostBuffer> out(1);
    // a = {1, -3, 63.5}, b = {0.5, 2, 20}; 83.5 + 64 and 43.5 + 64 are ties, rounded up (away from 0).
    ASSERT_EQ(m.Run({Buffer<uint8_t>({3}, {130, 122, 255}), Buffer<uint8_t>({3}, {12, 18, 90})}, &out),
              NNADAPTER_NO_ERROR);
    const std::vector<double> r =
        op == NNADAPTER_ADD ? std::vector<double>{1.5, -1, 83.5} : std::vector<double>{0.5, -5, 43.5};
    EXPECT_EQ(CodesOf<uint8_t>(out[0]), ExpectQuantizeAll(r, Uint8Code(1.0f, 64))) << op;
  }
}

}  // namespace
}  // namespace testing
}  // namespace nna
}  // namespace nnrt
