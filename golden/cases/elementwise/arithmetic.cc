// Golden cases of ADD_FUSION, SUB_FUSION, MUL_FUSION, DIV_FUSION (ops_catalog
// #1, #11, #22, #38; quantization_semantics 4.6; clarifications C-41..C-48).
#include <cstdint>
#include <limits>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;
using T = NodeType;

// y = a (op) b with the given fused activation (HDI ActivationType value).
TestCase Binary(NodeType op, DataType dt, Dims da, Bytes a, Dims db, Bytes b, Dims dy, int8_t act = 0,
                std::vector<QuantParam> qa = {}, std::vector<QuantParam> qb = {}, std::vector<QuantParam> qy = {},
                uint64_t seed = 0) {
  SingleNodeCase c(op, LowerCaseOpName(op));
  c.In("a", dt, da, std::move(a), qa).In("b", dt, db, std::move(b), qb).Out("y", dt, dy, qy);
  c.WithAttr(Attr::Int8("activationType", act));
  if (seed != 0) RecordSeed(c, seed);
  return c.Build();
}

// Random operands of one op and data type; divisors kept away from 0 for floats
// (division by zero has its own cases, C-43).
void AddRandomCases(CaseList& list, NodeType op, uint64_t seed) {
  const std::string slug = LowerCaseOpName(op);
  const bool div = op == T::DIV_FUSION;
  const Dims d = {1, 2, 3, 4};
  const size_t n = Count(d);
  {
    GoldenRng rng(seed);
    std::vector<double> a = rng.Uniforms(n, -8, 8), b = rng.Uniforms(n, div ? 0.25 : -8, 8);
    list.Add(slug + "_float32_random", "seeded random operands, same shape",
             Binary(op, DT::kFloat32, d, Values(DT::kFloat32, a), d, Values(DT::kFloat32, b), d, 0, {}, {}, {}, seed));
  }
  {
    GoldenRng rng(seed + 1);
    std::vector<double> a = rng.Uniforms(6, -8, 8), b = rng.Uniforms(4, div ? 0.25 : -8, 8);
    list.Add(slug + "_float32_broadcast", "seeded random, [2,1,3] with [4,1] broadcasts to [2,4,3]",
             Binary(op, DT::kFloat32, {2, 1, 3}, Values(DT::kFloat32, a), {4, 1}, Values(DT::kFloat32, b), {2, 4, 3},
                    0, {}, {}, {}, seed + 1));
  }
  {
    GoldenRng rng(seed + 2);
    std::vector<double> a = rng.Uniforms(n, -4, 4), b = rng.Uniforms(n, div ? 0.5 : -4, 4);
    list.Add(slug + "_float16_random", "seeded random float16 operands (computed in binary64, one rounding)",
             Binary(op, DT::kFloat16, d, Values(DT::kFloat16, a), d, Values(DT::kFloat16, b), d, 0, {}, {}, {},
                    seed + 2));
  }
  {
    GoldenRng rng(seed + 3);
    std::vector<int64_t> a = rng.Ints(n, -128, 127), b = rng.Ints(n, -128, 127);
    list.Add(slug + "_int8_quant_random", "seeded random int8, per-tensor params with non-zero zero points",
             Binary(op, DT::kInt8, d, Ints(DT::kInt8, a), d, Ints(DT::kInt8, b), d, 0, {QP(0.05, 3)}, {QP(0.07, -5)},
                    {QP(div ? 0.2 : 0.1, 2)}, seed + 3));
  }
  {
    GoldenRng rng(seed + 4);
    std::vector<int64_t> a = rng.Ints(n, 0, 255), b = rng.Ints(n, 0, 255);
    list.Add(slug + "_uint8_quant_relu", "seeded random uint8 with fused RELU (clamp in the quantized domain, 4.8)",
             Binary(op, DT::kUint8, d, Ints(DT::kUint8, a), d, Ints(DT::kUint8, b), d, 1, {QP(0.03, 128)},
                    {QP(0.02, 120)}, {QP(0.05, 100)}, seed + 4));
  }
  {
    GoldenRng rng(seed + 5);
    std::vector<int64_t> a = rng.Ints(n, -1000, 1000), b = rng.Ints(n, 1, 50);
    list.Add(slug + "_int32_random", "seeded random plain int32 (divisors 1..50)",
             Binary(op, DT::kInt32, d, Ints(DT::kInt32, a), d, Ints(DT::kInt32, b), d, 0, {}, {}, {}, seed + 5));
  }
  {
    GoldenRng rng(seed + 6);
    std::vector<double> a = rng.Uniforms(n, -8, 8), b = rng.Uniforms(n, div ? 0.25 : -8, 8);
    list.Add(slug + "_float32_relu6", "seeded random with fused RELU6",
             Binary(op, DT::kFloat32, d, Values(DT::kFloat32, a), d, Values(DT::kFloat32, b), d, 3, {}, {}, {},
                    seed + 6));
  }
}

}  // namespace

