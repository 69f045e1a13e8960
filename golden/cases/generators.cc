// Golden cases of the generated-tensor family "generators": FILL
// (ops_catalog #14) and CONSTANT_OF_SHAPE (#68, the XTS models);
// clarifications C-658..C-661.
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

}  // namespace

std::vector<GoldenCase> GeneratorCases() {
  CaseList list("generators");
  AddFillCases(list);
  AddConstantOfShapeCases(list);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(GeneratorCases);

}  // namespace golden
}  // namespace nnrt
