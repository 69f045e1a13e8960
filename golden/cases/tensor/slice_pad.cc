// Golden cases of PAD_FUSION (ops_catalog #24, the IDL PaddingMode worked
// examples of ops_catalog 2.4), SLICE_FUSION (#29, the tf.slice examples)
// and CROP (#91, the XTS models); clarifications C-650..C-657.
#include <cstdint>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

const std::vector<double> kIdlX = {1, 2, 3, 4, 5, 6, 7, 8, 9};

// PAD_FUSION with constant int32 paddings (`attr_paddings` non-empty: also
// as the attribute).
TestCase Pad(DT dt, Dims x_dims, Bytes x, Dims p_dims, std::vector<int64_t> paddings, int8_t mode, float constant,
             Dims out, std::vector<QuantParam> q = {}, std::vector<int64_t> attr_paddings = {}) {
  SingleNodeCase c(NodeType::PAD_FUSION, "pad");
  c.In("x", dt, std::move(x_dims), std::move(x), q)
      .Const("paddings", DT::kInt32, std::move(p_dims), Ints(DT::kInt32, paddings))
      .Out("y", dt, std::move(out), q)
      .WithAttr(Attr::Int8("paddingMode", mode))
      .WithAttr(Attr::Float("constantValue", constant));
  if (!attr_paddings.empty()) c.WithAttr(Attr::Int64s("paddings", attr_paddings));
  return c.Build();
}

