// A hostile sample driver (docs/conformance.md "Hostile drivers"): GetSupportedOperation writes byte 7 into the caller's bool array (garbage, not 0 or 1).
// The suite must report the case as failed with a clear message, never crash
// or hang, with and without isolation (//cts_driver:hostile_driver_test).
#include <cstring>

#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;

int32_t SupportedGarbage(NNRT_HalDevice* device, const NNRT_HalModel* model, bool* supported) {
  const int32_t rc = g_base->GetSupportedOperation(device, model, supported);
  if (rc == NNRT_SUCCESS && model != nullptr && supported != nullptr && model->nodeCount > 0) {
    const uint8_t garbage = 7;
    std::memcpy(&supported[0], &garbage, 1);  // through the byte: the caller must read it that way too
  }
  return rc;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "hostile-supported_garbage_bytes";
    options.vendor_name = "NNRt CTS hostile sample driver";
    g_base = nnrt::MakeReferenceDriver(options);
    static NNRT_HalDriver table = *g_base;
    table.GetSupportedOperation = SupportedGarbage;
    return &table;
  }();
  return driver;
}
