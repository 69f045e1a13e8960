// A deliberately wrong driver: DETECTION_POST_PROCESS orders equal scores by
// the higher box index first instead of the lower (C-743), as an unstable or
// reversed sort does. Implemented by running the reference on the boxes in
// reverse order (inputs reversed along the box axis): the outputs name no box
// index, so only the order of equal-score rows (and which of them fit the
// row limits) changes. Caught by the valid-model property of
// DETECTION_POST_PROCESS, whose scores on a 1/16 grid tie often.
#include <cstdint>
#include <cstring>
#include <vector>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/detection_post_process.h"

namespace {

// `t` with its rows of `row_bytes` reversed within each group of `boxes` rows.
std::vector<uint8_t> ReverseBoxes(const nnrt::TensorArg& t, int64_t groups, int64_t boxes, size_t row_bytes) {
  std::vector<uint8_t> out(static_cast<size_t>(groups * boxes) * row_bytes);
  for (int64_t g = 0; g < groups; ++g) {
    for (int64_t i = 0; i < boxes; ++i) {
      std::memcpy(out.data() + static_cast<size_t>(g * boxes + i) * row_bytes,
                  t.data + static_cast<size_t>(g * boxes + boxes - 1 - i) * row_bytes, row_bytes);
    }
  }
  return out;
}

nnrt::Status DetectionTiesHigherIndexFirst(nnrt::OpContext& ctx) {
  const nnrt::DetectionParams& p = ctx.Params<nnrt::DetectionParams>();
  const size_t es[3] = {nnrt::DataTypeSize(ctx.inputs[0].dtype()), nnrt::DataTypeSize(ctx.inputs[1].dtype()),
                        nnrt::DataTypeSize(ctx.inputs[2].dtype())};
  const std::vector<uint8_t> enc = ReverseBoxes(ctx.inputs[0], p.batch, p.boxes, 4 * es[0]);
  const std::vector<uint8_t> scores =
      ReverseBoxes(ctx.inputs[1], p.batch, p.boxes, static_cast<size_t>(p.score_width) * es[1]);
  const std::vector<uint8_t> anchors = ReverseBoxes(ctx.inputs[2], 1, p.boxes, 4 * es[2]);
  const uint8_t* original[3] = {ctx.inputs[0].data, ctx.inputs[1].data, ctx.inputs[2].data};
  ctx.inputs[0].data = enc.data();
  ctx.inputs[1].data = scores.data();
  ctx.inputs[2].data = anchors.data();
  const nnrt::Status status = nnrt::DetectionPostProcessKernel(ctx);
  for (size_t k = 0; k < 3; ++k) ctx.inputs[k].data = original[k];
  return status;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-detection-ties-higher-index-first";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {
        nnrt::KernelOverride{nnrt::NodeType::DETECTION_POST_PROCESS, DetectionTiesHigherIndexFirst}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
