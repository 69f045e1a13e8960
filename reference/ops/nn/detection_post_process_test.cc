#include "reference/ops/nn/detection_post_process.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/expect_values.h"
#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::ExpectSameValues;
using testing::OpHarness;
using testing::QP;

struct DppCase {
  int32_t boxes = 4;
  int32_t width = 2;  // scores dim 2
  std::vector<double> encodings;  // [1, boxes, 4]; empty = zeros
  std::vector<double> scores;     // [1, boxes, width]
  std::vector<double> anchors;    // [boxes, 4]
  std::vector<float> scale{10, 10, 5, 5};
  float iou = 0.5f;
  float score_threshold = 0.1f;
  int64_t max_detections = 3;
  int64_t per_class = 2;
  int64_t classes_per_detection = 1;
  int64_t num_classes = 2;
  bool regular = true;
  bool out_quantized = false;
  bool dynamic_batch = false;  // inputs declared [-1, ...] without data: shape inference only
};

struct DppResult {
  Status status;
  std::vector<Dims> dims;
  std::vector<double> boxes, classes, scores, count;
};

// Four anchors of size 1 (encodings zero decode to them): box0 [0,0,1,1],
// box1 [0,0.25,1,1.25] (IoU 0.6 with box0), box2 [3,3,4,4] (disjoint),
// box3 [0,1,1,2] (touches box0: IoU 0; IoU 1/7 with box1).
DppCase FourBoxes() {
  DppCase c;
  c.anchors = {0.5, 0.5, 1, 1, 0.5, 0.75, 1, 1, 3.5, 3.5, 1, 1, 0.5, 1.5, 1, 1};
  c.scores = {0.875, 0.25, 0.75, 0.625, 0.375, 0.5, 0.0625, 0.625};
  return c;
}

DppResult RunDpp(const DppCase& c, DataType dt = DataType::kFloat32, std::vector<QuantParam> q = {}) {
  std::vector<double> enc = c.encodings;
  if (enc.empty()) enc.assign(static_cast<size_t>(c.boxes) * 4, 0.0);
  OpHarness h(NodeType::DETECTION_POST_PROCESS);
  const int32_t batch = c.dynamic_batch ? -1 : 1;
  auto data = [&](const std::vector<double>& v) {
    return c.dynamic_batch ? std::vector<uint8_t>{} : testing::EncodeAs(dt, v, q);
  };
  h.Input(dt, {batch, c.boxes, 4}, data(enc), q)
      .Input(dt, {batch, c.boxes, c.width}, data(c.scores), q)
      .Input(dt, {static_cast<int32_t>(c.anchors.size() / 4), 4}, data(c.anchors), q);
  for (int i = 0; i < 4; ++i) h.Output(DataType::kFloat32);
  h.Attr(Attr::Floats("scale", c.scale))
      .Attr(Attr::Float("nmsIoUThreshold", c.iou))
      .Attr(Attr::Float("nmsScoreThreshold", c.score_threshold))
      .Attr(Attr::Int64("maxDetections", c.max_detections))
      .Attr(Attr::Int64("detectionsPerClass", c.per_class))
      .Attr(Attr::Int64("maxClassesPerDetection", c.classes_per_detection))
      .Attr(Attr::Int64("numClasses", c.num_classes))
      .Attr(Attr::Bool("useRegularNms", c.regular))
      .Attr(Attr::Bool("outQuantized", c.out_quantized));
  DppResult r;
  r.status = c.dynamic_batch ? h.Infer() : h.Run();
  if (c.dynamic_batch && r.status.ok()) {
    for (size_t i = 0; i < 4; ++i) r.dims.push_back(h.OutDims(i));
    return r;
  }
  if (!r.status.ok()) return r;
  for (size_t i = 0; i < 4; ++i) r.dims.push_back(h.OutDims(i));
  r.boxes = h.OutDoubles(0);
  r.classes = h.OutDoubles(1);
  r.scores = h.OutDoubles(2);
  r.count = h.OutDoubles(3);
  return r;
}

// The box of each anchor of FourBoxes() (encodings zero).
std::vector<double> CornersOf(const std::vector<int>& boxes) {
  const double all[4][4] = {{0, 0, 1, 1}, {0, 0.25, 1, 1.25}, {3, 3, 4, 4}, {0, 1, 1, 2}};
  std::vector<double> out;
  for (int b : boxes) {
    if (b < 0) {
      out.insert(out.end(), {0, 0, 0, 0});
    } else {
      out.insert(out.end(), all[b], all[b] + 4);
    }
  }
  return out;
}

void ExpectRows(const DppResult& r, const std::vector<int>& boxes, const std::vector<double>& classes,
                const std::vector<double>& scores, double count) {
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ExpectSameValues(r.boxes, CornersOf(boxes));
  ExpectSameValues(r.classes, classes);
  ExpectSameValues(r.scores, scores);
  ExpectSameValues(r.count, {count});
}

