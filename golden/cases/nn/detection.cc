// Golden cases of DETECTION_POST_PROCESS (ops_catalog #92; clarifications
// C-740..C-749). Most use four anchors of size 1 whose zero encodings decode
// to box0 [0,0,1,1], box1 [0,0.25,1,1.25] (IoU 0.6 with box0), box2 [3,3,4,4]
// and box3 [0,1,1,2] (touches box0), all hand-checked.
#include <cmath>
#include <cstdint>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;
const DT f32 = DT::kFloat32;

struct Dpp {
  DT dt = DT::kFloat32;
  int32_t boxes = 4;
  int32_t width = 2;
  std::vector<double> encodings;  // empty: zeros
  std::vector<double> scores{0.875, 0.25, 0.75, 0.625, 0.375, 0.5, 0.0625, 0.625};
  std::vector<double> anchors{0.5, 0.5, 1, 1, 0.5, 0.75, 1, 1, 3.5, 3.5, 1, 1, 0.5, 1.5, 1, 1};
  std::vector<float> scale{10, 10, 5, 5};
  float iou = 0.5f, score_threshold = 0.1f;
  int64_t max_detections = 3, per_class = 2, classes_per_detection = 1, num_classes = 2;
  bool regular = true, out_quantized = false;
  std::vector<QuantParam> q;
};

// Input bytes: float values, or the int8/uint8 codes of values on the quant grid.
Bytes Input(const Dpp& s, const std::vector<double>& v) {
  if (s.q.empty()) return Values(s.dt, v);
  std::vector<int64_t> codes;
  for (double x : v) codes.push_back(std::llround(x / s.q[0].scale) + s.q[0].zero_point);
  return Ints(s.dt, codes);
}

int32_t RowCount(const Dpp& s) { return static_cast<int32_t>(s.max_detections * s.classes_per_detection); }

TestCase Build(const Dpp& s) {
  std::vector<double> enc = s.encodings;
  if (enc.empty()) enc.assign(static_cast<size_t>(s.boxes) * 4, 0.0);
  const int32_t rows = RowCount(s);
  SingleNodeCase c(NodeType::DETECTION_POST_PROCESS, "detection_post_process");
  c.In("bbox", s.dt, {1, s.boxes, 4}, Input(s, enc), s.q)
      .In("scores", s.dt, {1, s.boxes, s.width}, Input(s, s.scores), s.q)
      .In("anchors", s.dt, {static_cast<int32_t>(s.anchors.size() / 4), 4}, Input(s, s.anchors), s.q)
      .Out("bboxes", f32, {1, rows, 4})
      .Out("classes", f32, {1, rows})
      .Out("confidences", f32, {1, rows})
      .Out("numDetections", f32, {1});
  c.WithAttrs({Attr::Int64("inputSize", 300), Attr::Floats("scale", s.scale),
               Attr::Float("nmsIoUThreshold", s.iou), Attr::Float("nmsScoreThreshold", s.score_threshold),
               Attr::Int64("maxDetections", s.max_detections), Attr::Int64("detectionsPerClass", s.per_class),
               Attr::Int64("maxClassesPerDetection", s.classes_per_detection),
               Attr::Int64("numClasses", s.num_classes), Attr::Bool("useRegularNms", s.regular),
               Attr::Bool("outQuantized", s.out_quantized)});
  return c.Build();
}

// The expected outputs: rows of the four boxes above (-1: a zero row).
std::vector<HostTensor> Rows(const Dpp& s, const std::vector<int>& boxes, const std::vector<double>& classes,
                              const std::vector<double>& scores, double count) {
  const double all[4][4] = {{0, 0, 1, 1}, {0, 0.25, 1, 1.25}, {3, 3, 4, 4}, {0, 1, 1, 2}};
  std::vector<double> corners;
  for (int b : boxes) {
    for (int k = 0; k < 4; ++k) corners.push_back(b < 0 ? 0.0 : all[b][k]);
  }
  const int32_t rows = RowCount(s);
  return {Expect("bboxes", f32, {1, rows, 4}, Values(f32, corners)),
          Expect("classes", f32, {1, rows}, Values(f32, classes)),
          Expect("confidences", f32, {1, rows}, Values(f32, scores)),
          Expect("numDetections", f32, {1}, Values(f32, {count}))};
}

