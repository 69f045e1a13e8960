// Golden cases of the generated-tensor family "generators": FILL
// (ops_catalog #14), CONSTANT_OF_SHAPE (#68, the XTS models) and RANGE (#66,
// the [UT] case and the XTS models); clarifications C-658..C-664.
#include <cstdint>
#include <vector>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

// The int32/int64 shape operand holding `dims`, a constant or a model input.
void ShapeOperand(SingleNodeCase& c, DT type, const std::vector<int64_t>& dims, bool constant) {
  const Dims shape_dims = {static_cast<int32_t>(dims.size())};
  if (constant) {
    c.Const("shape", type, shape_dims, Ints(type, dims));
  } else {
    c.In("shape", type, shape_dims, Ints(type, dims));
  }
}

TestCase Fill(DT dt, Dims value_dims, Bytes value, std::vector<int64_t> shape, bool constant, Dims out,
              std::vector<QuantParam> q = {}) {
  SingleNodeCase c(NodeType::FILL, "fill");
  c.In("value", dt, std::move(value_dims), std::move(value), q);
  ShapeOperand(c, DT::kInt32, shape, constant);
  c.Out("y", dt, std::move(out), q);
  return c.Build();
}

// CONSTANT_OF_SHAPE's one input must be a model input (a model needs one), so
// its shape is known at run time only: -1 dims at prepare, dims from Run.
TestCase ConstantOfShape(DT shape_type, std::vector<int64_t> shape, bool constant, std::vector<float> value,
                         int64_t data_type, DT dt, Dims out, std::vector<QuantParam> q = {}) {
  SingleNodeCase c(NodeType::CONSTANT_OF_SHAPE, "constant_of_shape");
  if (IsFloatType(shape_type)) {
    std::vector<double> reals(shape.begin(), shape.end());
    c.In("shape", shape_type, {static_cast<int32_t>(shape.size())}, Values(shape_type, reals));
  } else {
    ShapeOperand(c, shape_type, shape, constant);
  }
  c.WithAttr(Attr::Int64("dataType", data_type));
  if (!value.empty()) c.WithAttr(Attr::Floats("value", std::move(value)));
  c.Out("y", dt, std::move(out), q);
  return c.Build();
}

void AddFillCases(CaseList& list) {
  const DT f32 = DT::kFloat32;
  list.AddExpect("fill_catalog_model", "ops_catalog #14 [UT]: float32 value, shape [2,3] -> 2x3 of 2.5",
                 Fill(f32, {}, Values(f32, {2.5}), {2, 3}, true, {2, 3}),
                 {Expect("y", f32, {2, 3}, Values(f32, std::vector<double>(6, 2.5)))});
  list.AddExpect("c658_fill_runtime_shape_dims_from_run", "C-658: a run-time shape [1,2,2]: -1 dims at prepare, "
                 "[1,2,2] from Run",
                 Fill(DT::kInt32, {1}, Ints(DT::kInt32, {-7}), {1, 2, 2}, false, {1, 2, 2}),
                 {Expect("y", DT::kInt32, {1, 2, 2}, Ints(DT::kInt32, {-7, -7, -7, -7}))});
  list.AddError("c658_fill_shape_value_zero_rejected", "C-658: a constant shape [2,0] (a zero-size dim) is invalid",
                Fill(f32, {}, Values(f32, {1}), {2, 0}, true, {2, 1}), NNRT_INVALID_MODEL);
  list.AddExpect("c659_fill_nan_payload_copied", "C-659: the value's bytes are copied (NaN payload 0x7FA00007)",
                 Fill(f32, {1, 1}, FloatBits({0x7FA00007u}), {3}, true, {3}),
                 {Expect("y", f32, {3}, FloatBits({0x7FA00007u, 0x7FA00007u, 0x7FA00007u}))});
  list.AddExpect("c659_fill_int8_codes_copied", "C-659: a quantized value's code is copied with its params",
                 Fill(DT::kInt8, {}, Ints(DT::kInt8, {-128}), {2}, false, {2}, {QP(0.5, 3)}),
                 {Expect("y", DT::kInt8, {2}, Ints(DT::kInt8, {-128, -128}))});
}

