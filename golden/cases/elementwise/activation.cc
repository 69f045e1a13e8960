// Golden cases of NODE_TYPE_ACTIVATION, every implemented activation type
// (ops_catalog 2.4; quantization_semantics 4.8 clamps, 4.9 tables;
// clarifications C-44, C-46, C-160..C-168).
#include <cstdint>
#include <limits>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;
using AT = ActivationType;

struct TypeRow {
  AT type;
  const char* slug;
  std::vector<Attr> attrs;
  QuantParam int8_out;  // output params of the quantized case
};

std::vector<TypeRow> Rows() {
  const QuantParam wide = QP(0.05, 0);
  return {
      {AT::kRelu, "relu", {}, QP(0.05, -128)},
      {AT::kRelu6, "relu6", {}, QP(6.0 / 255, -128)},
      {AT::kSigmoid, "sigmoid", {}, QP(1.0 / 256, -128)},
      {AT::kTanh, "tanh", {}, QP(1.0 / 128, 0)},
      {AT::kElu, "elu", {Attr::Float("alpha", 1.0f)}, wide},
      {AT::kLeakyRelu, "leaky_relu", {Attr::Float("alpha", 0.25f)}, wide},
      {AT::kAbs, "abs", {}, QP(0.05, -128)},
      {AT::kRelu1, "relu1", {}, QP(1.0 / 255, -128)},
      {AT::kSoftsign, "softsign", {}, QP(1.0 / 128, 0)},
      {AT::kSoftplus, "softplus", {}, QP(0.05, -128)},
      {AT::kSelu, "selu", {}, wide},
      {AT::kHswish, "hswish", {}, wide},
      {AT::kHsigmoid, "hsigmoid", {}, QP(1.0 / 256, -128)},
      {AT::kThresholdRelu, "thresholdrelu", {Attr::Float("alpha", 2.5f)}, QP(0.01, -128)},
      {AT::kLinear, "linear", {}, QP(0.1, 5)},
      {AT::kHardTanh, "hard_tanh", {Attr::Float("minVal", -1.5f), Attr::Float("maxVal", 2.0f)}, QP(0.02, 0)},
      {AT::kSign, "sign", {}, QP(1.0 / 127, 0)},
      {AT::kSwish, "swish", {}, wide},
      {AT::kGelu, "gelu", {}, wide},
      {AT::kGelu, "gelu_approximate", {Attr::Bool("approximate", true)}, wide},
  };
}

TestCase Act(AT type, const std::vector<Attr>& attrs, DT dt, Dims dims, Bytes x, std::vector<QuantParam> qx = {},
             std::vector<QuantParam> qy = {}, uint64_t seed = 0) {
  SingleNodeCase c(NodeType::ACTIVATION, "activation");
  c.In("x", dt, dims, std::move(x), qx).Out("y", dt, dims, qy);
  c.WithAttr(Attr::Int8("activationType", static_cast<int8_t>(type)));
  for (const Attr& a : attrs) c.WithAttr(a);
  if (seed != 0) RecordSeed(c, seed);
  return c.Build();
}

// -inf, -max, -1, -min normal, -subnormal, -0, +0, subnormal, 1, max, +inf, NaN.
std::vector<double> Float32Specials() {
  const double max = std::numeric_limits<float>::max(), min = std::numeric_limits<float>::min();
  const double sub = std::numeric_limits<float>::denorm_min();
  return {-kInf, -max, -1, -min, -sub, -0.0, 0.0, sub, 1, max, kInf, kNaN, -6, 6, 0.5, -0.5};
}

std::vector<int64_t> AllInt8() {
  std::vector<int64_t> v;
  for (int q = -128; q <= 127; ++q) v.push_back(q);
  return v;
}

}  // namespace

