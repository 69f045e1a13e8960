#include "reference/ops/nn/resize.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "reference/numerics/numerics.h"
#include "reference/ops/testing/expect_values.h"
#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::ExpectSameValues;
using testing::OpHarness;
using testing::QP;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct ResizeAttrs {
  int8_t method = 0;  // LINEAR
  int64_t new_h = 1, new_w = 1;
  bool preserve = false;
  int8_t transform = 0;  // ASYMMETRIC
  float cubic_coeff = -0.75f;
  int64_t exclude_outside = 0;
  int8_t nearest = 0;  // NORMAL
};

void SetAttrs(OpHarness& h, const ResizeAttrs& a) {
  h.Attr(Attr::Int8("method", a.method))
      .Attr(Attr::Int64("newHeight", a.new_h))
      .Attr(Attr::Int64("newWidth", a.new_w))
      .Attr(Attr::Bool("preserveAspectRatio", a.preserve))
      .Attr(Attr::Int8("coordinateTransformMode", a.transform))
      .Attr(Attr::Float("cubicCoeff", a.cubic_coeff))
      .Attr(Attr::Int64("excludeOutside", a.exclude_outside))
      .Attr(Attr::Int8("nearestMode", a.nearest));
}

struct ResizeRun {
  Status status;
  Dims dims;
  std::vector<double> values;
};

ResizeRun RunF32(const std::vector<float>& x, Dims x_dims, const ResizeAttrs& a) {
  OpHarness h(NodeType::RESIZE);
  h.Input(DataType::kFloat32, std::move(x_dims), Bytes(x)).Output(DataType::kFloat32);
  SetAttrs(h, a);
  ResizeRun r;
  r.status = h.Run();
  if (r.status.ok()) {
    r.dims = h.OutDims();
    r.values = h.OutDoubles();
  }
  return r;
}

// One row [1, 1, W, 1] resized to [1, 1, out, 1].
std::vector<double> Row(const std::vector<float>& x, ResizeAttrs a, int64_t out) {
  a.new_w = out;
  const ResizeRun r = RunF32(x, {1, 1, static_cast<int32_t>(x.size()), 1}, a);
  EXPECT_TRUE(r.status.ok()) << r.status.message();
  return r.values;
}

// ---- Coordinates and rounding (C-702, C-704) ----------------------------------------------

TEST(ResizeCoordinateTest, ExactFractionsOfTheHdiFormulasC702) {
  const SourceCoordinate a = ResizeSourceCoordinate(CoordinateTransform::kAsymmetric, 3, 4, 8);
  EXPECT_EQ(a.num, 12);
  EXPECT_EQ(a.den, 8);
  const SourceCoordinate c = ResizeSourceCoordinate(CoordinateTransform::kAlignCorners, 2, 5, 3);
  EXPECT_EQ(c.num, 8);
  EXPECT_EQ(c.den, 2);
  const SourceCoordinate h = ResizeSourceCoordinate(CoordinateTransform::kHalfPixel, 0, 2, 4);
  EXPECT_EQ(h.num, -2);  // (0.5 * 2 / 4) - 0.5 = -0.25 = -2/8
  EXPECT_EQ(h.den, 8);
  // A single output sits at 0 in ALIGN_CORNERS and HALF_PIXEL (the IDL's "newWidth != 1" / "> 1" branches).
  EXPECT_EQ(ResizeSourceCoordinate(CoordinateTransform::kAlignCorners, 0, 7, 1).num, 0);
  EXPECT_EQ(ResizeSourceCoordinate(CoordinateTransform::kHalfPixel, 0, 7, 1).num, 0);
  EXPECT_EQ(ResizeSourceCoordinate(CoordinateTransform::kAsymmetric, 0, 7, 1).num, 0);
}

TEST(ResizeCoordinateTest, NearestModesAtATieAndOffItC704) {
  const SourceCoordinate tie{5, 2};     // 2.5
  const SourceCoordinate above{13, 5};  // 2.6
  EXPECT_EQ(NearestSourceIndex(NearestMode::kNormal, tie, 9), 3);
  EXPECT_EQ(NearestSourceIndex(NearestMode::kRoundHalfDown, tie, 9), 2);
  EXPECT_EQ(NearestSourceIndex(NearestMode::kRoundHalfUp, tie, 9), 3);
  EXPECT_EQ(NearestSourceIndex(NearestMode::kFloor, tie, 9), 2);
  EXPECT_EQ(NearestSourceIndex(NearestMode::kCeil, tie, 9), 3);
  EXPECT_EQ(NearestSourceIndex(NearestMode::kRoundHalfDown, above, 9), 3);
  EXPECT_EQ(NearestSourceIndex(NearestMode::kFloor, above, 9), 2);
  EXPECT_EQ(NearestSourceIndex(NearestMode::kCeil, SourceCoordinate{4, 2}, 9), 2);  // an integer stays
  // -0.5 (HALF_PIXEL's first output when downscaling is never below it): clamped to 0.
  EXPECT_EQ(NearestSourceIndex(NearestMode::kNormal, SourceCoordinate{-1, 2}, 9), 0);
  EXPECT_EQ(NearestSourceIndex(NearestMode::kCeil, SourceCoordinate{17, 2}, 9), 8);  // clamped to in - 1
}

