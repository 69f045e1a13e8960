// FUSED_BATCH_NORM -> Arm NN BatchNormalization, INSTANCE_NORM -> Arm NN
// InstanceNormalization, L2_NORMALIZE_FUSION -> Arm NN L2Normalization
// (docs/operators/fused_batch_norm.md, instance_norm.md, l2_normalize.md). Float32 only. Arm NN's
// layers take 4-D tensors: a
// lower-rank x is reshaped to 4 dims (1s added before the channel-last dims
// of batch norm and L2 normalisation, after the spatial dims of instance
// norm) and y reshaped back; the reshapes move no value.
//
// FUSED_BATCH_NORM: x NHWC-like (channel last, C-576), scale / offset / mean
// / variance constants (Arm NN's gamma, beta, mean, variance descriptors).
// INSTANCE_NORM: x NCHW (channel dim 1, C-578); Arm NN's gamma and beta are
// one scalar each, so scale and bias must be constants with one value over
// all channels. L2_NORMALIZE_FUSION: Arm NN normalises over the channel dim
// only (the last of an NHWC x), so the axis list must name exactly the last
// dim; Arm NN divides by sqrt(max(sum, eps)) as C-586 does; the fused RELU /
// RELU6 is an activation layer.
//
// NNRt defines the 0 / 0 of a zero denominator: batch norm with
// variance + epsilon = 0 at x = mean gives the offset (C-573), an instance
// norm channel of equal values with epsilon 0 gives the bias (C-573), an
// L2 group of zeros with epsilon 0 gives 0 (C-586); CpuRef computes NaN. So
// batch norm with a channel whose variance + epsilon is 0, and instance /
// L2 normalisation with epsilon 0, are refused (the only inputs on which
// the denominator can be 0).
#include <cstring>

#include "cts_driver/drivers/armnn/armnn_lowering.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status CheckFloat32(LoweringContext& ctx) {
  const Node& n = ctx.node();
  for (uint32_t t : n.inputs) {
    if (ctx.T(t).data_type != DataType::kFloat32 || ctx.T(t).IsQuantized()) {
      return Unsupported(ctx.Label() + ": float32 only");
    }
  }
  for (uint32_t t : n.outputs) {
    if (ctx.T(t).data_type != DataType::kFloat32 || ctx.T(t).IsQuantized()) {
      return Unsupported(ctx.Label() + ": float32 only");
    }
  }
  const size_t rank = ctx.dims()[n.inputs[0]].size();
  if (rank < 1 || rank > 4) return Unsupported(ctx.Label() + ": x rank 1..4 only");
  return Status::Ok();
}

// x's dims at rank 4: 1s in front (`ones_first`) or at the end.
armnn::TensorShape Shape4(const Dims& d, bool ones_first) {
  std::vector<unsigned> v(d.begin(), d.end());
  while (v.size() < 4) v.insert(ones_first ? v.begin() : v.end(), 1u);
  return armnn::TensorShape(4, v.data());
}

// Connects tensor t to input 0 of `layer` at the 4-D shape; sets `layer`'s
// output info to that shape and produces y (same dims as x) through a
// reshape when x's rank is below 4, or the activation when given.
Status ConnectNormLayer(LoweringContext& ctx, armnn::IConnectableLayer* layer, bool ones_first,
                        ActivationType act = ActivationType::kNone) {
  const Node& n = ctx.node();
  const Dims& xd = ctx.dims()[n.inputs[0]];
  if (xd.size() == 4) {
    NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
    return ctx.ProduceActivated(layer, n.outputs[0], act);
  }
  const armnn::TensorShape s4 = Shape4(xd, ones_first);
  armnn::IOutputSlot* x = nullptr;
  NNRT_RETURN_IF_ERROR(ctx.Slot(n.inputs[0], &x));
  armnn::ReshapeDescriptor r;
  r.m_TargetShape = s4;
  armnn::IConnectableLayer* in = ctx.network().AddReshapeLayer(r);
  x->Connect(in->GetInputSlot(0));
  armnn::TensorInfo info = x->GetTensorInfo();
  info.SetShape(s4);
  in->GetOutputSlot(0).SetTensorInfo(info);
  in->GetOutputSlot(0).Connect(layer->GetInputSlot(0));
  layer->GetOutputSlot(0).SetTensorInfo(info);
  armnn::IConnectableLayer* last = layer;
  if (act != ActivationType::kNone) {
    armnn::ActivationDescriptor d;
    d.m_Function = act == ActivationType::kRelu ? armnn::ActivationFunction::ReLu : armnn::ActivationFunction::BoundedReLu;
    d.m_A = 6.0f;
    d.m_B = 0.0f;
    if (act != ActivationType::kRelu && act != ActivationType::kRelu6) {
      return Unsupported(ctx.Label() + ": fused activation other than RELU / RELU6");
    }
    last = ctx.network().AddActivationLayer(d);
    layer->GetOutputSlot(0).Connect(last->GetInputSlot(0));
    last->GetOutputSlot(0).SetTensorInfo(info);
  }
  armnn::ReshapeDescriptor back;
  back.m_TargetShape = ctx.Shape(n.outputs[0]);
  armnn::IConnectableLayer* out = ctx.network().AddReshapeLayer(back);
  last->GetOutputSlot(0).Connect(out->GetInputSlot(0));
  return ctx.Produce(out, 0, n.outputs[0]);
}

