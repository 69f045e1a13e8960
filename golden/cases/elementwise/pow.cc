// Golden cases of POW_FUSION (ops_catalog #25): the XTS models with the
// values the [I] formula gives, and one case per clarification C-694..C-697.
#include <cstdint>
#include <limits>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

TestCase Pow(DT dt, Dims dx, Bytes x, Dims de, Bytes e, Dims dy, std::vector<Attr> attrs,
             std::vector<QuantParam> qx = {}, std::vector<QuantParam> qe = {}, std::vector<QuantParam> qy = {},
             DT dt_e = DT::kUnknown) {
  SingleNodeCase c(NodeType::POW_FUSION, "pow");
  c.In("x", dt, dx, std::move(x), qx).In("exponent", dt_e == DT::kUnknown ? dt : dt_e, de, std::move(e), qe);
  c.Out("y", dt, dy, qy);
  c.WithAttrs(std::move(attrs));
  return c.Build();
}

std::vector<Attr> ScaleShift(float scale, float shift) {
  return {Attr::Float("scale", scale), Attr::Float("shift", shift)};
}

}  // namespace

std::vector<GoldenCase> PowCases() {
  CaseList list("pow");
  const DT f32 = DT::kFloat32;
  list.AddExpect("pow_catalog_model1", "ops_catalog #25 XTS model 1: (2x+1)^e, x [1,2], e [2,3] -> [9,125]",
                 Pow(f32, {2}, Values(f32, {1, 2}), {2}, Values(f32, {2, 3}), {2}, ScaleShift(2, 1)),
                 {Expect("y", f32, {2}, Values(f32, {9, 125}))});
  list.AddExpect("pow_catalog_model2", "ops_catalog #25 XTS model 2: 2^3 = 8 (scale 1, shift 0)",
                 Pow(f32, {1}, Values(f32, {2}), {1}, Values(f32, {3}), {1}, ScaleShift(1, 0)),
                 {Expect("y", f32, {1}, Values(f32, {8}))});
  list.AddExpect("c695_pow_catalog_model3_broadcast", "C-695: ops_catalog #25 XTS model 3: (0.5x+2)^2, e shape [1]",
                 Pow(f32, {2}, Values(f32, {0, 1}), {1}, Values(f32, {2}), {2}, ScaleShift(0.5f, 2)),
                 {Expect("y", f32, {2}, Values(f32, {4, 6.25}))});
  list.AddExpect("c694_pow_defaults_scale1_shift0", "C-694: absent scale/shift are 1 and 0: 3^2, (-2)^3",
                 Pow(f32, {2}, Values(f32, {3, -2}), {2}, Values(f32, {2, 3}), {2}, {}),
                 {Expect("y", f32, {2}, Values(f32, {9, -8}))});
  list.AddError("c694_pow_infinite_scale_rejected", "C-694: scale must be finite",
                Pow(f32, {1}, Values(f32, {1}), {1}, Values(f32, {1}), {1},
                    ScaleShift(std::numeric_limits<float>::infinity(), 0)),
                NNRT_INVALID_MODEL);
  list.AddExpect("c695_pow_rows_and_columns", "C-695: x [2,1] against e [3] -> [2,3]",
                 Pow(f32, {2, 1}, Values(f32, {2, 3}), {3}, Values(f32, {0, 1, 2}), {2, 3}, {}),
                 {Expect("y", f32, {2, 3}, Values(f32, {1, 2, 4, 1, 3, 9}))});
  list.AddExpect("c696_pow_special_values",
                 "C-696: 0^0=1, (-8)^(1/3)=NaN, NaN^0=1, 1^NaN=1, 0^-1=inf, (-0 shifted by 0 = +0)^-1=inf, "
                 "10^100=inf, 10^-100=0, (-2)^inf=inf, 0.5^-inf=inf",
                 Pow(f32, {10}, Values(f32, {0, -8, kNaN, 1, 0, -0.0, 10, 10, -2, 0.5}), {10},
                     Values(f32, {0, 1.0 / 3.0, 0, kNaN, -1, -1, 100, -100, kInf, -kInf}), {10}, {}),
                 {Expect("y", f32, {10}, Values(f32, {1, kNaN, 1, 1, kInf, kInf, kInf, 0, kInf, kInf}))});
  list.Add("c696_pow_float16_random", "C-696: seeded random float16 bases in [0.25, 4] and exponents in [-3, 3]",
           [] {
             GoldenRng rng(6960);
             // Drawn in separate statements (exponents first): argument evaluation
             // order is unspecified, and the file must not depend on the compiler.
             const std::vector<double> exponents = rng.Uniforms(4, -3, 3);
             const std::vector<double> bases = rng.Uniforms(8, 0.25, 4);
             return Pow(DT::kFloat16, {2, 4}, Values(DT::kFloat16, bases), {4}, Values(DT::kFloat16, exponents), {2, 4},
                        ScaleShift(1, 0));
           }());
  list.AddExpect("c697_pow_quantized", "C-697: shift 1: (1+1)^1, (2+1)^0.5, (-2+1)^-0.5 = NaN -> [8, 7, 0] at s=0.25",
                 Pow(DT::kInt8, {3}, Ints(DT::kInt8, {2, 4, -4}), {3}, Ints(DT::kUint8, {12, 11, 9}), {3},
                     {Attr::Float("shift", 1.0f)}, {QP(0.5, 0)}, {QP(0.5, 10)}, {QP(0.25, 0)}, DT::kUint8),
                 {Expect("y", DT::kInt8, {3}, Ints(DT::kInt8, {8, 7, 0}))});
  list.AddError("c697_pow_int32_unsupported", "C-697: plain integer operands",
                Pow(DT::kInt32, {1}, Ints(DT::kInt32, {2}), {1}, Ints(DT::kInt32, {2}), {1}, {}), NNRT_UNSUPPORTED_OP);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(PowCases);

}  // namespace golden
}  // namespace nnrt
