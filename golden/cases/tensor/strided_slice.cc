// Golden cases of STRIDED_SLICE (ops_catalog #37: the [UT] shapes and the
// tf.strided_slice examples); clarifications C-615..C-620.
#include <cstdint>
#include <vector>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

// tf.strided_slice documentation's x (dims [3, 2, 3]).
const std::vector<double> kTfX = {1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6};

struct SliceMasks {
  int64_t begin = 0, end = 0, ellipsis = 0, new_axis = 0, shrink = 0;
};

// begin, end and strides: int32 constants unless `run_time` (int64 inputs).
struct SliceEntries {
  std::vector<int64_t> begin, end, strides;
  bool run_time = false;
};

TestCase StridedSlice(DT dt, Dims x_dims, Bytes x, const SliceEntries& e, SliceMasks m, Dims out,
                      std::vector<QuantParam> q = {}) {
  SingleNodeCase c(NodeType::STRIDED_SLICE, "strided_slice");
  c.In("x", dt, std::move(x_dims), std::move(x), q);
  const char* names[3] = {"begin", "end", "strides"};
  const std::vector<int64_t>* values[3] = {&e.begin, &e.end, &e.strides};
  for (int i = 0; i < 3; ++i) {
    const Dims dims = {static_cast<int32_t>(values[i]->size())};
    if (e.run_time) {
      c.In(names[i], DT::kInt64, dims, Ints(DT::kInt64, *values[i]));
    } else {
      c.Const(names[i], DT::kInt32, dims, Ints(DT::kInt32, *values[i]));
    }
  }
  c.WithAttr(Attr::Int64("beginMask", m.begin)).WithAttr(Attr::Int64("endMask", m.end));
  c.WithAttr(Attr::Int64("ellipsisMask", m.ellipsis)).WithAttr(Attr::Int64("newAxisMask", m.new_axis));
  c.WithAttr(Attr::Int64("shrinkAxisMask", m.shrink));
  c.Out("y", dt, std::move(out), q);
  return c.Build();
}

SliceMasks Shrink(int64_t bits) {
  SliceMasks m;
  m.shrink = bits;
  return m;
}

void AddExampleCases(CaseList& list) {
  const DT f32 = DT::kFloat32;
  list.AddExpect("strided_slice_catalog_ut_3x2x3_to_1x2x2",
                 "ops_catalog #37 [UT] shapes: [3,2,3] -> [1,2,2], masks 0; begin [1,0,0], end [2,2,3], strides [1,1,2]",
                 StridedSlice(f32, {3, 2, 3}, Values(f32, kTfX), {{1, 0, 0}, {2, 2, 3}, {1, 1, 2}}, {}, {1, 2, 2}),
                 {Expect("y", f32, {1, 2, 2}, Values(f32, {3, 3, 4, 4}))});
  list.AddExpect("strided_slice_tf_example_1x1x3", "tf.strided_slice: begin [1,0,0], end [2,1,3] -> [[[3,3,3]]]",
                 StridedSlice(f32, {3, 2, 3}, Values(f32, kTfX), {{1, 0, 0}, {2, 1, 3}, {1, 1, 1}}, {}, {1, 1, 3}),
                 {Expect("y", f32, {1, 1, 3}, Values(f32, {3, 3, 3}))});
  list.AddExpect("strided_slice_tf_example_reversed_rows",
                 "tf.strided_slice: begin [1,-1,0], end [2,-3,3], strides [1,-1,1] -> [[[4,4,4],[3,3,3]]]",
                 StridedSlice(f32, {3, 2, 3}, Values(f32, kTfX), {{1, -1, 0}, {2, -3, 3}, {1, -1, 1}}, {}, {1, 2, 3}),
                 {Expect("y", f32, {1, 2, 3}, Values(f32, {4, 4, 4, 3, 3, 3}))});
}

