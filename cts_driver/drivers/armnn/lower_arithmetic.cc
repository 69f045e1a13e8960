// ADD_FUSION, SUB_FUSION, MUL_FUSION, DIV_FUSION -> Arm NN Addition,
// Subtraction, Multiplication, Division layers (numpy broadcasting after the
// lower-rank operand is reshaped to the output rank) with the fused RELU /
// RELU6 as an activation layer (docs/semantics.md "Element-wise arithmetic").
// Float32 and quantized int8 / uint8 with both operands and the output of
// one data type; int32 arithmetic is refused (Arm NN's Signed32 division
// truncates through float).
#include "cts_driver/drivers/armnn/armnn_lowering.h"
#include "reference/ops/op_util.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status LowerArithmetic(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 2 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  const Tensor& a = ctx.T(n.inputs[0]);
  const Tensor& b = ctx.T(n.inputs[1]);
  const Tensor& y = ctx.T(n.outputs[0]);
  if (a.data_type != y.data_type || b.data_type != y.data_type) return Unsupported(ctx.Label() + ": mixed data types");
  const bool quant = y.IsQuantized();
  if (!(y.data_type == DataType::kFloat32 && !quant) &&
      !(quant && (y.data_type == DataType::kInt8 || y.data_type == DataType::kUint8))) {
    return Unsupported(ctx.Label() + ": float32 or quantized int8/uint8 only");
  }
  if (quant && (a.quant_params.size() != 1 || b.quant_params.size() != 1 || y.quant_params.size() != 1)) {
    return Unsupported(ctx.Label() + ": per-tensor quantisation only");
  }
  ActivationType act = ActivationType::kNone;
  NNRT_RETURN_IF_ERROR(ReadFusedActivation(n, &act));
  armnn::INetwork& net = ctx.network();
  armnn::IConnectableLayer* layer = nullptr;
  switch (n.type) {
    case NodeType::ADD_FUSION: layer = net.AddAdditionLayer(); break;
    case NodeType::SUB_FUSION: layer = net.AddSubtractionLayer(); break;
    case NodeType::MUL_FUSION: layer = net.AddMultiplicationLayer(); break;
    case NodeType::DIV_FUSION: layer = net.AddDivisionLayer(); break;
    default: return Unsupported(ctx.Label() + ": not an arithmetic node");
  }
  const unsigned rank = ctx.Shape(n.outputs[0]).GetNumDimensions();
  NNRT_RETURN_IF_ERROR(ctx.ConnectAtRank(n.inputs[0], layer, 0, rank));
  NNRT_RETURN_IF_ERROR(ctx.ConnectAtRank(n.inputs[1], layer, 1, rank));
  return ctx.ProduceActivated(layer, n.outputs[0], act);
}

}  // namespace

NNRT_ARMNN_LOWERING(ADD_FUSION, LowerArithmetic);
NNRT_ARMNN_LOWERING(SUB_FUSION, LowerArithmetic);
NNRT_ARMNN_LOWERING(MUL_FUSION, LowerArithmetic);
NNRT_ARMNN_LOWERING(DIV_FUSION, LowerArithmetic);

}  // namespace armnn_driver
}  // namespace nnrt
