// Element types and shapes: CAST (CAST), SHAPE (SHAPE), FILL (FILL) and
// EXPAND (BROADCAST_TO). Layout-free (C-826, C-827).
#include "reference/nnadapter/lowering/lower_ops.h"

namespace nnrt {
namespace nna {
namespace {

bool IsQuantizedPrecision(int32_t precision) { return precision >= NNADAPTER_QUANT_INT8_SYMM_PER_LAYER; }

}  // namespace

// CAST converts stored values between plain types with NNRt's CAST rules;
// the dtype operand must name the output's precision (C-826).
Status LowerCast(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "CAST", 2, 1));
  const Operand* x = op.input_operands[0];
  const Operand* y = op.output_operands[0];
  if (x == nullptr || y == nullptr) return InvalidModel("CAST input or output is missing");
  int32_t dtype = 0;
  NNRT_RETURN_IF_ERROR(ReadInt32Scalar(op.input_operands[1], "CAST dtype", &dtype));
  if (dtype != RawValue(y->type.precision)) {
    return InvalidModel("CAST dtype " + std::to_string(dtype) + " differs from the output operand's precision " +
                        std::to_string(RawValue(y->type.precision)));
  }
  if (IsQuantizedPrecision(RawValue(x->type.precision)) || IsQuantizedPrecision(dtype)) {
    return Unsupported("CAST of a quantised operand: NNAdapter defines CAST between plain types only, and NNRt's "
                       "CAST would convert the stored codes, not the real values (C-826)");
  }
  uint32_t tx = 0, ty = 0;
  NNRT_RETURN_IF_ERROR(b.TensorOf(x, &tx));
  NNRT_RETURN_IF_ERROR(b.TensorOf(y, &ty));
  const int32_t ohnn = DataTypeToOhnn(b.tensor(ty).data_type);
  const uint32_t type = b.AddConstant(DataType::kInt64, {1}, Int64Bytes({ohnn}));
  b.AddNode(NodeType::CAST, {}, {tx, type}, {ty});
  return Status::Ok();
}

// SHAPE: the input's dims as int32 or int64, as the dtype operand says (C-824).
Status LowerShape(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "SHAPE", 2, 1));
  NNRT_RETURN_IF_ERROR(ReadIndexDtype(op.input_operands[1], op.output_operands[0], "SHAPE dtype"));
  return LowerDirect(b, op, NodeType::SHAPE, {}, 1);
}

// FILL: NNRt's FILL takes (value, shape), NNAdapter's (shape, value); the
// output has the value's precision (C-827).
Status LowerFill(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "FILL", 2, 1));
  const Operand* shape = op.input_operands[0];
  const Operand* value = op.input_operands[1];
  const Operand* y = op.output_operands[0];
  if (shape == nullptr || value == nullptr || y == nullptr) return InvalidModel("FILL operand is missing");
  const int32_t p = RawValue(value->type.precision);
  if (p != NNADAPTER_FLOAT32 && p != NNADAPTER_INT32 && p != NNADAPTER_INT64 && p != NNADAPTER_BOOL8) {
    return InvalidModel("FILL value must be FLOAT32, INT32, INT64 or BOOL8, has precision " + std::to_string(p));
  }
  if (RawValue(y->type.precision) != p) {
    return InvalidModel("FILL output precision " + std::to_string(RawValue(y->type.precision)) +
                        " differs from the value's " + std::to_string(p));
  }
  uint32_t tv = 0, ts = 0, ty = 0;
  NNRT_RETURN_IF_ERROR(b.TensorOf(value, &tv));
  NNRT_RETURN_IF_ERROR(b.TensorOf(shape, &ts));
  NNRT_RETURN_IF_ERROR(b.TensorOf(y, &ty));
  b.AddNode(NodeType::FILL, {}, {tv, ts}, {ty});
  return Status::Ok();
}

// EXPAND is BROADCAST_TO with the constant shape as its attribute: numpy
// broadcasting aligned from the right, -1 keeps the input's dim (C-827).
Status LowerExpand(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "EXPAND", 2, 1));
  const Operand* shape = op.input_operands[1];
  if (shape != nullptr && !IsConstant(*shape)) {
    return Unsupported("EXPAND with a run-time shape: BROADCAST_TO takes the shape as an attribute (C-827)");
  }
  std::vector<int64_t> dims;
  NNRT_RETURN_IF_ERROR(ReadIntList(shape, "EXPAND shape", &dims));
  return LowerDirect(b, op, NodeType::BROADCAST_TO, {Attr::Int64s("shape", dims)}, 1);
}

}  // namespace nna
}  // namespace nnrt
