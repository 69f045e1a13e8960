// ADD_FUSION, SUB_FUSION, MUL_FUSION, DIV_FUSION -> Arm NN Addition,
// Subtraction, Multiplication, Division layers (numpy broadcasting after the
// lower-rank operand is reshaped to the output rank) with the fused RELU /
// RELU6 as a clamp (docs/operators/arithmetic.md).
//
// Float32: the layer on the operands as they are.
// Quantized int8 / uint8 (per-tensor): Arm NN's quantised arithmetic stores
// round(v / s) + zp, the zero point added after the rounding, where NNRt
// stores RHA(v / s + zp) with the zero point inside (docs/quantization.md
// "Quantize"; they differ by one LSB on the ties whose two sides differ in
// sign, which the suite's tie-heavy cases expose as a systematic bias). So the
// node runs in Arm NN as: Dequantize each operand, the float32 layer, the
// clamp, Addition of the constant zp * s, then Quantize with zero point 0 -
// Arm NN's round(v / s + zp) with the zero point inside, clamped to the
// type's range - and a Reshape (same shape) that gives the codes y's real
// zero point. Quantized DIV_FUSION (0 / 0 reaches Quantize as NaN, which
// aborts Arm NN) and int32 arithmetic are refused.
#include <cstring>
#include <limits>