void AddDecodingAndOrderCases(CaseList& list) {
  Dpp decode;
  decode.boxes = 1;
  decode.width = 1;
  decode.num_classes = 1;
  decode.max_detections = 1;
  decode.anchors = {2, 3, 2, 4};
  decode.encodings = {5, -10, 5, 0};
  decode.scores = {0.5};
  const double half_h = 0.5 * std::exp(1.0) * 2;
  list.AddExpect("c741_center_size_decoding",
                 "C-741: anchor (2,3,2,4), encoding (5,-10,5,0), scale (10,10,5,5) -> [3-e, -3, 3+e, 1]",
                 Build(decode),
                 {Expect("bboxes", f32, {1, 1, 4}, Values(f32, {3 - half_h, -3, 3 + half_h, 1})),
                  Expect("classes", f32, {1, 1}, Values(f32, {0})),
                  Expect("confidences", f32, {1, 1}, Values(f32, {0.5})),
                  Expect("numDetections", f32, {1}, Values(f32, {1}))});
  Dpp regular;
  regular.classes_per_detection = 2;
  list.AddExpect("c749_regular_nms_per_class_top_max_detections",
                 "C-749/C-746: class 0 keeps box0, box2; class 1 box1, box3; top 3 by score of 6 rows, rest zero",
                 Build(regular),
                 Rows(regular, {0, 1, 3, -1, -1, -1}, {0, 1, 1, 0, 0, 0}, {0.875, 0.625, 0.625, 0, 0, 0}, 3));
  Dpp fast;
  fast.regular = false;
  fast.classes_per_detection = 2;
  list.AddExpect("c747_fast_nms_class_agnostic_on_best_score",
                 "C-747: one NMS over best scores keeps box0, box3, box2; two ranked classes per box",
                 Build(fast),
                 Rows(fast, {0, 0, 3, 3, 2, 2}, {0, 1, 1, 0, 1, 0}, {0.875, 0.25, 0.625, 0.0625, 0.5, 0.375}, 6));
  Dpp ties;
  ties.scores = {0.5, 0.5, 0.25, 0.25, 0.5, 0.5, 0.25, 0.25};
  ties.max_detections = 4;
  list.AddExpect("c743_equal_scores_lower_class_then_lower_box_first",
                 "C-743: equal scores order by class, then box index (regular merge)", Build(ties),
                 Rows(ties, {0, 2, 0, 2}, {0, 0, 1, 1}, {0.5, 0.5, 0.5, 0.5}, 4));
}

