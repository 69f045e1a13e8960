// ARGMAX_FUSION -> Arm NN ArgMinMax (Max) (docs/operators/argmax.md). Lowered: topK 1 and
// outMaxValue false (Arm NN returns
// the index of one maximum only), an int32 output (Arm NN's is Signed32),
// x float32 or quantized int8/uint8 per tensor (CpuRef compares the float32
// dequantised values, monotone in the codes, so the first maximum code wins
// as C-554 asks). keepDims true keeps the axis as a dim of 1 through a
// reshape. Refused: plain-integer x (CpuRef decodes Signed32 through
// float32), topK > 1, outMaxValue, an int64 output.
#include "cts_driver/drivers/armnn/armnn_lowering.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status LowerArgMax(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 1 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  const Tensor& x = ctx.T(n.inputs[0]);
  const Tensor& y = ctx.T(n.outputs[0]);
  if (IntAttr(n, "topK") != 1 || BoolAttr(n, "outMaxValue")) {
    return Unsupported(ctx.Label() + ": topK > 1 or outMaxValue (Arm NN gives one index)");
  }
  if (y.data_type != DataType::kInt32 || y.IsQuantized()) return Unsupported(ctx.Label() + ": int32 output only");
  if (x.IsQuantized()) {
    if ((x.data_type != DataType::kInt8 && x.data_type != DataType::kUint8) || x.quant_params.size() != 1) {
      return Unsupported(ctx.Label() + ": quantized int8/uint8 per tensor only");
    }
  } else if (x.data_type != DataType::kFloat32) {
    return Unsupported(ctx.Label() + ": float32 or quantized x only");
  }
  const Dims& xd = ctx.dims()[n.inputs[0]];
  if (xd.empty() || xd.size() > 4) return Unsupported(ctx.Label() + ": x rank 1..4 only");
  const auto rank = static_cast<int64_t>(xd.size());
  int64_t axis = IntAttr(n, "axis");
  if (axis < 0) axis += rank;
  armnn::ArgMinMaxDescriptor d;
  d.m_Function = armnn::ArgMinMaxFunction::Max;
  d.m_Axis = static_cast<int>(axis);
  armnn::IConnectableLayer* layer = ctx.network().AddArgMinMaxLayer(d);
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  if (!BoolAttr(n, "keepDims")) return ctx.Produce(layer, 0, n.outputs[0]);
  // Arm NN drops the axis; y keeps it as 1.
  std::vector<unsigned> reduced;
  for (int64_t i = 0; i < rank; ++i) {
    if (i != axis) reduced.push_back(static_cast<unsigned>(xd[i]));
  }
  if (reduced.empty()) reduced.push_back(1);
  layer->GetOutputSlot(0).SetTensorInfo(armnn::TensorInfo(
      armnn::TensorShape(static_cast<unsigned>(reduced.size()), reduced.data()), armnn::DataType::Signed32));
  armnn::ReshapeDescriptor r;
  r.m_TargetShape = ctx.Shape(n.outputs[0]);
  armnn::IConnectableLayer* reshape = ctx.network().AddReshapeLayer(r);
  layer->GetOutputSlot(0).Connect(reshape->GetInputSlot(0));
  return ctx.Produce(reshape, 0, n.outputs[0]);
}

}  // namespace

NNRT_ARMNN_LOWERING(ARGMAX_FUSION, LowerArgMax);

}  // namespace armnn_driver
}  // namespace nnrt
