// Golden cases of MAXIMUM, MINIMUM, SQUARED_DIFFERENCE, MOD (ops_catalog #20,
// #97, #34, #83), REAL_DIV and ELTWISE (#12): the catalogue's models with
// derived values and one case per clarification C-688..C-693, C-698, C-699.
#include <cmath>
#include <cstdint>
#include <limits>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;
using T = NodeType;

TestCase Binary(NodeType op, DT dt, Dims da, Bytes a, Dims db, Bytes b, Dims dy, std::vector<QuantParam> qa = {},
                std::vector<QuantParam> qb = {}, std::vector<QuantParam> qy = {}, DT dt_b = DT::kUnknown) {
  SingleNodeCase c(op, LowerCaseOpName(op));
  const DT tb = dt_b == DT::kUnknown ? dt : dt_b;
  c.In("x1", dt, da, std::move(a), qa).In("x2", tb, db, std::move(b), qb).Out("y", dt, dy, qy);
  return c.Build();
}

TestCase Eltwise(int8_t mode, DT dt, Dims da, Bytes a, Dims db, Bytes b, Dims dy, std::vector<QuantParam> qa = {},
                 std::vector<QuantParam> qb = {}, std::vector<QuantParam> qy = {}) {
  SingleNodeCase c(T::ELTWISE, "eltwise");
  c.In("x1", dt, da, std::move(a), qa).In("x2", dt, db, std::move(b), qb).Out("y", dt, dy, qy);
  c.WithAttr(Attr::Int8("mode", mode));
  return c.Build();
}

// ELTWISE (ops_catalog #12), C-698 and C-699.
// C-692: one bool operand beside a number reads 0/1 in the number's type.
void AddBoolOperandCases(CaseList& list) {
  const DT f32 = DT::kFloat32, i64 = DT::kInt64, b = DT::kBool;
  {
    SingleNodeCase c(T::MINIMUM, "minimum");
    c.In("x1", f32, {}, Values(f32, {1})).In("x2", b, {}, Ints(b, {0})).Out("y", f32, {});
    list.AddExpect("c692_minimum_float32_beside_bool", "C-692: ops_catalog #97 XTS model 3: float32 [] 1.0 against "
                   "bool [] false -> 0.0 (float32)",
                   c.Build(), {Expect("y", f32, {}, Values(f32, {0}))});
  }
  {
    SingleNodeCase c(T::MAXIMUM, "maximum");
    c.In("x1", b, {3}, Bytes{0, 7, 0}).In("x2", DT::kInt32, {3}, Ints(DT::kInt32, {-3, -3, 5}))
        .Out("y", DT::kInt32, {3});
    list.AddExpect("c692_maximum_bool_beside_int32", "C-692: bool bytes 0, 7, 0 read as 0, 1, 0 (C-293) against "
                   "int32 [-3,-3,5] -> [0,1,5]",
                   c.Build(), {Expect("y", DT::kInt32, {3}, Ints(DT::kInt32, {0, 1, 5}))});
  }
  {
    SingleNodeCase c(T::MOD, "mod");
    c.Const("x1", b, {1}, Ints(b, {1})).In("x2", i64, {3}, Ints(i64, {2, 3, 4})).Out("y", i64, {3});
    list.AddExpect("c692_mod_constant_bool_dividend", "C-692: ops_catalog #83 XTS model 2 with the bool a constant: "
                   "true mod int64 [2,3,4] -> [1,1,1]",
                   c.Build(), {Expect("y", i64, {3}, Ints(i64, {1, 1, 1}))});
  }
  {
    SingleNodeCase c(T::MOD, "mod");
    c.In("x1", b, {1}, Ints(b, {1})).In("x2", i64, {3}, Ints(i64, {2, 3, 4})).Out("y", i64, {3});
    list.AddError("c692_mod_bool_tensor_rejected", "C-692: a bool MOD operand that is a model input (two tensors "
                  "may not be bool)",
                  c.Build(), NNRT_INVALID_MODEL);
  }
}

