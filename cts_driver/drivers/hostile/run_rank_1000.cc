// A hostile sample driver (docs/conformance.md "Hostile drivers"): Run succeeds and reports rank 1000 for every output, far past NNRT_HAL_MAX_RANK (a garbage shape struct).
// The suite must report the case as failed with a clear message, never crash
// or hang, with and without isolation (//cts_driver:hostile_driver_test).
#include <cstring>

#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;

int32_t RunWithRank1000(NNRT_HalPreparedModel* prepared, const NNRT_HalIOTensor* inputs, uint32_t input_count,
                        const NNRT_HalIOTensor* outputs, uint32_t output_count, NNRT_HalShape* output_dims) {
  const int32_t rc = g_base->Run(prepared, inputs, input_count, outputs, output_count, output_dims);
  if (rc == NNRT_SUCCESS && output_dims != nullptr) {
    for (uint32_t i = 0; i < output_count; ++i) output_dims[i].rank = 1000;
  }
  return rc;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "hostile-run_rank_1000";
    options.vendor_name = "NNRt CTS hostile sample driver";
    g_base = nnrt::MakeReferenceDriver(options);
    static NNRT_HalDriver table = *g_base;
    table.Run = RunWithRank1000;
    return &table;
  }();
  return driver;
}
