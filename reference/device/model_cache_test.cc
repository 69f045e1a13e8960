#include "reference/device/model_cache.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstring>
#include <memory>

#include "reference/device/testing/test_models.h"

namespace nnrt {
namespace {

TEST(ModelCache, SerializeParseRoundTrip) {
  Model m = testing::AddModel({-1, 3}, {1, 3});
  m.tensors[1].quant_params = {{8, 3, 0.25}};
  m.nodes[0].attrs.push_back(Attr::String("s", "text"));
  m.nodes[0].attrs.push_back(Attr::Floats("f", {1.5f, -0.0f}));
  ModelConfig config;
  config.enable_float16 = true;
  config.priority = NNRT_PRIORITY_MEDIUM;
  config.extensions["k"] = {1, 2, 3};
  const std::vector<uint8_t> bytes = SerializeModelCache(m, config);
  ASSERT_GE(bytes.size(), kModelCacheHeaderSize);
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(bytes.data()), 7), "NNRTRFC");
  Model back;
  ModelConfig config_back;
  ASSERT_TRUE(ParseModelCache(bytes.data(), bytes.size(), &back, &config_back).ok());
  EXPECT_TRUE(config_back == config);
  EXPECT_EQ(SerializeModelCache(back, config_back), bytes);  // lossless
}

TEST(ModelCache, Fnv1a64MatchesPublishedVectors) {
  // Published FNV-1a 64 test vectors: "" and "a".
  EXPECT_EQ(Fnv1a64(nullptr, 0), 0xcbf29ce484222325ull);
  const uint8_t a = 'a';
  EXPECT_EQ(Fnv1a64(&a, 1), 0xaf63dc4c8601ec8cull);
}

// Property: whatever bytes replace part of a valid cache (checksum re-sealed
// or not), ParseModelCache answers OK or NNRT_INVALID_MODEL_CACHE, and reads
// nothing outside the buffer (ASan would report it).
RC_GTEST_PROP(ModelCacheProperty, MutatedCachesAreRejectedOrParsedNeverCrash, ()) {
  const std::vector<uint8_t> good = SerializeModelCache(testing::AddModel({2, 3}, {2, 3}), ModelConfig());
  std::vector<uint8_t> bad = good;
  const size_t cut = *rc::gen::inRange<size_t>(0, bad.size() + 1);
  bad.resize(cut);
  const auto edits = *rc::gen::container<std::vector<std::pair<size_t, uint8_t>>>(
      rc::gen::pair(rc::gen::inRange<size_t>(0, good.size()), rc::gen::arbitrary<uint8_t>()));
  for (const auto& e : edits) {
    if (e.first < bad.size()) bad[e.first] = e.second;
  }
  const bool reseal = *rc::gen::arbitrary<bool>();
  if (reseal && bad.size() >= kModelCacheHeaderSize) {
    const uint64_t payload_size = bad.size() - kModelCacheHeaderSize;
    const uint64_t sum = Fnv1a64(bad.data() + kModelCacheHeaderSize, payload_size);
    for (int i = 0; i < 8; ++i) {
      bad[16 + i] = static_cast<uint8_t>(payload_size >> (8 * i));
      bad[24 + i] = static_cast<uint8_t>(sum >> (8 * i));
    }
  }
  // Exact-size heap copy so ASan catches any over-read.
  std::unique_ptr<uint8_t[]> exact(new uint8_t[bad.size() + 1]);
  if (!bad.empty()) std::memcpy(exact.get(), bad.data(), bad.size());
  Model m;
  ModelConfig c;
  const Status s = ParseModelCache(bad.empty() ? nullptr : exact.get(), bad.size(), &m, &c);
  RC_ASSERT(s.ok() || s.code() == NNRT_INVALID_MODEL_CACHE);
  // Unsealed, every changed or missing byte is caught by the header checks
  // or the checksum.
  if (bad != good && !reseal) RC_ASSERT(!s.ok());
}

}  // namespace
}  // namespace nnrt
