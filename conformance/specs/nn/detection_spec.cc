// DETECTION_POST_PROCESS (ops_catalog #92), family "detection": batch 1..2,
// 1..20 boxes, 1..4 classes with or without a background column (C-742),
// regular and fast NMS, every attribute drawn in its legal range. Inputs
// float32 / float16 (with ±0 and subnormal encodings, NaN and ±Inf scores,
// C-745) or int8 / uint8 quantized (dequantized, C-740); outputs float32.
//
// Stable selection (docs/operators/detection_post_process.md): scores and
// thresholds are inputs and attributes compared without arithmetic, so ties
// and threshold equality are exact and pinned (C-743, C-745). The IoU of two
// decoded boxes is the only computed quantity a selection depends on: every
// pair of boxes whose reference IoU lies within kIouMargin of nmsIoUThreshold
// has the later box's anchor height set to 0 (a zero-area box overlaps
// nothing, C-744), so no candidate rounding can flip a suppression.
#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "reference/numerics/numerics.h"
#include "reference/cases/node_run.h"
#include "reference/ops/nn/detection_post_process.h"
#include "reference/ops/nn/norm_common.h"

namespace nnrt {
namespace cts {
namespace {

// Distance kept between every pairwise IoU and the IoU threshold: above the
// IoU error of a float16 (enableFloat16) pipeline on these box sizes.
constexpr double kIouMargin = 0.1;
// ksb of the boxes' dot-product row: covers the rounding chain of one decoded
// coordinate, (4 + 3|t/s|)·u on the half size with |t/s| <= 2.5 here, 3u on the
// center (docs/operators/detection_post_process.md "DETECTION_POST_PROCESS bound").
constexpr int64_t kDecodeTerms = 6;

bool IsQuant(DataType t) { return t == DataType::kInt8 || t == DataType::kUint8; }

std::vector<double> Draw(size_t count, int lo, int hi, double step) {
  std::vector<double> v(count);
  for (double& x : v) x = *rc::gen::inRange(lo, hi + 1) * step;
  return v;
}

// Anchors [N, 4]: centers on a quarter grid in [0, 6], sizes 1, 1.5 or 2,
// one in eight 0 (a zero-area box, C-744).
std::vector<double> DrawAnchors(int64_t n) {
  std::vector<double> a;
  for (int64_t i = 0; i < n; ++i) {
    a.push_back(*rc::gen::inRange(0, 25) * 0.25);
    a.push_back(*rc::gen::inRange(0, 25) * 0.25);
    for (int k = 0; k < 2; ++k) a.push_back(*rc::gen::element(0.0, 1.0, 1.0, 1.5, 1.5, 2.0, 2.0, 1.0));
  }
  return a;
}

// C-744 margin: decode as the reference does and give a box that comes
// within kIouMargin of the threshold against an earlier box a zero height.
void SeparateFromIouThreshold(const DetectionParams& p, const std::vector<double>& enc, std::vector<double>* anchors) {
  for (int64_t b = 0; b < p.batch; ++b) {
    std::vector<DecodedBox> boxes(static_cast<size_t>(p.boxes));
    for (int64_t i = 0; i < p.boxes; ++i) {
      boxes[i] = DecodeCenterSize(&enc[(b * p.boxes + i) * 4], &(*anchors)[i * 4], p);
      for (int64_t j = 0; j < i; ++j) {
        if (std::fabs(IntersectionOverUnion(boxes[j], boxes[i]) - p.iou_threshold) >= kIouMargin) continue;
        (*anchors)[i * 4 + 2] = 0.0;
        boxes[i] = DecodeCenterSize(&enc[(b * p.boxes + i) * 4], &(*anchors)[i * 4], p);
      }
    }
  }
}

// Float edge values: ±0 and the smallest subnormal in the encodings, NaN and
// ±Inf in the scores (one case in three each).
void PlantEdges(DataType dtype, std::vector<double>* enc, std::vector<double>* scores) {
  if (IsQuant(dtype)) return;
  const double tiny = dtype == DataType::kFloat16 ? std::ldexp(1.0, -24) : std::ldexp(1.0, -149);
  if (*rc::gen::inRange(0, 3) == 0) {
    for (double v : {-0.0, tiny, -tiny}) (*enc)[*rc::gen::inRange<size_t>(0, enc->size())] = v;
  }
  if (*rc::gen::inRange(0, 3) == 0) {
    for (double v : {std::nan(""), HUGE_VAL, -HUGE_VAL}) (*scores)[*rc::gen::inRange<size_t>(0, scores->size())] = v;
  }
}

std::vector<uint8_t> Encode(DataType dtype, const std::vector<double>& values, const std::vector<QuantParam>& q) {
  std::vector<uint8_t> out(values.size() * DataTypeSize(dtype));
  for (size_t i = 0; i < values.size(); ++i) {
    if (q.empty()) {
      StoreDouble(dtype, out.data(), i, values[i]);
    } else {
      StoreInt64(dtype, out.data(), i,
                 QuantizeHalfAwayFromZero(values[i], q[0].scale, q[0].zero_point, QuantMin(dtype), QuantMax(dtype)));
    }
  }
  return out;
}

// Quant params on the 1/16 grid every drawn value lies on (codes in range).
std::vector<QuantParam> GridQuant(DataType dtype) {
  if (!IsQuant(dtype)) return {};
  QuantParam q;
  q.scale = 1.0 / 16;
  q.zero_point = dtype == DataType::kInt8 ? *rc::gen::inRange(-16, 17) : *rc::gen::inRange(112, 145);
  return {q};
}

DetectionParams DrawParams(const NodeSpec& spec) {
  DetectionParams p;
  p.batch = *rc::gen::inRange(1, 3);
  p.boxes = *rc::gen::inRange(1, 21);
  p.num_classes = *rc::gen::inRange(1, 5);
  p.label_offset = *rc::gen::inRange(0, 2);
  p.score_width = p.num_classes + p.label_offset;
  p.max_detections = *rc::gen::inRange(1, 11);
  p.detections_per_class = *rc::gen::inRange(1, 6);
  p.max_classes_per_detection = *rc::gen::inRange<int64_t>(1, p.num_classes + 1);
  p.rows = p.max_detections * p.max_classes_per_detection;
  const double scales[4] = {1, 2, 5, 10};
  p.scale_y = scales[*rc::gen::inRange(0, 4)];
  p.scale_x = scales[*rc::gen::inRange(0, 4)];
  p.scale_h = scales[*rc::gen::inRange(0, 4)];
  p.scale_w = scales[*rc::gen::inRange(0, 4)];
  p.iou_threshold = *rc::gen::inRange(2, 9) / 8.0;
  p.score_threshold = *rc::gen::inRange(-2, 25) / 32.0;
  p.regular_nms = GenAttrValue(*FindAttrDomain(spec, "useRegularNms")) != 0;
  return p;
}

// Directed case k (C-914): exact ties. Zero encodings decode every box to its
// anchor exactly (exp(0) = 1, dyadic coordinates), and four pairs of boxes, a
// pair's two boxes [0, 0, 2, 2] and [0, 0, 2, 2t] shifted by 3 in y and / or x,
// have IoU exactly t = nmsIoUThreshold (0.25, 0.5, 0.75 or 1 by k; 1 = two
// identical boxes): the threshold keeps both (C-744). Every class column holds
// the same scores (equal scores across classes, C-743), pairs 0 and 2 tie
// inside the pair, and pair 3 scores exactly nmsScoreThreshold (kept, C-745).
void DirectedTies(size_t k, DetectionParams* p, std::vector<double>* enc, std::vector<double>* scores,
                  std::vector<double>* anchors) {
  const double t = 0.25 * static_cast<double>(1 + k % 4);
  p->boxes = 8;
  p->iou_threshold = t;
  p->score_threshold = 0.25;
  p->max_detections = 10;
  p->detections_per_class = 5;
  p->rows = p->max_detections * p->max_classes_per_detection;
  enc->assign(static_cast<size_t>(p->batch * p->boxes) * 4, 0.0);
  anchors->clear();
  const double pair_scores[4][2] = {{0.5, 0.5}, {0.75, 0.5}, {0.625, 0.625}, {0.25, 0.25}};
  std::vector<double> box_scores;
  for (int pair = 0; pair < 4; ++pair) {
    const double y0 = 3.0 * (pair / 2), x0 = 3.0 * (pair % 2);
    for (double v : {y0 + 1, x0 + 1, 2.0, 2.0, y0 + 1, x0 + t, 2.0, 2 * t}) anchors->push_back(v);
    box_scores.push_back(pair_scores[(pair + k) % 4][0]);
    box_scores.push_back(pair_scores[(pair + k) % 4][1]);
  }
  scores->clear();
  for (int64_t b = 0; b < p->batch; ++b) {
    for (double s : box_scores) scores->insert(scores->end(), static_cast<size_t>(p->score_width), s);
  }
}

GeneratedCase GenerateDetection(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = IsQuant(dtype);
  DetectionParams p = DrawParams(spec);
  const size_t width = static_cast<size_t>(p.score_width);
  std::vector<double> enc;
  for (int64_t i = 0; i < p.batch * p.boxes; ++i) {
    for (double v : Draw(2, -20, 20, 0.25)) enc.push_back(v);  // ty, tx in [-5, 5]
    for (double v : Draw(2, -10, 10, 0.25)) enc.push_back(v);  // th, tw in [-2.5, 2.5]
  }
  std::vector<double> scores = Draw(static_cast<size_t>(p.batch * p.boxes) * width, 0, 16, 1.0 / 16);
  std::vector<double> anchors = DrawAnchors(p.boxes);
  if (const std::optional<size_t> tie_case = DirectedCaseIndex()) {
    DirectedTies(*tie_case, &p, &enc, &scores, &anchors);
  } else {
    PlantEdges(dtype, &enc, &scores);
    SeparateFromIouThreshold(p, enc, &anchors);
  }
  const auto b = static_cast<int32_t>(p.batch);
  const auto n = static_cast<int32_t>(p.boxes);
  const auto rows = static_cast<int32_t>(p.rows);
  const DataType f32 = DataType::kFloat32;
  SingleNodeCase c(NodeType::DETECTION_POST_PROCESS, spec.name);
  const std::vector<QuantParam> qe = GridQuant(dtype), qs = GridQuant(dtype), qa = GridQuant(dtype);
  c.In("bbox", dtype, {b, n, 4}, Encode(dtype, enc, qe), qe)
      .In("scores", dtype, {b, n, static_cast<int32_t>(width)}, Encode(dtype, scores, qs), qs);
  // Anchors are a model constant in odd directed cases and one random case in
  // four, as SSD models ship them (and as drivers that fold them into the layer
  // need, e.g. Arm NN): the same values, only the operand kind differs.
  const std::optional<size_t> directed = DirectedCaseIndex();
  if (directed ? *directed % 2 == 1 : *rc::gen::inRange(0, 4) == 0) {
    c.Const("anchors", dtype, {n, 4}, Encode(dtype, anchors, qa), qa);
  } else {
    c.In("anchors", dtype, {n, 4}, Encode(dtype, anchors, qa), qa);
  }
  c.Out("bboxes", f32, {b, rows, 4})
      .Out("classes", f32, {b, rows})
      .Out("confidences", f32, {b, rows})
      .Out("numDetections", f32, {b});
  c.WithAttrs({Attr::Int8("format", static_cast<int8_t>(GenAttrValue(*FindAttrDomain(spec, "format")))),
               Attr::Int64("inputSize", *rc::gen::inRange(0, 513)),
               Attr::Floats("scale", {static_cast<float>(p.scale_y), static_cast<float>(p.scale_x),
                                      static_cast<float>(p.scale_h), static_cast<float>(p.scale_w)}),
               Attr::Float("nmsIoUThreshold", static_cast<float>(p.iou_threshold)),
               Attr::Float("nmsScoreThreshold", static_cast<float>(p.score_threshold)),
               Attr::Int64("maxDetections", p.max_detections),
               Attr::Int64("detectionsPerClass", p.detections_per_class),
               Attr::Int64("maxClassesPerDetection", p.max_classes_per_detection),
               Attr::Int64("numClasses", p.num_classes), Attr::Bool("useRegularNms", p.regular_nms),
               Attr::Bool("outQuantized", false)});
  g.test_case = c.Build();
  return g;
}

// Every element of an input of a context as a real (dequantized if quantized).
std::vector<double> RealsOf(const TensorArg& t) {
  std::vector<double> v(static_cast<size_t>(t.elements()));
  for (size_t i = 0; i < v.size(); ++i) v[i] = LoadReal(t, i, t.quantized());
  return v;
}

// Tolerance data: output 0 (boxes) gets, per coordinate of a filled row, the
// magnitude |center term| + |anchor center| + |half size| of its decoding and
// kDecodeTerms terms; classes, scores, count and the zero padding rows get
// magnitude 0, which the dot-product row turns into an exact comparison.
Status DetectionAux(const TestCase& c, const Node& node, size_t output_index, bool, ReferenceAux* aux) {
  // Dynamic-shape mode declares -1 dims: the node runs on the bound inputs' dims.
  TestCase concrete = c;
  for (uint32_t index : node.inputs) concrete.model.tensors[index].dims = ActualDims(c, index);
  NodeRun run(std::move(concrete));
  NNRT_RETURN_IF_ERROR(run.Infer());
  const OpContext& ctx = run.ctx();
  const DetectionParams& p = ctx.Params<DetectionParams>();
  if (p.batch < 0 || p.boxes < 0) return InvalidInput("DETECTION_POST_PROCESS tolerance data needs concrete dims");
  const size_t per_image = output_index == 3 ? 1 : static_cast<size_t>(p.rows) * (output_index == 0 ? 4 : 1);
  aux->dot_terms = kDecodeTerms;
  aux->magnitude.assign(per_image * static_cast<size_t>(p.batch), 0.0);
  if (output_index != 0) return Status::Ok();
  const std::vector<double> enc = RealsOf(ctx.inputs[0]);
  const std::vector<double> anchors = RealsOf(ctx.inputs[2]);
  std::vector<DecodedBox> boxes;
  for (int64_t b = 0; b < p.batch; ++b) {
    const std::vector<Detection> dets = DetectImage(ctx, b, &boxes);
    for (size_t r = 0; r < dets.size(); ++r) {
      const double* e = &enc[(b * p.boxes + dets[r].box) * 4];
      const double* a = &anchors[dets[r].box * 4];
      const double my =
          std::fabs(e[0] / p.scale_y * a[2]) + std::fabs(a[0]) + 0.5 * std::exp(e[2] / p.scale_h) * std::fabs(a[2]);
      const double mx =
          std::fabs(e[1] / p.scale_x * a[3]) + std::fabs(a[1]) + 0.5 * std::exp(e[3] / p.scale_w) * std::fabs(a[3]);
      double* m = &aux->magnitude[b * per_image + r * 4];
      m[0] = m[2] = my;
      m[1] = m[3] = mx;
    }
  }
  return Status::Ok();
}

}  // namespace

NodeSpec DetectionPostProcessSpec() {
  NodeSpec s;
  s.name = "DETECTION_POST_PROCESS";
  s.type = NodeType::DETECTION_POST_PROCESS;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
  const NodeType t = NodeType::DETECTION_POST_PROCESS;
  s.attrs = {SchemaDomain(t, "format"),
             SchemaRange(t, "inputSize", 0, 512),
             SchemaRange(t, "maxDetections", 1, 10),
             SchemaRange(t, "detectionsPerClass", 1, 5),
             SchemaRange(t, "maxClassesPerDetection", 1, 4),
             SchemaRange(t, "numClasses", 1, 4),
             SchemaDomain(t, "useRegularNms"),
             SchemaDomain(t, "outQuantized", {0})};
  s.generate = GenerateDetection;
  // Boxes: the decoding's rounding in the dot-product form (magnitude and
  // term count from DetectionAux); classes, scores and count exact.
  s.tolerance = ToleranceClass::kDotProduct;
  s.reference_aux = DetectionAux;
  s.graph = NotChainable("four outputs of fixed float32 types whose rows depend on a selection, not one chain tensor");
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(1050, DetectionPostProcessSpec());

}  // namespace cts
}  // namespace nnrt
