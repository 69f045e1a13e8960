// A deliberately wrong driver: GREATER_EQUAL is computed with > instead of >=
// (an off-by-equality slip in a comparison table). It differs only where the
// operands are equal, -0 against +0 included; caught by the valid-model
// property of GREATER_EQUAL, whose generator plants equal operand values.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/elementwise/comparison.h"

namespace {

nnrt::Status GreaterEqualAsGreater(nnrt::OpContext& ctx) {
  nnrt::Node strict = *ctx.node;
  strict.type = nnrt::NodeType::GREATER;
  const nnrt::Node* original = ctx.node;
  ctx.node = &strict;
  const nnrt::Status status = nnrt::ComparisonKernel(ctx);
  ctx.node = original;
  return status;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-greater-equal-as-greater";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::GREATER_EQUAL, GreaterEqualAsGreater}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
