// A deliberately wrong driver: float DIV computed as a * (1 / b) in float32,
// the classic fast-division shortcut. Two roundings instead of one (up to
// 1.5 ulp), and 1 / b overflows for subnormal b where a / b is finite (3s / s
// gives inf instead of 3). Caught at the directed edge cases, which pair
// every two edge values.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/elementwise/arithmetic.h"

namespace {

nnrt::Status DivReciprocalMultiply(nnrt::OpContext& ctx) {
  const nnrt::TensorArg& a = ctx.inputs[0];
  const nnrt::TensorArg& b = ctx.inputs[1];
  nnrt::TensorArg& y = ctx.outputs[0];
  const bool plain = nnrt::GetIntAttr(*ctx.node, "activationType", 0) == 0;
  if (!plain || y.dtype() != nnrt::DataType::kFloat32 || a.dims != y.dims || b.dims != y.dims) {
    return nnrt::DivKernel(ctx);
  }
  const size_t n = static_cast<size_t>(y.elements());
  for (size_t i = 0; i < n; ++i) {
    const float va = static_cast<float>(nnrt::LoadAsDouble(a.dtype(), a.data, i));
    const float vb = static_cast<float>(nnrt::LoadAsDouble(b.dtype(), b.data, i));
    const float r = 1.0f / vb;
    nnrt::StoreDouble(y.dtype(), y.mutable_data, i, static_cast<double>(va * r));
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-div-reciprocal-multiply";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::DIV_FUSION, DivReciprocalMultiply}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
