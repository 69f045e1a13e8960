// A hostile sample driver (docs/conformance.md "Hostile drivers"): Run succeeds without writing the output dims at all.
// The suite must report the case as failed with a clear message, never crash
// or hang, with and without isolation (//cts_driver:hostile_driver_test).
#include <cstring>

#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;

int32_t RunWithoutDims(NNRT_HalPreparedModel* prepared, const NNRT_HalIOTensor* inputs, uint32_t input_count,
                       const NNRT_HalIOTensor* outputs, uint32_t output_count, NNRT_HalShape* output_dims) {
  (void)output_dims;
  NNRT_HalShape scratch[16];
  if (output_count > 16) return NNRT_FAILED;
  return g_base->Run(prepared, inputs, input_count, outputs, output_count, scratch);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "hostile-run_dims_unwritten";
    options.vendor_name = "NNRt CTS hostile sample driver";
    g_base = nnrt::MakeReferenceDriver(options);
    static NNRT_HalDriver table = *g_base;
    table.Run = RunWithoutDims;
    return &table;
  }();
  return driver;
}
