// PRELU_FUSION -> Arm NN Prelu (docs/operators/prelu.md): the
// slope (1 or C elements) reshaped to x's rank with C on the channel axis
// (dim 1 for an NCHW x, the last dim otherwise, C-180), broadcast by Arm NN.
// Float32, or quantized int8/uint8 per tensor for x, slope and y (CpuRef
// dequantises, computes in float32 and requantises: the +-1 of the 4.9
// table). Other types refused.
#include "cts_driver/drivers/armnn/armnn_lowering.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status CheckPreluTypes(LoweringContext& ctx) {
  const Node& n = ctx.node();
  const Tensor& y = ctx.T(n.outputs[0]);
  for (uint32_t t : {n.inputs[0], n.inputs[1], n.outputs[0]}) {
    const Tensor& v = ctx.T(t);
    if (v.data_type != y.data_type || v.IsQuantized() != y.IsQuantized()) {
      return Unsupported(ctx.Label() + ": x, slope and y of different types");
    }
    if (v.IsQuantized() && ((v.data_type != DataType::kInt8 && v.data_type != DataType::kUint8) ||
                            v.quant_params.size() != 1)) {
      return Unsupported(ctx.Label() + ": quantized int8/uint8 per tensor only");
    }
  }
  if (!y.IsQuantized() && y.data_type != DataType::kFloat32) {
    return Unsupported(ctx.Label() + ": float32 or quantized operands only");
  }
  return Status::Ok();
}

Status LowerPrelu(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 2 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  NNRT_RETURN_IF_ERROR(CheckPreluTypes(ctx));
  const Dims& xd = ctx.dims()[n.inputs[0]];
  const Dims& sd = ctx.dims()[n.inputs[1]];
  if (xd.empty() || xd.size() > 4) return Unsupported(ctx.Label() + ": x rank 1..4 only");
  int64_t count = 1;
  for (int32_t d : sd) count *= d;
  const size_t channel_axis = ctx.T(n.inputs[0]).format == Format::kNchw && xd.size() >= 2 ? 1 : xd.size() - 1;
  std::vector<unsigned> shape(xd.size(), 1u);
  shape[channel_axis] = static_cast<unsigned>(count);
  armnn::IOutputSlot* slope = nullptr;
  NNRT_RETURN_IF_ERROR(ctx.Slot(n.inputs[1], &slope));
  armnn::TensorInfo info = slope->GetTensorInfo();
  info.SetShape(armnn::TensorShape(static_cast<unsigned>(shape.size()), shape.data()));
  armnn::ReshapeDescriptor r;
  r.m_TargetShape = info.GetShape();
  armnn::IConnectableLayer* reshape = ctx.network().AddReshapeLayer(r);
  slope->Connect(reshape->GetInputSlot(0));
  reshape->GetOutputSlot(0).SetTensorInfo(info);
  armnn::IConnectableLayer* layer = ctx.network().AddPreluLayer();
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  reshape->GetOutputSlot(0).Connect(layer->GetInputSlot(1));
  return ctx.Produce(layer, 0, n.outputs[0]);
}

}  // namespace

NNRT_ARMNN_LOWERING(PRELU_FUSION, LowerPrelu);

}  // namespace armnn_driver
}  // namespace nnrt
