// Models built exactly as Paddle Lite's NNAdapter subgraph bridge builds them
// (Paddle-Lite 2e4e435e30, lite/kernels/nnadapter/converter): every operation
// output added with precision NNADAPTER_UNKNOWN and no dims (a quantised one
// with its scale only), its type read back right after addOperation, and
// MAX_POOL_2D with the two outputs {output, indices} (NULL: no indices).
// Each model compiles and computes on both NNAdapter devices: the built-in
// "reference" and libnnadapter_reference.so ("nnadapter_reference", loaded
// from the test's LD_LIBRARY_PATH). C-900 .. C-903.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "reference/nnadapter/testing/api_model_builder.h"

namespace nnrt {
namespace nna {
namespace testing {
namespace {

const char* const kDevices[] = {"reference", "nnadapter_reference"};

// Converter::AddOutputOperand: a zeroed type, precision unknown, no dims, the
// scale (when the op has an output scale) in symm_per_layer_params.
NNAdapterOperandType PaddleOutputType(float scale = 0.0f) {
  NNAdapterOperandType t;
  std::memset(&t, 0, sizeof(t));
  const int32_t unknown = NNADAPTER_UNKNOWN;
  std::memcpy(&t.precision, &unknown, sizeof(unknown));
  t.symm_per_layer_params.scale = scale;
  return t;
}

const NNAdapterOperandType& TypeOf(NNAdapterOperand* operand) {
  NNAdapterOperandType* type = nullptr;
  EXPECT_EQ(NNAdapterModel_getOperandType(operand, &type), NNADAPTER_NO_ERROR);
  return *type;
}

std::vector<int32_t> DimsOf(NNAdapterOperand* operand) {
  const NNAdapterOperandType& t = TypeOf(operand);
  return std::vector<int32_t>(t.dimensions.data, t.dimensions.data + t.dimensions.count);
}

int32_t PrecisionOf(NNAdapterOperand* operand) { return static_cast<int32_t>(TypeOf(operand).precision); }

// Sum of x * w over a 3x3 window with zero padding 1 (the test's convolution, exact in float).
std::vector<float> Conv3x3Same(const std::vector<float>& x, int h, int w, const std::vector<float>& k) {
  std::vector<float> y(x.size(), 0.0f);
  for (int i = 0; i < h; ++i) {
    for (int j = 0; j < w; ++j) {
      double s = 0.0;
      for (int a = -1; a <= 1; ++a) {
        for (int b = -1; b <= 1; ++b) {
          if (i + a >= 0 && i + a < h && j + b >= 0 && j + b < w) s += x[(i + a) * w + j + b] * k[(a + 1) * 3 + b + 1];
        }
      }
      y[i * w + j] = static_cast<float>(s);
    }
  }
  return y;
}

// ADD feeding SOFTMAX, both outputs without dims: the intermediate's type is
// known right after addOperation, and the model compiles (C-900, C-901).
TEST(NNAdapterPaddleLiteStyle, AddFeedingSoftmaxWithoutDimsC901) {
  for (const char* device : kDevices) {
    ApiModelBuilder m(device);
    NNAdapterOperand* x = m.Operand(Type(kF32, {2, 2}));
    NNAdapterOperand* c = m.Constant(Type(kF32, {2, 2}), std::vector<float>{1, 0, 0, 0});
    NNAdapterOperand* sum = m.Operand(PaddleOutputType());
    ASSERT_EQ(m.Operation(NNADAPTER_ADD, {x, c, m.Int32(NNADAPTER_FUSED_NONE)}, {sum}), NNADAPTER_NO_ERROR);
    EXPECT_EQ(PrecisionOf(sum), NNADAPTER_FLOAT32);
    EXPECT_EQ(DimsOf(sum), (std::vector<int32_t>{2, 2}));
    NNAdapterOperand* prob = m.Operand(PaddleOutputType());
    ASSERT_EQ(m.Operation(NNADAPTER_SOFTMAX, {sum, m.Int32(1)}, {prob}), NNADAPTER_NO_ERROR);
    EXPECT_EQ(DimsOf(prob), (std::vector<int32_t>{2, 2}));
    ASSERT_EQ(m.Compile({x}, {sum, prob}), NNADAPTER_NO_ERROR) << device;
    uint32_t ins = 0, outs = 0;
    NNAdapterOperandType* out_types[2] = {nullptr, nullptr};
    ASSERT_EQ(NNAdapterCompilation_queryInputsAndOutputs(m.compilation(), &ins, nullptr, &outs, nullptr),
              NNADAPTER_NO_ERROR);
    ASSERT_EQ(outs, 2u);
    ASSERT_EQ(NNAdapterCompilation_queryInputsAndOutputs(m.compilation(), &ins, nullptr, &outs, out_types),
              NNADAPTER_NO_ERROR);
    EXPECT_EQ(out_types[1]->dimensions.count, 2u);
    std::vector<HostBuffer> out(2);
    ASSERT_EQ(m.Run({Buffer<float>({2, 2}, {1, 2, 3, 3})}, &out), NNADAPTER_NO_ERROR) << device;
    EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{2, 2, 3, 3}));
    EXPECT_EQ(Values<float>(out[1]), (std::vector<float>{0.5f, 0.5f, 0.5f, 0.5f}));  // equal logits
  }
}

// CONV_2D -> MAX_POOL_2D {output, NULL} -> RESHAPE -> FULLY_CONNECTED -> RELU,
// every output added Paddle Lite's way (C-901, C-903). Integer-valued data:
// every result is exact.
TEST(NNAdapterPaddleLiteStyle, SmallCnnWithUnknownOutputsC901C903) {
  std::vector<float> xv(16);
  for (int i = 0; i < 16; ++i) xv[i] = static_cast<float>((i * 7) % 11) - 5.0f;
  const std::vector<float> identity = {0, 0, 0, 0, 1, 0, 0, 0, 0}, box = {1, 1, 1, 1, 1, 1, 1, 1, 1};
  std::vector<float> filter(identity);
  filter.insert(filter.end(), box.begin(), box.end());
  std::vector<float> fc_w(3 * 8);
  for (int i = 0; i < 24; ++i) fc_w[i] = static_cast<float>(i % 5) - 2.0f;
  const std::vector<float> fc_b = {1, -40, 0.5f};
  // Expected: conv planes, 2x2 max pool, FC, RELU.
  const std::vector<float> planes[2] = {Conv3x3Same(xv, 4, 4, identity), Conv3x3Same(xv, 4, 4, box)};
  std::vector<float> pooled;
  for (const auto& p : planes) {
    for (int i = 0; i < 2; ++i) {
      for (int j = 0; j < 2; ++j) {
        pooled.push_back(std::max(std::max(p[(2 * i) * 4 + 2 * j], p[(2 * i) * 4 + 2 * j + 1]),
                                  std::max(p[(2 * i + 1) * 4 + 2 * j], p[(2 * i + 1) * 4 + 2 * j + 1])));
      }
    }
  }
  std::vector<float> expected;
  for (int o = 0; o < 3; ++o) {
    double s = fc_b[o];
    for (int i = 0; i < 8; ++i) s += fc_w[o * 8 + i] * pooled[i];
    expected.push_back(s > 0 ? static_cast<float>(s) : 0.0f);
  }
  for (const char* device : kDevices) {
    ApiModelBuilder m(device);
    NNAdapterOperand* x = m.Operand(Type(kF32, {1, 1, 4, 4}));
    NNAdapterOperand* conv = m.Operand(PaddleOutputType());
    ASSERT_EQ(m.Operation(NNADAPTER_CONV_2D,
                          {x, m.Constant(Type(kF32, {2, 1, 3, 3}), filter), m.Constant(Type(kF32, {2}), std::vector<float>{0, 0}),
                           m.Int32(NNADAPTER_AUTO_PAD_NONE), m.Int32s({1, 1, 1, 1}), m.Int32s({1, 1}), m.Int32(1),
                           m.Int32s({1, 1}), m.Int32(NNADAPTER_FUSED_NONE)},
                          {conv}),
              NNADAPTER_NO_ERROR);
    EXPECT_EQ(DimsOf(conv), (std::vector<int32_t>{1, 2, 4, 4}));
    NNAdapterOperand* pool = m.Operand(PaddleOutputType());
    ASSERT_EQ(m.Operation(NNADAPTER_MAX_POOL_2D,
                          {conv, m.Int32(NNADAPTER_AUTO_PAD_NONE), m.Int32s({0, 0, 0, 0}), m.Int32s({2, 2}),
                           m.Int32s({2, 2}), m.Bool(false), m.Bool(false), m.Int32(NNADAPTER_INT32),
                           m.Int32(NNADAPTER_FUSED_NONE)},
                          {pool, nullptr}),
              NNADAPTER_NO_ERROR);
    EXPECT_EQ(DimsOf(pool), (std::vector<int32_t>{1, 2, 2, 2}));
    NNAdapterOperand* flat = m.Operand(PaddleOutputType());
    ASSERT_EQ(m.Operation(NNADAPTER_RESHAPE, {pool, m.Int32s({1, -1})}, {flat}), NNADAPTER_NO_ERROR);
    EXPECT_EQ(DimsOf(flat), (std::vector<int32_t>{1, 8}));
    NNAdapterOperand* fc = m.Operand(PaddleOutputType());
    ASSERT_EQ(m.Operation(NNADAPTER_FULLY_CONNECTED,
                          {flat, m.Constant(Type(kF32, {3, 8}), fc_w), m.Constant(Type(kF32, {3}), fc_b),
                           m.Int32(NNADAPTER_FUSED_NONE)},
                          {fc}),
              NNADAPTER_NO_ERROR);
    EXPECT_EQ(DimsOf(fc), (std::vector<int32_t>{1, 3}));
    NNAdapterOperand* y = m.Operand(PaddleOutputType());
    ASSERT_EQ(m.Operation(NNADAPTER_RELU, {fc}, {y}), NNADAPTER_NO_ERROR);
    EXPECT_EQ(PrecisionOf(y), NNADAPTER_FLOAT32);
    EXPECT_EQ(DimsOf(y), (std::vector<int32_t>{1, 3}));
    ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR) << device;
    std::vector<HostBuffer> out(1);
    ASSERT_EQ(m.Run({Buffer<float>({1, 1, 4, 4}, xv)}, &out), NNADAPTER_NO_ERROR) << device;
    EXPECT_EQ(Values<float>(out[0]), expected) << device;
    EXPECT_EQ(out[0].dims, (std::vector<int32_t>{1, 3}));
  }
}

// MAX_POOL_2D {output, indices}: the indices are h * W + w in the (n, c)
// plane of the first maximum in row-major window order; a NaN window gives
// NaN and the first NaN's index; of -0 and +0 the first (C-903, C-528).
TEST(NNAdapterPaddleLiteStyle, MaxPoolIndicesTiesNanAndSignedZeroC903) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> xv = {1, 5, 2, 2,  5, 3, 2, 2,  nan, 0, -0.0f, 0,  7, nan, -1, -0.0f};
  for (int i = 0; i < 16; ++i) xv.push_back(static_cast<float>(i));
  for (const char* device : kDevices) {
    for (const int32_t dtype : {NNADAPTER_INT64, NNADAPTER_INT32}) {
      ApiModelBuilder m(device);
      NNAdapterOperand* x = m.Operand(Type(kF32, {1, 2, 4, 4}));
      NNAdapterOperand* y = m.Operand(PaddleOutputType());
      NNAdapterOperand* indices = m.Operand(PaddleOutputType());
      ASSERT_EQ(m.Operation(NNADAPTER_MAX_POOL_2D,
                            {x, m.Int32(NNADAPTER_AUTO_PAD_NONE), m.Int32s({0, 0, 0, 0}), m.Int32s({2, 2}),
                             m.Int32s({2, 2}), m.Bool(false), m.Bool(true), m.Int32(dtype),
                             m.Int32(NNADAPTER_FUSED_NONE)},
                            {y, indices}),
                NNADAPTER_NO_ERROR);
      EXPECT_EQ(PrecisionOf(y), NNADAPTER_FLOAT32);
      EXPECT_EQ(PrecisionOf(indices), dtype);
      EXPECT_EQ(DimsOf(indices), (std::vector<int32_t>{1, 2, 2, 2}));
      EXPECT_TRUE(SupportedAlone(m));
      ASSERT_EQ(m.Compile({x}, {y, indices}), NNADAPTER_NO_ERROR) << device;
      std::vector<HostBuffer> out(2);
      ASSERT_EQ(m.Run({Buffer<float>({1, 2, 4, 4}, xv)}, &out), NNADAPTER_NO_ERROR) << device;
      const std::vector<uint32_t> bits = Bits(Values<float>(out[0]));
      EXPECT_EQ(bits, (std::vector<uint32_t>{0x40a00000u, 0x40000000u, 0x7fc00000u, 0x80000000u,  // 5, 2, NaN, -0
                                             0x40a00000u, 0x40e00000u, 0x41500000u, 0x41700000u}));  // 5, 7, 13, 15
      const std::vector<int64_t> want = {1, 2, 8, 10, 5, 7, 13, 15};
      if (dtype == NNADAPTER_INT64) {
        EXPECT_EQ(Values<int64_t>(out[1]), want) << device;
      } else {
        EXPECT_EQ(Values<int32_t>(out[1]), std::vector<int32_t>(want.begin(), want.end())) << device;
      }
    }
  }
}

