// Golden cases of ARGMAX_FUSION (ops_catalog #54; clarifications C-552..C-554).
#include <cstdint>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

struct ArgMaxSpec {
  DT dt = DT::kFloat32;
  Dims x, y;
  Bytes data;
  int64_t axis = -1, top_k = 1;
  bool keep = false, values = false;
  DT out = DT::kInt32;
  std::vector<QuantParam> qx, qy;
};

TestCase ArgMax(const ArgMaxSpec& s) {
  SingleNodeCase c(NodeType::ARGMAX_FUSION, "argmax");
  c.In("x", s.dt, s.x, s.data, s.qx).Out("y", s.values ? s.dt : s.out, s.y, s.qy);
  c.WithAttr(Attr::Int64("axis", s.axis))
      .WithAttr(Attr::Int64("topK", s.top_k))
      .WithAttr(Attr::Bool("keepDims", s.keep))
      .WithAttr(Attr::Bool("outMaxValue", s.values));
  return c.Build();
}

ArgMaxSpec F32(Dims x, std::vector<double> v, int64_t axis, int64_t top_k, bool keep, Dims y) {
  ArgMaxSpec s;
  s.x = std::move(x);
  s.data = Values(DT::kFloat32, v);
  s.axis = axis;
  s.top_k = top_k;
  s.keep = keep;
  s.y = std::move(y);
  return s;
}

}  // namespace

std::vector<GoldenCase> ArgMaxCases() {
  CaseList list("argmax");
  const std::vector<double> x{1, 5, 3, 9, 2, 9};
  list.AddExpect("argmax_default_last_axis", "ops_catalog #54: axis -1 (default), [[1,5,3],[9,2,9]] -> [1, 0]",
                 ArgMax(F32({2, 3}, x, -1, 1, false, {2})), {Expect("y", DT::kInt32, {2}, Ints(DT::kInt32, {1, 0}))});
  list.AddExpect("c552_argmax_keep_dims_axis_0", "C-552: axis 0 with keepDims -> [1,3] = [1, 0, 1]",
                 ArgMax(F32({2, 3}, x, 0, 1, true, {1, 3})),
                 {Expect("y", DT::kInt32, {1, 3}, Ints(DT::kInt32, {1, 0, 1}))});
  list.AddExpect("c552_argmax_top_k_replaces_the_axis", "C-552: topK 2 along axis 1 -> [2,2] = [[1,2],[0,2]]",
                 ArgMax(F32({2, 3}, x, 1, 2, false, {2, 2})),
                 {Expect("y", DT::kInt32, {2, 2}, Ints(DT::kInt32, {1, 2, 0, 2}))});
  list.AddError("c552_argmax_top_k_above_extent", "C-552: topK 4 on an axis of 3 is invalid",
                ArgMax(F32({2, 3}, x, 1, 4, false, {2, 4})), NNRT_INVALID_MODEL);
  list.AddError("c552_argmax_top_k_zero", "C-552: topK 0 (the catalog's [UT] value) is invalid when run",
                ArgMax(F32({3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9}, 0, 0, false, {3, 3})), NNRT_INVALID_MODEL);
  ArgMaxSpec values = F32({2, 3}, x, 1, 3, false, {2, 3});
  values.values = true;
  list.AddExpect("c553_argmax_out_max_value_sorted", "C-553: outMaxValue, topK 3: the row sorted descending",
                 ArgMax(values), {Expect("y", DT::kFloat32, {2, 3}, Values(DT::kFloat32, {5, 3, 1, 9, 9, 2}))});
  ArgMaxSpec q;
  q.dt = DT::kInt8;
  q.x = {3};
  q.data = Ints(DT::kInt8, {-5, 20, 3});
  q.qx = {QP(0.5, -4)};
  q.values = true;
  q.y = {};
  q.qy = {QP(0.25, 10)};
  list.Add("c553_argmax_int8_value_requantized", "C-553: the int8 maximum (real 12) requantized to scale 0.25, zp 10",
           ArgMax(q));
  ArgMaxSpec i64 = F32({4}, {2, 7, 7, 7}, 0, 2, false, {2});
  i64.out = DT::kInt64;
  list.AddExpect("c554_argmax_ties_lower_index_first", "C-554: ties give the lower index first; int64 indices",
                 ArgMax(i64), {Expect("y", DT::kInt64, {2}, Ints(DT::kInt64, {1, 2}))});
  list.AddExpect("c554_argmax_nan_above_every_number", "C-554: NaN ranks above +inf, the first NaN first",
                 ArgMax(F32({4}, {kInf, kNaN, 1, kNaN}, 0, 3, false, {3})),
                 {Expect("y", DT::kInt32, {3}, Ints(DT::kInt32, {1, 3, 0}))});
  return list.Take();
}

NNRT_GOLDEN_FAMILY(ArgMaxCases);

}  // namespace golden
}  // namespace nnrt
