// MAX_POOL_FUSION, AVGPOOL_FUSION -> Arm NN Pooling2d (NHWC) with the
// reference's window geometry (PoolParams: kernel, strides, leading pads, output
// size; docs/semantics.md "AVGPOOL_FUSION", "MAX_POOL_FUSION"). Padding never
// counts (C-524, C-526): PaddingMethod::Exclude. The trailing pads are those
// that make Arm NN's floor rounding give the reference's output size; Arm NN
// checks the output shape itself, so a geometry it cannot express is refused
// at build. Fused RELU / RELU6 as an activation layer.
#include <algorithm>

#include "cts_driver/drivers/armnn/armnn_lowering.h"
#include "reference/ops/nn/pool.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status LowerPool(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 1 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  NNRT_RETURN_IF_ERROR(ctx.CheckFloat32OrQuant8(n.inputs[0], n.outputs[0]));
  const bool max = n.type == NodeType::MAX_POOL_FUSION;
  OpContext op = ctx.OpCtx();
  NNRT_RETURN_IF_ERROR(max ? InferMaxPool(op) : InferAvgPool(op));
  const PoolParams& g = op.Params<PoolParams>();
  if (g.out_h <= 0 || g.out_w <= 0) return Unsupported(ctx.Label() + ": empty output");
  armnn::Pooling2dDescriptor d;
  d.m_PoolType = max ? armnn::PoolingAlgorithm::Max : armnn::PoolingAlgorithm::Average;
  d.m_PoolHeight = static_cast<uint32_t>(g.kernel_h);
  d.m_PoolWidth = static_cast<uint32_t>(g.kernel_w);
  d.m_StrideY = static_cast<uint32_t>(g.stride_h);
  d.m_StrideX = static_cast<uint32_t>(g.stride_w);
  d.m_PadTop = static_cast<uint32_t>(g.pad_top);
  d.m_PadLeft = static_cast<uint32_t>(g.pad_left);
  const int64_t bottom = (g.out_h - 1) * g.stride_h + g.kernel_h - g.in_h - g.pad_top;
  const int64_t right = (g.out_w - 1) * g.stride_w + g.kernel_w - g.in_w - g.pad_left;
  d.m_PadBottom = static_cast<uint32_t>(std::max<int64_t>(bottom, 0));
  d.m_PadRight = static_cast<uint32_t>(std::max<int64_t>(right, 0));
  d.m_OutputShapeRounding = armnn::OutputShapeRounding::Floor;
  d.m_PaddingMethod = armnn::PaddingMethod::Exclude;
  d.m_DataLayout = armnn::DataLayout::NHWC;
  armnn::IConnectableLayer* layer = ctx.network().AddPooling2dLayer(d);
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  return ctx.ProduceActivated(layer, n.outputs[0], g.params.activation);
}

}  // namespace

NNRT_ARMNN_LOWERING(MAX_POOL_FUSION, LowerPool);
NNRT_ARMNN_LOWERING(AVGPOOL_FUSION, LowerPool);

}  // namespace armnn_driver
}  // namespace nnrt
