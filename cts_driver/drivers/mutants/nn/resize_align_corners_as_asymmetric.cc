// A deliberately wrong driver: RESIZE computes ALIGN_CORNERS source
// coordinates with the ASYMMETRIC formula i * in / out instead of
// i * (in - 1) / (out - 1), so the far corners are no longer kept. Any
// ALIGN_CORNERS case with in > 1 and out != in gets wrong values. Caught by
// the valid-model property of RESIZE.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/resize.h"

namespace {

nnrt::Status ResizeAlignCornersAsAsymmetric(nnrt::OpContext& ctx) {
  nnrt::ResizeParams p = ctx.Params<nnrt::ResizeParams>();
  if (p.transform == nnrt::CoordinateTransform::kAlignCorners) p.transform = nnrt::CoordinateTransform::kAsymmetric;
  return nnrt::RunResizeWithParams(ctx, p);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-resize-align-corners-as-asymmetric";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::RESIZE, ResizeAlignCornersAsAsymmetric}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
