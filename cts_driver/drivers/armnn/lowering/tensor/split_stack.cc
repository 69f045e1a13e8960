// SPLIT -> Arm NN Splitter (one view per output), STACK -> Arm NN Stack
// (docs/operators/split.md, stack.md). Types as lower_data_movement.h, every
// output / input with x's type and quant params. STACK on axis 0 is float32
// only: CpuRef 20.08's axis-0 shortcut copies every tensor as float32 words
// whatever its data type, so a quantized stack on axis 0 writes 4 bytes per
// element (past the end of the output; found by the STACK spec: the second
// uint8 element stays unwritten).
#include "cts_driver/drivers/armnn/lowering/tensor/data_movement.h"

#include "reference/ops/tensor/concat_split.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status LowerSplit(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 1 || n.outputs.empty()) return Unsupported(ctx.Label() + ": bad arity");
  for (uint32_t y : n.outputs) NNRT_RETURN_IF_ERROR(CheckMovedTypes(ctx, n.inputs[0], y));
  const Dims& xd = ctx.dims()[n.inputs[0]];
  if (xd.empty()) return Unsupported(ctx.Label() + ": rank-0 x");
  const unsigned axis = NormalizedAxis(IntAttr(n, "axis"), xd.size());
  std::vector<int64_t> sizes;
  const Status s = ResolveSplitSizes(IntsAttr(n, "sizeSplits"), IntAttr(n, "outputNum"),
                                     static_cast<int64_t>(n.outputs.size()), xd[axis], &sizes);
  if (!s.ok() || sizes.size() != n.outputs.size()) return Unsupported(ctx.Label() + ": split sizes");
  const auto rank = static_cast<uint32_t>(xd.size());
  armnn::ViewsDescriptor d(static_cast<uint32_t>(n.outputs.size()), rank);
  unsigned origin = 0;
  for (uint32_t v = 0; v < n.outputs.size(); ++v) {
    for (uint32_t dim = 0; dim < rank; ++dim) {
      d.SetViewOriginCoord(v, dim, dim == axis ? origin : 0u);
      d.SetViewSize(v, dim, dim == axis ? static_cast<uint32_t>(sizes[v]) : static_cast<uint32_t>(xd[dim]));
    }
    origin += static_cast<unsigned>(sizes[v]);
  }
  armnn::IConnectableLayer* layer = ctx.network().AddSplitterLayer(d);
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  for (uint32_t v = 0; v < n.outputs.size(); ++v) NNRT_RETURN_IF_ERROR(ctx.Produce(layer, v, n.outputs[v]));
  return Status::Ok();
}

Status LowerStack(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() < 2 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  for (uint32_t x : n.inputs) NNRT_RETURN_IF_ERROR(CheckMovedTypes(ctx, x, n.outputs[0]));
  const Dims& xd = ctx.dims()[n.inputs[0]];
  if (xd.empty()) return Unsupported(ctx.Label() + ": rank-0 inputs (Arm NN sees [1])");
  const unsigned axis = NormalizedAxis(IntAttr(n, "axis"), xd.size() + 1);
  if (axis == 0 && ctx.T(n.outputs[0]).IsQuantized()) {
    return Unsupported(ctx.Label() + ": quantized STACK on axis 0 (CpuRef copies it as float32 words)");
  }
  armnn::StackDescriptor d(axis, static_cast<uint32_t>(n.inputs.size()), ctx.Shape(n.inputs[0]));
  armnn::IConnectableLayer* layer = ctx.network().AddStackLayer(d);
  for (unsigned i = 0; i < n.inputs.size(); ++i) NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[i], layer, i));
  return ctx.Produce(layer, 0, n.outputs[0]);
}

}  // namespace

NNRT_ARMNN_LOWERING(SPLIT, LowerSplit);
NNRT_ARMNN_LOWERING(STACK, LowerStack);

}  // namespace armnn_driver
}  // namespace nnrt
