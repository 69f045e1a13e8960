// Golden cases of REDUCE_FUSION (ops_catalog #42, 50, 51, 99, 100, 101, 106;
// clarifications C-545..C-551). The axis is a constant input.
#include <cmath>
#include <cstdint>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

// HDI ReduceMode.
constexpr int8_t kMean = 0, kMax = 1, kMin = 2, kProd = 3, kSum = 4, kSumSquare = 5, kAsum = 6, kAll = 7, kL2 = 8;

struct ReduceSpec {
  DT dt = DT::kFloat32;
  Dims x, y;
  Bytes data;
  std::vector<int64_t> axes;
  bool scalar_axis = false;
  int8_t mode = kSum;
  bool keep = false, to_end = false;
  float coeff = 0.0f;
  std::vector<QuantParam> qx, qy;
  DT out = DT::kUnknown;
};

TestCase Reduce(const ReduceSpec& s) {
  SingleNodeCase c(NodeType::REDUCE_FUSION, "reduce");
  const Dims axis_dims = s.scalar_axis ? Dims{} : Dims{static_cast<int32_t>(s.axes.size())};
  c.In("x", s.dt, s.x, s.data, s.qx)
      .Const("axis", DT::kInt64, axis_dims, Ints(DT::kInt64, s.axes))
      .Out("y", s.out == DT::kUnknown ? s.dt : s.out, s.y, s.qy);
  c.WithAttr(Attr::Bool("keepDims", s.keep))
      .WithAttr(Attr::Int8("mode", s.mode))
      .WithAttr(Attr::Bool("reduceToEnd", s.to_end))
      .WithAttr(Attr::Float("coeff", s.coeff));
  return c.Build();
}

ReduceSpec F32(Dims x, std::vector<double> v, std::vector<int64_t> axes, int8_t mode, bool keep, Dims y) {
  ReduceSpec s;
  s.x = std::move(x);
  s.data = Values(DT::kFloat32, v);
  s.axes = std::move(axes);
  s.mode = mode;
  s.keep = keep;
  s.y = std::move(y);
  return s;
}

