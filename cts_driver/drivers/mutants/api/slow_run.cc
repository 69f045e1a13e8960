// A deliberately slow driver: every Run takes 3 s before it computes the
// (right) answer, as an NPU driver that compiles the graph on each call would.
// Nothing it returns is wrong; what the suite must do is end in a report with
// per-case timeouts and skipped cases instead of a bare target timeout
// (C-264). The catalog runs it with a 1 s per-case timeout, so each case is a
// timeout with a case file that replays to the same verdict; the budget test
// (suite_teeth_test) checks the report of a run whose time budget runs out.
#include <chrono>
#include <thread>

#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;

int32_t SlowRun(NNRT_HalPreparedModel* prepared, const NNRT_HalIOTensor* inputs, uint32_t input_count,
                const NNRT_HalIOTensor* outputs, uint32_t output_count, NNRT_HalShape* output_dims) {
  std::this_thread::sleep_for(std::chrono::seconds(3));
  return g_base->Run(prepared, inputs, input_count, outputs, output_count, output_dims);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-slow-run";
    options.vendor_name = "NNRt CTS sample slow driver";
    g_base = nnrt::MakeReferenceDriver(options);
    static NNRT_HalDriver table = *g_base;
    table.Run = SlowRun;
    return &table;
  }();
  return driver;
}
