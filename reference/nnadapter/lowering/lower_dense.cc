// FULLY_CONNECTED, MAT_MUL, SOFTMAX and the normalisations.
#include <optional>

#include "reference/nnadapter/lowering/lower_ops.h"

namespace nnrt {
namespace nna {
namespace {

// Channel-last permutation of a rank-r NCHW-style tensor ([N, C, ...] ->
// [N, ..., C]) and its inverse.
std::vector<int32_t> ChannelLast(size_t rank) {
  std::vector<int32_t> perm = {0};
  for (size_t i = 2; i < rank; ++i) perm.push_back(static_cast<int32_t>(i));
  perm.push_back(1);
  return perm;
}
std::vector<int32_t> Inverse(const std::vector<int32_t>& perm) {
  std::vector<int32_t> inv(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) inv[perm[i]] = static_cast<int32_t>(i);
  return inv;
}

}  // namespace

Status LowerFullyConnected(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "FULLY_CONNECTED", 4, 1));
  FuseCode fuse;
  NNRT_RETURN_IF_ERROR(ReadFuseCode(op.input_operands[3], "FULLY_CONNECTED", &fuse));
  uint32_t x = 0, w = 0, bias = 0, y = 0;
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.input_operands[0], &x));
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.input_operands[1], &w));
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.input_operands[2], &bias));
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.output_operands[0], &y));
  const uint32_t target = FuseTarget(b, fuse, y);
  b.AddNode(NodeType::FULL_CONNECTION,
            {Attr::Bool("hasBias", true), Attr::Int8("activationType", static_cast<int8_t>(fuse.NodeActivation()))},
            {x, w, bias}, {target});
  AddFuseNode(b, fuse, target, y);
  return Status::Ok();
}

Status LowerMatMul(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "MAT_MUL", 4, 1));
  bool ta = false, tb = false;
  NNRT_RETURN_IF_ERROR(ReadBoolScalar(op.input_operands[2], "MAT_MUL transpose_input0", &ta));
  NNRT_RETURN_IF_ERROR(ReadBoolScalar(op.input_operands[3], "MAT_MUL transpose_input1", &tb));
  return LowerDirect(b, op, NodeType::MATMUL_FUSION, {Attr::Bool("transposeA", ta), Attr::Bool("transposeB", tb)}, 2);
}

Status LowerSoftmax(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "SOFTMAX", 2, 1));
  int64_t axis = 0;
  NNRT_RETURN_IF_ERROR(
      ReadAxis(op.input_operands[1], "SOFTMAX axis", op.input_operands[0]->type.dimensions.count, &axis));
  return LowerDirect(b, op, NodeType::SOFTMAX, {Attr::Int64s("axis", {axis})}, 1);
}

// FUSED_BATCH_NORM normalises along the last axis: [N, C, ...] is moved to
// channel-last and back (C-813).
Status LowerBatchNormalization(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "BATCH_NORMALIZATION", 6, 1));
  float epsilon = 0.0f;
  NNRT_RETURN_IF_ERROR(ReadFloatScalar(op.input_operands[5], "BATCH_NORMALIZATION epsilon", &epsilon));
  std::vector<uint32_t> ins(5);
  for (size_t i = 0; i < 5; ++i) NNRT_RETURN_IF_ERROR(b.TensorOf(op.input_operands[i], &ins[i]));
  uint32_t y = 0;
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.output_operands[0], &y));
  const size_t rank = b.tensor(ins[0]).dims.size();
  if (rank < 2) return InvalidModel("BATCH_NORMALIZATION input must be [N, C, ...]");
  const std::vector<int32_t> perm = ChannelLast(rank);
  ins[0] = b.Transpose(ins[0], perm);
  const Tensor& yt = b.tensor(y);
  const uint32_t y_last = b.AddTemporary(yt.data_type, PermuteDims(yt.dims, perm), yt.quant_params);
  b.AddNode(NodeType::FUSED_BATCH_NORM, {Attr::Float("epsilon", epsilon)}, ins, {y_last});
  b.TransposeInto(y_last, y, Inverse(perm));
  return Status::Ok();
}

Status LowerInstanceNormalization(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "INSTANCE_NORMALIZATION", 5, 1));
  float epsilon = 0.0f;
  FuseCode fuse;
  NNRT_RETURN_IF_ERROR(ReadFloatScalar(op.input_operands[3], "INSTANCE_NORMALIZATION epsilon", &epsilon));
  NNRT_RETURN_IF_ERROR(ReadFuseCode(op.input_operands[4], "INSTANCE_NORMALIZATION", &fuse));
  if (fuse.code != NNADAPTER_FUSED_NONE) {
    return Unsupported("INSTANCE_NORMALIZATION with a fuse code: INSTANCE_NORM has no fused activation (C-815)");
  }
  return LowerDirect(b, op, NodeType::INSTANCE_NORM, {Attr::Float("epsilon", epsilon)}, 3);
}

Status LowerLayerNormalization(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "LAYER_NORMALIZATION", 6, 1));
  int64_t axis = 0;
  float epsilon = 0.0f;
  FuseCode fuse;
  NNRT_RETURN_IF_ERROR(ReadAxis(op.input_operands[3], "LAYER_NORMALIZATION begin_norm_axis",
                                op.input_operands[0]->type.dimensions.count, &axis));
  NNRT_RETURN_IF_ERROR(ReadFloatScalar(op.input_operands[4], "LAYER_NORMALIZATION epsilon", &epsilon));
  NNRT_RETURN_IF_ERROR(ReadFuseCode(op.input_operands[5], "LAYER_NORMALIZATION", &fuse));
  if (fuse.code != NNADAPTER_FUSED_NONE) {
    return Unsupported("LAYER_NORMALIZATION with a fuse code: LAYER_NORM_FUSION has no fused activation (C-815)");
  }
  return LowerDirect(b, op, NodeType::LAYER_NORM_FUSION,
                     {Attr::Int64("beginNormAxis", axis), Attr::Float("epsilon", epsilon),
                      Attr::Bool("elementwiseAffine", true), Attr::Int64("beginParamsAxis", axis)},
                     3);
}

// PRELU_FUSION reads the channel from the last axis for a tensor that is not
// declared NCHW: [N, C, ...] is moved to channel-last and back (C-813).
Status LowerPrelu(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "PRELU", 2, 1));
  uint32_t x = 0, slope = 0, y = 0;
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.input_operands[0], &x));
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.input_operands[1], &slope));
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.output_operands[0], &y));
  const size_t rank = b.tensor(x).dims.size();
  const std::optional<int64_t> slopes = ElementCount(b.tensor(slope).dims);
  const bool shared = slopes.has_value() && *slopes == 1;
  if (rank < 2) return InvalidModel("PRELU input must be [N, C, ...]");
  const std::vector<int32_t> perm = ChannelLast(rank);
  const uint32_t x_last = b.Transpose(x, perm);
  const Tensor& yt = b.tensor(y);
  const uint32_t y_last = b.AddTemporary(yt.data_type, PermuteDims(yt.dims, perm), yt.quant_params);
  b.AddNode(NodeType::PRELU_FUSION, {Attr::Bool("channelShared", shared)}, {x_last, slope}, {y_last});
  b.TransposeInto(y_last, y, Inverse(perm));
  return Status::Ok();
}

}  // namespace nna
}  // namespace nnrt
