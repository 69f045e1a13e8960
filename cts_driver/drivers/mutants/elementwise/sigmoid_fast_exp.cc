// A deliberately wrong driver: float32 sigmoid (ACTIVATION, activationType
// SIGMOID) computed as 1 / (1 + e^-x) with a bit-trick exponential (the
// float's exponent field written from a linear function of x, a few percent
// of relative error), a "fast path" a driver might take for throughput.
// quantization_semantics 5 gives sigmoid a few-ulp float32 tolerance, so the
// valid-model property of ACTIVATION_SIGMOID catches it. Every other
// activation type and data type goes to the reference kernel.
#include <cstdint>
#include <cstring>

#include "reference/device/reference_device.h"
#include "reference/ops/elementwise/activation.h"

namespace {

// exp(x) ~ 2^(x / ln 2) with the integer part and a linear mantissa written
// straight into the float's bits (crude: up to ~6% error).
float CrudeExp(float x) {
  if (x > 88.0f) x = 88.0f;
  if (x < -87.0f) x = -87.0f;
  const int32_t bits = static_cast<int32_t>(12102203.0f * x) + 1065353216;
  float out;
  std::memcpy(&out, &bits, sizeof out);
  return out;
}

nnrt::Status SigmoidFastExp(nnrt::OpContext& ctx) {
  const nnrt::ActivationAttrs params = nnrt::ReadActivationAttrs(*ctx.node);
  const nnrt::TensorArg& x = ctx.inputs[0];
  nnrt::TensorArg& y = ctx.outputs[0];
  if (params.type != nnrt::ActivationType::kSigmoid || x.dtype() != nnrt::DataType::kFloat32 || x.quantized()) {
    return nnrt::ActivationKernel(ctx);
  }
  const int64_t n = x.elements();
  for (int64_t i = 0; i < n; ++i) {
    float v;
    std::memcpy(&v, x.data + i * 4, 4);
    const float s = v != v ? v : 1.0f / (1.0f + CrudeExp(-v));  // NaN stays NaN
    std::memcpy(y.mutable_data + i * 4, &s, 4);
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-sigmoid-fast-exp";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::ACTIVATION, SigmoidFastExp}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
