// A deliberately wrong driver (task: conformance suite teeth): CONV2D_FUSION
// with padMode SAME puts the odd extra row/column of padding at the top/left
// instead of the bottom/right (ops_catalog #2/#8: the extra pad goes
// bottom/right). A classic porting bug between frameworks that split the pad
// differently. Everything else is the reference; only the pads change, through
// the reference's RunConv2DWithPads hook (no kernel code is copied).
#include <utility>

#include "reference/device/reference_device.h"
#include "reference/ops/nn/conv2d.h"

namespace {

nnrt::Status Conv2DSamePadTopLeft(nnrt::OpContext& ctx) {
  nnrt::Conv2DAttrs p;
  NNRT_RETURN_IF_ERROR(nnrt::ReadConv2DAttrs(ctx, &p));
  nnrt::ConvPads pads = nnrt::ComputeConvPads(p, ctx.inputs[0].dims[1], ctx.inputs[0].dims[2]);
  if (p.pad_mode == nnrt::PadMode::kSame) {
    std::swap(pads.top, pads.bottom);   // before = ceil(total/2): the extra goes on top
    std::swap(pads.left, pads.right);   // ... and on the left
  }
  return nnrt::RunConv2DWithPads(ctx, pads);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-conv-same-pad-topleft";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::CONV2D_FUSION, Conv2DSamePadTopLeft}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
