// A deliberately wrong driver: POW_FUSION computes x^e and ignores the scale
// and shift attributes (the OH_NN docs call them "factor/bias of the scale
// blend" without a formula, ops_catalog #25; the IDL defines (shift + scale *
// x)^e, C-694). Caught by the valid-model property of POW_FUSION, whose
// generator draws non-default scale and shift in half of the cases.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/elementwise/pow.h"

namespace {

nnrt::Status PowScaleShiftIgnored(nnrt::OpContext& ctx) {
  nnrt::OpContext plain = ctx;
  nnrt::PowParams p = ctx.Params<nnrt::PowParams>();
  p.scale = 1.0;
  p.shift = 0.0;
  plain.SetParams(p);
  return nnrt::PowKernel(plain);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-pow-scale-shift-ignored";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::POW_FUSION, PowScaleShiftIgnored}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
