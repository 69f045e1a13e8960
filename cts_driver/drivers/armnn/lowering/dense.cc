// FULL_CONNECTION -> Arm NN FullyConnected over x seen as [rows, K] (the
// reference's FullConnectionParams, docs/semantics.md "FULL_CONNECTION"),
// weights [outC, K] (transposed weight matrix), optional bias, fused RELU /
// RELU6; the [rows, outC] result reshaped to y's dims. Per-channel int8
// weights: a 1x1 Convolution2d (LowerAsPointwiseConv). MATMUL_FUSION with a
// constant rank-2 b and no transposeA -> the same layer with b as the weight
// matrix ([K, N], or [N, K] under transposeB), a seen as [rows, K]
// (docs/semantics.md "MATMUL_FUSION"); Arm NN 20.08 has no batched matrix
// product, so a non-constant or batched b is refused.
#include <limits>

#include "cts_driver/drivers/armnn/filter_weights.h"
#include "reference/ops/nn/full_connection.h"
#include "reference/ops/nn/matmul.h"

namespace nnrt {
namespace armnn_driver {
namespace {

constexpr float kNoBound = std::numeric_limits<float>::infinity();

// x as [rows, k] (a Reshape when its dims differ) into `layer`.
Status ConnectAsRows(LoweringContext& ctx, uint32_t xt, unsigned rows, unsigned k, armnn::IConnectableLayer* layer) {
  armnn::IOutputSlot* slot = nullptr;
  NNRT_RETURN_IF_ERROR(ctx.Slot(xt, &slot));
  const armnn::TensorShape shape({rows, k});
  if (slot->GetTensorInfo().GetShape() != shape) {
    armnn::ReshapeDescriptor r;
    r.m_TargetShape = shape;
    armnn::IConnectableLayer* reshape = ctx.network().AddReshapeLayer(r);
    slot->Connect(reshape->GetInputSlot(0));
    armnn::TensorInfo info = slot->GetTensorInfo();
    info.SetShape(shape);
    reshape->GetOutputSlot(0).SetTensorInfo(info);
    slot = &reshape->GetOutputSlot(0);
  }
  slot->Connect(layer->GetInputSlot(0));
  return Status::Ok();
}

// layer's [rows, out_c] output (after the fused activation) produces y.
Status ProduceRows(LoweringContext& ctx, armnn::IConnectableLayer* layer, unsigned rows, unsigned out_c, uint32_t yt,
                   ActivationType act) {
  armnn::TensorInfo info;
  NNRT_RETURN_IF_ERROR(ctx.Info(yt, &info));
  const armnn::TensorShape shape({rows, out_c});
  if (info.GetShape() == shape) return ctx.ProduceActivated(layer, yt, act);
  info.SetShape(shape);
  layer->GetOutputSlot(0).SetTensorInfo(info);
  armnn::IOutputSlot* out = &layer->GetOutputSlot(0);
  if (act == ActivationType::kRelu || act == ActivationType::kRelu6) {
    NNRT_RETURN_IF_ERROR(ctx.ClampSlot(out, info, 0.0f, act == ActivationType::kRelu6 ? 6.0f : kNoBound, &out));
  } else if (act != ActivationType::kNone) {
    return Unsupported(ctx.Label() + ": fused activation other than RELU / RELU6");
  }
  armnn::ReshapeDescriptor r;
  r.m_TargetShape = ctx.Shape(yt);
  armnn::IConnectableLayer* reshape = ctx.network().AddReshapeLayer(r);
  out->Connect(reshape->GetInputSlot(0));
  return ctx.Produce(reshape, 0, yt);
}

// Per-channel int8 weights: Arm NN 20.08's FullyConnected support check
// aborts on QSymmS8 weights, its Convolution2d takes them. The same dot
// products as a 1x1 convolution: x as [1, 1, rows, K] (NHWC), weights
// [outC, 1, 1, K], output [1, 1, rows, outC] reshaped to y's dims.
Status LowerAsPointwiseConv(LoweringContext& ctx, const FullConnectionParams& plan, const armnn::ConstTensor& bias) {
  const Node& n = ctx.node();
  const uint32_t xt = n.inputs[0], wt = n.inputs[1], yt = n.outputs[0];
  const unsigned rows = static_cast<unsigned>(plan.rows), k = static_cast<unsigned>(plan.k),
                 oc = static_cast<unsigned>(plan.out_c);
  armnn::ConstTensor weights;
  NNRT_RETURN_IF_ERROR(FilterWeights(ctx, wt, armnn::TensorShape({oc, 1, 1, k}), {}, 0, true, &weights));
  armnn::Convolution2dDescriptor d;
  d.m_StrideX = d.m_StrideY = 1;
  d.m_DataLayout = armnn::DataLayout::NHWC;
  d.m_BiasEnabled = plan.has_bias;
  armnn::IConnectableLayer* layer = ctx.network().AddConvolution2dLayer(
      d, weights, plan.has_bias ? armnn::Optional<armnn::ConstTensor>(bias) : armnn::EmptyOptional());
  armnn::IOutputSlot* slot = nullptr;
  NNRT_RETURN_IF_ERROR(ctx.Slot(xt, &slot));
  armnn::ReshapeDescriptor r;
  r.m_TargetShape = armnn::TensorShape({1, 1, rows, k});
  armnn::IConnectableLayer* reshape = ctx.network().AddReshapeLayer(r);
  slot->Connect(reshape->GetInputSlot(0));
  armnn::TensorInfo x_info = slot->GetTensorInfo();
  x_info.SetShape(r.m_TargetShape);
  reshape->GetOutputSlot(0).SetTensorInfo(x_info);
  reshape->GetOutputSlot(0).Connect(layer->GetInputSlot(0));
  armnn::TensorInfo info;
  NNRT_RETURN_IF_ERROR(ctx.Info(yt, &info));
  info.SetShape(armnn::TensorShape({1, 1, rows, oc}));
  layer->GetOutputSlot(0).SetTensorInfo(info);
  armnn::IOutputSlot* out = &layer->GetOutputSlot(0);
  if (plan.activation == ActivationType::kRelu || plan.activation == ActivationType::kRelu6) {
    NNRT_RETURN_IF_ERROR(
        ctx.ClampSlot(out, info, 0.0f, plan.activation == ActivationType::kRelu6 ? 6.0f : kNoBound, &out));
  } else if (plan.activation != ActivationType::kNone) {
    return Unsupported(ctx.Label() + ": fused activation other than RELU / RELU6");
  }
  armnn::ReshapeDescriptor back;
  back.m_TargetShape = ctx.Shape(yt);
  armnn::IConnectableLayer* to_y = ctx.network().AddReshapeLayer(back);
  out->Connect(to_y->GetInputSlot(0));
  return ctx.Produce(to_y, 0, yt);
}

Status LowerFullConnection(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() < 2 || n.inputs.size() > 3 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  const uint32_t xt = n.inputs[0], wt = n.inputs[1], yt = n.outputs[0];
  NNRT_RETURN_IF_ERROR(CheckFilterTypes(ctx, xt, wt, yt));
  OpContext op = ctx.OpCtx();
  NNRT_RETURN_IF_ERROR(InferFullConnection(op));
  const FullConnectionParams& plan = op.Params<FullConnectionParams>();
  const unsigned rows = static_cast<unsigned>(plan.rows), k = static_cast<unsigned>(plan.k),
                 oc = static_cast<unsigned>(plan.out_c);
  armnn::ConstTensor weights, bias;
  if (plan.has_bias) NNRT_RETURN_IF_ERROR(FilterBias(ctx, xt, wt, n.inputs[2], oc, &bias));
  if (ctx.T(wt).quant_params.size() > 1) return LowerAsPointwiseConv(ctx, plan, bias);
  NNRT_RETURN_IF_ERROR(FilterWeights(ctx, wt, armnn::TensorShape({oc, k}), {}, 0, false, &weights));
  armnn::FullyConnectedDescriptor d;
  d.m_BiasEnabled = plan.has_bias;
  d.m_TransposeWeightMatrix = true;
  armnn::IConnectableLayer* layer = ctx.network().AddFullyConnectedLayer(
      d, weights, plan.has_bias ? armnn::Optional<armnn::ConstTensor>(bias) : armnn::EmptyOptional());
  NNRT_RETURN_IF_ERROR(ConnectAsRows(ctx, xt, rows, k, layer));
  return ProduceRows(ctx, layer, rows, oc, yt, plan.activation);
}

Status LowerMatMul(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 2 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  const uint32_t at = n.inputs[0], bt = n.inputs[1], yt = n.outputs[0];
  if (ctx.dims()[bt].size() != 2) return Unsupported(ctx.Label() + ": b must be a constant matrix");
  NNRT_RETURN_IF_ERROR(CheckFilterTypes(ctx, at, bt, yt));
  if (ctx.T(bt).quant_params.size() > 1) return Unsupported(ctx.Label() + ": per-channel b");
  OpContext op = ctx.OpCtx();
  NNRT_RETURN_IF_ERROR(InferMatMul(op));
  const MatMulParams& plan = op.Params<MatMulParams>();
  if (plan.transpose_a) return Unsupported(ctx.Label() + ": transposeA");
  if (ctx.dims()[at].size() < 2) return Unsupported(ctx.Label() + ": a of rank < 2");
  const unsigned k = static_cast<unsigned>(plan.k), nn = static_cast<unsigned>(plan.n);
  const auto a_count = ElementCount(ctx.dims()[at]);
  const unsigned rows = static_cast<unsigned>(*a_count / plan.k);
  armnn::ConstTensor weights;
  const armnn::TensorShape shape = plan.transpose_b ? armnn::TensorShape({nn, k}) : armnn::TensorShape({k, nn});
  NNRT_RETURN_IF_ERROR(FilterWeights(ctx, bt, shape, {}, plan.transpose_b ? 0 : 1, false, &weights));
  armnn::FullyConnectedDescriptor d;
  d.m_BiasEnabled = false;
  d.m_TransposeWeightMatrix = plan.transpose_b;
  armnn::IConnectableLayer* layer = ctx.network().AddFullyConnectedLayer(d, weights, armnn::EmptyOptional());
  NNRT_RETURN_IF_ERROR(ConnectAsRows(ctx, at, rows, k, layer));
  return ProduceRows(ctx, layer, rows, nn, yt, plan.activation);
}

}  // namespace

NNRT_ARMNN_LOWERING(FULL_CONNECTION, LowerFullConnection);
NNRT_ARMNN_LOWERING(MATMUL_FUSION, LowerMatMul);

}  // namespace armnn_driver
}  // namespace nnrt
