// Golden cases of the index-driven data movement family "gather_scatter":
// GATHER (ops_catalog #16), GATHER_ND (#108), SCATTER_ND (#103) and ONE_HOT
// (#23); clarifications C-350..C-358.
#include <cstdint>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

struct GatherIndices {
  DT type;
  Dims dims;
  std::vector<int64_t> values;
  bool constant;
};

TestCase Gather(DT dt, Dims in, Bytes x, GatherIndices idx, int64_t axis, Dims out, std::vector<QuantParam> qx = {},
                std::vector<QuantParam> qy = {}) {
  SingleNodeCase c(NodeType::GATHER, "gather");
  c.In("x", dt, in, std::move(x), qx);
  if (idx.constant) {
    c.Const("indices", idx.type, idx.dims, Ints(idx.type, idx.values));
  } else {
    c.In("indices", idx.type, idx.dims, Ints(idx.type, idx.values));
  }
  c.Const("axis", DT::kInt32, {1}, Ints(DT::kInt32, {axis})).Out("y", dt, out, qy);
  return c.Build();
}

TestCase GatherNd(DT dt, Dims in, Bytes x, GatherIndices idx, Dims out) {
  SingleNodeCase c(NodeType::GATHER_ND, "gather_nd");
  c.In("x", dt, in, std::move(x));
  if (idx.constant) {
    c.Const("indices", idx.type, idx.dims, Ints(idx.type, idx.values));
  } else {
    c.In("indices", idx.type, idx.dims, Ints(idx.type, idx.values));
  }
  c.Out("y", dt, out);
  return c.Build();
}

TestCase ScatterNd(DT dt, GatherIndices idx, Dims upd_dims, Bytes updates, std::vector<int64_t> shape, Dims out,
                   std::vector<QuantParam> q = {}, bool shape_constant = true) {
  SingleNodeCase c(NodeType::SCATTER_ND, "scatter_nd");
  if (idx.constant) {
    c.Const("indices", idx.type, idx.dims, Ints(idx.type, idx.values));
  } else {
    c.In("indices", idx.type, idx.dims, Ints(idx.type, idx.values));
  }
  c.In("updates", dt, upd_dims, std::move(updates), q);
  const Dims shape_dims = {static_cast<int32_t>(shape.size())};
  if (shape_constant) {
    c.Const("shape", idx.type, shape_dims, Ints(idx.type, shape));
  } else {
    c.In("shape", idx.type, shape_dims, Ints(idx.type, shape));
  }
  c.Out("y", dt, out, q);
  return c.Build();
}

TestCase OneHot(GatherIndices idx, int64_t depth, bool depth_constant, DT dt, Bytes on, Bytes off, int64_t axis,
                Dims out, std::vector<QuantParam> q = {}) {
  SingleNodeCase c(NodeType::ONE_HOT, "one_hot");
  c.WithAttr(Attr::Int64("axis", axis));
  if (idx.constant) {
    c.Const("indices", idx.type, idx.dims, Ints(idx.type, idx.values));
  } else {
    c.In("indices", idx.type, idx.dims, Ints(idx.type, idx.values));
  }
  if (depth_constant) {
    c.Const("depth", idx.type, {1}, Ints(idx.type, {depth}));
  } else {
    c.In("depth", idx.type, {1}, Ints(idx.type, {depth}));
  }
  c.Const("on_value", dt, {1}, std::move(on), q).Const("off_value", dt, {1}, std::move(off), q).Out("y", dt, out, q);
  return c.Build();
}

}  // namespace

