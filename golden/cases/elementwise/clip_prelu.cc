// Golden cases of CLIP (ops_catalog #76; C-168, C-169) and PRELU_FUSION
// (ops_catalog #46; C-180, C-181).
#include <cstdint>
#include <limits>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

TestCase Clip(DT dt, Dims dims, Bytes x, std::vector<Attr> attrs, std::vector<QuantParam> qx = {},
              std::vector<QuantParam> qy = {}, uint64_t seed = 0) {
  SingleNodeCase c(NodeType::CLIP, "clip");
  c.In("x", dt, dims, std::move(x), qx).Out("y", dt, dims, qy);
  for (Attr& a : attrs) c.WithAttr(std::move(a));
  if (seed != 0) RecordSeed(c, seed);
  return c.Build();
}

TestCase PRelu(DT dt, Format format, Dims dims, Bytes x, Dims slope_dims, Bytes slope, bool shared = false,
               std::vector<QuantParam> q = {}, uint64_t seed = 0) {
  SingleNodeCase c(NodeType::PRELU_FUSION, "prelu");
  c.WithFormat(format);
  c.In("x", dt, dims, std::move(x), q).Const("slope", dt, slope_dims, std::move(slope), q).Out("y", dt, dims, q);
  c.WithAttr(Attr::Bool("channelShared", shared));
  if (seed != 0) RecordSeed(c, seed);
  return c.Build();
}

std::vector<Attr> MinMax(float lo, float hi) { return {Attr::Float("min", lo), Attr::Float("max", hi)}; }

void AddClipCases(CaseList& list) {
  const DT f32 = DT::kFloat32;
  const std::vector<double> xts = {-3, -2, -1, 0, 1, 2, 3};
  list.AddExpect("doc_clip_xts_model1", "ops_catalog CLIP XTS Model1: min -1, max 1",
                 Clip(f32, {7}, Values(f32, xts), MinMax(-1, 1)),
                 {Expect("y", f32, {7}, Values(f32, {-1, -1, -1, 0, 1, 1, 1}))});
  GoldenRng rng(8001);
  list.Add("clip_float32_random", "seeded random, min -2.5 max 3.25",
           Clip(f32, {4, 6}, Values(f32, rng.Uniforms(24, -8, 8)), MinMax(-2.5f, 3.25f), {}, {}, 8001));
  GoldenRng rng16(8002);
  list.Add("clip_float16_random", "seeded random float16, min -1 max 0.5",
           Clip(DT::kFloat16, {4, 6}, Values(DT::kFloat16, rng16.Uniforms(24, -4, 4)), MinMax(-1, 0.5f), {}, {}, 8002));
  std::vector<int64_t> all_int8;
  for (int q = -128; q <= 127; ++q) all_int8.push_back(q);
  list.Add("clip_int8_quant_all_values", "every int8 value; clamp to [Q(min), Q(max)] after requantization",
           Clip(DT::kInt8, {256}, Ints(DT::kInt8, all_int8), MinMax(-1.5f, 2.0f), {QP(0.05, 0)}, {QP(0.02, -10)}));
  list.Add("clip_float32_specials", "NaN passes, infinities clamp",
           Clip(f32, {5}, Values(f32, {kNaN, kInf, -kInf, -0.0, 0.5}), MinMax(-1, 1)));
  list.AddExpect("c168_clip_min_above_max", "C-168: XTS Model3 min 1 > max 0: every element becomes max",
                 Clip(f32, {7}, Values(f32, xts), MinMax(1, 0)), {Expect("y", f32, {7}, Values(f32, {0, 0, 0, 0, 0, 0, 0}))});
  list.AddError("c169_clip_nan_bound_rejected", "C-169: a NaN bound is NNRT_INVALID_MODEL",
                Clip(f32, {2}, Values(f32, {1, 2}), MinMax(std::numeric_limits<float>::quiet_NaN(), 1)),
                NNRT_INVALID_MODEL);
  list.AddExpect("c169_clip_int32_bounds_round_inward", "C-169: int32 with [-1.5, 2.5] clamps to [-1, 2]",
                 Clip(DT::kInt32, {5}, Ints(DT::kInt32, {-3, -1, 0, 2, 3}), MinMax(-1.5f, 2.5f)),
                 {Expect("y", DT::kInt32, {5}, Ints(DT::kInt32, {-1, -1, 0, 2, 2}))});
  list.AddExpect("c169_clip_defaults_to_zero", "C-169: absent min/max default to 0: everything maps to 0",
                 Clip(f32, {3}, Values(f32, {-3, 0, 5}), {}), {Expect("y", f32, {3}, Values(f32, {0, 0, 0}))});
}

