// Golden cases of EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL
// (ops_catalog #70, #72, #71, #73, #61, #18): the XTS models with the values
// the catalogue derives, and one case per clarification C-680..C-684.
#include <cstdint>
#include <limits>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;
using T = NodeType;

TestCase Compare(NodeType op, DT dt, Dims da, Bytes a, Dims db, Bytes b, Dims dy, std::vector<QuantParam> qa = {},
                 DT dt_b = DT::kUnknown, std::vector<QuantParam> qb = {}) {
  SingleNodeCase c(op, LowerCaseOpName(op));
  c.In("x1", dt, da, std::move(a), qa).In("x2", dt_b == DT::kUnknown ? dt : dt_b, db, std::move(b), qb);
  c.Out("y", DT::kBool, dy);
  return c.Build();
}

HostTensor Y(Dims dims, std::vector<int64_t> bools) { return Expect("y", DT::kBool, dims, Ints(DT::kBool, bools)); }

// The XTS model 1 and 2 of each operation (ops_catalog #70..#73, #61, #18).
void AddCatalogModels(CaseList& list) {
  const DT f32 = DT::kFloat32;
  list.AddExpect("equal_catalog_model1", "ops_catalog #70 XTS model 1: [1,2,3] == [4,5,6] -> [F,F,F]",
                 Compare(T::EQUAL, f32, {3}, Values(f32, {1, 2, 3}), {3}, Values(f32, {4, 5, 6}), {3}),
                 {Y({3}, {0, 0, 0})});
  list.AddExpect("equal_catalog_model2", "ops_catalog #70 XTS model 2: scalars 1 == 1 -> T",
                 Compare(T::EQUAL, f32, {}, Values(f32, {1}), {}, Values(f32, {1}), {}), {Y({}, {1})});
  list.AddExpect("greater_catalog_model1", "ops_catalog #71 XTS model 1: [1,2,3] > [4,5,6] -> [F,F,F]",
                 Compare(T::GREATER, f32, {3}, Values(f32, {1, 2, 3}), {3}, Values(f32, {4, 5, 6}), {3}),
                 {Y({3}, {0, 0, 0})});
  list.AddExpect("greater_catalog_model2", "ops_catalog #71 XTS model 2: [1] > [1] -> [F]",
                 Compare(T::GREATER, f32, {1}, Values(f32, {1}), {1}, Values(f32, {1}), {1}), {Y({1}, {0})});
  list.AddExpect("not_equal_catalog_model1", "ops_catalog #72 XTS model 1: [1,2,3] != [4,5,6] -> [T,T,T]",
                 Compare(T::NOT_EQUAL, f32, {3}, Values(f32, {1, 2, 3}), {3}, Values(f32, {4, 5, 6}), {3}),
                 {Y({3}, {1, 1, 1})});
  list.AddExpect("not_equal_catalog_model2", "ops_catalog #72 XTS model 2: scalars 1 != 1 -> F",
                 Compare(T::NOT_EQUAL, f32, {}, Values(f32, {1}), {}, Values(f32, {1}), {}), {Y({}, {0})});
  list.AddExpect("greater_equal_catalog_model1", "ops_catalog #73 XTS model 1: [1,2,3] >= [4,2,6] -> [F,T,F]",
                 Compare(T::GREATER_EQUAL, f32, {3}, Values(f32, {1, 2, 3}), {3}, Values(f32, {4, 2, 6}), {3}),
                 {Y({3}, {0, 1, 0})});
  list.AddExpect("greater_equal_catalog_model2", "ops_catalog #73 XTS model 2: [1] >= [1] -> [T]",
                 Compare(T::GREATER_EQUAL, f32, {1}, Values(f32, {1}), {1}, Values(f32, {1}), {1}), {Y({1}, {1})});
  list.AddExpect("less_catalog_model1", "ops_catalog #61 XTS model 1: [1,2,3] < [3,2,1] -> [T,F,F]",
                 Compare(T::LESS, f32, {3}, Values(f32, {1, 2, 3}), {3}, Values(f32, {3, 2, 1}), {3}),
                 {Y({3}, {1, 0, 0})});
  list.AddExpect("less_equal_catalog_ut", "ops_catalog #18 [UT] shapes: int32 [1,2,1,1] <= [1,2,1,1]",
                 Compare(T::LESS_EQUAL, DT::kInt32, {1, 2, 1, 1}, Ints(DT::kInt32, {5, -7}), {1, 2, 1, 1},
                         Ints(DT::kInt32, {5, -8}), {1, 2, 1, 1}),
                 {Y({1, 2, 1, 1}, {1, 0})});
}

}  // namespace

