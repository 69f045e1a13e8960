#include "reference/ops/tensor/fill.h"

#include <cstring>
#include <string>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/axis_util.h"
#include "reference/ops/core/index_checks.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/tensor/pad.h"

namespace nnrt {
namespace {

const char kFillValue[] = "FILL input 0 (value)";
const char kFillShape[] = "FILL input 1 (shape)";
const char kConstantShape[] = "CONSTANT_OF_SHAPE input 0 (shape)";

// C-659: value holds exactly one element (any rank whose dims are all 1).
Status CheckOneElement(const TensorArg& value) {
  if (IsDynamic(value.dims)) return Status::Ok();
  if (value.elements() != 1) {
    return InvalidModel(std::string(kFillValue) + " must hold exactly one element, got dims " +
                        DimsToString(value.dims) + " (C-659)");
  }
  return Status::Ok();
}

// C-660: y is float32, float16, int32, int64, bool or a per-tensor quantized
// int8/uint8; no quant params on the other types.
Status CheckConstantOfShapeOutput(const TensorArg& y) {
  const std::string role = "CONSTANT_OF_SHAPE output 0";
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(y, role,
                                       {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
                                        DataType::kInt32, DataType::kInt64, DataType::kBool}));
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(y, role));
  if (IsQuant8Type(y.dtype())) {
    if (!y.quantized()) {
      return InvalidModel(role + " of type " + DataTypeName(y.dtype()) +
                          " must carry quant params: value is a real number (C-660)");
    }
    NNRT_RETURN_IF_ERROR(CheckPerTensorQuant(y, role));
  }
  return Status::Ok();
}

}  // namespace

Status InferFill(OpContext& ctx) {
  const TensorArg& value = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(value, y, "FILL", kFillValue));
  if (value.quantized()) NNRT_RETURN_IF_ERROR(CheckPerTensorQuant(value, kFillValue));
  NNRT_RETURN_IF_ERROR(CheckOneElement(value));
  NNRT_RETURN_IF_ERROR(DimsFromShapeValues(ctx.inputs[1], kFillShape, y.decl->dims, &y.dims));
  if (value.data != nullptr && !IsDynamic(value.dims)) {
    const size_t size = DataTypeSize(value.dtype());
    ctx.SetParams(FillParams{std::vector<uint8_t>(value.data, value.data + size)});
  }
  return Status::Ok();
}

Status InferConstantOfShape(OpContext& ctx) {
  TensorArg& y = ctx.outputs[0];
  NNRT_RETURN_IF_ERROR(CheckConstantOfShapeOutput(y));
  // C-661: value is empty (0.0) or one float; the dataType attribute is not
  // read (C-660).
  const std::vector<float> value = FloatsAttr(*ctx.node, "value");
  if (value.size() > 1) {
    return InvalidModel("CONSTANT_OF_SHAPE value must hold at most one element, got " +
                        std::to_string(value.size()) + " (C-661)");
  }
  NNRT_RETURN_IF_ERROR(DimsFromShapeValues(ctx.inputs[0], kConstantShape, y.decl->dims, &y.dims));
  ctx.SetParams(FillParams{EncodeFill(y, value.empty() ? 0.0f : value[0])});
  return Status::Ok();
}

Status FillKernel(OpContext& ctx) {
  const std::vector<uint8_t>& element = ctx.Params<FillParams>().element;
  TensorArg& y = ctx.outputs[0];
  const size_t count = static_cast<size_t>(y.elements());
  for (size_t i = 0; i < count; ++i) std::memcpy(y.mutable_data + i * element.size(), element.data(), element.size());
  return Status::Ok();
}

OpDef FillOpDef() {
  // No attributes (HDI Fill {}); y has value's type and quant params (C-659).
  return OpDef{NodeType::FILL, {}, /*inputs=*/2, 2, /*outputs=*/1, 1, &InferFill, &FillKernel, DataMovementTypes(),
               "generators"};
}

OpDef ConstantOfShapeOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::CONSTANT_OF_SHAPE,
               {Int64("dataType", 0), FloatList("value")},
               /*inputs=*/1, 1, /*outputs=*/1, 1, &InferConstantOfShape, &FillKernel, DataMovementTypes(),
               "generators"};
}

}  // namespace nnrt
