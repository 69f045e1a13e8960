// Golden cases of the axis-driven data movement family: TRANSPOSE (ops_catalog
// #41), CONCAT (#7), SPLIT (#32), STACK (#36), UNSTACK (#57), FLATTEN (#64),
// SQUEEZE (#35), UNSQUEEZE (#55), EXPAND_DIMS (#13), SHAPE (#27), RANK (#98),
// BROADCAST_TO (#69), TILE_FUSION (#40); clarifications C-600..C-614. Every expected output is written by hand.
#include <cstdint>
#include <string>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;
const DT f32 = DT::kFloat32;

TestCase Transpose(DT dt, Dims x_dims, Bytes x, std::vector<int64_t> perm, Dims out, std::vector<QuantParam> q = {}) {
  SingleNodeCase c(NodeType::TRANSPOSE, "transpose");
  c.In("x", dt, x_dims, std::move(x), q)
      .Const("perm", DT::kInt32, {static_cast<int32_t>(perm.size())}, Ints(DT::kInt32, perm))
      .Out("y", dt, out, q);
  return c.Build();
}

// A node with attributes over inputs x0, x1, ... and outputs y0, y1, ....
TestCase Node(NodeType type, const char* model, std::vector<Attr> attrs, DT dt, std::vector<Dims> in,
              std::vector<Bytes> data, std::vector<Dims> out, std::vector<QuantParam> q = {},
              std::vector<QuantParam> q_out = {}) {
  SingleNodeCase c(type, model);
  for (Attr& a : attrs) c.WithAttr(std::move(a));
  for (size_t i = 0; i < in.size(); ++i) c.In("x" + std::to_string(i), dt, in[i], std::move(data[i]), q);
  for (size_t i = 0; i < out.size(); ++i) c.Out("y" + std::to_string(i), dt, out[i], q_out.empty() ? q : q_out);
  return c.Build();
}

TestCase ExpandDims(Dims x_dims, Bytes x, DT axis_type, int64_t axis, Dims out) {
  SingleNodeCase c(NodeType::EXPAND_DIMS, "expand_dims");
  c.In("x", f32, x_dims, std::move(x)).Const("axis", axis_type, {}, Ints(axis_type, {axis})).Out("y", f32, out);
  return c.Build();
}

TestCase ShapeRank(NodeType type, DT dt, Dims x_dims, DT out_type, Dims out, std::vector<QuantParam> q = {}) {
  SingleNodeCase c(type, type == NodeType::SHAPE ? "shape" : "rank");
  c.In("x", dt, x_dims, Values(dt, std::vector<double>(Count(x_dims), 1)), q).Out("y", out_type, out);
  return c.Build();
}

void TransposeCases(CaseList& list) {
  list.AddExpect("transpose_catalog_2x3", "ops_catalog #41 [UT] shape: [2,3] perm [1,0] -> [3,2]",
                 Transpose(f32, {2, 3}, Values(f32, {1, 2, 3, 4, 5, 6}), {1, 0}, {3, 2}),
                 {Expect("y", f32, {3, 2}, Values(f32, {1, 4, 2, 5, 3, 6}))});
  list.AddExpect("c601_transpose_three_cycle", "C-601: [1,2,3] perm [2,0,1] -> [3,1,2], y[k,0,j] = x[0,j,k]",
                 Transpose(DT::kFloat16, {1, 2, 3}, Values(DT::kFloat16, {0, 1, 2, 3, 4, 5}), {2, 0, 1}, {3, 1, 2}),
                 {Expect("y", DT::kFloat16, {3, 1, 2}, Values(DT::kFloat16, {0, 3, 1, 4, 2, 5}))});
  list.AddError("c601_transpose_repeated_axis_rejected", "C-601: a constant perm [0,0] is not a permutation",
                Transpose(f32, {2, 2}, Values(f32, {1, 2, 3, 4}), {0, 0}, {2, 2}), NNRT_INVALID_MODEL);
  list.AddError("c601_transpose_negative_perm_rejected", "C-601: perm values are not counted from the end",
                Transpose(f32, {2, 2}, Values(f32, {1, 2, 3, 4}), {-1, 0}, {2, 2}), NNRT_INVALID_MODEL);
  list.AddExpect("c600_transpose_int8_codes_copied", "C-600: int8 codes with equal params are copied",
                 Transpose(DT::kInt8, {2, 2}, Ints(DT::kInt8, {-128, 127, 0, -1}), {1, 0}, {2, 2}, {QP(0.5, -3)}),
                 {Expect("y", DT::kInt8, {2, 2}, Ints(DT::kInt8, {-128, 0, 127, -1}))});
  list.AddExpect("transpose_float32_nan_payload_carried", "NaN payload 0x7FA00007 and -0 copied bit for bit",
                 Transpose(f32, {2, 1}, FloatBits({0x7FA00007u, 0x80000000u}), {1, 0}, {1, 2}),
                 {Expect("y", f32, {1, 2}, FloatBits({0x7FA00007u, 0x80000000u}))});
}