// C-741: (ty, tx, th, tw) / scale against center-size anchors (ya, xa, ha, wa);
// corners written as [ymin, xmin, ymax, xmax], computed in double.
TEST(DetectionPostProcessTest, CenterSizeDecodingC741) {
  DppCase c;
  c.boxes = 1;
  c.width = 1;
  c.num_classes = 1;
  c.max_detections = 1;
  c.anchors = {2, 3, 2, 4};
  c.encodings = {5, -10, 5, 0};
  c.scores = {0.5};
  const DppResult r = RunDpp(c);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const double half_h = 0.5 * std::exp(1.0) * 2;  // th / scale_h = 1
  ExpectSameValues(r.boxes, {static_cast<float>(3 - half_h), -3, static_cast<float>(3 + half_h), 1});
  EXPECT_EQ(r.dims[0], (Dims{1, 1, 4}));
  EXPECT_EQ(r.dims[3], (Dims{1}));
}

// Regular NMS, C-743 / C-746 / C-749: class 0 keeps box0 (box1 suppressed,
// IoU 0.6) and box2; class 1 keeps box1 and box3 (equal 0.625: lower box index
// first); merged by score, top 3; rows beyond the count are zero.
TEST(DetectionPostProcessTest, RegularPerClassNmsC743C746C749) {
  DppCase c = FourBoxes();
  c.classes_per_detection = 2;  // 6 output rows, at most maxDetections = 3 filled
  const DppResult r = RunDpp(c);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims[0], (Dims{1, 6, 4}));
  EXPECT_EQ(r.dims[1], (Dims{1, 6}));
  ExpectRows(r, {0, 1, 3, -1, -1, -1}, {0, 1, 1, 0, 0, 0}, {0.875, 0.625, 0.625, 0, 0, 0}, 3);
}

// C-747: fast NMS is one class-agnostic NMS on each box's best class score.
TEST(DetectionPostProcessTest, FastNmsOnBestClassC747) {
  DppCase c = FourBoxes();
  c.regular = false;
  ExpectRows(RunDpp(c), {0, 3, 2}, {0, 1, 1}, {0.875, 0.625, 0.5}, 3);
  c.classes_per_detection = 2;
  ExpectRows(RunDpp(c), {0, 0, 3, 3, 2, 2}, {0, 1, 1, 0, 1, 0}, {0.875, 0.25, 0.625, 0.0625, 0.5, 0.375}, 6);
}

// C-743: equal scores across classes: lower class first (regular merge and
// the fast path's class ranking).
TEST(DetectionPostProcessTest, TiesLowerClassAndBoxFirstC743) {
  DppCase c = FourBoxes();
  c.scores = {0.5, 0.5, 0.25, 0.25, 0.5, 0.5, 0.25, 0.25};
  c.max_detections = 4;
  ExpectRows(RunDpp(c), {0, 2, 0, 2}, {0, 0, 1, 1}, {0.5, 0.5, 0.5, 0.5}, 4);
  c.regular = false;
  c.classes_per_detection = 2;
  ExpectRows(RunDpp(c), {0, 0, 2, 2, 3, 3, -1, -1}, {0, 1, 0, 1, 0, 1, 0, 0}, {0.5, 0.5, 0.5, 0.5, 0.25, 0.25, 0, 0},
             6);
}

// C-742: scores with numClasses + 1 columns: column 0 is background, never
// selected; class k is column k + 1. Another width is rejected.
TEST(DetectionPostProcessTest, BackgroundColumnSkippedC742) {
  DppCase c = FourBoxes();
  c.width = 3;
  c.scores = {0.99, 0.875, 0.25, 0.99, 0.75, 0.625, 0.99, 0.375, 0.5, 0.99, 0.0625, 0.625};
  ExpectRows(RunDpp(c), {0, 1, 3}, {0, 1, 1}, {0.875, 0.625, 0.625}, 3);
  c.width = 4;
  c.scores.assign(16, 0.5);
  EXPECT_EQ(RunDpp(c).status.code(), NNRT_INVALID_MODEL);
}

// C-744: IoU of a zero-area box is 0; corners are put in order; an IoU equal
// to the threshold does not suppress (strictly greater does).
TEST(DetectionPostProcessTest, IntersectionOverUnionC744) {
  EXPECT_EQ(IntersectionOverUnion({0, 0, 1, 1}, {0, 0, 1, 0.5}), 0.5);
  EXPECT_EQ(IntersectionOverUnion({0, 0, 1, 1}, {1, 1, 0, 0}), 1.0);
  EXPECT_EQ(IntersectionOverUnion({0, 0, 0, 1}, {0, 0, 0, 1}), 0.0);
  EXPECT_EQ(IntersectionOverUnion({0, 0, 1, 1}, {0, 0, NAN, 1}), 0.0);
  DppCase c = FourBoxes();
  c.boxes = 2;
  c.num_classes = 1;
  c.width = 1;
  c.anchors = {0.5, 0.5, 1, 1, 0.5, 0.25, 1, 0.5};  // [0,0,1,1] and [0,0,1,0.5]: IoU 0.5
  c.scores = {0.875, 0.75};
  const DppResult r = RunDpp(c);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ExpectSameValues(r.count, {2});
  c.iou = 0.4f;
  ExpectSameValues(RunDpp(c).count, {1});
}

