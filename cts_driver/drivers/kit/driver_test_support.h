// Shared piece of the kit drivers' own tests (xnnpack_driver_test,
// armnn_driver_test): open a driver .so from the test's runfiles and make its
// device. Tensor bytes: reference/device/testing/test_models.h (FloatBytes).
#ifndef NNRT_CTS_DRIVER_DRIVERS_KIT_DRIVER_TEST_SUPPORT_H_
#define NNRT_CTS_DRIVER_DRIVERS_KIT_DRIVER_TEST_SUPPORT_H_

#include <stdlib.h>

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "reference/hal/hal_cpp.h"
#include "reference/hal/hal_loader.h"

namespace nnrt {
namespace driver_kit {

// The device of the driver at `runfile` (workspace-relative, e.g.
// "cts_driver/drivers/armnn/libnnrt_armnn_driver.so"); *library keeps the
// .so loaded. A load or CreateDevice failure is a test failure.
inline std::unique_ptr<HalDevice> OpenTestDevice(const char* runfile, std::unique_ptr<HalLibrary>* library) {
  char buf[4096];
  const std::string path = realpath(runfile, buf) != nullptr ? buf : runfile;
  EXPECT_TRUE(LoadHalDriver(path, library).ok()) << path;
  std::unique_ptr<HalDevice> device;
  if (*library != nullptr) EXPECT_TRUE((*library)->CreateDevice(&device).ok()) << path;
  return device;
}

}  // namespace driver_kit
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_DRIVERS_KIT_DRIVER_TEST_SUPPORT_H_