TEST(ResizeCoordinateTest, CubicKernelIsTheIdlPolynomialWithExactZerosAtOneAndTwo) {
  EXPECT_EQ(CubicKernelWeight(-0.75, 0.0), 1.0);
  EXPECT_EQ(CubicKernelWeight(-0.75, 1.0), 0.0);
  EXPECT_EQ(CubicKernelWeight(-0.75, 2.0), 0.0);
  EXPECT_EQ(CubicKernelWeight(-0.5, 0.5), 0.5625);     // (1.5 * 0.125) - (2.5 * 0.25) + 1
  EXPECT_EQ(CubicKernelWeight(-0.5, -1.5), -0.0625);   // a (s-1)(s-2)^2 at 1.5
  EXPECT_EQ(CubicKernelWeight(-0.5, 2.5), 0.0);
}

// ---- Values per method (C-703, C-704, C-705) -----------------------------------------------

TEST(ResizeTest, LinearAsymmetricUpscaleClampsAtTheEndC703) {
  ExpectSameValues(Row({1, 2, 3, 4}, ResizeAttrs{}, 8), {1, 1.5, 2, 2.5, 3, 3.5, 4, 4});
}

TEST(ResizeTest, LinearHalfPixelClampsNegativeCoordinatesC703) {
  ResizeAttrs a;
  a.transform = 2;
  ExpectSameValues(Row({1, 2}, a, 4), {1, 1.25, 1.75, 2});
}

TEST(ResizeTest, BilinearAlignCornersIsTheIdlExample) {
  ResizeAttrs a;
  a.transform = 1;
  a.new_h = 3;
  a.new_w = 3;
  const ResizeRun r = RunF32({1, 2, 3, 4}, {1, 2, 2, 1}, a);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.dims, (Dims{1, 3, 3, 1}));
  ExpectSameValues(r.values, {1, 1.5, 2, 2, 2.5, 3, 3, 3.5, 4});
}

TEST(ResizeTest, DownscaleToOneReadsIndexZeroInEveryModeC702) {
  for (int8_t transform : {0, 1, 2}) {
    ResizeAttrs a;
    a.transform = transform;
    ExpectSameValues(Row({5, 6, 7, 8}, a, 1), {5});
  }
}

TEST(ResizeTest, NearestHalfPixelRoundHalfDownMatchesOnnxUpsample) {
  ResizeAttrs a;
  a.method = 1;
  a.transform = 2;
  a.nearest = 1;
  a.new_h = 4;
  a.new_w = 6;
  const ResizeRun r = RunF32({1, 2, 3, 4}, {1, 2, 2, 1}, a);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  ExpectSameValues(r.values, {1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 3, 3, 3, 4, 4, 4});
}

TEST(ResizeTest, NearestModesDifferOnlyAtTiesC704) {
  ResizeAttrs a;
  a.method = 1;
  // ASYMMETRIC 2 -> 4: coordinates 0, 0.5, 1, 1.5.
  a.nearest = 1;
  ExpectSameValues(Row({10, 20}, a, 4), {10, 10, 20, 20});
  a.nearest = 2;
  ExpectSameValues(Row({10, 20}, a, 4), {10, 20, 20, 20});
  a.nearest = 0;
  ExpectSameValues(Row({10, 20}, a, 4), {10, 20, 20, 20});
  a.nearest = 3;
  ExpectSameValues(Row({10, 20}, a, 4), {10, 10, 20, 20});
  a.nearest = 4;
  ExpectSameValues(Row({10, 20}, a, 4), {10, 20, 20, 20});
}