// C-692: MAXIMUM, MINIMUM and MOD take uint16/32/64 and float64 as ADD does (C-41).
void AddWideTypeCases(CaseList& list) {
  const DT u64 = DT::kUint64, u32 = DT::kUint32, u16 = DT::kUint16, f64 = DT::kFloat64;
  list.AddExpect("c692_maximum_uint64_full_range", "C-692: uint64 2^64-1 is the largest (compared unsigned)",
                 Binary(T::MAXIMUM, u64, {2}, Ints(u64, {-1, 1}), {2}, Ints(u64, {1, 2}), {2}),
                 {Expect("y", u64, {2}, Ints(u64, {-1, 2}))});
  list.AddExpect("c692_minimum_uint32", "C-692: uint32 min(4000000000, 5), min(3, 4000000000)",
                 Binary(T::MINIMUM, u32, {2}, Ints(u32, {4000000000LL, 3}), {2}, Ints(u32, {5, 4000000000LL}), {2}),
                 {Expect("y", u32, {2}, Ints(u32, {5, 3}))});
  list.AddExpect("c692_mod_uint16", "C-692: uint16 65535 mod 256 = 255, 7 mod 65535 = 7",
                 Binary(T::MOD, u16, {2}, Ints(u16, {65535, 7}), {2}, Ints(u16, {256, 65535}), {2}),
                 {Expect("y", u16, {2}, Ints(u16, {255, 7}))});
  list.AddExpect("c692_mod_uint64_large_dividend", "C-692: uint64 (2^64-1) mod 10 = 5 (unsigned remainder)",
                 Binary(T::MOD, u64, {1}, Ints(u64, {-1}), {1}, Ints(u64, {10}), {1}),
                 {Expect("y", u64, {1}, Ints(u64, {5}))});
  list.AddExpect("c692_mod_float64", "C-692: float64 -7.25 mod 2 = -1.25, 0.1 mod 0.03 = fmod (exact, C-691)",
                 Binary(T::MOD, f64, {2}, Values(f64, {-7.25, 0.1}), {2}, Values(f64, {2, 0.03}), {2}),
                 {Expect("y", f64, {2}, Values(f64, {-1.25, std::fmod(0.1, 0.03)}))});
  list.AddExpect("c692_minimum_float64", "C-692: float64 min keeps values float32 cannot hold",
                 Binary(T::MINIMUM, f64, {2}, Values(f64, {1e300, -0.0}), {2}, Values(f64, {1.0000000000000002, 0}),
                        {2}),
                 {Expect("y", f64, {2}, Values(f64, {1.0000000000000002, -0.0}))});
}

void AddEltwiseCases(CaseList& list) {
  const DT f32 = DT::kFloat32;
  list.AddExpect("eltwise_catalog_ut_prod", "ops_catalog #12 [UT]: float32 [3,3] operands, mode PROD (0)",
                 Eltwise(0, f32, {3, 3}, Values(f32, {1, 2, 3, 4, 5, 6, 7, 8, 9}), {3, 3},
                         Values(f32, {1, -1, 0.5, 2, 0, -2, 1, 1, -0.0}), {3, 3}),
                 {Expect("y", f32, {3, 3}, Values(f32, {1, -2, 1.5, 8, 0, -12, 7, 8, -0.0}))});
  list.AddExpect("c698_eltwise_sum_adds", "C-698: SUM (1) is x1 + x2, not the IDL comment's difference",
                 Eltwise(1, f32, {3}, Values(f32, {1, 2, 3}), {3}, Values(f32, {4, 5, -6}), {3}),
                 {Expect("y", f32, {3}, Values(f32, {5, 7, -3}))});
  list.AddExpect("c698_eltwise_maximum_nan_wins", "C-698: MAXIMUM (2) is the MAXIMUM node type: NaN wins, +0 > -0",
                 Eltwise(2, f32, {3}, Values(f32, {1, kNaN, -0.0}), {3}, Values(f32, {4, 0, 0}), {3}),
                 {Expect("y", f32, {3}, Values(f32, {4, kNaN, 0}))});
  list.AddError("c698_eltwise_unknown_mode_rejected", "C-698: mode UNKNOWN (3), accepted by the OH_NN builder",
                Eltwise(3, f32, {1}, Values(f32, {1}), {1}, Values(f32, {2}), {1}), NNRT_INVALID_MODEL);
  list.AddExpect("c699_eltwise_sum_broadcasts", "C-699: [2,1] + [3] -> [2,3]",
                 Eltwise(1, f32, {2, 1}, Values(f32, {1, 2}), {3}, Values(f32, {10, 20, 30}), {2, 3}),
                 {Expect("y", f32, {2, 3}, Values(f32, {11, 21, 31, 12, 22, 32}))});
  list.AddExpect("c699_eltwise_prod_int8_quantized", "C-699: quantized PROD as MUL_FUSION: 1.5 * -2 = -3 at s=0.25",
                 Eltwise(0, DT::kInt8, {2}, Ints(DT::kInt8, {3, 4}), {1}, Ints(DT::kInt8, {-4}), {2}, {QP(0.5, 0)},
                         {QP(0.5, 0)}, {QP(0.25, 0)}),
                 {Expect("y", DT::kInt8, {2}, Ints(DT::kInt8, {-12, -16}))});
}

}  // namespace

