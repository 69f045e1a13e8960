// DETECTION_POST_PROCESS (family "detection"; ops_catalog #92, HDI
// DetectionPostProcess): decodes center-size box encodings against anchors,
// filters by score, runs non-maximum suppression (per class, or class-agnostic
// on each box's best classes) and writes four padded outputs: boxes, classes,
// scores, count. The parameter set is that of TFLite's
// TFLite_Detection_PostProcess, whose semantics the reference follows where
// the NNRt documents are silent.
// Semantics: docs/operators/detection_post_process.md; decisions C-740..C-749.
#ifndef NNRT_REFERENCE_OPS_DETECTION_POST_PROCESS_H_
#define NNRT_REFERENCE_OPS_DETECTION_POST_PROCESS_H_

#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// What the kernel needs, parsed and checked once by InferDetectionPostProcess.
struct DetectionParams {
  int64_t batch = 0;
  int64_t boxes = 0;          // N: box encodings / anchors per image
  int64_t num_classes = 0;    // numClasses: classes that can be detected
  int64_t label_offset = 0;   // 1 when scores carry a background column 0 (C-742), else 0
  int64_t score_width = 0;    // scores dim 2: numClasses + label_offset
  int64_t max_detections = 0;
  int64_t detections_per_class = 0;
  int64_t max_classes_per_detection = 0;
  int64_t rows = 0;           // output rows per image: maxDetections * maxClassesPerDetection (C-746)
  double scale_y = 0, scale_x = 0, scale_h = 0, scale_w = 0;  // scale[0..3] (C-741)
  double iou_threshold = 0;
  double score_threshold = 0;
  bool regular_nms = false;
};

// A decoded box in double: corners as the output writes them (C-741).
struct DecodedBox {
  double ymin, xmin, ymax, xmax;
};

// One output row before it is written: box index, class (without the
// background column) and its score.
struct Detection {
  int64_t box;
  int64_t cls;
  double score;
};

Status InferDetectionPostProcess(OpContext& ctx);
// Per image, in batch order: decode, select (regular or fast NMS), write rows
// 0..count-1 in selection order and zero the rest (C-746).
Status DetectionPostProcessKernel(OpContext& ctx);

// The building blocks, in the order the kernel uses them.
// C-741: one box from its encoding (ty, tx, th, tw) and anchor (ya, xa, ha,
// wa) in double: center (ty / scale_y * ha + ya, tx / scale_x * wa + xa),
// half sizes 0.5 * exp(th / scale_h) * ha and 0.5 * exp(tw / scale_w) * wa.
DecodedBox DecodeCenterSize(const double encoding[4], const double anchor[4], const DetectionParams& p);
// (detection_nms.cc)
// Intersection over union in double; 0 when either box has no positive area (C-744).
double IntersectionOverUnion(const DecodedBox& a, const DecodedBox& b);
// Greedy single-class NMS: candidates with score >= threshold (NaN never,
// C-745), ordered by score descending, equal scores lower box index first
// (C-743); a candidate is dropped when its IoU with an already kept box
// exceeds the IoU threshold; at most `limit` kept. Returns box indices in
// keep order.
std::vector<int64_t> SelectSingleClass(const std::vector<DecodedBox>& boxes, const std::vector<double>& scores,
                                       const DetectionParams& p, int64_t limit);
// scores: [N, score_width] of one image, row-major.
std::vector<Detection> SelectRegular(const std::vector<DecodedBox>& boxes, const std::vector<double>& scores,
                                     const DetectionParams& p);
std::vector<Detection> SelectFast(const std::vector<DecodedBox>& boxes, const std::vector<double>& scores,
                                  const DetectionParams& p);

// One image b of a context InferDetectionPostProcess accepted: its decoded
// boxes and the selected detections in output row order (what the kernel
// writes; the conformance suite's tolerance data reads it too).
std::vector<Detection> DetectImage(const OpContext& ctx, int64_t b, std::vector<DecodedBox>* boxes);

OpDef DetectionPostProcessOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_DETECTION_POST_PROCESS_H_
