// Golden cases of CONV2D_FUSION (ops_catalog #8/#10; quantization_semantics
// 4.5-4.7; clarifications C-50..C-55). Layout: input NHWC, weight
// [outC, kH, kW, inC/group], bias [outC].
#include <cstdint>
#include <limits>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

struct ConvAttrs {
  std::vector<int64_t> stride = {1, 1};
  std::vector<int64_t> dilation = {1, 1};
  int8_t pad_mode = 2;  // HDI PadMode VALID
  std::vector<int64_t> pad_list = {0, 0, 0, 0};
  int64_t group = 1;
  int8_t activation = 0;
};

struct ConvSpec {
  DT dt = DT::kFloat32;
  Dims x, w, y;
  Bytes x_data, w_data, bias;  // empty bias = 2-input conv (C-50)
  std::vector<QuantParam> qx, qw, qy;
  ConvAttrs attrs;
  uint64_t seed = 0;
};

TestCase Conv(const ConvSpec& s) {
  SingleNodeCase c(NodeType::CONV2D_FUSION, "conv2d");
  c.In("x", s.dt, s.x, s.x_data, s.qx).Const("w", s.dt, s.w, s.w_data, s.qw);
  if (!s.bias.empty()) {
    const DT bias_dt = s.qx.empty() ? s.dt : DT::kInt32;  // quantized bias is int32 (4.7)
    c.Const("bias", bias_dt, {s.w[0]}, s.bias);
  }
  c.Out("y", s.dt, s.y, s.qy);
  c.WithAttr(Attr::Int64s("stride", s.attrs.stride))
      .WithAttr(Attr::Int64s("dilation", s.attrs.dilation))
      .WithAttr(Attr::Int8("padMode", s.attrs.pad_mode))
      .WithAttr(Attr::Int64s("padList", s.attrs.pad_list))
      .WithAttr(Attr::Int64("group", s.attrs.group))
      .WithAttr(Attr::Int8("activationType", s.attrs.activation));
  if (s.seed != 0) RecordSeed(c, s.seed);
  return c.Build();
}

// Random float operands for a spec whose dims are set.
void FillFloat(ConvSpec& s, uint64_t seed, double range) {
  GoldenRng rng(seed);
  s.seed = seed;
  s.x_data = Values(s.dt, rng.Uniforms(Count(s.x), -range, range));
  s.w_data = Values(s.dt, rng.Uniforms(Count(s.w), -range, range));
  s.bias = Values(s.dt, rng.Uniforms(static_cast<size_t>(s.w[0]), -range, range));
}

void FillQuant(ConvSpec& s, uint64_t seed) {
  GoldenRng rng(seed);
  s.seed = seed;
  const int64_t lo = s.dt == DT::kInt8 ? -128 : 0, hi = s.dt == DT::kInt8 ? 127 : 255;
  s.x_data = Ints(s.dt, rng.Ints(Count(s.x), lo, hi));
  s.w_data = Ints(s.dt, rng.Ints(Count(s.w), lo, hi));
  s.bias = Ints(DT::kInt32, rng.Ints(static_cast<size_t>(s.w[0]), -2000, 2000));
}

}  // namespace

