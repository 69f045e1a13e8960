// Golden cases of RESIZE (ops_catalog #43 OH_NN_OPS_RESIZE_BILINEAR, HDI
// Resize): the IDL's align-corners bilinear example, the catalog's builder
// test model, the ONNX Resize upsample examples for NEAREST and CUBIC, and
// one case per clarification C-701..C-709.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

struct ResizeSpec {
  DT dt = DT::kFloat32;
  Dims x, y;
  Bytes x_data;
  std::vector<QuantParam> qx, qy;
  int8_t method = 0;  // LINEAR
  int64_t new_h = 1, new_w = 1;
  bool preserve = false;
  int8_t transform = 0;  // ASYMMETRIC
  float cubic_coeff = 0.0f;
  int64_t exclude_outside = 0;
  int8_t nearest = 0;  // NORMAL
};

TestCase Resize(const ResizeSpec& s) {
  SingleNodeCase c(NodeType::RESIZE, "resize");
  c.In("x", s.dt, s.x, s.x_data, s.qx).Out("y", s.dt, s.y, s.qy.empty() ? s.qx : s.qy);
  c.WithAttr(Attr::Int8("method", s.method))
      .WithAttr(Attr::Int64("newHeight", s.new_h))
      .WithAttr(Attr::Int64("newWidth", s.new_w))
      .WithAttr(Attr::Bool("preserveAspectRatio", s.preserve))
      .WithAttr(Attr::Int8("coordinateTransformMode", s.transform))
      .WithAttr(Attr::Float("cubicCoeff", s.cubic_coeff))
      .WithAttr(Attr::Int64("excludeOutside", s.exclude_outside))
      .WithAttr(Attr::Float("extrapolationValue", 0.0f))
      .WithAttr(Attr::Int8("nearestMode", s.nearest));
  return c.Build();
}

std::vector<double> Iota(int n, double first) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(first + i);
  return v;
}

// One row [1, 1, W, 1] of float32 resized to [1, 1, out, 1].
ResizeSpec Row(const std::vector<double>& x, int64_t out) {
  ResizeSpec s;
  s.x = {1, 1, static_cast<int32_t>(x.size()), 1};
  s.y = {1, 1, static_cast<int32_t>(out), 1};
  s.x_data = Values(DT::kFloat32, x);
  s.new_w = out;
  return s;
}

void DocumentCases(CaseList& list) {
  const DT f32 = DT::kFloat32;
  ResizeSpec idl;
  idl.x = {1, 2, 2, 1};
  idl.y = {1, 3, 3, 1};
  idl.x_data = Values(f32, {1, 2, 3, 4});
  idl.new_h = idl.new_w = 3;
  idl.transform = 1;  // ALIGN_CORNERS
  list.AddExpect("resize_idl_bilinear_align_corners",
                 "IDL Resize example (LINEAR + ALIGN_CORNERS): 2x2 [1,2,3,4] -> 3x3 with the corners kept", Resize(idl),
                 {Expect("y", f32, idl.y, Values(f32, {1, 1.5, 2, 2, 2.5, 3, 3, 3.5, 4}))});
  ResizeSpec ut;
  ut.x = {1, 2, 2, 2};
  ut.y = {1, 1, 1, 2};
  ut.x_data = Values(f32, Iota(8, 1));
  ut.preserve = true;
  ut.transform = 1;
  ut.exclude_outside = 1;
  list.AddExpect("resize_catalog_builder_model",
                 "ops_catalog #43 [UT] model: [1,2,2,2] -> 1x1, preserveAspectRatio, ALIGN_CORNERS: pixel (0,0)",
                 Resize(ut), {Expect("y", f32, ut.y, Values(f32, {1, 2}))});
  ResizeSpec nearest;
  nearest.x = {1, 2, 2, 1};
  nearest.y = {1, 4, 6, 1};
  nearest.x_data = Values(f32, {1, 2, 3, 4});
  nearest.method = 1;
  nearest.new_h = 4;
  nearest.new_w = 6;
  nearest.transform = 2;  // HALF_PIXEL
  nearest.nearest = 1;    // ROUND_HALF_DOWN = ONNX round_prefer_floor
  list.AddExpect("resize_onnx_upsample_nearest",
                 "ONNX resize_upsample_scales_nearest (half_pixel, round_prefer_floor): 2x2 -> 4x6", Resize(nearest),
                 {Expect("y", f32, nearest.y,
                         Values(f32, {1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 3, 3, 3, 4, 4, 4}))});
  ResizeSpec linear = nearest;
  linear.method = 0;
  linear.y = {1, 4, 4, 1};
  linear.new_w = 4;
  list.AddExpect("resize_onnx_upsample_linear_half_pixel", "ONNX resize_upsample_scales_linear: 2x2 -> 4x4",
                 Resize(linear),
                 {Expect("y", f32, linear.y,
                         Values(f32, {1, 1.25, 1.75, 2, 1.5, 1.75, 2.25, 2.5, 2.5, 2.75, 3.25, 3.5, 3, 3.25, 3.75, 4}))});
  ResizeSpec cubic;
  cubic.x = {1, 4, 4, 1};
  cubic.y = {1, 8, 8, 1};
  cubic.x_data = Values(f32, Iota(16, 1));
  cubic.method = 2;
  cubic.new_h = cubic.new_w = 8;
  cubic.transform = 2;
  cubic.cubic_coeff = -0.75f;
  list.Add("c705_resize_onnx_upsample_cubic",
           "C-705, ONNX resize_upsample_scales_cubic (a = -0.75, half_pixel, edge taps clamped): first row "
           "0.47265625 .. 3.68359375",
           Resize(cubic));
  cubic.cubic_coeff = -0.5f;
  cubic.exclude_outside = 1;
  list.Add("c705_resize_onnx_upsample_cubic_exclude_outside",
           "C-705, ONNX resize_upsample_scales_cubic_A_n0p5_exclude_outside: outside taps dropped, rest renormalised",
           Resize(cubic));
}

