// A deliberately wrong driver: REDUCE_FUSION MEAN over several axes divides
// the sum by the extent of the first reduced axis only, instead of by the
// number of reduced elements — the bug of a kernel that loops the mean
// axis by axis but divides once. Caught by the valid-model property of
// REDUCE_FUSION.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/tensor/reduce.h"

namespace {

nnrt::Status ReduceMeanFirstAxisCount(nnrt::OpContext& ctx) {
  nnrt::ReduceParams plan = ctx.Params<nnrt::ReduceParams>();
  for (size_t i = 0; i < plan.reduced.size(); ++i) {
    if (plan.reduced[i]) {
      plan.count = plan.in_dims[i];
      break;
    }
  }
  return nnrt::RunReduceWithParams(ctx, plan);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-reduce-mean-first-axis-count";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::REDUCE_FUSION, ReduceMeanFirstAxisCount}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
