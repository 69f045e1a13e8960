// A deliberately wrong driver: quantized CONV2D_FUSION with per-channel
// weight quantization (one QuantParam per output channel, axis 0;
// quantization_semantics 4.6) uses channel 0's scale and zero point for every
// channel, as a driver that only implements per-tensor weights and does not
// report per-channel models unsupported would. Caught by the valid-model
// property of CONV2D_FUSION (int8 / uint8 cases with per-channel weights).
#include "reference/device/reference_device.h"
#include "reference/ops/nn/conv2d.h"

namespace {

nnrt::Status Conv2DPerChannelAsPerTensor(nnrt::OpContext& ctx) {
  nnrt::TensorArg& w = ctx.inputs[1];
  if (w.decl == nullptr || w.decl->quant_params.size() <= 1) return nnrt::Conv2DKernel(ctx);
  nnrt::Tensor per_tensor = *w.decl;
  per_tensor.quant_params.resize(1);
  const nnrt::Tensor* original = w.decl;
  w.decl = &per_tensor;
  nnrt::Status st = nnrt::Conv2DKernel(ctx);
  w.decl = original;
  return st;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-conv-per-channel-as-per-tensor";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::CONV2D_FUSION, Conv2DPerChannelAsPerTensor}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
