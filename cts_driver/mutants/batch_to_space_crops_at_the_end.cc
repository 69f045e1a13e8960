// A deliberately wrong driver: BATCH_TO_SPACE_ND applies each dim's crops at
// the wrong end, removing crops[i][0] after the data and crops[i][1] before
// it (the output dims are right). Every case whose crops differ at the two
// ends of a dim gets wrong values. Caught by the valid-model property of
// BATCH_TO_SPACE_ND.
#include "cts_driver/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/batch_space.h"
#include "reference/ops/op_def.h"

namespace {

nnrt::Status InferCropsSwapped(nnrt::OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(nnrt::InferBatchToSpace(ctx));
  nnrt::BatchSpaceParams p = ctx.Params<nnrt::BatchSpaceParams>();
  if (p.in[1] < 0 || p.in[2] < 0) return nnrt::Status::Ok();
  // The crop after the data: expanded dim - output dim - crop before.
  p.top = p.in[1] * p.block_h - p.out[1] - p.top;
  p.left = p.in[2] * p.block_w - p.out[2] - p.left;
  ctx.SetParams(std::move(p));
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-batch-to-space-crops-at-the-end";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {
        nnrt::KernelOverride{nnrt::NodeType::BATCH_TO_SPACE_ND, nnrt::BatchSpaceKernel, InferCropsSwapped}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
