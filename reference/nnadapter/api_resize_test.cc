// NNAdapter API end to end on the reference: RESIZE_NEAREST and
// RESIZE_LINEAR on NCHW operands, each coordinate rule that lowers, float32
// and int8, and the combinations that do not (C-829).
#include <gtest/gtest.h>

#include "reference/nnadapter/testing/api_model_builder.h"

namespace nnrt {
namespace nna {
namespace testing {
namespace {

struct ResizeCase {
  int32_t op;
  std::vector<int32_t> out_hw;
  bool align_corners;
  int32_t align_mode;  // RESIZE_LINEAR only
};

// x [1, 1, H, W] resized to out_hw; one output or the failing code.
int Resize(const ResizeCase& c, int32_t p, const HostBuffer& x, std::vector<HostBuffer>* r, bool* supported = nullptr) {
  ApiModelBuilder m;
  NNAdapterOperand* a = m.Operand(Type(p, x.dims, 0.5f));
  NNAdapterOperand* y = m.Operand(Type(p, {1, 1, c.out_hw[0], c.out_hw[1]}, 0.5f));
  NNAdapterOperand* scales = m.Constant(Type(kF32, {2}), std::vector<float>{1.0f, 1.0f});  // the shape wins
  std::vector<NNAdapterOperand*> ins = {a, m.Int32s(c.out_hw), scales, m.Bool(c.align_corners)};
  if (c.op == NNADAPTER_RESIZE_LINEAR) ins.push_back(m.Int32(c.align_mode));
  if (supported != nullptr) {
    EXPECT_EQ(m.Operation(c.op, ins, {y}), NNADAPTER_NO_ERROR);
    *supported = SupportedAlone(m);
    return m.Compile({a}, {y});
  }
  return RunOperation(m, c.op, ins, {y}, {a}, {x}, r);
}

std::vector<float> ResizeF32(const ResizeCase& c, const HostBuffer& x) {
  std::vector<HostBuffer> r;
  EXPECT_EQ(Resize(c, kF32, x, &r), NNADAPTER_NO_ERROR);
  return r.empty() ? std::vector<float>{} : Values<float>(r[0]);
}

// align_corners false: src = floor(i * in / out).
TEST(NNAdapterResize, NearestFloorsTheAsymmetricCoordinateC829) {
  const HostBuffer x = Buffer<float>({1, 1, 2, 2}, {1, 2, 3, 4});
  EXPECT_EQ(ResizeF32({NNADAPTER_RESIZE_NEAREST, {4, 4}, false, 0}, x),
            (std::vector<float>{1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4}));
  // 3 -> 2: i * 3 / 2 = 0, 1.5 -> rows and columns 0 and 1.
  const HostBuffer x9 = Buffer<float>({1, 1, 3, 3}, {0, 1, 2, 3, 4, 5, 6, 7, 8});
  EXPECT_EQ(ResizeF32({NNADAPTER_RESIZE_NEAREST, {2, 2}, false, 0}, x9), (std::vector<float>{0, 1, 3, 4}));
}

// align_corners true: src = i * (in - 1) / (out - 1) rounded half up.
TEST(NNAdapterResize, NearestAlignCornersRoundsHalfUpC829) {
  const HostBuffer x9 = Buffer<float>({1, 1, 3, 3}, {0, 1, 2, 3, 4, 5, 6, 7, 8});
  EXPECT_EQ(ResizeF32({NNADAPTER_RESIZE_NEAREST, {2, 2}, true, 0}, x9), (std::vector<float>{0, 2, 6, 8}));
  // 4 -> 3: 0, 1.5, 3 -> 0, 2, 3.
  const HostBuffer x4 = Buffer<float>({1, 1, 1, 4}, {10, 20, 30, 40});
  EXPECT_EQ(ResizeF32({NNADAPTER_RESIZE_NEAREST, {1, 3}, true, 0}, x4), (std::vector<float>{10, 30, 40}));
}

// x = {0, 4} widened to 4 columns under each linear rule.
TEST(NNAdapterResize, LinearCoordinateRulesC829) {
  const HostBuffer x = Buffer<float>({1, 1, 1, 2}, {0, 4});
  // align_corners: i * 1 / 3.
  EXPECT_EQ(ResizeF32({NNADAPTER_RESIZE_LINEAR, {1, 4}, true, 0}, x), (std::vector<float>{0, 4.0f / 3, 8.0f / 3, 4}));
  // align_mode 1: i * 2 / 4 = 0, 0.5, 1, 1.5 (clamped to 1).
  EXPECT_EQ(ResizeF32({NNADAPTER_RESIZE_LINEAR, {1, 4}, false, 1}, x), (std::vector<float>{0, 2, 4, 4}));
  // align_mode 0: (i + 0.5) / 2 - 0.5 = -0.25 (clamped to 0), 0.25, 0.75, 1.25 (clamped to 1).
  EXPECT_EQ(ResizeF32({NNADAPTER_RESIZE_LINEAR, {1, 4}, false, 0}, x), (std::vector<float>{0, 1, 3, 4}));
}

// int8, scale 0.5 in and out: the real values interpolate, then quantise.
TEST(NNAdapterResize, LinearAndNearestInt8) {
  std::vector<HostBuffer> r;
  ASSERT_EQ(Resize({NNADAPTER_RESIZE_LINEAR, {1, 4}, true, 0}, kI8, Buffer<int8_t>({1, 1, 1, 2}, {0, 6}), &r),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<int8_t>(r[0]), (std::vector<int8_t>{0, 2, 4, 6}));
  ASSERT_EQ(Resize({NNADAPTER_RESIZE_NEAREST, {2, 2}, false, 0}, kI8, Buffer<int8_t>({1, 1, 1, 1}, {-7}), &r),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<int8_t>(r[0]), (std::vector<int8_t>{-7, -7, -7, -7}));
}

// Channels stay channels: the NCHW operand passes through the NHWC node.
TEST(NNAdapterResize, ChannelsOfAnNchwInputC829) {
  ApiModelBuilder m;
  NNAdapterOperand* a = m.Operand(Type(kF32, {1, 2, 1, 1}));
  NNAdapterOperand* y = m.Operand(Type(kF32, {1, 2, 1, 2}));
  std::vector<HostBuffer> r;
  ASSERT_EQ(RunOperation(m, NNADAPTER_RESIZE_NEAREST,
                         {a, m.Int32s({1, 2}), m.Constant(Type(kF32, {2}), std::vector<float>{1, 2}), m.Bool(false)},
                         {y}, {a}, {Buffer<float>({1, 2, 1, 1}, {5, 6})}, &r),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(Values<float>(r[0]), (std::vector<float>{5, 5, 6, 6}));
}

// Half-pixel to an output of 1 samples (in - 1) / 2 in NNAdapter, 0 in RESIZE.
TEST(NNAdapterResize, HalfPixelToOneElementIsUnsupportedC829) {
  std::vector<HostBuffer> r;
  bool supported = true;
  EXPECT_EQ(Resize({NNADAPTER_RESIZE_LINEAR, {1, 1}, false, 0}, kF32, Buffer<float>({1, 1, 1, 3}, {1, 2, 3}), &r,
                   &supported),
            NNADAPTER_INVALID_PARAMETER);
  EXPECT_FALSE(supported);
  // The same sizes under align_mode 1 lower.
  EXPECT_EQ(ResizeF32({NNADAPTER_RESIZE_LINEAR, {1, 1}, false, 1}, Buffer<float>({1, 1, 1, 3}, {1, 2, 3})),
            (std::vector<float>{1}));
}

}  // namespace
}  // namespace testing
}  // namespace nna
}  // namespace nnrt
