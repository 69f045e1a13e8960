// A deliberately wrong driver: LSTM reads the gate rows of wIh, wHh and both
// biases in the order f, i, g, o instead of i, f, g, o (C-720), i.e. the
// input and forget gates swapped — the confusion between gate-order
// conventions of different frameworks. Caught by the valid-model property of LSTM.
#include <cstdint>
#include <utility>
#include <vector>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/lstm.h"

namespace {

// The step with the weights' i and f row blocks exchanged.
void StepWithInputAndForgetSwapped(const nnrt::LstmCellWeights& w, const double* x, std::vector<double>* h,
                                   std::vector<double>* c) {
  const int64_t hidden = w.hidden;
  std::vector<double> w_ih(w.w_ih, w.w_ih + 4 * hidden * w.input_size);
  std::vector<double> w_hh(w.w_hh, w.w_hh + 4 * hidden * hidden);
  std::vector<double> bias;
  if (w.bias != nullptr) bias.assign(w.bias, w.bias + 8 * hidden);
  for (int64_t j = 0; j < hidden; ++j) {
    for (int64_t i = 0; i < w.input_size; ++i) {
      std::swap(w_ih[j * w.input_size + i], w_ih[(hidden + j) * w.input_size + i]);
    }
    for (int64_t q = 0; q < hidden; ++q) std::swap(w_hh[j * hidden + q], w_hh[(hidden + j) * hidden + q]);
    if (!bias.empty()) {
      std::swap(bias[j], bias[hidden + j]);
      std::swap(bias[4 * hidden + j], bias[5 * hidden + j]);
    }
  }
  nnrt::LstmCellWeights swapped = w;
  swapped.w_ih = w_ih.data();
  swapped.w_hh = w_hh.data();
  swapped.bias = bias.empty() ? nullptr : bias.data();
  nnrt::LstmStep(swapped, x, h, c);
}

nnrt::Status LstmInputForgetGatesSwapped(nnrt::OpContext& ctx) {
  return nnrt::RunLstmWithStep(ctx, ctx.Params<nnrt::LstmParams>(), &StepWithInputAndForgetSwapped);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-lstm-input-forget-gates-swapped";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::LSTM, LstmInputForgetGatesSwapped}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
