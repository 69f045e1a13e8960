// A deliberately wrong driver: CROP applies offset[0] to every cropped dim
// even when the offset list gives one value per dim (the Caffe "one offset"
// reading applied to every list). Cases with per-dim offsets that differ
// from the first get wrong values. Caught by the valid-model property of CROP.
#include <algorithm>
#include <vector>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/core/op_def.h"
#include "reference/ops/tensor/slice.h"

namespace {

nnrt::Status InferCropFirstOffset(nnrt::OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(nnrt::InferCrop(ctx));
  const std::vector<int64_t> offset = nnrt::IntsAttr(*ctx.node, "offset");
  if (offset.empty()) return nnrt::Status::Ok();
  const int64_t rank = static_cast<int64_t>(ctx.inputs[0].dims.size());
  const int64_t axis_attr = nnrt::IntAttr(*ctx.node, "axis");
  const size_t axis = static_cast<size_t>(axis_attr < 0 ? axis_attr + rank : axis_attr);
  nnrt::SliceParams p = ctx.Params<nnrt::SliceParams>();
  for (size_t d = axis; d < p.in.size(); ++d) {
    if (p.in[d] < 0 || p.out[d] < 0) continue;
    // Kept inside x so that the bug shows as wrong values, not a crash.
    p.start[d] = std::min<int64_t>(offset[0], p.in[d] - p.out[d]);
  }
  ctx.SetParams(std::move(p));
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-crop-first-offset-everywhere";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::CROP, nnrt::SliceKernel, InferCropFirstOffset}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
