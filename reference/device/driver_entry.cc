// The one exported symbol of libnnrt_reference_driver.so (nnrt_hal.h).
#include "reference/device/reference_device.h"

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = nnrt::ReferenceDriver();
  return driver;
}
