// A deliberately wrong driver: DETECTION_POST_PROCESS suppresses a box whose
// IoU with a kept box is greater than or EQUAL to nmsIoUThreshold, where
// C-744 (TFLite) suppresses only above it: IoU = threshold keeps the box.
// Implemented by lowering the parsed threshold by one binary64 ulp, so that
// IoU > threshold' holds exactly when IoU >= threshold. Caught by the
// valid-model property of DETECTION_POST_PROCESS: its directed cases hold box
// pairs whose IoU equals the threshold exactly in every run (C-914).
#include <cmath>
#include <limits>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/detection_post_process.h"

namespace {

nnrt::Status InferIouEqualSuppresses(nnrt::OpContext& ctx) {
  return nnrt::mutant::InferThenEditParams<nnrt::DetectionParams>(
      ctx, nnrt::InferDetectionPostProcess, [](nnrt::DetectionParams& p) {
        p.iou_threshold = std::nextafter(p.iou_threshold, -std::numeric_limits<double>::infinity());
      });
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = nnrt::mutant::KernelOverrideDriver(
      "mutant-detection-iou-equal-suppresses",
      {nnrt::KernelOverride{nnrt::NodeType::DETECTION_POST_PROCESS, nnrt::DetectionPostProcessKernel,
                            InferIouEqualSuppresses}});
  return driver;
}
