// A deliberately wrong driver: FUSED_BATCH_NORM divides by sqrt(variance)
// and drops epsilon (C-577) — the bug of a kernel that folds the statistics
// into a scale and forgets the attribute. Caught by the valid-model property
// of FUSED_BATCH_NORM (epsilon 0.5 and 1e-5 among the generated values).
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/batch_instance_norm.h"

namespace {

nnrt::Status BatchNormEpsilonIgnored(nnrt::OpContext& ctx) {
  nnrt::BatchNormParams plan = ctx.Params<nnrt::BatchNormParams>();
  plan.variance_offset = 0.0;
  return nnrt::RunBatchNormWithParams(ctx, plan);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-batch-norm-epsilon-ignored";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::FUSED_BATCH_NORM, BatchNormEpsilonIgnored}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
