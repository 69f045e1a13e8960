// A deliberately wrong driver: SOFTMAX / LOG_SOFTMAX exponentiate the raw
// inputs in float32 without subtracting the row maximum, so a row holding a
// value above ~88 overflows exp to inf and the row turns into NaN (inf / inf)
// where the reference gives finite values (C-542). Caught by the valid-model
// properties of SOFTMAX and LOG_SOFTMAX (directed edge cases hold 100 and 1e4).
#include <cmath>
#include <vector>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/softmax.h"

namespace {

void NaiveRow(bool log, std::vector<double>* row) {
  float sum = 0.0f;
  for (double x : *row) sum += std::exp(static_cast<float>(x));
  for (double& x : *row) {
    const float e = std::exp(static_cast<float>(x));
    x = log ? static_cast<double>(static_cast<float>(x) - std::log(sum)) : static_cast<double>(e / sum);
  }
}

nnrt::Status SoftmaxNoMaxSubtraction(nnrt::OpContext& ctx) {
  return nnrt::RunSoftmaxWithRowFn(ctx, ctx.Params<nnrt::SoftmaxParams>(), &NaiveRow);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-softmax-no-max-subtraction";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::SOFTMAX, SoftmaxNoMaxSubtraction},
                         nnrt::KernelOverride{nnrt::NodeType::LOG_SOFTMAX, SoftmaxNoMaxSubtraction}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
