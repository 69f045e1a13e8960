// A deliberately wrong driver: ELTWISE SUM subtracts, as the HDI IDL comment
// of EltwiseMode SUM ("difference") reads, where the OH_NN docs define an
// element-wise sum (C-698). Caught by the valid-model property of ELTWISE,
// which draws every mode.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/elementwise/arithmetic.h"
#include "reference/ops/elementwise/eltwise.h"

namespace {

nnrt::Status EltwiseSumAsDifference(nnrt::OpContext& ctx) {
  const nnrt::EltwiseParams& p = ctx.Params<nnrt::EltwiseParams>();
  if (p.mode != nnrt::EltwiseMode::kSum) return nnrt::EltwiseKernel(ctx);
  nnrt::OpContext inner = ctx;
  inner.params = p.inner;
  return nnrt::SubKernel(inner);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-eltwise-sum-as-difference";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::ELTWISE, EltwiseSumAsDifference}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
