// A deliberately wrong driver: MATMUL_FUSION ignores transposeB and reads b as
// [K, N] row-major even when the model stores it as [N, K] — the bug of a
// kernel that checks the transposed shape but forgets to swap the strides.
// Caught by the valid-model property of MATMUL_FUSION.
#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/matmul.h"

namespace {

nnrt::Status MatMulTransposeBIgnored(nnrt::OpContext& ctx) {
  nnrt::MatMulParams plan = ctx.Params<nnrt::MatMulParams>();
  if (plan.transpose_b) {
    plan.b_k_stride = plan.n;  // as if b were [K, N]
    plan.b_n_stride = 1;
  }
  return nnrt::RunMatMulWithParams(ctx, plan);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-matmul-transpose-b-ignored";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::MATMUL_FUSION, MatMulTransposeBIgnored}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