// Padding never takes part: on 3x3 with pads bottom/right 1 the last windows
// hold one row or column; a ceil_mode window that starts in the padding has
// no index (and no NNRt pooling either): unsupported (C-903, C-904).
TEST(NNAdapterPaddleLiteStyle, MaxPoolIndicesWithPaddingAndTheWindowInThePaddingC903) {
  std::vector<float> xv;
  for (int i = 1; i <= 9; ++i) xv.push_back(static_cast<float>(i));
  // Compiled directly, and through the cache: the program with its native
  // step is restored from <dir>/<token>.nnc alone (C-854) and computes the same.
  for (const bool cached : {false, true}) {
    for (const char* device : kDevices) {
      ApiModelBuilder m(device);
      NNAdapterOperand* x = m.Operand(Type(kF32, {1, 1, 3, 3}));
      NNAdapterOperand* y = m.Operand(PaddleOutputType());
      NNAdapterOperand* indices = m.Operand(PaddleOutputType());
      ASSERT_EQ(m.Operation(NNADAPTER_MAX_POOL_2D,
                            {x, m.Int32(NNADAPTER_AUTO_PAD_NONE), m.Int32s({0, 1, 0, 1}), m.Int32s({2, 2}),
                             m.Int32s({2, 2}), m.Bool(false), m.Bool(true), m.Int32(NNADAPTER_INT32),
                             m.Int32(NNADAPTER_FUSED_NONE)},
                            {y, indices}),
                NNADAPTER_NO_ERROR);
      EXPECT_EQ(DimsOf(y), (std::vector<int32_t>{1, 1, 2, 2}));
      if (cached) {
        const std::string dir = ::testing::TempDir();
        const std::string token = std::string("max_pool_indices_cached_") + device;
        ASSERT_EQ(m.CompileCached({x}, {y, indices}, token.c_str(), dir.c_str()), NNADAPTER_NO_ERROR) << device;
        ASSERT_EQ(m.RestoreCompilation(token.c_str(), dir.c_str()), NNADAPTER_NO_ERROR) << device;
      } else {
        ASSERT_EQ(m.Compile({x}, {y, indices}), NNADAPTER_NO_ERROR) << device;
      }
      std::vector<HostBuffer> out(2);
      ASSERT_EQ(m.Run({Buffer<float>({1, 1, 3, 3}, xv)}, &out), NNADAPTER_NO_ERROR) << device;
      EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{5, 6, 8, 9})) << device << (cached ? " cached" : "");
      EXPECT_EQ(Values<int32_t>(out[1]), (std::vector<int32_t>{4, 5, 7, 8})) << device << (cached ? " cached" : "");
    }
  }
  for (const bool with_indices : {true, false}) {
    ApiModelBuilder m;
    NNAdapterOperand* x = m.Operand(Type(kF32, {1, 1, 4, 4}));
    NNAdapterOperand* y = m.Operand(PaddleOutputType());
    NNAdapterOperand* indices = with_indices ? m.Operand(PaddleOutputType()) : nullptr;
    ASSERT_EQ(m.Operation(NNADAPTER_MAX_POOL_2D,
                          {x, m.Int32(NNADAPTER_AUTO_PAD_NONE), m.Int32s({0, 1, 0, 1}), m.Int32s({2, 2}),
                           m.Int32s({2, 2}), m.Bool(true), m.Bool(with_indices), m.Int32(NNADAPTER_INT32),
                           m.Int32(NNADAPTER_FUSED_NONE)},
                          {y, indices}),
              NNADAPTER_NO_ERROR);
    EXPECT_EQ(DimsOf(y), (std::vector<int32_t>{1, 1, 3, 3}));  // NNAdapter's ceil formula
    EXPECT_FALSE(SupportedAlone(m));
    std::vector<NNAdapterOperand*> outs = {y};
    if (with_indices) outs.push_back(indices);
    EXPECT_EQ(m.Compile({x}, outs), NNADAPTER_INVALID_PARAMETER);
  }
}

