// libnnadapter_reference.so: the NNRt reference as an NNAdapter HAL driver,
// exported under Paddle Lite's device-symbol rule (prefix + device name).
#include "nnadapter/hal/types.h"
#include "reference/nnadapter/driver/reference_hal_device.h"

extern "C" {
// NNADAPTER_DEVICE_SYMBOL_PREFIX_STRING "nnadapter_reference"; a copy of the
// in-process device descriptor (the function pointers are the same).
__attribute__((visibility("default"))) nnadapter::hal::Device __nnadapter_device__nnadapter_reference =
    nnrt::nna::ReferenceHalDevice();
}