std::vector<GoldenCase> BinaryMathCases() {
  CaseList list("binary_math");
  const DT f32 = DT::kFloat32, i32 = DT::kInt32, i64 = DT::kInt64, i8 = DT::kInt8;
  // The catalogue's models.
  list.AddExpect("minimum_catalog_model1", "ops_catalog #97 XTS model 1: min([1,3,5], [2,2,4]) = [1,2,4]",
                 Binary(T::MINIMUM, f32, {3}, Values(f32, {1, 3, 5}), {3}, Values(f32, {2, 2, 4}), {3}),
                 {Expect("y", f32, {3}, Values(f32, {1, 2, 4}))});
  list.AddExpect("maximum_catalog_ut_shape", "ops_catalog #20 [UT] shape [1,3,1,1]: max with a broadcast [1]",
                 Binary(T::MAXIMUM, f32, {1, 3, 1, 1}, Values(f32, {-1, 0.5, 7}), {1}, Values(f32, {0.25}), {1, 3, 1, 1}),
                 {Expect("y", f32, {1, 3, 1, 1}, Values(f32, {0.25, 0.5, 7}))});
  list.AddExpect("squared_difference_catalog_ut", "ops_catalog #34 [UT] shapes [3]: (a - b)^2",
                 Binary(T::SQUARED_DIFFERENCE, f32, {3}, Values(f32, {1, 3, -5}), {3}, Values(f32, {2, 2, 4}), {3}),
                 {Expect("y", f32, {3}, Values(f32, {1, 1, 81}))});
  list.AddExpect("mod_catalog_model1", "ops_catalog #83 XTS model 1: int64 [10,20,30] mod [3] (shape [1]) = [1,2,0]",
                 Binary(T::MOD, i64, {3}, Ints(i64, {10, 20, 30}), {1}, Ints(i64, {3}), {3}),
                 {Expect("y", i64, {3}, Ints(i64, {1, 2, 0}))});
  // C-688: NaN wins, +0 > -0.
  const std::vector<double> a = {kNaN, 1, -0.0, 0.0, -kInf, 2}, b = {1, kNaN, 0.0, -0.0, 3, kInf};
  list.AddExpect("c688_maximum_nan_and_signed_zero", "C-688: max: NaN wins, max(-0, +0) = +0 either order",
                 Binary(T::MAXIMUM, f32, {6}, Values(f32, a), {6}, Values(f32, b), {6}),
                 {Expect("y", f32, {6}, Values(f32, {kNaN, kNaN, 0.0, 0.0, 3, kInf}))});
  list.AddExpect("c688_minimum_nan_and_signed_zero", "C-688: min: NaN wins, min(-0, +0) = -0 either order",
                 Binary(T::MINIMUM, f32, {6}, Values(f32, a), {6}, Values(f32, b), {6}),
                 {Expect("y", f32, {6}, Values(f32, {kNaN, kNaN, -0.0, -0.0, -kInf, 2}))});
  // C-689: quantized max/min/squared difference requantize the real result.
  list.AddExpect("c689_maximum_int8_uint8_requantized",
                 "C-689: max(int8 s=0.5 [1,-2], uint8 s=0.25 zp=128 [1.25,-3]) = [1.25,-2] -> int8 s=0.1 [13,-20]",
                 Binary(T::MAXIMUM, i8, {2}, Ints(i8, {2, -4}), {2}, Ints(DT::kUint8, {133, 116}), {2}, {QP(0.5, 0)},
                        {QP(0.25, 128)}, {QP(0.1, 0)}, DT::kUint8),
                 {Expect("y", i8, {2}, Ints(i8, {13, -20}))});
  list.AddExpect("c689_squared_difference_int8_saturates",
                 "C-689: ((3)-(1))^2 = 4 and (-63.5-63.5)^2 saturate: int8 s=1 zp=-128 -> [-124, 127]",
                 Binary(T::SQUARED_DIFFERENCE, i8, {2}, Ints(i8, {6, -127}), {2}, Ints(i8, {2, 127}), {2}, {QP(0.5, 0)},
                        {QP(0.5, 0)}, {QP(1.0, -128)}),
                 {Expect("y", i8, {2}, Ints(i8, {-124, 127}))});
  list.Add("c689_minimum_uint8_random", "C-689: seeded random uint8 operands with different params",
           [] {
             GoldenRng rng(6890);
             const Dims d = {2, 3, 4};
             // Drawn in separate statements (x2 first): argument evaluation order is
             // unspecified, and the file must not depend on the compiler.
             const std::vector<int64_t> x2 = rng.Ints(3, 0, 255);
             const std::vector<int64_t> x1 = rng.Ints(24, 0, 255);
             return Binary(T::MINIMUM, DT::kUint8, d, Ints(DT::kUint8, x1), {3, 1}, Ints(DT::kUint8, x2), d,
                           {QP(0.05, 100)}, {QP(0.03, 140)}, {QP(0.06, 120)});
           }());
  // C-690: integer squared difference wraps.
  const int64_t max32 = std::numeric_limits<int32_t>::max(), min32 = std::numeric_limits<int32_t>::min();
  list.AddExpect("c690_squared_difference_int32_wraps", "C-690: (INT32_MAX - INT32_MIN)^2 = 1, 46341^2 wraps, (-3-4)^2",
                 Binary(T::SQUARED_DIFFERENCE, i32, {3}, Ints(i32, {max32, 46341, -3}), {3}, Ints(i32, {min32, 0, 4}), {3}),
                 {Expect("y", i32, {3}, Ints(i32, {1, 2147488281LL - 4294967296LL, 49}))});
  // C-691: truncated remainder.
  list.AddExpect("c691_mod_int32_sign_of_dividend", "C-691: 7,-7 mod 3,-3 -> 1,-1,1,-1; INT32_MIN mod -1 = 0",
                 Binary(T::MOD, i32, {5}, Ints(i32, {7, -7, 7, -7, min32}), {5}, Ints(i32, {3, 3, -3, -3, -1}), {5}),
                 {Expect("y", i32, {5}, Ints(i32, {1, -1, 1, -1, 0}))});
  list.AddExpect("c691_mod_float_specials", "C-691: fmod: 5.5 mod 2 = 1.5, -5.5 mod 2 = -1.5, x mod 0 = NaN, "
                                            "inf mod 2 = NaN, 3 mod inf = 3, -4 mod 2 = -0",
                 Binary(T::MOD, f32, {6}, Values(f32, {5.5, -5.5, 1, kInf, 3, -4}), {6}, Values(f32, {2, 2, 0, 2, kInf, 2}),
                        {6}),
                 {Expect("y", f32, {6}, Values(f32, {1.5, -1.5, kNaN, kNaN, 3, -0.0}))});
  list.AddError("c691_mod_int_by_zero", "C-691: integer MOD by zero fails the run",
                Binary(T::MOD, i32, {2}, Ints(i32, {1, 2}), {2}, Ints(i32, {1, 0}), {2}), NNRT_INVALID_INPUT);
  // C-692: quantized MOD unsupported; bool beside a number; the arithmetic family's types.
  list.AddError("c692_mod_quantized_unsupported", "C-692: quantized MOD",
                Binary(T::MOD, i8, {1}, Ints(i8, {3}), {1}, Ints(i8, {2}), {1}, {QP(0.5, 0)}, {QP(0.5, 0)}, {QP(0.5, 0)}),
                NNRT_UNSUPPORTED_OP);
  list.AddError("c692_minimum_both_bool_rejected", "C-692: ops_catalog #97 XTS model 2: two bool operands (the "
                "documents: not both bool)",
                Binary(T::MINIMUM, DT::kBool, {3}, Ints(DT::kBool, {1, 0, 1}), {1}, Ints(DT::kBool, {0}), {3}),
                NNRT_INVALID_MODEL);
  AddBoolOperandCases(list);
  AddWideTypeCases(list);
  // C-693: REAL_DIV = DIV_FUSION without an activation.
  list.AddExpect("c693_real_div_ieee_broadcast", "C-693: [[1,-1],[0,6]] / [0,3]: 1/0 = inf, 0/0 = NaN",
                 Binary(T::REAL_DIV, f32, {2, 2}, Values(f32, {1, -1, 0, 6}), {2}, Values(f32, {0, 3}), {2, 2}),
                 {Expect("y", f32, {2, 2}, Values(f32, {kInf, -1.0 / 3.0, kNaN, 2}))});
  list.AddExpect("c693_real_div_int32_truncates", "C-693: int32 -7/2 = -3, 7/2 = 3 (C-42)",
                 Binary(T::REAL_DIV, i32, {2}, Ints(i32, {-7, 7}), {2}, Ints(i32, {2, 2}), {2}),
                 {Expect("y", i32, {2}, Ints(i32, {-3, 3}))});
  {
    SingleNodeCase c(T::REAL_DIV, "real_div");
    c.In("x1", f32, {1}, Values(f32, {1})).In("x2", f32, {1}, Values(f32, {2})).Out("y", f32, {1});
    c.WithAttr(Attr::Int8("activationType", 1));
    list.AddError("c693_real_div_activation_rejected", "C-693: RealDiv has no activationType attribute", c.Build(),
                  NNRT_INVALID_MODEL);
  }
  AddEltwiseCases(list);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(BinaryMathCases);

}  // namespace golden
}  // namespace nnrt
