// Golden cases of CAST (ops_catalog #6; C-182..C-186) and QUANT_DTYPE_CAST /
// QUANT_DTYPE_CAST_V2 (ops_catalog #52; quantization_semantics 4.3, 4.4;
// C-187..C-190).
#include <cstdint>
#include <limits>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

// The `type` input holds the OH_NN_DataType number of the target (C-184).
TestCase Cast(DT in_dt, Dims dims, Bytes x, DT out_dt, int64_t oh_nn_type = -1, std::vector<QuantParam> qx = {},
              uint64_t seed = 0) {
  SingleNodeCase c(NodeType::CAST, "cast");
  const int64_t type = oh_nn_type >= 0 ? oh_nn_type : DataTypeToOhnn(out_dt);
  c.In("x", in_dt, dims, std::move(x), qx).Const("type", DT::kInt32, {1}, Ints(DT::kInt32, {type}));
  c.Out("y", out_dt, dims, qx.empty() || (out_dt != DT::kInt8 && out_dt != DT::kUint8) ? std::vector<QuantParam>{} : qx);
  if (seed != 0) RecordSeed(c, seed);
  return c.Build();
}

TestCase QuantCast(NodeType type, DT in_dt, Dims dims, Bytes x, std::vector<QuantParam> qx, DT out_dt,
                   std::vector<QuantParam> qy, int64_t axis = 0, uint64_t seed = 0) {
  SingleNodeCase c(type, "quant_dtype_cast");
  c.In("x", in_dt, dims, std::move(x), qx).Out("y", out_dt, dims, qy);
  c.WithAttr(Attr::Int64("srcT", DataTypeToOhnn(in_dt)))
      .WithAttr(Attr::Int64("dstT", DataTypeToOhnn(out_dt)))
      .WithAttr(Attr::Int64("axis", axis));
  if (seed != 0) RecordSeed(c, seed);
  return c.Build();
}

