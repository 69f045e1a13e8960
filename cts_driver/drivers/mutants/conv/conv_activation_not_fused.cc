// A deliberately wrong driver: CONV2D_FUSION drops the fused activation
// (HDI Conv2DFusion.activationType, ops_catalog #8 "fused activation"): the
// output is the plain convolution, as a driver whose graph compiler forgot
// to emit the activation after a fused conv would produce. Caught by the
// valid-model property of CONV2D_FUSION (RELU / RELU6 cases with negative or
// > 6 sums).
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/conv2d.h"

namespace {

nnrt::Status Conv2DActivationNotFused(nnrt::OpContext& ctx) {
  const nnrt::Node plain = nnrt::mutant::WithIntAttr(*ctx.node, "activationType", {0}, nnrt::AttrType::kInt8);
  return nnrt::mutant::WithNode(ctx, plain, nnrt::Conv2DKernel);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-conv-activation-not-fused";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::CONV2D_FUSION, Conv2DActivationNotFused}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
