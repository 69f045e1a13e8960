// The API 9 executor functions (api_state_machine 1.3.8, XTS 4.7).
#include <gtest/gtest.h>

#include <cstring>

#include "reference/runtime/api_tests/api_test_util.h"

namespace nnrt {
namespace rt {
namespace testing {
namespace {

int32_t kDims[] = {1, 2, 2, 1};
const OH_NN_Tensor kInput = {OH_NN_FLOAT32, 4, kDims, nullptr, OH_NN_TENSOR};
const float kValues[4] = {0, 1, 2, 3};

TEST(ExecutorCompatApi, SetInputSetOutputRun) {
  OH_NNExecutor* e = BuildAddExecutor();
  float out[4] = {-1, -1, -1, -1};
  ASSERT_EQ(OH_NNExecutor_SetInput(e, 0, &kInput, kValues, sizeof(kValues)), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNExecutor_SetInput(e, 0, &kInput, kValues, sizeof(kValues)), OH_NN_SUCCESS);  // rebinding is fine
  ASSERT_EQ(OH_NNExecutor_SetInput(e, 1, &kInput, kValues, sizeof(kValues)), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNExecutor_SetOutput(e, 0, out, sizeof(out)), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNExecutor_Run(e), OH_NN_SUCCESS);
  EXPECT_EQ(std::vector<float>(out, out + 4), (std::vector<float>{0, 2, 4, 6}));
  ASSERT_EQ(OH_NNExecutor_Run(e), OH_NN_SUCCESS);  // bindings persist
  int32_t* shape = nullptr;
  uint32_t rank = 0;
  ASSERT_EQ(OH_NNExecutor_GetOutputShape(e, 0, &shape, &rank), OH_NN_SUCCESS);
  EXPECT_EQ(std::vector<int32_t>(shape, shape + rank), (std::vector<int32_t>{1, 2, 2, 1}));
  OH_NNExecutor_Destroy(&e);
}

// api_state_machine 1.3.8 SetInput row 2: a device whose range query fails
// makes SetInput return OH_NN_UNAVAILABLE_DEVICE; RunSync instead skips its
// range check (1.3.7 row 9) and still runs.
TEST(ExecutorCompatApi, SetInputIsUnavailableWhenTheDeviceCannotReportDimRanges) {
  const size_t device = DeviceWithout("dim_ranges");
  OH_NNExecutor* e = BuildAddExecutor({1, 2, 2, 1}, device);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(OH_NNExecutor_SetInput(e, 0, &kInput, kValues, sizeof(kValues)), OH_NN_UNAVAILABLE_DEVICE);
  NN_Tensor* in[2] = {MakeFloatTensor({1, 2, 2, 1}, {0, 1, 2, 3}), MakeFloatTensor({1, 2, 2, 1}, {0, 1, 2, 3})};
  NN_Tensor* out[1] = {MakeFloatTensor({1, 2, 2, 1}, {})};
  EXPECT_EQ(OH_NNExecutor_RunSync(e, in, 2, out, 1), OH_NN_SUCCESS);
  const float* y = static_cast<const float*>(OH_NNTensor_GetDataBuffer(out[0]));
  EXPECT_EQ(std::vector<float>(y, y + 4), (std::vector<float>{0, 2, 4, 6}));
  for (NN_Tensor* t : {in[0], in[1], out[0]}) EXPECT_EQ(OH_NNTensor_Destroy(&t), OH_NN_SUCCESS);
  OH_NNExecutor_Destroy(&e);
}

TEST(ExecutorCompatApi, SetInputErrorTable) {
  OH_NNExecutor* e = BuildAddExecutor();
  int32_t wrong_dims[] = {3, 3, 3};
  int32_t dynamic_dims[] = {1, -1, 2, 1};
  int32_t zero_dims[] = {1, 0, 2, 1};
  uint32_t bits9[] = {9};
  uint32_t bits8[] = {8};
  double scale[] = {0.5};
  int32_t zp[] = {0};
  OH_NN_QuantParam bad_quant = {1, bits9, scale, zp};
  OH_NN_QuantParam null_quant = {1, bits8, nullptr, zp};
  struct Case {
    const char* name;
    OH_NN_Tensor tensor;
    uint32_t index;
    size_t length;
    OH_NN_ReturnCode expected;
  };
  const Case cases[] = {
      {"index 100000", kInput, 100000, 16, OH_NN_INVALID_PARAMETER},
      {"index 3 on a 2-input model", kInput, 3, 16, OH_NN_INVALID_PARAMETER},
      {"param tensor type", {OH_NN_FLOAT32, 4, kDims, nullptr, OH_NN_ADD_ACTIVATIONTYPE}, 0, 16,
       OH_NN_INVALID_PARAMETER},
      {"dims {3,3,3}", {OH_NN_FLOAT32, 3, wrong_dims, nullptr, OH_NN_TENSOR}, 0, 108, OH_NN_INVALID_PARAMETER},
      {"dynamic dim", {OH_NN_FLOAT32, 4, dynamic_dims, nullptr, OH_NN_TENSOR}, 0, 16, OH_NN_INVALID_PARAMETER},
      {"zero dim", {OH_NN_FLOAT32, 4, zero_dims, nullptr, OH_NN_TENSOR}, 0, 16, OH_NN_INVALID_PARAMETER},
      {"other data type", {OH_NN_INT32, 4, kDims, nullptr, OH_NN_TENSOR}, 0, 16, OH_NN_INVALID_PARAMETER},
      {"data type 100000", {static_cast<OH_NN_DataType>(100000), 4, kDims, nullptr, OH_NN_TENSOR}, 0, 16,
       OH_NN_INVALID_PARAMETER},
      {"dims NULL with count", {OH_NN_FLOAT32, 4, nullptr, nullptr, OH_NN_TENSOR}, 0, 16, OH_NN_INVALID_PARAMETER},
      {"numBits 9", {OH_NN_FLOAT32, 4, kDims, &bad_quant, OH_NN_TENSOR}, 0, 16, OH_NN_INVALID_PARAMETER},
      {"quant array NULL", {OH_NN_FLOAT32, 4, kDims, &null_quant, OH_NN_TENSOR}, 0, 16, OH_NN_INVALID_PARAMETER},
      {"length below byte size", kInput, 0, 15, OH_NN_INVALID_PARAMETER},
      {"valid", kInput, 1, 16, OH_NN_SUCCESS},
  };
  for (const Case& k : cases) {
    EXPECT_EQ(OH_NNExecutor_SetInput(e, k.index, &k.tensor, kValues, k.length), k.expected) << k.name;
  }
  EXPECT_EQ(OH_NNExecutor_SetInput(nullptr, 0, &kInput, kValues, 16), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_SetInput(e, 0, nullptr, kValues, 16), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_SetInput(e, 0, &kInput, nullptr, 16), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_SetInput(e, 0, &kInput, kValues, 0), OH_NN_INVALID_PARAMETER);
  OH_NNExecutor_Destroy(&e);
}

TEST(ExecutorCompatApi, SetOutputAndRunErrors) {
  OH_NNExecutor* e = BuildAddExecutor();
  float out[4];
  EXPECT_EQ(OH_NNExecutor_SetOutput(nullptr, 0, out, 16), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_SetOutput(e, 10000, out, 16), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_SetOutput(e, 0, nullptr, 16), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_SetOutput(e, 0, out, 0), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_SetOutput(e, 0, out, 15), OH_NN_INVALID_PARAMETER);  // A37
  EXPECT_EQ(OH_NNExecutor_Run(nullptr), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_Run(e), OH_NN_INVALID_PARAMETER);  // nothing bound
  ASSERT_EQ(OH_NNExecutor_SetOutput(e, 0, out, 16), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNExecutor_Run(e), OH_NN_INVALID_PARAMETER);  // only outputs
  ASSERT_EQ(OH_NNExecutor_SetInput(e, 0, &kInput, kValues, 16), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNExecutor_Run(e), OH_NN_INVALID_PARAMETER);  // one of two inputs
  ASSERT_EQ(OH_NNExecutor_SetInput(e, 1, &kInput, kValues, 16), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNExecutor_Run(e), OH_NN_SUCCESS);
  OH_NNExecutor_Destroy(&e);

  e = BuildAddExecutor();
  ASSERT_EQ(OH_NNExecutor_SetInput(e, 0, &kInput, kValues, 16), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNExecutor_SetInput(e, 1, &kInput, kValues, 16), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNExecutor_Run(e), OH_NN_INVALID_PARAMETER);  // only inputs
  OH_NNExecutor_Destroy(&e);
}

TEST(ExecutorCompatApi, DynamicModelWithSetInput) {
  OH_NNExecutor* e = BuildAddExecutor({-1, -1, -1, -1});
  int32_t dims[] = {1, 1, 3, 1};
  OH_NN_Tensor t = {OH_NN_FLOAT32, 4, dims, nullptr, OH_NN_TENSOR};
  float a[3] = {1, 2, 3};
  float out[8] = {};
  ASSERT_EQ(OH_NNExecutor_SetInput(e, 0, &t, a, sizeof(a)), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNExecutor_SetInput(e, 1, &t, a, sizeof(a)), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNExecutor_SetOutput(e, 0, out, 8), OH_NN_SUCCESS);  // dynamic: any length accepted now
  EXPECT_EQ(OH_NNExecutor_Run(e), OH_NN_INVALID_PARAMETER);         // actual output (12 bytes) > 8
  ASSERT_EQ(OH_NNExecutor_SetOutput(e, 0, out, sizeof(out)), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNExecutor_Run(e), OH_NN_SUCCESS);
  EXPECT_EQ(std::vector<float>(out, out + 3), (std::vector<float>{2, 4, 6}));
  int32_t* shape = nullptr;
  uint32_t rank = 0;
  ASSERT_EQ(OH_NNExecutor_GetOutputShape(e, 0, &shape, &rank), OH_NN_SUCCESS);
  EXPECT_EQ(std::vector<int32_t>(shape, shape + rank), (std::vector<int32_t>{1, 1, 3, 1}));
  OH_NNExecutor_Destroy(&e);
}

TEST(ExecutorCompatApi, MemoryAllocationAndBinding) {
  OH_NNExecutor* e = BuildAddExecutor();
  EXPECT_EQ(OH_NNExecutor_AllocateInputMemory(nullptr, 0, 16), nullptr);
  EXPECT_EQ(OH_NNExecutor_AllocateInputMemory(e, 2, 16), nullptr);
  EXPECT_EQ(OH_NNExecutor_AllocateInputMemory(e, 0, 0), nullptr);
  EXPECT_EQ(OH_NNExecutor_AllocateInputMemory(e, 0, (1u << 30) + 1), nullptr);
  EXPECT_EQ(OH_NNExecutor_AllocateOutputMemory(e, 1, 16), nullptr);
  OH_NN_Memory* in0 = OH_NNExecutor_AllocateInputMemory(e, 0, 16);
  OH_NN_Memory* in1 = OH_NNExecutor_AllocateInputMemory(e, 1, 16);
  OH_NN_Memory* extra = OH_NNExecutor_AllocateInputMemory(e, 1, 16);  // same index twice: both valid
  OH_NN_Memory* out = OH_NNExecutor_AllocateOutputMemory(e, 0, 16);
  ASSERT_TRUE(in0 && in1 && extra && out);
  EXPECT_EQ(in0->length, 16u);
  std::memcpy(in0->data, kValues, 16);
  std::memcpy(in1->data, kValues, 16);

  OH_NN_Tensor scalar = {OH_NN_INT8, 0, nullptr, nullptr, OH_NN_TENSOR};
  EXPECT_EQ(OH_NNExecutor_SetInputWithMemory(nullptr, 0, &kInput, in0), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_SetInputWithMemory(e, 2, &kInput, in0), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_SetInputWithMemory(e, 0, nullptr, in0), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_SetInputWithMemory(e, 0, &kInput, nullptr), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_SetInputWithMemory(e, 0, &scalar, in0), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_SetOutputWithMemory(nullptr, 0, out), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_SetOutputWithMemory(e, 1, out), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_SetOutputWithMemory(e, 0, nullptr), OH_NN_INVALID_PARAMETER);

  ASSERT_EQ(OH_NNExecutor_SetInputWithMemory(e, 0, &kInput, in0), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNExecutor_SetInputWithMemory(e, 0, &kInput, in0), OH_NN_SUCCESS);  // twice is fine
  ASSERT_EQ(OH_NNExecutor_SetInputWithMemory(e, 1, &kInput, in1), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNExecutor_SetOutputWithMemory(e, 0, out), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNExecutor_SetOutputWithMemory(e, 0, out), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNExecutor_Run(e), OH_NN_SUCCESS);
  const float* result = static_cast<const float*>(out->data);
  EXPECT_EQ(std::vector<float>(result, result + 4), (std::vector<float>{0, 2, 4, 6}));

  // Destroy with the wrong index, a NULL executor or NULL pointers: no-ops (A40).
  OH_NNExecutor_DestroyInputMemory(e, 0, &in1);
  EXPECT_NE(in1, nullptr);
  OH_NNExecutor_DestroyInputMemory(nullptr, 1, &in1);
  EXPECT_NE(in1, nullptr);
  OH_NNExecutor_DestroyInputMemory(e, 1, nullptr);
  OH_NN_Memory* null_memory = nullptr;
  OH_NNExecutor_DestroyInputMemory(e, 1, &null_memory);
  // Destroying a bound memory makes the next Run refuse it.
  OH_NNExecutor_DestroyInputMemory(e, 1, &in1);
  EXPECT_EQ(in1, nullptr);
  EXPECT_EQ(OH_NNExecutor_Run(e), OH_NN_INVALID_PARAMETER);
  OH_NNExecutor_DestroyInputMemory(e, 1, &extra);
  OH_NNExecutor_DestroyInputMemory(e, 0, &in0);
  OH_NNExecutor_DestroyOutputMemory(e, 0, &out);
  EXPECT_EQ(extra, nullptr);
  EXPECT_EQ(in0, nullptr);
  EXPECT_EQ(out, nullptr);
  OH_NNExecutor_Destroy(&e);
}

}  // namespace
}  // namespace testing
}  // namespace rt
}  // namespace nnrt
