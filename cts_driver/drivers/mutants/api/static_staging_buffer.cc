// A deliberately wrong driver: Run copies every input into one static staging
// area (as a driver that DMA-copies inputs to a fixed device window would) and
// runs the model on the staged copies, with no lock. One Run at a time is
// right; concurrent Runs on one prepared model (HDI IPreparedModel::Run may be
// called from several threads) overwrite each other's staged inputs and
// compute on another thread's data. Caught by the "concurrent" execution mode,
// which gives each thread its own inputs (C-262); with identical inputs on
// every thread the overwrite would be invisible.
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;

constexpr size_t kStagingBytes = 1 << 20;
uint8_t g_staging[kStagingBytes];  // the bug: shared by every Run, unsynchronised

int32_t RunFromStaging(NNRT_HalPreparedModel* prepared, const NNRT_HalIOTensor* inputs, uint32_t input_count,
                       const NNRT_HalIOTensor* outputs, uint32_t output_count, NNRT_HalShape* output_dims) {
  if (inputs == nullptr) return g_base->Run(prepared, inputs, input_count, outputs, output_count, output_dims);
  size_t total = 0;
  for (uint32_t i = 0; i < input_count; ++i) total += inputs[i].data.dataSize;
  if (total > kStagingBytes) return g_base->Run(prepared, inputs, input_count, outputs, output_count, output_dims);
  std::vector<NNRT_HalIOTensor> staged(inputs, inputs + input_count);
  size_t at = 0;
  for (NNRT_HalIOTensor& t : staged) {
    const uint8_t* src = static_cast<const uint8_t*>(t.data.hostAddress);
    if (src != nullptr && t.data.dataSize > 0) std::memcpy(g_staging + at, src + t.data.offset, t.data.dataSize);
    t.data.fd = -1;
    t.data.hostAddress = g_staging + at;
    t.data.offset = 0;
    t.data.bufferSize = t.data.dataSize;
    at += t.data.dataSize;
  }
  // The transfer to the device takes a while (a realistic window for the race).
  std::this_thread::sleep_for(std::chrono::milliseconds(2));
  return g_base->Run(prepared, staged.data(), input_count, outputs, output_count, output_dims);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-static-staging-buffer";
    options.vendor_name = "NNRt CTS sample wrong driver";
    g_base = nnrt::MakeReferenceDriver(options);
    static NNRT_HalDriver table = *g_base;
    table.Run = RunFromStaging;
    return &table;
  }();
  return driver;
}
