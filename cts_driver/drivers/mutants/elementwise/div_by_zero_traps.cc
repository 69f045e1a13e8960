// A deliberately wrong driver: DIV_FUSION unmasks the floating-point
// divide-by-zero exception (feenableexcept(FE_DIVBYZERO), as a driver built
// with "trap on FP errors" debugging left on) and so dies with SIGFPE on x / 0
// instead of producing +-inf (IEEE 754, docs/operators/arithmetic.md). The
// suite must survive the crash (the case runs in a forked child, C-89), count
// it as a failure and leave a replayable case file. Caught by the valid-model
// property of DIV_FUSION (float cases with a zero divisor).
#include <fenv.h>

#include "reference/device/reference_device.h"
#include "reference/ops/elementwise/arithmetic.h"

namespace {

nnrt::Status DivTrapsOnZero(nnrt::OpContext& ctx) {
  feenableexcept(FE_DIVBYZERO);
  nnrt::Status st = nnrt::DivKernel(ctx);
  fedisableexcept(FE_DIVBYZERO);
  return st;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-div-by-zero-traps";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::DIV_FUSION, DivTrapsOnZero}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
