// OH_NNTensorDesc_* and OH_NNTensor_* against api_state_machine 1.3.5 / 1.3.6
// and the XTS expectations of section 4.1 / 4.2.
#include <sys/mman.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstring>
#include <functional>

#include "reference/runtime/api_tests/api_test_util.h"

namespace nnrt {
namespace rt {
namespace testing {
namespace {

TEST(TensorDescApi, DefaultsAfterCreate) {
  NN_TensorDesc* d = OH_NNTensorDesc_Create();
  ASSERT_NE(d, nullptr);
  OH_NN_DataType type = OH_NN_FLOAT32;
  OH_NN_Format format = OH_NN_FORMAT_NHWC;
  const char* name = nullptr;
  int32_t* shape = nullptr;
  size_t rank = 7;
  EXPECT_EQ(OH_NNTensorDesc_GetDataType(d, &type), OH_NN_SUCCESS);
  EXPECT_EQ(type, OH_NN_UNKNOWN);
  EXPECT_EQ(OH_NNTensorDesc_GetFormat(d, &format), OH_NN_SUCCESS);
  EXPECT_EQ(format, OH_NN_FORMAT_NONE);
  EXPECT_EQ(OH_NNTensorDesc_GetName(d, &name), OH_NN_SUCCESS);
  ASSERT_NE(name, nullptr);
  EXPECT_STREQ(name, "");
  EXPECT_EQ(OH_NNTensorDesc_GetShape(d, &shape, &rank), OH_NN_SUCCESS);
  EXPECT_EQ(shape, nullptr);
  EXPECT_EQ(rank, 0u);
  size_t n = 5;
  EXPECT_EQ(OH_NNTensorDesc_GetElementCount(d, &n), OH_NN_INVALID_PARAMETER);  // no shape
  EXPECT_EQ(OH_NNTensorDesc_GetByteSize(d, &n), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNTensorDesc_Destroy(&d), OH_NN_SUCCESS);
  EXPECT_EQ(d, nullptr);
}

struct DescCase {
  const char* name;
  std::function<OH_NN_ReturnCode(NN_TensorDesc*)> call;
  OH_NN_ReturnCode expected;
};

TEST(TensorDescApi, EveryErrorPath) {
  const int32_t shape4[] = {1, 2, 2, 3};
  const int32_t shape11[11] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  std::vector<DescCase> cases = {
      {"Destroy(NULL)", [](NN_TensorDesc*) { return OH_NNTensorDesc_Destroy(nullptr); }, OH_NN_INVALID_PARAMETER},
      {"Destroy(&NULL)", [](NN_TensorDesc*) { NN_TensorDesc* n = nullptr; return OH_NNTensorDesc_Destroy(&n); },
       OH_NN_INVALID_PARAMETER},
      {"SetName NULL desc", [](NN_TensorDesc*) { return OH_NNTensorDesc_SetName(nullptr, "x"); }, OH_NN_INVALID_PARAMETER},
      {"SetName NULL name", [](NN_TensorDesc* d) { return OH_NNTensorDesc_SetName(d, nullptr); }, OH_NN_INVALID_PARAMETER},
      {"SetName empty", [](NN_TensorDesc* d) { return OH_NNTensorDesc_SetName(d, ""); }, OH_NN_SUCCESS},
      {"GetName NULL desc", [](NN_TensorDesc*) { const char* n = nullptr; return OH_NNTensorDesc_GetName(nullptr, &n); },
       OH_NN_INVALID_PARAMETER},
      {"GetName NULL out", [](NN_TensorDesc* d) { return OH_NNTensorDesc_GetName(d, nullptr); }, OH_NN_INVALID_PARAMETER},
      {"GetName *name != NULL", [](NN_TensorDesc* d) { const char* n = "x"; return OH_NNTensorDesc_GetName(d, &n); },
       OH_NN_INVALID_PARAMETER},
      {"SetDataType NULL", [](NN_TensorDesc*) { return OH_NNTensorDesc_SetDataType(nullptr, OH_NN_UNKNOWN); },
       OH_NN_INVALID_PARAMETER},
      {"SetDataType 13", [](NN_TensorDesc* d) { return OH_NNTensorDesc_SetDataType(d, static_cast<OH_NN_DataType>(13)); },
       OH_NN_INVALID_PARAMETER},
      {"SetDataType -1", [](NN_TensorDesc* d) { return OH_NNTensorDesc_SetDataType(d, static_cast<OH_NN_DataType>(-1)); },
       OH_NN_INVALID_PARAMETER},
      {"SetDataType FLOAT64", [](NN_TensorDesc* d) { return OH_NNTensorDesc_SetDataType(d, OH_NN_FLOAT64); }, OH_NN_SUCCESS},
      {"GetDataType NULL desc", [](NN_TensorDesc*) { OH_NN_DataType t; return OH_NNTensorDesc_GetDataType(nullptr, &t); },
       OH_NN_INVALID_PARAMETER},
      {"GetDataType NULL out", [](NN_TensorDesc* d) { return OH_NNTensorDesc_GetDataType(d, nullptr); },
       OH_NN_INVALID_PARAMETER},
      {"SetShape NULL desc", [&](NN_TensorDesc*) { return OH_NNTensorDesc_SetShape(nullptr, shape4, 4); },
       OH_NN_INVALID_PARAMETER},
      {"SetShape NULL shape", [](NN_TensorDesc* d) { return OH_NNTensorDesc_SetShape(d, nullptr, 0); },
       OH_NN_INVALID_PARAMETER},
      {"SetShape length 0", [&](NN_TensorDesc* d) { return OH_NNTensorDesc_SetShape(d, shape4, 0); },
       OH_NN_INVALID_PARAMETER},
      {"SetShape rank 11", [&](NN_TensorDesc* d) { return OH_NNTensorDesc_SetShape(d, shape11, 11); },
       OH_NN_INVALID_PARAMETER},
      {"SetShape rank 10", [&](NN_TensorDesc* d) { return OH_NNTensorDesc_SetShape(d, shape11, 10); }, OH_NN_SUCCESS},
      {"GetShape NULL desc",
       [](NN_TensorDesc*) { int32_t* s = nullptr; size_t n; return OH_NNTensorDesc_GetShape(nullptr, &s, &n); },
       OH_NN_INVALID_PARAMETER},
      {"GetShape NULL shape", [](NN_TensorDesc* d) { size_t n; return OH_NNTensorDesc_GetShape(d, nullptr, &n); },
       OH_NN_INVALID_PARAMETER},
      {"GetShape *shape != NULL",
       [](NN_TensorDesc* d) { int32_t v; int32_t* s = &v; size_t n; return OH_NNTensorDesc_GetShape(d, &s, &n); },
       OH_NN_INVALID_PARAMETER},
      {"GetShape NULL length", [](NN_TensorDesc* d) { int32_t* s = nullptr; return OH_NNTensorDesc_GetShape(d, &s, nullptr); },
       OH_NN_INVALID_PARAMETER},
      {"SetFormat NULL", [](NN_TensorDesc*) { return OH_NNTensorDesc_SetFormat(nullptr, OH_NN_FORMAT_NONE); },
       OH_NN_INVALID_PARAMETER},
      {"SetFormat 4", [](NN_TensorDesc* d) { return OH_NNTensorDesc_SetFormat(d, static_cast<OH_NN_Format>(4)); },
       OH_NN_INVALID_PARAMETER},
      {"SetFormat ND", [](NN_TensorDesc* d) { return OH_NNTensorDesc_SetFormat(d, OH_NN_FORMAT_ND); }, OH_NN_SUCCESS},
      {"GetFormat NULL desc", [](NN_TensorDesc*) { OH_NN_Format f; return OH_NNTensorDesc_GetFormat(nullptr, &f); },
       OH_NN_INVALID_PARAMETER},
      {"GetFormat NULL out", [](NN_TensorDesc* d) { return OH_NNTensorDesc_GetFormat(d, nullptr); },
       OH_NN_INVALID_PARAMETER},
      {"GetElementCount NULL desc", [](NN_TensorDesc*) { size_t n; return OH_NNTensorDesc_GetElementCount(nullptr, &n); },
       OH_NN_INVALID_PARAMETER},
      {"GetElementCount NULL out", [](NN_TensorDesc* d) { return OH_NNTensorDesc_GetElementCount(d, nullptr); },
       OH_NN_INVALID_PARAMETER},
      {"GetByteSize NULL desc", [](NN_TensorDesc*) { size_t n; return OH_NNTensorDesc_GetByteSize(nullptr, &n); },
       OH_NN_INVALID_PARAMETER},
      {"GetByteSize NULL out", [](NN_TensorDesc* d) { return OH_NNTensorDesc_GetByteSize(d, nullptr); },
       OH_NN_INVALID_PARAMETER},
  };
  for (const DescCase& c : cases) {
    NN_TensorDesc* d = OH_NNTensorDesc_Create();
    EXPECT_EQ(c.call(d), c.expected) << c.name;
    OH_NNTensorDesc_Destroy(&d);
  }
}

TEST(TensorDescApi, ElementCountAndByteSize) {
  NN_TensorDesc* d = MakeDesc(OH_NN_UNKNOWN, {1, 2, 2, 3});
  size_t n = 0;
  EXPECT_EQ(OH_NNTensorDesc_GetElementCount(d, &n), OH_NN_SUCCESS);  // type irrelevant
  EXPECT_EQ(n, 12u);
  EXPECT_EQ(OH_NNTensorDesc_GetByteSize(d, &n), OH_NN_INVALID_PARAMETER);  // UNKNOWN has no size
  EXPECT_EQ(OH_NNTensorDesc_SetDataType(d, OH_NN_FLOAT16), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNTensorDesc_GetByteSize(d, &n), OH_NN_SUCCESS);
  EXPECT_EQ(n, 24u);
  // Dynamic shape: element count is an error, byte size is SUCCESS with 0 (A24, A25).
  int32_t dynamic[] = {1, -1, 3};
  EXPECT_EQ(OH_NNTensorDesc_SetShape(d, dynamic, 3), OH_NN_SUCCESS);
  n = 9;
  EXPECT_EQ(OH_NNTensorDesc_GetElementCount(d, &n), OH_NN_DYNAMIC_SHAPE);
  EXPECT_EQ(n, 0u);
  n = 9;
  EXPECT_EQ(OH_NNTensorDesc_GetByteSize(d, &n), OH_NN_SUCCESS);
  EXPECT_EQ(n, 0u);
  int32_t zero[] = {2, 0};
  EXPECT_EQ(OH_NNTensorDesc_SetShape(d, zero, 2), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNTensorDesc_GetElementCount(d, &n), OH_NN_DYNAMIC_SHAPE);
  // Overflow of size_t is refused.
  int32_t huge[] = {0x7fffffff, 0x7fffffff, 0x7fffffff};
  EXPECT_EQ(OH_NNTensorDesc_SetShape(d, huge, 3), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNTensorDesc_GetElementCount(d, &n), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNTensorDesc_GetByteSize(d, &n), OH_NN_INVALID_PARAMETER);
  OH_NNTensorDesc_Destroy(&d);
}

TEST(TensorDescApi, SettersCopyTheirArguments) {
  NN_TensorDesc* d = OH_NNTensorDesc_Create();
  std::string name = "tensorDesc";
  std::vector<int32_t> shape = {1, 2, 3};
  ASSERT_EQ(OH_NNTensorDesc_SetName(d, name.c_str()), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNTensorDesc_SetShape(d, shape.data(), shape.size()), OH_NN_SUCCESS);
  name = "changed";
  shape[0] = 9;
  const char* got = nullptr;
  int32_t* got_shape = nullptr;
  size_t rank = 0;
  EXPECT_EQ(OH_NNTensorDesc_GetName(d, &got), OH_NN_SUCCESS);
  EXPECT_STREQ(got, "tensorDesc");
  EXPECT_EQ(OH_NNTensorDesc_GetShape(d, &got_shape, &rank), OH_NN_SUCCESS);
  ASSERT_EQ(rank, 3u);
  EXPECT_EQ(got_shape[0], 1);
  OH_NNTensorDesc_Destroy(&d);
}

// ---- NN_Tensor ----

TEST(TensorApi, CreateVariantsAndGetters) {
  NN_TensorDesc* d = MakeDesc(OH_NN_FLOAT32, {1, 1, 2, 3}, OH_NN_FORMAT_NCHW);
  EXPECT_EQ(OH_NNTensor_Create(0, nullptr), nullptr);
  NN_Tensor* t = OH_NNTensor_Create(0, d);
  ASSERT_NE(t, nullptr);
  size_t size = 0, offset = 7;
  int fd = -1;
  EXPECT_EQ(OH_NNTensor_GetSize(t, &size), OH_NN_SUCCESS);
  EXPECT_EQ(size, 24u);
  EXPECT_EQ(OH_NNTensor_GetOffset(t, &offset), OH_NN_SUCCESS);
  EXPECT_EQ(offset, 0u);
  EXPECT_EQ(OH_NNTensor_GetFd(t, &fd), OH_NN_SUCCESS);
  EXPECT_GE(fd, 0);
  EXPECT_NE(OH_NNTensor_GetDataBuffer(t), nullptr);
  NN_TensorDesc* own = OH_NNTensor_GetTensorDesc(t);
  ASSERT_NE(own, nullptr);
  size_t bytes = 0;
  EXPECT_EQ(OH_NNTensorDesc_GetByteSize(own, &bytes), OH_NN_SUCCESS);
  EXPECT_EQ(bytes, 24u);
  // The tensor keeps its own copy of the descriptor.
  OH_NNTensorDesc_Destroy(&d);
  EXPECT_EQ(OH_NNTensorDesc_GetByteSize(OH_NNTensor_GetTensorDesc(t), &bytes), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNTensor_Destroy(&t), OH_NN_SUCCESS);
  EXPECT_EQ(t, nullptr);
}

TEST(TensorApi, MemoryIsRealSharedMemory) {
  NN_TensorDesc* d = MakeDesc(OH_NN_FLOAT32, {4});
  NN_Tensor* t = OH_NNTensor_Create(0, d);
  ASSERT_NE(t, nullptr);
  int fd = -1;
  ASSERT_EQ(OH_NNTensor_GetFd(t, &fd), OH_NN_SUCCESS);
  float* data = static_cast<float*>(OH_NNTensor_GetDataBuffer(t));
  data[2] = 42.5f;
  // A second, independent mapping of the fd sees the same bytes.
  void* other = mmap(nullptr, 16, PROT_READ, MAP_SHARED, fd, 0);
  ASSERT_NE(other, MAP_FAILED);
  EXPECT_EQ(static_cast<float*>(other)[2], 42.5f);
  munmap(other, 16);
  OH_NNTensor_Destroy(&t);
  OH_NNTensorDesc_Destroy(&d);
}

TEST(TensorApi, CreateErrorPaths) {
  NN_TensorDesc* d = MakeDesc(OH_NN_FLOAT32, {1, 1, 2, 3});
  NN_TensorDesc* dynamic = MakeDesc(OH_NN_FLOAT32, {1, -1});
  NN_TensorDesc* no_shape = MakeDesc(OH_NN_FLOAT32, {});
  NN_TensorDesc* unknown = MakeDesc(OH_NN_UNKNOWN, {2});
  NN_TensorDesc* too_big = MakeDesc(OH_NN_FLOAT32, {268435457});  // 1 GiB + 4 bytes
  EXPECT_EQ(OH_NNTensor_Create(123456789, d), nullptr);  // unknown device
  EXPECT_EQ(OH_NNTensor_Create(0, dynamic), nullptr);    // A27: 0 bytes
  EXPECT_EQ(OH_NNTensor_Create(0, no_shape), nullptr);
  EXPECT_EQ(OH_NNTensor_Create(0, unknown), nullptr);
  EXPECT_EQ(OH_NNTensor_Create(0, too_big), nullptr);
  EXPECT_EQ(OH_NNTensor_CreateWithSize(0, nullptr, 4), nullptr);
  EXPECT_EQ(OH_NNTensor_CreateWithSize(0, d, 0), nullptr);
  EXPECT_EQ(OH_NNTensor_CreateWithSize(0, d, 23), nullptr);
  EXPECT_EQ(OH_NNTensor_CreateWithSize(123456789, d, 24), nullptr);
  EXPECT_EQ(OH_NNTensor_CreateWithSize(0, d, (1u << 30) + 1), nullptr);
  NN_Tensor* bigger = OH_NNTensor_CreateWithSize(0, d, 26);
  ASSERT_NE(bigger, nullptr);
  size_t size = 0;
  EXPECT_EQ(OH_NNTensor_GetSize(bigger, &size), OH_NN_SUCCESS);
  EXPECT_EQ(size, 26u);
  NN_Tensor* dyn = OH_NNTensor_CreateWithSize(0, dynamic, 64);  // dynamic: any size >= 0 bytes
  EXPECT_NE(dyn, nullptr);
  OH_NNTensor_Destroy(&dyn);
  OH_NNTensor_Destroy(&bigger);
  for (NN_TensorDesc** p : {&d, &dynamic, &no_shape, &unknown, &too_big}) OH_NNTensorDesc_Destroy(p);
}

TEST(TensorApi, CreateWithFdChecksInOrder) {
  NN_TensorDesc* big = MakeDesc(OH_NN_FLOAT32, {1, 1, 2, 515});  // 4120 bytes
  NN_TensorDesc* d = MakeDesc(OH_NN_FLOAT32, {1, 1, 2, 3});      // 24 bytes
  NN_Tensor* source = OH_NNTensor_Create(0, big);
  ASSERT_NE(source, nullptr);
  int fd = -1;
  ASSERT_EQ(OH_NNTensor_GetFd(source, &fd), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNTensor_CreateWithFd(0, nullptr, fd, 4, 1), nullptr);
  EXPECT_EQ(OH_NNTensor_CreateWithFd(0, d, -1, 4, 1), nullptr);
  EXPECT_EQ(OH_NNTensor_CreateWithFd(0, d, fd, 0, 0), nullptr);
  EXPECT_EQ(OH_NNTensor_CreateWithFd(0, d, fd, 4, 4), nullptr);          // 0 bytes left < 24
  EXPECT_EQ(OH_NNTensor_CreateWithFd(0, d, fd, 10, 10 - 24 + 1), nullptr);  // offset wraps above size
  EXPECT_EQ(OH_NNTensor_CreateWithFd(123456789, d, fd, 4120, 4096), nullptr);
  EXPECT_EQ(OH_NNTensor_CreateWithFd(0, d, fd, 8192, 0), nullptr);        // fd shorter than size
  NN_Tensor* view = OH_NNTensor_CreateWithFd(0, d, fd, 4120, 4096);
  ASSERT_NE(view, nullptr);
  size_t size = 0, offset = 0;
  EXPECT_EQ(OH_NNTensor_GetSize(view, &size), OH_NN_SUCCESS);
  EXPECT_EQ(size, 4120u);  // A29: the size argument
  EXPECT_EQ(OH_NNTensor_GetOffset(view, &offset), OH_NN_SUCCESS);
  EXPECT_EQ(offset, 4096u);
  // The view's data buffer is byte `offset` of the fd: writes show in the source.
  static_cast<float*>(OH_NNTensor_GetDataBuffer(view))[1] = 3.25f;
  EXPECT_EQ(static_cast<float*>(OH_NNTensor_GetDataBuffer(source))[1025], 3.25f);
  // An offset that is not page-aligned works too (C-134).
  NN_Tensor* unaligned = OH_NNTensor_CreateWithFd(0, d, fd, 4120, 100);
  ASSERT_NE(unaligned, nullptr);
  EXPECT_EQ(OH_NNTensor_Destroy(&unaligned), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNTensor_Destroy(&view), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNTensor_Destroy(&source), OH_NN_SUCCESS);
  OH_NNTensorDesc_Destroy(&big);
  OH_NNTensorDesc_Destroy(&d);
}

TEST(TensorApi, NullArgumentsTable) {
  NN_Tensor* null_tensor = nullptr;
  size_t v = 0;
  int fd = 0;
  EXPECT_EQ(OH_NNTensor_Destroy(nullptr), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNTensor_Destroy(&null_tensor), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNTensor_GetTensorDesc(nullptr), nullptr);
  EXPECT_EQ(OH_NNTensor_GetDataBuffer(nullptr), nullptr);
  EXPECT_EQ(OH_NNTensor_GetFd(nullptr, &fd), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNTensor_GetSize(nullptr, &v), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNTensor_GetOffset(nullptr, &v), OH_NN_INVALID_PARAMETER);
  NN_Tensor* t = MakeFloatTensor({2}, {});
  EXPECT_EQ(OH_NNTensor_GetFd(t, nullptr), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNTensor_GetSize(t, nullptr), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNTensor_GetOffset(t, nullptr), OH_NN_INVALID_PARAMETER);
  OH_NNTensor_Destroy(&t);
}

}  // namespace
}  // namespace testing
}  // namespace rt
}  // namespace nnrt
