// A deliberately wrong driver: CLIP reads HDI Clip's fields in declaration
// order {max, min} into (min, max), i.e. it clamps to [max, min] (ops_catalog
// #76; the HDI struct lists max first). A typical attribute-order bug when a
// driver unpacks a struct positionally. Caught by the valid-model property of
// CLIP.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/elementwise/clip.h"

namespace {

nnrt::Status ClipMinMaxSwapped(nnrt::OpContext& ctx) {
  nnrt::Node swapped = *ctx.node;
  for (nnrt::Attr& a : swapped.attrs) {
    if (a.name == "min") {
      a.name = "max";
    } else if (a.name == "max") {
      a.name = "min";
    }
  }
  return nnrt::mutant::WithNode(ctx, swapped, nnrt::ClipKernel);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-clip-min-max-swapped";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::CLIP, ClipMinMaxSwapped}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
