// A deliberately wrong driver: float MAXIMUM is C's fmax, which drops a NaN
// operand and returns the other one (IEEE 754-2008 maxNum) where NNRt's
// MAXIMUM propagates NaN (C-688). Caught by the valid-model property of
// MAXIMUM, whose edge values include NaN.
#include <cmath>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/elementwise/binary_math.h"
#include "reference/ops/core/op_util.h"

namespace {

nnrt::Status MaximumDropsNan(nnrt::OpContext& ctx) {
  const nnrt::TensorArg& a = ctx.inputs[0];
  const nnrt::TensorArg& b = ctx.inputs[1];
  nnrt::TensorArg& y = ctx.outputs[0];
  if (!nnrt::IsFloatType(y.dtype()) || y.quantized()) return nnrt::BinaryMathKernel(ctx);
  nnrt::ForEachBroadcastPair(a.dims, b.dims, y.dims, [&](size_t ia, size_t ib, size_t o) {
    nnrt::StoreDouble(y.dtype(), y.mutable_data, o,
                      std::fmax(nnrt::LoadAsDouble(a.dtype(), a.data, ia), nnrt::LoadAsDouble(b.dtype(), b.data, ib)));
  });
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-maximum-drops-nan";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::MAXIMUM, MaximumDropsNan}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
