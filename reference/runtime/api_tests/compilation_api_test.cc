// OH_NNCompilation_* (api_state_machine 1.2.2, 1.3.4; deviations C-130..C-159).
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <functional>
#include <thread>

#include "reference/runtime/api_tests/api_test_util.h"
#include "reference/runtime/compilation.h"

namespace nnrt {
namespace rt {
namespace testing {
namespace {

TEST(CompilationApi, NullArgumentsTable) {
  int value = 1;
  size_t size = 0;
  char buffer[16];
  EXPECT_EQ(OH_NNCompilation_Construct(nullptr), nullptr);
  EXPECT_EQ(OH_NNCompilation_ConstructWithOfflineModelFile(nullptr), nullptr);
  EXPECT_EQ(OH_NNCompilation_ConstructWithOfflineModelBuffer(nullptr, 0), nullptr);
  EXPECT_EQ(OH_NNCompilation_ConstructWithOfflineModelBuffer(&value, 0), nullptr);
  EXPECT_EQ(OH_NNCompilation_ExportCacheToBuffer(nullptr, buffer, 10, &size), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNCompilation_ImportCacheFromBuffer(nullptr, buffer, 10), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNCompilation_AddExtensionConfig(nullptr, "test", &value, 1), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNCompilation_SetDevice(nullptr, 0), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNCompilation_SetCache(nullptr, "/tmp", 1), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNCompilation_SetPerformanceMode(nullptr, OH_NN_PERFORMANCE_LOW), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNCompilation_SetPriority(nullptr, OH_NN_PRIORITY_LOW), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNCompilation_EnableFloat16(nullptr, true), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNCompilation_Build(nullptr), OH_NN_INVALID_PARAMETER);
  OH_NNCompilation_Destroy(nullptr);
  OH_NNCompilation* null_compilation = nullptr;
  OH_NNCompilation_Destroy(&null_compilation);
  EXPECT_EQ(null_compilation, nullptr);

  OH_NNCompilation* c = OH_NNCompilation_ConstructForCache();
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(OH_NNCompilation_SetCache(c, nullptr, 1), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNCompilation_AddExtensionConfig(c, nullptr, &value, 1), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNCompilation_AddExtensionConfig(c, "", &value, 4), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNCompilation_AddExtensionConfig(c, "test", nullptr, 1), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNCompilation_AddExtensionConfig(c, "test", &value, 0), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNCompilation_ImportCacheFromBuffer(c, nullptr, 100), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNCompilation_ImportCacheFromBuffer(c, buffer, 0), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNCompilation_ExportCacheToBuffer(c, nullptr, 10, &size), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNCompilation_ExportCacheToBuffer(c, buffer, 0, &size), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNCompilation_ExportCacheToBuffer(c, buffer, 10, nullptr), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNCompilation_ExportCacheToBuffer(c, buffer, 10, &size), OH_NN_INVALID_PARAMETER);  // not built
  OH_NNCompilation_Destroy(&c);
  EXPECT_EQ(c, nullptr);
}

TEST(CompilationApi, BuildDefaultDeviceAndExecutor) {
  OH_NNModel* model = BuildAddModel();
  OH_NNCompilation* c = OH_NNCompilation_Construct(model);
  ASSERT_NE(c, nullptr);
  OH_NNModel_Destroy(&model);  // allowed once the compilation exists (C-132)
  EXPECT_EQ(OH_NNExecutor_Construct(c), nullptr);  // not built yet
  ASSERT_EQ(OH_NNCompilation_Build(c), OH_NN_SUCCESS) << AsCompilation(c)->last_error;
  OH_NNExecutor* e = OH_NNExecutor_Construct(c);
  EXPECT_NE(e, nullptr);
  OH_NNExecutor_Destroy(&e);
  OH_NNCompilation_Destroy(&c);
}

TEST(CompilationApi, SecondBuildIsInvalid) {
  OH_NNCompilation* c = BuildAddCompilation();
  EXPECT_EQ(OH_NNCompilation_Build(c), OH_NN_INVALID_PARAMETER);  // A2
  OH_NNCompilation_Destroy(&c);
}

TEST(CompilationApi, SettersAfterBuildAreForbidden) {
  // Build doc (API 9 and 11): every setter returns OH_NN_OPERATION_FORBIDDEN (C-131).
  OH_NNCompilation* c = BuildAddCompilation();
  int value = 1;
  EXPECT_EQ(OH_NNCompilation_SetDevice(c, 0), OH_NN_OPERATION_FORBIDDEN);
  EXPECT_EQ(OH_NNCompilation_SetCache(c, "/tmp", 1), OH_NN_OPERATION_FORBIDDEN);
  EXPECT_EQ(OH_NNCompilation_SetPerformanceMode(c, OH_NN_PERFORMANCE_HIGH), OH_NN_OPERATION_FORBIDDEN);
  EXPECT_EQ(OH_NNCompilation_SetPriority(c, OH_NN_PRIORITY_HIGH), OH_NN_OPERATION_FORBIDDEN);
  EXPECT_EQ(OH_NNCompilation_EnableFloat16(c, false), OH_NN_OPERATION_FORBIDDEN);
  EXPECT_EQ(OH_NNCompilation_AddExtensionConfig(c, "x", &value, 1), OH_NN_OPERATION_FORBIDDEN);
  EXPECT_EQ(OH_NNCompilation_ImportCacheFromBuffer(c, &value, 1), OH_NN_OPERATION_FORBIDDEN);
  OH_NNCompilation_Destroy(&c);
}

TEST(CompilationApi, SetterValuesAndBuildRangeChecks) {
  struct Case {
    const char* name;
    int mode;
    int priority;
    OH_NN_ReturnCode build;
  };
  const Case cases[] = {
      {"all NONE", OH_NN_PERFORMANCE_NONE, OH_NN_PRIORITY_NONE, OH_NN_SUCCESS},
      {"LOW/LOW", OH_NN_PERFORMANCE_LOW, OH_NN_PRIORITY_LOW, OH_NN_SUCCESS},
      {"MEDIUM/MEDIUM", OH_NN_PERFORMANCE_MEDIUM, OH_NN_PRIORITY_MEDIUM, OH_NN_SUCCESS},
      {"EXTREME/HIGH", OH_NN_PERFORMANCE_EXTREME, OH_NN_PRIORITY_HIGH, OH_NN_SUCCESS},
      {"mode -1", -1, OH_NN_PRIORITY_NONE, OH_NN_INVALID_PARAMETER},
      {"mode 5", 5, OH_NN_PRIORITY_NONE, OH_NN_INVALID_PARAMETER},
      {"priority -1", OH_NN_PERFORMANCE_NONE, -1, OH_NN_INVALID_PARAMETER},
      {"priority 4", OH_NN_PERFORMANCE_NONE, 4, OH_NN_INVALID_PARAMETER},
  };
  for (const Case& k : cases) {
    OH_NNModel* model = BuildAddModel();
    OH_NNCompilation* c = OH_NNCompilation_Construct(model);
    // Out-of-range values are stored; Build reports them (A4).
    EXPECT_EQ(OH_NNCompilation_SetPerformanceMode(c, static_cast<OH_NN_PerformanceMode>(k.mode)), OH_NN_SUCCESS)
        << k.name;
    EXPECT_EQ(OH_NNCompilation_SetPriority(c, static_cast<OH_NN_Priority>(k.priority)), OH_NN_SUCCESS) << k.name;
    EXPECT_EQ(OH_NNCompilation_EnableFloat16(c, true), OH_NN_SUCCESS);
    EXPECT_EQ(OH_NNCompilation_Build(c), k.build) << k.name << ": " << AsCompilation(c)->last_error;
    OH_NNCompilation_Destroy(&c);
    OH_NNModel_Destroy(&model);
  }
}

TEST(CompilationApi, OptionsReachTheDriverConfig) {
  OH_NNModel* model = BuildAddModel();
  OH_NNCompilation* c = OH_NNCompilation_Construct(model);
  uint8_t a[] = {1, 2};
  uint8_t b[] = {3};
  ASSERT_EQ(OH_NNCompilation_SetPerformanceMode(c, OH_NN_PERFORMANCE_HIGH), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNCompilation_SetPriority(c, OH_NN_PRIORITY_LOW), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNCompilation_EnableFloat16(c, true), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNCompilation_AddExtensionConfig(c, "vendor.key", a, 2), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNCompilation_AddExtensionConfig(c, "vendor.key", b, 1), OH_NN_SUCCESS);
  ModelConfig config = AsCompilation(c)->HalConfig();
  EXPECT_TRUE(config.enable_float16);
  EXPECT_EQ(config.performance_mode, NNRT_PERFORMANCE_HIGH);
  EXPECT_EQ(config.priority, NNRT_PRIORITY_LOW);
  // Repeated names are joined with '|' (A14).
  EXPECT_EQ(config.extensions["vendor.key"], (std::vector<uint8_t>{1, 2, '|', 3}));
  EXPECT_EQ(OH_NNCompilation_Build(c), OH_NN_SUCCESS) << AsCompilation(c)->last_error;
  OH_NNCompilation_Destroy(&c);
  OH_NNModel_Destroy(&model);
}

TEST(CompilationApi, UnknownDeviceFailsAtBuildAndMayBeRetried) {
  OH_NNModel* model = BuildAddModel();
  OH_NNCompilation* c = OH_NNCompilation_Construct(model);
  EXPECT_EQ(OH_NNCompilation_SetDevice(c, 100000), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNCompilation_Build(c), OH_NN_FAILED);
  EXPECT_EQ(OH_NNCompilation_SetDevice(c, 0), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNCompilation_Build(c), OH_NN_SUCCESS);
  OH_NNCompilation_Destroy(&c);
  OH_NNModel_Destroy(&model);
}

TEST(CompilationApi, UnfinishedModelIsInvalidAtBuild) {
  OH_NNModel* model = OH_NNModel_Construct();
  OH_NNCompilation* c = OH_NNCompilation_Construct(model);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(OH_NNCompilation_Build(c), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_Construct(c), nullptr);
  OH_NNCompilation_Destroy(&c);
  OH_NNModel_Destroy(&model);
}

TEST(CompilationApi, ForCacheWithoutCacheIsInvalid) {
  OH_NNCompilation* c = OH_NNCompilation_ConstructForCache();
  EXPECT_EQ(OH_NNCompilation_Build(c), OH_NN_INVALID_PARAMETER);
  OH_NNCompilation_Destroy(&c);
}

TEST(CompilationApi, ModelPlusImportedBufferIsTwoSources) {
  OH_NNModel* model = BuildAddModel();
  OH_NNCompilation* c = OH_NNCompilation_Construct(model);
  char buffer[100] = {};
  EXPECT_EQ(OH_NNCompilation_ImportCacheFromBuffer(c, buffer, sizeof(buffer)), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNCompilation_Build(c), OH_NN_INVALID_PARAMETER);
  OH_NNCompilation_Destroy(&c);
  OH_NNModel_Destroy(&model);
}

TEST(CompilationApi, CapabilityRefusalsUseTheDocumentedCode) {
  // Docs: on hardware without the feature the setter returns
  // OH_NN_UNAVAILABLE_DEVICE (C-135); Build re-checks when the device was
  // chosen afterwards.
  struct Case {
    const char* feature;
    std::function<OH_NN_ReturnCode(OH_NNCompilation*)> set;
  };
  const Case cases[] = {
      {"fp16", [](OH_NNCompilation* c) { return OH_NNCompilation_EnableFloat16(c, true); }},
      {"performance", [](OH_NNCompilation* c) { return OH_NNCompilation_SetPerformanceMode(c, OH_NN_PERFORMANCE_LOW); }},
      {"priority", [](OH_NNCompilation* c) { return OH_NNCompilation_SetPriority(c, OH_NN_PRIORITY_LOW); }},
  };
  for (const Case& k : cases) {
    size_t device = DeviceWithout(k.feature);
    OH_NNModel* model = BuildAddModel();
    OH_NNCompilation* c = OH_NNCompilation_Construct(model);
    ASSERT_EQ(OH_NNCompilation_SetDevice(c, device), OH_NN_SUCCESS);
    EXPECT_EQ(k.set(c), OH_NN_UNAVAILABLE_DEVICE) << k.feature;
    EXPECT_EQ(OH_NNCompilation_Build(c), OH_NN_SUCCESS) << k.feature;  // the refused value was not stored
    OH_NNCompilation_Destroy(&c);
    // Device chosen after the option: Build refuses.
    c = OH_NNCompilation_Construct(model);
    EXPECT_EQ(k.set(c), OH_NN_SUCCESS) << k.feature;
    ASSERT_EQ(OH_NNCompilation_SetDevice(c, device), OH_NN_SUCCESS);
    EXPECT_EQ(OH_NNCompilation_Build(c), OH_NN_UNAVAILABLE_DEVICE) << k.feature;
    OH_NNCompilation_Destroy(&c);
    OH_NNModel_Destroy(&model);
  }
}

TEST(CompilationApi, OfflineModelsGoToThePrepareOfflineModelEntry) {
  // The documented path is the driver's PrepareOfflineModel (C-139); the
  // reference device does not take offline models, so Build fails cleanly.
  char bytes[28] = {};
  OH_NNCompilation* c = OH_NNCompilation_ConstructWithOfflineModelBuffer(bytes, sizeof(bytes));
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(OH_NNCompilation_Build(c), OH_NN_FAILED);
  OH_NNCompilation_Destroy(&c);

  std::string path = ::testing::TempDir() + "/offline_model.bin";
  {
    std::ofstream out(path, std::ios::binary);
    out << std::string(1000, 'x');
  }
  c = OH_NNCompilation_ConstructWithOfflineModelFile(path.c_str());
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(OH_NNCompilation_Build(c), OH_NN_FAILED);
  OH_NNCompilation_Destroy(&c);
  c = OH_NNCompilation_ConstructWithOfflineModelFile("/nonexistent/model.bin");
  EXPECT_EQ(OH_NNCompilation_Build(c), OH_NN_INVALID_PATH);
  OH_NNCompilation_Destroy(&c);
  std::remove(path.c_str());
}

TEST(CompilationApi, ConcurrentBuildsOnTwoThreads) {
  OH_NNModel* model = BuildAddModel();
  OH_NNCompilation* a = OH_NNCompilation_Construct(model);
  OH_NNCompilation* b = OH_NNCompilation_Construct(model);
  OH_NN_ReturnCode ra = OH_NN_FAILED, rb = OH_NN_FAILED;
  std::thread ta([&] { ra = OH_NNCompilation_Build(a); });
  std::thread tb([&] { rb = OH_NNCompilation_Build(b); });
  ta.join();
  tb.join();
  EXPECT_EQ(ra, OH_NN_SUCCESS);
  EXPECT_EQ(rb, OH_NN_SUCCESS);
  OH_NNCompilation_Destroy(&a);
  OH_NNCompilation_Destroy(&b);
  OH_NNModel_Destroy(&model);
}

}  // namespace
}  // namespace testing
}  // namespace rt
}  // namespace nnrt
