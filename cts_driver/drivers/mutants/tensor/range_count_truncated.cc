// A deliberately wrong driver: RANGE counts its elements with a truncating
// division, (limit - start) / delta, instead of rounding up, so a span that
// delta does not divide loses its last element (one-element sequences stay).
// Caught by the valid-model property of RANGE (wrong dims).
#include <algorithm>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/core/op_def.h"
#include "reference/ops/tensor/range.h"

namespace {

nnrt::Status InferRangeTruncated(nnrt::OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(nnrt::InferRange(ctx));
  nnrt::RangeParams p = ctx.Params<nnrt::RangeParams>();
  const __int128 span = static_cast<__int128>(nnrt::IntAttr(*ctx.node, "limit")) - p.start;
  p.count = std::max<int64_t>(1, static_cast<int64_t>(span / p.delta));
  ctx.outputs[0].dims = nnrt::Dims{static_cast<int32_t>(p.count)};
  ctx.SetParams(p);
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-range-count-truncated";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::RANGE, nnrt::RangeKernel, InferRangeTruncated}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
