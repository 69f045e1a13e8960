// Data movement: ASSIGN, RESHAPE, TRANSPOSE, CONCAT, STACK, SPLIT, FLATTEN,
// SQUEEZE, UNSQUEEZE, GATHER. Layout-free: the NCHW order is kept.
#include <numeric>

#include "reference/nnadapter/lowering/lower_ops.h"

namespace nnrt {
namespace nna {
namespace {

Status ReadAxisScalar(const Operand* operand, const std::string& what, int64_t* axis) {
  int32_t v = 0;
  NNRT_RETURN_IF_ERROR(ReadInt32Scalar(operand, what, &v));
  *axis = v;
  return Status::Ok();
}

std::vector<uint8_t> Int64Bytes(const std::vector<int64_t>& values) {
  std::vector<uint8_t> bytes(values.size() * 8);
  for (size_t i = 0; i < values.size(); ++i) {
    for (int k = 0; k < 8; ++k) bytes[8 * i + k] = static_cast<uint8_t>((static_cast<uint64_t>(values[i]) >> (8 * k)) & 0xff);
  }
  return bytes;
}

// Inputs 0..n-2 tensors, input n-1 the axis (CONCAT, STACK).
Status LowerJoin(LoweringBuilder& b, const Operation& op, const char* name, NodeType type) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, name, -2, 1));
  int64_t axis = 0;
  NNRT_RETURN_IF_ERROR(ReadAxisScalar(op.input_operands.back(), std::string(name) + " axis", &axis));
  return LowerDirect(b, op, type, {Attr::Int64("axis", axis)}, op.input_operands.size() - 1);
}

}  // namespace

// A RESHAPE to its own dims: an exact copy.
Status LowerAssign(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "ASSIGN", 1, 1));
  uint32_t x = 0, y = 0;
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.input_operands[0], &x));
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.output_operands[0], &y));
  const Dims dims = b.tensor(x).dims;
  if (IsDynamic(dims)) return Unsupported("ASSIGN of an input with dynamic dims (C-817)");
  const std::vector<int64_t> shape(dims.begin(), dims.end());
  const uint32_t s = b.AddConstant(DataType::kInt64, {static_cast<int32_t>(shape.size())}, Int64Bytes(shape));
  b.AddNode(NodeType::RESHAPE, {}, {x, s}, {y});
  return Status::Ok();
}

Status LowerReshape(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "RESHAPE", 2, 1));
  return LowerDirect(b, op, NodeType::RESHAPE, {}, 2);
}

Status LowerTranspose(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "TRANSPOSE", 2, 1));
  return LowerDirect(b, op, NodeType::TRANSPOSE, {}, 2);
}

Status LowerConcat(LoweringBuilder& b, const Operation& op) { return LowerJoin(b, op, "CONCAT", NodeType::CONCAT); }
Status LowerStack(LoweringBuilder& b, const Operation& op) { return LowerJoin(b, op, "STACK", NodeType::STACK); }

Status LowerSplit(LoweringBuilder& b, const Operation& op) {
  if (op.input_operands.size() != 3 || op.output_operands.empty()) {
    return InvalidModel("SPLIT takes 3 inputs and at least one output");
  }
  int64_t axis = 0;
  std::vector<int64_t> sizes;
  NNRT_RETURN_IF_ERROR(ReadAxisScalar(op.input_operands[1], "SPLIT axis", &axis));
  NNRT_RETURN_IF_ERROR(ReadIntList(op.input_operands[2], "SPLIT split", &sizes));
  if (sizes.size() != op.output_operands.size()) {
    return InvalidModel("SPLIT split holds " + std::to_string(sizes.size()) + " sizes for " +
                        std::to_string(op.output_operands.size()) + " outputs");
  }
  return LowerDirect(b, op, NodeType::SPLIT,
                     {Attr::Int64("outputNum", static_cast<int64_t>(sizes.size())), Attr::Int64s("sizeSplits", sizes),
                      Attr::Int64("axis", axis)},
                     1);
}

// FLATTEN start..end becomes a RESHAPE to the output's dims (static inputs).
Status LowerFlatten(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "FLATTEN", 3, 1));
  int64_t start = 0, end = 0;
  NNRT_RETURN_IF_ERROR(ReadAxisScalar(op.input_operands[1], "FLATTEN start_axis", &start));
  NNRT_RETURN_IF_ERROR(ReadAxisScalar(op.input_operands[2], "FLATTEN end_axis", &end));
  uint32_t x = 0, y = 0;
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.input_operands[0], &x));
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.output_operands[0], &y));
  const Dims dims = b.tensor(x).dims;
  const int64_t rank = static_cast<int64_t>(dims.size());
  if (start < 0) start += rank;
  if (end < 0) end += rank;
  if (start < 0 || end >= rank || start > end) {
    return InvalidModel("FLATTEN axes [" + std::to_string(start) + ", " + std::to_string(end) + "] for rank " +
                        std::to_string(rank));
  }
  if (IsDynamic(dims)) return Unsupported("FLATTEN of an input with dynamic dims (C-817)");
  std::vector<int64_t> shape(dims.begin(), dims.begin() + start);
  shape.push_back(std::accumulate(dims.begin() + start, dims.begin() + end + 1, int64_t{1}, std::multiplies<int64_t>()));
  shape.insert(shape.end(), dims.begin() + end + 1, dims.end());
  const uint32_t s = b.AddConstant(DataType::kInt64, {static_cast<int32_t>(shape.size())}, Int64Bytes(shape));
  b.AddNode(NodeType::RESHAPE, {}, {x, s}, {y});
  return Status::Ok();
}

Status LowerSqueeze(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "SQUEEZE", 2, 1));
  std::vector<int64_t> axes;
  NNRT_RETURN_IF_ERROR(ReadIntList(op.input_operands[1], "SQUEEZE axes", &axes));
  return LowerDirect(b, op, NodeType::SQUEEZE, {Attr::Int64s("axis", axes)}, 1);
}

Status LowerUnsqueeze(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "UNSQUEEZE", 2, 1));
  std::vector<int64_t> axes;
  NNRT_RETURN_IF_ERROR(ReadIntList(op.input_operands[1], "UNSQUEEZE axes", &axes));
  return LowerDirect(b, op, NodeType::UNSQUEEZE, {Attr::Int64s("axis", axes)}, 1);
}

// GATHER's axis is NNRt input 2 (a tensor): the constant scalar is passed on.
Status LowerGather(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "GATHER", 3, 1));
  int64_t axis = 0;
  NNRT_RETURN_IF_ERROR(ReadAxisScalar(op.input_operands[2], "GATHER axis", &axis));
  return LowerDirect(b, op, NodeType::GATHER, {}, 3);
}

}  // namespace nna
}  // namespace nnrt
