// NNAdapter API end to end on the reference: CONV_2D_TRANSPOSE on NCHW
// operands with a [C_in, C_out/group, kH, kW] filter, float32 and int8, and
// the combinations without a lowering (C-828).
#include <gtest/gtest.h>

#include "reference/nnadapter/testing/api_model_builder.h"

namespace nnrt {
namespace nna {
namespace testing {
namespace {

struct Deconv {
  NNAdapterOperandType x, filter, bias, y;
  std::vector<uint8_t> filter_bytes, bias_bytes;
  int32_t auto_pad = NNADAPTER_AUTO_PAD_NONE;
  std::vector<int32_t> pads = {0, 0, 0, 0}, strides = {1, 1}, output_padding = {0, 0}, output_shape;
  int32_t group = 1;
  int32_t fuse = NNADAPTER_FUSED_NONE;
};

template <typename T>
std::vector<uint8_t> Bytes(const std::vector<T>& v) {
  return Buffer<T>({}, v).bytes;
}

NNAdapterOperand* Operands(ApiModelBuilder& m, const Deconv& d, NNAdapterOperand** y) {
  NNAdapterOperand* a = m.Operand(d.x);
  *y = m.Operand(d.y);
  // output_shape: given or, to leave it unused, the size the pads give.
  std::vector<int32_t> shape = d.output_shape;
  if (shape.empty()) shape = {d.y.dimensions.data[2], d.y.dimensions.data[3]};
  EXPECT_EQ(m.Operation(NNADAPTER_CONV_2D_TRANSPOSE,
                        {a, m.Constant(d.filter, d.filter_bytes.data(), d.filter_bytes.size()),
                         m.Constant(d.bias, d.bias_bytes.data(), d.bias_bytes.size()), m.Int32(d.auto_pad),
                         m.Int32s(d.pads), m.Int32s(d.strides), m.Int32(d.group), m.Int32s({1, 1}),
                         m.Int32s(d.output_padding), m.Int32s(shape), m.Int32(d.fuse)},
                        {*y}),
            NNADAPTER_NO_ERROR);
  return a;
}

int RunDeconv(const Deconv& d, const HostBuffer& x, std::vector<HostBuffer>* r) {
  ApiModelBuilder m;
  NNAdapterOperand* y = nullptr;
  NNAdapterOperand* a = Operands(m, d, &y);
  int code = m.Compile({a}, {y});
  r->assign(1, HostBuffer{});
  if (code == NNADAPTER_NO_ERROR) code = m.Run({x}, r);
  return code;
}

bool Supported(const Deconv& d) {
  ApiModelBuilder m;
  NNAdapterOperand* y = nullptr;
  NNAdapterOperand* a = Operands(m, d, &y);
  const bool supported = SupportedAlone(m);
  EXPECT_EQ(m.Compile({a}, {y}), supported ? NNADAPTER_NO_ERROR : NNADAPTER_INVALID_PARAMETER);
  return supported;
}

// 1x1 kernels on x [1, 2, 1, 1] = {1, 10}: y[co] = sum over ci of x[ci] * f[ci][co] + b[co].
Deconv Pointwise(std::vector<int32_t> f_dims, std::vector<float> f, int32_t group, int32_t c_out) {
  Deconv d;
  d.x = Type(kF32, {1, 2, 1, 1});
  d.filter = Type(kF32, f_dims);
  d.filter_bytes = Bytes(f);
  d.bias = Type(kF32, {c_out});
  std::vector<float> bias(c_out, 0.0f);
  bias.back() = 0.5f;
  d.bias_bytes = Bytes(bias);
  d.y = Type(kF32, {1, c_out, 1, 1});
  d.group = group;
  return d;
}

TEST(NNAdapterConvTranspose, FilterIsInputChannelsFirstC828) {
  std::vector<HostBuffer> r;
  const HostBuffer x = Buffer<float>({1, 2, 1, 1}, {1, 10});
  // f [C_in 2, C_out 3]: y = {1 + 40, 2 + 50, 3 + 60 + 0.5}.
  ASSERT_EQ(RunDeconv(Pointwise({2, 3, 1, 1}, {1, 2, 3, 4, 5, 6}, 1, 3), x, &r), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<float>(r[0]), (std::vector<float>{41, 52, 63.5f}));
  // group 2, C_out/group 2: group 0 reads x0 with {1, 2}, group 1 reads x1 with {3, 4}.
  ASSERT_EQ(RunDeconv(Pointwise({2, 2, 1, 1}, {1, 2, 3, 4}, 2, 4), x, &r), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<float>(r[0]), (std::vector<float>{1, 2, 30, 40.5f}));
}

// x [1, 1, 2, 2], f [1, 1, 2, 2], stride 2, pads top 1 / left 1, output
// padding 1: H_out = (2 - 1) * 2 - 1 + 2 + 1 = 4. Each input pixel (i, j)
// adds x * f[ky][kx] at (2i - 1 + ky, 2j - 1 + kx) when that lies inside.
std::vector<float> ScatterReference(const std::vector<float>& x, const std::vector<float>& f, float bias, bool relu) {
  std::vector<float> y(16, bias);
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 2; ++j) {
      for (int ky = 0; ky < 2; ++ky) {
        for (int kx = 0; kx < 2; ++kx) {
          const int oy = 2 * i - 1 + ky, ox = 2 * j - 1 + kx;
          if (oy >= 0 && oy < 4 && ox >= 0 && ox < 4) y[oy * 4 + ox] += x[i * 2 + j] * f[ky * 2 + kx];
        }
      }
    }
  }
  if (relu) {
    for (float& v : y) v = v < 0 ? 0 : v;
  }
  return y;
}

TEST(NNAdapterConvTranspose, StridePadsOutputPaddingAndOutputShapeC828) {
  const std::vector<float> xv = {1, -2, 3, 4}, fv = {1, 2, -3, 4};
  Deconv d;
  d.x = Type(kF32, {1, 1, 2, 2});
  d.filter = Type(kF32, {1, 1, 2, 2});
  d.filter_bytes = Bytes(fv);
  d.bias = Type(kF32, {1});
  d.bias_bytes = Bytes(std::vector<float>{0.25f});
  d.y = Type(kF32, {1, 1, 4, 4});
  d.pads = {1, 0, 1, 0};
  d.strides = {2, 2};
  d.output_padding = {1, 1};
  std::vector<HostBuffer> r;
  ASSERT_EQ(RunDeconv(d, Buffer<float>({1, 1, 2, 2}, xv), &r), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<float>(r[0]), ScatterReference(xv, fv, 0.25f, false));
  // The same size through output_shape alone, with a fused RELU.
  d.output_padding = {0, 0};
  d.output_shape = {4, 4};
  d.fuse = NNADAPTER_FUSED_RELU;
  ASSERT_EQ(RunDeconv(d, Buffer<float>({1, 1, 2, 2}, xv), &r), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<float>(r[0]), ScatterReference(xv, fv, 0.25f, true));
  // A non-zero output_padding that output_shape contradicts (width 3 needs 0).
  d.output_padding = {1, 1};
  d.output_shape = {4, 3};
  d.y = Type(kF32, {1, 1, 4, 3});
  EXPECT_EQ(RunDeconv(d, Buffer<float>({1, 1, 2, 2}, xv), &r), NNADAPTER_INVALID_PARAMETER);
}

// int8: x scale 0.5 {1, 2}, filter scale 0.25 {2, -1}, bias scale 0.125
// {1}: y = 1 * 2 + 2 * -1 + 1 = 1, output scale 0.5 -> code 2.
TEST(NNAdapterConvTranspose, Int8PerLayer) {
  Deconv d;
  d.x = Type(kI8, {1, 2, 1, 1}, 0.5f);
  d.filter = Type(kI8, {2, 1, 1, 1}, 0.25f);
  d.filter_bytes = Bytes(std::vector<int8_t>{8, -4});
  d.bias = Type(NNADAPTER_QUANT_INT32_SYMM_PER_LAYER, {1}, 0.125f);
  d.bias_bytes = Bytes(std::vector<int32_t>{8});
  d.y = Type(kI8, {1, 1, 1, 1}, 0.5f);
  std::vector<HostBuffer> r;
  ASSERT_EQ(RunDeconv(d, Buffer<int8_t>({1, 2, 1, 1}, {2, 4}), &r), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<int8_t>(r[0]), (std::vector<int8_t>{2}));
}

TEST(NNAdapterConvTranspose, SameAutoPadAndPerChannelFiltersAreUnsupportedC828) {
  Deconv d = Pointwise({2, 3, 1, 1}, {1, 2, 3, 4, 5, 6}, 1, 3);
  EXPECT_TRUE(Supported(d));
  d.auto_pad = NNADAPTER_AUTO_PAD_SAME;
  EXPECT_FALSE(Supported(d));
  Deconv q;
  q.x = Type(kI8, {1, 2, 1, 1}, 0.5f);
  q.filter = Type(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, {2, 1, 1, 1});
  static float scales[2] = {0.25f, 0.5f};
  q.filter.symm_per_channel_params = {0, 2, scales};
  q.filter_bytes = Bytes(std::vector<int8_t>{8, -4});
  q.bias = Type(NNADAPTER_QUANT_INT32_SYMM_PER_LAYER, {1}, 0.125f);
  q.bias_bytes = Bytes(std::vector<int32_t>{8});
  q.y = Type(kI8, {1, 1, 1, 1}, 0.5f);
  EXPECT_FALSE(Supported(q));
}

}  // namespace
}  // namespace testing
}  // namespace nna
}  // namespace nnrt
