// A driver that implements GELU with the formula printed in the OH_NN table,
// 0.5·x·(1 + tanh(x/2)), instead of x·Φ(x) (C-160, quantization_semantics
// 6.13). GELU(1) is then 0.731 instead of 0.841: far outside any tolerance.
#include <cmath>

#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/elementwise/activation.h"
#include "reference/ops/core/op_def.h"

namespace {

nnrt::Status GeluDocFormula(nnrt::OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(nnrt::ActivationKernel(ctx));  // every other activation type unchanged
  const nnrt::ActivationAttrs p = nnrt::ReadActivationAttrs(*ctx.node);
  const nnrt::TensorArg& x = ctx.inputs[0];
  nnrt::TensorArg& y = ctx.outputs[0];
  if (p.type != nnrt::ActivationType::kGelu || !nnrt::IsFloatType(y.dtype())) return nnrt::Status::Ok();
  for (size_t i = 0; i < static_cast<size_t>(x.elements()); ++i) {
    const double v = nnrt::LoadAsDouble(x.dtype(), x.data, i);
    nnrt::StoreDouble(y.dtype(), y.mutable_data, i, 0.5 * v * (1.0 + std::tanh(v / 2.0)));
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-gelu-doc-formula";
    options.vendor_name = "NNRt CTS sample driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::ACTIVATION, GeluDocFormula}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
