// Golden cases of LOGICAL_AND, LOGICAL_OR, LOGICAL_NOT (ops_catalog #81, #89,
// #82): the XTS models with the values the catalogue derives, and one case per
// clarification C-686, C-687.
#include <cstdint>
#include <limits>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;
using T = NodeType;

TestCase Logic2(NodeType op, DT ta, Dims da, Bytes a, DT tb, Dims db, Bytes b, Dims dy) {
  SingleNodeCase c(op, op == T::LOGICAL_AND ? "logical_and" : "logical_or");
  c.In("x1", ta, da, std::move(a)).In("x2", tb, db, std::move(b)).Out("y", DT::kBool, dy);
  return c.Build();
}

TestCase Not(DT t, Dims d, Bytes x) {
  SingleNodeCase c(T::LOGICAL_NOT, "logical_not");
  c.In("x", t, d, std::move(x)).Out("y", DT::kBool, d);
  return c.Build();
}

HostTensor Y(Dims dims, std::vector<int64_t> bools) { return Expect("y", DT::kBool, dims, Ints(DT::kBool, bools)); }

Bytes B(std::vector<int64_t> v) { return Ints(DT::kBool, v); }

}  // namespace

std::vector<GoldenCase> LogicalCases() {
  CaseList list("logical");
  const DT b = DT::kBool, i64 = DT::kInt64, i32 = DT::kInt32;
  const T AND = T::LOGICAL_AND, OR = T::LOGICAL_OR;
  list.AddExpect("and_catalog_model1_int64", "ops_catalog #81 XTS model 1: int64 [1,0,1] AND [0,1,1] -> [F,F,T]",
                 Logic2(AND, i64, {3}, Ints(i64, {1, 0, 1}), i64, {3}, Ints(i64, {0, 1, 1}), {3}), {Y({3}, {0, 0, 1})});
  list.AddExpect("and_catalog_model2_int64_with_bool", "ops_catalog #81 XTS model 2: int64 [1,0,1] AND bool [F] -> [F,F,F]",
                 Logic2(AND, i64, {3}, Ints(i64, {1, 0, 1}), b, {1}, B({0}), {3}), {Y({3}, {0, 0, 0})});
  list.AddExpect("and_catalog_model3", "ops_catalog #81 XTS model 3: [T,F] AND [T] -> [T,F]",
                 Logic2(AND, b, {2}, B({1, 0}), b, {1}, B({1}), {2}), {Y({2}, {1, 0})});
  list.AddExpect("and_catalog_model5", "ops_catalog #81 XTS model 5: [T,F,T] AND [F,F,T] -> [F,F,T]",
                 Logic2(AND, b, {3}, B({1, 0, 1}), b, {3}, B({0, 0, 1}), {3}), {Y({3}, {0, 0, 1})});
  list.AddExpect("or_catalog_model1", "ops_catalog #89 XTS model 1: [T,F,T] OR [F,F,T] -> [T,F,T]",
                 Logic2(OR, b, {3}, B({1, 0, 1}), b, {3}, B({0, 0, 1}), {3}), {Y({3}, {1, 0, 1})});
  list.AddExpect("or_catalog_model2_int64", "ops_catalog #89 XTS model 2: int64 [0,1,0] OR [1,0,1] -> [T,T,T]",
                 Logic2(OR, i64, {3}, Ints(i64, {0, 1, 0}), i64, {3}, Ints(i64, {1, 0, 1}), {3}), {Y({3}, {1, 1, 1})});
  list.AddExpect("not_catalog_model1_int64", "ops_catalog #82 XTS model 1: NOT int64 [1,0,1] -> [F,T,F]",
                 Not(i64, {3}, Ints(i64, {1, 0, 1})), {Y({3}, {0, 1, 0})});
  list.AddExpect("not_catalog_model4", "ops_catalog #82 XTS model 4: NOT [T,F] -> [F,T]", Not(b, {2}, B({1, 0})),
                 {Y({2}, {0, 1})});
  list.AddExpect("not_catalog_model5", "ops_catalog #82 XTS model 5: NOT [F,F,T] -> [T,T,F]", Not(b, {3}, B({0, 0, 1})),
                 {Y({3}, {1, 1, 0})});
  // C-686: non-zero is true (not bitwise), float operands unsupported.
  const int64_t min32 = std::numeric_limits<int32_t>::min();
  list.AddExpect("c686_integers_nonzero_is_true", "C-686: int32 [2,INT_MIN,-1,0] AND [1,1,256,5] -> [T,T,T,F]",
                 Logic2(AND, i32, {4}, Ints(i32, {2, min32, -1, 0}), i32, {4}, Ints(i32, {1, 1, 256, 5}), {4}),
                 {Y({4}, {1, 1, 1, 0})});
  list.AddExpect("c686_not_int32_nonzero", "C-686: NOT int32 [256, 0, -7] -> [F, T, F]",
                 Not(i32, {3}, Ints(i32, {256, 0, -7})), {Y({3}, {0, 1, 0})});
  list.AddError("c686_float_operand_rejected", "C-686: a float32 operand of LOGICAL_OR is unsupported",
                Logic2(OR, DT::kFloat32, {1}, Values(DT::kFloat32, {1}), b, {1}, B({1}), {1}), NNRT_UNSUPPORTED_OP);
  // C-687: numpy broadcasting; incompatible dims rejected.
  list.AddExpect("c687_or_broadcasts_from_the_right", "C-687: [2,1] OR [3] -> [2,3]",
                 Logic2(OR, b, {2, 1}, B({1, 0}), b, {3}, B({0, 1, 0}), {2, 3}), {Y({2, 3}, {1, 1, 1, 0, 1, 0})});
  list.AddError("c687_and_incompatible_rejected", "C-687: [2] AND [3] do not broadcast",
                Logic2(AND, b, {2}, B({1, 0}), b, {3}, B({1, 0, 1}), {2}), NNRT_INVALID_MODEL);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(LogicalCases);

}  // namespace golden
}  // namespace nnrt
