// SOFTMAX and LOG_SOFTMAX -> Arm NN Softmax / LogSoftmax along the
// reference's normalised axis (C-540), beta 1 (docs/semantics.md "SOFTMAX",
// "LOG_SOFTMAX"). SOFTMAX: float32 or quantized int8 / uint8; LOG_SOFTMAX:
// float32 (Arm NN's reference LogSoftmax has no quantized form).
#include "cts_driver/drivers/armnn/armnn_lowering.h"
#include "reference/ops/softmax.h"

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
  OpContext op = ctx.OpCtx();
  NNRT_RETURN_IF_ERROR(InferSoftmax(op));
  const SoftmaxPlan& plan = op.Params<SoftmaxPlan>();
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
