// A hostile sample driver (docs/conformance.md "Hostile drivers"): GetDeviceName returns a 64 KiB character array without a terminating NUL.
// The suite must report the case as failed with a clear message, never crash
// or hang, with and without isolation (//cts_driver:hostile_driver_test).
#include <cstring>

#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;

char g_name[(1u << 16) + 1];  // kHalMaxStringLength + 1 characters (what the caller may read), none NUL

int32_t UnterminatedName(NNRT_HalDevice* device, const char** name) {
  (void)device;
  std::memset(g_name, 'x', sizeof g_name);
  *name = g_name;
  return NNRT_SUCCESS;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "hostile-device_name_unterminated";
    options.vendor_name = "NNRt CTS hostile sample driver";
    g_base = nnrt::MakeReferenceDriver(options);
    static NNRT_HalDriver table = *g_base;
    table.GetDeviceName = UnterminatedName;
    return &table;
  }();
  return driver;
}
