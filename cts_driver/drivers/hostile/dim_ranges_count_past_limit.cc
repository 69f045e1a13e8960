// A hostile sample driver (docs/conformance.md "Hostile drivers"): GetInputDimRanges succeeds with an input count of 100000 and arrays for one input.
// The suite must report it with a clear message, never crash or hang
// (//cts_driver:hostile_driver_test).
#include <cstring>

#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;

const uint32_t g_dims[1] = {1};
const uint32_t g_counts[1] = {1};

int32_t RangesTooMany(NNRT_HalPreparedModel* prepared, const uint32_t** min_dims, const uint32_t** max_dims,
                      const uint32_t** dim_counts, uint32_t* input_count) {
  (void)prepared;
  *min_dims = g_dims;
  *max_dims = g_dims;
  *dim_counts = g_counts;
  *input_count = 100000;
  return NNRT_SUCCESS;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "hostile-dim_ranges_count_past_limit";
    options.vendor_name = "NNRt CTS hostile sample driver";
    g_base = nnrt::MakeReferenceDriver(options);
    static NNRT_HalDriver table = *g_base;
    table.GetInputDimRanges = RangesTooMany;
    return &table;
  }();
  return driver;
}
