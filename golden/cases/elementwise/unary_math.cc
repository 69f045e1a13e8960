// Golden cases of the unary math family: ABS (node type 1), ERF, EXPFUSION,
// LOG, SIN, COS, NEG, RECIPROCAL, SQRT, RSQRT, SQUARE, CEIL, FLOOR, ROUND
// (ops_catalog #79-#107; clarifications C-172..C-178).
#include <cstdint>
#include <limits>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;
using T = NodeType;

struct UnaryRow {
  NodeType type;
  const char* slug;
  double lo, hi;      // random float domain
  bool integer;       // defined on plain integers (C-173, C-174)
  QuantParam int8_in, int8_out;
};

std::vector<UnaryRow> Rows() {
  return {
      {T::ABS, "abs", -8, 8, true, QP(0.05, 0), QP(0.05, -128)},
      {T::ERF, "erf", -3, 3, false, QP(0.025, 0), QP(1.0 / 128, 0)},
      {T::EXPFUSION, "exp", -4, 2, false, QP(0.025, 32), QP(0.05, -128)},
      {T::LOG, "log", 0.01, 50, false, QP(0.2, -128), QP(0.05, 0)},
      {T::SIN, "sin", -7, 7, false, QP(0.05, 0), QP(1.0 / 128, 0)},
      {T::COS, "cos", -7, 7, false, QP(0.05, 0), QP(1.0 / 128, 0)},
      {T::NEG, "neg", -8, 8, true, QP(0.05, 0), QP(0.05, 0)},
      {T::RECIPROCAL, "reciprocal", 0.1, 8, false, QP(0.05, -128), QP(0.1, -128)},
      {T::SQRT, "sqrt", 0, 50, false, QP(0.2, -128), QP(0.03, -128)},
      {T::RSQRT, "rsqrt", 0.05, 50, false, QP(0.2, -128), QP(0.02, -128)},
      {T::SQUARE, "square", -8, 8, true, QP(0.05, 0), QP(0.2, -128)},
      {T::CEIL, "ceil", -8, 8, true, QP(0.05, 0), QP(0.05, 0)},
      {T::FLOOR, "floor", -8, 8, true, QP(0.05, 0), QP(0.05, 0)},
      {T::ROUND, "round", -8, 8, true, QP(0.05, 0), QP(0.05, 0)},
  };
}

TestCase Unary(NodeType type, DT dt, Dims dims, Bytes x, std::vector<QuantParam> qx = {},
               std::vector<QuantParam> qy = {}, std::vector<Attr> attrs = {}, uint64_t seed = 0, DT out_dt = DT::kUnknown) {
  SingleNodeCase c(type, NodeTypeName(type));
  c.In("x", dt, dims, std::move(x), qx).Out("y", out_dt == DT::kUnknown ? dt : out_dt, dims, qy);
  for (Attr& a : attrs) c.WithAttr(std::move(a));
  if (seed != 0) RecordSeed(c, seed);
  return c.Build();
}

std::vector<double> Specials() {
  const double max = std::numeric_limits<float>::max(), sub = std::numeric_limits<float>::denorm_min();
  return {-kInf, -max, -2.5, -1, -0.5, -sub, -0.0, 0.0, sub, 0.5, 1, 2.5, 100, max, kInf, kNaN};
}

}  // namespace

