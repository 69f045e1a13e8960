// FILL -> Arm NN Fill, RANK -> Arm NN Rank (docs/operators/fill.md, rank.md).
//
// FILL: a constant float32 value (Arm NN's fill value is a float32
// descriptor field; the float is copied, so -0 and NaN bits are kept) and an
// int32 shape (Arm NN's Fill input is a Signed32 shape tensor). Refused:
// other value types (quantized codes and integers have no Arm NN fill), a
// run-time value, an int64 shape.
// RANK: x of any Arm NN data type and rank >= 1 (a rank-0 x is [1] to Arm NN,
// which would answer 1), an int32 output (Arm NN's Rank is Signed32).
#include <cstring>

#include "cts_driver/drivers/armnn/armnn_lowering.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status LowerFill(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 2 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  const Tensor& value = ctx.T(n.inputs[0]);
  const Tensor& shape = ctx.T(n.inputs[1]);
  const Tensor& y = ctx.T(n.outputs[0]);
  if (value.data_type != DataType::kFloat32 || value.IsQuantized() || y.data_type != DataType::kFloat32 ||
      y.IsQuantized()) {
    return Unsupported(ctx.Label() + ": float32 value and output only");
  }
  if (!value.HasData() || value.data.size() != sizeof(float)) {
    return Unsupported(ctx.Label() + ": value must be a constant of one element");
  }
  if (shape.data_type != DataType::kInt32 || shape.IsQuantized()) return Unsupported(ctx.Label() + ": int32 shape only");
  float v = 0;
  std::memcpy(&v, value.data.data(), sizeof v);
  armnn::FillDescriptor d(v);
  armnn::IConnectableLayer* layer = ctx.network().AddFillLayer(d);
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[1], layer, 0));
  return ctx.Produce(layer, 0, n.outputs[0]);
}

Status LowerRank(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 1 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  const Tensor& y = ctx.T(n.outputs[0]);
  if (y.data_type != DataType::kInt32 || y.IsQuantized()) return Unsupported(ctx.Label() + ": int32 output only");
  if (ctx.dims()[n.inputs[0]].empty()) return Unsupported(ctx.Label() + ": rank-0 x (Arm NN sees [1])");
  armnn::IConnectableLayer* layer = ctx.network().AddRankLayer();
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  // Arm NN's Rank output is a scalar shape, not [1].
  layer->GetOutputSlot(0).SetTensorInfo(
      armnn::TensorInfo(armnn::TensorShape(armnn::Dimensionality::Scalar), armnn::DataType::Signed32));
  ctx.SetProducer(n.outputs[0], &layer->GetOutputSlot(0));
  return Status::Ok();
}

}  // namespace

NNRT_ARMNN_LOWERING(FILL, LowerFill);
NNRT_ARMNN_LOWERING(RANK, LowerRank);

}  // namespace armnn_driver
}  // namespace nnrt
