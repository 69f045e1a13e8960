// Golden cases of SELECT (ops_catalog #62) and WHERE (#87); clarifications
// C-359..C-361.
#include <cstdint>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

TestCase Choice(NodeType type, Dims cond_dims, std::vector<int64_t> cond, DT dt, Dims x1_dims, Bytes x1, Dims x2_dims,
                Bytes x2, Dims out, std::vector<QuantParam> q = {}) {
  SingleNodeCase c(type, type == NodeType::SELECT ? "select" : "where");
  c.In("condition", DT::kBool, cond_dims, Ints(DT::kBool, cond))
      .In("x1", dt, x1_dims, std::move(x1), q)
      .In("x2", dt, x2_dims, std::move(x2), q)
      .Out("y", dt, out, q);
  return c.Build();
}

}  // namespace

std::vector<GoldenCase> SelectWhereCases() {
  CaseList list("select_where");
  const DT f32 = DT::kFloat32;
  const NodeType S = NodeType::SELECT, W = NodeType::WHERE;
  list.AddExpect("select_catalog_model2", "ops_catalog #62 XTS model 2: [T,F,F], [1,2,3], [4,5,6] -> [1,5,6]",
                 Choice(S, {3}, {1, 0, 0}, f32, {3}, Values(f32, {1, 2, 3}), {3}, Values(f32, {4, 5, 6}), {3}),
                 {Expect("y", f32, {3}, Values(f32, {1, 5, 6}))});
  list.AddExpect("c360_select_rank1_condition_selects_rows", "C-360: condition [2] picks whole rows of [2,2]",
                 Choice(S, {2}, {0, 1}, f32, {2, 2}, Values(f32, {1, 2, 3, 4}), {2, 2}, Values(f32, {5, 6, 7, 8}),
                        {2, 2}),
                 {Expect("y", f32, {2, 2}, Values(f32, {5, 6, 3, 4}))});
  list.AddError("c360_select_mismatched_dims_rejected", "C-360: XTS model 4, condition [2], x1 [3], x2 [4]",
                Choice(S, {2}, {1, 0}, f32, {3}, Values(f32, {1, 2, 3}), {4}, Values(f32, {4, 5, 6, 7}), {3}),
                NNRT_INVALID_MODEL);
  list.AddExpect("c359_select_int8_codes_copied", "C-359: quantized x1/x2/y with equal params: codes copied",
                 Choice(S, {}, {1}, DT::kInt8, {2}, Ints(DT::kInt8, {-128, 127}), {2}, Ints(DT::kInt8, {0, 1}), {2},
                        {QP(0.25, -3)}),
                 {Expect("y", DT::kInt8, {2}, Ints(DT::kInt8, {-128, 127}))});
  list.AddExpect("where_catalog_model1", "ops_catalog #87 XTS model 1: [T,F,T], [1,2,3], [4,5,6] -> [1,5,3]",
                 Choice(W, {3}, {1, 0, 1}, f32, {3}, Values(f32, {1, 2, 3}), {3}, Values(f32, {4, 5, 6}), {3}),
                 {Expect("y", f32, {3}, Values(f32, {1, 5, 3}))});
  list.AddExpect("where_catalog_model2", "ops_catalog #87 XTS model 2: [F,F,T], x1 [5] (shape [1]), [7,8,9] -> [7,8,5]",
                 Choice(W, {3}, {0, 0, 1}, f32, {1}, Values(f32, {5}), {3}, Values(f32, {7, 8, 9}), {3}),
                 {Expect("y", f32, {3}, Values(f32, {7, 8, 5}))});
  list.AddExpect("c361_where_broadcasts_from_the_right", "C-361: condition [2,1] with x1 [3] and x2 [] -> [2,3]",
                 Choice(W, {2, 1}, {1, 0}, f32, {3}, Values(f32, {1, 2, 3}), {}, Values(f32, {-0.0}), {2, 3}),
                 {Expect("y", f32, {2, 3}, Values(f32, {1, 2, 3, -0.0, -0.0, -0.0}))});
  list.AddExpect("where_float32_nan_payload_carried", "NaN payload 0x7FA00007 and -0 are copied bit for bit",
                 Choice(W, {2}, {1, 0}, f32, {2}, FloatBits({0x7FA00007u, 0}), {2}, FloatBits({0, 0x80000000u}), {2}),
                 {Expect("y", f32, {2}, FloatBits({0x7FA00007u, 0x80000000u}))});
  return list.Take();
}

NNRT_GOLDEN_FAMILY(SelectWhereCases);

}  // namespace golden
}  // namespace nnrt