Status LowerBatchNorm(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 5 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  NNRT_RETURN_IF_ERROR(CheckFloat32(ctx));
  armnn::ConstTensor scale, offset, mean, variance;
  NNRT_RETURN_IF_ERROR(ctx.Constant(n.inputs[1], &scale));
  NNRT_RETURN_IF_ERROR(ctx.Constant(n.inputs[2], &offset));
  NNRT_RETURN_IF_ERROR(ctx.Constant(n.inputs[3], &mean));
  NNRT_RETURN_IF_ERROR(ctx.Constant(n.inputs[4], &variance));
  armnn::BatchNormalizationDescriptor d;
  d.m_Eps = FloatAttr(n, "epsilon");
  const std::vector<uint8_t>& var_bytes = ctx.T(n.inputs[4]).data;
  for (size_t i = 0; i + sizeof(float) <= var_bytes.size(); i += sizeof(float)) {
    float v = 0;
    std::memcpy(&v, var_bytes.data() + i, sizeof v);
    if (static_cast<double>(v) + static_cast<double>(d.m_Eps) == 0.0) {
      return Unsupported(ctx.Label() + ": variance + epsilon = 0 (C-573 gives the offset, CpuRef NaN)");
    }
  }
  d.m_DataLayout = armnn::DataLayout::NHWC;
  armnn::IConnectableLayer* layer = ctx.network().AddBatchNormalizationLayer(d, mean, variance, offset, scale);
  return ConnectNormLayer(ctx, layer, /*ones_first=*/true);
}

// The one value of a constant float32 tensor whose elements are all equal.
Status UniformValue(LoweringContext& ctx, uint32_t t, float* value) {
  const Tensor& x = ctx.T(t);
  if (!x.HasData() || x.data.size() < sizeof(float)) return Unsupported(ctx.Label() + ": scale and bias must be constant");
  std::memcpy(value, x.data.data(), sizeof(float));
  for (size_t i = sizeof(float); i + sizeof(float) <= x.data.size(); i += sizeof(float)) {
    if (std::memcmp(x.data.data() + i, x.data.data(), sizeof(float)) != 0) {
      return Unsupported(ctx.Label() + ": per-channel scale / bias (Arm NN's gamma and beta are scalars)");
    }
  }
  return Status::Ok();
}

Status LowerInstanceNorm(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 3 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  NNRT_RETURN_IF_ERROR(CheckFloat32(ctx));
  armnn::InstanceNormalizationDescriptor d;
  NNRT_RETURN_IF_ERROR(UniformValue(ctx, n.inputs[1], &d.m_Gamma));
  NNRT_RETURN_IF_ERROR(UniformValue(ctx, n.inputs[2], &d.m_Beta));
  d.m_Eps = FloatAttr(n, "epsilon");
  if (d.m_Eps == 0.0f) return Unsupported(ctx.Label() + ": epsilon 0 (C-573 gives a constant channel the bias, CpuRef NaN)");
  d.m_DataLayout = armnn::DataLayout::NCHW;
  if (ctx.dims()[n.inputs[0]].size() < 3) return Unsupported(ctx.Label() + ": x rank 3..4 only");
  armnn::IConnectableLayer* layer = ctx.network().AddInstanceNormalizationLayer(d);
  return ConnectNormLayer(ctx, layer, /*ones_first=*/false);
}

Status LowerL2Normalize(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 1 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  NNRT_RETURN_IF_ERROR(CheckFloat32(ctx));
  const std::vector<int64_t> axes = IntsAttr(n, "axis");
  const auto rank = static_cast<int64_t>(ctx.dims()[n.inputs[0]].size());
  const bool last_only = (axes.empty() && rank == 1) || (axes.size() == 1 && (axes[0] == rank - 1 || axes[0] == -1));
  if (!last_only) {
    return Unsupported(ctx.Label() + ": Arm NN normalises over the last (channel) dim only");
  }
  ActivationType act = ActivationType::kNone;
  NNRT_RETURN_IF_ERROR(ReadFusedActivation(n, &act));
  armnn::L2NormalizationDescriptor d;
  d.m_Eps = FloatAttr(n, "epsilon");
  if (d.m_Eps == 0.0f) return Unsupported(ctx.Label() + ": epsilon 0 (C-586 gives a zero group 0, CpuRef NaN)");
  d.m_DataLayout = armnn::DataLayout::NHWC;
  armnn::IConnectableLayer* layer = ctx.network().AddL2NormalizationLayer(d);
  return ConnectNormLayer(ctx, layer, /*ones_first=*/true, act);
}

}  // namespace

NNRT_ARMNN_LOWERING(FUSED_BATCH_NORM, LowerBatchNorm);
NNRT_ARMNN_LOWERING(INSTANCE_NORM, LowerInstanceNorm);
NNRT_ARMNN_LOWERING(L2_NORMALIZE_FUSION, LowerL2Normalize);

}  // namespace armnn_driver
}  // namespace nnrt
