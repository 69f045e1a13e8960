// C-303 through the OH_NN API: a device whose run memory budget is too small
// for a run makes RunSync fail with OH_NN_MEMORY_ERROR (not a crash, not
// OH_NN_UNAVAILABLE_DEVICE), and the same model runs within the budget.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reference/runtime/api_tests/api_test_util.h"
#include "reference/runtime/executor.h"

namespace nnrt {
namespace rt {
namespace testing {
namespace {

// The Add model [1,2,2,1] float32 holds 2 x 16 input bytes and a 16-byte output.
size_t DeviceWithBudget(uint64_t bytes) {
  ReferenceDriverOptions options;
  options.device_name = "nnrt-test-budget-" + std::to_string(bytes);
  options.run_memory_budget_bytes = bytes;
  return AddReferenceDevice(options);
}

OH_NN_ReturnCode RunAddOn(size_t device_id, std::vector<float>* sums) {
  OH_NNExecutor* e = BuildAddExecutor({1, 2, 2, 1}, device_id);
  NN_Tensor* in[2] = {MakeFloatTensor({1, 2, 2, 1}, {1, 2, 3, 4}), MakeFloatTensor({1, 2, 2, 1}, {1, 1, 1, 1})};
  NN_Tensor* out[1] = {MakeFloatTensor({1, 2, 2, 1}, {})};
  const OH_NN_ReturnCode rc = OH_NNExecutor_RunSync(e, in, 2, out, 1);
  *sums = ReadFloats(out[0], 4);
  for (NN_Tensor*& t : in) OH_NNTensor_Destroy(&t);
  OH_NNTensor_Destroy(&out[0]);
  OH_NNExecutor_Destroy(&e);
  return rc;
}

TEST(RunMemoryBudgetApi, RunAboveTheDeviceBudgetIsAMemoryError) {
  std::vector<float> sums;
  EXPECT_EQ(RunAddOn(DeviceWithBudget(47), &sums), OH_NN_MEMORY_ERROR);
  EXPECT_EQ(RunAddOn(DeviceWithBudget(48), &sums), OH_NN_SUCCESS);
  EXPECT_EQ(sums, (std::vector<float>{2, 3, 4, 5}));
}

TEST(RunMemoryBudgetApi, DeviceMemoryCodesMapToMemoryError) {
  EXPECT_EQ(RunErrorToOh(NNRT_OUT_OF_MEMORY), OH_NN_MEMORY_ERROR);
  EXPECT_EQ(RunErrorToOh(NNRT_MEMORY_ERROR), OH_NN_MEMORY_ERROR);
  EXPECT_EQ(RunErrorToOh(NNRT_INVALID_INPUT), OH_NN_INVALID_PARAMETER);  // C-143 unchanged
  EXPECT_EQ(RunErrorToOh(NNRT_FAILED), OH_NN_UNAVAILABLE_DEVICE);
}

// C-760: a run refused by the device's work budget is a timeout, not a dead device.
TEST(RunMemoryBudgetApi, WorkBudgetRefusalMapsToTimeout) { EXPECT_EQ(RunErrorToOh(NNRT_TIME_OUT), OH_NN_TIMEOUT); }

}  // namespace
}  // namespace testing
}  // namespace rt
}  // namespace nnrt
