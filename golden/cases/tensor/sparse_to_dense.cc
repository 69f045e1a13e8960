// Golden cases of SPARSE_TO_DENSE (ops_catalog #88: the XTS models, with
// integer indices); clarifications C-621..C-623.
#include <cstdint>
#include <vector>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

// indices int32 [N, r] (constant unless `run_time`), values of `value_dims`,
// sparseShape int64 [r] (constant unless `run_time`).
struct Dense {
  std::vector<int64_t> indices;
  Dims index_dims;
  Dims value_dims;
  std::vector<int64_t> shape;
  bool run_time = false;
};

TestCase SparseToDense(DT dt, const Dense& d, Bytes values, Dims out, std::vector<QuantParam> q = {}) {
  SingleNodeCase c(NodeType::SPARSE_TO_DENSE, "sparse_to_dense");
  const Dims shape_dims = {static_cast<int32_t>(d.shape.size())};
  if (d.run_time) {
    c.In("indices", DT::kInt32, d.index_dims, Ints(DT::kInt32, d.indices));
  } else {
    c.Const("indices", DT::kInt32, d.index_dims, Ints(DT::kInt32, d.indices));
  }
  c.In("values", dt, d.value_dims, std::move(values), q);
  if (d.run_time) {
    c.In("sparse_shape", DT::kInt64, shape_dims, Ints(DT::kInt64, d.shape));
  } else {
    c.Const("sparse_shape", DT::kInt64, shape_dims, Ints(DT::kInt64, d.shape));
  }
  c.Out("y", dt, std::move(out), q);
  return c.Build();
}

void AddCatalogCases(CaseList& list) {
  const DT f32 = DT::kFloat32;
  list.AddExpect("sparse_to_dense_xts_model1", "XTS Model1: indices [[0,0],[1,2]], values [1,2], shape [2,3]",
                 SparseToDense(f32, {{0, 0, 1, 2}, {2, 2}, {2}, {2, 3}}, Values(f32, {1, 2}), {2, 3}),
                 {Expect("y", f32, {2, 3}, Values(f32, {1, 0, 0, 0, 0, 2}))});
  list.AddExpect("sparse_to_dense_xts_model2", "XTS Model2: indices [[0,1],[1,1],[1,2]], values [3,4,5], shape [2,3]",
                 SparseToDense(f32, {{0, 1, 1, 1, 1, 2}, {3, 2}, {3}, {2, 3}}, Values(f32, {3, 4, 5}), {2, 3}),
                 {Expect("y", f32, {2, 3}, Values(f32, {0, 3, 0, 0, 4, 5}))});
  list.AddExpect("sparse_to_dense_xts_model3", "XTS Model3: indices [[1,0],[0,3]], values [9,10], shape [3,4]",
                 SparseToDense(f32, {{1, 0, 0, 3}, {2, 2}, {2}, {3, 4}}, Values(f32, {9, 10}), {3, 4}),
                 {Expect("y", f32, {3, 4}, Values(f32, {0, 0, 0, 10, 9, 0, 0, 0, 0, 0, 0, 0}))});
  list.AddError("c621_xts_model4_one_d_indices_rejected", "C-621: XTS Model4 indices 1-D [0,0,1,2]",
                SparseToDense(f32, {{0, 0, 1, 2}, {4}, {2}, {2, 3}}, Values(f32, {1, 2}), {2, 3}),
                NNRT_INVALID_MODEL);
  list.AddError("c621_xts_model5_values_two_d_rejected", "C-621: XTS Model5 values [1,2]",
                SparseToDense(f32, {{0, 0, 1, 2}, {2, 2}, {1, 2}, {2, 3}}, Values(f32, {1, 2}), {2, 3}),
                NNRT_INVALID_MODEL);
  list.AddError("c621_xts_model6_shape_rank_differs_rejected", "C-621: XTS Model6 sparseShape [2,3,1] with 2-column indices",
                SparseToDense(f32, {{0, 0, 1, 2}, {2, 2}, {2}, {2, 3, 1}}, Values(f32, {1, 2}), {2, 3, 1}),
                NNRT_INVALID_MODEL);
}

void AddClarificationCases(CaseList& list) {
  const DT f32 = DT::kFloat32;
  list.AddExpect("c621_one_value_for_every_index", "C-621: values [] written at both indices of a rank-3 shape",
                 SparseToDense(f32, {{0, 1, 0, 1, 0, 0}, {2, 3}, {}, {2, 2, 1}}, Values(f32, {-2.5}), {2, 2, 1}),
                 {Expect("y", f32, {2, 2, 1}, Values(f32, {0, -2.5, -2.5, 0}))});
  list.AddExpect("c622_later_duplicate_overwrites", "C-622: index [1,1] twice: the later value 3 stays",
                 SparseToDense(f32, {{1, 1, 0, 0, 1, 1}, {3, 2}, {3}, {2, 2}}, Values(f32, {1, 2, 3}), {2, 2}),
                 {Expect("y", f32, {2, 2}, Values(f32, {2, 0, 0, 3}))});
  list.AddError("c622_constant_index_out_of_range_rejected", "C-622: constant index [0,3] in shape [2,3]",
                SparseToDense(f32, {{0, 3}, {1, 2}, {1}, {2, 3}}, Values(f32, {1}), {2, 3}), NNRT_INVALID_MODEL);
  list.AddError("c622_runtime_negative_index_rejected", "C-622: run-time index [-1,0]: INVALID_INPUT from Run",
                SparseToDense(f32, {{-1, 0}, {1, 2}, {1}, {2, 3}, true}, Values(f32, {1}), {2, 3}),
                NNRT_INVALID_INPUT);
  list.AddExpect("c623_int8_zero_fill_is_zero_point", "C-623: unwritten int8 elements hold the zero point -5",
                 SparseToDense(DT::kInt8, {{1}, {1, 1}, {1}, {3}}, Ints(DT::kInt8, {127}), {3}, {QP(0.25, -5)}),
                 {Expect("y", DT::kInt8, {3}, Ints(DT::kInt8, {-5, 127, -5}))});
  list.AddExpect("c623_runtime_shape_dims_from_run", "C-623: run-time sparseShape [2,2]: dims from Run; NaN payload kept",
                 SparseToDense(f32, {{1, 0}, {1, 2}, {1}, {2, 2}, true}, FloatBits({0x7FA00007u}), {2, 2}),
                 {Expect("y", f32, {2, 2}, FloatBits({0, 0, 0x7FA00007u, 0}))});
}

}  // namespace

std::vector<GoldenCase> SparseToDenseCases() {
  CaseList list("sparse_to_dense");
  AddCatalogCases(list);
  AddClarificationCases(list);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(SparseToDenseCases);

}  // namespace golden
}  // namespace nnrt
