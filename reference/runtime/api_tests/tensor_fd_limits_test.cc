// C-302: fd-backed tensors the HAL buffer cannot describe (32-bit bufferSize,
// offset, dataSize) are refused, never narrowed. Every case uses a sparse
// memfd (ftruncate beyond 4 GiB without touching the pages), and the seed
// files under fuzz/seeds/nn_tensor_fd drive the table test.
#include <dirent.h>
#include <sys/mman.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "reference/device/testing/test_models.h"
#include "reference/runtime/api_tests/api_test_util.h"
#include "reference/runtime/device_manager.h"
#include "reference/runtime/nn_tensor.h"

namespace nnrt {
namespace rt {
namespace testing {
namespace {

constexpr uint64_t k4GiB = uint64_t{1} << 32;

// A sparse memfd of `size` bytes (closed by the destructor).
class SparseMemfd {
 public:
  explicit SparseMemfd(uint64_t size) : fd_(memfd_create("nnrt-sparse-test", MFD_CLOEXEC)) {
    EXPECT_GE(fd_, 0);
    EXPECT_EQ(ftruncate(fd_, static_cast<off_t>(size)), 0);
  }
  ~SparseMemfd() {
    if (fd_ >= 0) close(fd_);
  }
  int fd() const { return fd_; }

