// SPACE_TO_BATCH_ND, BATCH_TO_SPACE_ND -> Arm NN SpaceToBatchNd,
// BatchToSpaceNd (NHWC, C-640); SPACE_TO_DEPTH, DEPTH_TO_SPACE -> Arm NN
// SpaceToDepth, DepthToSpace in the layout of the `format` attribute (C-630)
// (docs/operators/depth_to_space.md, space_to_depth.md, batch_to_space_nd.md,
// space_to_batch_nd.md). Types as
// lower_data_movement.h. Arm NN's DepthToSpace is the DCR order (TensorFlow's);
// mode "CRD" (C-632) is refused.
#include "cts_driver/drivers/armnn/lowering/tensor/data_movement.h"

namespace nnrt {
namespace armnn_driver {
namespace {

// blockShape [b0, b1] and the [[top, bottom], [left, right]] crops / paddings.
Status ReadBlockAttrs(LoweringContext& ctx, const char* margins, std::vector<unsigned>* block,
                      std::vector<std::pair<unsigned, unsigned>>* pads) {
  const Node& n = ctx.node();
  const std::vector<int64_t> b = IntsAttr(n, "blockShape");
  const std::vector<int64_t> p = IntsAttr(n, margins);
  if (b.size() != 2 || p.size() != 4) return Unsupported(ctx.Label() + ": blockShape / " + margins + " counts");
  *block = {static_cast<unsigned>(b[0]), static_cast<unsigned>(b[1])};
  *pads = {{static_cast<unsigned>(p[0]), static_cast<unsigned>(p[1])},
           {static_cast<unsigned>(p[2]), static_cast<unsigned>(p[3])}};
  return Status::Ok();
}

Status CheckRank4(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 1 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  if (ctx.dims()[n.inputs[0]].size() != 4) return Unsupported(ctx.Label() + ": x must have rank 4");
  return CheckMovedTypes(ctx, n.inputs[0], n.outputs[0]);
}

Status LowerSpaceToBatch(LoweringContext& ctx) {
  NNRT_RETURN_IF_ERROR(CheckRank4(ctx));
  const Node& n = ctx.node();
  armnn::SpaceToBatchNdDescriptor d;
  NNRT_RETURN_IF_ERROR(ReadBlockAttrs(ctx, "paddings", &d.m_BlockShape, &d.m_PadList));
  d.m_DataLayout = armnn::DataLayout::NHWC;
  armnn::IConnectableLayer* layer = ctx.network().AddSpaceToBatchNdLayer(d);
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  return ctx.Produce(layer, 0, n.outputs[0]);
}

Status LowerBatchToSpace(LoweringContext& ctx) {
  NNRT_RETURN_IF_ERROR(CheckRank4(ctx));
  const Node& n = ctx.node();
  armnn::BatchToSpaceNdDescriptor d;
  NNRT_RETURN_IF_ERROR(ReadBlockAttrs(ctx, "crops", &d.m_BlockShape, &d.m_Crops));
  d.m_DataLayout = armnn::DataLayout::NHWC;
  armnn::IConnectableLayer* layer = ctx.network().AddBatchToSpaceNdLayer(d);
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  return ctx.Produce(layer, 0, n.outputs[0]);
}

Status LowerDepthSpace(LoweringContext& ctx) {
  NNRT_RETURN_IF_ERROR(CheckRank4(ctx));
  const Node& n = ctx.node();
  const int64_t block = IntAttr(n, "blockSize");
  if (block < 2 || block > 0xFFFF) return Unsupported(ctx.Label() + ": blockSize");
  const armnn::DataLayout layout = IntAttr(n, "format") == 1 ? armnn::DataLayout::NHWC : armnn::DataLayout::NCHW;
  armnn::SpaceToDepthDescriptor d(static_cast<unsigned>(block), layout);
  armnn::IConnectableLayer* layer = nullptr;
  if (n.type == NodeType::DEPTH_TO_SPACE) {
    const std::string mode = StringAttr(n, "mode");
    if (!mode.empty() && mode != "DCR") return Unsupported(ctx.Label() + ": mode " + mode + " (Arm NN is DCR)");
    layer = ctx.network().AddDepthToSpaceLayer(d);
  } else {
    layer = ctx.network().AddSpaceToDepthLayer(d);
  }
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  return ctx.Produce(layer, 0, n.outputs[0]);
}

}  // namespace

NNRT_ARMNN_LOWERING(SPACE_TO_BATCH_ND, LowerSpaceToBatch);
NNRT_ARMNN_LOWERING(BATCH_TO_SPACE_ND, LowerBatchToSpace);
NNRT_ARMNN_LOWERING(SPACE_TO_DEPTH, LowerDepthSpace);
NNRT_ARMNN_LOWERING(DEPTH_TO_SPACE, LowerDepthSpace);

}  // namespace armnn_driver
}  // namespace nnrt
