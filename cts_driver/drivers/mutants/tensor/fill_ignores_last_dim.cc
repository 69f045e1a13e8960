// A deliberately wrong driver: FILL ignores the last value of its shape
// operand and produces a last dim of 1 (an off-by-one loop over the shape
// values). Every case whose last shape value is above 1 gets wrong dims.
// Caught by the valid-model property of FILL.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/tensor/fill.h"
#include "reference/ops/core/op_def.h"

namespace {

nnrt::Status InferFillIgnoringLastDim(nnrt::OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(nnrt::InferFill(ctx));
  nnrt::Dims& dims = ctx.outputs[0].dims;
  if (!dims.empty() && dims.back() > 1) dims.back() = 1;
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-fill-ignores-last-dim";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::FILL, nnrt::FillKernel, InferFillIgnoringLastDim}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