std::vector<GoldenCase> ComparisonCases() {
  CaseList list("comparison");
  const DT f32 = DT::kFloat32;
  AddCatalogModels(list);
  // C-680: integers exactly (int64 above 2^53, the type limits).
  const int64_t big = (int64_t{1} << 53) + 1;
  const int64_t min64 = std::numeric_limits<int64_t>::min(), max64 = std::numeric_limits<int64_t>::max();
  list.AddExpect("c680_int64_compared_exactly", "C-680: 2^53+1 > 2^53, INT64_MIN > INT64_MAX is false",
                 Compare(T::GREATER, DT::kInt64, {3}, Ints(DT::kInt64, {big, min64, -1}), {3},
                         Ints(DT::kInt64, {big - 1, max64, -2}), {3}),
                 {Y({3}, {1, 0, 1})});
  list.AddError("c680_mixed_int32_float32_unsupported", "C-680: operands of different data types",
                Compare(T::EQUAL, DT::kInt32, {1}, Ints(DT::kInt32, {1}), {1}, Values(f32, {1}), {1}, {}, f32),
                NNRT_UNSUPPORTED_OP);
  // C-681: IEEE: NaN unordered, -0 == +0.
  const std::vector<double> a = {kNaN, 1, -0.0, -kInf, kNaN}, b = {1, kNaN, 0, -3e38, kNaN};
  const std::vector<std::vector<int64_t>> want = {
      {0, 0, 1, 0, 0}, {1, 1, 0, 1, 1}, {0, 0, 0, 0, 0}, {0, 0, 1, 0, 0}, {0, 0, 0, 1, 0}, {0, 0, 1, 1, 0}};
  const T all[] = {T::EQUAL, T::NOT_EQUAL, T::GREATER, T::GREATER_EQUAL, T::LESS, T::LESS_EQUAL};
  for (size_t k = 0; k < 6; ++k) {
    list.AddExpect(std::string("c681_") + LowerCaseOpName(all[k]) + "_nan_and_signed_zero",
                   "C-681: [NaN,1,-0,-inf,NaN] against [1,NaN,+0,-3e38,NaN]: NaN unordered, -0 == +0",
                   Compare(all[k], f32, {5}, Values(f32, a), {5}, Values(f32, b), {5}), {Y({5}, want[k])});
  }
  list.AddExpect("c681_float16_subnormals_ordered", "C-681: float16 subnormals 2^-24 < 2^-23, -0 < 2^-24",
                 Compare(T::LESS, DT::kFloat16, {2}, HalfBits({0x0001, 0x8000}), {2}, HalfBits({0x0002, 0x0001}), {2}),
                 {Y({2}, {1, 1})});
  // C-682: bool operands, false < true.
  list.AddExpect("c682_bool_greater_equal", "C-682: bool [F,F,T,T] >= [F,T,F,T] -> [T,F,T,T]",
                 Compare(T::GREATER_EQUAL, DT::kBool, {4}, Ints(DT::kBool, {0, 0, 1, 1}), {4},
                         Ints(DT::kBool, {0, 1, 0, 1}), {4}),
                 {Y({4}, {1, 0, 1, 1})});
  list.AddError("c682_bool_against_int64_unsupported", "C-682: bool compared with int64",
                Compare(T::EQUAL, DT::kBool, {1}, Ints(DT::kBool, {1}), {1}, Ints(DT::kInt64, {1}), {1}, {}, DT::kInt64),
                NNRT_UNSUPPORTED_OP);
  // C-683: quantized operands compare their real values.
  list.AddExpect("c683_quantized_different_scales_real_values",
                 "C-683: int8 s=0.5 [1.0,1.5,-2.0] >= uint8 s=0.25 zp=128 [1.0,1.75,-2.25] -> [T,F,T]",
                 Compare(T::GREATER_EQUAL, DT::kInt8, {3}, Ints(DT::kInt8, {2, 3, -4}), {3},
                         Ints(DT::kUint8, {132, 135, 119}), {3}, {QP(0.5, 0)}, DT::kUint8, {QP(0.25, 128)}),
                 {Y({3}, {1, 0, 1})});
  list.AddExpect("c683_quantized_equal_reals_different_codes", "C-683: codes 2 (s=0.5) and 132 (s=0.25, zp=128) are equal",
                 Compare(T::EQUAL, DT::kInt8, {2}, Ints(DT::kInt8, {2, -4}), {2}, Ints(DT::kUint8, {132, 121}), {2},
                         {QP(0.5, 0)}, DT::kUint8, {QP(0.25, 128)}),
                 {Y({2}, {1, 0})});
  // C-684: numpy broadcasting (LESS XTS model 2), incompatible dims rejected (XTS model 3).
  list.AddExpect("c684_less_catalog_model2_broadcast", "C-684: ops_catalog #61 XTS model 2: [3] < [3,1] -> [3,3]",
                 Compare(T::LESS, f32, {3}, Values(f32, {1, 2, 3}), {3, 1}, Values(f32, {1, 2, 3}), {3, 3}),
                 {Y({3, 3}, {0, 0, 0, 1, 0, 0, 1, 1, 0})});
  list.AddExpect("c684_not_equal_inner_size1_broadcast", "C-684: [2,1,3] != [2,1] -> [2,2,3]",
                 Compare(T::NOT_EQUAL, DT::kInt32, {2, 1, 3}, Ints(DT::kInt32, {1, 2, 3, 4, 5, 6}), {2, 1},
                         Ints(DT::kInt32, {2, 5}), {2, 2, 3}),
                 {Y({2, 2, 3}, {1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1})});
  list.AddExpect("c684_less_equal_scalar_against_int64_limits", "C-684: scalar 0 <= [[INT64_MIN,-1],[0,INT64_MAX]]",
                 Compare(T::LESS_EQUAL, DT::kInt64, {}, Ints(DT::kInt64, {0}), {2, 2},
                         Ints(DT::kInt64, {min64, -1, 0, max64}), {2, 2}),
                 {Y({2, 2}, {0, 0, 1, 1})});
  list.AddError("c684_equal_catalog_model3_rejected", "C-684: ops_catalog #70 XTS model 3: [3] vs [4] do not broadcast",
                Compare(T::EQUAL, f32, {3}, Values(f32, {1, 2, 3}), {4}, Values(f32, {1, 2, 3, 4}), {3}),
                NNRT_INVALID_MODEL);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(ComparisonCases);

}  // namespace golden
}  // namespace nnrt
