// A deliberately wrong driver: float SOFTPLUS as the textbook log(1 + exp(x)),
// which overflows for large x (exp(x) = inf) where softplus(x) = x: the
// largest float32 gives inf instead of 3.4e38. Caught at the directed edge
// cases (the type's largest finite value).
#include <cmath>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/elementwise/activation.h"

namespace {

nnrt::Status SoftplusNaive(nnrt::OpContext& ctx) {
  const nnrt::TensorArg& x = ctx.inputs[0];
  nnrt::TensorArg& y = ctx.outputs[0];
  const bool softplus = nnrt::ReadActivationAttrs(*ctx.node).type == nnrt::ActivationType::kSoftplus;
  if (!softplus || !nnrt::IsFloatType(x.dtype()) || x.quantized()) return nnrt::ActivationKernel(ctx);
  const size_t n = static_cast<size_t>(x.elements());
  for (size_t i = 0; i < n; ++i) {
    const float v = static_cast<float>(nnrt::LoadAsDouble(x.dtype(), x.data, i));
    nnrt::StoreDouble(y.dtype(), y.mutable_data, i, static_cast<double>(std::log(1.0f + std::exp(v))));
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-softplus-naive";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::ACTIVATION, SoftplusNaive}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