std::vector<GoldenCase> Conv2DCases() {
  CaseList list("conv2d");
  const DT f32 = DT::kFloat32;
  {
    ConvSpec s;
    s.x = {1, 5, 5, 3}, s.w = {4, 3, 3, 3}, s.y = {1, 3, 3, 4};
    FillFloat(s, 9001, 2);
    list.Add("conv_float32_valid_random", "seeded random, 3x3 kernel, VALID, bias", Conv(s));
  }
  {
    ConvSpec s;
    s.x = {1, 6, 7, 2}, s.w = {3, 3, 3, 2}, s.y = {1, 3, 4, 3};
    s.attrs.stride = {2, 2}, s.attrs.pad_mode = 1;
    FillFloat(s, 9002, 2);
    list.Add("conv_float32_same_stride2", "seeded random, SAME with stride 2 (odd total pads)", Conv(s));
  }
  {
    ConvSpec s;
    s.x = {2, 6, 6, 2}, s.w = {2, 2, 3, 2}, s.y = {2, 5, 5, 2};
    s.attrs.pad_mode = 0, s.attrs.pad_list = {1, 0, 2, 1}, s.attrs.dilation = {2, 2}, s.attrs.activation = 1;
    FillFloat(s, 9003, 2);
    list.Add("conv_float32_pad_dilation_relu", "seeded random, explicit padList [1,0,2,1], dilation 2, fused RELU",
             Conv(s));
  }
  {
    ConvSpec s;
    s.dt = DT::kFloat16;
    s.x = {1, 4, 4, 3}, s.w = {2, 3, 3, 3}, s.y = {1, 4, 4, 2};
    s.attrs.pad_mode = 1;
    FillFloat(s, 9004, 2);
    list.Add("conv_float16_same", "seeded random float16, SAME (binary64 accumulation, one rounding)", Conv(s));
  }
  {
    ConvSpec s;
    s.dt = DT::kInt8;
    s.x = {1, 4, 4, 3}, s.w = {3, 2, 2, 3}, s.y = {1, 3, 3, 3};
    s.qx = {QP(0.05, 3)}, s.qw = {QP(0.01, 0), QP(0.02, -3), QP(0.005, 7)}, s.qy = {QP(0.5, -2)};
    FillQuant(s, 9005);
    list.Add("conv_int8_quant_per_channel", "seeded random int8, per-channel weights, int32 bias (4.5-4.7)", Conv(s));
  }
  {
    ConvSpec s;
    s.dt = DT::kUint8;
    s.x = {1, 5, 5, 2}, s.w = {2, 3, 3, 2}, s.y = {1, 5, 5, 2};
    s.attrs.pad_mode = 1, s.attrs.activation = 3;
    s.qx = {QP(0.02, 128)}, s.qw = {QP(0.01, 120)}, s.qy = {QP(0.03, 10)};
    FillQuant(s, 9006);
    list.Add("conv_uint8_quant_same_relu6", "seeded random uint8, SAME (padding is the zero point), fused RELU6",
             Conv(s));
  }
  // Hand-checked: all-ones 2x2 kernel over 1..9, VALID: [12, 16, 24, 28] (+ bias 0.5).
  {
    ConvSpec s;
    s.x = {1, 3, 3, 1}, s.w = {1, 2, 2, 1}, s.y = {1, 2, 2, 1};
    s.x_data = Values(f32, {1, 2, 3, 4, 5, 6, 7, 8, 9}), s.w_data = Values(f32, {1, 1, 1, 1});
    s.bias = Values(f32, {0.5});
    list.AddExpect("conv_float32_sum_of_windows", "2x2 window sums of 1..9 plus bias 0.5", Conv(s),
                   {Expect("y", f32, {1, 2, 2, 1}, Values(f32, {12.5, 16.5, 24.5, 28.5}))});
    s.bias.clear();
    list.AddExpect("c050_two_inputs_mean_no_bias", "C-50: a 2-input conv has a zero bias", Conv(s),
                   {Expect("y", f32, {1, 2, 2, 1}, Values(f32, {12, 16, 24, 28}))});
  }
  // C-52: SAME puts the odd extra pad at the bottom/right.
  {
    ConvSpec s;
    s.x = {1, 1, 4, 1}, s.w = {1, 1, 2, 1}, s.y = {1, 1, 4, 1};
    s.x_data = Values(f32, {1, 2, 3, 4}), s.w_data = Values(f32, {1, 10});
    s.attrs.pad_mode = 1;
    list.AddExpect("c052_same_odd_pad_bottom_right",
                   "C-52: kernel [1,2], total pad 1 goes right: y[j] = x[j] + 10 x[j+1] -> [21,32,43,4]", Conv(s),
                   {Expect("y", f32, {1, 1, 4, 1}, Values(f32, {21, 32, 43, 4}))});
  }
  // C-963: a tap in the padding adds nothing; the sum starts at +0, so the
  // -0 products of y[0] and the padded tap's 0 * -2 of a zero-padding
  // implementation leave +0 either way. SAME, kernel [1,3]: pads 1 and 1.
  {
    ConvSpec s;
    s.x = {1, 1, 3, 1}, s.w = {1, 1, 3, 1}, s.y = {1, 1, 3, 1};
    s.x_data = Values(f32, {-0.0, -0.0, 4}), s.w_data = Values(f32, {-2, 1, 5});
    s.attrs.pad_mode = 1;
    list.AddExpect("c963_conv_padding_tap_adds_nothing",
                   "C-963: y = [+0 (from -0 products and a padded tap), 0*-2 - 0 + 4*5 = 20, 4]", Conv(s),
                   {Expect("y", f32, {1, 1, 3, 1}, Values(f32, {0.0, 20, 4}))});
  }
  // C-53: depthwise with channel multiplier 2; output channel o reads input channel o / 2.
  {
    ConvSpec s;
    s.x = {1, 1, 1, 2}, s.w = {4, 1, 1, 1}, s.y = {1, 1, 1, 4};
    s.x_data = Values(f32, {1, 2}), s.w_data = Values(f32, {1, 2, 3, 4});
    s.attrs.group = 2;
    list.AddExpect("c053_depthwise_multiplier_two", "C-53: group = inC = 2, outC = 4: [1*1, 1*2, 2*3, 2*4]", Conv(s),
                   {Expect("y", f32, {1, 1, 1, 4}, Values(f32, {1, 2, 6, 8}))});
  }
  {
    ConvSpec s;
    s.x = {1, 3, 3, 4}, s.w = {6, 2, 2, 2}, s.y = {1, 2, 2, 6};
    s.attrs.group = 2;
    FillFloat(s, 9007, 2);
    list.Add("c053_grouped_conv", "C-53: group 2, inC 4, outC 6 (seeded random)", Conv(s));
  }
  // C-54: quantized conv, ties away from zero after the exact int64 accumulation.
  {
    ConvSpec s;
    s.dt = DT::kInt8;
    s.x = {1, 1, 5, 1}, s.w = {1, 1, 1, 1}, s.y = {1, 1, 5, 1};
    s.x_data = Ints(DT::kInt8, {1, 3, 5, -5, 127}), s.w_data = Ints(DT::kInt8, {1});
    s.bias = Ints(DT::kInt32, {0});
    s.qx = {QP(1, 0)}, s.qw = {QP(1, 0)}, s.qy = {QP(2, 0)};
    list.AddExpect("c054_quant_conv_ties_away_from_zero", "C-54: M = 1*1/2; acc*M = 0.5, 1.5, 2.5, -2.5 -> 1, 2, 3, -3",
                   Conv(s), {Expect("y", DT::kInt8, {1, 1, 5, 1}, Ints(DT::kInt8, {1, 2, 3, -3, 64}))});
  }
  // C-51: group 0 has no meaning as a channel split.
  {
    ConvSpec s;
    s.x = {1, 3, 3, 2}, s.w = {2, 2, 2, 2}, s.y = {1, 2, 2, 2};
    FillFloat(s, 9008, 2);
    s.attrs.group = 0;
    list.AddError("c051_group_zero_rejected", "C-51: group 0 is NNRT_INVALID_MODEL (the builder UT stores 0)",
                  Conv(s), NNRT_INVALID_MODEL);
  }
  // C-3: a per-channel weight scale of 0 is accepted for an all-zero channel.
  {
    ConvSpec s;
    s.dt = DT::kInt8;
    s.x = {1, 3, 3, 2}, s.w = {2, 2, 2, 2}, s.y = {1, 2, 2, 2};
    FillQuant(s, 9009);
    for (size_t i = 8; i < 16; ++i) s.w_data[i] = 0;  // output channel 1: all zero
    s.qx = {QP(0.05, 1)}, s.qw = {QP(0.01, 0), QP(0, 0)}, s.qy = {QP(0.25, -3)};
    list.Add("c003_zero_scale_on_all_zero_weight_channel",
             "C-3: weight channel 1 has scale 0, zero point 0 and all-zero values: accepted, that channel is bias only",
             Conv(s));
  }
  // C-55: a dilated kernel that does not fit gives an output size < 1.
  {
    ConvSpec s;
    s.x = {1, 2, 2, 1}, s.w = {1, 3, 3, 1}, s.y = {1, 1, 1, 1};
    s.x_data = Values(f32, {1, 2, 3, 4}), s.w_data = Values(f32, std::vector<double>(9, 1));
    list.AddError("c055_kernel_larger_than_input", "C-55: 3x3 VALID kernel on a 2x2 input is NNRT_INVALID_MODEL",
                  Conv(s), NNRT_INVALID_MODEL);
  }
  // C-300: the hostile case of the zero-point rule: int8 data with both zero
  // points at -2^31 would make each product about 2^62 (two taps wrap int64).
  {
    ConvSpec s;
    s.dt = DT::kInt8;
    s.x = {1, 1, 1, 2}, s.w = {1, 1, 1, 2}, s.y = {1, 1, 1, 1};
    s.x_data = Ints(DT::kInt8, {127, 127}), s.w_data = Ints(DT::kInt8, {127, 127});
    s.bias = Ints(DT::kInt32, {0});
    const int32_t int32_min = std::numeric_limits<int32_t>::min();
    s.qx = {QP(1, int32_min)}, s.qw = {QP(1, int32_min)}, s.qy = {QP(1, 0)};
    list.AddError("c300_zero_points_outside_int8_rejected",
                  "C-300: zero points -2^31 on int8 x and weight are outside [-128, 127]: NNRT_INVALID_MODEL", Conv(s),
                  NNRT_INVALID_MODEL);
  }
  // C-301: every product at its largest magnitude (|q - zp| = 255 on both
  // sides), 36 taps, bias chosen so the sums reach INT32_MAX and INT32_MIN
  // exactly: ch0 acc = 36 * 65025 + 2145142747 = 2^31 - 1, t = acc / 2^25 =
  // 63.99999997 -> +10 -> 74; ch1 acc = -36 * 65025 - 2145142748 = -2^31,
  // t = -64 -> -54.
  {
    ConvSpec s;
    s.dt = DT::kInt8;
    s.x = {1, 1, 1, 36}, s.w = {2, 1, 1, 36}, s.y = {1, 1, 1, 2};
    s.x_data = Ints(DT::kInt8, std::vector<int64_t>(36, -128));
    std::vector<int64_t> w(36, -128);
    w.insert(w.end(), 36, 127);
    s.w_data = Ints(DT::kInt8, w);
    s.bias = Ints(DT::kInt32, {2145142747, -2145142748});
    s.qx = {QP(1, 127)}, s.qw = {QP(1, 127), QP(1, -128)}, s.qy = {QP(33554432, 10)};
    list.AddExpect("c301_quant_conv_accumulator_at_int32_limits",
                   "C-301: 36 products of magnitude 255*255 plus bias reach INT32_MAX / INT32_MIN exactly -> [74, -54]",
                   Conv(s), {Expect("y", DT::kInt8, {1, 1, 1, 2}, Ints(DT::kInt8, {74, -54}))});
  }
  return list.Take();
}

NNRT_GOLDEN_FAMILY(Conv2DCases);

}  // namespace golden
}  // namespace nnrt