void CatalogCases(CaseList* list) {
  const DT f32 = DT::kFloat32;
  const std::vector<double> a{1, 2, 3, 4, 0, 6}, b{7, 8, 3, 4, 5, 1}, s{1, 2, 3, 4, 5, 6};
  list->AddExpect("reduce_max_catalog_model1", "ops_catalog #99 XTS 1: [[1,2,3],[4,0,6]] axis 0 -> [4,2,6]",
                  Reduce(F32({2, 3}, a, {0}, kMax, false, {3})), {Expect("y", f32, {3}, Values(f32, {4, 2, 6}))});
  list->AddExpect("reduce_max_catalog_model3", "ops_catalog #99 XTS 3: [[7,8],[3,4],[5,1]] axis -1 -> [8,4,5]",
                  Reduce(F32({3, 2}, b, {-1}, kMax, false, {3})), {Expect("y", f32, {3}, Values(f32, {8, 4, 5}))});
  list->AddExpect("reduce_max_catalog_model4", "ops_catalog #99 XTS 4: axis [0,1] keepDims -> [[6]]",
                  Reduce(F32({2, 3}, a, {0, 1}, kMax, true, {1, 1})), {Expect("y", f32, {1, 1}, Values(f32, {6}))});
  list->AddExpect("reduce_min_catalog_model2", "ops_catalog #100 XTS 2: axis 1 keepDims -> [[1],[0]]",
                  Reduce(F32({2, 3}, a, {1}, kMin, true, {2, 1})), {Expect("y", f32, {2, 1}, Values(f32, {1, 0}))});
  list->AddExpect("reduce_sum_catalog_model1", "ops_catalog #101 XTS 1: axis 0 keepDims -> [[5,7,9]]",
                  Reduce(F32({2, 3}, s, {0}, kSum, true, {1, 3})), {Expect("y", f32, {1, 3}, Values(f32, {5, 7, 9}))});
  list->AddExpect("reduce_sum_catalog_model2", "ops_catalog #101 XTS 2: axis 1 -> [6,15]",
                  Reduce(F32({2, 3}, s, {1}, kSum, false, {2})), {Expect("y", f32, {2}, Values(f32, {6, 15}))});
  ReduceSpec l2 = F32({2, 2}, {1, 2, 3, 4}, {0}, kL2, false, {2});
  l2.coeff = 1;
  list->Add("reduce_l2_catalog_model1", "ops_catalog #106 XTS 1: axis 0 -> [3.162278, 4.472136]", Reduce(l2));
  ReduceSpec l2c = F32({2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8}, {0, 1}, kL2, false, {2});
  l2c.coeff = 1;
  list->Add("reduce_l2_catalog_model3", "ops_catalog #106 XTS 3: axis [0,1] -> [9.165151, 10.954451]", Reduce(l2c));
  l2c.to_end = true;
  l2c.coeff = 2;
  l2c.y = {};
  list->Add("reduce_l2_catalog_model5", "ops_catalog #106 XTS 5: reduceToEnd from axis 0, coeff 2 -> 28.565714",
            Reduce(l2c));
  ReduceSpec all;
  all.dt = DT::kBool;
  all.x = {2, 3};
  all.data = Ints(DT::kBool, {1, 0, 1, 1, 1, 1});
  all.axes = {1};
  all.mode = kAll;
  all.keep = true;
  all.y = {2, 1};
  list->AddExpect("reduce_all_catalog_model2", "ops_catalog #51 XTS 2: [[T,F,T],[T,T,T]] axis [1] keep -> [[F],[T]]",
                  Reduce(all), {Expect("y", DT::kBool, {2, 1}, Ints(DT::kBool, {0, 1}))});
}

