// A deliberately wrong driver: ASSERT checks its condition but leaves its
// output zeroed instead of passing data through (reading the output as
// "unspecified"). Caught by the valid-model property of ASSERT (wrong values).
#include <cstring>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/tensor/all_assert.h"
#include "reference/ops/core/op_def.h"

namespace {

nnrt::Status AssertZeroOutput(nnrt::OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(nnrt::AssertKernel(ctx));
  nnrt::TensorArg& y = ctx.outputs[0];
  const auto count = static_cast<size_t>(y.elements());
  if (count > 0) std::memset(y.mutable_data, 0, count * nnrt::DataTypeSize(y.dtype()));
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-assert-output-not-written";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::ASSERT, AssertZeroOutput, nnrt::InferAssert}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
