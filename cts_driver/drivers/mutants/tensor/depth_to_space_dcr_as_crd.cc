// A deliberately wrong driver: DEPTH_TO_SPACE swaps the two modes, reading
// DCR (and the empty default) as CRD and CRD as DCR. The orders agree when
// the output has one channel; every case with two or more output channels
// gets wrong values. Caught by the valid-model property of DEPTH_TO_SPACE.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/ops/tensor/depth_space.h"
#include "reference/ops/core/op_def.h"

namespace {

void SwapModes(nnrt::DepthSpaceParams& p) { p.crd = !p.crd; }

nnrt::Status InferModesSwapped(nnrt::OpContext& ctx) {
  return nnrt::mutant::InferThenEditParams<nnrt::DepthSpaceParams>(ctx, nnrt::InferDepthToSpace, SwapModes);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = nnrt::mutant::KernelOverrideDriver(
      "mutant-depth-to-space-dcr-as-crd",
      {nnrt::KernelOverride{nnrt::NodeType::DEPTH_TO_SPACE, nnrt::DepthSpaceKernel, InferModesSwapped}});
  return driver;
}
