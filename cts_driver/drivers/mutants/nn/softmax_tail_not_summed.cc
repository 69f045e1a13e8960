// A deliberately wrong driver: SOFTMAX / LOG_SOFTMAX as a vectorised kernel
// whose remainder loop is broken. The row maximum is right, but the sum of
// exp(x - max) covers only the blocks of 8 lanes: in a row longer than 8 whose
// length is no multiple of 8, the last n mod 8 elements are written but not
// summed. Rows of up to 8 (the scalar path) and multiples of 8 are right.
// Caught by the valid-model property of SOFTMAX: its directed cases hold rows
// of 67, 9, 17, 33 and 65 finite elements (C-912).
#include <cmath>
#include <cstddef>
#include <vector>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/softmax.h"

namespace {

constexpr size_t kLanes = 8;

void TailNotSummedRow(bool log, std::vector<double>* row) {
  double max = 0;
  if (!nnrt::SoftmaxRowMax(row, &max)) return;
  const size_t n = row->size();
  const size_t summed = n > kLanes ? n / kLanes * kLanes : n;
  double sum = 0;
  for (size_t i = 0; i < summed; ++i) sum += std::exp((*row)[i] - max);
  for (double& x : *row) x = log ? x - max - std::log(sum) : std::exp(x - max) / sum;
}

nnrt::Status SoftmaxTailNotSummed(nnrt::OpContext& ctx) {
  return nnrt::RunSoftmaxWithRowFn(ctx, ctx.Params<nnrt::SoftmaxParams>(), &TailNotSummedRow);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = nnrt::mutant::KernelOverrideDriver(
      "mutant-softmax-tail-not-summed", {nnrt::KernelOverride{nnrt::NodeType::SOFTMAX, SoftmaxTailNotSummed},
                                         nnrt::KernelOverride{nnrt::NodeType::LOG_SOFTMAX, SoftmaxTailNotSummed}});
  return driver;
}
