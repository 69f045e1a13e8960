// A driver built against a HAL ABI that does not exist: the loader must refuse it.
#include "reference/hal/nnrt_hal.h"

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver driver = [] {
    NNRT_HalDriver d{};
    d.abiVersion = 999u;
    d.structSize = sizeof(NNRT_HalDriver);
    return d;
  }();
  return &driver;
}
