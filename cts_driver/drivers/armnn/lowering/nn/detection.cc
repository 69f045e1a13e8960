// DETECTION_POST_PROCESS -> Arm NN DetectionPostProcess (docs/operators/detection_post_process.md;
// both are TFLite's TFLite_Detection_PostProcess).
// Lowered: batch 1 (Arm NN's layer takes one image), scores with the
// background column (numClasses + 1 columns: Arm NN always skips column 0,
// C-742), constant anchors (Arm NN takes them in the layer), bbox / scores /
// anchors float32 or quantized uint8 / int8 per tensor, outQuantized false,
// the four float32 outputs. NNRt's scale is (y, x, h, w) (C-748).
#include "cts_driver/drivers/armnn/armnn_lowering.h"

namespace nnrt {
namespace armnn_driver {
namespace {

Status CheckDetectionInput(LoweringContext& ctx, uint32_t t) {
  const Tensor& v = ctx.T(t);
  if (!v.IsQuantized()) {
    if (v.data_type != DataType::kFloat32) return Unsupported(ctx.Label() + ": float32 or quantized inputs only");
    return Status::Ok();
  }
  if ((v.data_type != DataType::kUint8 && v.data_type != DataType::kInt8) || v.quant_params.size() != 1) {
    return Unsupported(ctx.Label() + ": quantized int8/uint8 per tensor only");
  }
  return Status::Ok();
}

Status LowerDetection(LoweringContext& ctx) {
  const Node& n = ctx.node();
  if (n.inputs.size() != 3 || n.outputs.size() != 4) return Unsupported(ctx.Label() + ": bad arity");
  for (uint32_t t : n.inputs) NNRT_RETURN_IF_ERROR(CheckDetectionInput(ctx, t));
  for (uint32_t t : n.outputs) {
    if (ctx.T(t).data_type != DataType::kFloat32 || ctx.T(t).IsQuantized()) {
      return Unsupported(ctx.Label() + ": float32 outputs only");
    }
  }
  if (BoolAttr(n, "outQuantized")) return Unsupported(ctx.Label() + ": outQuantized");
  const Dims& bd = ctx.dims()[n.inputs[0]];
  const Dims& sd = ctx.dims()[n.inputs[1]];
  const int64_t classes = IntAttr(n, "numClasses");
  if (bd.size() != 3 || bd[0] != 1 || sd.size() != 3 || sd[2] != classes + 1) {
    return Unsupported(ctx.Label() + ": batch 1 with a background score column only");
  }
  const std::vector<float> scale = FloatsAttr(n, "scale");
  if (scale.size() != 4) return Unsupported(ctx.Label() + ": scale must hold 4 values");
  armnn::DetectionPostProcessDescriptor d;
  d.m_MaxDetections = static_cast<uint32_t>(IntAttr(n, "maxDetections"));
  d.m_MaxClassesPerDetection = static_cast<uint32_t>(IntAttr(n, "maxClassesPerDetection"));
  d.m_DetectionsPerClass = static_cast<uint32_t>(IntAttr(n, "detectionsPerClass"));
  d.m_NmsScoreThreshold = FloatAttr(n, "nmsScoreThreshold");
  d.m_NmsIouThreshold = FloatAttr(n, "nmsIoUThreshold");
  d.m_NumClasses = static_cast<uint32_t>(classes);
  d.m_UseRegularNms = BoolAttr(n, "useRegularNms");
  d.m_ScaleY = scale[0];
  d.m_ScaleX = scale[1];
  d.m_ScaleH = scale[2];
  d.m_ScaleW = scale[3];
  armnn::ConstTensor anchors;
  NNRT_RETURN_IF_ERROR(ctx.Constant(n.inputs[2], &anchors));
  armnn::IConnectableLayer* layer = ctx.network().AddDetectionPostProcessLayer(d, anchors);
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[0], layer, 0));
  NNRT_RETURN_IF_ERROR(ctx.Connect(n.inputs[1], layer, 1));
  for (unsigned k = 0; k < 4; ++k) NNRT_RETURN_IF_ERROR(ctx.Produce(layer, k, n.outputs[k]));
  return Status::Ok();
}

}  // namespace

NNRT_ARMNN_LOWERING(DETECTION_POST_PROCESS, LowerDetection);

}  // namespace armnn_driver
}  // namespace nnrt
