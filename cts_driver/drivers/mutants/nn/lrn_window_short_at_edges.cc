// A deliberately wrong driver: LRN windows clipped at a channel edge lose the
// edge channel (an off-by-one in the clipping: the first channel a clipped
// window keeps is 1, the last C - 2, unless that is the element's own
// channel); unclipped windows are right (C-592). Caught by the valid-model
// property of LRN, whose depthRadius reaches past the edges.
#include <algorithm>
#include <cstdint>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/lrn.h"

namespace {

nnrt::LrnWindow ShortAtTheEdges(int64_t c, int64_t radius, int64_t channels) {
  nnrt::LrnWindow w = nnrt::ClippedLrnWindow(c, radius, channels);
  if (c - radius < 0) w.first = std::min<int64_t>(c, 1);
  if (c + radius > channels - 1) w.last = std::max<int64_t>(c, channels - 2);
  return w;
}

nnrt::Status LrnShortWindow(nnrt::OpContext& ctx) {
  return nnrt::RunLrnWithParams(ctx, ctx.Params<nnrt::LrnParams>(), &ShortAtTheEdges);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-lrn-window-short-at-edges";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::LRN, LrnShortWindow}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
