#include "reference/hal/hal_loader.h"

#include <gtest/gtest.h>

#include "reference/device/reference_device.h"
#include "reference/device/testing/test_models.h"
#include "reference/hal/hal_cpp.h"

namespace nnrt {
namespace {

using testing::RunfilePath;

std::string ReferenceDriverPath() { return RunfilePath("reference/libnnrt_reference_driver.so"); }

TEST(HalLoader, LoadsTheReferenceDriver) {
  std::unique_ptr<HalLibrary> lib;
  Status s = LoadHalDriver(ReferenceDriverPath(), &lib);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(lib->driver().abiVersion, NNRT_HAL_ABI_VERSION);
  std::unique_ptr<HalDevice> device;
  ASSERT_TRUE(lib->CreateDevice(&device).ok());
  std::string name;
  ASSERT_TRUE(device->Name(&name).ok());
  EXPECT_EQ(name, "nnrt-reference");
}

TEST(HalLoader, DeviceKeepsTheLibraryLoadedAfterTheLibraryObjectIsGone) {
  std::unique_ptr<HalLibrary> lib;
  ASSERT_TRUE(LoadHalDriver(ReferenceDriverPath(), &lib).ok());
  std::unique_ptr<HalDevice> device;
  ASSERT_TRUE(lib->CreateDevice(&device).ok());
  lib.reset();  // the device's handle must keep the code mapped
  std::string vendor;
  ASSERT_TRUE(device->Vendor(&vendor).ok());
  EXPECT_EQ(vendor, "NNRt Reference & Conformance Kit");
}

TEST(HalLoader, RejectsRelativeAndMissingPaths) {
  std::unique_ptr<HalLibrary> lib;
  EXPECT_EQ(LoadHalDriver("libnnrt_reference_driver.so", &lib).code(), NNRT_INVALID_PATH);
  EXPECT_EQ(LoadHalDriver("", &lib).code(), NNRT_INVALID_PATH);
  const Status s = LoadHalDriver("/nonexistent/libnothing.so", &lib);
  EXPECT_EQ(s.code(), NNRT_INVALID_FILE);
  EXPECT_NE(s.message().find("/nonexistent/libnothing.so"), std::string::npos) << s.message();
  EXPECT_EQ(lib, nullptr);
}

TEST(HalLoader, RejectsAWrongAbiVersionWithAClearMessage) {
  std::unique_ptr<HalLibrary> lib;
  const std::string path = RunfilePath("reference/hal/libnnrt_test_bad_abi_driver.so");
  const Status s = LoadHalDriver(path, &lib);
  EXPECT_EQ(s.code(), NNRT_NOT_SUPPORT);
  EXPECT_NE(s.message().find("was built against HAL ABI 999, this runtime speaks 1"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find(path), std::string::npos) << s.message();
  EXPECT_EQ(lib, nullptr);
}

TEST(HalLoader, RejectsALibraryWithoutTheEntrySymbol) {
  std::unique_ptr<HalLibrary> lib;
  const Status s = LoadHalDriver(RunfilePath("reference/hal/libnnrt_test_no_entry_driver.so"), &lib);
  EXPECT_EQ(s.code(), NNRT_INVALID_FILE);
  EXPECT_NE(s.message().find("does not export NNRT_HalGetDriver"), std::string::npos) << s.message();
}

TEST(HalLoader, TableChecksCoverSizeAndEveryFunction) {
  std::unique_ptr<HalLibrary> lib;
  EXPECT_EQ(WrapHalDriver(nullptr, "null", &lib).code(), NNRT_INVALID_FILE);
  NNRT_HalDriver table = *ReferenceDriver();
  EXPECT_TRUE(WrapHalDriver(&table, "copy", &lib).ok());
  table.structSize = sizeof(NNRT_HalDriver) - 8;
  EXPECT_EQ(WrapHalDriver(&table, "short", &lib).code(), NNRT_NOT_SUPPORT);
  table = *ReferenceDriver();
  table.Run = nullptr;
  Status s = WrapHalDriver(&table, "norun", &lib);
  EXPECT_EQ(s.code(), NNRT_NOT_SUPPORT);
  EXPECT_NE(s.message().find("Run"), std::string::npos);
  table = *ReferenceDriver();
  table.PrepareOfflineModel = nullptr;
  EXPECT_EQ(WrapHalDriver(&table, "nooffline", &lib).code(), NNRT_NOT_SUPPORT);
  table = *ReferenceDriver();
  table.structSize = sizeof(NNRT_HalDriver) + 64;  // a newer, larger table is fine
  EXPECT_TRUE(WrapHalDriver(&table, "larger", &lib).ok());
}

}  // namespace
}  // namespace nnrt
