// A deliberately wrong driver: CONV2D_FUSION with padMode PAD starts the
// window one pixel too early, as if padList were applied as
// [top+1, bottom-1, left+1, right-1] (an off-by-one in the window origin;
// the output size is unchanged, so only the values are wrong). HDI
// Conv2DFusion padList = [top, bottom, left, right] (ops_catalog #8). SAME
// and VALID convolutions, and PAD convs without bottom/right padding, go to
// the reference kernel. Caught by the valid-model property of CONV2D_FUSION.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/conv2d.h"

namespace {

nnrt::Status Conv2DPadOffByOne(nnrt::OpContext& ctx) {
  nnrt::Conv2DAttrs p;
  NNRT_RETURN_IF_ERROR(nnrt::ReadConv2DAttrs(ctx, &p));
  nnrt::ConvPads pads = nnrt::ComputeConvPads(p, ctx.inputs[0].dims[1], ctx.inputs[0].dims[2]);
  if (p.pad_mode == nnrt::PadMode::kPad && pads.bottom > 0) {
    pads.top += 1;
    pads.bottom -= 1;
  }
  if (p.pad_mode == nnrt::PadMode::kPad && pads.right > 0) {
    pads.left += 1;
    pads.right -= 1;
  }
  return nnrt::RunConv2DWithPads(ctx, pads);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-conv-pad-off-by-one";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::CONV2D_FUSION, Conv2DPadOffByOne}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
