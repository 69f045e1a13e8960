// NNAdapter API end to end on the reference: convolution, pooling, dense and
// normalisation operations (NCHW operands), float32 and int8.
#include <gtest/gtest.h>

#include "reference/nnadapter/testing/api_model_builder.h"

namespace nnrt {
namespace nna {
namespace testing {
namespace {

// CONV_2D on x [1, C, 2, 2] with `filter` [C_out, C/group, 1, 1], pads 0.
std::vector<HostBuffer> RunConv(const NNAdapterOperandType& x_type, const NNAdapterOperandType& f_type,
                                const std::vector<uint8_t>& f_bytes, const NNAdapterOperandType& b_type,
                                const std::vector<uint8_t>& b_bytes, const NNAdapterOperandType& y_type,
                                int32_t group, const HostBuffer& x) {
  ApiModelBuilder m;
  NNAdapterOperand* in = m.Operand(x_type);
  NNAdapterOperand* y = m.Operand(y_type);
  NNAdapterOperand* f = m.Constant(f_type, f_bytes.data(), f_bytes.size());
  NNAdapterOperand* b = m.Constant(b_type, b_bytes.data(), b_bytes.size());
  EXPECT_EQ(m.Operation(NNADAPTER_CONV_2D,
                        {in, f, b, m.Int32(NNADAPTER_AUTO_PAD_NONE), m.Int32s({0, 0, 0, 0}), m.Int32s({1, 1}),
                         m.Int32(group), m.Int32s({1, 1}), m.Int32(NNADAPTER_FUSED_NONE)},
                        {y}),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(m.Compile({in}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  EXPECT_EQ(m.Run({x}, &out), NNADAPTER_NO_ERROR);
  return out;
}

template <typename T>
std::vector<uint8_t> Bytes(const std::vector<T>& v) {
  return Buffer<T>({}, v).bytes;
}

// Channel c of x is c+1 everywhere: the NCHW order is what decides the result.
TEST(NNAdapterNn, Conv2DFloatNchw) {
  const HostBuffer x = Buffer<float>({1, 2, 2, 2}, {1, 1, 1, 1, 2, 2, 2, 2});
  // y0 = 1*x0 + 10*x1 + 0.5, y1 = -x0 + 0.
  const std::vector<HostBuffer> out =
      RunConv(Type(kF32, {1, 2, 2, 2}), Type(kF32, {2, 2, 1, 1}), Bytes<float>({1, 10, -1, 0}), Type(kF32, {2}),
              Bytes<float>({0.5f, 0}), Type(kF32, {1, 2, 2, 2}), 1, x);
  EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{21.5f, 21.5f, 21.5f, 21.5f, -1, -1, -1, -1}));
  EXPECT_EQ(out[0].dims, (std::vector<int32_t>{1, 2, 2, 2}));
}

TEST(NNAdapterNn, DepthwiseConv2DThroughGroup) {
  const HostBuffer x = Buffer<float>({1, 2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8});
  const std::vector<HostBuffer> out =
      RunConv(Type(kF32, {1, 2, 2, 2}), Type(kF32, {2, 1, 1, 1}), Bytes<float>({2, -1}), Type(kF32, {2}),
              Bytes<float>({0, 1}), Type(kF32, {1, 2, 2, 2}), 2, x);
  EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{2, 4, 6, 8, -4, -5, -6, -7}));
}

// int8: x scale 0.5, filter per-channel scales {0.25, 0.5}, bias int32 with
// scales x*w, output scale 1.
TEST(NNAdapterNn, Conv2DInt8PerChannel) {
  const HostBuffer x = Buffer<int8_t>({1, 1, 2, 2}, {2, 4, 6, 8});  // 1, 2, 3, 4
  NNAdapterOperandType f = Type(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, {2, 1, 1, 1});
  static float f_scales[2] = {0.25f, 0.5f};
  f.symm_per_channel_params = {0, 2, f_scales};
  NNAdapterOperandType b = Type(NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL, {2});
  static float b_scales[2] = {0.125f, 0.25f};
  b.symm_per_channel_params = {0, 2, b_scales};
  // w = {8 * 0.25, -2 * 0.5} = {2, -1}; bias = {8 * 0.125, 4 * 0.25} = {1, 1}.
  const std::vector<HostBuffer> out = RunConv(Type(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {1, 1, 2, 2}, 0.5f), f,
                                              Bytes<int8_t>({8, -2}), b, Bytes<int32_t>({8, 4}),
                                              Type(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {1, 2, 2, 2}, 1.0f), 1, x);
  EXPECT_EQ(Values<int8_t>(out[0]), (std::vector<int8_t>{3, 5, 7, 9, 0, -1, -2, -3}));
}

std::vector<HostBuffer> RunPool(int32_t op, const NNAdapterOperandType& t, const NNAdapterOperandType& y_type,
                                const HostBuffer& x) {
  ApiModelBuilder m;
  NNAdapterOperand* in = m.Operand(t);
  NNAdapterOperand* y = m.Operand(y_type);
  std::vector<NNAdapterOperand*> ins = {in, m.Int32(NNADAPTER_AUTO_PAD_NONE), m.Int32s({0, 0, 0, 0}),
                                        m.Int32s({2, 2}), m.Int32s({2, 2}), m.Bool(false), m.Bool(false)};
  if (op == NNADAPTER_MAX_POOL_2D) ins.push_back(m.Int32(NNADAPTER_INT32));
  ins.push_back(m.Int32(NNADAPTER_FUSED_NONE));
  // MAX_POOL_2D's outputs are {output, indices}; NULL: no indices (C-903).
  std::vector<NNAdapterOperand*> outs = {y};
  if (op == NNADAPTER_MAX_POOL_2D) outs.push_back(nullptr);
  EXPECT_EQ(m.Operation(op, ins, outs), NNADAPTER_NO_ERROR);
  EXPECT_EQ(m.Compile({in}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  EXPECT_EQ(m.Run({x}, &out), NNADAPTER_NO_ERROR);
  return out;
}

TEST(NNAdapterNn, PoolingPerChannelInNchw) {
  const HostBuffer x = Buffer<float>({1, 2, 2, 2}, {1, 2, 3, 4, -1, -2, -3, -8});
  EXPECT_EQ(Values<float>(RunPool(NNADAPTER_AVERAGE_POOL_2D, Type(kF32, {1, 2, 2, 2}), Type(kF32, {1, 2, 1, 1}), x)[0]),
            (std::vector<float>{2.5f, -3.5f}));
  EXPECT_EQ(Values<float>(RunPool(NNADAPTER_MAX_POOL_2D, Type(kF32, {1, 2, 2, 2}), Type(kF32, {1, 2, 1, 1}), x)[0]),
            (std::vector<float>{4, -1}));
  const NNAdapterOperandType q = Type(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {1, 1, 2, 2}, 0.5f);
  EXPECT_EQ(Values<int8_t>(RunPool(NNADAPTER_AVERAGE_POOL_2D, q,
                                   Type(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {1, 1, 1, 1}, 0.5f),
                                   Buffer<int8_t>({1, 1, 2, 2}, {2, 4, 6, 8}))[0]),
            (std::vector<int8_t>{5}));
  EXPECT_EQ(Values<int8_t>(RunPool(NNADAPTER_MAX_POOL_2D, q, Type(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {1, 1, 1, 1}, 0.5f),
                                   Buffer<int8_t>({1, 1, 2, 2}, {-3, 7, 1, 0}))[0]),
            (std::vector<int8_t>{7}));
}

TEST(NNAdapterNn, FullyConnectedFloatAndInt8) {
  {
    ApiModelBuilder m;
    NNAdapterOperand* x = m.Operand(Type(kF32, {1, 2}));
    NNAdapterOperand* y = m.Operand(Type(kF32, {1, 2}));
    NNAdapterOperand* w = m.Constant(Type(kF32, {2, 2}), std::vector<float>{1, 2, 3, 4});
    NNAdapterOperand* b = m.Constant(Type(kF32, {2}), std::vector<float>{0.5f, -100});
    ASSERT_EQ(m.Operation(NNADAPTER_FULLY_CONNECTED, {x, w, b, m.Int32(NNADAPTER_FUSED_RELU)}, {y}), NNADAPTER_NO_ERROR);
    ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
    std::vector<HostBuffer> out(1);
    ASSERT_EQ(m.Run({Buffer<float>({1, 2}, {1, 1})}, &out), NNADAPTER_NO_ERROR);
    EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{3.5f, 0}));
  }
  {
    ApiModelBuilder m;
    NNAdapterOperand* x = m.Operand(Type(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {1, 2}, 0.5f));
    NNAdapterOperand* y = m.Operand(Type(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {1, 1}, 0.25f));
    NNAdapterOperand* w = m.Constant(Type(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {1, 2}, 0.5f), std::vector<int8_t>{2, 4});
    NNAdapterOperand* b = m.Constant(Type(NNADAPTER_QUANT_INT32_SYMM_PER_LAYER, {1}, 0.25f), std::vector<int32_t>{4});
    ASSERT_EQ(m.Operation(NNADAPTER_FULLY_CONNECTED, {x, w, b, m.Int32(NNADAPTER_FUSED_NONE)}, {y}), NNADAPTER_NO_ERROR);
    ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
    std::vector<HostBuffer> out(1);
    // x = {1, 2}, w = {1, 2}: 1 + 4 + bias 1 = 6 -> q 24.
    ASSERT_EQ(m.Run({Buffer<int8_t>({1, 2}, {2, 4})}, &out), NNADAPTER_NO_ERROR);
    EXPECT_EQ(Values<int8_t>(out[0]), (std::vector<int8_t>{24}));
  }
}

TEST(NNAdapterNn, MatMulAndSoftmax) {
  ApiModelBuilder m;
  NNAdapterOperand* a = m.Operand(Type(kF32, {1, 2}));
  NNAdapterOperand* b = m.Operand(Type(kF32, {2, 2}));
  NNAdapterOperand* p = m.Operand(Type(kF32, {1, 2}));
  NNAdapterOperand* y = m.Operand(Type(kF32, {1, 2}));
  ASSERT_EQ(m.Operation(NNADAPTER_MAT_MUL, {a, b, m.Bool(false), m.Bool(true)}, {p}), NNADAPTER_NO_ERROR);
  ASSERT_EQ(m.Operation(NNADAPTER_SOFTMAX, {p, m.Int32(-1)}, {y}), NNADAPTER_NO_ERROR);
  ASSERT_EQ(m.Compile({a, b}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  // b^T rows equal: both logits 3 -> 0.5 each.
  ASSERT_EQ(m.Run({Buffer<float>({1, 2}, {1, 1}), Buffer<float>({2, 2}, {1, 2, 1, 2})}, &out), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{0.5f, 0.5f}));
}

TEST(NNAdapterNn, BatchInstanceAndLayerNormalization) {
  {
    ApiModelBuilder m;
    NNAdapterOperand* x = m.Operand(Type(kF32, {1, 2, 1, 2}));
    NNAdapterOperand* y = m.Operand(Type(kF32, {1, 2, 1, 2}));
    auto c = [&m](std::vector<float> v) { return m.Constant(Type(NNADAPTER_FLOAT32, {2}), v); };
    // (x - mean) / sqrt(var + eps) * scale + bias with var + eps = 4.
    ASSERT_EQ(m.Operation(NNADAPTER_BATCH_NORMALIZATION, {x, c({1, 2}), c({0, 10}), c({1, -1}), c({3, 3}), m.Float32(1)}, {y}),
              NNADAPTER_NO_ERROR);
    ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
    std::vector<HostBuffer> out(1);
    ASSERT_EQ(m.Run({Buffer<float>({1, 2, 1, 2}, {1, 3, -1, 1})}, &out), NNADAPTER_NO_ERROR);
    EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{0, 1, 10, 12}));
  }
  {
    ApiModelBuilder m;
    NNAdapterOperand* x = m.Operand(Type(kF32, {1, 2, 2}));
    NNAdapterOperand* y = m.Operand(Type(kF32, {1, 2, 2}));
    auto c = [&m](std::vector<float> v) { return m.Constant(Type(NNADAPTER_FLOAT32, {2}), v); };
    ASSERT_EQ(m.Operation(NNADAPTER_INSTANCE_NORMALIZATION, {x, c({1, 2}), c({0, 1}), m.Float32(0), m.Int32(0)}, {y}),
              NNADAPTER_NO_ERROR);
    ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
    std::vector<HostBuffer> out(1);
    ASSERT_EQ(m.Run({Buffer<float>({1, 2, 2}, {1, 3, 5, 9})}, &out), NNADAPTER_NO_ERROR);
    EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{-1, 1, -1, 3}));
  }
  {
    ApiModelBuilder m;
    NNAdapterOperand* x = m.Operand(Type(kF32, {2, 2}));
    NNAdapterOperand* y = m.Operand(Type(kF32, {2, 2}));
    auto c = [&m](std::vector<float> v) { return m.Constant(Type(NNADAPTER_FLOAT32, {2}), v); };
    ASSERT_EQ(m.Operation(NNADAPTER_LAYER_NORMALIZATION, {x, c({1, 1}), c({0, 0}), m.Int32(1), m.Float32(0), m.Int32(0)}, {y}),
              NNADAPTER_NO_ERROR);
    ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
    std::vector<HostBuffer> out(1);
    ASSERT_EQ(m.Run({Buffer<float>({2, 2}, {1, 3, 0, -4})}, &out), NNADAPTER_NO_ERROR);
    EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{-1, 1, 1, -1}));
  }
}

// The slope runs along NCHW's channel dim 1.
TEST(NNAdapterNn, PreluPerChannel) {
  ApiModelBuilder m;
  NNAdapterOperand* x = m.Operand(Type(kF32, {1, 2, 1, 2}));
  NNAdapterOperand* y = m.Operand(Type(kF32, {1, 2, 1, 2}));
  NNAdapterOperand* slope = m.Constant(Type(kF32, {2}), std::vector<float>{0.5f, 0.25f});
  ASSERT_EQ(m.Operation(NNADAPTER_PRELU, {x, slope}, {y}), NNADAPTER_NO_ERROR);
  ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
  std::vector<HostBuffer> out(1);
  ASSERT_EQ(m.Run({Buffer<float>({1, 2, 1, 2}, {-1, 2, -4, 4})}, &out), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{-0.5f, 2, -1, 4}));
}

}  // namespace
}  // namespace testing
}  // namespace nna
}  // namespace nnrt
