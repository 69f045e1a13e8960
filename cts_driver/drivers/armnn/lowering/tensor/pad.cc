// PAD_FUSION (CONSTANT mode) -> Arm NN Pad with the reference's pads
// (docs/operators/pad.md). Float32 only: Arm NN 20.08 fills a
// quantised tensor with the raw pad value, not constantValue quantised with
// y's params (C-652). REFLECT / SYMMETRIC and negative pads have no Arm NN
// 20.08 form.
#include "cts_driver/drivers/armnn/armnn_lowering.h"
#include "reference/ops/tensor/pad.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status LowerPad(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 2 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  const uint32_t xt = n.inputs[0], yt = n.outputs[0];
  NNRT_RETURN_IF_ERROR(ctx.CheckSameType(xt, yt));
  if (ctx.T(xt).data_type != DataType::kFloat32 || ctx.T(xt).IsQuantized()) {
    return Unsupported(ctx.Label() + ": float32 only");
  }
  if (!ctx.T(n.inputs[1]).HasData()) return Unsupported(ctx.Label() + ": paddings must be constant");
  OpContext op = ctx.OpCtx();
  NNRT_RETURN_IF_ERROR(InferPad(op));
  const PadParams& p = op.Params<PadParams>();
  if (p.mode != PaddingMode::kConstant) return Unsupported(ctx.Label() + ": REFLECT / SYMMETRIC have no Arm NN 20.08 form");
  if (p.in.empty()) return Unsupported(ctx.Label() + ": rank 0");
  armnn::PadDescriptor d;
  for (size_t i = 0; i < p.in.size(); ++i) {
    const int64_t after = p.out[i] - p.in[i] - p.before[i];
    if (p.before[i] < 0 || after < 0) return Unsupported(ctx.Label() + ": negative pads");
    d.m_PadList.emplace_back(static_cast<unsigned>(p.before[i]), static_cast<unsigned>(after));
  }
  d.m_PadValue = GetFloatAttr(n, "constantValue", 0.0f);
  armnn::IConnectableLayer* layer = ctx.network().AddPadLayer(d);
  NNRT_RETURN_IF_ERROR(ctx.Connect(xt, layer, 0));
  return ctx.Produce(layer, 0, yt);
}

}  // namespace

NNRT_ARMNN_LOWERING(PAD_FUSION, LowerPad);

}  // namespace armnn_driver
}  // namespace nnrt