void AddPReluCases(CaseList& list) {
  const DT f32 = DT::kFloat32;
  GoldenRng rng(8101);
  list.Add("prelu_float32_per_channel_nhwc", "seeded random, slope per channel along the last (NHWC) axis",
           PRelu(f32, Format::kNhwc, {1, 2, 2, 3}, Values(f32, rng.Uniforms(12, -4, 4)), {3},
                 Values(f32, {0.25, -0.5, 1.5}), false, {}, 8101));
  GoldenRng rng16(8102);
  list.Add("prelu_float16_shared_slope", "seeded random float16, one shared slope",
           PRelu(DT::kFloat16, Format::kNhwc, {2, 5}, Values(DT::kFloat16, rng16.Uniforms(10, -4, 4)), {1},
                 Values(DT::kFloat16, {0.125}), true, {}, 8102));
  GoldenRng rngq(8103);
  list.Add("prelu_int8_quant", "seeded random int8, per-tensor params on x, slope and y (C-181)",
           PRelu(DT::kInt8, Format::kNhwc, {1, 2, 2, 2}, Ints(DT::kInt8, rngq.Ints(8, -128, 127)), {2},
                 Ints(DT::kInt8, {10, -20}), false, {QP(0.05, 2)}, 8103));
  list.Add("doc_prelu_xts_model2", "ops_catalog PRELU XTS Model2: slope 0.01 on [-0.5,-1,-1.5] (derived -0.005...)",
           PRelu(f32, Format::kNhwc, {3}, Values(f32, {-0.5, -1, -1.5}), {1}, Values(f32, {0.01}), true));
  list.AddExpect("c180_prelu_nhwc_last_axis", "C-180: NHWC slope runs along the last dim",
                 PRelu(f32, Format::kNhwc, {1, 1, 2, 2}, Values(f32, {-1, -2, 3, -4}), {2}, Values(f32, {0.5, 0.25})),
                 {Expect("y", f32, {1, 1, 2, 2}, Values(f32, {-0.5, -0.5, 3, -1}))});
  list.AddExpect("c180_prelu_nchw_dim_one", "C-180: NCHW slope runs along dim 1",
                 PRelu(f32, Format::kNchw, {1, 2, 1, 2}, Values(f32, {-1, -2, -3, -4}), {2}, Values(f32, {0.5, 0.25})),
                 {Expect("y", f32, {1, 2, 1, 2}, Values(f32, {-0.5, -1, -0.75, -1}))});
  list.AddError("c181_channel_shared_with_many_slopes_rejected", "C-181: channelShared with 2 slopes is invalid",
                PRelu(f32, Format::kNhwc, {1, 2}, Values(f32, {-1, 1}), {2}, Values(f32, {0.5, 0.25}), true),
                NNRT_INVALID_MODEL);
  list.AddExpect("c181_prelu_keeps_nan_and_negative_zero", "C-181: y = x < 0 ? slope*x : x keeps -0 and NaN",
                 PRelu(f32, Format::kNhwc, {3}, Values(f32, {-0.0, kNaN, -2}), {1}, Values(f32, {0.5}), true),
                 {Expect("y", f32, {3}, Values(f32, {-0.0, kNaN, -1}))});
}

}  // namespace

std::vector<GoldenCase> ClipPreluCases() {
  CaseList clip("clip");
  AddClipCases(clip);
  CaseList prelu("prelu");
  AddPReluCases(prelu);
  std::vector<GoldenCase> all = clip.Take();
  for (GoldenCase& c : prelu.Take()) all.push_back(std::move(c));
  return all;
}

NNRT_GOLDEN_FAMILY(ClipPreluCases);

}  // namespace golden
}  // namespace nnrt
