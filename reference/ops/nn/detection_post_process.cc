#include "reference/ops/nn/detection_post_process.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/nn/norm_common.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

const char kBox[] = "input 0 (bbox)";
const char kScores[] = "input 1 (scores)";
const char kAnchors[] = "input 2 (anchors)";
const char* const kOutputs[] = {"output 0 (bboxes)", "output 1 (classes)", "output 2 (confidences)",
                                "output 3 (numDetections)"};

std::string Dpp(const std::string& m) { return "DETECTION_POST_PROCESS " + m; }

// C-740: each input float32, float16, or int8/uint8 with per-tensor quant
// params (dequantized); every output float32 without quant params.
Status CheckTypes(const OpContext& ctx) {
  const char* roles[] = {kBox, kScores, kAnchors};
  for (size_t i = 0; i < 3; ++i) {
    const TensorArg& t = ctx.inputs[i];
    NNRT_RETURN_IF_ERROR(
        CheckDataTypeIn(t, roles[i], {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}));
    NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(t, roles[i]));
    if (IsQuant8Type(t.dtype())) {
      if (!t.quantized()) return InvalidModel(Dpp(std::string(roles[i]) + " is 8-bit without quant params"));
      NNRT_RETURN_IF_ERROR(CheckPerTensorQuant(t, roles[i]));
    }
  }
  for (size_t o = 0; o < 4; ++o) {
    NNRT_RETURN_IF_ERROR(CheckDataTypeIn(ctx.outputs[o], kOutputs[o], {DataType::kFloat32}));
    if (ctx.outputs[o].quantized()) return InvalidModel(Dpp(std::string(kOutputs[o]) + " must not carry quant params"));
  }
  return Status::Ok();
}

Status AtLeastOne(const char* name, int64_t v) {
  if (v >= 1) return Status::Ok();
  return InvalidModel(Dpp(std::string(name) + " must be >= 1, got " + std::to_string(v) + " (C-748)"));
}

// C-741, C-747, C-748: the attribute ranges.
Status ParseAttrs(const Node& node, DetectionParams* p) {
  const std::vector<float> scale = FloatsAttr(node, "scale");
  if (scale.size() != 4) {
    return InvalidModel(Dpp("scale must hold 4 values (y, x, h, w), got " + std::to_string(scale.size()) +
                            " (C-741)"));
  }
  for (float s : scale) {
    if (!(std::isfinite(s) && s > 0)) {
      return InvalidModel(Dpp("scale values must be finite and > 0, got " + std::to_string(s) + " (C-748)"));
    }
  }
  p->scale_y = scale[0];
  p->scale_x = scale[1];
  p->scale_h = scale[2];
  p->scale_w = scale[3];
  p->iou_threshold = FloatAttr(node, "nmsIoUThreshold");
  if (!(p->iou_threshold > 0 && p->iou_threshold <= 1)) {
    return InvalidModel(Dpp("nmsIoUThreshold must lie in (0, 1], got " + std::to_string(p->iou_threshold) +
                            " (C-748)"));
  }
  p->score_threshold = FloatAttr(node, "nmsScoreThreshold");
  if (!std::isfinite(p->score_threshold)) return InvalidModel(Dpp("nmsScoreThreshold must be finite (C-748)"));
  p->max_detections = IntAttr(node, "maxDetections");
  p->detections_per_class = IntAttr(node, "detectionsPerClass");
  p->max_classes_per_detection = IntAttr(node, "maxClassesPerDetection");
  p->num_classes = IntAttr(node, "numClasses");
  NNRT_RETURN_IF_ERROR(AtLeastOne("maxDetections", p->max_detections));
  NNRT_RETURN_IF_ERROR(AtLeastOne("detectionsPerClass", p->detections_per_class));
  NNRT_RETURN_IF_ERROR(AtLeastOne("maxClassesPerDetection", p->max_classes_per_detection));
  NNRT_RETURN_IF_ERROR(AtLeastOne("numClasses", p->num_classes));
  if (p->max_classes_per_detection > p->num_classes) {
    return InvalidModel(Dpp("maxClassesPerDetection " + std::to_string(p->max_classes_per_detection) +
                            " exceeds numClasses " + std::to_string(p->num_classes) + " (C-748)"));
  }
  if (IntAttr(node, "inputSize") < 0) return InvalidModel(Dpp("inputSize must be >= 0 (C-740)"));
  if (BoolAttr(node, "outQuantized")) {
    return Unsupported(Dpp("with outQuantized = true (quantized outputs are not defined by the documents) is not "
                           "supported; the outputs are float32 (C-740)"));
  }
  p->regular_nms = BoolAttr(node, "useRegularNms");
  constexpr int64_t kMaxRows = int64_t{1} << 24;
  if (p->max_detections > kMaxRows / p->max_classes_per_detection) {
    return InvalidModel(Dpp("maxDetections * maxClassesPerDetection exceeds 2^24 output rows"));
  }
  p->rows = p->max_detections * p->max_classes_per_detection;
  return Status::Ok();
}

