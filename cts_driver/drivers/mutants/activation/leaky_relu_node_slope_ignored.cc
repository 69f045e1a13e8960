// A deliberately wrong driver: the LEAKY_RELU node type (76) is run as plain
// RELU, ignoring negativeSlope (a driver that maps the HDI-only node onto its
// RELU kernel). Caught by the valid-model property of LEAKY_RELU, which draws
// non-zero slopes in most cases (C-700).
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/elementwise/leaky_relu.h"

namespace {

nnrt::Status LeakyReluNodeSlopeIgnored(nnrt::OpContext& ctx) {
  nnrt::Node relu = *ctx.node;
  relu.attrs.clear();  // negativeSlope absent: 0
  const nnrt::Node* original = ctx.node;
  ctx.node = &relu;
  nnrt::Status status = nnrt::InferLeakyRelu(ctx);
  if (status.ok()) status = nnrt::LeakyReluKernel(ctx);
  ctx.node = original;
  return status;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-leaky-relu-node-slope-ignored";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::LEAKY_RELU, LeakyReluNodeSlopeIgnored}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
