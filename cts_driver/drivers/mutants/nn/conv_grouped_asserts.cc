// A deliberately wrong driver: CONV2D_FUSION aborts (a failed assert in the
// driver) on grouped convolutions (1 < group < inChannel) instead of
// reporting them unsupported through GetSupportedOperation. The suite must
// survive the crash (the case runs in a child process, C-89), count it as a
// failure, shrink it and leave a replayable case file. Every other conv goes
// to the reference kernel.
#include <cstdlib>

#include "reference/device/reference_device.h"
#include "reference/ops/nn/conv2d.h"

namespace {

nnrt::Status Conv2DAssertsOnGroups(nnrt::OpContext& ctx) {
  nnrt::Conv2DAttrs p;
  NNRT_RETURN_IF_ERROR(nnrt::ReadConv2DAttrs(ctx, &p));
  const int64_t in_c = ctx.inputs[0].dims[3];
  if (p.group > 1 && p.group < in_c) std::abort();  // "assert(group == 1 || group == inC)"
  return nnrt::Conv2DKernel(ctx);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-conv-grouped-asserts";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::CONV2D_FUSION, Conv2DAssertsOnGroups}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
