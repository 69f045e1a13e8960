// SOFTMAX and LOG_SOFTMAX -> Arm NN Softmax / LogSoftmax along the
// reference's normalised axis (C-540), beta 1 (docs/semantics.md "SOFTMAX",
// "LOG_SOFTMAX"). SOFTMAX: float32 or quantized int8 / uint8; LOG_SOFTMAX:
// float32 (Arm NN's reference LogSoftmax has no quantized form).
#include "cts_driver/drivers/armnn/armnn_lowering.h"
#include "reference/ops/nn/softmax.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status LowerSoftmax(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 1 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  const Tensor& x = ctx.T(n.inputs[0]);
  const Tensor& y = ctx.T(n.outputs[0]);
  const bool log = n.type == NodeType::LOG_SOFTMAX;
  if (x.data_type != y.data_type || x.IsQuantized() != y.IsQuantized()) return Unsupported(ctx.Label() + ": mixed types");
  const bool quant8 = x.IsQuantized() && (x.data_type == DataType::kInt8 || x.data_type == DataType::kUint8);
  if (!(x.data_type == DataType::kFloat32 && !x.IsQuantized()) && !(quant8 && !log)) {
    return Unsupported(ctx.Label() + (log ? ": float32 only" : ": float32 or quantized int8/uint8 only"));
  }
  if (quant8) {
    // Arm NN's quantised softmax writes p * 256 (+ zero point) whatever y's
    // scale: the suite's uint8 cases x = [0, 255] at scale 2^-10 (p = [0.438,
    // 0.562]) give 112 = 0.438 * 256 where NNRt saturates to [255, 255], and a
    // one-element row at scale 1/61 gives 255 where NNRt stores 61. Only y at
    // scale 1/256 (uint8 zero point 0, int8 zero point -128) is lowered.
    const QuantParam& q = y.quant_params[0];
    const int32_t zp = y.data_type == DataType::kInt8 ? -128 : 0;
    if (y.quant_params.size() != 1 || q.scale != 1.0 / 256.0 || q.zero_point != zp) {
      return Unsupported(ctx.Label() + ": Arm NN's quantized softmax output is fixed at scale 1/256");
    }
  }
  OpContext op = ctx.OpCtx();
  NNRT_RETURN_IF_ERROR(InferSoftmax(op));
  const SoftmaxParams& plan = op.Params<SoftmaxParams>();
  if (ctx.dims()[n.inputs[0]].empty()) return Unsupported(ctx.Label() + ": rank 0");
  armnn::IConnectableLayer* layer = nullptr;
  if (log) {
    armnn::LogSoftmaxDescriptor d;
    d.m_Beta = 1.0f;
    d.m_Axis = plan.axis;
    layer = ctx.network().AddLogSoftmaxLayer(d);
  } else {
    armnn::SoftmaxDescriptor d;
    d.m_Beta = 1.0f;
    d.m_Axis = plan.axis;
    layer = ctx.network().AddSoftmaxLayer(d);
  }
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  return ctx.Produce(layer, 0, n.outputs[0]);
}

}  // namespace

NNRT_ARMNN_LOWERING(SOFTMAX, LowerSoftmax);
NNRT_ARMNN_LOWERING(LOG_SOFTMAX, LowerSoftmax);

}  // namespace armnn_driver
}  // namespace nnrt