void AddPadCases(CaseList& list) {
  const DT f32 = DT::kFloat32;
  std::vector<double> constant(49, 0.0);
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) constant[static_cast<size_t>((r + 2) * 7 + c + 2)] = kIdlX[static_cast<size_t>(r * 3 + c)];
  }
  list.AddExpect("pad_idl_constant", "ops_catalog 2.4 IDL example: 3x3, paddings [[2,2],[2,2]], CONSTANT 0 -> 7x7",
                 Pad(f32, {3, 3}, Values(f32, kIdlX), {2, 2}, {2, 2, 2, 2}, 0, 0.0f, {7, 7}),
                 {Expect("y", f32, {7, 7}, Values(f32, constant))});
  list.AddExpect("pad_idl_reflect", "ops_catalog 2.4 IDL example: REFLECT, edge not repeated",
                 Pad(f32, {3, 3}, Values(f32, kIdlX), {2, 2}, {2, 2, 2, 2}, 1, 0.0f, {7, 7}),
                 {Expect("y", f32, {7, 7},
                         Values(f32, {9, 8, 7, 8, 9, 8, 7, 6, 5, 4, 5, 6, 5, 4, 3, 2, 1, 2, 3, 2, 1, 6, 5, 4, 5,
                                      6, 5, 4, 9, 8, 7, 8, 9, 8, 7, 6, 5, 4, 5, 6, 5, 4, 3, 2, 1, 2, 3, 2, 1}))});
  list.AddExpect("pad_idl_symmetric", "ops_catalog 2.4 IDL example: SYMMETRIC, edge repeated",
                 Pad(f32, {3, 3}, Values(f32, kIdlX), {2, 2}, {2, 2, 2, 2}, 2, 0.0f, {7, 7}),
                 {Expect("y", f32, {7, 7},
                         Values(f32, {5, 4, 4, 5, 6, 6, 5, 2, 1, 1, 2, 3, 3, 2, 2, 1, 1, 2, 3, 3, 2, 5, 4, 4, 5,
                                      6, 6, 5, 8, 7, 7, 8, 9, 9, 8, 8, 7, 7, 8, 9, 9, 8, 5, 4, 4, 5, 6, 6, 5}))});
  list.AddExpect("c650_pad_attribute_repeats_input", "C-650: the attribute repeats the constant input [[0,1],[1,0]]",
                 Pad(f32, {1, 2}, Values(f32, {1, 2}), {2, 2}, {0, 1, 1, 0}, 0, -1.5f, {2, 3}, {}, {0, 1, 1, 0}),
                 {Expect("y", f32, {2, 3}, Values(f32, {-1.5, 1, 2, -1.5, -1.5, -1.5}))});
  list.AddError("c650_pad_attribute_differs_rejected", "C-650: the attribute [0,0,1,1] contradicts the input",
                Pad(f32, {1, 2}, Values(f32, {1, 2}), {2, 2}, {0, 1, 1, 0}, 0, 0.0f, {2, 3}, {}, {0, 0, 1, 1}),
                NNRT_INVALID_MODEL);
  list.AddError("c650_pad_paddings_wrong_shape_rejected", "C-650: paddings [4] instead of [2, 2]",
                Pad(f32, {1, 2}, Values(f32, {1, 2}), {4}, {0, 1, 1, 0}, 0, 0.0f, {2, 3}), NNRT_INVALID_MODEL);
  list.AddError("c651_pad_reflect_amount_equal_to_dim_rejected", "C-651: REFLECT amount 3 on a dim of 3 (limit 2)",
                Pad(f32, {3}, Values(f32, {1, 2, 3}), {1, 2}, {3, 0}, 1, 0.0f, {6}), NNRT_INVALID_MODEL);
  list.AddExpect("c651_pad_symmetric_amount_equal_to_dim", "C-651: SYMMETRIC amount 3 on a dim of 3 mirrors it all",
                 Pad(f32, {3}, Values(f32, {1, 2, 3}), {1, 2}, {3, 3}, 2, 0.0f, {9}),
                 {Expect("y", f32, {9}, Values(f32, {3, 2, 1, 1, 2, 3, 3, 2, 1}))});
  list.AddExpect("c652_pad_int8_constant_quantized", "C-652: constantValue 1.25 quantized with (0.5, 3): 2.5 -> 3, +3",
                 Pad(DT::kInt8, {1}, Ints(DT::kInt8, {-128}), {1, 2}, {1, 1}, 0, 1.25f, {3}, {QP(0.5, 3)}),
                 {Expect("y", DT::kInt8, {3}, Ints(DT::kInt8, {6, -128, 6}))});
  list.AddExpect("c652_pad_int32_constant_rounded", "C-652: constantValue -2.5 in int32 rounds away from zero to -3",
                 Pad(DT::kInt32, {1}, Ints(DT::kInt32, {2147483647}), {1, 2}, {0, 2}, 0, -2.5f, {3}),
                 {Expect("y", DT::kInt32, {3}, Ints(DT::kInt32, {2147483647, -3, -3}))});
  list.AddError("c653_pad_negative_amount_rejected", "C-653: a negative amount is rejected, not a crop",
                Pad(f32, {3}, Values(f32, {1, 2, 3}), {1, 2}, {-1, 0}, 0, 0.0f, {2}), NNRT_INVALID_MODEL);
  list.AddExpect("pad_float32_nan_payload_mirrored", "NaN payload 0x7FA00007 and -0 copied bit for bit by SYMMETRIC",
                 Pad(f32, {2}, FloatBits({0x7FA00007u, 0x80000000u}), {1, 2}, {1, 1}, 2, 0.0f, {4}),
                 {Expect("y", f32, {4}, FloatBits({0x7FA00007u, 0x7FA00007u, 0x80000000u, 0x80000000u}))});
  list.AddExpect("pad_float16_reflect_rank3", "float16 REFLECT on the last two dims of [1,2,2]",
                 Pad(DT::kFloat16, {1, 2, 2}, Values(DT::kFloat16, {1, 2, 3, 4}), {3, 2}, {0, 0, 1, 0, 0, 1}, 1, 0.0f,
                     {1, 3, 3}),
                 {Expect("y", DT::kFloat16, {1, 3, 3}, Values(DT::kFloat16, {3, 4, 3, 1, 2, 1, 3, 4, 3}))});
}

// SLICE_FUSION with constant begin and size (int32 begin, int64 size).
TestCase Slice(DT dt, Dims x_dims, Bytes x, std::vector<int64_t> begin, std::vector<int64_t> size, Dims out,
               std::vector<int64_t> axes = {}, std::vector<QuantParam> q = {}) {
  SingleNodeCase c(NodeType::SLICE_FUSION, "slice");
  const Dims w = {static_cast<int32_t>(begin.size())};
  c.In("x", dt, std::move(x_dims), std::move(x), q)
      .Const("begin", DT::kInt32, w, Ints(DT::kInt32, begin))
      .Const("size", DT::kInt64, w, Ints(DT::kInt64, size))
      .Out("y", dt, std::move(out), q);
  if (!axes.empty()) c.WithAttr(Attr::Int64s("axes", axes));
  return c.Build();
}