#include "cts_driver/drivers/armnn/armnn_lowering.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace armnn_driver {
namespace {

armnn::IConnectableLayer* AddLayer(armnn::INetwork& net, NodeType type) {
  switch (type) {
    case NodeType::ADD_FUSION: return net.AddAdditionLayer();
    case NodeType::SUB_FUSION: return net.AddSubtractionLayer();
    case NodeType::MUL_FUSION: return net.AddMultiplicationLayer();
    case NodeType::DIV_FUSION: return net.AddDivisionLayer();
    default: return nullptr;
  }
}

// Dequantize of tensor t at `rank` dims into input `slot` of `layer`.
Status ConnectDequantized(LoweringContext& ctx, uint32_t t, armnn::IConnectableLayer* layer, unsigned slot,
                          unsigned rank) {
  armnn::IConnectableLayer* dq = ctx.network().AddDequantizeLayer();
  NNRT_RETURN_IF_ERROR(ctx.Connect(t, dq, 0));
  armnn::TensorInfo info(ctx.Shape(t), armnn::DataType::Float32);
  dq->GetOutputSlot(0).SetTensorInfo(info);
  armnn::IOutputSlot* out = &dq->GetOutputSlot(0);
  const unsigned have = info.GetNumDimensions();
  if (have < rank) {
    std::vector<unsigned> d(rank - have, 1u);
    for (unsigned i = 0; i < have; ++i) d.push_back(info.GetShape()[i]);
    info.SetShape(armnn::TensorShape(rank, d.data()));
    armnn::ReshapeDescriptor r;
    r.m_TargetShape = info.GetShape();
    armnn::IConnectableLayer* reshape = ctx.network().AddReshapeLayer(r);
    out->Connect(reshape->GetInputSlot(0));
    reshape->GetOutputSlot(0).SetTensorInfo(info);
    out = &reshape->GetOutputSlot(0);
  }
  out->Connect(layer->GetInputSlot(slot));
  return Status::Ok();
}

Status LowerQuantized(LoweringContext& ctx, ActivationType act) {
  const Node& n = ctx.node();
  const uint32_t yt = n.outputs[0];
  armnn::INetwork& net = ctx.network();
  armnn::TensorInfo y_info;
  NNRT_RETURN_IF_ERROR(ctx.Info(yt, &y_info));
  const unsigned rank = y_info.GetNumDimensions();
  const armnn::TensorInfo f_info(y_info.GetShape(), armnn::DataType::Float32);
  armnn::IConnectableLayer* op = AddLayer(net, n.type);
  NNRT_RETURN_IF_ERROR(ConnectDequantized(ctx, n.inputs[0], op, 0, rank));
  NNRT_RETURN_IF_ERROR(ConnectDequantized(ctx, n.inputs[1], op, 1, rank));
  op->GetOutputSlot(0).SetTensorInfo(f_info);
  armnn::IOutputSlot* v = &op->GetOutputSlot(0);
  if (act == ActivationType::kRelu || act == ActivationType::kRelu6) {
    NNRT_RETURN_IF_ERROR(
        ctx.ClampSlot(v, f_info, 0.0f, act == ActivationType::kRelu6 ? 6.0f : std::numeric_limits<float>::infinity(), &v));
  } else if (act != ActivationType::kNone) {
    return Unsupported(ctx.Label() + ": fused activation other than RELU / RELU6");
  }
  // v + zp * s, then Quantize with zero point 0.
  const float shift = static_cast<float>(y_info.GetQuantizationOffset()) * y_info.GetQuantizationScale();
  const std::vector<unsigned> ones(rank, 1u);
  const armnn::TensorInfo c_info(armnn::TensorShape(rank, ones.data()), armnn::DataType::Float32);
  std::vector<uint8_t> bytes(sizeof(float));
  std::memcpy(bytes.data(), &shift, sizeof(float));
  armnn::ConstTensor c;
  NNRT_RETURN_IF_ERROR(ctx.Constant(c_info, std::move(bytes), &c));
  armnn::IConnectableLayer* constant = net.AddConstantLayer(c);
  constant->GetOutputSlot(0).SetTensorInfo(c_info);
  armnn::IConnectableLayer* add = net.AddAdditionLayer();
  v->Connect(add->GetInputSlot(0));
  constant->GetOutputSlot(0).Connect(add->GetInputSlot(1));
  add->GetOutputSlot(0).SetTensorInfo(f_info);
  armnn::IConnectableLayer* quantize = net.AddQuantizeLayer();
  add->GetOutputSlot(0).Connect(quantize->GetInputSlot(0));
  armnn::TensorInfo q_info = y_info;
  q_info.SetQuantizationOffset(0);
  quantize->GetOutputSlot(0).SetTensorInfo(q_info);
  armnn::ReshapeDescriptor r;
  r.m_TargetShape = y_info.GetShape();
  armnn::IConnectableLayer* relabel = net.AddReshapeLayer(r);
  quantize->GetOutputSlot(0).Connect(relabel->GetInputSlot(0));
  return ctx.Produce(relabel, 0, yt);
}

Status LowerArithmetic(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 2 || n.outputs.size() != 1) return Unsupported(ctx.Label() + ": bad arity");
  const Tensor& a = ctx.T(n.inputs[0]);
  const Tensor& b = ctx.T(n.inputs[1]);
  const Tensor& y = ctx.T(n.outputs[0]);
  if (a.data_type != y.data_type || b.data_type != y.data_type) return Unsupported(ctx.Label() + ": mixed data types");
  const bool quant = y.IsQuantized();
  if (!(y.data_type == DataType::kFloat32 && !quant) &&
      !(quant && (y.data_type == DataType::kInt8 || y.data_type == DataType::kUint8))) {
    return Unsupported(ctx.Label() + ": float32 or quantized int8/uint8 only");
  }
  if (quant && (a.quant_params.size() != 1 || b.quant_params.size() != 1 || y.quant_params.size() != 1)) {
    return Unsupported(ctx.Label() + ": per-tensor quantisation only");
  }
  ActivationType act = ActivationType::kNone;
  NNRT_RETURN_IF_ERROR(ReadFusedActivation(n, &act));
  if (quant && n.type == NodeType::DIV_FUSION) {
    // x / 0 in the float path is inf or NaN, and Arm NN's Quantize aborts the
    // process on NaN (ARMNN_ASSERT(!isnan(value)), Arm NN 20.08 TypesUtils).
    return Unsupported(ctx.Label() + ": quantized division (0 / 0 would abort Arm NN's Quantize)");
  }
  if (quant) return LowerQuantized(ctx, act);
  if ((n.type == NodeType::MUL_FUSION || n.type == NodeType::DIV_FUSION) && act != ActivationType::kNone) {
    // A product or quotient below half the smallest subnormal in magnitude is
    // -0 once Arm NN rounds it, and no clamp after the rounding can tell it
    // from an exact -0 (-1 * 0): NNRt's RELU of the unrounded value gives +0
    // for the first and -0 for the second.
    return Unsupported(ctx.Label() + ": float32 MUL / DIV with a fused activation (the clamp must precede the rounding)");
  }
  armnn::IConnectableLayer* layer = AddLayer(ctx.network(), n.type);
  if (layer == nullptr) return Unsupported(ctx.Label() + ": not an arithmetic node");
  const unsigned rank = ctx.Shape(n.outputs[0]).GetNumDimensions();
  NNRT_RETURN_IF_ERROR(ctx.ConnectAtRank(n.inputs[0], layer, 0, rank));
  NNRT_RETURN_IF_ERROR(ctx.ConnectAtRank(n.inputs[1], layer, 1, rank));
  return ctx.ProduceActivated(layer, n.outputs[0], act);
}

}  // namespace

NNRT_ARMNN_LOWERING(ADD_FUSION, LowerArithmetic);
NNRT_ARMNN_LOWERING(SUB_FUSION, LowerArithmetic);
NNRT_ARMNN_LOWERING(MUL_FUSION, LowerArithmetic);
NNRT_ARMNN_LOWERING(DIV_FUSION, LowerArithmetic);

}  // namespace armnn_driver
}  // namespace nnrt