void ClarificationCases(CaseList* list) {
  const DT f32 = DT::kFloat32;
  const std::vector<double> s{1, 2, 3, 4, 5, 6};
  list->AddExpect("c545_reduce_negative_and_duplicate_axes", "C-545: axes [1, -1, 1] of rank 2 are axis 1",
                  Reduce(F32({2, 3}, s, {1, -1, 1}, kSum, false, {2})), {Expect("y", f32, {2}, Values(f32, {6, 15}))});
  ReduceSpec scalar = F32({2, 3}, s, {0}, kMean, false, {3});
  scalar.scalar_axis = true;
  list->AddExpect("c545_reduce_scalar_axis", "C-545: a rank-0 axis tensor is one axis", Reduce(scalar),
                  {Expect("y", f32, {3}, Values(f32, {2.5, 3.5, 4.5}))});
  list->AddError("c545_reduce_axis_out_of_range", "C-545: axis 2 of a rank-2 input is invalid",
                 Reduce(F32({2, 3}, s, {2}, kSum, false, {2})), NNRT_INVALID_MODEL);
  std::vector<double> iota(24);
  for (int i = 0; i < 24; ++i) iota[static_cast<size_t>(i)] = i;
  ReduceSpec to_end = F32({2, 3, 4}, iota, {2, 1}, kMax, true, {2, 1, 1});
  to_end.to_end = true;
  list->AddExpect("c546_reduce_to_end_from_smallest_axis", "C-546: axes [2, 1] with reduceToEnd reduce axes 1..2",
                  Reduce(to_end), {Expect("y", f32, {2, 1, 1}, Values(f32, {11, 23}))});
  ReduceSpec zero = F32({2, 2}, {1, 2, 3, 4}, {1}, kSum, false, {2});
  zero.to_end = true;
  list->AddExpect("c547_reduce_coeff_zero_means_unscaled", "C-547: reduceToEnd with coeff 0 (the default): sums",
                  Reduce(zero), {Expect("y", f32, {2}, Values(f32, {3, 7}))});
  ReduceSpec three = F32({2, 2}, {1, 2, 3, 4}, {1}, kSum, false, {2});
  three.coeff = 3;
  list->AddExpect("c547_reduce_coeff_needs_reduce_to_end", "C-547: coeff 3 without reduceToEnd is not applied",
                  Reduce(three), {Expect("y", f32, {2}, Values(f32, {3, 7}))});
  three.to_end = true;
  three.mode = kMean;
  list->AddExpect("c547_reduce_mean_coeff_applied", "C-547: MEAN with reduceToEnd and coeff 3: [4.5, 10.5]",
                  Reduce(three), {Expect("y", f32, {2}, Values(f32, {4.5, 10.5}))});
  ReduceSpec i32;
  i32.dt = DT::kInt32;
  i32.x = {2, 2};
  i32.data = Ints(DT::kInt32, {2147483647, 1, -3, -4});
  i32.axes = {-1};
  i32.y = {2};
  list->AddExpect("c548_reduce_int32_sum_wraps", "C-548: int32 SUM wraps: [INT32_MAX + 1, -7]", Reduce(i32),
                  {Expect("y", DT::kInt32, {2}, Ints(DT::kInt32, {-2147483648LL, -7}))});
  i32.mode = kMean;
  list->AddError("c548_reduce_int32_mean_unsupported", "C-548: MEAN on plain int32 is unsupported", Reduce(i32),
                 NNRT_UNSUPPORTED_OP);
  list->AddExpect("c549_reduce_all_axes_scalar_output", "C-549: every axis reduced without keepDims: rank 0",
                  Reduce(F32({2, 3}, s, {0, 1}, kProd, false, {})), {Expect("y", f32, {}, Values(f32, {720}))});
  list->Add("c550_reduce_max_min_nan_and_inf", "C-550: NaN propagates through MAX; +-inf are ordinary",
            Reduce(F32({2, 3}, {1, kNaN, 2, -kInf, kInf, 3}, {1}, kMax, false, {2})));
  list->AddExpect("c550_reduce_sum_in_double", "C-550: 1 + 2^-30 - 1 summed in binary64 keeps 2^-30",
                  Reduce(F32({3}, {1, std::ldexp(1.0, -30), -1}, {0}, kSum, false, {})),
                  {Expect("y", f32, {}, Values(f32, {std::ldexp(1.0, -30)}))});
  list->Add("reduce_square_modes_float16", "SUM_SQUARE, ASUM and L2 shapes in float16",
            [] {
              ReduceSpec h = F32({2, 3}, {}, {1}, kSumSquare, true, {2, 1});
              h.dt = DT::kFloat16;
              h.data = Values(DT::kFloat16, {0.5, -2, 3, 100, -200, 0.125});
              return Reduce(h);
            }());
  ReduceSpec q;
  q.dt = DT::kInt8;
  q.x = {2, 2};
  q.data = Ints(DT::kInt8, {3, 5, -7, 2});
  q.qx = {QP(0.5, 1)};
  q.axes = {0};
  q.mode = kMean;
  q.y = {2};
  q.qy = {QP(0.25, 100)};
  q.out = DT::kUint8;
  list->AddExpect("c551_reduce_int8_mean_requantized", "C-551: DQ [1, 2, -4, 0.5], mean [-1.5, 1.25] -> [94, 105]",
                  Reduce(q), {Expect("y", DT::kUint8, {2}, Ints(DT::kUint8, {94, 105}))});
  q.mode = kAsum;
  q.axes = {0, 1};
  q.keep = true;
  q.y = {1, 1};
  list->Add("c551_reduce_int8_asum_all_axes", "C-551: ASUM of the four dequantized values: 7.5", Reduce(q));
}

}  // namespace

std::vector<GoldenCase> ReduceCases() {
  CaseList list("reduce");
  CatalogCases(&list);
  ClarificationCases(&list);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(ReduceCases);

}  // namespace golden
}  // namespace nnrt
