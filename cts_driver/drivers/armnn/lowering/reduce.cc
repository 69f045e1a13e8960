// REDUCE_FUSION with mode MEAN -> Arm NN Mean over the reference's reduced
// axes with keepDims (docs/semantics.md "REDUCE_FUSION"). Arm NN 20.08 has no
// other reduction layer; reduceToEnd with a coefficient (C-547) has no Arm NN
// form. Float32, or quantized int8 / uint8 in and out.
#include "cts_driver/drivers/armnn/armnn_lowering.h"
#include "reference/ops/tensor/reduce.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status LowerReduce(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.empty() || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  const uint32_t xt = n.inputs[0], yt = n.outputs[0];
  NNRT_RETURN_IF_ERROR(ctx.CheckFloat32OrQuant8(xt, yt));
  for (size_t i = 1; i < n.inputs.size(); ++i) {
    if (!ctx.T(n.inputs[i]).HasData()) return Unsupported(ctx.Label() + ": axes must be constant");
  }
  OpContext op = ctx.OpCtx();
  NNRT_RETURN_IF_ERROR(InferReduce(op));
  const ReduceParams& plan = op.Params<ReduceParams>();
  if (plan.mode != ReduceMode::kMean) return Unsupported(ctx.Label() + ": Arm NN 20.08 reduces by MEAN only");
  if (plan.apply_coeff) return Unsupported(ctx.Label() + ": reduceToEnd coefficient");
  if (ctx.dims()[xt].empty()) return Unsupported(ctx.Label() + ": rank 0");
  armnn::MeanDescriptor d;
  for (size_t i = 0; i < plan.reduced.size(); ++i) {
    if (plan.reduced[i]) d.m_Axis.push_back(static_cast<unsigned>(i));
  }
  d.m_KeepDims = ctx.dims()[yt].size() == ctx.dims()[xt].size();
  armnn::IConnectableLayer* layer = ctx.network().AddMeanLayer(d);
  NNRT_RETURN_IF_ERROR(ctx.Connect(xt, layer, 0));
  return ctx.Produce(layer, 0, yt);
}

}  // namespace

NNRT_ARMNN_LOWERING(REDUCE_FUSION, LowerReduce);

}  // namespace armnn_driver
}  // namespace nnrt