std::vector<GoldenCase> UnaryMathCases() {
  CaseList list("unary_math");
  const DT f32 = DT::kFloat32, f16 = DT::kFloat16, i32 = DT::kInt32;
  std::vector<int64_t> all_int8;
  for (int q = -128; q <= 127; ++q) all_int8.push_back(q);
  uint64_t seed = 7000;
  for (const UnaryRow& r : Rows()) {
    const std::string s = r.slug;
    GoldenRng rng(++seed);
    list.Add(s + "_float32_random", "seeded random in the function's domain",
             Unary(r.type, f32, {3, 8}, Values(f32, rng.Uniforms(24, r.lo, r.hi)), {}, {}, {}, seed));
    list.Add(s + "_float32_specials", "infinities, NaN, signed zeros, subnormals, extremes, ties",
             Unary(r.type, f32, {16}, Values(f32, Specials())));
    GoldenRng rng16(++seed);
    list.Add(s + "_float16_random", "seeded random float16 (binary64 libm, one rounding to half)",
             Unary(r.type, f16, {3, 8}, Values(f16, rng16.Uniforms(24, r.lo, r.hi)), {}, {}, {}, seed));
    list.Add(s + "_int8_quant_all_values", "every int8 input value (256-entry table, 4.9)",
             Unary(r.type, DT::kInt8, {256}, Ints(DT::kInt8, all_int8), {r.int8_in}, {r.int8_out}));
    if (r.integer) {
      GoldenRng rngi(++seed);
      list.Add(s + "_int32_random", "seeded random plain int32",
               Unary(r.type, i32, {12}, Ints(i32, rngi.Ints(12, -50000, 50000)), {}, {}, {}, seed));
    }
  }

  // Documented examples (ops_catalog XTS models, exact ones hand-checked).
  list.AddExpect("doc_neg_xts_model2", "ops_catalog NEG XTS Model2: INT64 [0,1,2] -> [0,-1,-2]",
                 Unary(T::NEG, DT::kInt64, {3}, Ints(DT::kInt64, {0, 1, 2})),
                 {Expect("y", DT::kInt64, {3}, Ints(DT::kInt64, {0, -1, -2}))});
  list.AddExpect("doc_square_xts_model1", "ops_catalog SQUARE XTS Model1: [1,0,3,-4,-5] -> [1,0,9,16,25]",
                 Unary(T::SQUARE, f32, {5}, Values(f32, {1, 0, 3, -4, -5})),
                 {Expect("y", f32, {5}, Values(f32, {1, 0, 9, 16, 25}))});
  list.AddExpect("doc_ceil_xts_model1", "ops_catalog CEIL XTS Model1: [-2.5,-1.1,0,1.1,2.9] -> [-2,-1,0,2,3]",
                 Unary(T::CEIL, f32, {5}, Values(f32, {-2.5, -1.1, 0, 1.1, 2.9})),
                 {Expect("y", f32, {5}, Values(f32, {-2, -1, 0, 2, 3}))});
  list.AddExpect("doc_floor_xts_model1", "ops_catalog FLOOR XTS Model1: [-2.5,-1.1,0,1.1,2.9] -> [-3,-2,0,1,2]",
                 Unary(T::FLOOR, f32, {5}, Values(f32, {-2.5, -1.1, 0, 1.1, 2.9})),
                 {Expect("y", f32, {5}, Values(f32, {-3, -2, 0, 1, 2}))});
  list.AddExpect("doc_reciprocal_xts_model2", "ops_catalog RECIPROCAL XTS Model2: [-1,-2,-4] -> [-1,-0.5,-0.25]",
                 Unary(T::RECIPROCAL, f32, {3}, Values(f32, {-1, -2, -4})),
                 {Expect("y", f32, {3}, Values(f32, {-1, -0.5, -0.25}))});
  list.Add("doc_erf_xts_model1", "ops_catalog ERF XTS Model1: [0,-1,1,10] (derived [0,-0.842701,0.842701,1])",
           Unary(T::ERF, f32, {4}, Values(f32, {0, -1, 1, 10})));
  list.Add("doc_sin_xts_model1", "ops_catalog SIN XTS Model1: [0,1,2] (derived [0,0.841471,0.909297])",
           Unary(T::SIN, f32, {3}, Values(f32, {0, 1, 2})));
  list.Add("doc_log_xts_model1", "ops_catalog LOG XTS Model1: [1,2,3] (derived [0,0.693147,1.098612])",
           Unary(T::LOG, f32, {3}, Values(f32, {1, 2, 3})));
  list.Add("doc_exp_xts_model2", "ops_catalog EXPFUSION XTS Model2: [0,1,2], defaults (derived [1,2.718282,7.389056])",
           Unary(T::EXPFUSION, f32, {3}, Values(f32, {0, 1, 2})));

  // C-172: ROUND ties to even.
  list.AddExpect("c172_round_half_to_even", "C-172: [-2.5,-1.5,-0.5,0.5,1.5,2.5] -> [-2,-2,-0,0,2,2]",
                 Unary(T::ROUND, f32, {6}, Values(f32, {-2.5, -1.5, -0.5, 0.5, 1.5, 2.5})),
                 {Expect("y", f32, {6}, Values(f32, {-2, -2, -0.0, 0, 2, 2}))});
  // C-173: integer wrap; the quantized forms saturate.
  {
    const int64_t min32 = std::numeric_limits<int32_t>::min();
    list.AddExpect("c173_int32_neg_wraps", "C-173: -INT_MIN = INT_MIN",
                   Unary(T::NEG, i32, {3}, Ints(i32, {min32, 5, -7})),
                   {Expect("y", i32, {3}, Ints(i32, {min32, -5, 7}))});
    list.AddExpect("c173_int32_square_wraps", "C-173: 46341^2 in int32 = -2147479015",
                   Unary(T::SQUARE, i32, {2}, Ints(i32, {46341, -3})),
                   {Expect("y", i32, {2}, Ints(i32, {-2147479015, 9}))});
    list.AddExpect("c173_uint8_neg_wraps", "C-173: NEG of uint8 1 = 255",
                   Unary(T::NEG, DT::kUint8, {3}, Ints(DT::kUint8, {1, 0, 255})),
                   {Expect("y", DT::kUint8, {3}, Ints(DT::kUint8, {255, 0, 1}))});
    list.AddExpect("c173_quant_neg_saturates", "C-173: quantized NEG of int8 -128 with equal params = 127",
                   Unary(T::NEG, DT::kInt8, {3}, Ints(DT::kInt8, {-128, 5, 127}), {QP(0.5, 0)}, {QP(0.5, 0)}),
                   {Expect("y", DT::kInt8, {3}, Ints(DT::kInt8, {127, -5, -127}))});
  }
  // C-174: CEIL/FLOOR/ROUND on integers are the identity.
  list.AddExpect("c174_int32_ceil_identity", "C-174: CEIL of int32 is the identity",
                 Unary(T::CEIL, i32, {3}, Ints(i32, {-3, 0, 5})), {Expect("y", i32, {3}, Ints(i32, {-3, 0, 5}))});
  // C-175: float-only ops on integers are unsupported.
  list.AddError("c175_sin_int32_unsupported", "C-175: SIN on plain int32 is NNRT_UNSUPPORTED_OP",
                Unary(T::SIN, i32, {2}, Ints(i32, {0, 1})), NNRT_UNSUPPORTED_OP);
  list.AddError("c175_cos_int64_to_float32_unsupported", "C-175: XTS COS Model1 (INT64 in, FLOAT32 out)",
                Unary(T::COS, DT::kInt64, {3}, Ints(DT::kInt64, {0, 1, 2}), {}, {}, {}, 0, f32), NNRT_UNSUPPORTED_OP);
  // C-176: domain edges (IEEE / C99 Annex F).
  list.AddExpect("c176_log_zero_and_one", "C-176: log(+-0) = -inf, log(1) = 0, log(inf) = inf",
                 Unary(T::LOG, f32, {4}, Values(f32, {0.0, -0.0, 1, kInf})),
                 {Expect("y", f32, {4}, Values(f32, {-kInf, -kInf, 0, kInf}))});
  list.Add("c176_log_sqrt_negative_nan", "C-176: log(x<0) and sqrt(x<0) are NaN",
           Unary(T::LOG, f32, {2}, Values(f32, {-1, -kInf})));
  list.AddExpect("c176_sqrt_edges", "C-176: sqrt(-0) = -0, sqrt(inf) = inf",
                 Unary(T::SQRT, f32, {4}, Values(f32, {-0.0, 0.0, kInf, 4})),
                 {Expect("y", f32, {4}, Values(f32, {-0.0, 0.0, kInf, 2}))});
  list.AddExpect("c176_rsqrt_edges", "C-176: rsqrt(+0) = inf, rsqrt(-0) = -inf, rsqrt(inf) = 0",
                 Unary(T::RSQRT, f32, {4}, Values(f32, {0.0, -0.0, kInf, 4})),
                 {Expect("y", f32, {4}, Values(f32, {kInf, -kInf, 0.0, 0.5}))});
  list.AddExpect("c176_reciprocal_signed_zero", "C-176: 1/+-0 = +-inf, 1/+-inf = +-0",
                 Unary(T::RECIPROCAL, f32, {4}, Values(f32, {0.0, -0.0, kInf, -kInf})),
                 {Expect("y", f32, {4}, Values(f32, {kInf, -kInf, 0.0, -0.0}))});
  // C-177: EXPFUSION base/scale/shift.
  list.AddExpect("c177_exp_base_scale_shift", "C-177: base 2, scale 2, shift 1: 2^(1 + 2x), [0,1,2] -> [2,8,32]",
                 Unary(T::EXPFUSION, f32, {3}, Values(f32, {0, 1, 2}), {}, {},
                       {Attr::Float("base", 2.0f), Attr::Float("scale", 2.0f), Attr::Float("shift", 1.0f)}),
                 {Expect("y", f32, {3}, Values(f32, {2, 8, 32}))});
  list.AddError("c177_exp_base_zero_rejected", "C-177: XTS Model3 base 0 is NNRT_INVALID_MODEL",
                Unary(T::EXPFUSION, f32, {2}, Values(f32, {1, 2}), {}, {}, {Attr::Float("base", 0.0f)}),
                NNRT_INVALID_MODEL);
  // C-178: NODE_TYPE_ABS runs with the unary-math rules.
  list.AddExpect("c178_abs_node_type", "C-178: node type ABS (1) = ACTIVATION ABS values",
                 Unary(T::ABS, f32, {4}, Values(f32, {-3, -0.0, 2.5, -kInf})),
                 {Expect("y", f32, {4}, Values(f32, {3, 0.0, 2.5, kInf}))});
  return list.Take();
}

NNRT_GOLDEN_FAMILY(UnaryMathCases);

}  // namespace golden
}  // namespace nnrt
