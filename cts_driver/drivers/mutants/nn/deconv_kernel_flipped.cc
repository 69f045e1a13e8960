// A deliberately wrong driver: CONV2D_TRANSPOSE_FUSION applies the kernel
// rotated by 180 degrees — the classic confusion between the scatter form
// (x[i] * w[k] lands at i*s + k*d) and a gather written as a plain
// convolution of the zero-stuffed input without flipping the weights.
// Caught by the valid-model property of CONV2D_TRANSPOSE_FUSION.
#include <cstring>
#include <vector>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/conv2d_transpose.h"

namespace {

nnrt::Status DeconvKernelFlipped(nnrt::OpContext& ctx) {
  const nnrt::TensorArg& w = ctx.inputs[1];
  const size_t es = nnrt::DataTypeSize(w.dtype());
  const int64_t out_c = w.dims[0], k_h = w.dims[1], k_w = w.dims[2], in_c = w.dims[3];
  std::vector<uint8_t> flipped(static_cast<size_t>(out_c * k_h * k_w * in_c) * es);
  for (int64_t o = 0; o < out_c; ++o)
    for (int64_t y = 0; y < k_h; ++y)
      for (int64_t x = 0; x < k_w; ++x) {
        const int64_t src = ((o * k_h + y) * k_w + x) * in_c;
        const int64_t dst = ((o * k_h + (k_h - 1 - y)) * k_w + (k_w - 1 - x)) * in_c;
        std::memcpy(flipped.data() + dst * es, w.data + src * es, static_cast<size_t>(in_c) * es);
      }
  nnrt::OpContext copy = ctx;  // same output buffers
  copy.inputs[1].data = flipped.data();
  return nnrt::RunConv2DTransposeWithParams(copy, ctx.Params<nnrt::Conv2DTransposeParams>());
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-deconv-kernel-flipped";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::CONV2D_TRANSPOSE_FUSION, DeconvKernelFlipped}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
