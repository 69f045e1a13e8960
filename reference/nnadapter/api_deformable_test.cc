// NNAdapter DEFORMABLE_CONV_2D end to end on the reference: the native
// kernel step of the reference program (C-855), alone, between NNRt-lowered
// operations, and restored from a compilation cache.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

#include "reference/nnadapter/testing/api_model_builder.h"

namespace nnrt {
namespace nna {
namespace testing {
namespace {

struct ConvShape {
  std::vector<int32_t> x, filter, y;
  std::vector<int32_t> pads = {0, 0, 0, 0}, strides = {1, 1}, dilations = {1, 1};
  int32_t group = 1, deformable_group = 1, fuse = NNADAPTER_FUSED_NONE;
};

// x [1, 1, 2, 2], a 1x1 filter, no padding: y [1, 1, 2, 2].
ConvShape PointwiseOn2x2() {
  ConvShape s;
  s.x = {1, 1, 2, 2};
  s.filter = {1, 1, 1, 1};
  s.y = {1, 1, 2, 2};
  return s;
}

std::vector<int32_t> OffsetDims(const ConvShape& s, int32_t per_tap) {
  return {s.y[0], per_tap * s.deformable_group * s.filter[2] * s.filter[3], s.y[2], s.y[3]};
}

// x, offset and mask model inputs; filter and bias constants.
struct DeformableModel {
  ApiModelBuilder m;
  NNAdapterOperand *x, *offset, *mask, *y;
  DeformableModel(const ConvShape& s, const std::vector<float>& filter, const std::vector<float>& bias)
      : x(m.Operand(Type(kF32, s.x))),
        offset(m.Operand(Type(kF32, OffsetDims(s, 2)))),
        mask(m.Operand(Type(kF32, OffsetDims(s, 1)))),
        y(m.Operand(Type(kF32, s.y))) {
    EXPECT_EQ(m.Operation(NNADAPTER_DEFORMABLE_CONV_2D,
                          {x, offset, mask, m.Constant(Type(kF32, s.filter), filter),
                           m.Constant(Type(kF32, {s.filter[0]}), bias), m.Int32s(s.pads), m.Int32s(s.strides),
                           m.Int32(s.group), m.Int32(s.deformable_group), m.Int32s(s.dilations), m.Int32(s.fuse)},
                          {y}),
              NNADAPTER_NO_ERROR);
  }
};

std::vector<float> RunFloat(ApiModelBuilder& m, const std::vector<HostBuffer>& inputs) {
  std::vector<HostBuffer> out(1);
  EXPECT_EQ(m.Run(inputs, &out), NNADAPTER_NO_ERROR);
  return Values<float>(out[0]);
}

// x = [[1, 2], [3, 4]], a 1x1 filter of 1: each output is x sampled at its
// own position + offset, times the mask (hand-computed bilinear values).
TEST(NNAdapterDeformable, BilinearSamplesAndMaskC855) {
  const ConvShape s = PointwiseOn2x2();
  DeformableModel d(s, {1.0f}, {0.0f});
  ASSERT_EQ(d.m.Compile({d.x, d.offset, d.mask}, {d.y}), NNADAPTER_NO_ERROR);
  // (dy, dx) per position: (0.5, 0.5) -> mean of all four = 2.5; at (0, 1):
  // (0.5, 1.5) -> 0.25 * 2 + 0.25 * 4 (two neighbours outside) = 1.5;
  // (0, 0) -> 3; at (1, 1): (-1, -1) -> x(0, 0) = 1, mask 0.5.
  const std::vector<float> y =
      RunFloat(d.m, {Buffer<float>(s.x, {1, 2, 3, 4}), Buffer<float>({1, 2, 2, 2}, {0.5f, 0.5f, 0, -1, 0.5f, 0.5f, 0, -1}),
                Buffer<float>({1, 1, 2, 2}, {1, 1, 1, 0.5f})});
  EXPECT_EQ(y, (std::vector<float>{2.5f, 1.5f, 3.0f, 0.5f}));
}

// A sampling position at or beyond one pixel outside contributes nothing:
// the output is the bias (as padding in CONV_2D), even with an infinite
// weight, where adding inf * 0 would give NaN.
TEST(NNAdapterDeformable, PositionsOutsideAddNothingC855) {
  ConvShape s;
  s.x = {1, 1, 1, 1};
  s.filter = {1, 1, 1, 1};
  s.y = {1, 1, 1, 1};
  DeformableModel d(s, {std::numeric_limits<float>::infinity()}, {7.0f});
  ASSERT_EQ(d.m.Compile({d.x, d.offset, d.mask}, {d.y}), NNADAPTER_NO_ERROR);
  EXPECT_EQ(RunFloat(d.m, {Buffer<float>(s.x, {5}), Buffer<float>({1, 2, 1, 1}, {-1.0f, 0}),
                      Buffer<float>({1, 1, 1, 1}, {1})}),
            (std::vector<float>{7.0f}));
  EXPECT_EQ(RunFloat(d.m, {Buffer<float>(s.x, {5}), Buffer<float>({1, 2, 1, 1}, {0, 3.0f}), Buffer<float>({1, 1, 1, 1}, {1})}),
            (std::vector<float>{7.0f}));
}

// Property: zero offsets and a unit mask give CONV_2D's result bit for bit
// (same taps, same binary64 order ky, kx, ic, one rounding), with groups,
// deformable groups, padding, strides, dilations and a fuse code.
TEST(NNAdapterDeformable, ZeroOffsetsAndUnitMaskEqualConv2DC855) {
  ConvShape s;
  s.x = {2, 4, 6, 5};
  s.filter = {6, 2, 3, 2};
  s.pads = {1, 2, 0, 1};
  s.strides = {2, 1};
  s.dilations = {1, 2};
  s.group = 2;
  s.deformable_group = 2;
  s.fuse = NNADAPTER_FUSED_RELU6;
  s.y = {2, 6, (6 + 3 - 3) / 2 + 1, (5 + 1 - 3) / 1 + 1};
  const std::vector<float> filter = Pseudorandom(6 * 2 * 3 * 2, 3), bias = Pseudorandom(6, 4);
  const std::vector<float> x = Pseudorandom(2 * 4 * 6 * 5, 9);
  DeformableModel d(s, filter, bias);
  ASSERT_EQ(d.m.Compile({d.x, d.offset, d.mask}, {d.y}), NNADAPTER_NO_ERROR);
  const std::vector<int32_t> od = OffsetDims(s, 2), md = OffsetDims(s, 1);
  const std::vector<float> deformable =
      RunFloat(d.m, {Buffer<float>(s.x, x), Buffer<float>(od, std::vector<float>(od[0] * od[1] * od[2] * od[3], 0.0f)),
                Buffer<float>(md, std::vector<float>(md[0] * md[1] * md[2] * md[3], 1.0f))});
  ApiModelBuilder c;
  NNAdapterOperand* cx = c.Operand(Type(kF32, s.x));
  NNAdapterOperand* cy = c.Operand(Type(kF32, s.y));
  ASSERT_EQ(c.Operation(NNADAPTER_CONV_2D,
                        {cx, c.Constant(Type(kF32, s.filter), filter), c.Constant(Type(kF32, {6}), bias),
                         c.Int32(NNADAPTER_AUTO_PAD_NONE), c.Int32s(s.pads), c.Int32s(s.strides), c.Int32(s.group),
                         c.Int32s(s.dilations), c.Int32(s.fuse)},
                        {cy}),
            NNADAPTER_NO_ERROR);
  ASSERT_EQ(c.Compile({cx}, {cy}), NNADAPTER_NO_ERROR);
  const std::vector<float> conv = RunFloat(c, {Buffer<float>(s.x, x)});
  ASSERT_EQ(deformable.size(), conv.size());
  EXPECT_EQ(Bits(deformable), Bits(conv));
}

// RELU (lowered) -> DEFORMABLE_CONV_2D (native) -> ABS (lowered): three
// steps passing values, and the same results after a restore from the
// compilation cache (the NNAdapter model is the cached program, C-855).
TEST(NNAdapterDeformable, BetweenLoweredOperationsAndThroughTheCacheC855) {
  const ConvShape s = PointwiseOn2x2();
  DeformableModel d(s, {-2.0f}, {0.0f});
  NNAdapterOperand* in = d.m.Operand(Type(kF32, s.x));
  NNAdapterOperand* out = d.m.Operand(Type(kF32, s.y));
  ASSERT_EQ(d.m.Operation(NNADAPTER_RELU, {in}, {d.x}), NNADAPTER_NO_ERROR);
  ASSERT_EQ(d.m.Operation(NNADAPTER_ABS, {d.y}, {out}), NNADAPTER_NO_ERROR);
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string dir = tmp == nullptr ? "/tmp" : tmp;
  const std::string token = "deformable_between_lowered";
  std::remove((dir + "/" + token + ".nnc").c_str());
  ASSERT_EQ(d.m.CompileCached({in, d.offset, d.mask}, {out}, token.c_str(), dir.c_str()), NNADAPTER_NO_ERROR);
  const std::vector<HostBuffer> inputs = {Buffer<float>(s.x, {-1, 2, 3, 4}),
                                          Buffer<float>({1, 2, 2, 2}, {0, 0, 0, 0.5f, 0, 0, 0, 0}),
                                          Buffer<float>({1, 1, 2, 2}, {1, 1, 1, 1})};
  // relu: {0, 2, 3, 4}; position (1, 1) moved by dy 0.5 samples 0.5 * 4
  // (its lower neighbour is outside): 2; times -2, abs.
  const std::vector<float> expected = {0, 4, 6, 4};
  EXPECT_EQ(RunFloat(d.m, inputs), expected);
  ASSERT_EQ(d.m.RestoreCompilation(token.c_str(), dir.c_str()), NNADAPTER_NO_ERROR);
  EXPECT_EQ(RunFloat(d.m, inputs), expected);
}

TEST(NNAdapterDeformable, ErrorsC855) {
  ConvShape s;
  s.x = {1, 1, 3, 3};
  s.filter = {1, 1, 2, 2};
  s.y = {1, 1, 3, 3};  // the 2x2 filter without padding gives 2x2
  DeformableModel d(s, {1, 1, 1, 1}, {0});
  bool supported[1] = {true};
  EXPECT_EQ(NNAdapterModel_getSupportedOperations(d.m.model(), d.m.context(), supported), NNADAPTER_NO_ERROR);
  EXPECT_FALSE(supported[0]);
  EXPECT_EQ(d.m.Compile({d.x, d.offset, d.mask}, {d.y}), NNADAPTER_INVALID_PARAMETER);
  {  // int8 input: the kernel is float32 only
    ApiModelBuilder m;
    const NNAdapterOperandType q = Type(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {1, 1, 1, 1}, 0.5f);
    NNAdapterOperand* x = m.Operand(q);
    NNAdapterOperand* y = m.Operand(q);
    ASSERT_EQ(m.Operation(NNADAPTER_DEFORMABLE_CONV_2D,
                          {x, m.Constant(Type(kF32, {1, 2, 1, 1}), std::vector<float>{0, 0}),
                           m.Constant(Type(kF32, {1, 1, 1, 1}), std::vector<float>{1}), m.Constant(q, std::vector<int8_t>{1}),
                           m.Constant(Type(NNADAPTER_QUANT_INT32_SYMM_PER_LAYER, {1}, 0.25f), std::vector<int32_t>{0}),
                           m.Int32s({0, 0, 0, 0}), m.Int32s({1, 1}), m.Int32(1), m.Int32(1), m.Int32s({1, 1}),
                           m.Int32(NNADAPTER_FUSED_NONE)},
                          {y}),
              NNADAPTER_NO_ERROR);
    EXPECT_EQ(m.Compile({x}, {y}), NNADAPTER_INVALID_PARAMETER);
  }
}

TEST(NNAdapterDeformable, SupportedOperationsSaysYesC855) {
  const ConvShape s = PointwiseOn2x2();
  DeformableModel d(s, {1.0f}, {0.0f});
  ASSERT_EQ(d.m.Compile({d.x, d.offset, d.mask}, {d.y}), NNADAPTER_NO_ERROR);
  bool supported[1] = {false};
  EXPECT_EQ(NNAdapterModel_getSupportedOperations(d.m.model(), d.m.context(), supported), NNADAPTER_NO_ERROR);
  EXPECT_TRUE(supported[0]);
}

}  // namespace
}  // namespace testing
}  // namespace nna
}  // namespace nnrt
