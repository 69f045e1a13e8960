// A deliberately wrong driver: BATCH_TO_SPACE_ND applies each dim's crops at
// the wrong end, removing crops[i][0] after the data and crops[i][1] before
// it (the output dims are right). Every case whose crops differ at the two
// ends of a dim gets wrong values. Caught by the valid-model property of
// BATCH_TO_SPACE_ND.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/ops/tensor/batch_space.h"
#include "reference/ops/core/op_def.h"

namespace {

// The crop after the data: expanded dim - output dim - crop before.
void MoveCropsToTheOtherEnd(nnrt::BatchSpaceParams& p) {
  if (p.in[1] < 0 || p.in[2] < 0) return;
  p.top = p.in[1] * p.block_h - p.out[1] - p.top;
  p.left = p.in[2] * p.block_w - p.out[2] - p.left;
}

nnrt::Status InferCropsSwapped(nnrt::OpContext& ctx) {
  return nnrt::mutant::InferThenEditParams<nnrt::BatchSpaceParams>(ctx, nnrt::InferBatchToSpace,
                                                                   MoveCropsToTheOtherEnd);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = nnrt::mutant::KernelOverrideDriver(
      "mutant-batch-to-space-crops-at-the-end",
      {nnrt::KernelOverride{nnrt::NodeType::BATCH_TO_SPACE_ND, nnrt::BatchSpaceKernel, InferCropsSwapped}});
  return driver;
}