// Two known dims must agree; -1 (not known yet) agrees with anything.
Status SameDim(int64_t a, const char* what_a, int64_t b, const char* what_b) {
  if (a < 0 || b < 0 || a == b) return Status::Ok();
  return InvalidModel(Dpp(std::string(what_a) + " = " + std::to_string(a) + " must equal " + what_b + " = " +
                          std::to_string(b) + " (C-740)"));
}

// C-740, C-742: bbox [B, N, 4], scores [B, N, numClasses (+1)], anchors [N, 4].
Status CheckShapes(const OpContext& ctx, DetectionParams* p) {
  const Dims& box = ctx.inputs[0].dims;
  const Dims& sc = ctx.inputs[1].dims;
  const Dims& an = ctx.inputs[2].dims;
  if (box.size() != 3 || sc.size() != 3 || an.size() != 2) {
    return InvalidModel(Dpp("needs bbox [batch, N, 4], scores [batch, N, classes] and anchors [N, 4], got " +
                            DimsToString(box) + ", " + DimsToString(sc) + ", " + DimsToString(an) + " (C-740)"));
  }
  NNRT_RETURN_IF_ERROR(SameDim(box[2], "bbox dim 2", 4, "4 (y, x, h, w)"));
  NNRT_RETURN_IF_ERROR(SameDim(an[1], "anchors dim 1", 4, "4 (y, x, h, w)"));
  NNRT_RETURN_IF_ERROR(SameDim(sc[0], "scores dim 0 (batch)", box[0], "bbox dim 0"));
  NNRT_RETURN_IF_ERROR(SameDim(sc[1], "scores dim 1 (boxes)", box[1], "bbox dim 1"));
  NNRT_RETURN_IF_ERROR(SameDim(an[0], "anchors dim 0 (boxes)", box[1], "bbox dim 1"));
  NNRT_RETURN_IF_ERROR(SameDim(an[0], "anchors dim 0 (boxes)", sc[1], "scores dim 1"));
  const int64_t width = sc[2];
  if (width >= 0 && width != p->num_classes && width != p->num_classes + 1) {
    return InvalidModel(Dpp("scores dim 2 = " + std::to_string(width) + " must be numClasses = " +
                            std::to_string(p->num_classes) + " or numClasses + 1 (background column 0) (C-742)"));
  }
  p->batch = box[0] >= 0 ? box[0] : sc[0];
  p->boxes = box[1] >= 0 ? box[1] : (sc[1] >= 0 ? sc[1] : an[0]);
  p->label_offset = width == p->num_classes + 1 ? 1 : 0;
  p->score_width = p->num_classes + p->label_offset;
  return Status::Ok();
}

// C-741: center-size decoding in double, anchors (ya, xa, ha, wa).
std::vector<DecodedBox> DecodeBoxes(const OpContext& ctx, const DetectionParams& p, int64_t b) {
  const TensorArg& enc = ctx.inputs[0];
  const TensorArg& an = ctx.inputs[2];
  std::vector<DecodedBox> out(static_cast<size_t>(p.boxes));
  for (int64_t i = 0; i < p.boxes; ++i) {
    const size_t e = static_cast<size_t>((b * p.boxes + i) * 4);
    const size_t a = static_cast<size_t>(i * 4);
    double encoding[4], anchor[4];
    for (size_t k = 0; k < 4; ++k) {
      encoding[k] = LoadReal(enc, e + k, enc.quantized());
      anchor[k] = LoadReal(an, a + k, an.quantized());
    }
    out[i] = DecodeCenterSize(encoding, anchor, p);
  }
  return out;
}

