// MAXIMUM, MINIMUM -> Arm NN Maximum, Minimum layers (docs/operators/binary_math.md), numpy
// broadcasting after the lower-rank operand is reshaped
// to the output rank. Float32, or quantized int8/uint8 per tensor (all three
// of one data type; CpuRef dequantises to float32, takes the max / min and
// requantises: within the suite's +-1 of C-689). Plain integers are refused
// (CpuRef decodes Signed32 through float32).
#include "cts_driver/drivers/armnn/armnn_lowering.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status LowerMinMax(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 2 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  const Tensor& a = ctx.T(n.inputs[0]);
  const Tensor& b = ctx.T(n.inputs[1]);
  const Tensor& y = ctx.T(n.outputs[0]);
  if (a.data_type != y.data_type || b.data_type != y.data_type) return Unsupported(ctx.Label() + ": mixed data types");
  const bool quant = y.IsQuantized();
  if (a.IsQuantized() != quant || b.IsQuantized() != quant) return Unsupported(ctx.Label() + ": mixed quantisation");
  if (quant) {
    if (y.data_type != DataType::kInt8 && y.data_type != DataType::kUint8) {
      return Unsupported(ctx.Label() + ": quantized int8/uint8 only");
    }
    if (a.quant_params.size() != 1 || b.quant_params.size() != 1 || y.quant_params.size() != 1) {
      return Unsupported(ctx.Label() + ": per-tensor quantisation only");
    }
  } else if (y.data_type != DataType::kFloat32) {
    return Unsupported(ctx.Label() + ": float32 or quantized int8/uint8 only");
  }
  armnn::IConnectableLayer* layer =
      n.type == NodeType::MAXIMUM ? ctx.network().AddMaximumLayer() : ctx.network().AddMinimumLayer();
  const unsigned rank = ctx.Shape(n.outputs[0]).GetNumDimensions();
  NNRT_RETURN_IF_ERROR(ctx.ConnectAtRank(n.inputs[0], layer, 0, rank));
  NNRT_RETURN_IF_ERROR(ctx.ConnectAtRank(n.inputs[1], layer, 1, rank));
  return ctx.Produce(layer, 0, n.outputs[0]);
}

}  // namespace

NNRT_ARMNN_LOWERING(MAXIMUM, LowerMinMax);
NNRT_ARMNN_LOWERING(MINIMUM, LowerMinMax);

}  // namespace armnn_driver
}  // namespace nnrt
