// Element-wise operations: binary arithmetic with a fuse code, comparisons
// and unary activations. Element-wise nodes are layout-free, so NCHW operands
// need no transposes.
#include "reference/nnadapter/lowering/lower_ops.h"

namespace nnrt {
namespace nna {

Status LowerDirect(LoweringBuilder& b, const Operation& op, NodeType type, std::vector<Attr> attrs,
                   size_t tensor_inputs) {
  std::vector<uint32_t> ins, outs;
  for (size_t i = 0; i < tensor_inputs && i < op.input_operands.size(); ++i) {
    uint32_t t = 0;
    NNRT_RETURN_IF_ERROR(b.TensorOf(op.input_operands[i], &t));
    ins.push_back(t);
  }
  for (const Operand* o : op.output_operands) {
    uint32_t t = 0;
    NNRT_RETURN_IF_ERROR(b.TensorOf(o, &t));
    outs.push_back(t);
  }
  b.AddNode(type, std::move(attrs), std::move(ins), std::move(outs));
  return Status::Ok();
}

// The operands of input0, input1, fuse_code -> output.
Status ReadBinaryOperands(LoweringBuilder& b, const Operation& op, const char* name, FuseCode* fuse, uint32_t* a,
                          uint32_t* c, uint32_t* y) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, name, 3, 1));
  NNRT_RETURN_IF_ERROR(ReadFuseCode(op.input_operands[2], name, fuse));
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.input_operands[0], a));
  NNRT_RETURN_IF_ERROR(b.TensorOf(op.input_operands[1], c));
  return b.TensorOf(op.output_operands[0], y);
}

// input0, input1, fuse_code -> a *Fusion node with activationType (RELU1
// through an extra node, C-815).
Status LowerFusedBinary(LoweringBuilder& b, const Operation& op, const char* name, NodeType type) {
  FuseCode fuse;
  uint32_t a = 0, c = 0, y = 0;
  NNRT_RETURN_IF_ERROR(ReadBinaryOperands(b, op, name, &fuse, &a, &c, &y));
  const uint32_t target = FuseTarget(b, fuse, y);
  b.AddNode(type, {Attr::Int8("activationType", static_cast<int8_t>(fuse.NodeActivation()))}, {a, c}, {target});
  AddFuseNode(b, fuse, target, y);
  return Status::Ok();
}

// MAXIMUM / MINIMUM have no activationType: a fuse code other than NONE
// becomes an ACTIVATION node after them (C-815).
Status LowerBinaryThenActivation(LoweringBuilder& b, const Operation& op, const char* name, NodeType type) {
  FuseCode fuse;
  uint32_t a = 0, c = 0, y = 0;
  NNRT_RETURN_IF_ERROR(ReadBinaryOperands(b, op, name, &fuse, &a, &c, &y));
  if (fuse.code == NNADAPTER_FUSED_NONE) {
    b.AddNode(type, {}, {a, c}, {y});
    return Status::Ok();
  }
  const Tensor& yt = b.tensor(y);
  const uint32_t tmp = b.AddTemporary(yt.data_type, yt.dims, yt.quant_params);
  b.AddNode(type, {}, {a, c}, {tmp});
  const ActivationType act = fuse.code == NNADAPTER_FUSED_RELU    ? ActivationType::kRelu
                             : fuse.code == NNADAPTER_FUSED_RELU6 ? ActivationType::kRelu6
                                                                   : ActivationType::kRelu1;
  b.AddNode(NodeType::ACTIVATION, ActivationAttrs(act), {tmp}, {y});
  return Status::Ok();
}

Status LowerComparison(LoweringBuilder& b, const Operation& op, const char* name, NodeType type) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, name, 2, 1));
  return LowerDirect(b, op, type, {}, 2);
}

Status LowerActivation(LoweringBuilder& b, const Operation& op, const char* name, ActivationType act) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, name, 1, 1));
  return LowerDirect(b, op, NodeType::ACTIVATION, ActivationAttrs(act), 1);
}

Status LowerExp(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "EXP", 1, 1));
  return LowerDirect(b, op, NodeType::EXPFUSION, {}, 1);  // defaults: base e, scale 1, shift 0
}

Status LowerLog(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "LOG", 1, 1));
  return LowerDirect(b, op, NodeType::LOG, {}, 1);
}

Status LowerLeakyRelu(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "LEAKY_RELU", 2, 1));
  float alpha = 0.0f;
  NNRT_RETURN_IF_ERROR(ReadFloatScalar(op.input_operands[1], "LEAKY_RELU alpha", &alpha));
  return LowerDirect(b, op, NodeType::LEAKY_RELU, {Attr::Float("negativeSlope", alpha)}, 1);
}

Status LowerGelu(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "GELU", 2, 1));
  bool approximate = false;
  NNRT_RETURN_IF_ERROR(ReadBoolScalar(op.input_operands[1], "GELU approximate", &approximate));
  std::vector<Attr> attrs = ActivationAttrs(ActivationType::kGelu);
  attrs.push_back(Attr::Bool("approximate", approximate));
  return LowerDirect(b, op, NodeType::ACTIVATION, std::move(attrs), 1);
}

Status LowerClip(LoweringBuilder& b, const Operation& op) {
  NNRT_RETURN_IF_ERROR(CheckOperandCount(op, "CLIP", 3, 1));
  if (op.input_operands[0] == nullptr || RawValue(op.input_operands[0]->type.precision) != NNADAPTER_FLOAT32) {
    return Unsupported("CLIP on quantised input: min and max are quantised codes NNRt's float attributes do not carry "
                       "(C-816)");
  }
  std::vector<float> lo, hi;
  NNRT_RETURN_IF_ERROR(ReadFloatList(op.input_operands[1], "CLIP min", &lo));
  NNRT_RETURN_IF_ERROR(ReadFloatList(op.input_operands[2], "CLIP max", &hi));
  if (lo.size() != 1 || hi.size() != 1) return InvalidModel("CLIP min and max must hold one value each");
  return LowerDirect(b, op, NodeType::CLIP, {Attr::Float("max", hi[0]), Attr::Float("min", lo[0])}, 1);
}

}  // namespace nna
}  // namespace nnrt