void ConcatSplitCases(CaseList& list) {
  const NodeType C = NodeType::CONCAT, S = NodeType::SPLIT;
  list.AddExpect("concat_catalog_two_3x3_axis0", "ops_catalog #7 [UT]: two [3,3] along axis 0 -> [6,3]",
                 Node(C, "concat", {Attr::Int64("axis", 0)}, f32, {{3, 3}, {3, 3}},
                      {Values(f32, {1, 2, 3, 4, 5, 6, 7, 8, 9}), Values(f32, {-1, -2, -3, -4, -5, -6, -7, -8, -9})},
                      {{6, 3}}),
                 {Expect("y0", f32, {6, 3},
                         Values(f32, {1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -2, -3, -4, -5, -6, -7, -8, -9}))});
  list.AddExpect("c602_concat_negative_axis", "C-602: [2,2] and [2,1] along axis -1 -> [2,3]",
                 Node(C, "concat", {Attr::Int64("axis", -1)}, f32, {{2, 2}, {2, 1}},
                      {Values(f32, {1, 2, 3, 4}), Values(f32, {5, -0.0})}, {{2, 3}}),
                 {Expect("y0", f32, {2, 3}, Values(f32, {1, 2, 5, 3, 4, -0.0}))});
  list.AddError("c602_concat_mismatched_dims_rejected", "C-602: [1,2] and [1,3] along axis 0",
                Node(C, "concat", {Attr::Int64("axis", 0)}, f32, {{1, 2}, {1, 3}},
                     {Values(f32, {1, 2}), Values(f32, {1, 2, 3})}, {{2, 2}}),
                NNRT_INVALID_MODEL);
  list.AddError("c600_concat_requantization_unsupported", "C-600: output params differ from the inputs'",
                Node(C, "concat", {Attr::Int64("axis", 0)}, DT::kUint8, {{2}, {1}},
                     {Ints(DT::kUint8, {0, 255}), Ints(DT::kUint8, {7})}, {{3}}, {QP(0.5, 128)}, {QP(1.0, 128)}),
                NNRT_UNSUPPORTED_OP);
  list.AddExpect("concat_uint8_three_inputs_axis1", "C-600: uint8 codes joined along axis 1 of [1,k,2]",
                 Node(C, "concat", {Attr::Int64("axis", 1)}, DT::kUint8, {{1, 1, 2}, {1, 2, 2}, {1, 1, 2}},
                      {Ints(DT::kUint8, {0, 1}), Ints(DT::kUint8, {2, 3, 4, 5}), Ints(DT::kUint8, {254, 255})},
                      {{1, 4, 2}}, {QP(0.25, 128)}),
                 {Expect("y0", DT::kUint8, {1, 4, 2}, Ints(DT::kUint8, {0, 1, 2, 3, 4, 5, 254, 255}))});
  list.AddExpect("c603_split_catalog_zero_sizes_equal",
                 "ops_catalog #32 [UT]: [2,4], outputNum 2, sizeSplits [0,0] = equal pieces, axis 0",
                 Node(S, "split",
                      {Attr::Int64("outputNum", 2), Attr::Int64s("sizeSplits", {0, 0}), Attr::Int64("axis", 0)}, f32,
                      {{2, 4}}, {Values(f32, {1, 2, 3, 4, 5, 6, 7, 8})}, {{1, 4}, {1, 4}}),
                 {Expect("y0", f32, {1, 4}, Values(f32, {1, 2, 3, 4})),
                  Expect("y1", f32, {1, 4}, Values(f32, {5, 6, 7, 8}))});
  list.AddExpect("c603_split_minus_one_takes_the_rest", "C-603: sizeSplits [1,-1] along axis -1 of [2,4]",
                 Node(S, "split", {Attr::Int64s("sizeSplits", {1, -1}), Attr::Int64("axis", -1)}, DT::kInt32,
                      {{2, 4}}, {Ints(DT::kInt32, {1, 2, 3, 4, 5, 6, 7, 8})}, {{2, 1}, {2, 3}}),
                 {Expect("y0", DT::kInt32, {2, 1}, Ints(DT::kInt32, {1, 5})),
                  Expect("y1", DT::kInt32, {2, 3}, Ints(DT::kInt32, {2, 3, 4, 6, 7, 8}))});
  list.AddError("c603_split_sizes_not_adding_up_rejected", "C-603: sizeSplits [1,2] for an axis of length 4",
                Node(S, "split", {Attr::Int64s("sizeSplits", {1, 2}), Attr::Int64("axis", 1)}, f32, {{2, 4}},
                     {Values(f32, {1, 2, 3, 4, 5, 6, 7, 8})}, {{2, 1}, {2, 2}}),
                NNRT_INVALID_MODEL);
  list.AddExpect("split_int64_three_pieces_axis1", "sizeSplits [1,2,1] along axis 1 of int64 [1,4]",
                 Node(S, "split", {Attr::Int64("outputNum", 3), Attr::Int64s("sizeSplits", {1, 2, 1}),
                                   Attr::Int64("axis", 1)},
                      DT::kInt64, {{1, 4}}, {Ints(DT::kInt64, {INT64_MIN, 2, 3, INT64_MAX})}, {{1, 1}, {1, 2}, {1, 1}}),
                 {Expect("y0", DT::kInt64, {1, 1}, Ints(DT::kInt64, {INT64_MIN})),
                  Expect("y1", DT::kInt64, {1, 2}, Ints(DT::kInt64, {2, 3})),
                  Expect("y2", DT::kInt64, {1, 1}, Ints(DT::kInt64, {INT64_MAX}))});
}

