// EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER, GREATER_EQUAL -> Arm NN
// Comparison layer (docs/operators/comparison.md), numpy broadcasting
// after the lower-rank operand is reshaped to the output rank.
//
// Lowered: float32 operands (CpuRef compares the float32 values with the
// IEEE relations, as NNRt's binary64 comparison of the same values does), and
// quantized int8/uint8 operands that share one scale and zero point (CpuRef
// compares (q - z) * s in float32, monotone in q for one positive s, so the
// order of the codes is kept). Refused: plain integers (CpuRef decodes
// Signed32 to float32, losing order above 2^24), bool operands (no Arm NN
// comparison), quantized operands with different parameters (the float32
// products may round two different reals to one value).
#include "cts_driver/drivers/armnn/armnn_lowering.h"

namespace nnrt {
namespace armnn_driver {
namespace {

armnn::ComparisonOperation ComparisonOf(NodeType type) {
  switch (type) {
    case NodeType::EQUAL: return armnn::ComparisonOperation::Equal;
    case NodeType::NOT_EQUAL: return armnn::ComparisonOperation::NotEqual;
    case NodeType::LESS: return armnn::ComparisonOperation::Less;
    case NodeType::LESS_EQUAL: return armnn::ComparisonOperation::LessOrEqual;
    case NodeType::GREATER: return armnn::ComparisonOperation::Greater;
    default: return armnn::ComparisonOperation::GreaterOrEqual;
  }
}

Status LowerComparison(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 2 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  const Tensor& a = ctx.T(n.inputs[0]);
  const Tensor& b = ctx.T(n.inputs[1]);
  const Tensor& y = ctx.T(n.outputs[0]);
  if (y.data_type != DataType::kBool) return Unsupported(ctx.Label() + ": output must be bool");
  if (a.data_type != b.data_type || a.IsQuantized() != b.IsQuantized()) {
    return Unsupported(ctx.Label() + ": operands of different types");
  }
  if (a.IsQuantized()) {
    if (a.data_type != DataType::kInt8 && a.data_type != DataType::kUint8) {
      return Unsupported(ctx.Label() + ": quantized int8/uint8 only");
    }
    if (a.quant_params.size() != 1 || b.quant_params.size() != 1 || !(a.quant_params[0] == b.quant_params[0])) {
      return Unsupported(ctx.Label() + ": quantized operands must share one per-tensor scale and zero point");
    }
  } else if (a.data_type != DataType::kFloat32) {
    return Unsupported(ctx.Label() + ": float32 or quantized operands only");
  }
  armnn::ComparisonDescriptor d(ComparisonOf(n.type));
  armnn::IConnectableLayer* layer = ctx.network().AddComparisonLayer(d);
  const unsigned rank = ctx.Shape(n.outputs[0]).GetNumDimensions();
  NNRT_RETURN_IF_ERROR(ctx.ConnectAtRank(n.inputs[0], layer, 0, rank));
  NNRT_RETURN_IF_ERROR(ctx.ConnectAtRank(n.inputs[1], layer, 1, rank));
  // y's quant params (accepted and ignored by NNRt) must not reach Arm NN.
  layer->GetOutputSlot(0).SetTensorInfo(armnn::TensorInfo(ctx.Shape(n.outputs[0]), armnn::DataType::Boolean));
  ctx.SetProducer(n.outputs[0], &layer->GetOutputSlot(0));
  return Status::Ok();
}

}  // namespace

NNRT_ARMNN_LOWERING(EQUAL, LowerComparison);
NNRT_ARMNN_LOWERING(NOT_EQUAL, LowerComparison);
NNRT_ARMNN_LOWERING(LESS, LowerComparison);
NNRT_ARMNN_LOWERING(LESS_EQUAL, LowerComparison);
NNRT_ARMNN_LOWERING(GREATER, LowerComparison);
NNRT_ARMNN_LOWERING(GREATER_EQUAL, LowerComparison);

}  // namespace armnn_driver
}  // namespace nnrt