// The documented forms only: one output, or return_indices disagreeing with
// the indices operand, is refused when the model is compiled (C-903).
TEST(NNAdapterPaddleLiteStyle, MaxPoolOperandFormsC903) {
  for (int form = 0; form < 3; ++form) {
    ApiModelBuilder m;
    NNAdapterOperand* x = m.Operand(Type(kF32, {1, 1, 2, 2}));
    NNAdapterOperand* y = m.Operand(Type(kF32, {1, 1, 1, 1}));
    NNAdapterOperand* indices = m.Operand(Type(NNADAPTER_INT32, {1, 1, 1, 1}));
    std::vector<NNAdapterOperand*> outs = {y};        // form 0: one output
    if (form == 1) outs = {y, nullptr};                // return_indices true, no indices
    if (form == 2) outs = {y, indices};                // return_indices false, indices given
    ASSERT_EQ(m.Operation(NNADAPTER_MAX_POOL_2D,
                          {x, m.Int32(NNADAPTER_AUTO_PAD_NONE), m.Int32s({0, 0, 0, 0}), m.Int32s({2, 2}),
                           m.Int32s({2, 2}), m.Bool(false), m.Bool(form == 1), m.Int32(NNADAPTER_INT32),
                           m.Int32(NNADAPTER_FUSED_NONE)},
                          outs),
              NNADAPTER_NO_ERROR);
    std::vector<NNAdapterOperand*> model_outs = {y};
    if (form == 2) model_outs.push_back(indices);
    EXPECT_EQ(m.Compile({x}, model_outs), NNADAPTER_INVALID_PARAMETER) << form;
  }
}

