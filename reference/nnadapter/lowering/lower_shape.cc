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

// REDUCE_FUSION MEAN over the axes operand (none: every axis, as both define).
Status LowerReduceMean(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "REDUCE_MEAN", 3, 1));
  bool keep = true;
  NNRT_RETURN_IF_ERROR(ReadBoolScalar(op.input_operands[2], "REDUCE_MEAN keepdim", &keep));
  std::vector<int64_t> axes;
  NNRT_RETURN_IF_ERROR(ReadIntList(op.input_operands[1], "REDUCE_MEAN axes", &axes));
  uint32_t x = 0, y = 0;
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.input_operands[0], &x));
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.output_operands[0], &y));
  const uint32_t axes_tensor =
      b.AddConstant(DataType::kInt64, {static_cast<int32_t>(axes.size())}, Int64Bytes(axes));
  b.AddNode(NodeType::REDUCE_FUSION, {Attr::Bool("keepDims", keep), Attr::Int8("mode", 0)}, {x, axes_tensor}, {y});
  return Status::Ok();
}

// PAD_FUSION CONSTANT / REFLECT with the pads as a [rank, 2] constant (the
// NNAdapter list {x0_begin, x0_end, ...} is that matrix row-major). EDGE and
// REPLICATE repeat the border element; NNRt's SYMMETRIC mirrors it: no
// lowering (C-818).
Status LowerPad(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "PAD", 4, 1));
  std::vector<int64_t> pads;
  int32_t mode = 0;
  NNRT_RETURN_IF_ERROR(ReadIntList(op.input_operands[1], "PAD pads", &pads));
  NNRT_RETURN_IF_ERROR(ReadInt32Scalar(op.input_operands[2], "PAD mode", &mode));
  int8_t nnrt_mode = 0;
  if (mode == NNADAPTER_PAD_MODE_CONSTANT) {
    nnrt_mode = 0;
  } else if (mode == NNADAPTER_PAD_MODE_REFLECT) {
    nnrt_mode = 1;
  } else {
    return Unsupported("PAD mode " + std::to_string(mode) +
                       ": only CONSTANT and REFLECT have an NNRt padding mode (C-818)");
  }
  float value = 0.0f;
  if (mode == NNADAPTER_PAD_MODE_CONSTANT) {
    if (RawValue(op.input_operands[0]->type.precision) != NNADAPTER_FLOAT32) {
      return Unsupported("PAD CONSTANT on a non-float32 input: the value operand's type has no NNRt attribute (C-818)");
    }
    NNRT_RETURN_IF_ERROR(ReadFloatScalar(op.input_operands[3], "PAD value", &value));
  }
  uint32_t x = 0, y = 0;
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.input_operands[0], &x));
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.output_operands[0], &y));
  if (pads.size() != 2 * b.tensor(x).dims.size()) {
    return InvalidModel("PAD pads holds " + std::to_string(pads.size()) + " values for rank " +
                        std::to_string(b.tensor(x).dims.size()));
  }
  const uint32_t paddings =
      b.AddConstant(DataType::kInt64, {static_cast<int32_t>(pads.size() / 2), 2}, Int64Bytes(pads));
  b.AddNode(NodeType::PAD_FUSION, {Attr::Int8("paddingMode", nnrt_mode), Attr::Float("constantValue", value)},
            {x, paddings}, {y});
  return Status::Ok();
}

}  // namespace nna
}  // namespace nnrt