void AddCastCases(CaseList& list) {
  const DT f32 = DT::kFloat32, f16 = DT::kFloat16, i32 = DT::kInt32;
  const int64_t max32 = std::numeric_limits<int32_t>::max(), min32 = std::numeric_limits<int32_t>::min();
  GoldenRng rng(8201);
  list.Add("cast_float32_to_float16_random", "seeded random, one rounding to half",
           Cast(f32, {16}, Values(f32, rng.Uniforms(16, -70000, 70000)), f16, -1, {}, 8201));
  GoldenRng rng2(8202);
  list.Add("cast_float16_to_float32_random", "seeded random (exact widening)",
           Cast(f16, {16}, Values(f16, rng2.Uniforms(16, -100, 100)), f32, -1, {}, 8202));
  GoldenRng rng3(8203);
  list.Add("cast_int32_to_float32_random", "seeded random int32 beyond 2^24 (one rounding)",
           Cast(i32, {16}, Ints(i32, rng3.Ints(16, min32, max32)), f32, -1, {}, 8203));
  GoldenRng rng4(8204);
  list.Add("cast_float32_to_int8_random", "seeded random, truncation and saturation",
           Cast(f32, {16}, Values(f32, rng4.Uniforms(16, -300, 300)), DT::kInt8, -1, {}, 8204));
  list.AddExpect("c182_float32_to_int32_truncates_saturates", "C-182: trunc toward 0; NaN -> 0; +-inf/out of range saturate",
                 Cast(f32, {6}, Values(f32, {2.75, -2.75, kNaN, kInf, -kInf, 3e9}), i32),
                 {Expect("y", i32, {6}, Ints(i32, {2, -2, 0, max32, min32, max32}))});
  list.AddExpect("c182_float32_to_uint8_negatives_zero", "C-182: negatives -> 0 for unsigned targets",
                 Cast(f32, {4}, Values(f32, {-1, 300, 255.75, 0.5}), DT::kUint8),
                 {Expect("y", DT::kUint8, {4}, Ints(DT::kUint8, {0, 255, 255, 0}))});
  list.AddExpect("c182_int32_to_int8_wraps", "C-182: int32 300 -> int8 44 (low bits)",
                 Cast(i32, {3}, Ints(i32, {300, -1, -129}), DT::kInt8),
                 {Expect("y", DT::kInt8, {3}, Ints(DT::kInt8, {44, -1, 127}))});
  list.AddExpect("c182_int8_to_uint32_wraps", "C-182: int8 -1 -> uint32 4294967295",
                 Cast(DT::kInt8, {2}, Ints(DT::kInt8, {-1, 5}), DT::kUint32),
                 {Expect("y", DT::kUint32, {2}, Ints(DT::kUint32, {4294967295LL, 5}))});
  list.AddExpect("c183_float32_to_float16_rounds_once", "C-183: 65520 -> inf, -0 kept, 2^-24 subnormal kept",
                 Cast(f32, {4}, Values(f32, {65520, -0.0, 0x1p-24, 1}), f16),
                 {Expect("y", f16, {4}, HalfBits({0x7c00, 0x8000, 0x0001, 0x3c00}))});
  {
    const int64_t big = (int64_t{1} << 54) + (int64_t{1} << 30) + 1;
    list.AddExpect("c183_int64_to_float32_rounds_once", "C-183: 2^54 + 2^30 + 1 -> 2^54 + 2^31 (not 2^54)",
                   Cast(DT::kInt64, {1}, Ints(DT::kInt64, {big}), f32),
                   {Expect("y", f32, {1}, Values(f32, {0x1p54 + 0x1p31}))});
  }
  list.AddError("c184_type_zero_rejected", "C-184: OH_NN_DataType 0 (unknown) is NNRT_INVALID_MODEL",
                Cast(f32, {2}, Values(f32, {1, 2}), f32, 0), NNRT_INVALID_MODEL);
  list.AddExpect("c185_quant_params_ignored", "C-185: int8 with quant params -> int32 converts stored values",
                 Cast(DT::kInt8, {3}, Ints(DT::kInt8, {-128, 0, 127}), i32, -1, {QP(0.5, 10)}),
                 {Expect("y", i32, {3}, Ints(i32, {-128, 0, 127}))});
  list.AddExpect("c186_float_to_bool", "C-186: x != 0: NaN -> true, -0 -> false",
                 Cast(f32, {4}, Values(f32, {kNaN, -0.0, 0, 2}), DT::kBool),
                 {Expect("y", DT::kBool, {4}, Ints(DT::kBool, {1, 0, 0, 1}))});
  list.AddExpect("c186_bool_to_float", "C-186: bool -> 0 or 1",
                 Cast(DT::kBool, {2}, Ints(DT::kBool, {0, 1}), f32), {Expect("y", f32, {2}, Values(f32, {0, 1}))});
}