 private:
  int fd_;
};

NN_Tensor* CreateFloatTensorWithFd(int fd, size_t size, size_t offset) {
  NN_TensorDesc* desc = MakeDesc(OH_NN_FLOAT32, {1, 2, 2, 1});
  NN_Tensor* t = OH_NNTensor_CreateWithFd(0, desc, fd, size, offset);
  OH_NNTensorDesc_Destroy(&desc);
  return t;
}

// Runs the Add model with `x` (16 bytes of 1, 2, 3, 4) as input 0 and
// [10, 20, 30, 40] as input 1; returns RunSync's code and the sums.
OH_NN_ReturnCode RunAddWith(NN_Tensor* x, std::vector<float>* sums) {
  const float values[] = {1, 2, 3, 4};
  std::memcpy(OH_NNTensor_GetDataBuffer(x), values, sizeof(values));
  OH_NNExecutor* e = BuildAddExecutor();
  NN_Tensor* in[2] = {x, MakeFloatTensor({1, 2, 2, 1}, {10, 20, 30, 40})};
  NN_Tensor* out[1] = {MakeFloatTensor({1, 2, 2, 1}, {})};
  const OH_NN_ReturnCode rc = OH_NNExecutor_RunSync(e, in, 2, out, 1);
  *sums = ReadFloats(out[0], 4);
  OH_NNTensor_Destroy(&in[1]);
  OH_NNTensor_Destroy(&out[0]);
  OH_NNExecutor_Destroy(&e);
  return rc;
}

// The case: a tensor at offset 2^32 used to reach the device as
// offset 0, and RunSync succeeded with the bytes at offset 0.
TEST(TensorFdLimits, TensorAtOffsetFourGiBIsRefused) {
  SparseMemfd memfd(k4GiB + 4096);
  EXPECT_EQ(CreateFloatTensorWithFd(memfd.fd(), k4GiB + 4096, k4GiB), nullptr);
  EXPECT_EQ(CreateFloatTensorWithFd(memfd.fd(), k4GiB, 0), nullptr);  // bufferSize 2^32 would become 0
  EXPECT_EQ(CreateFloatTensorWithFd(memfd.fd(), k4GiB + 4096, 0), nullptr);
}

// The largest memory the HAL describes is usable up to its last byte.
TEST(TensorFdLimits, TensorEndingJustBelowFourGiBRunsWithItsOwnBytes) {
  SparseMemfd memfd(k4GiB - 1);
  NN_Tensor* x = CreateFloatTensorWithFd(memfd.fd(), k4GiB - 1, k4GiB - 1 - 16);
  ASSERT_NE(x, nullptr);
  std::vector<float> sums;
  EXPECT_EQ(RunAddWith(x, &sums), OH_NN_SUCCESS);
  EXPECT_EQ(sums, (std::vector<float>{11, 22, 33, 44}));
  OH_NNTensor_Destroy(&x);
}

// Defence in depth: the HAL view itself refuses what does not fit, so a path
// that reaches it with a larger mapping cannot narrow either.
TEST(TensorFdLimits, HalViewRefusesRangesTheHalCannotDescribe) {
  SparseMemfd big(k4GiB + 4096);
  std::shared_ptr<Device> device = DeviceManager::Instance().Find(0);
  ASSERT_NE(device, nullptr);
  std::unique_ptr<SharedMemory> memory = SharedMemory::MapUserFd(device, big.fd(), k4GiB + 4096);
  ASSERT_NE(memory, nullptr);
  NNRT_HalBuffer view{};
  EXPECT_FALSE(memory->HalView(k4GiB, 16, &view));
  EXPECT_FALSE(memory->HalView(0, 16, &view));  // the buffer size itself does not fit
  SparseMemfd small(8192);
  memory = SharedMemory::MapUserFd(device, small.fd(), 8192);
  ASSERT_NE(memory, nullptr);
  EXPECT_FALSE(memory->HalView(8193, 0, &view));
  EXPECT_FALSE(memory->HalView(8000, 193, &view));
  ASSERT_TRUE(memory->HalView(8000, 192, &view));
  EXPECT_EQ(view.bufferSize, 8192u);
  EXPECT_EQ(view.offset, 8000u);
  EXPECT_EQ(view.dataSize, 192u);
}

// ---- Seeds: fuzz/seeds/nn_tensor_fd/*.txt ----------------------------------------

std::map<std::string, std::string> ReadSeed(const std::string& path) {
  std::map<std::string, std::string> fields;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t space = line.find(' ');
    if (space != std::string::npos) fields[line.substr(0, space)] = line.substr(space + 1);
  }
  return fields;
}

std::vector<std::string> SeedPaths() {
  const std::string dir = nnrt::testing::RunfilePath("fuzz/seeds/nn_tensor_fd");
  std::vector<std::string> paths;
  if (DIR* d = opendir(dir.c_str())) {
    while (const dirent* e = readdir(d)) {
      const std::string name = e->d_name;
      if (name.size() > 4 && name.compare(name.size() - 4, 4, ".txt") == 0) paths.push_back(dir + "/" + name);
    }
    closedir(d);
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

TEST(TensorFdLimits, EverySeedIsRefusedOrRunsAsItSays) {
  const std::vector<std::string> paths = SeedPaths();
  ASSERT_GE(paths.size(), 3u) << "seeds missing from the runfiles";
  for (const std::string& path : paths) {
    std::map<std::string, std::string> seed = ReadSeed(path);
    ASSERT_EQ(seed.count("memfd_size") + seed.count("size") + seed.count("offset") + seed.count("expect"), 4u) << path;
    SparseMemfd memfd(std::strtoull(seed["memfd_size"].c_str(), nullptr, 10));
    NN_Tensor* t = CreateFloatTensorWithFd(memfd.fd(), std::strtoull(seed["size"].c_str(), nullptr, 10),
                                           std::strtoull(seed["offset"].c_str(), nullptr, 10));
    if (seed["expect"] == "null") {
      EXPECT_EQ(t, nullptr) << path;
    } else {
      ASSERT_EQ(seed["expect"], "tensor") << path;
      ASSERT_NE(t, nullptr) << path;
      std::vector<float> sums;
      EXPECT_EQ(RunAddWith(t, &sums), OH_NN_SUCCESS) << path;
      EXPECT_EQ(sums, (std::vector<float>{11, 22, 33, 44})) << path;
    }
    if (t != nullptr) OH_NNTensor_Destroy(&t);
  }
}

}  // namespace
}  // namespace testing
}  // namespace rt
}  // namespace nnrt
