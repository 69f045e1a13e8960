// A deliberately wrong driver: DETECTION_POST_PROCESS reads class k from
// score column k even when the scores carry a background column 0 (C-742), so
// the background competes as class 0 and the last class is never seen.
// Caught by the valid-model property of DETECTION_POST_PROCESS, half of whose
// cases have a background column.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/detection_post_process.h"

namespace {

nnrt::Status DetectionBackgroundNotSkipped(nnrt::OpContext& ctx) {
  nnrt::DetectionParams p = ctx.Params<nnrt::DetectionParams>();
  p.label_offset = 0;  // the row width stays numClasses + 1
  ctx.SetParams(p);
  return nnrt::DetectionPostProcessKernel(ctx);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-detection-background-not-skipped";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {
        nnrt::KernelOverride{nnrt::NodeType::DETECTION_POST_PROCESS, DetectionBackgroundNotSkipped}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
