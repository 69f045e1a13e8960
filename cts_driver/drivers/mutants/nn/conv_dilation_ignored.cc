// A deliberately wrong driver: CONV2D_FUSION ignores the dilation attribute
// when it walks the kernel window (taps are adjacent pixels), while it still
// sizes the output from the dilated kernel, as a driver that only wired
// dilation into its shape inference would. Modelled as the reference kernel
// run with dilation 1 (same pads) into a scratch output of the undilated
// size, of which the top-left out_h x out_w block is returned. Undilated
// convs go to the reference. Caught by the valid-model property of
// CONV2D_FUSION.
#include <cstring>
#include <vector>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/conv2d.h"

namespace {

nnrt::Status Conv2DDilationIgnored(nnrt::OpContext& ctx) {
  nnrt::Conv2DAttrs p;
  NNRT_RETURN_IF_ERROR(nnrt::ReadConv2DAttrs(ctx, &p));
  if (p.dilation_h == 1 && p.dilation_w == 1) return nnrt::Conv2DKernel(ctx);
  const nnrt::Dims& x = ctx.inputs[0].dims;
  const nnrt::Dims y = ctx.outputs[0].dims;  // [n, out_h, out_w, out_c]
  const nnrt::ConvPads pads = nnrt::ComputeConvPads(p, x[1], x[2]);
  const int64_t big_h = nnrt::ConvOutputSize(x[1], p.kernel_h, p.stride_h, 1, pads.top, pads.bottom);
  const int64_t big_w = nnrt::ConvOutputSize(x[2], p.kernel_w, p.stride_w, 1, pads.left, pads.right);
  const size_t elem = ctx.outputs[0].byte_size / static_cast<size_t>(ctx.outputs[0].elements());
  const size_t pixel = static_cast<size_t>(y[3]) * elem;
  std::vector<uint8_t> scratch(static_cast<size_t>(y[0] * big_h * big_w) * pixel);
  nnrt::OpContext big = ctx;
  big.outputs[0].dims = {y[0], static_cast<int32_t>(big_h), static_cast<int32_t>(big_w), y[3]};
  big.outputs[0].mutable_data = scratch.data();
  big.outputs[0].byte_size = scratch.size();
  const nnrt::Node undilated = nnrt::mutant::WithIntAttr(*ctx.node, "dilation", {1, 1});
  big.node = &undilated;
  // The kernel reads the parameters InferConv2D parsed: parse the undilated
  // node, keeping the scratch output's dims.
  const nnrt::Dims big_dims = big.outputs[0].dims;
  NNRT_RETURN_IF_ERROR(nnrt::InferConv2D(big));
  big.outputs[0].dims = big_dims;
  NNRT_RETURN_IF_ERROR(nnrt::RunConv2DWithPads(big, pads));
  for (int64_t n = 0; n < y[0]; ++n) {
    for (int64_t h = 0; h < y[1]; ++h) {
      for (int64_t w = 0; w < y[2]; ++w) {
        std::memcpy(ctx.outputs[0].mutable_data + static_cast<size_t>((n * y[1] + h) * y[2] + w) * pixel,
                    scratch.data() + static_cast<size_t>((n * big_h + h) * big_w + w) * pixel, pixel);
      }
    }
  }
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-conv-dilation-ignored";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::CONV2D_FUSION, Conv2DDilationIgnored}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
