// A deliberately wrong driver: float NEG computed as 0 - x. Every nonzero
// value is right, but -(+0) comes out as +0 instead of -0 (IEEE negate flips
// the sign bit; subtraction from +0 does not). Caught because NEG defines the
// sign of a zero result exactly (NodeSpec::signed_zero_exact, C-430).
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/elementwise/unary_math.h"

namespace {

nnrt::Status NegAsZeroMinusX(nnrt::OpContext& ctx) {
  const nnrt::TensorArg& x = ctx.inputs[0];
  nnrt::TensorArg& y = ctx.outputs[0];
  if (!nnrt::IsFloatType(x.dtype()) || x.quantized()) return nnrt::UnaryMathKernel(ctx);
  const size_t n = static_cast<size_t>(x.elements());
  for (size_t i = 0; i < n; ++i) {
    nnrt::StoreDouble(y.dtype(), y.mutable_data, i, 0.0 - nnrt::LoadAsDouble(x.dtype(), x.data, i));
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-neg-zero-minus-x";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::NEG, NegAsZeroMinusX}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
