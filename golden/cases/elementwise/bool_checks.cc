// Golden cases of the bool checks family "bool_checks": ALL (ops_catalog #77,
// the XTS models) and ASSERT (#78, the XTS models in the documents' input
// order); clarifications C-665..C-668.
#include <cstdint>
#include <vector>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

TestCase All(Dims x_dims, std::vector<int64_t> x, Dims axis_dims, std::vector<int64_t> axes, bool axes_constant,
             int64_t keep, Dims out) {
  SingleNodeCase c(NodeType::ALL, "all");
  c.In("x", DT::kBool, std::move(x_dims), Ints(DT::kBool, x));
  if (axes_constant) {
    c.Const("axis", DT::kInt64, std::move(axis_dims), Ints(DT::kInt64, axes));
  } else {
    c.In("axis", DT::kInt64, std::move(axis_dims), Ints(DT::kInt64, axes));
  }
  c.WithAttr(Attr::Int64("keepDims", keep)).Out("y", DT::kBool, std::move(out));
  return c.Build();
}

void AddAllCases(CaseList& list) {
  const DT b = DT::kBool;
  list.AddExpect("all_catalog_model2", "ops_catalog #77 XTS model 2: [[T,F,T],[T,T,T]], axis [1], keepDims 1 -> "
                 "[[F],[T]]",
                 All({2, 3}, {1, 0, 1, 1, 1, 1}, {1}, {1}, true, 1, {2, 1}), {Expect("y", b, {2, 1}, Ints(b, {0, 1}))});
  list.AddExpect("all_catalog_model1_runtime_every_axis", "ops_catalog #77 XTS model 1: [[T,T],[T,F]], run-time axes "
                 "[0,1], keepDims 0 -> F",
                 All({2, 2}, {1, 1, 1, 0}, {2}, {0, 1}, false, 0, {}), {Expect("y", b, {}, Ints(b, {0}))});
  list.AddExpect("all_catalog_model3_every_axis_kept", "ops_catalog #77 XTS model 3: [2,2,2] all T, every axis, "
                 "keepDims 1 -> [1,1,1] T",
                 All({2, 2, 2}, std::vector<int64_t>(8, 1), {3}, {0, 1, 2}, true, 1, {1, 1, 1}),
                 {Expect("y", b, {1, 1, 1}, Ints(b, {1}))});
  list.AddError("c665_all_keep_dims_two_rejected", "C-665: keepDims 2 is neither 0 nor 1",
                All({2}, {1, 1}, {1}, {0}, true, 2, {1}), NNRT_INVALID_MODEL);
  list.AddExpect("c665_all_runtime_scalar_axis_kept", "C-665: a run-time scalar axis -1 with keepDims: -1 dims at "
                 "prepare, [2,1] from Run",
                 All({2, 2}, {1, 1, 0, 1}, {}, {-1}, false, 1, {2, 1}), {Expect("y", b, {2, 1}, Ints(b, {1, 0}))});
  list.AddExpect("c666_all_is_a_reduction", "C-666: ALL reduces (not an element-wise test): [[T,F],[T,T]] over "
                 "axis 0 -> [T,F]",
                 All({2, 2}, {1, 0, 1, 1}, {1}, {0}, true, 0, {2}), {Expect("y", b, {2}, Ints(b, {1, 0}))});
}

TestCase Assert(std::vector<int64_t> condition, bool condition_constant, DT dt, Dims dims, Bytes data,
                int64_t summarize) {
  SingleNodeCase c(NodeType::ASSERT, "assert");
  if (condition_constant) {
    c.Const("condition", DT::kBool, {1}, Ints(DT::kBool, condition));
  } else {
    c.In("condition", DT::kBool, {1}, Ints(DT::kBool, condition));
  }
  c.In("data", dt, dims, std::move(data)).WithAttr(Attr::Int64("summarize", summarize)).Out("y", dt, dims);
  return c.Build();
}

void AddAssertCases(CaseList& list) {
  const DT i64 = DT::kInt64;
  list.AddError("assert_catalog_model1_false_fails_the_run", "ops_catalog #78 XTS model 1 (condition first): false "
                "-> Run fails (NNRT_INVALID_INPUT), the message lists 1, 2, 3",
                Assert({0}, false, i64, {2, 3}, Ints(i64, {1, 2, 3, 4, 5, 6}), 3), NNRT_INVALID_INPUT);
  list.AddExpect("assert_catalog_model2_true_passes_data", "ops_catalog #78 XTS model 2: true -> y = data",
                 Assert({1}, false, i64, {2, 3}, Ints(i64, {7, 8, 9, 10, 11, 12}), 2),
                 {Expect("y", i64, {2, 3}, Ints(i64, {7, 8, 9, 10, 11, 12}))});
  SingleNodeCase xts_order(NodeType::ASSERT, "assert");
  xts_order.In("data", i64, {2}, Ints(i64, {1, 2})).In("condition", DT::kBool, {1}, Ints(DT::kBool, {1}));
  xts_order.Out("y", i64, {2});
  list.AddError("c667_assert_xts_data_first_rejected", "C-667: the XTS order (data, condition) gives an int64 "
                "condition", xts_order.Build(), NNRT_INVALID_MODEL);
  list.AddError("c668_assert_constant_false_fails_at_run", "C-668: a constant false condition prepares and fails Run",
                Assert({0}, true, DT::kFloat32, {2}, Values(DT::kFloat32, {1, 2}), 0), NNRT_INVALID_INPUT);
  list.AddExpect("c668_assert_true_copies_nan_payload", "C-668: a true condition copies data bit for bit",
                 Assert({1}, true, DT::kFloat32, {2}, FloatBits({0x7FA00007u, 0x80000000u}), 1),
                 {Expect("y", DT::kFloat32, {2}, FloatBits({0x7FA00007u, 0x80000000u}))});
}

}  // namespace

std::vector<GoldenCase> BoolCheckCases() {
  CaseList list("bool_checks");
  AddAllCases(list);
  AddAssertCases(list);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(BoolCheckCases);

}  // namespace golden
}  // namespace nnrt