TEST(ResizeTest, CubicEdgeClampedAndExcludeOutsideRenormalisedC705) {
  ResizeAttrs a;
  a.method = 2;
  a.transform = 2;
  a.cubic_coeff = -0.75f;
  // ONNX resize_upsample_scales_cubic, first row of 1..16 (4x4) upscaled by 2.
  const ResizeRun r = RunF32({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, {1, 4, 4, 1},
                             ResizeAttrs{2, 8, 8, false, 2, -0.75f, 0, 0});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  const std::vector<double> row0 = {0.47265625, 0.76953125, 1.24609375, 1.875, 2.28125, 2.91015625, 3.38671875, 3.68359375};
  for (size_t i = 0; i < row0.size(); ++i) EXPECT_NEAR(r.values[i], row0[i], 1e-12) << i;
  // Excluding the outside taps renormalises: a row of equal values stays equal everywhere.
  a.exclude_outside = 1;
  a.cubic_coeff = -0.5f;
  for (double v : Row({3, 3, 3}, a, 7)) EXPECT_NEAR(v, 3.0, 1e-15);
  // Without renormalisation an edge tap is clamped to the edge element: equal values stay exact too.
  a.exclude_outside = 0;
  for (double v : Row({3, 3, 3}, a, 7)) EXPECT_NEAR(v, 3.0, 1e-15);
}

TEST(ResizeTest, CubicExcludeOutsideChangesTheEdgesOnly) {
  ResizeAttrs a;
  a.method = 2;
  a.transform = 2;
  a.cubic_coeff = -0.5f;
  const std::vector<double> clamped = Row({0, 1, 4, 9, 16}, a, 10);
  a.exclude_outside = 1;
  const std::vector<double> excluded = Row({0, 1, 4, 9, 16}, a, 10);
  EXPECT_NE(clamped[0], excluded[0]);
  EXPECT_EQ(clamped[5], excluded[5]);  // all four taps inside: the same weights
}

// ---- Special values (C-706) -----------------------------------------------------------

TEST(ResizeTest, ZeroWeightTapsAreNotReadSoInfDoesNotBecomeNanC706) {
  ExpectSameValues(Row({1, static_cast<float>(kInf)}, ResizeAttrs{}, 4), {1, kInf, kInf, kInf});
  ExpectSameValues(Row({static_cast<float>(kInf), static_cast<float>(-kInf)}, ResizeAttrs{}, 4),
                   {kInf, kNaN, -kInf, -kInf});
  ExpectSameValues(Row({static_cast<float>(kNaN), 2}, ResizeAttrs{}, 4), {kNaN, kNaN, 2, 2});
  ResizeAttrs nearest;
  nearest.method = 1;
  ExpectSameValues(Row({-0.0f, static_cast<float>(kNaN)}, nearest, 2), {-0.0, kNaN});
}

// ---- Output size (C-701, C-707) --------------------------------------------------------

TEST(ResizeOutputSizeTest, PreserveAspectRatioFitsAndRoundsHalfToEvenC707) {
  int64_t h = 0, w = 0;
  ASSERT_TRUE(ResizeOutputSize(4, 6, 3, 3, true, true, &h, &w).ok());
  EXPECT_EQ(h, 2);  // scale min(3/4, 3/6) = 1/2
  EXPECT_EQ(w, 3);
  ASSERT_TRUE(ResizeOutputSize(2, 5, 1, 100, true, true, &h, &w).ok());
  EXPECT_EQ(h, 1);
  EXPECT_EQ(w, 2);  // 2.5 rounds to even
  ASSERT_TRUE(ResizeOutputSize(2, 7, 1, 100, true, true, &h, &w).ok());
  EXPECT_EQ(w, 4);  // 3.5 rounds to even
  ASSERT_TRUE(ResizeOutputSize(3, 5, 6, 7, false, true, &h, &w).ok());
  EXPECT_EQ(h, 6);
  EXPECT_EQ(w, 7);
  ASSERT_TRUE(ResizeOutputSize(-1, 5, 6, 7, true, false, &h, &w).ok());
  EXPECT_EQ(h, -1);
  EXPECT_EQ(w, -1);
  EXPECT_EQ(ResizeOutputSize(1, 9, 1, 2, true, true, &h, &w).code(), NNRT_INVALID_MODEL);  // 1 x 2/9 -> 0
  EXPECT_EQ(ResizeOutputSize(1, 9, 1, 2, true, false, &h, &w).code(), NNRT_INVALID_INPUT);
}

TEST(ResizeTest, DynamicInputDimsPropagateOnlyWhereTheSizeDependsOnThemC707) {
  for (bool preserve : {false, true}) {
    OpHarness h(NodeType::RESIZE);
    h.Input(DataType::kFloat32, {2, -1, -1, 3}, {}).Output(DataType::kFloat32);
    ResizeAttrs a;
    a.new_h = 5;
    a.new_w = 6;
    a.preserve = preserve;
    SetAttrs(h, a);
    ASSERT_TRUE(h.Infer().ok());
    EXPECT_EQ(h.OutDims(), preserve ? (Dims{2, -1, -1, 3}) : (Dims{2, 5, 6, 3}));
  }
}

// ---- Rejections (C-701, C-705, C-708, C-709) ----------------------------------------------

Status InferWith(const ResizeAttrs& a, DataType t = DataType::kFloat32, Dims dims = {1, 2, 2, 1},
                 std::vector<QuantParam> q = {}) {
  OpHarness h(NodeType::RESIZE);
  h.Input(t, std::move(dims), {}, q).Output(t, q);
  SetAttrs(h, a);
  return h.Infer();
}

TEST(ResizeTest, RejectsBadSizesEnumsAndOperandsPrecisely) {
  ResizeAttrs a;
  a.new_h = 0;
  EXPECT_EQ(InferWith(a).code(), NNRT_INVALID_MODEL);
  a = ResizeAttrs{};
  a.new_w = int64_t{1} << 31;
  EXPECT_EQ(InferWith(a).code(), NNRT_INVALID_MODEL);
  a = ResizeAttrs{};
  a.method = -1;  // RESIZE_METHOD_UNKNOWN
  EXPECT_EQ(InferWith(a).code(), NNRT_INVALID_MODEL);
  a = ResizeAttrs{};
  a.transform = 3;
  EXPECT_EQ(InferWith(a).code(), NNRT_INVALID_MODEL);
  a = ResizeAttrs{};
  a.nearest = 5;
  EXPECT_EQ(InferWith(a).code(), NNRT_INVALID_MODEL);
  a = ResizeAttrs{};
  a.exclude_outside = 2;
  EXPECT_EQ(InferWith(a).code(), NNRT_INVALID_MODEL);
  a = ResizeAttrs{};
  a.cubic_coeff = 0.5f;
  EXPECT_TRUE(InferWith(a).ok());  // not read by LINEAR
  a.method = 2;
  const Status cubic = InferWith(a);
  EXPECT_EQ(cubic.code(), NNRT_INVALID_MODEL);
  EXPECT_NE(cubic.message().find("C-705"), std::string::npos);
  a.cubic_coeff = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(InferWith(a).code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(InferWith(ResizeAttrs{}, DataType::kFloat32, {2, 2, 1}).code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(InferWith(ResizeAttrs{}, DataType::kInt32).code(), NNRT_INVALID_MODEL);
  EXPECT_EQ(InferWith(ResizeAttrs{}, DataType::kInt8).code(), NNRT_INVALID_MODEL);  // no quant params
  OpHarness nchw(NodeType::RESIZE);
  nchw.Input(DataType::kFloat32, {1, 2, 2, 1}, {}, {}, Format::kNchw).Output(DataType::kFloat32);
  SetAttrs(nchw, ResizeAttrs{});
  EXPECT_EQ(nchw.Infer().code(), NNRT_UNSUPPORTED_OP);
}

// ---- Data types (C-709) -----------------------------------------------------------------

TEST(ResizeTest, QuantizedIsQuantizeOfTheRealResultWithTheOutputParamsC709) {
  OpHarness h(NodeType::RESIZE);
  // x codes 0, 3 with scale 0.5, zero point 0: reals 0, 1.5; midpoint 0.75 / 0.5 = 1.5 -> 2 (half away from zero).
  h.Input(DataType::kInt8, {1, 1, 2, 1}, Bytes(std::vector<int8_t>{0, 3}), {QP(0.5, 0)})
      .Output(DataType::kInt8, {QP(0.5, 0)});
  ResizeAttrs a;
  a.new_w = 4;
  SetAttrs(h, a);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{0, 2, 3, 3}));
  // Other output params: the same reals requantized (0.75 / 0.25 + 10 = 13).
  OpHarness u(NodeType::RESIZE);
  u.Input(DataType::kUint8, {1, 1, 2, 1}, Bytes(std::vector<uint8_t>{4, 7}), {QP(0.5, 4)})
      .Output(DataType::kUint8, {QP(0.25, 10)});
  SetAttrs(u, a);
  ASSERT_TRUE(u.Run().ok());
  EXPECT_EQ(u.OutInts(), (std::vector<int64_t>{10, 13, 16, 16}));
}

class ResizeEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(ResizeEveryDataType, BilinearMidpointsInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.25, t == DataType::kUint8 ? 8 : 0));
  OpHarness h(NodeType::RESIZE);
  h.Input(t, {1, 2, 2, 1}, testing::EncodeAs(t, {1, 2, 3, 4}, q), q).Output(t, q);
  ResizeAttrs a;
  a.transform = 1;
  a.new_h = 3;
  a.new_w = 3;
  SetAttrs(h, a);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutReals(), (std::vector<double>{1, 1.5, 2, 2, 2.5, 3, 3, 3.5, 4}));
}

INSTANTIATE_TEST_SUITE_P(Signatures, ResizeEveryDataType, ::testing::ValuesIn(ResizeOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
