// QUANT_DTYPE_CAST and QUANT_DTYPE_CAST_V2 with per-tensor quantisation ->
// Arm NN Quantize (int8 / uint8 -> int8 / uint8 requantisation) or Dequantize
// (int8 / uint8 -> float32, scales that are float32 values)
// (docs/operators/quant_dtype_cast.md). Refused: per-axis quantisation and
// float -> int8 / uint8 (a NaN input aborts Arm NN's Quantize).
#include "cts_driver/drivers/armnn/armnn_lowering.h"

namespace nnrt {
namespace armnn_driver {
namespace {

bool IsQuant8(const Tensor& t) {
  return t.IsQuantized() && t.quant_params.size() == 1 &&
         (t.data_type == DataType::kInt8 || t.data_type == DataType::kUint8);
}

Status LowerQuantDTypeCast(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 1 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  const Tensor& x = ctx.T(n.inputs[0]);
  const Tensor& y = ctx.T(n.outputs[0]);
  const bool x_float = x.data_type == DataType::kFloat32 && !x.IsQuantized();
  const bool y_float = y.data_type == DataType::kFloat32 && !y.IsQuantized();
  armnn::IConnectableLayer* layer = nullptr;
  if (x_float && IsQuant8(y)) {
    // Arm NN's Quantize aborts the process on a NaN input
    // (ARMNN_ASSERT(!isnan(value)) in Arm NN 20.08), which run-time data may hold.
    return Unsupported(ctx.Label() + ": float -> quantized (a NaN input aborts Arm NN's Quantize)");
  }
  if (IsQuant8(x) && y_float && static_cast<double>(static_cast<float>(x.quant_params[0].scale)) !=
                                    x.quant_params[0].scale) {
    // Arm NN holds the scale as a float: (q - z) * float(s) is off by one ulp
    // from NNRt's once-rounded (q - z) * s.
    return Unsupported(ctx.Label() + ": a scale that is not a float32 value has no exact Arm NN dequantization");
  }
  if (IsQuant8(x) && IsQuant8(y)) {
    layer = ctx.network().AddQuantizeLayer();
  } else if (IsQuant8(x) && y_float) {
    layer = ctx.network().AddDequantizeLayer();
  } else {
    return Unsupported(ctx.Label() + ": float32 <-> per-tensor int8/uint8 only");
  }
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  return ctx.Produce(layer, 0, n.outputs[0]);
}

}  // namespace

NNRT_ARMNN_LOWERING(QUANT_DTYPE_CAST, LowerQuantDTypeCast);
NNRT_ARMNN_LOWERING(QUANT_DTYPE_CAST_V2, LowerQuantDTypeCast);

}  // namespace armnn_driver
}  // namespace nnrt
