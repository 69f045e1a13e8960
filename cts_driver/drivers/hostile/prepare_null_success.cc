// A hostile sample driver (docs/conformance.md "Hostile drivers"): PrepareModel returns success but no prepared-model handle.
// The suite must report the case as failed with a clear message, never crash
// or hang, with and without isolation (//cts_driver:hostile_driver_test).
#include <cstring>

#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;

int32_t PrepareNothing(NNRT_HalDevice* device, const NNRT_HalModel* model, const NNRT_HalModelConfig* config,
                       NNRT_HalPreparedModel** prepared) {
  (void)device;
  (void)model;
  (void)config;
  if (prepared != nullptr) *prepared = nullptr;
  return NNRT_SUCCESS;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "hostile-prepare_null_success";
    options.vendor_name = "NNRt CTS hostile sample driver";
    g_base = nnrt::MakeReferenceDriver(options);
    static NNRT_HalDriver table = *g_base;
    table.PrepareModel = PrepareNothing;
    return &table;
  }();
  return driver;
}