void StackCases(CaseList& list) {
  const NodeType S = NodeType::STACK, U = NodeType::UNSTACK;
  list.AddExpect("stack_catalog_two_vectors_axis1", "ops_catalog #36 [UT]: two [2] along axis 1 -> [2,2]",
                 Node(S, "stack", {Attr::Int64("axis", 1)}, f32, {{2}, {2}}, {Values(f32, {1, 2}), Values(f32, {3, 4})},
                      {{2, 2}}),
                 {Expect("y0", f32, {2, 2}, Values(f32, {1, 3, 2, 4}))});
  list.AddExpect("c605_stack_negative_axis_bool", "C-605: axis -1 of the output rank: three bool [2] -> [2,3]",
                 Node(S, "stack", {Attr::Int64("axis", -1)}, DT::kBool, {{2}, {2}, {2}},
                      {Ints(DT::kBool, {1, 0}), Ints(DT::kBool, {0, 0}), Ints(DT::kBool, {1, 1})}, {{2, 3}}),
                 {Expect("y0", DT::kBool, {2, 3}, Ints(DT::kBool, {1, 0, 1, 0, 0, 1}))});
  list.AddError("c605_stack_axis_out_of_range_rejected", "C-605: axis 2 for [2] pieces (output rank 2)",
                Node(S, "stack", {Attr::Int64("axis", 2)}, f32, {{2}, {2}}, {Values(f32, {1, 2}), Values(f32, {3, 4})},
                     {{2, 2}}),
                NNRT_INVALID_MODEL);
  list.AddExpect("unstack_catalog_model1", "ops_catalog #57 XTS model 1: [[1,2],[3,4],[5,6]] axis -1",
                 Node(U, "unstack", {Attr::Int64("axis", -1)}, f32, {{3, 2}}, {Values(f32, {1, 2, 3, 4, 5, 6})},
                      {{3}, {3}}),
                 {Expect("y0", f32, {3}, Values(f32, {1, 3, 5})), Expect("y1", f32, {3}, Values(f32, {2, 4, 6}))});
  list.AddExpect("unstack_catalog_model2_scalars", "ops_catalog #57 XTS model 2: [1,5,6] axis 0 -> three scalars",
                 Node(U, "unstack", {Attr::Int64("axis", 0)}, f32, {{3}}, {Values(f32, {1, 5, 6})}, {{}, {}, {}}),
                 {Expect("y0", f32, {}, Values(f32, {1})), Expect("y1", f32, {}, Values(f32, {5})),
                  Expect("y2", f32, {}, Values(f32, {6}))});
  list.AddError("c606_unstack_output_count_rejected", "C-606: XTS model 4 declares one output for three slices",
                Node(U, "unstack", {Attr::Int64("axis", 0)}, f32, {{3, 2}}, {Values(f32, {1, 2, 3, 4, 5, 6})},
                     {{1, 2}}),
                NNRT_INVALID_MODEL);
}

