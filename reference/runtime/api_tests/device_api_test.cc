// OH_NNDevice_* and the device registry (api_state_machine 1.3.1, issue 3 item 5).
#include <gtest/gtest.h>

#include <cstdlib>

#include "reference/runtime/api_tests/api_test_util.h"
#include "reference/runtime/device_manager.h"

namespace nnrt {
namespace rt {
namespace testing {
namespace {

TEST(DeviceApi, ReferenceDeviceIsFirst) {
  const size_t* ids = nullptr;
  uint32_t count = 0;
  ASSERT_EQ(OH_NNDevice_GetAllDevicesID(&ids, &count), OH_NN_SUCCESS);
  ASSERT_GE(count, 1u);
  const char* name = nullptr;
  ASSERT_EQ(OH_NNDevice_GetName(ids[0], &name), OH_NN_SUCCESS);
  EXPECT_STREQ(name, "nnrt-reference_NNRt Reference & Conformance Kit_v2_1");
  // The ID is FNV-1a 64 of that backend name (C-130).
  EXPECT_EQ(ids[0], DeviceIdFromBackendName(name));
  // deviceID 0 means the first device.
  const char* name0 = nullptr;
  ASSERT_EQ(OH_NNDevice_GetName(0, &name0), OH_NN_SUCCESS);
  EXPECT_EQ(name0, name);
  OH_NN_DeviceType type = OH_NN_OTHERS;
  EXPECT_EQ(OH_NNDevice_GetType(ids[0], &type), OH_NN_SUCCESS);
  EXPECT_EQ(type, OH_NN_CPU);
  EXPECT_EQ(OH_NNDevice_GetType(0, &type), OH_NN_SUCCESS);
}

TEST(DeviceApi, ErrorPaths) {
  const size_t* ids = nullptr;
  const size_t not_null = 0;
  const size_t* bad = &not_null;
  uint32_t count = 0;
  EXPECT_EQ(OH_NNDevice_GetAllDevicesID(nullptr, &count), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNDevice_GetAllDevicesID(&bad, &count), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNDevice_GetAllDevicesID(&ids, nullptr), OH_NN_INVALID_PARAMETER);
  const char* name = nullptr;
  const char* set = "x";
  EXPECT_EQ(OH_NNDevice_GetName(0, nullptr), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNDevice_GetName(0, &set), OH_NN_INVALID_PARAMETER);  // *name != NULL (docs)
  EXPECT_EQ(OH_NNDevice_GetName(100000, &name), OH_NN_FAILED);        // A35
  EXPECT_EQ(name, nullptr);
  OH_NN_DeviceType type;
  EXPECT_EQ(OH_NNDevice_GetType(100000, &type), OH_NN_INVALID_PARAMETER);   // A35
  EXPECT_EQ(OH_NNDevice_GetType(100000, nullptr), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNDevice_GetType(0, nullptr), OH_NN_INVALID_PARAMETER);
}

TEST(DeviceApi, ExtraDevicesAppearAfterTheReference) {
  size_t id = DeviceWithout("fp16");
  const size_t* ids = nullptr;
  uint32_t count = 0;
  ASSERT_EQ(OH_NNDevice_GetAllDevicesID(&ids, &count), OH_NN_SUCCESS);
  ASSERT_GE(count, 2u);
  bool found = false;
  for (uint32_t i = 1; i < count; ++i) found = found || ids[i] == id;
  EXPECT_TRUE(found);
  const char* name = nullptr;
  ASSERT_EQ(OH_NNDevice_GetName(id, &name), OH_NN_SUCCESS);
  EXPECT_STREQ(name, "nnrt-test-no-fp16_NNRt Reference & Conformance Kit_v2_1");
  // Registering the same device twice is refused.
  ReferenceDriverOptions options;
  options.device_name = "nnrt-test-no-fp16";
  options.float16_supported = false;
  size_t again = 0;
  DeviceManager::Instance();
  const NNRT_HalDriver* driver = MakeReferenceDriver(options);
  EXPECT_FALSE(DeviceManager::Instance().AddDriver(driver, nullptr, &again).ok());
  MakeReferenceDriver(ReferenceDriverOptions());
}

TEST(DeviceApi, QueryDeviceSupportUnknownDevice) {
  std::vector<bool> supported;
  EXPECT_EQ(QueryDeviceSupport(100000, Model(), &supported).code(), NNRT_INVALID_PARAMETER);
}

}  // namespace
}  // namespace testing
}  // namespace rt
}  // namespace nnrt
