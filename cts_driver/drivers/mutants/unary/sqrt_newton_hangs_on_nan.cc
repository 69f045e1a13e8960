// A deliberately wrong driver: float32 SQRT by Newton iteration whose loop
// runs "until the error is small" written as !(err <= tol), which never
// becomes true for a NaN input: the driver hangs. The suite must survive the
// hang (the case runs in a forked child with a timeout, C-89), count it as a
// failure and leave a replayable case file. Inputs without NaN go to the
// reference kernel, so only the hang is injected. Caught by the valid-model
// property of SQRT (its value profile includes NaN).
#include <cmath>
#include <cstring>

#include "reference/device/reference_device.h"
#include "reference/ops/elementwise/unary_math.h"

namespace {

volatile long g_iterations = 0;  // observable progress, so the loop is not UB to the optimiser

double NewtonSqrt(double x) {
  double g = x > 1 ? x : 1.0;
  while (!(std::fabs(g * g - x) <= 1e-12 * (x > 1 ? x : 1.0))) {
    g = 0.5 * (g + x / g);
    g_iterations = g_iterations + 1;
  }
  return g;
}

nnrt::Status SqrtNewton(nnrt::OpContext& ctx) {
  const nnrt::TensorArg& x = ctx.inputs[0];
  if (x.dtype() != nnrt::DataType::kFloat32 || x.quantized()) return nnrt::UnaryMathKernel(ctx);
  const int64_t n = x.elements();
  bool has_nan = false;
  for (int64_t i = 0; i < n; ++i) {
    float v;
    std::memcpy(&v, x.data + i * 4, 4);
    has_nan = has_nan || std::isnan(v);
  }
  if (!has_nan) return nnrt::UnaryMathKernel(ctx);
  for (int64_t i = 0; i < n; ++i) {
    float v;
    std::memcpy(&v, x.data + i * 4, 4);
    const float r = static_cast<float>(NewtonSqrt(v));  // hangs at the first NaN
    std::memcpy(ctx.outputs[0].mutable_data + i * 4, &r, 4);
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-sqrt-newton-hangs-on-nan";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::SQRT, SqrtNewton}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
