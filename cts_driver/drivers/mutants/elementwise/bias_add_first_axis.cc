// A deliberately wrong driver: BIAS_ADD indexes the bias by the first input
// dim (NCHW-style channel confusion) instead of the last (C-581): element i
// reads bias[(i / (elements / dims[0])) % C]. Caught by the valid-model
// property of BIAS_ADD.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/elementwise/scale_bias.h"

namespace {

nnrt::Status BiasAddFirstAxis(nnrt::OpContext& ctx) {
  nnrt::ScaleBiasParams plan = ctx.Params<nnrt::ScaleBiasParams>();
  const nnrt::Dims& dims = ctx.inputs[0].dims;
  if (!dims.empty() && dims[0] > 0) plan.inner = ctx.inputs[0].elements() / dims[0];
  return nnrt::RunScaleBiasWithParams(ctx, plan);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-bias-add-first-axis";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::BIAS_ADD, BiasAddFirstAxis}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
