// A deliberately wrong driver: DETECTION_POST_PROCESS ignores useRegularNms
// and always runs the fast, class-agnostic NMS on each box's best classes
// (C-747), the shortcut of a kernel that implements one path. Regular cases
// with overlapping boxes of different classes, or more than one class kept
// per box, come out different. Caught by the valid-model property of
// DETECTION_POST_PROCESS.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/detection_post_process.h"

namespace {

nnrt::Status DetectionFastNmsWhenRegular(nnrt::OpContext& ctx) {
  nnrt::DetectionParams p = ctx.Params<nnrt::DetectionParams>();
  p.regular_nms = false;
  ctx.SetParams(p);
  return nnrt::DetectionPostProcessKernel(ctx);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-detection-fast-nms-when-regular";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::DETECTION_POST_PROCESS, DetectionFastNmsWhenRegular}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
