// A deliberately wrong driver: SPACE_TO_BATCH_ND puts each dim's paddings at
// the wrong end, padding[i][1] before the data and padding[i][0] after it
// (the output dims are right). Every case whose paddings differ at the two
// ends of a dim gets wrong values. Caught by the valid-model property of
// SPACE_TO_BATCH_ND.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/ops/tensor/batch_space.h"
#include "reference/ops/core/op_def.h"

namespace {

// The padding after the data: padded dim - input dim - padding before.
void MovePaddingsToTheOtherEnd(nnrt::BatchSpaceParams& p) {
  if (p.in[1] < 0 || p.in[2] < 0) return;
  p.top = p.out[1] * p.block_h - p.in[1] - p.top;
  p.left = p.out[2] * p.block_w - p.in[2] - p.left;
}

nnrt::Status InferPaddingsSwapped(nnrt::OpContext& ctx) {
  return nnrt::mutant::InferThenEditParams<nnrt::BatchSpaceParams>(ctx, nnrt::InferSpaceToBatch,
                                                                   MovePaddingsToTheOtherEnd);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = nnrt::mutant::KernelOverrideDriver(
      "mutant-space-to-batch-pads-at-the-end",
      {nnrt::KernelOverride{nnrt::NodeType::SPACE_TO_BATCH_ND, nnrt::BatchSpaceKernel, InferPaddingsSwapped}});
  return driver;
}