void AddEntryAndMaskCases(CaseList& list) {
  const DT f32 = DT::kFloat32;
  list.AddExpect("c615_ellipsis_covers_leading_dims", "C-615: x[..., 2] with shrink: entries [ellipsis, 2] on [3,2,3]",
                 StridedSlice(f32, {3, 2, 3}, Values(f32, kTfX), {{0, 2}, {0, 3}, {1, 1}}, {0, 0, 1, 0, 2}, {3, 2}),
                 {Expect("y", f32, {3, 2}, Values(f32, {1, 2, 3, 4, 5, 6}))});
  list.AddExpect("c615_fewer_entries_than_dims", "C-615: one entry on [3,2,3]: x[2:] keeps the other dims whole",
                 StridedSlice(f32, {3, 2, 3}, Values(f32, kTfX), {{2}, {3}, {1}}, {}, {1, 2, 3}),
                 {Expect("y", f32, {1, 2, 3}, Values(f32, {5, 5, 5, 6, 6, 6}))});
  list.AddError("c615_more_entries_than_dims_rejected", "C-615: three addressing entries on a rank-2 x",
                StridedSlice(f32, {2, 3}, Values(f32, {0, 1, 2, 3, 4, 5}), {{0, 0, 0}, {1, 1, 1}, {1, 1, 1}}, {},
                             {1, 1, 1}),
                NNRT_INVALID_MODEL);
  list.AddError("c615_begin_end_lengths_differ_rejected", "C-615: begin [2], end [1]",
                StridedSlice(f32, {2, 3}, Values(f32, {0, 1, 2, 3, 4, 5}), {{0, 0}, {1}, {1, 1}}, {}, {1, 3}),
                NNRT_INVALID_MODEL);
  SliceMasks two;
  two.ellipsis = 3;
  list.AddError("c616_two_ellipsis_bits_rejected", "C-616: ellipsisMask 3",
                StridedSlice(f32, {2, 3}, Values(f32, {0, 1, 2, 3, 4, 5}), {{0, 0}, {1, 1}, {1, 1}}, two, {2, 3}),
                NNRT_INVALID_MODEL);
  SliceMasks beyond;
  beyond.begin = 4;
  list.AddError("c616_mask_bit_beyond_entries_rejected", "C-616: beginMask bit 2 with two entries",
                StridedSlice(f32, {2, 3}, Values(f32, {0, 1, 2, 3, 4, 5}), {{0, 0}, {1, 1}, {1, 1}}, beyond, {1, 1}),
                NNRT_INVALID_MODEL);
  SliceMasks precedence;
  precedence.new_axis = 1;
  precedence.shrink = 3;
  list.AddExpect("c616_new_axis_wins_over_shrink", "C-616: entry 0 new axis (its shrink bit ignored), entry 1 shrinks dim 0 at 1",
                 StridedSlice(f32, {2, 3}, Values(f32, {0, 1, 2, 3, 4, 5}), {{7, 1}, {7, 0}, {5, 1}}, precedence,
                              {1, 3}),
                 {Expect("y", f32, {1, 3}, Values(f32, {3, 4, 5}))});
}

