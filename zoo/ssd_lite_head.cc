// An SSD-lite style detector (Liu et al. 2016; MobileNetV2's SSDLite
// prediction layers) at 32x32x3 (docs/models.md): conv 3x3 s2 -> depthwise
// 3x3 s2 + 1x1 (a 4x4x24 feature map), then a box branch and a class branch,
// each a depthwise 3x3 (ReLU6) + 1x1 conv, giving 2 anchors per cell: box
// encodings [1, 32, 4] and sigmoid class scores [1, 32, 4] whose column 0 is
// the background (TensorFlow's SSD models and their TFLite conversions: 3
// classes + background, C-742, C-774), decoded and filtered by
// DETECTION_POST_PROCESS (regular NMS) against 32 constant anchors. DETECTION_POST_PROCESS takes int8 boxes and scores and float
// anchors, and writes float32 outputs in every variant (C-740).
#include "zoo/layers.h"
#include "zoo/zoo.h"

namespace nnrt {
namespace zoo {
namespace {

constexpr int32_t kGrid = 4, kAnchorsPerCell = 2, kClasses = 3, kMaxDetections = 8;
constexpr int32_t kBoxes = kGrid * kGrid * kAnchorsPerCell;

// (y, x, h, w) center-size per cell and anchor: centers (i + 1/2) / 4, squares of side 1/4 and 1/2.
std::vector<float> Anchors() {
  std::vector<float> a;
  for (int32_t i = 0; i < kGrid; ++i) {
    for (int32_t j = 0; j < kGrid; ++j) {
      for (float side : {0.25f, 0.5f}) {
        a.insert(a.end(), {(i + 0.5f) / kGrid, (j + 0.5f) / kGrid, side, side});
      }
    }
  }
  return a;
}

uint32_t Branch(Layers* l, const std::string& name, uint32_t features, int32_t per_anchor) {
  const uint32_t dw = l->Depthwise(name + ".dw", features, 3, 1, Act::kRelu6);
  const uint32_t out = l->Conv(name + ".conv", dw, kAnchorsPerCell * per_anchor, 1, 1, Act::kNone);
  return l->Reshape(name + ".flat", out, {1, kBoxes, per_anchor});
}

}  // namespace

void DefineSsdLiteHead(NetworkBuilder* b, std::vector<uint32_t>* inputs, std::vector<uint32_t>* outputs) {
  Layers l(b, 5000);
  const uint32_t image = b->Activation("image", {1, 32, 32, 3});
  uint32_t x = l.Conv("stem", image, 16, 3, 2, Act::kRelu6);  // 16x16x16
  x = l.Depthwise("block.dw", x, 3, 2, Act::kRelu6);          // 8x8x16
  x = l.Conv("block.project", x, 24, 1, 1, Act::kRelu6);
  x = l.Depthwise("features.dw", x, 3, 2, Act::kRelu6);       // 4x4x24
  const uint32_t boxes = Branch(&l, "box", x, 4);
  const uint32_t logits = Branch(&l, "class", x, kClasses + 1);  // column 0: background
  const uint32_t scores = b->Activation("class.scores", {1, kBoxes, kClasses + 1});
  b->Op(OH_NN_OPS_SIGMOID, {logits}, {}, {scores});
  const uint32_t anchors = b->FloatConstant("anchors", {kBoxes, 4}, Anchors());
  const uint32_t det_boxes = b->FloatActivation("detections.boxes", {1, kMaxDetections, 4});
  const uint32_t det_classes = b->FloatActivation("detections.classes", {1, kMaxDetections});
  const uint32_t det_scores = b->FloatActivation("detections.scores", {1, kMaxDetections});
  const uint32_t det_count = b->FloatActivation("detections.count", {1});
  b->Op(OH_NN_OPS_DETECTION_POST_PROCESS, {boxes, scores, anchors},
        {Int64Param(OH_NN_DETECTION_POST_PROCESS_INPUT_SIZE, {32}),
         FloatParam(OH_NN_DETECTION_POST_PROCESS_SCALE, {10, 10, 5, 5}),
         FloatParam(OH_NN_DETECTION_POST_PROCESS_NMS_IOU_THRESHOLD, {0.5f}),
         FloatParam(OH_NN_DETECTION_POST_PROCESS_NMS_SCORE_THRESHOLD, {0.25f}),
         Int64Param(OH_NN_DETECTION_POST_PROCESS_MAX_DETECTIONS, {kMaxDetections}),
         Int64Param(OH_NN_DETECTION_POST_PROCESS_DETECTIONS_PER_CLASS, {4}),
         Int64Param(OH_NN_DETECTION_POST_PROCESS_MAX_CLASSES_PER_DETECTION, {1}),
         Int64Param(OH_NN_DETECTION_POST_PROCESS_NUM_CLASSES, {kClasses}),
         BoolParam(OH_NN_DETECTION_POST_PROCESS_USE_REGULAR_NMS, true),
         BoolParam(OH_NN_DETECTION_POST_PROCESS_OUT_QUANTIZED, false)},
        {det_boxes, det_classes, det_scores, det_count});
  *inputs = {image};
  *outputs = {det_boxes, det_classes, det_scores, det_count};
}

}  // namespace zoo
}  // namespace nnrt