void ClarificationCases(CaseList& list) {
  const DT f32 = DT::kFloat32;
  ResizeSpec zero = Row({1, 2}, 1);
  zero.new_h = 0;
  list.AddError("c701_resize_new_height_zero_rejected", "C-701: newHeight 0 (the builder default) is rejected",
                Resize(zero), NNRT_INVALID_MODEL);
  ResizeSpec one;
  one.x = {1, 3, 4, 1};
  one.y = {1, 1, 1, 1};
  one.x_data = Values(f32, Iota(12, 5));
  one.transform = 2;
  list.AddExpect("c702_resize_half_pixel_to_one_reads_the_first_pixel",
                 "C-702: HALF_PIXEL with newWidth = newHeight = 1 samples coordinate 0 (the IDL's else branch)",
                 Resize(one), {Expect("y", f32, one.y, Values(f32, {5}))});
  ResizeSpec down = Row({0, 10, 20, 30, 40}, 3);
  down.transform = 1;
  list.AddExpect("c702_resize_align_corners_downscale", "C-702: ALIGN_CORNERS 5 -> 3 samples 0, 2, 4", Resize(down),
                 {Expect("y", f32, down.y, Values(f32, {0, 20, 40}))});
  ResizeSpec clamp = Row({1, 2}, 4);
  clamp.transform = 2;
  list.AddExpect("c703_resize_linear_half_pixel_clamped", "C-703: coordinates -0.25 and 1.25 clamped to the edges",
                 Resize(clamp), {Expect("y", f32, clamp.y, Values(f32, {1, 1.25, 1.75, 2}))});
  const std::vector<std::pair<int8_t, std::vector<double>>> modes = {
      {0, {10, 20, 20, 20}}, {1, {10, 10, 20, 20}}, {2, {10, 20, 20, 20}}, {3, {10, 10, 20, 20}}, {4, {10, 20, 20, 20}}};
  const char* names[] = {"normal", "round_half_down", "round_half_up", "floor", "ceil"};
  for (const auto& [mode, want] : modes) {
    ResizeSpec s = Row({10, 20}, 4);
    s.method = 1;
    s.nearest = mode;
    list.AddExpect(std::string("c704_resize_nearest_") + names[mode],
                   "C-704: ASYMMETRIC 2 -> 4, coordinates 0, 0.5, 1, 1.5 (ties at 0.5; 1.5 clamped)", Resize(s),
                   {Expect("y", f32, s.y, Values(f32, want))});
  }
  ResizeSpec bad_coeff = Row({1, 2}, 3);
  bad_coeff.method = 2;
  bad_coeff.cubic_coeff = 0.5f;
  list.AddError("c705_resize_cubic_coeff_out_of_range_rejected", "C-705: CUBIC with cubicCoeff 0.5 outside [-1, 0]",
                Resize(bad_coeff), NNRT_INVALID_MODEL);
  ResizeSpec inf = Row({1, kInf}, 4);
  list.AddExpect("c706_resize_zero_weight_tap_not_read", "C-706: [1, inf] -> 4: coordinate 0 reads only x[0]",
                 Resize(inf), {Expect("y", f32, inf.y, Values(f32, {1, kInf, kInf, kInf}))});
  ResizeSpec opposite = Row({kInf, -kInf}, 4);
  list.AddExpect("c706_resize_opposite_infinities_nan", "C-706: [inf, -inf] -> 4: the midpoint is NaN",
                 Resize(opposite), {Expect("y", f32, opposite.y, Values(f32, {kInf, kNaN, -kInf, -kInf}))});
  ResizeSpec preserve;
  preserve.x = {1, 4, 6, 1};
  preserve.y = {1, 2, 3, 1};
  preserve.x_data = Values(f32, Iota(24, 0));
  preserve.new_h = preserve.new_w = 3;
  preserve.preserve = true;
  list.AddExpect("c707_resize_preserve_aspect_ratio_fits", "C-707: 4x6 into 3x3 keeps the ratio: scale 1/2 -> 2x3",
                 Resize(preserve), {Expect("y", f32, preserve.y, Values(f32, {0, 2, 4, 12, 14, 16}))});
  ResizeSpec vanish;
  vanish.x = {1, 1, 9, 1};
  vanish.y = {1, 1, 2, 1};
  vanish.x_data = Values(f32, Iota(9, 0));
  vanish.new_w = 2;
  vanish.preserve = true;
  list.AddError("c707_resize_preserve_aspect_ratio_zero_dim_rejected",
                "C-707: 1x9 into 1x2 would scale the height to round(2/9) = 0", Resize(vanish), NNRT_INVALID_MODEL);
  ResizeSpec unknown = Row({1, 2}, 3);
  unknown.method = -1;
  list.AddError("c708_resize_method_unknown_rejected", "C-708: RESIZE_METHOD_UNKNOWN (-1) has no semantics",
                Resize(unknown), NNRT_INVALID_MODEL);
  ResizeSpec exclude = Row({1, 2}, 3);
  exclude.exclude_outside = 2;
  list.AddError("c708_resize_exclude_outside_two_rejected", "C-708: excludeOutside is 0 or 1", Resize(exclude),
                NNRT_INVALID_MODEL);
  ResizeSpec q;
  q.dt = DT::kUint8;
  q.x = {1, 1, 2, 1};
  q.y = {1, 1, 4, 1};
  q.x_data = Ints(DT::kUint8, {4, 7});
  q.qx = {QP(0.5, 4)};
  q.qy = {QP(0.25, 10)};
  q.new_w = 4;
  list.AddExpect("c709_resize_uint8_requantized", "C-709: reals 0, 1.5 interpolated, quantized with (0.25, 10)",
                 Resize(q), {Expect("y", DT::kUint8, q.y, Ints(DT::kUint8, {10, 13, 16, 16}))});
  ResizeSpec half;
  half.dt = DT::kFloat16;
  half.x = {1, 2, 2, 2};
  half.y = {1, 3, 3, 2};
  half.x_data = Values(DT::kFloat16, {1, -1, 2, 65504, 3, -0.5, 4, 0.25});
  half.new_h = half.new_w = 3;
  half.transform = 1;
  list.Add("resize_float16_bilinear_align_corners", "float16, two channels, 65504 interpolated in double",
           Resize(half));
}

std::vector<GoldenCase> ResizeCases() {
  CaseList list("resize");
  DocumentCases(list);
  ClarificationCases(list);
  return list.Take();
}

}  // namespace

NNRT_GOLDEN_FAMILY(ResizeCases);

}  // namespace golden
}  // namespace nnrt
