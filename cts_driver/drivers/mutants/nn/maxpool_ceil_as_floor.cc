// A deliberately wrong driver: MAX_POOL_FUSION ignores roundMode CEIL (as the
// OpenHarmony lowering itself drops it for MaxPool, ops_catalog 1.4): it pools
// the floor-mode windows and writes them as a [N, floorH, floorW, C] tensor
// into the ceil-sized output buffer, so rows shift and the tail keeps
// whatever the buffer held. Caught by the valid-model property of
// MAX_POOL_FUSION (ceil cases whose last window is partial, C-522).
#include "reference/device/reference_device.h"
#include "reference/ops/nn/pool.h"

namespace {

nnrt::Status MaxPoolCeilAsFloor(nnrt::OpContext& ctx) {
  nnrt::PoolParams plan = ctx.Params<nnrt::PoolParams>();
  const nnrt::PoolAttrs& p = plan.params;
  if (p.ceil_mode && !p.global && p.pad_mode != nnrt::PadMode::kSame) {
    // PAD and VALID: the explicit pads (zeros for VALID), floor rounding.
    plan.out_h = nnrt::PoolOutputSize(plan.in_h, plan.kernel_h, plan.stride_h, p.explicit_pads.top,
                                      p.explicit_pads.bottom, /*ceil_mode=*/false);
    plan.out_w = nnrt::PoolOutputSize(plan.in_w, plan.kernel_w, plan.stride_w, p.explicit_pads.left,
                                      p.explicit_pads.right, /*ceil_mode=*/false);
  }
  return nnrt::RunMaxPoolWithParams(ctx, plan);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-maxpool-ceil-as-floor";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::MAX_POOL_FUSION, MaxPoolCeilAsFloor}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