void AddSliceCases(CaseList& list) {
  const DT f32 = DT::kFloat32;
  const std::vector<double> tf_x = {1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6};
  list.AddExpect("slice_tf_example_1x1x3", "tf.slice example: [3,2,3], begin [1,0,0], size [1,1,3] -> [[[3,3,3]]]",
                 Slice(f32, {3, 2, 3}, Values(f32, tf_x), {1, 0, 0}, {1, 1, 3}, {1, 1, 3}),
                 {Expect("y", f32, {1, 1, 3}, Values(f32, {3, 3, 3}))});
  list.AddExpect("slice_tf_example_2x1x3", "tf.slice example: begin [1,0,0], size [2,1,3] -> [[[3,3,3]],[[5,5,5]]]",
                 Slice(f32, {3, 2, 3}, Values(f32, tf_x), {1, 0, 0}, {2, 1, 3}, {2, 1, 3}),
                 {Expect("y", f32, {2, 1, 3}, Values(f32, {3, 3, 3, 5, 5, 5}))});
  list.AddExpect("c654_slice_axes_subset_negative", "C-654: axes [-1, 0] on [2,3]: begin [1, 1], size [2, 1]",
                 Slice(f32, {2, 3}, Values(f32, {0, 1, 2, 3, 4, 5}), {1, 1}, {2, 1}, {1, 2}, {-1, 0}),
                 {Expect("y", f32, {1, 2}, Values(f32, {4, 5}))});
  list.AddError("c654_slice_axes_repeated_rejected", "C-654: axes [1, -1] name dim 1 twice",
                Slice(f32, {2, 3}, Values(f32, {0, 1, 2, 3, 4, 5}), {0, 0}, {1, 1}, {2, 1}, {1, -1}),
                NNRT_INVALID_MODEL);
  list.AddExpect("c655_slice_size_minus_one_to_the_end", "C-655: size -1 runs to the end: begin 2 on 5 -> 3",
                 Slice(DT::kInt8, {5}, Ints(DT::kInt8, {-128, -1, 0, 1, 127}), {2}, {-1}, {3}, {}, {QP(0.5, -1)}),
                 {Expect("y", DT::kInt8, {3}, Ints(DT::kInt8, {0, 1, 127}))});
  list.AddError("c655_slice_size_past_the_end_rejected", "C-655: begin 2, size 4 on a dim of 5",
                Slice(f32, {5}, Values(f32, {0, 1, 2, 3, 4}), {2}, {4}, {4}), NNRT_INVALID_MODEL);
  list.AddError("c655_slice_size_zero_rejected", "C-655: size 0 is not a window (dims are > 0)",
                Slice(f32, {5}, Values(f32, {0, 1, 2, 3, 4}), {2}, {0}, {1}), NNRT_INVALID_MODEL);
  list.AddExpect("slice_float32_nan_payload_carried", "NaN payload 0x7FA00007 and -0 copied bit for bit",
                 Slice(f32, {3}, FloatBits({0x3F800000u, 0x7FA00007u, 0x80000000u}), {1}, {2}, {2}),
                 {Expect("y", f32, {2}, FloatBits({0x7FA00007u, 0x80000000u}))});
}

// CROP with a constant 1-D shape operand holding y's dims (C-656), int32
// unless `shape_type` says otherwise.
TestCase Crop(DT dt, Dims x_dims, Bytes x, std::vector<int64_t> shape, int64_t axis, std::vector<int64_t> offset,
              std::vector<QuantParam> q = {}, DT shape_type = DT::kInt32) {
  SingleNodeCase c(NodeType::CROP, "crop");
  std::vector<double> shape_values(shape.begin(), shape.end());
  const Bytes shape_bytes = shape_type == DT::kFloat32 ? Values(shape_type, shape_values) : Ints(shape_type, shape);
  c.In("x", dt, std::move(x_dims), std::move(x), q)
      .Const("shape", shape_type, {static_cast<int32_t>(shape.size())}, shape_bytes)
      .Out("y", dt, Dims(shape.begin(), shape.end()), q)
      .WithAttr(Attr::Int64("axis", axis))
      .WithAttr(Attr::Int64s("offset", std::move(offset)));
  return c.Build();
}

std::vector<double> Iota(size_t n) {
  std::vector<double> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<double>(i);
  return v;
}

