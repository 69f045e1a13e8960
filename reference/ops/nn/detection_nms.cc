// The selection half of DETECTION_POST_PROCESS: IoU, greedy single-class NMS,
// and the regular (per class) and fast (class-agnostic) selections. Every
// comparison is on doubles in a fixed order; see detection_post_process.h.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include "reference/ops/nn/detection_post_process.h"

namespace nnrt {
namespace {

// "a ranks before b" for scores: greater first; NaN after every number.
bool ScoreBefore(double a, double b) {
  if (std::isnan(a)) return false;
  if (std::isnan(b)) return true;
  return a > b;
}

double Area(double ymin, double xmin, double ymax, double xmax) { return (ymax - ymin) * (xmax - xmin); }

}  // namespace

// C-744: the corners are put in order first (an anchor with a negative height
// or width decodes to swapped corners); a box whose area is not > 0 (zero,
// negative or NaN) overlaps nothing.
double IntersectionOverUnion(const DecodedBox& a, const DecodedBox& b) {
  const double ay0 = std::min(a.ymin, a.ymax), ay1 = std::max(a.ymin, a.ymax);
  const double ax0 = std::min(a.xmin, a.xmax), ax1 = std::max(a.xmin, a.xmax);
  const double by0 = std::min(b.ymin, b.ymax), by1 = std::max(b.ymin, b.ymax);
  const double bx0 = std::min(b.xmin, b.xmax), bx1 = std::max(b.xmin, b.xmax);
  const double area_a = Area(ay0, ax0, ay1, ax1);
  const double area_b = Area(by0, bx0, by1, bx1);
  if (!(area_a > 0) || !(area_b > 0)) return 0.0;
  const double ih = std::max(std::min(ay1, by1) - std::max(ay0, by0), 0.0);
  const double iw = std::max(std::min(ax1, bx1) - std::max(ax0, bx0), 0.0);
  const double inter = ih * iw;
  return inter / (area_a + area_b - inter);
}

std::vector<int64_t> SelectSingleClass(const std::vector<DecodedBox>& boxes, const std::vector<double>& scores,
                                       const DetectionParams& p, int64_t limit) {
  std::vector<int64_t> candidates;
  for (int64_t i = 0; i < static_cast<int64_t>(scores.size()); ++i) {
    if (scores[i] >= p.score_threshold) candidates.push_back(i);  // NaN fails (C-745)
  }
  // Stable: equal scores keep ascending box order (C-743).
  std::stable_sort(candidates.begin(), candidates.end(),
                   [&](int64_t a, int64_t b) { return scores[a] > scores[b]; });
  std::vector<int64_t> kept;
  for (int64_t c : candidates) {
    if (static_cast<int64_t>(kept.size()) >= limit) break;
    bool suppressed = false;
    for (int64_t k : kept) {
      if (IntersectionOverUnion(boxes[k], boxes[c]) > p.iou_threshold) {
        suppressed = true;
        break;
      }
    }
    if (!suppressed) kept.push_back(c);
  }
  return kept;
}

// Regular NMS (C-743, C-749): NMS per class c (score column c + label_offset)
// keeping up to detectionsPerClass boxes; all kept detections ordered by score
// descending, equal scores lower class first, then the class's keep order;
// the first maxDetections are the result.
std::vector<Detection> SelectRegular(const std::vector<DecodedBox>& boxes, const std::vector<double>& scores,
                                     const DetectionParams& p) {
  const int64_t width = p.score_width;
  std::vector<Detection> all;
  std::vector<double> column(static_cast<size_t>(p.boxes));
  for (int64_t c = 0; c < p.num_classes; ++c) {
    for (int64_t i = 0; i < p.boxes; ++i) column[i] = scores[i * width + c + p.label_offset];
    for (int64_t box : SelectSingleClass(boxes, column, p, p.detections_per_class)) {
      all.push_back(Detection{box, c, column[box]});
    }
  }
  std::stable_sort(all.begin(), all.end(), [](const Detection& a, const Detection& b) { return a.score > b.score; });
  if (static_cast<int64_t>(all.size()) > p.max_detections) all.resize(static_cast<size_t>(p.max_detections));
  return all;
}

// Fast NMS (C-747): each box's classes ranked by score (descending, equal
// scores lower class first, NaN last); one class-agnostic NMS on every box's
// best score keeping up to maxDetections boxes; each kept box gives
// maxClassesPerDetection rows, its ranked classes in order.
std::vector<Detection> SelectFast(const std::vector<DecodedBox>& boxes, const std::vector<double>& scores,
                                  const DetectionParams& p) {
  const int64_t width = p.score_width;
  const int64_t per_box = p.max_classes_per_detection;
  std::vector<std::vector<int64_t>> ranked(static_cast<size_t>(p.boxes));
  std::vector<double> best(static_cast<size_t>(p.boxes));
  for (int64_t i = 0; i < p.boxes; ++i) {
    const double* row = scores.data() + i * width + p.label_offset;
    std::vector<int64_t>& order = ranked[i];
    order.resize(static_cast<size_t>(p.num_classes));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return ScoreBefore(row[a], row[b]); });
    order.resize(static_cast<size_t>(per_box));
    best[i] = row[order[0]];
  }
  std::vector<Detection> out;
  for (int64_t box : SelectSingleClass(boxes, best, p, p.max_detections)) {
    for (int64_t c : ranked[box]) out.push_back(Detection{box, c, scores[box * width + c + p.label_offset]});
  }
  return out;
}

}  // namespace nnrt