void AddRangeCases(CaseList& list) {
  const DT f32 = DT::kFloat32;
  const Bytes x7 = Values(f32, {0, 1, 2, 3, 4, 5, 6});
  list.AddExpect("c617_out_of_range_clamped_negative_stride", "C-617: begin 100, end -100, stride -2 on 7 -> 6,4,2,0",
                 StridedSlice(f32, {7}, x7, {{100}, {-100}, {-2}}, {}, {4}),
                 {Expect("y", f32, {4}, Values(f32, {6, 4, 2, 0}))});
  SliceMasks masked;
  masked.begin = 1;
  masked.end = 1;
  list.AddExpect("c617_masks_take_the_boundaries", "C-617: both masks, stride -3 on 7 -> 6,3,0 (values ignored)",
                 StridedSlice(f32, {7}, x7, {{3}, {3}, {-3}}, masked, {3}),
                 {Expect("y", f32, {3}, Values(f32, {6, 3, 0}))});
  list.AddError("c617_stride_zero_rejected", "C-617: strides [0] (constant)",
                StridedSlice(f32, {7}, x7, {{0}, {7}, {0}}, {}, {7}), NNRT_INVALID_MODEL);
  list.AddExpect("c618_shrink_negative_index", "C-618: x[:, -1] on [3,2,3]: shrink takes index 1, removes the dim",
                 StridedSlice(f32, {3, 2, 3}, Values(f32, kTfX), {{0, -1}, {3, 0}, {1, -1}}, Shrink(2), {3, 3}),
                 {Expect("y", f32, {3, 3}, Values(f32, {2, 2, 2, 4, 4, 4, 6, 6, 6}))});
  SliceMasks shrink_masked = Shrink(1);
  shrink_masked.begin = 1;
  list.AddExpect("c618_shrink_under_begin_mask_takes_first", "C-618: shrink with beginMask takes row 0 (begin 1 ignored)",
                 StridedSlice(f32, {2, 3}, Values(f32, {0, 1, 2, 3, 4, 5}), {{1, 0}, {2, 3}, {1, 1}}, shrink_masked,
                              {3}),
                 {Expect("y", f32, {3}, Values(f32, {0, 1, 2}))});
  list.AddError("c618_shrink_index_out_of_range_rejected", "C-618: shrink index -8 on a dim of 7",
                StridedSlice(f32, {7}, x7, {{-8}, {0}, {1}}, Shrink(1), {1}), NNRT_INVALID_MODEL);
  list.AddError("c619_empty_selection_rejected", "C-619: begin 5, end 2, stride 1 selects nothing (constant)",
                StridedSlice(f32, {7}, x7, {{5}, {2}, {1}}, {}, {1}), NNRT_INVALID_MODEL);
  list.AddError("c619_runtime_empty_selection_rejected", "C-619: begin 2, end 5, stride -1 (run-time): INVALID_INPUT",
                StridedSlice(f32, {7}, x7, {{2}, {5}, {-1}, true}, {}, {1}), NNRT_INVALID_INPUT);
  list.AddExpect("c620_runtime_entries_dims_from_run", "C-620: run-time int64 begin/end/strides: dims from Run",
                 StridedSlice(f32, {3, 2, 3}, Values(f32, kTfX), {{-1, 0, 2}, {0, 2, -4}, {-1, 1, -2}, true}, {},
                              {2, 2, 2}),
                 {Expect("y", f32, {2, 2, 2}, Values(f32, {5, 5, 6, 6, 3, 3, 4, 4}))});
}

void AddTypeCases(CaseList& list) {
  const DT f32 = DT::kFloat32;
  list.AddExpect("strided_slice_float32_nan_payload_carried", "NaN payload 0x7FA00007 and -0 copied bit for bit, reversed",
                 StridedSlice(f32, {3}, FloatBits({0x80000000u, 0x3F800000u, 0x7FA00007u}), {{2}, {-4}, {-2}}, {},
                              {2}),
                 {Expect("y", f32, {2}, FloatBits({0x7FA00007u, 0x80000000u}))});
  list.AddExpect("strided_slice_int8_codes_carried", "int8 codes with their params: x[::2]",
                 StridedSlice(DT::kInt8, {5}, Ints(DT::kInt8, {-128, -1, 0, 1, 127}), {{0}, {5}, {2}}, {}, {3},
                              {QP(0.5, -1)}),
                 {Expect("y", DT::kInt8, {3}, Ints(DT::kInt8, {-128, 0, 127}))});
  SliceMasks new_axis;
  new_axis.new_axis = 1;
  list.AddExpect("strided_slice_bool_new_axis", "bool x[newaxis, 1:]: dims [1, 2]",
                 StridedSlice(DT::kBool, {3}, Ints(DT::kBool, {1, 0, 1}), {{0, 1}, {0, 3}, {1, 1}}, new_axis, {1, 2}),
                 {Expect("y", DT::kBool, {1, 2}, Ints(DT::kBool, {0, 1}))});
}

}  // namespace

std::vector<GoldenCase> StridedSliceCases() {
  CaseList list("strided_slice");
  AddExampleCases(list);
  AddEntryAndMaskCases(list);
  AddRangeCases(list);
  AddTypeCases(list);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(StridedSliceCases);

}  // namespace golden
}  // namespace nnrt