void ShapeOpCases(CaseList& list) {
  const NodeType F = NodeType::FLATTEN, S = NodeType::SQUEEZE, U = NodeType::UNSQUEEZE;
  const Bytes six = Values(f32, {1, 2, 3, 4, 5, 6});
  list.AddExpect("c607_flatten_catalog_model1_is_2d", "C-607: XTS model 1 [3,3], default axis 1 -> [3,3] (not [9])",
                 Node(F, "flatten", {}, f32, {{3, 3}}, {Values(f32, {1, 2, 3, 4, 5, 6, 7, 8, 9})}, {{3, 3}}),
                 {Expect("y0", f32, {3, 3}, Values(f32, {1, 2, 3, 4, 5, 6, 7, 8, 9}))});
  list.AddExpect("flatten_catalog_ut_axis0", "ops_catalog #64 [UT]: [1,2,2,1] axis 0 -> [1,4]",
                 Node(F, "flatten", {Attr::Int64("axis", 0)}, f32, {{1, 2, 2, 1}}, {Values(f32, {1, 2, 3, 4})},
                      {{1, 4}}),
                 {Expect("y0", f32, {1, 4}, Values(f32, {1, 2, 3, 4}))});
  list.AddExpect("c607_flatten_axis_rank_and_negative", "C-607: [1,2,3] axis 3 (= rank) -> [6,1]",
                 Node(F, "flatten", {Attr::Int64("axis", 3)}, f32, {{1, 2, 3}}, {six}, {{6, 1}}),
                 {Expect("y0", f32, {6, 1}, six)});
  list.AddError("c607_flatten_axis_out_of_range_rejected", "C-607: axis -4 for rank 3",
                Node(F, "flatten", {Attr::Int64("axis", -4)}, f32, {{1, 2, 3}}, {six}, {{1, 6}}), NNRT_INVALID_MODEL);
  list.AddExpect("squeeze_catalog_ut", "ops_catalog #35 [UT]: [3,2,1] axis [2] -> [3,2]",
                 Node(S, "squeeze", {Attr::Int64s("axis", {2})}, f32, {{3, 2, 1}}, {six}, {{3, 2}}),
                 {Expect("y0", f32, {3, 2}, six)});
  list.AddExpect("c608_squeeze_empty_list_removes_all_ones", "C-608: [1,3,1,2], no axis -> [3,2]",
                 Node(S, "squeeze", {}, f32, {{1, 3, 1, 2}}, {six}, {{3, 2}}), {Expect("y0", f32, {3, 2}, six)});
  list.AddExpect("c608_squeeze_listed_dims_only", "C-608: [1,3,1,2] axis [-2] removes only dim 2 -> [1,3,2]",
                 Node(S, "squeeze", {Attr::Int64s("axis", {-2})}, f32, {{1, 3, 1, 2}}, {six}, {{1, 3, 2}}),
                 {Expect("y0", f32, {1, 3, 2}, six)});
  list.AddError("c608_squeeze_catalog_example_rejected", "C-608: [2,1,1,2,2] axis [0,1]: dim 0 has size 2",
                Node(S, "squeeze", {Attr::Int64s("axis", {0, 1})}, f32, {{2, 1, 1, 2, 2}},
                     {Values(f32, {1, 2, 3, 4, 5, 6, 7, 8})}, {{2, 1, 2, 2}}),
                NNRT_INVALID_MODEL);
  list.AddExpect("unsqueeze_catalog_ut", "ops_catalog #55 [UT]: [1,5,1] axis [1] -> [1,1,5,1]",
                 Node(U, "unsqueeze", {Attr::Int64s("axis", {1})}, f32, {{1, 5, 1}}, {Values(f32, {1, 2, 3, 4, 5})},
                      {{1, 1, 5, 1}}),
                 {Expect("y0", f32, {1, 1, 5, 1}, Values(f32, {1, 2, 3, 4, 5}))});
  list.AddExpect("c609_unsqueeze_negative_and_two_axes", "C-609: [2,3] axis [0,-1] -> [1,2,3,1]",
                 Node(U, "unsqueeze", {Attr::Int64s("axis", {0, -1})}, DT::kInt8, {{2, 3}},
                      {Ints(DT::kInt8, {-128, 1, 2, 3, 4, 127})}, {{1, 2, 3, 1}}, {QP(0.5, 0)}),
                 {Expect("y0", DT::kInt8, {1, 2, 3, 1}, Ints(DT::kInt8, {-128, 1, 2, 3, 4, 127}))});
  list.AddError("c609_unsqueeze_without_axis_rejected", "C-609: an empty axis list",
                Node(U, "unsqueeze", {}, f32, {{2, 3}}, {six}, {{2, 3}}), NNRT_INVALID_MODEL);
  list.AddExpect("expand_dims_axis0", "ops_catalog #13: [2,3] axis 0 -> [1,2,3]",
                 ExpandDims({2, 3}, six, DT::kInt32, 0, {1, 2, 3}), {Expect("y", f32, {1, 2, 3}, six)});
  list.AddExpect("c610_expand_dims_negative_axis", "C-610: axis -1 = rank -> [2,3,1] (int64 axis)",
                 ExpandDims({2, 3}, six, DT::kInt64, -1, {2, 3, 1}), {Expect("y", f32, {2, 3, 1}, six)});
  list.AddError("c610_expand_dims_axis_out_of_range_rejected", "C-610: axis 3 for rank 2 (range [-3, 2])",
                ExpandDims({2, 3}, six, DT::kInt32, 3, {2, 3, 1}), NNRT_INVALID_MODEL);
}