// C-746: rows 0..count-1 from `dets`, the rest zero; count as a float.
void WriteImage(OpContext& ctx, const DetectionParams& p, int64_t b, const std::vector<DecodedBox>& boxes,
                const std::vector<Detection>& dets) {
  for (int64_t r = 0; r < p.rows; ++r) {
    const bool used = r < static_cast<int64_t>(dets.size());
    const size_t row = static_cast<size_t>(b * p.rows + r);
    const DecodedBox box = used ? boxes[dets[r].box] : DecodedBox{0, 0, 0, 0};
    const double corners[4] = {box.ymin, box.xmin, box.ymax, box.xmax};
    for (size_t k = 0; k < 4; ++k) StoreDouble(DataType::kFloat32, ctx.outputs[0].mutable_data, row * 4 + k, corners[k]);
    StoreDouble(DataType::kFloat32, ctx.outputs[1].mutable_data, row, used ? static_cast<double>(dets[r].cls) : 0.0);
    StoreDouble(DataType::kFloat32, ctx.outputs[2].mutable_data, row, used ? dets[r].score : 0.0);
  }
  StoreDouble(DataType::kFloat32, ctx.outputs[3].mutable_data, static_cast<size_t>(b),
              static_cast<double>(dets.size()));
}

}  // namespace

DecodedBox DecodeCenterSize(const double encoding[4], const double anchor[4], const DetectionParams& p) {
  const double yc = encoding[0] / p.scale_y * anchor[2] + anchor[0];
  const double xc = encoding[1] / p.scale_x * anchor[3] + anchor[1];
  const double half_h = 0.5 * std::exp(encoding[2] / p.scale_h) * anchor[2];
  const double half_w = 0.5 * std::exp(encoding[3] / p.scale_w) * anchor[3];
  return DecodedBox{yc - half_h, xc - half_w, yc + half_h, xc + half_w};
}

Status InferDetectionPostProcess(OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(CheckTypes(ctx));
  DetectionParams p;
  NNRT_RETURN_IF_ERROR(ParseAttrs(*ctx.node, &p));
  NNRT_RETURN_IF_ERROR(CheckShapes(ctx, &p));
  const auto batch = static_cast<int32_t>(p.batch);
  const auto rows = static_cast<int32_t>(p.rows);
  ctx.outputs[0].dims = Dims{batch, rows, 4};
  ctx.outputs[1].dims = Dims{batch, rows};
  ctx.outputs[2].dims = Dims{batch, rows};
  ctx.outputs[3].dims = Dims{batch};
  ctx.SetParams(p);
  return Status::Ok();
}

std::vector<Detection> DetectImage(const OpContext& ctx, int64_t b, std::vector<DecodedBox>* boxes) {
  const DetectionParams& p = ctx.Params<DetectionParams>();
  const TensorArg& sc = ctx.inputs[1];
  *boxes = DecodeBoxes(ctx, p, b);
  std::vector<double> scores(static_cast<size_t>(p.boxes * p.score_width));
  for (size_t i = 0; i < scores.size(); ++i) scores[i] = LoadReal(sc, b * scores.size() + i, sc.quantized());
  return p.regular_nms ? SelectRegular(*boxes, scores, p) : SelectFast(*boxes, scores, p);
}

Status DetectionPostProcessKernel(OpContext& ctx) {
  const DetectionParams& p = ctx.Params<DetectionParams>();
  // C-760: NMS compares each candidate with at most `limit` kept boxes, per
  // class (regular) or once (fast, after ranking every box's classes).
  const int64_t limit = std::min(p.boxes, p.regular_nms ? p.detections_per_class : p.max_detections);
  NNRT_RETURN_IF_ERROR(p.regular_nms ? ChargeWork(ctx, {p.batch, p.num_classes, p.boxes, std::max<int64_t>(limit, 1)},
                                                  "per class, every box against up to " + std::to_string(limit) + " kept")
                                     : ChargeWork(ctx, {p.batch, p.boxes, p.num_classes + std::max<int64_t>(limit, 1)},
                                                  "every box's classes ranked, then against up to " +
                                                      std::to_string(limit) + " kept"));
  std::vector<DecodedBox> boxes;
  for (int64_t b = 0; b < p.batch; ++b) {
    const std::vector<Detection> dets = DetectImage(ctx, b, &boxes);
    WriteImage(ctx, p, b, boxes, dets);
  }
  return Status::Ok();
}

OpDef DetectionPostProcessOpDef() {
  using namespace schema;  // NOLINT: the schema reads as the IDL
  constexpr int8_t kNchw = 0;
  return OpDef{NodeType::DETECTION_POST_PROCESS,
               {Enum("format", kNchw, {0, 1}), Int64("inputSize", 0), FloatList("scale"),
                Float("nmsIoUThreshold", 0.0f), Float("nmsScoreThreshold", 0.0f), Int64("maxDetections", 0),
                Int64("detectionsPerClass", 0), Int64("maxClassesPerDetection", 0), Int64("numClasses", 0),
                Bool("useRegularNms", false), Bool("outQuantized", false)},
               /*inputs=*/3, 3, /*outputs=*/4, 4, &InferDetectionPostProcess, &DetectionPostProcessKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}, "detection"};
}

}  // namespace nnrt