void AddSelectionRuleCases(CaseList& list) {
  Dpp background;
  background.width = 3;
  background.scores = {0.99, 0.875, 0.25, 0.99, 0.75, 0.625, 0.99, 0.375, 0.5, 0.99, 0.0625, 0.625};
  list.AddExpect("c742_background_column_never_selected",
                 "C-742: scores width numClasses + 1: column 0 (0.99 everywhere) is skipped, class k = column k + 1",
                 Build(background), Rows(background, {0, 1, 3}, {0, 1, 1}, {0.875, 0.625, 0.625}, 3));
  Dpp iou_equal;
  iou_equal.boxes = 2;
  iou_equal.width = 1;
  iou_equal.num_classes = 1;
  iou_equal.anchors = {0.5, 0.5, 1, 1, 0.5, 0.25, 1, 0.5};
  iou_equal.scores = {0.875, 0.75};
  list.Add("c744_iou_equal_to_threshold_keeps_both",
           "C-744: [0,0,1,1] and [0,0,1,0.5] have IoU 0.5 = nmsIoUThreshold: not suppressed", Build(iou_equal));
  Dpp zero_area = iou_equal;
  zero_area.anchors = {0.5, 0.5, 1, 1, 0.5, 0.5, 0, 1};
  zero_area.iou = 0.125f;
  list.Add("c744_zero_area_box_overlaps_nothing", "C-744: a box of height 0 on top of box0 has IoU 0: both kept",
           Build(zero_area));
  Dpp nan_scores;
  nan_scores.width = 1;
  nan_scores.num_classes = 1;
  nan_scores.max_detections = 4;
  nan_scores.scores = {kNaN, 0.25, 0.125, 0.5};
  nan_scores.score_threshold = 0.25f;
  list.AddExpect("c745_score_equal_to_threshold_kept_nan_never",
                 "C-745: score 0.25 = threshold passes, NaN and 0.125 do not", Build(nan_scores),
                 Rows(nan_scores, {3, 1, -1, -1}, {0, 0, 0, 0}, {0.5, 0.25, 0, 0}, 2));
  Dpp quantized;
  quantized.dt = DT::kInt8;
  quantized.q = {QP(1.0 / 16, -3)};
  list.AddExpect("c740_int8_inputs_dequantized", "C-740: int8 inputs (scale 1/16) dequantized; float32 outputs",
                 Build(quantized), Rows(quantized, {0, 1, 3}, {0, 1, 1}, {0.875, 0.625, 0.625}, 3));
}

void AddRejectionCases(CaseList& list) {
  SingleNodeCase xts(NodeType::DETECTION_POST_PROCESS, "detection_post_process");
  xts.In("bbox", f32, {1, 16}, Values(f32, std::vector<double>(16, 0.0)))
      .In("scores", f32, {1, 4}, Values(f32, {0.5, 0.5, 0.5, 0.5}))
      .In("anchors", f32, {1, 2, 8}, Values(f32, std::vector<double>(16, 1.0)))
      .Out("bboxes", f32, {2, 8})
      .Out("classes", f32, {2, 8})
      .Out("confidences", f32, {2, 8})
      .Out("numDetections", f32, {2, 8});
  xts.WithAttrs({Attr::Int64("inputSize", 45), Attr::Floats("scale", {10, 10, 5, 5}),
                 Attr::Float("nmsIoUThreshold", 0.5f), Attr::Float("nmsScoreThreshold", 0.4f),
                 Attr::Int64("maxDetections", 5), Attr::Int64("detectionsPerClass", 2),
                 Attr::Int64("maxClassesPerDetection", 1), Attr::Int64("numClasses", 5),
                 Attr::Bool("useRegularNms", false), Attr::Bool("outQuantized", false)});
  list.AddError("c740_catalog_xts_shapes_rejected",
                "C-740: ops_catalog #92 XTS model (bbox [1,16], scores [1,4], anchors [1,2,8]) is not "
                "[batch,N,4] / [batch,N,classes] / [N,4]",
                xts.Build(), NNRT_INVALID_MODEL);
  Dpp bad_iou;
  bad_iou.iou = 0.0f;
  list.AddError("c748_iou_threshold_zero_rejected", "C-748: nmsIoUThreshold must lie in (0, 1]", Build(bad_iou),
                NNRT_INVALID_MODEL);
  Dpp out_quantized;
  out_quantized.out_quantized = true;
  list.AddError("c740_out_quantized_unsupported", "C-740: outQuantized = true is not supported (float32 outputs)",
                Build(out_quantized), NNRT_UNSUPPORTED_OP);
}

}  // namespace

std::vector<GoldenCase> DetectionCases() {
  CaseList list("detection");
  AddDecodingAndOrderCases(list);
  AddSelectionRuleCases(list);
  AddRejectionCases(list);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(DetectionCases);

}  // namespace golden
}  // namespace nnrt