TestCase Tile(DT dt, Dims x_dims, Bytes x, std::vector<int64_t> multiples, Dims out, std::vector<Attr> attrs = {}) {
  SingleNodeCase c(NodeType::TILE_FUSION, "tile");
  for (Attr& a : attrs) c.WithAttr(std::move(a));
  c.In("x", dt, x_dims, std::move(x))
      .Const("multiples", DT::kInt64, {static_cast<int32_t>(multiples.size())}, Ints(DT::kInt64, multiples))
      .Out("y", dt, out);
  return c.Build();
}

void BroadcastTileCases(CaseList& list) {
  const NodeType B = NodeType::BROADCAST_TO;
  list.AddExpect("broadcast_to_catalog_model1", "ops_catalog #69 XTS model 1: [1,2,3] to [3,3]",
                 Node(B, "broadcast_to", {Attr::Int64s("shape", {3, 3})}, f32, {{3}}, {Values(f32, {1, 2, 3})},
                      {{3, 3}}),
                 {Expect("y0", f32, {3, 3}, Values(f32, {1, 2, 3, 1, 2, 3, 1, 2, 3}))});
  list.AddError("c613_broadcast_to_catalog_model2_rejected", "C-613: XTS model 2, [3] to [2,2]",
                Node(B, "broadcast_to", {Attr::Int64s("shape", {2, 2})}, f32, {{3}}, {Values(f32, {1, 2, 3})},
                     {{2, 2}}),
                NNRT_INVALID_MODEL);
  list.AddExpect("c613_broadcast_to_minus_one_keeps_dim", "C-613: int8 [2,1] to [2,-1,3] -> [2,2,3]",
                 Node(B, "broadcast_to", {Attr::Int64s("shape", {2, -1, 3})}, DT::kInt8, {{2, 1}},
                      {Ints(DT::kInt8, {-128, 127})}, {{2, 2, 3}}, {QP(0.5, 2)}),
                 {Expect("y0", DT::kInt8, {2, 2, 3},
                         Ints(DT::kInt8, {-128, -128, -128, 127, 127, 127, -128, -128, -128, 127, 127, 127}))});
  list.AddExpect("tile_catalog_ut", "ops_catalog #40 [UT]: [2,2] multiples [2,2], dims [0] -> [4,4]",
                 Tile(f32, {2, 2}, Values(f32, {1, 2, 3, 4}), {2, 2}, {4, 4}, {Attr::Int64s("dims", {0})}),
                 {Expect("y", f32, {4, 4}, Values(f32, {1, 2, 1, 2, 3, 4, 3, 4, 1, 2, 1, 2, 3, 4, 3, 4}))});
  list.AddExpect("c614_tile_left_pads_x", "C-614: bool [2] with multiples [2,1] -> [2,2]",
                 Tile(DT::kBool, {2}, Ints(DT::kBool, {1, 0}), {2, 1}, {2, 2}),
                 {Expect("y", DT::kBool, {2, 2}, Ints(DT::kBool, {1, 0, 1, 0}))});
  list.AddError("c614_tile_zero_multiple_rejected", "C-614: multiples [0] (an empty output)",
                Tile(f32, {2}, Values(f32, {1, 2}), {0}, {1}), NNRT_INVALID_MODEL);
  list.AddError("c614_tile_dims_subset_unsupported", "C-614: dims [1] names a subset of the axes",
                Tile(f32, {1, 2}, Values(f32, {1, 2}), {2, 2}, {2, 4}, {Attr::Int64s("dims", {1})}),
                NNRT_UNSUPPORTED_OP);
}

