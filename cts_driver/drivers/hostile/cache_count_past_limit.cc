// A hostile sample driver (docs/conformance.md "Hostile drivers"): ExportModelCache succeeds with a count of 5000 buffers (past the 1024 the ABI allows) and an array of one.
// The suite must report it with a clear message, never crash or hang
// (//cts_driver:hostile_driver_test).
#include <cstring>

#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;

NNRT_HalBuffer g_one{-1, 0, 0, 0, nullptr};

int32_t ExportTooMany(NNRT_HalPreparedModel* prepared, const NNRT_HalBuffer** caches, uint32_t* cache_count) {
  (void)prepared;
  *caches = &g_one;
  *cache_count = 5000;
  return NNRT_SUCCESS;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "hostile-cache_count_past_limit";
    options.vendor_name = "NNRt CTS hostile sample driver";
    g_base = nnrt::MakeReferenceDriver(options);
    static NNRT_HalDriver table = *g_base;
    table.ExportModelCache = ExportTooMany;
    return &table;
  }();
  return driver;
}
