// GATHER -> Arm NN Gather (docs/operators/gather.md): y = x[:axis] +
// indices + x[axis+1:], the rows of x at the indices along `axis`.
// Lowered: x as lower_data_movement.h allows, int32 indices of rank >= 1 (a
// rank-0 index has no Arm NN shape: Arm NN would keep the axis as a dim of 1),
// a constant axis. Refused: int64 indices (Arm NN's are Signed32), a run-time
// axis (Arm NN takes it in the descriptor).
#include "cts_driver/drivers/armnn/lowering/tensor/data_movement.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status LowerGather(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 3 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  NNRT_RETURN_IF_ERROR(CheckMovedTypes(ctx, n.inputs[0], n.outputs[0]));
  const Tensor& indices = ctx.T(n.inputs[1]);
  if (indices.data_type != DataType::kInt32 || indices.IsQuantized()) {
    return Unsupported(ctx.Label() + ": int32 indices only");
  }
  if (ctx.dims()[n.inputs[1]].empty()) return Unsupported(ctx.Label() + ": rank-0 indices");
  std::vector<int64_t> axis;
  NNRT_RETURN_IF_ERROR(ConstantInts(ctx, 2, &axis));
  if (axis.size() != 1) return Unsupported(ctx.Label() + ": axis must hold one value");
  const size_t rank = ctx.dims()[n.inputs[0]].size();
  armnn::GatherDescriptor d(static_cast<int32_t>(NormalizedAxis(axis[0], rank)));
  armnn::IConnectableLayer* layer = ctx.network().AddGatherLayer(d);
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[1], layer, 1));
  return ctx.Produce(layer, 0, n.outputs[0]);
}

}  // namespace

NNRT_ARMNN_LOWERING(GATHER, LowerGather);

}  // namespace armnn_driver
}  // namespace nnrt
