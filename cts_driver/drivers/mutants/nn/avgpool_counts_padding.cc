// A deliberately wrong driver: AVGPOOL_FUSION divides every window sum by the
// full kernel area kH * kW, so windows at the borders count the padding (and
// the missing part of a ceil-mode window) as zeros, where the reference
// divides by the input elements of the window (C-526; MindSpore-Lite, TFLite
// and TOSA exclude padding). The classic count_include_pad confusion. Caught
// by the valid-model property of AVGPOOL_FUSION (SAME, PAD and ceil cases).
#include "reference/device/reference_device.h"
#include "reference/ops/nn/pool.h"

namespace {

nnrt::Status AvgPoolCountsPadding(nnrt::OpContext& ctx) {
  return nnrt::RunAvgPoolWithParams(ctx, ctx.Params<nnrt::PoolParams>(), nnrt::AvgPoolDivisor::kKernelArea);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-avgpool-counts-padding";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::AVGPOOL_FUSION, AvgPoolCountsPadding}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
