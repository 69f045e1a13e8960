// A deliberately wrong driver: LEAKY_RELU (ACTIVATION, activationType
// LEAKY_RELU) ignores the node's alpha attribute (HDI Activation.alpha) and
// uses a hard-coded 0.2, a framework default baked into a driver's kernel.
// Caught by the valid-model property of ACTIVATION_LEAKY_RELU (its alpha
// domain is in quarters, never 0.2). Every other activation type goes to the
// reference kernel.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/elementwise/activation.h"

namespace {

nnrt::Status LeakyReluAlphaHardcoded(nnrt::OpContext& ctx) {
  if (nnrt::ReadActivationAttrs(*ctx.node).type != nnrt::ActivationType::kLeakyRelu) {
    return nnrt::ActivationKernel(ctx);
  }
  const nnrt::Node fixed = nnrt::mutant::WithFloatAttr(*ctx.node, "alpha", 0.2f);
  return nnrt::mutant::WithNode(ctx, fixed, nnrt::ActivationKernel);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-leaky-relu-alpha-hardcoded";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::ACTIVATION, LeakyReluAlphaHardcoded}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
