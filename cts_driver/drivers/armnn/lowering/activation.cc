// ACTIVATION (RELU, RELU6, RELU1, HARD_TANH, SIGMOID, TANH, ELU, LEAKY_RELU,
// HSWISH, SOFTPLUS, ABS) and LEAKY_RELU -> one Arm NN Activation layer (ABS:
// the element-wise unary Abs)
// (docs/semantics.md "ACTIVATION"). RELU1 is NNRt's clamp to [0, 1] and
// HARD_TANH its clamp to [minVal, maxVal]: both BoundedReLu (min(a, max(b,
// x))). Float32, or quantized int8 / uint8 with input and output of one type
// (Arm NN applies the function to the dequantised value and requantises,
// like the reference's table, quantization_semantics 4.9). Other activation
// types (SOFTSIGN, SELU, HSIGMOID, GELU, SWISH, SIGN, THRESHOLD_RELU, LINEAR
// with its NaN pass-through) have no Arm NN function and are refused.
#include <limits>

#include "cts_driver/drivers/armnn/armnn_lowering.h"
#include "reference/ops/elementwise/activation.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status CheckUnaryTypes(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 1 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  return ctx.CheckFloat32OrQuant8(n.inputs[0], n.outputs[0]);
}

Status AddActivation(LoweringContext& ctx, const armnn::ActivationDescriptor& d) {
  const Node& n = ctx.node();
  armnn::IConnectableLayer* layer = ctx.network().AddActivationLayer(d);
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  return ctx.Produce(layer, 0, n.outputs[0]);
}

// The clamps (RELU, RELU6, RELU1, HARD_TANH) through ClampSlot, which keeps
// NaN and -0 as NNRt requires.
Status LowerClamp(LoweringContext& ctx, float lo, float hi) {
  const Node& n = ctx.node();
  armnn::IOutputSlot* in = nullptr;
  NNRT_RETURN_IF_ERROR(ctx.Slot(n.inputs[0], &in));
  armnn::TensorInfo info;
  NNRT_RETURN_IF_ERROR(ctx.Info(n.outputs[0], &info));
  armnn::IOutputSlot* out = nullptr;
  NNRT_RETURN_IF_ERROR(ctx.ClampSlot(in, info, lo, hi, &out));
  ctx.SetProducer(n.outputs[0], out);
  return Status::Ok();
}

Status LowerActivation(LoweringContext& ctx) {
  NNRT_RETURN_IF_ERROR(CheckUnaryTypes(ctx));
  const ActivationAttrs p = ReadActivationAttrs(ctx.node());
  armnn::ActivationDescriptor d;
  switch (p.type) {
    case ActivationType::kRelu: return LowerClamp(ctx, 0.0f, std::numeric_limits<float>::infinity());
    case ActivationType::kRelu6: return LowerClamp(ctx, 0.0f, 6.0f);
    case ActivationType::kRelu1: return LowerClamp(ctx, 0.0f, 1.0f);
    case ActivationType::kHardTanh:
      if (!(p.min_val <= p.max_val)) return Unsupported(ctx.Label() + ": HARD_TANH minVal > maxVal");
      return LowerClamp(ctx, p.min_val, p.max_val);
    case ActivationType::kSigmoid: d.m_Function = armnn::ActivationFunction::Sigmoid; break;
    case ActivationType::kTanh:
      d.m_Function = armnn::ActivationFunction::TanH;
      d.m_A = 1.0f;
      d.m_B = 1.0f;
      break;
    case ActivationType::kElu:
      d.m_Function = armnn::ActivationFunction::Elu;
      d.m_A = p.alpha;
      break;
    case ActivationType::kLeakyRelu:
      d.m_Function = armnn::ActivationFunction::LeakyReLu;
      d.m_A = p.alpha;
      break;
    case ActivationType::kHswish: d.m_Function = armnn::ActivationFunction::HardSwish; break;
    case ActivationType::kSoftplus: d.m_Function = armnn::ActivationFunction::SoftReLu; break;
    case ActivationType::kAbs: {
      // Arm NN's Abs activation keeps -0 (a < 0 ? -a : a); its element-wise
      // unary Abs is std::abs, +0 as NNRt requires.
      armnn::IConnectableLayer* layer =
          ctx.network().AddElementwiseUnaryLayer(armnn::ElementwiseUnaryDescriptor(armnn::UnaryOperation::Abs));
      NNRT_RETURN_IF_ERROR(ctx.Connect(ctx.node().inputs[0], layer, 0));
      return ctx.Produce(layer, 0, ctx.node().outputs[0]);
    }
    default:
      return Unsupported(ctx.Label() + ": activation type " + std::to_string(static_cast<int>(p.type)) +
                         " has no Arm NN function");
  }
  return AddActivation(ctx, d);
}

Status LowerLeakyRelu(LoweringContext& ctx) {
  NNRT_RETURN_IF_ERROR(CheckUnaryTypes(ctx));
  armnn::ActivationDescriptor d;
  d.m_Function = armnn::ActivationFunction::LeakyReLu;
  d.m_A = FloatAttr(ctx.node(), "negativeSlope");
  return AddActivation(ctx, d);
}

}  // namespace

NNRT_ARMNN_LOWERING(ACTIVATION, LowerActivation);
NNRT_ARMNN_LOWERING(LEAKY_RELU, LowerLeakyRelu);

}  // namespace armnn_driver
}  // namespace nnrt