std::vector<GoldenCase> IndexCases() {
  CaseList list("gather_scatter");
  const DT f32 = DT::kFloat32;
  list.AddExpect("gather_catalog_4x3_axis1", "ops_catalog #16 [UT] shape: x [4,3], indices [2,0] on axis 1 -> [4,2]",
                 Gather(f32, {4, 3}, Values(f32, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}),
                        {DT::kInt32, {2}, {2, 0}, false}, 1, {4, 2}),
                 {Expect("y", f32, {4, 2}, Values(f32, {2, 0, 5, 3, 8, 6, 11, 9}))});
  list.AddExpect("gather_duplicates_matrix_indices", "rank-2 int64 indices with repeats on axis 0: [3,2] -> [2,2,2]",
                 Gather(f32, {3, 2}, Values(f32, {1, 2, 3, 4, 5, 6}), {DT::kInt64, {2, 2}, {2, 2, 0, 1}, true}, 0,
                        {2, 2, 2}),
                 {Expect("y", f32, {2, 2, 2}, Values(f32, {5, 6, 5, 6, 1, 2, 3, 4}))});
  list.AddExpect("c352_negative_axis_from_the_end", "C-352: axis -1 of a [2,3] tensor is axis 1",
                 Gather(f32, {2, 3}, Values(f32, {0, 1, 2, 3, 4, 5}), {DT::kInt32, {1}, {2}, false}, -1, {2, 1}),
                 {Expect("y", f32, {2, 1}, Values(f32, {2, 5}))});
  list.AddExpect("gather_float32_nan_payload_and_negative_zero", "bytes copied: NaN payload 0xFFA00001 and -0 kept",
                 Gather(f32, {3}, FloatBits({0xFFA00001u, 0x80000000u, 0x3F800000u}),
                        {DT::kInt32, {3}, {1, 0, 0}, false}, 0, {3}),
                 {Expect("y", f32, {3}, FloatBits({0x80000000u, 0xFFA00001u, 0xFFA00001u}))});
  list.AddExpect("c350_uint8_quant_params_carried", "C-350: uint8 codes copied with the same (0.5, 128) params",
                 Gather(DT::kUint8, {2, 2}, Ints(DT::kUint8, {0, 128, 200, 255}), {DT::kInt32, {2}, {1, 0}, true}, 0,
                        {2, 2}, {QP(0.5, 128)}, {QP(0.5, 128)}),
                 {Expect("y", DT::kUint8, {2, 2}, Ints(DT::kUint8, {200, 255, 0, 128}))});
  list.AddError("c350_requantizing_gather_unsupported", "C-350: different output quant params",
                Gather(DT::kInt8, {2}, Ints(DT::kInt8, {-1, 1}), {DT::kInt32, {1}, {0}, true}, 0, {1}, {QP(0.5, 0)},
                       {QP(0.25, 0)}),
                NNRT_UNSUPPORTED_OP);
  list.AddError("c351_constant_negative_index_rejected", "C-351: constant index -1 is outside [0, 3): invalid model",
                Gather(f32, {3}, Values(f32, {1, 2, 3}), {DT::kInt32, {1}, {-1}, true}, 0, {1}), NNRT_INVALID_MODEL);
  list.AddError("c351_runtime_index_past_end_rejected", "C-351: run-time index 3 is outside [0, 3): invalid input",
                Gather(f32, {3}, Values(f32, {1, 2, 3}), {DT::kInt64, {2}, {0, 3}, false}, 0, {2}), NNRT_INVALID_INPUT);
  list.AddExpect("gather_bool_scalar_index", "bool data, a rank-0 index removes the axis: [2,2] axis 1 index 1 -> [2]",
                 Gather(DT::kBool, {2, 2}, Ints(DT::kBool, {0, 1, 1, 0}), {DT::kInt32, {}, {1}, true}, 1, {2}),
                 {Expect("y", DT::kBool, {2}, Ints(DT::kBool, {1, 0}))});
  const std::vector<double> nd_x = {-0.1, 0.3, 3.6, 0.4, 0.5, -3.2};
  list.AddExpect("gather_nd_catalog_model1", "ops_catalog #108 XTS model 1: indices [[0,0],[1,1]] -> [-0.1, 0.5]",
                 GatherNd(f32, {2, 3}, Values(f32, nd_x), {DT::kInt32, {2, 2}, {0, 0, 1, 1}, false}, {2}),
                 {Expect("y", f32, {2}, Values(f32, {-0.1, 0.5}))});
  list.AddExpect("gather_nd_catalog_model2", "ops_catalog #108 XTS model 2: indices [[1,0],[1,0]] -> [0.4, 0.4]",
                 GatherNd(f32, {2, 3}, Values(f32, nd_x), {DT::kInt64, {2, 2}, {1, 0, 1, 0}, true}, {2}),
                 {Expect("y", f32, {2}, Values(f32, {0.4, 0.4}))});
  list.AddExpect("gather_nd_short_tuples_select_rows", "tuples of length 1 select rows: [[1],[0]] -> [2,3]",
                 GatherNd(f32, {2, 3}, Values(f32, nd_x), {DT::kInt32, {2, 1}, {1, 0}, false}, {2, 3}),
                 {Expect("y", f32, {2, 3}, Values(f32, {0.4, 0.5, -3.2, -0.1, 0.3, 3.6}))});
  list.AddError("c354_constant_tuple_component_out_of_range", "C-354: component 1 = 3 is outside [0, 3)",
                GatherNd(f32, {2, 3}, Values(f32, nd_x), {DT::kInt32, {1, 2}, {0, 3}, true}, {1}),
                NNRT_INVALID_MODEL);
  list.AddError("c354_runtime_negative_component_rejected", "C-354: run-time component -1 fails the run",
                GatherNd(f32, {2, 3}, Values(f32, nd_x), {DT::kInt32, {1, 2}, {-1, 0}, false}, {1}),
                NNRT_INVALID_INPUT);
  list.AddExpect("scatter_nd_catalog_model1", "ops_catalog #103 XTS model 1: [[0],[2]], [1,3], shape [3] -> [1,0,3]",
                 ScatterNd(f32, {DT::kInt32, {2, 1}, {0, 2}, false}, {2}, Values(f32, {1, 3}), {3}, {3}),
                 {Expect("y", f32, {3}, Values(f32, {1, 0, 3}))});
  list.AddExpect("scatter_nd_catalog_model4", "ops_catalog #103 XTS model 4: shape [2,2,2], y[0,0,1]=10, y[1,1,0]=11",
                 ScatterNd(f32, {DT::kInt64, {2, 3}, {0, 0, 1, 1, 1, 0}, true}, {2}, Values(f32, {10, 11}), {2, 2, 2},
                           {2, 2, 2}),
                 {Expect("y", f32, {2, 2, 2}, Values(f32, {0, 10, 0, 0, 0, 0, 11, 0}))});
  list.AddExpect("c355_later_duplicate_overwrites", "C-355: tuples [1],[1],[1] with updates 5,6,7 -> y[1] = 7",
                 ScatterNd(f32, {DT::kInt32, {3, 1}, {1, 1, 1}, false}, {3}, Values(f32, {5, 6, 7}), {3}, {3}),
                 {Expect("y", f32, {3}, Values(f32, {0, 7, 0}))});
  list.AddExpect("c356_int8_zero_fill_is_zero_point", "C-356: unwritten quantized elements hold the zero point (real 0)",
                 ScatterNd(DT::kInt8, {DT::kInt32, {1, 1}, {2}, true}, {1}, Ints(DT::kInt8, {-7}), {4}, {4},
                           {QP(0.5, 3)}),
                 {Expect("y", DT::kInt8, {4}, Ints(DT::kInt8, {3, 3, -7, 3}))});
  list.AddExpect("c356_runtime_shape_dims_from_run", "C-356: a run-time shape [2,2]: -1 dims at prepare, [2,2] from Run",
                 ScatterNd(f32, {DT::kInt32, {2, 2}, {1, 0, 0, 1}, true}, {2}, Values(f32, {4, 5}), {2, 2}, {2, 2}, {},
                           false),
                 {Expect("y", f32, {2, 2}, Values(f32, {0, 5, 4, 0}))});
  list.AddError("c355_constant_index_out_of_range", "C-355: constant tuple [3] outside shape [3]",
                ScatterNd(f32, {DT::kInt32, {1, 1}, {3}, true}, {1}, Values(f32, {1}), {3}, {3}), NNRT_INVALID_MODEL);
  list.AddExpect("one_hot_catalog_3_by_3", "ops_catalog #23 [UT]: int32 [3] -> float32 [3,3], axis -1",
                 OneHot({DT::kInt32, {3}, {0, 2, 1}, false}, 3, true, f32, Values(f32, {1}), Values(f32, {0}), -1,
                        {3, 3}),
                 {Expect("y", f32, {3, 3}, Values(f32, {1, 0, 0, 0, 0, 1, 0, 1, 0}))});
  list.AddExpect("c357_one_hot_axis0_out_of_range_rows_off", "C-357: axis 0 gives [D, N]; indices -1 and 2 (depth 2) are all off",
                 OneHot({DT::kInt64, {3}, {-1, 1, 2}, false}, 2, true, f32, Values(f32, {7}), Values(f32, {-0.0}), 0,
                        {2, 3}),
                 {Expect("y", f32, {2, 3}, Values(f32, {-0.0, -0.0, -0.0, -0.0, 7, -0.0}))});
  list.AddExpect("c357_one_hot_runtime_depth", "C-357: a run-time depth: dim -1 at prepare, [2,3] from Run",
                 OneHot({DT::kInt32, {2}, {2, 0}, false}, 3, false, DT::kInt32, Ints(DT::kInt32, {1}),
                        Ints(DT::kInt32, {0}), -1, {2, 3}),
                 {Expect("y", DT::kInt32, {2, 3}, Ints(DT::kInt32, {0, 0, 1, 1, 0, 0}))});
  list.AddExpect("c358_one_hot_uint8_codes_copied", "C-358: quantized on/off codes copied with the output params",
                 OneHot({DT::kInt32, {2}, {1, 0}, false}, 2, true, DT::kUint8, Ints(DT::kUint8, {200}),
                        Ints(DT::kUint8, {128}), -1, {2, 2}, {QP(0.5, 128)}),
                 {Expect("y", DT::kUint8, {2, 2}, Ints(DT::kUint8, {128, 200, 200, 128}))});
  return list.Take();
}

NNRT_GOLDEN_FAMILY(IndexCases);

}  // namespace golden
}  // namespace nnrt
