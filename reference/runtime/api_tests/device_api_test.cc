// OH_NNDevice_* and the device registry (api_state_machine 1.3.1).
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

// C-941: OpenHarmony's XTS suites assume their mock device is the only one.
// Here the reference device stays deviceID 0 and a device with switched-off
// capabilities is an extra entry: its refusals do not change device 0's
// answers, and device 0 reports its own dim ranges (C-31), not the mock's.
TEST(DeviceApi, ExtraDeviceCapabilitiesLeaveDeviceZeroAloneC941) {
  const size_t without_performance = DeviceWithout("performance");
  OH_NNModel* model = BuildAddModel();
  OH_NNCompilation* on_extra = OH_NNCompilation_Construct(model);
  ASSERT_EQ(OH_NNCompilation_SetDevice(on_extra, without_performance), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNCompilation_SetPerformanceMode(on_extra, OH_NN_PERFORMANCE_LOW), OH_NN_UNAVAILABLE_DEVICE);  // C-135
  OH_NNCompilation* on_zero = OH_NNCompilation_Construct(model);
  EXPECT_EQ(OH_NNCompilation_SetPerformanceMode(on_zero, OH_NN_PERFORMANCE_LOW), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNCompilation_Build(on_zero), OH_NN_SUCCESS);
  OH_NNCompilation_Destroy(&on_extra);
  OH_NNCompilation_Destroy(&on_zero);
  OH_NNModel_Destroy(&model);
}

TEST(DeviceApi, DeviceZeroDynamicRangesAreTheReferenceRangesC941) {
  OH_NNExecutor* executor = BuildAddExecutor({-1, -1, -1, -1}, 0);
  ASSERT_NE(executor, nullptr);
  size_t* min_dims = nullptr;
  size_t* max_dims = nullptr;
  size_t rank = 0;
  ASSERT_EQ(OH_NNExecutor_GetInputDimRange(executor, 0, &min_dims, &max_dims, &rank), OH_NN_SUCCESS);
  ASSERT_EQ(rank, 4u);
  std::vector<int32_t> below_min;
  std::vector<int32_t> at_max;
  for (size_t i = 0; i < rank; ++i) {
    EXPECT_EQ(min_dims[i], 1u);
    EXPECT_EQ(max_dims[i], kReferenceMaxDynamicDim);
    below_min.push_back(static_cast<int32_t>(min_dims[i]) - 1);
    at_max.push_back(static_cast<int32_t>(max_dims[i]));
  }
  // A tensor one below the minimum has a 0 dim, and one at the maximum of every
  // dim needs 2^66 bytes (more than size_t counts): neither can be created, so
  // XTS's "min - 1 runs and is refused" and "max runs" steps cannot be
  // reproduced with these ranges.
  NN_TensorDesc* zero_dim = MakeDesc(OH_NN_FLOAT32, below_min);
  NN_TensorDesc* huge = MakeDesc(OH_NN_FLOAT32, at_max);
  EXPECT_EQ(OH_NNTensor_Create(0, zero_dim), nullptr);
  EXPECT_EQ(OH_NNTensor_Create(0, huge), nullptr);
  OH_NNTensorDesc_Destroy(&zero_dim);
  OH_NNTensorDesc_Destroy(&huge);
  OH_NNExecutor_Destroy(&executor);
}

TEST(DeviceApi, QueryDeviceSupportUnknownDevice) {
  std::vector<bool> supported;
  EXPECT_EQ(QueryDeviceSupport(100000, Model(), &supported).code(), NNRT_INVALID_PARAMETER);
}

}  // namespace
}  // namespace testing
}  // namespace rt
}  // namespace nnrt
