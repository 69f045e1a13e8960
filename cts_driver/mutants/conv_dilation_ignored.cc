// A deliberately wrong driver: CONV2D_FUSION ignores the dilation attribute
// when it walks the kernel window (taps are adjacent pixels), while it still
// sizes the output from the dilated kernel, as a driver that only wired
// dilation into its shape inference would. Modelled as the reference kernel
// on dilation 1 with the missing (k-1)*(d-1) rows/columns added as bottom /
// right padding so the output size is the dilated one. Undilated convs go to
// the reference. Caught by the valid-model property of CONV2D_FUSION.
#include "cts_driver/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/conv2d.h"

namespace {

nnrt::Status Conv2DDilationIgnored(nnrt::OpContext& ctx) {
  nnrt::Conv2DParams p;
  NNRT_RETURN_IF_ERROR(nnrt::ReadConv2DParams(ctx, &p));
  if (p.dilation_h == 1 && p.dilation_w == 1) return nnrt::Conv2DKernel(ctx);
  nnrt::ConvPads pads = nnrt::ComputeConvPads(p, ctx.inputs[0].dims[1], ctx.inputs[0].dims[2]);
  pads.bottom += (p.kernel_h - 1) * (p.dilation_h - 1);
  pads.right += (p.kernel_w - 1) * (p.dilation_w - 1);
  const nnrt::Node undilated = nnrt::mutant::WithIntAttr(*ctx.node, "dilation", {1, 1});
  return nnrt::mutant::WithNode(ctx, undilated,
                                [&](nnrt::OpContext& c) { return nnrt::RunConv2DWithPads(c, pads); });
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