std::vector<GoldenCase> ArithmeticCases() {
  CaseList list("arithmetic");
  const DT f32 = DT::kFloat32;

  // The NNRt documents' own example (XTS common AddModel, ops_catalog #1): [0,1,2,3] + [0,1,2,3] = [0,2,4,6].
  list.AddExpect("doc_add_model", "XTS AddModel: FLOAT32 [1,2,2,1], FUSED_NONE",
                 Binary(T::ADD_FUSION, f32, {1, 2, 2, 1}, Values(f32, {0, 1, 2, 3}), {1, 2, 2, 1},
                        Values(f32, {0, 1, 2, 3}), {1, 2, 2, 1}),
                 {Expect("y", f32, {1, 2, 2, 1}, Values(f32, {0, 2, 4, 6}))});

  AddRandomCases(list, T::ADD_FUSION, 1000);
  AddRandomCases(list, T::SUB_FUSION, 2000);
  AddRandomCases(list, T::MUL_FUSION, 3000);
  AddRandomCases(list, T::DIV_FUSION, 4000);

  // C-41: mixed float32 + float16 operands are unsupported.
  {
    SingleNodeCase c(T::ADD_FUSION, "add");
    c.In("a", f32, {2}, Values(f32, {1, 2})).In("b", DT::kFloat16, {2}, Values(DT::kFloat16, {1, 2}));
    c.Out("y", f32, {2});
    list.AddError("c041_mixed_float32_float16_unsupported", "C-41: operands must share one data type", c.Build(),
                  NNRT_UNSUPPORTED_OP);
  }
  // C-42: two's-complement wrap, truncating division, division by zero fails.
  {
    const int64_t max32 = std::numeric_limits<int32_t>::max(), min32 = std::numeric_limits<int32_t>::min();
    list.AddExpect("c042_int32_add_wraps", "C-42: INT32_MAX + 1 wraps to INT32_MIN",
                   Binary(T::ADD_FUSION, DT::kInt32, {3}, Ints(DT::kInt32, {max32, min32, 5}), {3},
                          Ints(DT::kInt32, {1, -1, -7}), {3}),
                   {Expect("y", DT::kInt32, {3}, Ints(DT::kInt32, {min32, max32, -2}))});
    list.AddExpect("c042_int32_div_truncates", "C-42: integer DIV truncates toward zero; INT_MIN / -1 wraps",
                   Binary(T::DIV_FUSION, DT::kInt32, {5}, Ints(DT::kInt32, {7, -7, 7, -7, min32}), {5},
                          Ints(DT::kInt32, {2, 2, -2, -2, -1}), {5}),
                   {Expect("y", DT::kInt32, {5}, Ints(DT::kInt32, {3, -3, -3, 3, min32}))});
    list.AddExpect("c042_int8_mul_wraps", "C-42: plain int8 100 * 3 = 300 wraps to 44",
                   Binary(T::MUL_FUSION, DT::kInt8, {2}, Ints(DT::kInt8, {100, -128}), {2}, Ints(DT::kInt8, {3, -1}),
                          {2}),
                   {Expect("y", DT::kInt8, {2}, Ints(DT::kInt8, {44, -128}))});
    list.AddError("c042_int_div_by_zero", "C-42: integer division by zero fails the run",
                  Binary(T::DIV_FUSION, DT::kInt32, {2}, Ints(DT::kInt32, {1, 2}), {2}, Ints(DT::kInt32, {1, 0}), {2}),
                  NNRT_INVALID_INPUT);
  }
  // C-43: IEEE float division by zero; quantized saturates, 0/0 gives the zero point.
  list.AddExpect("c043_float_div_by_zero", "C-43: x/+-0 = +-inf by signs (IEEE)",
                 Binary(T::DIV_FUSION, f32, {4}, Values(f32, {1, -1, 1, -1}), {4}, Values(f32, {0, 0, -0.0, -0.0}), {4}),
                 {Expect("y", f32, {4}, Values(f32, {kInf, -kInf, -kInf, kInf}))});
  list.Add("c043_float_zero_div_zero_nan", "C-43: 0/0 is NaN", Binary(T::DIV_FUSION, f32, {2}, Values(f32, {0, -0.0}),
                                                                      {2}, Values(f32, {0, 0}), {2}));
  list.AddExpect("c043_quant_div_by_zero", "C-43: quantized x/0 saturates by the numerator's sign; 0/0 -> zero point",
                 Binary(T::DIV_FUSION, DT::kInt8, {3}, Ints(DT::kInt8, {10, -10, 0}), {3}, Ints(DT::kInt8, {0, 0, 0}),
                        {3}, 0, {QP(0.5, 0)}, {QP(0.5, 0)}, {QP(0.25, 7)}),
                 {Expect("y", DT::kInt8, {3}, Ints(DT::kInt8, {127, -128, 7}))});
  // C-44: fused RELU keeps NaN and -0.
  list.AddExpect("c044_fused_relu_nan_negative_zero", "C-44: RELU(x) = x < 0 ? 0 : x keeps NaN and -0",
                 Binary(T::ADD_FUSION, f32, {4}, Values(f32, {-0.0, kNaN, -3, 2}), {4}, Values(f32, {-0.0, 0, 1, 1}),
                        {4}, 1),
                 {Expect("y", f32, {4}, Values(f32, {-0.0, kNaN, 0, 3}))});
  // C-45: ADD_FUSION's activationType is honoured; only 0, 1, 3 are accepted.
  list.AddExpect("c045_add_fused_relu6_honoured", "C-45: ADD_FUSION with activationType RELU6 (3)",
                 Binary(T::ADD_FUSION, f32, {4}, Values(f32, {-5, 2, 5, 7}), {4}, Values(f32, {1, 1, 1, 1}), {4}, 3),
                 {Expect("y", f32, {4}, Values(f32, {0, 3, 6, 6}))});
  list.AddError("c045_fused_sigmoid_rejected", "C-45: a fused SIGMOID (2) is NNRT_INVALID_MODEL",
                Binary(T::ADD_FUSION, f32, {2}, Values(f32, {1, 2}), {2}, Values(f32, {1, 2}), {2}, 2),
                NNRT_INVALID_MODEL);
  // C-47: quantized ties round half away from zero, with the zero point inside the rounding.
  list.AddExpect("c047_quant_add_ties_away_from_zero",
                 "C-47/4.6: t = 0.5*a1 + 0.5*a2; 0.5 -> 1, -0.5 -> -1, 1.5 -> 2, 2.5 -> 3, -2.5 -> -3",
                 Binary(T::ADD_FUSION, DT::kInt8, {5}, Ints(DT::kInt8, {1, -1, 3, 5, -5}), {5},
                        Ints(DT::kInt8, {0, 0, 0, 0, 0}), {5}, 0, {QP(1, 0)}, {QP(1, 0)}, {QP(2, 0)}),
                 {Expect("y", DT::kInt8, {5}, Ints(DT::kInt8, {1, -1, 2, 3, -3}))});
  list.AddExpect("c047_quant_add_zero_point_inside_rounding",
                 "C-47/4.3: t = -0.5, z_y = 1: RHA(t + z_y) = 1 (rounding t first would give 0)",
                 Binary(T::ADD_FUSION, DT::kInt8, {2}, Ints(DT::kInt8, {-1, -2}), {2}, Ints(DT::kInt8, {0, 0}), {2}, 0,
                        {QP(1, 0)}, {QP(1, 0)}, {QP(2, 1)}),
                 {Expect("y", DT::kInt8, {2}, Ints(DT::kInt8, {1, 0}))});
  // C-48: numpy broadcasting from the right; expected computed from the rule itself.
  {
    std::vector<double> a = {0, 1, 2, 3, 4, 5}, b = {10, 20, 30, 40}, y;
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 4; ++j)
        for (int k = 0; k < 3; ++k) y.push_back(a[i * 3 + k] + b[j]);
    list.AddExpect("c048_broadcast_numpy_style", "C-48: [2,1,3] + [4,1] -> [2,4,3], y[i][j][k] = a[i][0][k] + b[j][0]",
                   Binary(T::ADD_FUSION, f32, {2, 1, 3}, Values(f32, a), {4, 1}, Values(f32, b), {2, 4, 3}),
                   {Expect("y", f32, {2, 4, 3}, Values(f32, y))});
  }
  return list.Take();
}

NNRT_GOLDEN_FAMILY(ArithmeticCases);

}  // namespace golden
}  // namespace nnrt
