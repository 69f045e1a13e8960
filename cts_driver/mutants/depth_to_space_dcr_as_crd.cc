// A deliberately wrong driver: DEPTH_TO_SPACE swaps the two modes, reading
// DCR (and the empty default) as CRD and CRD as DCR. The orders agree when
// the output has one channel; every case with two or more output channels
// gets wrong values. Caught by the valid-model property of DEPTH_TO_SPACE.
#include "cts_driver/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/depth_space.h"
#include "reference/ops/op_def.h"

namespace {

nnrt::Status InferModesSwapped(nnrt::OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(nnrt::InferDepthToSpace(ctx));
  nnrt::DepthSpaceParams p = ctx.Params<nnrt::DepthSpaceParams>();
  p.crd = !p.crd;
  ctx.SetParams(std::move(p));
  return nnrt::Status::Ok();
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-depth-to-space-dcr-as-crd";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {
        nnrt::KernelOverride{nnrt::NodeType::DEPTH_TO_SPACE, nnrt::DepthSpaceKernel, InferModesSwapped}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
