// A deliberately wrong driver: LAYER_NORM_FUSION divides the sum of squared
// deviations by n - 1 (the sample variance of numpy's ddof=1 / torch.var's
// default) instead of n (C-572). Caught by the valid-model property of
// LAYER_NORM_FUSION (every row of two or more distinct values shrinks).
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/layer_norm.h"

namespace {

nnrt::Status LayerNormSampleVariance(nnrt::OpContext& ctx) {
  nnrt::LayerNormParams plan = ctx.Params<nnrt::LayerNormParams>();
  if (plan.row_length > 1) plan.variance_divisor = plan.row_length - 1;
  return nnrt::RunLayerNormWithParams(ctx, plan);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-layer-norm-sample-variance";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::LAYER_NORM_FUSION, LayerNormSampleVariance}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
