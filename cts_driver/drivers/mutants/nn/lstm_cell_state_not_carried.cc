// A deliberately wrong driver: LSTM does not carry the cell state across time
// steps — every step starts from c = 0 instead of the previous step's cell
// state (the initial cx is lost as well), while the hidden state is carried.
// Caught by the valid-model property of LSTM.
#include <vector>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/reference_device.h"
#include "reference/ops/nn/lstm.h"

namespace {

void StepFromZeroCell(const nnrt::LstmCellWeights& w, const double* x, std::vector<double>* h,
                      std::vector<double>* c) {
  c->assign(c->size(), 0.0);
  nnrt::LstmStep(w, x, h, c);
}

nnrt::Status LstmCellStateNotCarried(nnrt::OpContext& ctx) {
  return nnrt::RunLstmWithStep(ctx, ctx.Params<nnrt::LstmParams>(), &StepFromZeroCell);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-lstm-cell-state-not-carried";
    options.vendor_name = "NNRt CTS sample wrong driver";
    options.overrides = {nnrt::KernelOverride{nnrt::NodeType::LSTM, LstmCellStateNotCarried}};
    return nnrt::MakeReferenceDriver(options);
  }();
  return driver;
}
