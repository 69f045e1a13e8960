// Model cache: SetCache directory + version rules (docs of
// OH_NNCompilation_SetCache, C-136), ConstructForCache, Export/Import buffer,
// and damaged caches (never a crash).
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>

#include "reference/runtime/api_tests/api_test_util.h"
#include "reference/runtime/compilation.h"
#include "reference/runtime/compilation_cache.h"

namespace nnrt {
namespace rt {
namespace testing {
namespace {

std::string FreshDir(const std::string& name) {
  std::string dir = ::testing::TempDir() + "/cache_" + name;
  std::string cmd = "rm -rf '" + dir + "' && mkdir -p '" + dir + "'";
  EXPECT_EQ(std::system(cmd.c_str()), 0);
  return dir;
}

bool Exists(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0;
}

OH_NN_ReturnCode BuildWithCache(const std::string& dir, uint32_t version, std::string* error = nullptr,
                                const char* model_name = nullptr) {
  OH_NNModel* model = BuildAddModel();
  OH_NNCompilation* c = OH_NNCompilation_Construct(model);
  EXPECT_EQ(OH_NNCompilation_SetCache(c, dir.c_str(), version), OH_NN_SUCCESS);
  if (model_name != nullptr) {
    EXPECT_EQ(OH_NNCompilation_AddExtensionConfig(c, "ModelName", model_name, std::strlen(model_name)), OH_NN_SUCCESS);
  }
  OH_NN_ReturnCode rc = OH_NNCompilation_Build(c);
  if (error != nullptr) *error = AsCompilation(c)->last_error;
  OH_NNCompilation_Destroy(&c);
  OH_NNModel_Destroy(&model);
  return rc;
}

// Builds a ConstructForCache compilation from `dir` and runs the Add model with it.
OH_NN_ReturnCode RestoreAndRun(const std::string& dir, uint32_t version, std::vector<float>* result) {
  OH_NNCompilation* c = OH_NNCompilation_ConstructForCache();
  EXPECT_EQ(OH_NNCompilation_SetCache(c, dir.c_str(), version), OH_NN_SUCCESS);
  OH_NN_ReturnCode rc = OH_NNCompilation_Build(c);
  if (rc == OH_NN_SUCCESS) {
    OH_NNExecutor* e = OH_NNExecutor_Construct(c);
    EXPECT_NE(e, nullptr);
    NN_Tensor* in[2] = {MakeFloatTensor({1, 2, 2, 1}, {1, 2, 3, 4}), MakeFloatTensor({1, 2, 2, 1}, {1, 1, 1, 1})};
    NN_Tensor* out[1] = {MakeFloatTensor({1, 2, 2, 1}, {})};
    rc = OH_NNExecutor_RunSync(e, in, 2, out, 1);
    *result = ReadFloats(out[0], 4);
    for (NN_Tensor*& t : in) OH_NNTensor_Destroy(&t);
    OH_NNTensor_Destroy(&out[0]);
    OH_NNExecutor_Destroy(&e);
  }
  OH_NNCompilation_Destroy(&c);
  return rc;
}

TEST(ModelCacheFormat, Crc16IsOnesComplementSum) {
  const uint8_t bytes[] = {0x01, 0x02, 0x03};
  // words 0x0201 + byte 0x03 = 0x0204, inverted = 0xFDFB
  EXPECT_EQ(CacheCrc16(bytes, 3), 0xFDFB);
  const uint8_t carry[] = {0xFF, 0xFF, 0x02, 0x00};
  // 0xFFFF + 0x0002 = 0x10001 -> folded 0x0002 -> inverted 0xFFFD
  EXPECT_EQ(CacheCrc16(carry, 4), 0xFFFD);
  EXPECT_EQ(CacheCrc16(nullptr, 0), 0xFFFF);
}

TEST(ModelCacheFormat, DescriptorsRoundTripAndRejectGarbage) {
  std::vector<IoDesc> descs(2);
  descs[0].desc.name = "in";
  descs[0].desc.data_type = OH_NN_FLOAT16;
  descs[0].desc.format = OH_NN_FORMAT_NCHW;
  descs[0].desc.shape = {1, -1, 3};
  descs[1].desc.name = "";
  descs[1].desc.data_type = OH_NN_INT8;
  std::vector<uint8_t> bytes = SerializeIoDescs(descs);
  std::vector<IoDesc> back;
  ASSERT_TRUE(ParseIoDescs(bytes, &back));
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0].desc.name, "in");
  EXPECT_EQ(back[0].desc.shape, (std::vector<int32_t>{1, -1, 3}));
  EXPECT_EQ(back[1].desc.data_type, OH_NN_INT8);
  // Every truncation is rejected.
  for (size_t n = 0; n < bytes.size(); ++n) {
    EXPECT_FALSE(ParseIoDescs(std::vector<uint8_t>(bytes.begin(), bytes.begin() + n), &back)) << n;
  }
}

TEST(ModelCacheFormat, BufferRejectsEveryTruncationAndBitFlip) {
  CacheContent content;
  content.version = 3;
  content.device_id = 42;
  content.device_buffers = {{1, 2, 3, 4, 5}};
  content.inputs.resize(1);
  content.outputs.resize(1);
  std::vector<uint8_t> bytes = SerializeCacheBuffer(content);
  CacheContent back;
  std::string why;
  ASSERT_TRUE(ParseCacheBuffer(bytes.data(), bytes.size(), &back, &why)) << why;
  EXPECT_EQ(back.version, 3u);
  EXPECT_EQ(back.device_id, 42u);
  EXPECT_EQ(back.device_buffers, content.device_buffers);
  for (size_t n = 0; n < bytes.size(); ++n) {
    EXPECT_FALSE(ParseCacheBuffer(bytes.data(), n, &back, &why)) << "truncated to " << n;
  }
  for (size_t i = 0; i < bytes.size(); ++i) {
    std::vector<uint8_t> flipped = bytes;
    flipped[i] ^= 0x10;
    EXPECT_FALSE(ParseCacheBuffer(flipped.data(), flipped.size(), &back, &why)) << "flip at " << i;
  }
}

TEST(ModelCacheApi, SaveThenRestoreWithTheSameVersion) {
  std::string dir = FreshDir("roundtrip");
  std::string error;
  ASSERT_EQ(BuildWithCache(dir, 10, &error), OH_NN_SUCCESS) << error;
  EXPECT_TRUE(Exists(dir + "/0.nncache"));
  EXPECT_TRUE(Exists(dir + "/cache_info.nncache"));
  std::vector<float> result;
  ASSERT_EQ(RestoreAndRun(dir, 10, &result), OH_NN_SUCCESS);
  EXPECT_EQ(result, (std::vector<float>{2, 3, 4, 5}));
  // A model compilation with the same version restores too.
  EXPECT_EQ(BuildWithCache(dir, 10), OH_NN_SUCCESS);
}

TEST(ModelCacheApi, VersionRules) {
  std::string dir = FreshDir("versions");
  ASSERT_EQ(BuildWithCache(dir, 10), OH_NN_SUCCESS);
  // Stored version newer than requested: OH_NN_INVALID_PARAMETER (docs; C-136).
  EXPECT_EQ(BuildWithCache(dir, 9), OH_NN_INVALID_PARAMETER);
  std::vector<float> result;
  EXPECT_EQ(RestoreAndRun(dir, 9, &result), OH_NN_INVALID_PARAMETER);
  // Requested newer: recompiled and overwritten, then version 11 restores.
  EXPECT_EQ(BuildWithCache(dir, 11), OH_NN_SUCCESS);
  EXPECT_EQ(RestoreAndRun(dir, 11, &result), OH_NN_SUCCESS);
  EXPECT_EQ(RestoreAndRun(dir, 10, &result), OH_NN_INVALID_PARAMETER);
  // A stale cache cannot serve a compilation without a model.
  EXPECT_EQ(RestoreAndRun(dir, 12, &result), OH_NN_INVALID_FILE);
  // UINT32_MAX is reserved.
  EXPECT_EQ(BuildWithCache(FreshDir("reserved"), 0xFFFFFFFFu), OH_NN_INVALID_PARAMETER);
}

TEST(ModelCacheApi, DirectoryProblemsAreInvalidPath) {
  EXPECT_EQ(BuildWithCache("/nonexistent/nnrt/cache", 0), OH_NN_INVALID_PATH);
  std::vector<float> result;
  EXPECT_EQ(RestoreAndRun("/nonexistent/nnrt/cache", 0, &result), OH_NN_INVALID_PATH);
  // An empty directory has no cache to restore.
  EXPECT_EQ(RestoreAndRun(FreshDir("empty"), 0, &result), OH_NN_INVALID_FILE);
}

TEST(ModelCacheApi, DamagedCachesAreInvalidFile) {
  struct Damage {
    const char* name;
    std::function<void(const std::string&)> apply;
  };
  auto truncate = [](const std::string& path, long size) { ASSERT_EQ(::truncate(path.c_str(), size), 0); };
  auto overwrite = [](const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
  };
  const Damage damages[] = {
      {"truncated data file", [&](const std::string& d) { truncate(d + "/0.nncache", 3); }},
      {"empty data file", [&](const std::string& d) { truncate(d + "/0.nncache", 0); }},
      {"missing data file", [&](const std::string& d) { std::remove((d + "/1.nncache").c_str()); }},
      {"flipped byte", [&](const std::string& d) {
         std::fstream f(d + "/0.nncache", std::ios::in | std::ios::out | std::ios::binary);
         f.seekg(20);
         char c = 0;
         f.read(&c, 1);
         c ^= 0x5a;
         f.seekp(20);
         f.write(&c, 1);
       }},
      {"truncated info", [&](const std::string& d) { truncate(d + "/cache_info.nncache", 20); }},
      {"garbage info", [&](const std::string& d) { overwrite(d + "/cache_info.nncache", "\x01\x02garbage{]"); }},
      {"info checksum wrong", [&](const std::string& d) {
         overwrite(d + "/cache_info.nncache",
                   "{\"data\":{\"fileNumber\":3,\"version\":10,\"deviceId\":1,\"modelCheckSum\":[1,2,3]},\"CheckSum\":1}");
       }},
      {"absurd file count", [&](const std::string& d) {
         std::string data = "{\"fileNumber\":100000,\"version\":10,\"deviceId\":1,\"modelCheckSum\":[]}";
         uint16_t crc = CacheCrc16(reinterpret_cast<const uint8_t*>(data.data()), data.size());
         overwrite(d + "/cache_info.nncache", "{\"data\":" + data + ",\"CheckSum\":" + std::to_string(crc) + "}");
       }},
  };
  for (const Damage& damage : damages) {
    std::string dir = FreshDir("damaged");
    ASSERT_EQ(BuildWithCache(dir, 10), OH_NN_SUCCESS);
    damage.apply(dir);
    std::string error;
    EXPECT_EQ(BuildWithCache(dir, 10, &error), OH_NN_INVALID_FILE) << damage.name << ": " << error;
    std::vector<float> result;
    EXPECT_EQ(RestoreAndRun(dir, 10, &result), OH_NN_INVALID_FILE) << damage.name;
  }
}

TEST(ModelCacheApi, ModelNamePrefixesTheFiles) {
  std::string dir = FreshDir("named");
  ASSERT_EQ(BuildWithCache(dir, 1, nullptr, "mobilenet"), OH_NN_SUCCESS);
  EXPECT_TRUE(Exists(dir + "/mobilenet0.nncache"));
  EXPECT_TRUE(Exists(dir + "/mobilenetcache_info.nncache"));
  EXPECT_FALSE(Exists(dir + "/cache_info.nncache"));
  EXPECT_EQ(BuildWithCache(dir, 1, nullptr, "../escape"), OH_NN_INVALID_PARAMETER);
}

TEST(ModelCacheApi, DeviceWithoutCacheSupport) {
  size_t device = DeviceWithout("cache");
  OH_NNModel* model = BuildAddModel();
  OH_NNCompilation* c = OH_NNCompilation_Construct(model);
  std::string dir = FreshDir("nocache");
  ASSERT_EQ(OH_NNCompilation_SetCache(c, dir.c_str(), 1), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNCompilation_SetDevice(c, device), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNCompilation_Build(c), OH_NN_OPERATION_FORBIDDEN);
  OH_NNCompilation_Destroy(&c);
  // Export on such a device: OH_NN_UNSUPPORTED.
  c = OH_NNCompilation_Construct(model);
  ASSERT_EQ(OH_NNCompilation_SetDevice(c, device), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNCompilation_Build(c), OH_NN_SUCCESS);
  char buffer[16];
  size_t size = 0;
  EXPECT_EQ(OH_NNCompilation_ExportCacheToBuffer(c, buffer, sizeof(buffer), &size), OH_NN_UNSUPPORTED);
  OH_NNCompilation_Destroy(&c);
  OH_NNModel_Destroy(&model);
}

TEST(ModelCacheApi, ExportImportBufferRoundTrip) {
  OH_NNCompilation* c = BuildAddCompilation();
  char tiny[8];
  size_t size = 0;
  // Too small: INVALID, but the needed size is reported.
  EXPECT_EQ(OH_NNCompilation_ExportCacheToBuffer(c, tiny, sizeof(tiny), &size), OH_NN_INVALID_PARAMETER);
  ASSERT_GT(size, sizeof(tiny));
  std::vector<uint8_t> buffer(size);
  size_t written = 0;
  ASSERT_EQ(OH_NNCompilation_ExportCacheToBuffer(c, buffer.data(), buffer.size(), &written), OH_NN_SUCCESS);
  EXPECT_EQ(written, size);
  OH_NNCompilation_Destroy(&c);

  OH_NNCompilation* restored = OH_NNCompilation_ConstructForCache();
  ASSERT_EQ(OH_NNCompilation_ImportCacheFromBuffer(restored, buffer.data(), written), OH_NN_SUCCESS);
  std::fill(buffer.begin(), buffer.end(), 0);  // the import copied the bytes
  ASSERT_EQ(OH_NNCompilation_Build(restored), OH_NN_SUCCESS) << AsCompilation(restored)->last_error;
  OH_NNExecutor* e = OH_NNExecutor_Construct(restored);
  ASSERT_NE(e, nullptr);
  NN_Tensor* in[2] = {MakeFloatTensor({1, 2, 2, 1}, {1, 2, 3, 4}), MakeFloatTensor({1, 2, 2, 1}, {4, 3, 2, 1})};
  NN_Tensor* out[1] = {MakeFloatTensor({1, 2, 2, 1}, {})};
  ASSERT_EQ(OH_NNExecutor_RunSync(e, in, 2, out, 1), OH_NN_SUCCESS);
  EXPECT_EQ(ReadFloats(out[0], 4), (std::vector<float>{5, 5, 5, 5}));
  for (NN_Tensor*& t : in) OH_NNTensor_Destroy(&t);
  OH_NNTensor_Destroy(&out[0]);
  OH_NNExecutor_Destroy(&e);
  OH_NNCompilation_Destroy(&restored);
}

TEST(ModelCacheApi, ImportedGarbageIsInvalidFile) {
  OH_NNCompilation* c = BuildAddCompilation();
  size_t size = 0;
  char probe[1];
  OH_NNCompilation_ExportCacheToBuffer(c, probe, 1, &size);
  std::vector<uint8_t> good(size);
  ASSERT_EQ(OH_NNCompilation_ExportCacheToBuffer(c, good.data(), good.size(), &size), OH_NN_SUCCESS);
  OH_NNCompilation_Destroy(&c);
  std::vector<std::vector<uint8_t>> bad = {
      std::vector<uint8_t>(good.begin(), good.begin() + good.size() / 2),  // truncated
      std::vector<uint8_t>(100, 0xAB),                                     // garbage
  };
  std::vector<uint8_t> newer = good;
  newer[10] = 2;  // format version field (after the 10-byte magic): a newer format is refused
  uint16_t crc = CacheCrc16(newer.data(), newer.size() - 2);
  newer[newer.size() - 2] = static_cast<uint8_t>(crc & 0xFF);
  newer[newer.size() - 1] = static_cast<uint8_t>(crc >> 8);
  std::string why;
  CacheContent content;
  EXPECT_FALSE(ParseCacheBuffer(newer.data(), newer.size(), &content, &why));
  EXPECT_NE(why.find("format version 2"), std::string::npos) << why;
  bad.push_back(newer);
  for (const auto& bytes : bad) {
    OH_NNCompilation* r = OH_NNCompilation_ConstructForCache();
    ASSERT_EQ(OH_NNCompilation_ImportCacheFromBuffer(r, bytes.data(), bytes.size()), OH_NN_SUCCESS);
    EXPECT_EQ(OH_NNCompilation_Build(r), OH_NN_INVALID_FILE);
    OH_NNCompilation_Destroy(&r);
  }
}

}  // namespace
}  // namespace testing
}  // namespace rt
}  // namespace nnrt
