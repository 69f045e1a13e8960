// A deliberately wrong driver: CONV2D_FUSION accepts a padMode outside the
// HDI PadMode enum (0 PAD, 1 SAME, 2 VALID) and silently treats it as VALID,
// so PrepareModel succeeds on a model the reference rejects with
// NNRT_INVALID_MODEL (C-211). Caught by the invalid-model part, family
// attr_pad_mode_invalid; valid models behave exactly like the reference.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/conv2d.h"

namespace {

bool PadModeOutOfEnum(const nnrt::Node& node) {
  const int64_t mode = nnrt::GetIntAttr(node, "padMode", 0);
  return mode < 0 || mode > 2;
}

template <nnrt::Status (*Fn)(nnrt::OpContext&)>
nnrt::Status WithUnknownPadModeAsValid(nnrt::OpContext& ctx) {
  if (!PadModeOutOfEnum(*ctx.node)) return Fn(ctx);
  const nnrt::Node as_valid = nnrt::mutant::WithIntAttr(*ctx.node, "padMode", {2}, nnrt::AttrType::kInt8);
  return nnrt::mutant::WithNode(ctx, as_valid, Fn);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-conv-invalid-pad-mode-as-valid";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::CONV2D_FUSION,
                                              WithUnknownPadModeAsValid<nnrt::Conv2DKernel>,
                                              WithUnknownPadModeAsValid<nnrt::InferConv2D>}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
