// A deliberately wrong driver: ALL returns true when any element along the
// reduced axes is true (ANY, REDUCE_FUSION's MAX on bools) instead of when
// every element is. Caught by the valid-model property of ALL (wrong values).
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/tensor/all_assert.h"
#include "reference/ops/core/op_def.h"
#include "reference/ops/tensor/reduce.h"

namespace {

nnrt::Status AnyKernel(nnrt::OpContext& ctx) {
  nnrt::ReduceParams plan = ctx.Params<nnrt::ReduceParams>();
  plan.mode = nnrt::ReduceMode::kMax;
  return nnrt::RunReduceWithParams(ctx, plan);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-all-as-any";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::ALL, AnyKernel, nnrt::InferAll}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
