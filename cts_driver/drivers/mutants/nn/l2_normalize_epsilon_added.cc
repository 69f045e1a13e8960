// A deliberately wrong driver: L2_NORMALIZE_FUSION adds epsilon to the sum of
// squares (sqrt(S + epsilon), the docs' "added to the denominator" read
// literally) instead of flooring it (sqrt(max(S, epsilon)), C-586). Caught by
// the valid-model property of L2_NORMALIZE_FUSION (epsilon 0.5 among the
// generated values).
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/l2_normalize.h"

namespace {

nnrt::Status L2NormalizeEpsilonAdded(nnrt::OpContext& ctx) {
  nnrt::L2NormalizeParams plan = ctx.Params<nnrt::L2NormalizeParams>();
  plan.epsilon_as_floor = false;
  return nnrt::RunL2NormalizeWithParams(ctx, plan);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-l2-normalize-epsilon-added";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::L2_NORMALIZE_FUSION, L2NormalizeEpsilonAdded}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
