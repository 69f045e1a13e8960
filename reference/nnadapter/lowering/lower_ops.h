// The operation lowerings, one function per NNAdapter operation (or family),
// referenced by the table in lowering.cc.
#ifndef NNRT_REFERENCE_NNADAPTER_LOWERING_LOWER_OPS_H_
#define NNRT_REFERENCE_NNADAPTER_LOWERING_LOWER_OPS_H_

#include "reference/nnadapter/lowering/lowering.h"
#include "reference/nnadapter/lowering/lowering_common.h"

namespace nnrt {
namespace nna {

// One node of `type` reading the tensors of the first `tensor_inputs` input
// operands and writing every output operand.
Status LowerDirect(LoweringBuilder& b, const Operation& op, NodeType type, std::vector<Attr> attrs,
                   size_t tensor_inputs);

// lower_conv_pool.cc
Status LowerConv2D(LoweringBuilder& b, const Operation& op);
Status LowerConv2DTranspose(LoweringBuilder& b, const Operation& op);
Status LowerAveragePool2D(LoweringBuilder& b, const Operation& op);
Status LowerMaxPool2D(LoweringBuilder& b, const Operation& op);

// lower_elementwise.cc
// lower_elementwise.cc: the families, with the name used in messages.
Status LowerFusedBinary(LoweringBuilder& b, const Operation& op, const char* name, NodeType type);
Status LowerBinaryThenActivation(LoweringBuilder& b, const Operation& op, const char* name, NodeType type);
Status LowerComparison(LoweringBuilder& b, const Operation& op, const char* name, NodeType type);
Status LowerActivation(LoweringBuilder& b, const Operation& op, const char* name, ActivationType act);

// The table's entries for those families (the name comes from the code).
template <NodeType kType>
Status LowerFusedBinaryOf(LoweringBuilder& b, const Operation& op) {  // input0, input1, fuse_code
  return LowerFusedBinary(b, op, OperationName(op.type), kType);
}
template <NodeType kType>
Status LowerBinaryThenActivationOf(LoweringBuilder& b, const Operation& op) {  // MAX, MIN
  return LowerBinaryThenActivation(b, op, OperationName(op.type), kType);
}
template <NodeType kType>
Status LowerComparisonOf(LoweringBuilder& b, const Operation& op) {
  return LowerComparison(b, op, OperationName(op.type), kType);
}
template <ActivationType kType>
Status LowerActivationOf(LoweringBuilder& b, const Operation& op) {
  return LowerActivation(b, op, OperationName(op.type), kType);
}

Status LowerExp(LoweringBuilder& b, const Operation& op);
Status LowerLog(LoweringBuilder& b, const Operation& op);
Status LowerLeakyRelu(LoweringBuilder& b, const Operation& op);
Status LowerGelu(LoweringBuilder& b, const Operation& op);
Status LowerClip(LoweringBuilder& b, const Operation& op);

// lower_dense.cc
Status LowerFullyConnected(LoweringBuilder& b, const Operation& op);
Status LowerMatMul(LoweringBuilder& b, const Operation& op);
Status LowerSoftmax(LoweringBuilder& b, const Operation& op);
Status LowerBatchNormalization(LoweringBuilder& b, const Operation& op);
Status LowerInstanceNormalization(LoweringBuilder& b, const Operation& op);
Status LowerLayerNormalization(LoweringBuilder& b, const Operation& op);
Status LowerPrelu(LoweringBuilder& b, const Operation& op);

// lower_shape.cc
Status LowerAssign(LoweringBuilder& b, const Operation& op);
Status LowerReshape(LoweringBuilder& b, const Operation& op);
Status LowerTranspose(LoweringBuilder& b, const Operation& op);
Status LowerConcat(LoweringBuilder& b, const Operation& op);
Status LowerStack(LoweringBuilder& b, const Operation& op);
Status LowerSplit(LoweringBuilder& b, const Operation& op);
Status LowerFlatten(LoweringBuilder& b, const Operation& op);
Status LowerSqueeze(LoweringBuilder& b, const Operation& op);
Status LowerUnsqueeze(LoweringBuilder& b, const Operation& op);
Status LowerGather(LoweringBuilder& b, const Operation& op);
Status LowerReduceMean(LoweringBuilder& b, const Operation& op);
Status LowerPad(LoweringBuilder& b, const Operation& op);

// lower_index.cc
Status LowerArgMax(LoweringBuilder& b, const Operation& op);
Status LowerTopK(LoweringBuilder& b, const Operation& op);
Status LowerSlice(LoweringBuilder& b, const Operation& op);

// lower_type_shape.cc
Status LowerCast(LoweringBuilder& b, const Operation& op);
Status LowerShape(LoweringBuilder& b, const Operation& op);
Status LowerFill(LoweringBuilder& b, const Operation& op);
Status LowerExpand(LoweringBuilder& b, const Operation& op);

// lower_resize.cc
Status LowerResizeNearest(LoweringBuilder& b, const Operation& op);
Status LowerResizeLinear(LoweringBuilder& b, const Operation& op);
// lower_decomposed.cc: no NNRt node type, exact compositions of NNRt nodes (C-850)
Status LowerArgMin(LoweringBuilder& b, const Operation& op);
Status LowerAdaptiveAveragePool2D(LoweringBuilder& b, const Operation& op);
Status LowerAdaptiveMaxPool2D(LoweringBuilder& b, const Operation& op);
Status LowerCumSum(LoweringBuilder& b, const Operation& op);

}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_LOWERING_LOWER_OPS_H_
