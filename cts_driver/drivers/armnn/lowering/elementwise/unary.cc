// ABS, NEG, SQRT, RSQRT, EXPFUSION -> Arm NN ElementwiseUnary (Abs, Neg,
// Sqrt, Rsqrt, Exp); FLOOR -> Arm NN Floor (docs/operators/unary_math.md, exp.md).
//
// Lowered: float32 in and out (CpuRef computes the function in float32: ABS,
// NEG, FLOOR and SQRT are exact or correctly rounded as NNRt's binary64
// value rounded once; RSQRT is 1 / sqrt (two float32 roundings) and EXP is
// the float32 libm exp, within the suite's RSQRT and EXP ulp bounds), and
// quantized int8/uint8 per tensor of one data type for the ElementwiseUnary
// functions (CpuRef dequantises to float32, applies the function and
// requantises, within the +-1 of the 4.9 table). EXPFUSION only with its
// defaults base -1 (e), scale 1, shift 0: Arm NN's Exp has no base, scale or
// shift. Refused: plain integers (NNRt's wrapping ABS / NEG of INT_MIN has no
// Arm NN form and CpuRef decodes Signed32 through float32) and quantized
// FLOOR (Arm NN's Floor is float only). Quantized SQRT and RSQRT only when
// x's zero point is at or below the type's lowest code (every code a real
// >= 0): NNRt writes z_y for the NaN of a negative input (docs/operators/unary_math.md), while
// CpuRef's requantisation asserts the value is not NaN
// and aborts the process.
#include "cts_driver/drivers/armnn/armnn_lowering.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status CheckUnaryTypes(LoweringContext& ctx, bool quantized_allowed) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 1 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  const Tensor& x = ctx.T(n.inputs[0]);
  const Tensor& y = ctx.T(n.outputs[0]);
  if (x.data_type != y.data_type || x.IsQuantized() != y.IsQuantized()) {
    return Unsupported(ctx.Label() + ": x and y of different types");
  }
  if (!x.IsQuantized()) {
    if (x.data_type != DataType::kFloat32) return Unsupported(ctx.Label() + ": float32 or quantized int8/uint8 only");
    return Status::Ok();
  }
  if (!quantized_allowed) return Unsupported(ctx.Label() + ": float32 only");
  if (x.data_type != DataType::kInt8 && x.data_type != DataType::kUint8) {
    return Unsupported(ctx.Label() + ": quantized int8/uint8 only");
  }
  if (x.quant_params.size() != 1 || y.quant_params.size() != 1) {
    return Unsupported(ctx.Label() + ": per-tensor quantisation only");
  }
  return Status::Ok();
}

// Quantized x whose codes all stand for reals >= 0 (float x passes: CpuRef's
// float32 sqrt gives the NaN NNRt wants).
Status CheckNoNegativeCodes(LoweringContext& ctx) {
  const Tensor& x = ctx.T(ctx.node().inputs[0]);
  if (!x.IsQuantized()) return Status::Ok();
  const int32_t lowest = x.data_type == DataType::kInt8 ? -128 : 0;
  if (x.quant_params[0].zero_point > lowest) {
    return Unsupported(ctx.Label() + ": quantized x with codes below its zero point (CpuRef aborts on the NaN)");
  }
  return Status::Ok();
}

Status LowerElementwiseUnary(LoweringContext& ctx) {
  const Node& n = ctx.node();
  NNRT_RETURN_IF_ERROR(CheckUnaryTypes(ctx, /*quantized_allowed=*/true));
  armnn::UnaryOperation op = armnn::UnaryOperation::Abs;
  switch (n.type) {
    case NodeType::ABS: op = armnn::UnaryOperation::Abs; break;
    case NodeType::NEG: op = armnn::UnaryOperation::Neg; break;
    case NodeType::SQRT:
    case NodeType::RSQRT:
      NNRT_RETURN_IF_ERROR(CheckNoNegativeCodes(ctx));
      op = n.type == NodeType::SQRT ? armnn::UnaryOperation::Sqrt : armnn::UnaryOperation::Rsqrt;
      break;
    case NodeType::EXPFUSION:
      // C-177 defaults: y = e^x. Any other base, scale or shift has no Arm NN form.
      if (FloatAttr(n, "base") != -1.0f || FloatAttr(n, "scale") != 1.0f || FloatAttr(n, "shift") != 0.0f) {
        return Unsupported(ctx.Label() + ": EXPFUSION with base, scale or shift other than -1, 1, 0");
      }
      op = armnn::UnaryOperation::Exp;
      break;
    default: return Unsupported(ctx.Label() + ": not an element-wise unary node");
  }
  armnn::IConnectableLayer* layer = ctx.network().AddElementwiseUnaryLayer(armnn::ElementwiseUnaryDescriptor(op));
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  return ctx.Produce(layer, 0, n.outputs[0]);
}

Status LowerFloor(LoweringContext& ctx) {
  const Node& n = ctx.node();
  NNRT_RETURN_IF_ERROR(CheckUnaryTypes(ctx, /*quantized_allowed=*/false));
  armnn::IConnectableLayer* layer = ctx.network().AddFloorLayer();
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  return ctx.Produce(layer, 0, n.outputs[0]);
}

}  // namespace

NNRT_ARMNN_LOWERING(ABS, LowerElementwiseUnary);
NNRT_ARMNN_LOWERING(NEG, LowerElementwiseUnary);
NNRT_ARMNN_LOWERING(SQRT, LowerElementwiseUnary);
NNRT_ARMNN_LOWERING(RSQRT, LowerElementwiseUnary);
NNRT_ARMNN_LOWERING(EXPFUSION, LowerElementwiseUnary);
NNRT_ARMNN_LOWERING(FLOOR, LowerFloor);

}  // namespace armnn_driver
}  // namespace nnrt
