// C-304: the I/O descriptors a model cache restores are checked against the
// device's model when the cache is imported (Build -> OH_NN_INVALID_FILE),
// not discovered at the first RunSync. The caches below are intact as files
// (checksums recomputed); only their descriptors lie.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "reference/runtime/api_tests/api_test_util.h"
#include "reference/runtime/compilation.h"
#include "reference/runtime/compilation_cache.h"

namespace nnrt {
namespace rt {
namespace testing {
namespace {

// The cache content of the built Add model [1,2,2,1] (two inputs, one output).
CacheContent AddModelCache() {
  OH_NNCompilation* c = BuildAddCompilation();
  size_t size = 0;
  char probe[1];
  OH_NNCompilation_ExportCacheToBuffer(c, probe, 1, &size);
  std::vector<uint8_t> bytes(size);
  EXPECT_EQ(OH_NNCompilation_ExportCacheToBuffer(c, bytes.data(), bytes.size(), &size), OH_NN_SUCCESS);
  OH_NNCompilation_Destroy(&c);
  CacheContent content;
  std::string why;
  EXPECT_TRUE(ParseCacheBuffer(bytes.data(), bytes.size(), &content, &why)) << why;
  return content;
}

// Imports `content` as a buffer into a ConstructForCache compilation and builds it.
OH_NN_ReturnCode ImportAndBuild(const CacheContent& content, std::string* error) {
  const std::vector<uint8_t> bytes = SerializeCacheBuffer(content);
  OH_NNCompilation* c = OH_NNCompilation_ConstructForCache();
  EXPECT_EQ(OH_NNCompilation_ImportCacheFromBuffer(c, bytes.data(), bytes.size()), OH_NN_SUCCESS);
  const OH_NN_ReturnCode rc = OH_NNCompilation_Build(c);
  *error = AsCompilation(c)->last_error;
  OH_NNCompilation_Destroy(&c);
  return rc;
}

void ExpectRefusedAtImport(const CacheContent& content, const std::string& fragment) {
  std::string error;
  EXPECT_EQ(ImportAndBuild(content, &error), OH_NN_INVALID_FILE) << error;
  EXPECT_NE(error.find("the cache's I/O descriptors are inconsistent"), std::string::npos) << error;
  EXPECT_NE(error.find(fragment), std::string::npos) << error;
}

TEST(RestoredIoCheck, ConsistentCacheStillImports) {
  std::string error;
  EXPECT_EQ(ImportAndBuild(AddModelCache(), &error), OH_NN_SUCCESS) << error;
}

// Before the check, Build succeeded and every RunSync with three inputs
// failed with OH_NN_INVALID_PARAMETER against the device's two.
TEST(RestoredIoCheck, InputCountDifferentFromTheDevicesModelIsRefused) {
  CacheContent content = AddModelCache();
  content.inputs.push_back(content.inputs[0]);
  ExpectRefusedAtImport(content, "the cache describes 3 inputs, the device's model has 2");
  content.inputs.resize(1);
  ExpectRefusedAtImport(content, "the cache describes 1 inputs, the device's model has 2");
}

TEST(RestoredIoCheck, RankOrFixedDimOutsideTheDevicesRangeIsRefused) {
  CacheContent content = AddModelCache();
  content.inputs[1].desc.shape = {1, 4};
  ExpectRefusedAtImport(content, "input descriptor 1 has rank 2, the device's model input has rank 4");
  content = AddModelCache();
  content.inputs[0].desc.shape = {1, 2, 3, 1};
  ExpectRefusedAtImport(content, "input descriptor 0 dim 2 is 3, the device's model accepts [2, 2]");
}

TEST(RestoredIoCheck, DimsOfZeroOrBelowMinusOneAreRefused) {
  CacheContent content = AddModelCache();
  content.outputs[0].desc.shape = {1, 0, 2, 1};
  ExpectRefusedAtImport(content, "output descriptor 0 has shape [1,0,2,1]");
  content = AddModelCache();
  content.inputs[0].desc.shape = {1, -2, 2, 1};
  ExpectRefusedAtImport(content, "input descriptor 0 has shape [1,-2,2,1]");
}

// A compilation that has the model compares every descriptor with the
// model's own, outputs included.
TEST(RestoredIoCheck, CacheDirectoryMustDescribeTheCompilationsModel) {
  const std::string dir = ::testing::TempDir() + "/restored_io_check";
  ASSERT_EQ(std::system(("rm -rf '" + dir + "' && mkdir -p '" + dir + "'").c_str()), 0);
  CacheContent content = AddModelCache();
  content.version = 3;
  content.outputs[0].desc.data_type = OH_NN_FLOAT16;
  std::string why;
  ASSERT_TRUE(WriteCacheDirectory(dir, "", content, &why)) << why;

  OH_NNModel* model = BuildAddModel();
  OH_NNCompilation* c = OH_NNCompilation_Construct(model);
  ASSERT_EQ(OH_NNCompilation_SetCache(c, dir.c_str(), 3), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNCompilation_Build(c), OH_NN_INVALID_FILE);
  const std::string error = AsCompilation(c)->last_error;
  EXPECT_NE(error.find("output descriptor 0 ("), std::string::npos) << error;
  EXPECT_NE(error.find(" type " + std::to_string(OH_NN_FLOAT16) + " format"), std::string::npos) << error;
  EXPECT_NE(error.find("differs from the model's"), std::string::npos) << error;
  OH_NNCompilation_Destroy(&c);
  OH_NNModel_Destroy(&model);

  // Without a model the HAL offers no way to see the device model's outputs:
  // only their dims are checked (C-304), so this cache still imports.
  OH_NNCompilation* r = OH_NNCompilation_ConstructForCache();
  ASSERT_EQ(OH_NNCompilation_SetCache(r, dir.c_str(), 3), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNCompilation_Build(r), OH_NN_SUCCESS) << AsCompilation(r)->last_error;
  OH_NNCompilation_Destroy(&r);
}

}  // namespace
}  // namespace testing
}  // namespace rt
}  // namespace nnrt
