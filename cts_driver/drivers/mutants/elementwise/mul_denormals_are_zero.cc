// A deliberately wrong driver: float32 MUL with denormals-are-zero, the
// hardware mode that treats subnormal inputs as 0. A subnormal times a large
// value has a normal product (max * denorm_min = 4.8e-7), which becomes 0:
// not an accepted flush of a tiny result (C-81), a wrong value. Caught at the
// directed edge cases, which pair every two edge values.
#include <cmath>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/elementwise/arithmetic.h"

namespace {

float DenormalAsZero(float v) { return std::fpclassify(v) == FP_SUBNORMAL ? std::copysign(0.0f, v) : v; }

nnrt::Status MulDenormalsAreZero(nnrt::OpContext& ctx) {
  const nnrt::TensorArg& a = ctx.inputs[0];
  const nnrt::TensorArg& b = ctx.inputs[1];
  nnrt::TensorArg& y = ctx.outputs[0];
  const bool plain = nnrt::GetIntAttr(*ctx.node, "activationType", 0) == 0;
  if (!plain || y.dtype() != nnrt::DataType::kFloat32 || a.dims != y.dims || b.dims != y.dims) {
    return nnrt::MulKernel(ctx);
  }
  const size_t n = static_cast<size_t>(y.elements());
  for (size_t i = 0; i < n; ++i) {
    const double va = DenormalAsZero(static_cast<float>(nnrt::LoadAsDouble(a.dtype(), a.data, i)));
    const double vb = DenormalAsZero(static_cast<float>(nnrt::LoadAsDouble(b.dtype(), b.data, i)));
    nnrt::StoreDouble(y.dtype(), y.mutable_data, i, va * vb);
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-mul-denormals-are-zero";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::MUL_FUSION, MulDenormalsAreZero}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