// C-745: a score equal to nmsScoreThreshold passes; NaN never does.
TEST(DetectionPostProcessTest, ScoreThresholdAndNaNC745) {
  DppCase c = FourBoxes();
  c.num_classes = 1;
  c.width = 1;
  c.max_detections = 4;
  c.scores = {std::numeric_limits<double>::quiet_NaN(), 0.25, 0.125, 0.5};
  c.score_threshold = 0.25f;
  ExpectRows(RunDpp(c), {3, 1, -1, -1}, {0, 0, 0, 0}, {0.5, 0.25, 0, 0}, 2);
  c.regular = false;
  ExpectRows(RunDpp(c), {3, 1, -1, -1}, {0, 0, 0, 0}, {0.5, 0.25, 0, 0}, 2);
}

// C-748 attribute ranges, C-740 shapes and outQuantized.
TEST(DetectionPostProcessTest, AttributesAndShapesRejectedC740C748) {
  auto code = [](void (*edit)(DppCase*)) {
    DppCase c = FourBoxes();
    edit(&c);
    return RunDpp(c).status.code();
  };
  EXPECT_EQ(code([](DppCase*) {}), NNRT_SUCCESS);
  EXPECT_EQ(code([](DppCase* c) { c->scale = {10, 10, 5}; }), NNRT_INVALID_MODEL);
  EXPECT_EQ(code([](DppCase* c) { c->scale = {10, 0, 5, 5}; }), NNRT_INVALID_MODEL);
  EXPECT_EQ(code([](DppCase* c) { c->iou = 0; }), NNRT_INVALID_MODEL);
  EXPECT_EQ(code([](DppCase* c) { c->iou = 1.5f; }), NNRT_INVALID_MODEL);
  EXPECT_EQ(code([](DppCase* c) { c->score_threshold = NAN; }), NNRT_INVALID_MODEL);
  EXPECT_EQ(code([](DppCase* c) { c->max_detections = 0; }), NNRT_INVALID_MODEL);
  EXPECT_EQ(code([](DppCase* c) { c->per_class = 0; }), NNRT_INVALID_MODEL);
  EXPECT_EQ(code([](DppCase* c) { c->classes_per_detection = 3; }), NNRT_INVALID_MODEL);
  EXPECT_EQ(code([](DppCase* c) { c->num_classes = 0; }), NNRT_INVALID_MODEL);
  EXPECT_EQ(code([](DppCase* c) { c->num_classes = 3; }), NNRT_INVALID_MODEL);  // scores width 2
  EXPECT_EQ(code([](DppCase* c) { c->out_quantized = true; }), NNRT_UNSUPPORTED_OP);
  EXPECT_EQ(code([](DppCase* c) {
              c->boxes = 3;
              c->scores.resize(6);
            }),
            NNRT_INVALID_MODEL);  // anchors still hold 4 boxes
}

// Prepare time with an unknown batch: -1 propagates; the rows are fixed (C-746).
TEST(DetectionPostProcessTest, DynamicBatchPropagatesC746) {
  DppCase c = FourBoxes();
  c.dynamic_batch = true;
  const DppResult r = RunDpp(c);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.dims[0], (Dims{-1, 3, 4}));
  EXPECT_EQ(r.dims[2], (Dims{-1, 3}));
  EXPECT_EQ(r.dims[3], (Dims{-1}));
}

// Every input data type of the signatures: values exact in the type; quantized
// inputs are dequantized first (C-740).
class DetectionSignatures : public ::testing::TestWithParam<DataType> {};

TEST_P(DetectionSignatures, DecodesAndSelectsInEveryType) {
  const DataType dt = GetParam();
  DppCase c;
  c.boxes = 2;
  c.width = 1;
  c.num_classes = 1;
  c.anchors = {0.5, 0.5, 1, 1, 2.5, 2.5, 1, 1};
  c.encodings = {0, 0, 0, 0, 2.5, -2.5, 0, 0};  // box1 moved by (0.25, -0.25)
  c.scores = {0.5, 0.75};
  c.max_detections = 2;
  const DppResult r = RunDpp(c, dt, testing::QuantFor(dt, QP(1.0 / 32, dt == DataType::kUint8 ? 128 : 0)));
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ExpectSameValues(r.boxes, {2.25, 1.75, 3.25, 2.75, 0, 0, 1, 1});
  ExpectSameValues(r.classes, {0, 0});
  ExpectSameValues(r.scores, {0.75, 0.5});
  ExpectSameValues(r.count, {2});
}

INSTANTIATE_TEST_SUITE_P(Signatures, DetectionSignatures,
                         ::testing::ValuesIn(DetectionPostProcessOpDef().data_types), testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