void AddConstantOfShapeCases(CaseList& list) {
  const DT f16 = DT::kFloat16;
  list.AddExpect("constant_of_shape_catalog_model1", "ops_catalog #68 XTS model 1 (int32 shape [2,3]): dataType 45, "
                 "value 4.5 -> float16 2x3 of 4.5",
                 ConstantOfShape(DT::kInt32, {2, 3}, false, {4.5f}, 45, f16, {2, 3}),
                 {Expect("y", f16, {2, 3}, Values(f16, std::vector<double>(6, 4.5)))});
  list.AddError("c658_constant_of_shape_float_shape_rejected", "C-658: XTS model 1's float32 shape operand is invalid",
                ConstantOfShape(DT::kFloat32, {2, 3}, false, {4.5f}, 45, f16, {2, 3}), NNRT_INVALID_MODEL);
  list.AddExpect("c658_constant_of_shape_runtime_shape", "C-658: a run-time int64 shape [2,1,2]: dims from Run",
                 ConstantOfShape(DT::kInt64, {2, 1, 2}, false, {-0.0f}, 0, DT::kFloat32, {2, 1, 2}),
                 {Expect("y", DT::kFloat32, {2, 1, 2}, Values(DT::kFloat32, {-0.0, -0.0, -0.0, -0.0}))});
  list.AddExpect("c660_constant_of_shape_output_type_rules", "C-660: dataType 43 (float32) is not read; the int64 "
                 "output gets value 7",
                 ConstantOfShape(DT::kInt32, {2}, false, {7.0f}, 43, DT::kInt64, {2}),
                 {Expect("y", DT::kInt64, {2}, Ints(DT::kInt64, {7, 7}))});
  list.AddExpect("c661_constant_of_shape_no_value_is_zero", "C-661: value absent -> 0.0",
                 ConstantOfShape(DT::kInt32, {3}, false, {}, 0, DT::kFloat32, {3}),
                 {Expect("y", DT::kFloat32, {3}, Values(DT::kFloat32, {0, 0, 0}))});
  list.AddExpect("c661_constant_of_shape_int32_rounded_half_away", "C-661: -2.5 into int32 -> -3 (as C-652)",
                 ConstantOfShape(DT::kInt32, {2}, false, {-2.5f}, 0, DT::kInt32, {2}),
                 {Expect("y", DT::kInt32, {2}, Ints(DT::kInt32, {-3, -3}))});
  list.AddExpect("c661_constant_of_shape_uint8_quantized", "C-661: 1.25 quantized with scale 0.5, zero point 10 -> 13",
                 ConstantOfShape(DT::kInt32, {2}, false, {1.25f}, 0, DT::kUint8, {2}, {QP(0.5, 10)}),
                 {Expect("y", DT::kUint8, {2}, Ints(DT::kUint8, {13, 13}))});
  list.AddError("c661_constant_of_shape_two_values_rejected", "C-661: value [1, 2] holds more than one element",
                ConstantOfShape(DT::kInt32, {2}, false, {1.0f, 2.0f}, 0, DT::kFloat32, {2}), NNRT_INVALID_MODEL);
}

// RANGE with a two-element input of `dt` (values not read, C-662).
TestCase Range(DT dt, int64_t start, int64_t limit, int64_t delta, Dims out, std::vector<QuantParam> q = {}) {
  SingleNodeCase c(NodeType::RANGE, "range");
  c.In("x", dt, {2}, IsFloatType(dt) ? Values(dt, {9, 9}) : Ints(dt, {9, 9}), q)
      .WithAttr(Attr::Int64("dataType", 0))
      .WithAttr(Attr::Int64("start", start))
      .WithAttr(Attr::Int64("limit", limit))
      .WithAttr(Attr::Int64("delta", delta))
      .Out("y", dt, std::move(out), q);
  return c.Build();
}

void AddRangeCases(CaseList& list) {
  const DT f32 = DT::kFloat32, i32 = DT::kInt32;
  list.AddExpect("range_catalog_ut_float32", "ops_catalog #66 [UT]: float32, start 0, limit 3, delta 1 -> [0,1,2]",
                 Range(f32, 0, 3, 1, {3}), {Expect("y", f32, {3}, Values(f32, {0, 1, 2}))});
  list.AddExpect("range_catalog_model1", "ops_catalog #66 XTS model 1: int32, -1, 10, 4 -> [-1,3,7]",
                 Range(i32, -1, 10, 4, {3}), {Expect("y", i32, {3}, Ints(i32, {-1, 3, 7}))});
  list.AddExpect("range_catalog_model4_float16", "ops_catalog #66 XTS model 4: float16, start 2 (2.4 stored as "
                 "int64), 10, 4 -> [2,6]",
                 Range(DT::kFloat16, 2, 10, 4, {2}), {Expect("y", DT::kFloat16, {2}, Values(DT::kFloat16, {2, 6}))});
  list.AddError("c663_range_catalog_model2_empty_rejected", "C-663: XTS model 2, start 1 = limit 1: empty",
                Range(i32, 1, 1, 4, {1}), NNRT_INVALID_MODEL);
  list.AddError("c663_range_catalog_model3_empty_rejected", "C-663: XTS model 3, start 2 > limit 1 with delta 4: empty",
                Range(i32, 2, 1, 4, {1}), NNRT_INVALID_MODEL);
  list.AddError("c663_range_delta_zero_rejected", "C-663: delta 0", Range(i32, 0, 4, 0, {1}), NNRT_INVALID_MODEL);
  list.AddExpect("c663_range_negative_delta_counts_down", "C-663: int64 5, -2, -3 -> ceil(7/3) = 3 elements [5,2,-1]",
                 Range(DT::kInt64, 5, -2, -3, {3}), {Expect("y", DT::kInt64, {3}, Ints(DT::kInt64, {5, 2, -1}))});
  list.AddExpect("c664_range_float32_rounded_once", "C-664: 2^24+1 .. 2^24+3 rounded once to float32 (ties to even)",
                 Range(f32, 16777217, 16777220, 1, {3}),
                 {Expect("y", f32, {3}, Values(f32, {16777216, 16777218, 16777220}))});
  list.AddError("c664_range_int32_overflow_rejected", "C-664: element 2^31 does not fit int32",
                Range(i32, 2147483646, 2147483649, 1, {3}), NNRT_INVALID_MODEL);
  list.AddExpect("c664_range_uint8_quantized_half_away", "C-664: -3, 0, 3 with scale 2, zero point 1 -> codes "
                 "clamp(-2+1), 1, 2+1",
                 Range(DT::kUint8, -3, 6, 3, {3}, {QP(2.0, 1)}),
                 {Expect("y", DT::kUint8, {3}, Ints(DT::kUint8, {0, 1, 3}))});
}

}  // namespace

std::vector<GoldenCase> GeneratorCases() {
  CaseList list("generators");
  AddFillCases(list);
  AddConstantOfShapeCases(list);
  AddRangeCases(list);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(GeneratorCases);

}  // namespace golden
}  // namespace nnrt