void AddCropCases(CaseList& list) {
  const DT f32 = DT::kFloat32;
  list.AddExpect("crop_catalog_model1", "ops_catalog #91 XTS model 1: [2,4,4] (0..31), float32 shape values [2,2,2], "
                 "axis 0, offsets [0,1,1] -> x[0:2,1:3,1:3]",
                 Crop(f32, {2, 4, 4}, Values(f32, Iota(32)), {2, 2, 2}, 0, {0, 1, 1}, {}, f32),
                 {Expect("y", f32, {2, 2, 2}, Values(f32, {5, 6, 9, 10, 21, 22, 25, 26}))});
  list.AddExpect("c656_crop_rank1_shape_values_give_the_size", "C-656: x = 0..9, shape {4}, offset 2 -> [2,3,4,5]",
                 Crop(f32, {10}, Values(f32, Iota(10)), {4}, 0, {2}),
                 {Expect("y", f32, {4}, Values(f32, {2, 3, 4, 5}))});
  list.AddExpect("c656_crop_rank4_shape_values_give_the_size",
                 "C-656: x [1,3,4,4] (0..47), int64 shape {1,3,2,2}, axis 2, offsets {1,2} -> x[:, :, 1:3, 2:4]",
                 Crop(f32, {1, 3, 4, 4}, Values(f32, Iota(48)), {1, 3, 2, 2}, 2, {1, 2}, {}, DT::kInt64),
                 {Expect("y", f32, {1, 3, 2, 2}, Values(f32, {6, 7, 10, 11, 22, 23, 26, 27, 38, 39, 42, 43}))});
  {
    SingleNodeCase dims_reading(NodeType::CROP, "crop");
    dims_reading.In("x", f32, {2, 4, 4}, Values(f32, Iota(32)))
        .Const("shape", DT::kInt32, {2, 2, 2}, Ints(DT::kInt32, std::vector<int64_t>(8, 1)))
        .Out("y", f32, {2, 2, 2})
        .WithAttr(Attr::Int64s("offset", {0, 1, 1}));
    list.AddError("c656_crop_shape_dims_are_not_read", "C-656: a shape operand of dims [2,2,2] (MindSpore Lite's "
                  "reference-blob reading) is rejected: shape is 1-D and its values are y's dims",
                  dims_reading.Build(), NNRT_INVALID_MODEL);
  }
  list.AddError("c656_crop_kept_dim_differs_rejected", "C-656: axis 1 keeps dim 0, so shape[0] = 2 against x's 3 is "
                "rejected", Crop(f32, {3, 4}, Values(f32, Iota(12)), {2, 2}, 1, {}), NNRT_INVALID_MODEL);
  list.AddExpect("c657_crop_one_offset_every_dim", "C-657: axis -1, one offset 2 on [3,4] -> columns 2..3",
                 Crop(DT::kUint8, {3, 4}, Ints(DT::kUint8, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 255}), {3, 2}, -1, {2},
                      {QP(0.5, 8)}),
                 {Expect("y", DT::kUint8, {3, 2}, Ints(DT::kUint8, {2, 3, 6, 7, 10, 255}))});
  list.AddError("c657_crop_catalog_model2_offset_past_end_rejected",
                "C-657: XTS model 2, x [3,2,2], shape [3,2,2], axis 1, offsets [0,2,2] (outside x)",
                Crop(f32, {3, 2, 2}, Values(f32, Iota(12)), {3, 2, 2}, 1, {0, 2, 2}), NNRT_INVALID_MODEL);
  list.AddError("c657_crop_catalog_model3_larger_than_x_rejected",
                "C-657: XTS model 3, x [3,2,2], shape [4,2,2], axis 1 (dim 0 kept: 4 != 3)",
                Crop(f32, {3, 2, 2}, Values(f32, Iota(12)), {4, 2, 2}, 1, {0, 1, 1}), NNRT_INVALID_MODEL);
  list.AddExpect("crop_float32_nan_payload_carried", "NaN payload 0x7FA00007 and -0 copied bit for bit",
                 Crop(f32, {3}, FloatBits({0x3F800000u, 0x7FA00007u, 0x80000000u}), {2}, 0, {1}),
                 {Expect("y", f32, {2}, FloatBits({0x7FA00007u, 0x80000000u}))});
}

}  // namespace

std::vector<GoldenCase> SlicePadCases() {
  CaseList list("slice_pad");
  AddPadCases(list);
  AddSliceCases(list);
  AddCropCases(list);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(SlicePadCases);

}  // namespace golden
}  // namespace nnrt