// Quantised outputs: Paddle Lite passes the output scale with an unknown
// precision; the precision comes from the input, the scale stays the
// client's; RESHAPE's output without a scale takes its input's (C-902).
TEST(NNAdapterPaddleLiteStyle, QuantisedOutputsKeepTheirScaleOrTakeTheInputsC902) {
  for (const char* device : kDevices) {
    ApiModelBuilder m(device);
    NNAdapterOperand* x = m.Operand(Type(kI8, {1, 1, 2, 2}, 0.5f));
    NNAdapterOperand* c = m.Constant(Type(kI8, {1, 1, 2, 2}, 0.5f), std::vector<int8_t>{2, 2, 2, 2});
    NNAdapterOperand* sum = m.Operand(PaddleOutputType(0.25f));
    ASSERT_EQ(m.Operation(NNADAPTER_ADD, {x, c, m.Int32(NNADAPTER_FUSED_NONE)}, {sum}), NNADAPTER_NO_ERROR);
    EXPECT_EQ(PrecisionOf(sum), NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
    EXPECT_EQ(TypeOf(sum).symm_per_layer_params.scale, 0.25f);
    NNAdapterOperand* flat = m.Operand(PaddleOutputType());
    ASSERT_EQ(m.Operation(NNADAPTER_RESHAPE, {sum, m.Int32s({4})}, {flat}), NNADAPTER_NO_ERROR);
    EXPECT_EQ(PrecisionOf(flat), NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
    EXPECT_EQ(TypeOf(flat).symm_per_layer_params.scale, 0.25f);
    EXPECT_EQ(DimsOf(flat), (std::vector<int32_t>{4}));
    ASSERT_EQ(m.Compile({x}, {flat}), NNADAPTER_NO_ERROR) << device;
    std::vector<HostBuffer> out(1);
    ASSERT_EQ(m.Run({Buffer<int8_t>({1, 1, 2, 2}, {2, 4, 6, 8})}, &out), NNADAPTER_NO_ERROR) << device;
    EXPECT_EQ(Values<int8_t>(out[0]), (std::vector<int8_t>{8, 12, 16, 20}));  // (1..4 + 1) / 0.25
  }
}

// The precision rules (C-900) and the dims of the reference's shape
// inference (C-901), read back right after addOperation.
TEST(NNAdapterPaddleLiteStyle, PrecisionAndDimsReadBackC900C901) {
  ApiModelBuilder m;
  NNAdapterOperand* x = m.Operand(Type(kF32, {2, NNADAPTER_UNKNOWN, 4}));
  NNAdapterOperand* row = m.Operand(Type(kF32, {4}));
  struct Case {
    int32_t op;
    std::vector<NNAdapterOperand*> inputs;
    size_t outputs;
    std::vector<int32_t> precisions;
    std::vector<std::vector<int32_t>> dims;
  };
  const int32_t kUnknown = NNADAPTER_UNKNOWN;
  const std::vector<Case> cases = {
      {NNADAPTER_EQUAL, {x, row}, 1, {NNADAPTER_BOOL8}, {{2, kUnknown, 4}}},
      {NNADAPTER_CAST, {x, m.Int32(NNADAPTER_INT32)}, 1, {NNADAPTER_INT32}, {{2, kUnknown, 4}}},
      {NNADAPTER_ARG_MAX, {x, m.Int32(2), m.Bool(false), m.Int32(NNADAPTER_INT64)}, 1, {NNADAPTER_INT64}, {{2, kUnknown}}},
      {NNADAPTER_SHAPE, {x, m.Int32(NNADAPTER_INT64)}, 1, {NNADAPTER_INT64}, {{3}}},
      {NNADAPTER_TOP_K,
       {x, m.Int32(2), m.Int32(-1), m.Bool(true), m.Bool(true), m.Int32(NNADAPTER_INT32)},
       2,
       {NNADAPTER_FLOAT32, NNADAPTER_INT32},
       {{2, kUnknown, 2}, {2, kUnknown, 2}}},
      {NNADAPTER_SPLIT, {x, m.Int32(2), m.Int32s({1, 3})}, 2, {NNADAPTER_FLOAT32, NNADAPTER_FLOAT32},
       {{2, kUnknown, 1}, {2, kUnknown, 3}}},
      {NNADAPTER_TRANSPOSE, {x, m.Int32s({2, 0, 1})}, 1, {NNADAPTER_FLOAT32}, {{4, 2, kUnknown}}},
      {NNADAPTER_HARD_SWISH, {x, m.Float32(0.2f), m.Float32(0.5f)}, 1, {NNADAPTER_FLOAT32}, {{2, kUnknown, 4}}},
  };
  for (const Case& c : cases) {
    std::vector<NNAdapterOperand*> outs;
    for (size_t k = 0; k < c.outputs; ++k) outs.push_back(m.Operand(PaddleOutputType()));
    ASSERT_EQ(m.Operation(c.op, c.inputs, outs), NNADAPTER_NO_ERROR) << c.op;
    for (size_t k = 0; k < c.outputs; ++k) {
      EXPECT_EQ(PrecisionOf(outs[k]), c.precisions[k]) << c.op << " output " << k;
      EXPECT_EQ(DimsOf(outs[k]), c.dims[k]) << c.op << " output " << k;
    }
  }
}

// An operand of unknown precision has no bytes to hold: setOperandValue
// refuses it (C-900).
TEST(NNAdapterPaddleLiteStyle, UnknownPrecisionTakesNoValueC900) {
  ApiModelBuilder m;
  NNAdapterOperand* o = m.Operand(PaddleOutputType());
  ASSERT_NE(o, nullptr);
  float v = 1.0f;
  EXPECT_EQ(NNAdapterModel_setOperandValue(o, &v, 4, true), NNADAPTER_INVALID_PARAMETER);
}

}  // namespace
}  // namespace testing
}  // namespace nna
}  // namespace nnrt
