// A deliberately wrong driver: RESIZE's NEAREST swaps the two tie rules,
// ROUND_HALF_DOWN rounding a coordinate k + 0.5 up to k + 1 and
// ROUND_HALF_UP down to k (C-704). Only exact ties differ, so it takes a
// NEAREST case with one of the two modes and a tie inside the input. Caught
// by the valid-model property of RESIZE.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/resize.h"

namespace {

nnrt::Status ResizeNearestHalfDownAsHalfUp(nnrt::OpContext& ctx) {
  nnrt::ResizeParams p = ctx.Params<nnrt::ResizeParams>();
  if (p.nearest == nnrt::NearestMode::kRoundHalfDown) {
    p.nearest = nnrt::NearestMode::kRoundHalfUp;
  } else if (p.nearest == nnrt::NearestMode::kRoundHalfUp) {
    p.nearest = nnrt::NearestMode::kRoundHalfDown;
  }
  return nnrt::RunResizeWithParams(ctx, p);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-resize-nearest-half-down-as-half-up";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::RESIZE, ResizeNearestHalfDownAsHalfUp}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
