// A deliberately wrong driver: FULL_CONNECTION adds the bias input only when
// the hasBias attribute is true, so a lowered model with a bias and the OH_NN
// builder's default hasBias = false loses its bias (C-507). Caught by the
// valid-model property of FULL_CONNECTION.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/full_connection.h"
#include "reference/ops/core/op_def.h"

namespace {

nnrt::Status FcBiasGatedByHasBias(nnrt::OpContext& ctx) {
  nnrt::FullConnectionParams plan = ctx.Params<nnrt::FullConnectionParams>();
  plan.has_bias = plan.has_bias && nnrt::GetBoolAttr(*ctx.node, "hasBias", false);
  return nnrt::RunFullConnectionWithParams(ctx, plan);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-fc-bias-gated-by-has-bias";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::FULL_CONNECTION, FcBiasGatedByHasBias}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
