// NNRT_HAL_DRIVERS: drivers listed there are loaded through the HAL loader
// and appear after the reference device; failures are reported on stderr and
// skipped (C-130). Own process: the registry is filled once.
// argv: <bad ABI driver> <reference driver> <override driver> (runfiles paths).
#include <gtest/gtest.h>

#include <climits>
#include <cstdlib>
#include <string>

#include "reference/runtime/api_tests/api_test_util.h"

namespace {

int g_argc = 0;
char** g_argv = nullptr;

std::string Absolute(const char* path) {
  char resolved[PATH_MAX];
  EXPECT_NE(realpath(path, resolved), nullptr) << path;
  return resolved;
}

TEST(DriverEnvironment, LoadsListedDriversAndSkipsBrokenOnes) {
  ASSERT_EQ(g_argc, 4);
  std::string list = Absolute(g_argv[1]) + ":/nonexistent/libnothing.so:relative/libdriver.so::" +
                     Absolute(g_argv[3]) + ":" + Absolute(g_argv[2]);
  ASSERT_EQ(setenv("NNRT_HAL_DRIVERS", list.c_str(), 1), 0);
  ::testing::internal::CaptureStderr();
  const size_t* ids = nullptr;
  uint32_t count = 0;
  ASSERT_EQ(OH_NNDevice_GetAllDevicesID(&ids, &count), OH_NN_SUCCESS);
  std::string log = ::testing::internal::GetCapturedStderr();
  // Reference device first, then the override driver; the bad-ABI driver, the
  // missing and relative paths and the second copy of the reference are skipped.
  ASSERT_EQ(count, 2u) << log;
  const char* first = nullptr;
  const char* second = nullptr;
  ASSERT_EQ(OH_NNDevice_GetName(ids[0], &first), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNDevice_GetName(ids[1], &second), OH_NN_SUCCESS);
  EXPECT_STREQ(first, "nnrt-reference_NNRt Reference & Conformance Kit_v2_1");
  EXPECT_STREQ(second, "nnrt-test-override_NNRt Reference & Conformance Kit_v2_1");
  EXPECT_NE(log.find(Absolute(g_argv[1])), std::string::npos) << log;
  EXPECT_NE(log.find("/nonexistent/libnothing.so"), std::string::npos) << log;
  EXPECT_NE(log.find("relative/libdriver.so"), std::string::npos) << log;
  EXPECT_NE(log.find("already registered"), std::string::npos) << log;

  // The loaded driver runs a model through the whole API.
  OH_NNCompilation* c = nnrt::rt::testing::BuildAddCompilation(ids[1]);
  OH_NNExecutor* e = OH_NNExecutor_Construct(c);
  ASSERT_NE(e, nullptr);
  NN_Tensor* in[2] = {nnrt::rt::testing::MakeFloatTensor({1, 2, 2, 1}, {1, 2, 3, 4}),
                      nnrt::rt::testing::MakeFloatTensor({1, 2, 2, 1}, {1, 2, 3, 4})};
  NN_Tensor* out[1] = {nnrt::rt::testing::MakeFloatTensor({1, 2, 2, 1}, {})};
  ASSERT_EQ(OH_NNExecutor_RunSync(e, in, 2, out, 1), OH_NN_SUCCESS);
  EXPECT_EQ(nnrt::rt::testing::ReadFloats(out[0], 4), (std::vector<float>{2, 4, 6, 8}));
  for (NN_Tensor*& t : in) OH_NNTensor_Destroy(&t);
  OH_NNTensor_Destroy(&out[0]);
  OH_NNExecutor_Destroy(&e);
  OH_NNCompilation_Destroy(&c);
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  g_argc = argc;
  g_argv = argv;
  return RUN_ALL_TESTS();
}
