// Golden cases of TOPK_FUSION (ops_catalog #53; clarifications C-587..C-590).
#include <cstdint>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

struct TopKSpec {
  DT dt = DT::kFloat32;
  Dims x, y;
  Bytes data;
  int64_t k = 1;
  DT k_type = DT::kInt32;
  Dims k_dims;               // [] or [1]
  bool k_constant = true;
  bool has_axis = true;      // false: the attribute is absent (the builder default 0, C-588)
  int64_t axis = 0;
  bool sorted = true;
  DT index_type = DT::kInt32;
  std::vector<QuantParam> qx, qy;
};

TestCase TopK(const TopKSpec& s) {
  SingleNodeCase c(NodeType::TOPK_FUSION, "topk");
  c.In("x", s.dt, s.x, s.data, s.qx);
  if (s.k_constant) {
    c.Const("k", s.k_type, s.k_dims, Ints(s.k_type, {s.k}));
  } else {
    c.In("k", s.k_type, s.k_dims, Ints(s.k_type, {s.k}));
  }
  c.Out("values", s.dt, s.y, s.qy).Out("indices", s.index_type, s.y);
  c.WithAttr(Attr::Bool("sorted", s.sorted));
  if (s.has_axis) c.WithAttr(Attr::Int64("axis", s.axis));
  return c.Build();
}

TopKSpec F32(Dims x, std::vector<double> v, int64_t k, int64_t axis, Dims y) {
  TopKSpec s;
  s.x = std::move(x);
  s.data = Values(DT::kFloat32, v);
  s.k = k;
  s.axis = axis;
  s.y = std::move(y);
  return s;
}

std::vector<HostTensor> Both(const Dims& y, const std::vector<double>& values, const std::vector<int64_t>& indices,
                              DT index_type = DT::kInt32) {
  return {Expect("values", DT::kFloat32, y, Values(DT::kFloat32, values)),
          Expect("indices", index_type, y, Ints(index_type, indices))};
}

}  // namespace

std::vector<GoldenCase> TopKCases() {
  CaseList list("topk");
  TopKSpec xts = F32({1, 6}, {0, 1, 2, 3, 4, 5}, 2, -1, {1, 2});
  xts.k_type = DT::kInt8;
  list.AddExpect("topk_xts_example_last_axis",
                 "ops_catalog #53 [XTS] TopKModel with axis -1: [[0..5]], int8 k 2 -> values [5,4], indices [5,4]",
                 TopK(xts), Both({1, 2}, {5, 4}, {5, 4}));
  xts.has_axis = false;
  list.AddError("c588_topk_xts_model_default_axis_0_rejected",
                "C-588: the XTS model as written (no axis) gets the builder default 0: k 2 on an axis of 1",
                TopK(xts), NNRT_INVALID_MODEL);
  const std::vector<double> x{1, 5, 3, 9, 2, 9};
  TopKSpec runtime = F32({2, 3}, x, 2, 1, {2, 2});
  runtime.k_constant = false;
  runtime.k_dims = {1};
  list.AddExpect("c587_topk_runtime_k",
                 "C-587: k a run-time int32 [1] = 2 along axis 1 -> [[5,3],[9,9]], [[1,2],[0,2]]", TopK(runtime),
                 Both({2, 2}, {5, 3, 9, 9}, {1, 2, 0, 2}));
  runtime.k = 0;
  list.AddError("c587_topk_runtime_k_zero_rejected", "C-587: a run-time k of 0 fails the run", TopK(runtime),
                NNRT_INVALID_INPUT);
  list.AddError("c587_topk_k_above_extent_rejected", "C-587: a constant k 4 on an axis of 3 is an invalid model",
                TopK(F32({2, 3}, x, 4, 1, {2, 4})), NNRT_INVALID_MODEL);
  list.AddExpect("c588_topk_negative_axis", "C-588: axis -2 of [2,3], k 1 -> the column maxima [9,5,9], rows [1,0,1]",
                 TopK(F32({2, 3}, x, 1, -2, {1, 3})), Both({1, 3}, {9, 5, 9}, {1, 0, 1}));
  TopKSpec ties = F32({4}, {2, 7, 7, 7}, 2, 0, {2});
  ties.index_type = DT::kInt64;
  list.AddExpect("c589_topk_ties_lower_index_first", "C-589: equal values by ascending index; int64 indices",
                 TopK(ties), Both({2}, {7, 7}, {1, 2}, DT::kInt64));
  TopKSpec unsorted = F32({5}, {3, 1, 4, 1, 5}, 4, 0, {4});
  unsorted.sorted = false;
  list.AddExpect("c589_topk_unsorted_smallest_first",
                 "C-589: sorted false: the 4 largest of [3,1,4,1,5] smallest first, the tie by ascending index",
                 TopK(unsorted), Both({4}, {1, 3, 4, 5}, {1, 0, 2, 4}));
  list.AddExpect("c589_topk_nan_above_every_number", "C-589: NaN ranks above +inf, the first NaN first",
                 TopK(F32({4}, {kInf, kNaN, 1, kNaN}, 3, 0, {3})), Both({3}, {kNaN, kNaN, kInf}, {1, 3, 0}));
  TopKSpec q;
  q.dt = DT::kInt8;
  q.x = {3};
  q.data = Ints(DT::kInt8, {-5, 20, 3});
  q.qx = {QP(0.5, -4)};
  q.qy = {QP(0.25, 10)};
  q.k = 2;
  q.y = {2};
  list.AddExpect("c590_topk_int8_values_requantized",
                 "C-590: int8 reals [-0.5, 12, 3.5], k 2: 12 and 3.5 requantized to scale 0.25, zp 10 -> [58, 24]",
                 TopK(q), {Expect("values", DT::kInt8, {2}, Ints(DT::kInt8, {58, 24})),
                           Expect("indices", DT::kInt32, {2}, Ints(DT::kInt32, {1, 2}))});
  return list.Take();
}

NNRT_GOLDEN_FAMILY(TopKCases);

}  // namespace golden
}  // namespace nnrt