std::vector<GoldenCase> ActivationCases() {
  CaseList list("activation");
  const DT f32 = DT::kFloat32, f16 = DT::kFloat16;
  uint64_t seed = 5000;
  for (const TypeRow& r : Rows()) {
    const std::string s = r.slug;
    GoldenRng rng(++seed);
    list.Add(s + "_float32_random", "seeded random in [-8, 8)",
             Act(r.type, r.attrs, f32, {2, 3, 4}, Values(f32, rng.Uniforms(24, -8, 8)), {}, {}, seed));
    list.Add(s + "_float32_specials", "infinities, NaN, signed zeros, subnormals, extremes",
             Act(r.type, r.attrs, f32, {16}, Values(f32, Float32Specials())));
    GoldenRng rng16(++seed);
    list.Add(s + "_float16_random", "seeded random float16 in [-8, 8) (binary64, one rounding to half)",
             Act(r.type, r.attrs, f16, {2, 3, 4}, Values(f16, rng16.Uniforms(24, -8, 8)), {}, {}, seed));
    list.Add(s + "_int8_quant_all_values", "every int8 input value: the whole quantized table / clamp",
             Act(r.type, r.attrs, DT::kInt8, {256}, Ints(DT::kInt8, AllInt8()), {QP(0.05, 0)}, {r.int8_out}));
  }
  {
    std::vector<int64_t> all_u8;
    for (int q = 0; q <= 255; ++q) all_u8.push_back(q);
    list.Add("sigmoid_uint8_quant_all_values", "every uint8 input value, sigmoid table",
             Act(AT::kSigmoid, {}, DT::kUint8, {256}, Ints(DT::kUint8, all_u8), {QP(0.0625, 128)}, {QP(1.0 / 256, 0)}));
  }

  // C-44: RELU keeps NaN and -0.
  list.AddExpect("c044_relu_nan_negative_zero", "C-44: RELU(-0) = -0, RELU(NaN) = NaN, RELU6 bound",
                 Act(AT::kRelu6, {}, f32, {5}, Values(f32, {-0.0, kNaN, -2, 3, 7})),
                 {Expect("y", f32, {5}, Values(f32, {-0.0, kNaN, 0, 3, 6}))});
  // C-46: quantized RELU requantizes; NO_ACTIVATION is not an activation.
  list.AddExpect("c046_quant_relu_requantizes",
                 "C-46: t = (q - z_in) * s_in/s_out, clamp(RHA(t + z_out), Q(0), 127): [-4,0,3,100] -> [-10,-10,-4,127]",
                 Act(AT::kRelu, {}, DT::kInt8, {4}, Ints(DT::kInt8, {-4, 0, 3, 100}), {QP(0.5, 0)}, {QP(0.25, -10)}),
                 {Expect("y", DT::kInt8, {4}, Ints(DT::kInt8, {-10, -10, -4, 127}))});
  list.AddError("c046_no_activation_rejected", "C-46: activationType NO_ACTIVATION (0) is NNRT_INVALID_MODEL",
                Act(AT::kNone, {}, f32, {2}, Values(f32, {1, 2})), NNRT_INVALID_MODEL);
  // C-160: both GELU forms on the same inputs (values recorded from the reference).
  list.Add("c160_gelu_exact_form", "C-160: approximate=false is x*Phi(x) = 0.5*x*erfc(-x/sqrt(2))",
           Act(AT::kGelu, {}, f32, {7}, Values(f32, {-3, -1, -0.5, 0, 0.5, 1, 3})));
  list.Add("c160_gelu_tanh_form", "C-160: approximate=true is the tanh approximation",
           Act(AT::kGelu, {Attr::Bool("approximate", true)}, f32, {7}, Values(f32, {-3, -1, -0.5, 0, 0.5, 1, 3})));
  // C-161: limits instead of inf*0 / inf/inf.
  list.AddExpect("c161_swish_minus_inf", "C-161: SWISH(-inf) = -0, SWISH(+inf) = +inf",
                 Act(AT::kSwish, {}, f32, {2}, Values(f32, {-kInf, kInf})),
                 {Expect("y", f32, {2}, Values(f32, {-0.0, kInf}))});
  list.AddExpect("c161_softsign_infinities", "C-161: SOFTSIGN(+-inf) = +-1",
                 Act(AT::kSoftsign, {}, f32, {2}, Values(f32, {kInf, -kInf})),
                 {Expect("y", f32, {2}, Values(f32, {1, -1}))});
  list.AddExpect("c161_gelu_infinities", "C-161: GELU(+inf) = +inf, GELU(-inf) = -0",
                 Act(AT::kGelu, {}, f32, {2}, Values(f32, {kInf, -kInf})),
                 {Expect("y", f32, {2}, Values(f32, {kInf, -0.0}))});
  // C-162: table versus clamp for quantized types.
  list.Add("c162_quant_hswish_table", "C-162: HSWISH quantized through a 256-entry table",
           Act(AT::kHswish, {}, DT::kInt8, {256}, Ints(DT::kInt8, AllInt8()), {QP(0.05, 10)}, {QP(0.03, -20)}));
  list.Add("c162_quant_hard_tanh_clamp", "C-162: HARD_TANH quantized as requantize + clamp to [Q(min), Q(max)]",
           Act(AT::kHardTanh, {Attr::Float("minVal", -1.0f), Attr::Float("maxVal", 1.0f)}, DT::kInt8, {256},
               Ints(DT::kInt8, AllInt8()), {QP(0.02, 0)}, {QP(0.01, 3)}));
  // C-163: ABS on plain integers wraps.
  {
    const int64_t min32 = std::numeric_limits<int32_t>::min();
    list.AddExpect("c163_abs_int32_wraps", "C-163: ACTIVATION ABS on int32, |INT_MIN| = INT_MIN",
                   Act(AT::kAbs, {}, DT::kInt32, {3}, Ints(DT::kInt32, {min32, -5, 7})),
                   {Expect("y", DT::kInt32, {3}, Ints(DT::kInt32, {min32, 5, 7}))});
  }
  // C-164: non-finite alpha.
  list.AddError("c164_elu_infinite_alpha_rejected", "C-164: ELU alpha must be finite",
                Act(AT::kElu, {Attr::Float("alpha", std::numeric_limits<float>::infinity())}, f32, {2},
                    Values(f32, {1, -1})),
                NNRT_INVALID_MODEL);
  // C-165: expm1 / log1p forms near 0 and for large x.
  list.Add("c165_elu_selu_softplus_small_and_large", "C-165: ELU near 0 (expm1)",
           Act(AT::kElu, {Attr::Float("alpha", 1.0f)}, f32, {4}, Values(f32, {-1e-7, -0x1p-30, -100, 1e-7})));
  list.Add("c165_softplus_large_and_small", "C-165: SOFTPLUS = x + log1p(exp(-x)) for x > 0, log1p(exp(x)) else",
           Act(AT::kSoftplus, {}, f32, {5}, Values(f32, {-100, -1e-7, 0, 30, 100})));
  // C-166: HSIGMOID = clamp((x + 3) / 6, 0, 1); XTS 1 -> 0.666667.
  list.AddExpect("c166_hsigmoid_no_alpha", "C-166: (x+3)/6 clamped, alpha ignored; 1 -> 2/3 rounded once",
                 Act(AT::kHsigmoid, {Attr::Float("alpha", 0.2f)}, f32, {4}, Values(f32, {1, -3, 3, 5})),
                 {Expect("y", f32, {4}, Values(f32, {4.0 / 6.0, 0, 1, 1}))});
  // C-167 / C-168.
  list.AddExpect("c167_thresholdrelu_clamps_to_alpha", "C-167: min(max(0, x), alpha), alpha = 2.5",
                 Act(AT::kThresholdRelu, {Attr::Float("alpha", 2.5f)}, f32, {3}, Values(f32, {-1, 1, 3})),
                 {Expect("y", f32, {3}, Values(f32, {0, 1, 2.5}))});
  list.AddExpect("c168_hard_tanh_min_above_max", "C-168: minVal 2 > maxVal 1: every element becomes maxVal",
                 Act(AT::kHardTanh, {Attr::Float("minVal", 2.0f), Attr::Float("maxVal", 1.0f)}, f32, {3},
                     Values(f32, {-5, 1.5, 5})),
                 {Expect("y", f32, {3}, Values(f32, {1, 1, 1}))});
  // ACTIVATION ABS: the ops_catalog XTS example (OH_NN ABS lowers to ACTIVATION ABS).
  list.AddExpect("doc_abs_xts_model1", "ops_catalog ABS XTS Model1: [-3,-2.5,-1,0,1,2,3] -> [3,2.5,1,0,1,2,3]",
                 Act(AT::kAbs, {}, f32, {7}, Values(f32, {-3, -2.5, -1, 0, 1, 2, 3})),
                 {Expect("y", f32, {7}, Values(f32, {3, 2.5, 1, 0, 1, 2, 3}))});
  return list.Take();
}

NNRT_GOLDEN_FAMILY(ActivationCases);

}  // namespace golden
}  // namespace nnrt