void AddQuantCastCases(CaseList& list) {
  using T = NodeType;
  const DT f32 = DT::kFloat32;
  GoldenRng rng(8301);
  list.Add("quantize_float32_to_int8_random", "seeded random, quantize (4.3)",
           QuantCast(T::QUANT_DTYPE_CAST, f32, {4, 4}, Values(f32, rng.Uniforms(16, -10, 10)), {}, DT::kInt8,
                     {QP(0.07, -3)}, 0, 8301));
  std::vector<int64_t> all_u8;
  for (int q = 0; q <= 255; ++q) all_u8.push_back(q);
  list.Add("dequantize_uint8_to_float32_all_values", "every uint8 value, dequantize (4.4)",
           QuantCast(T::QUANT_DTYPE_CAST, DT::kUint8, {256}, Ints(DT::kUint8, all_u8), {QP(0.0123, 131)}, f32, {}));
  list.Add("dequantize_uint8_to_float16_all_values", "every uint8 value, dequantize to float16 (one rounding)",
           QuantCast(T::QUANT_DTYPE_CAST, DT::kUint8, {256}, Ints(DT::kUint8, all_u8), {QP(0.0123, 131)},
                     DT::kFloat16, {}));
  std::vector<int64_t> all_i8;
  for (int q = -128; q <= 127; ++q) all_i8.push_back(q);
  list.Add("c187_requantize_int8_to_uint8", "C-187: int8 -> uint8 requantize, every input value",
           QuantCast(T::QUANT_DTYPE_CAST, DT::kInt8, {256}, Ints(DT::kInt8, all_i8), {QP(0.05, -4)}, DT::kUint8,
                     {QP(0.03, 120)}));
  list.AddExpect("c187_quantize_ties_away_from_zero", "C-187/4.3: RHA(r/s + z): 0.5 -> 3, -0.375 -> RHA(-0.5) = -1, 100 -> 127, NaN -> z",
                 QuantCast(T::QUANT_DTYPE_CAST, f32, {4}, Values(f32, {0.5, -0.375, 100, kNaN}), {}, DT::kInt8,
                           {QP(0.25, 1)}),
                 {Expect("y", DT::kInt8, {4}, Ints(DT::kInt8, {3, -1, 127, 1}))});
  list.AddError("c187_float_to_int32_without_params_rejected", "C-187: float -> int32 without params",
                QuantCast(T::QUANT_DTYPE_CAST, f32, {2}, Values(f32, {1, 2}), {}, DT::kInt32, {}), NNRT_INVALID_MODEL);
  list.AddExpect("c188_int32_copy_without_params", "C-188: XTS Model1, INT32 [4] = [0,1,1,2] copied",
                 QuantCast(T::QUANT_DTYPE_CAST, DT::kInt32, {4}, Ints(DT::kInt32, {0, 1, 1, 2}), {}, DT::kInt32, {}),
                 {Expect("y", DT::kInt32, {4}, Ints(DT::kInt32, {0, 1, 1, 2}))});
  list.AddExpect("c189_per_axis_quantize", "C-189: axis 1 (3 channels), scales 1, 0.5, 0.25",
                 QuantCast(T::QUANT_DTYPE_CAST, f32, {2, 3}, Values(f32, {1, 1, 1, -2, -2, -2}), {}, DT::kInt8,
                           {QP(1, 0), QP(0.5, 0), QP(0.25, 0)}, 1),
                 {Expect("y", DT::kInt8, {2, 3}, Ints(DT::kInt8, {1, 2, 4, -2, -4, -8}))});
  list.AddExpect("c189_negative_axis_dequantize", "C-189: axis -2 = 0 (2 channels, zero points 1 and -1)",
                 QuantCast(T::QUANT_DTYPE_CAST, DT::kInt8, {2, 2}, Ints(DT::kInt8, {3, 5, 3, 5}),
                           {QP(0.5, 1), QP(2, -1)}, f32, {}, -2),
                 {Expect("y", f32, {2, 2}, Values(f32, {1, 2, 8, 12}))});
  list.AddExpect("c190_v2_node_type", "C-190: QUANT_DTYPE_CAST_V2 (999) runs the same kernel",
                 QuantCast(T::QUANT_DTYPE_CAST_V2, f32, {4}, Values(f32, {0.5, -0.375, 100, kNaN}), {}, DT::kInt8,
                           {QP(0.25, 1)}),
                 {Expect("y", DT::kInt8, {4}, Ints(DT::kInt8, {3, -1, 127, 1}))});
  list.AddExpect("c190_v2_per_axis_dequantize", "C-190: the V2 node type dequantizes per axis like 113 (C-189 values)",
                 QuantCast(T::QUANT_DTYPE_CAST_V2, DT::kInt8, {2, 2}, Ints(DT::kInt8, {3, 5, 3, 5}),
                           {QP(0.5, 1), QP(2, -1)}, f32, {}, -2),
                 {Expect("y", f32, {2, 2}, Values(f32, {1, 2, 8, 12}))});
  list.Add("c190_v2_requantize_uint8_to_int8", "C-190: uint8 -> int8 requantize on the V2 node type, every input value",
           QuantCast(T::QUANT_DTYPE_CAST_V2, DT::kUint8, {256}, Ints(DT::kUint8, all_u8), {QP(0.03, 120)}, DT::kInt8,
                     {QP(0.05, -4)}));
}

}  // namespace

std::vector<GoldenCase> CastCases() {
  CaseList cast("cast");
  AddCastCases(cast);
  CaseList quant("quant_dtype_cast");
  AddQuantCastCases(quant);
  std::vector<GoldenCase> all = cast.Take();
  for (GoldenCase& c : quant.Take()) all.push_back(std::move(c));
  return all;
}

NNRT_GOLDEN_FAMILY(CastCases);

}  // namespace golden
}  // namespace nnrt