void ShapeRankCases(CaseList& list) {
  const NodeType S = NodeType::SHAPE, R = NodeType::RANK;
  list.AddExpect("shape_catalog_ut", "ops_catalog #27 [UT] input [1,2,3,1] -> int32 [1,2,3,1]",
                 ShapeRank(S, f32, {1, 2, 3, 1}, DT::kInt32, {4}),
                 {Expect("y", DT::kInt32, {4}, Ints(DT::kInt32, {1, 2, 3, 1}))});
  list.AddExpect("c611_shape_int64_of_quantized_input", "C-611: int8 [2,3] (params irrelevant) -> int64 [2,3]",
                 ShapeRank(S, DT::kInt8, {2, 3}, DT::kInt64, {2}, {QP(0.5, 1)}),
                 {Expect("y", DT::kInt64, {2}, Ints(DT::kInt64, {2, 3}))});
  list.AddError("c611_shape_float_output_rejected", "C-611: the [UT] declares a FLOAT32 output",
                ShapeRank(S, f32, {1, 2, 3, 1}, f32, {4}), NNRT_INVALID_MODEL);
  list.AddError("c612_shape_of_scalar_rejected", "C-612: SHAPE of a rank-0 x would be empty",
                ShapeRank(S, f32, {}, DT::kInt32, {1}), NNRT_INVALID_MODEL);
  list.AddExpect("rank_catalog_model1", "ops_catalog #98 XTS model 1: [5] -> 1",
                 ShapeRank(R, f32, {5}, DT::kInt32, {}), {Expect("y", DT::kInt32, {}, Ints(DT::kInt32, {1}))});
  list.AddExpect("rank_catalog_model2", "ops_catalog #98 XTS model 2: [1,2,3,4,5] -> 5",
                 ShapeRank(R, DT::kFloat16, {1, 2, 3, 4, 5}, DT::kInt32, {}),
                 {Expect("y", DT::kInt32, {}, Ints(DT::kInt32, {5}))});
  list.AddExpect("c612_rank_of_scalar_is_zero", "C-612: RANK of a bool scalar is 0 (int64 output)",
                 ShapeRank(R, DT::kBool, {}, DT::kInt64, {}), {Expect("y", DT::kInt64, {}, Ints(DT::kInt64, {0}))});
  list.AddError("c611_rank_float_output_rejected", "C-611: XTS model 1 declares a FLOAT32 output",
                ShapeRank(R, f32, {5}, f32, {1}), NNRT_INVALID_MODEL);
}

}  // namespace

std::vector<GoldenCase> DataMovementCases() {
  CaseList list("data_movement");
  TransposeCases(list);
  ConcatSplitCases(list);
  StackCases(list);
  ShapeOpCases(list);
  ShapeRankCases(list);
  BroadcastTileCases(list);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(DataMovementCases);

}  // namespace golden
}  // namespace nnrt
