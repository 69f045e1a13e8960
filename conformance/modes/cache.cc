// The model-cache execution modes (docs/conformance.md "Execution modes"):
// "cache" (export, reload, bitwise identical outputs) and "cache-corruption"
// (damaged caches must be rejected); C-250..C-252, C-272.
#include "conformance/modes/internal.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "reference/device/model_cache.h"

namespace nnrt {
namespace cts {
namespace modes_internal {

// ---- Model cache -----------------------------------------------------------------------

namespace {

// Prepare, run, export: the first half of both cache modes.
CandidateRun PrepareRunExport(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                              const std::vector<HostTensor>& inputs, const std::vector<HostTensor>& reference_outputs,
                              std::vector<std::vector<uint8_t>>* caches) {
  bool cache_supported = false;
  Status st = candidate.device->IsModelCacheSupported(&cache_supported);
  if (!st.ok()) return Fail("IsModelCacheSupported failed: " + st.ToString());
  if (!cache_supported) return Skip("IsModelCacheSupported reports false");
  std::unique_ptr<HalPreparedModel> prepared;
  CandidateRun r = PrepareSupported(candidate, c.model, config, &prepared);
  if (r.verdict != Verdict::kPass) return r;
  st = RunPrepared(*prepared, inputs, reference_outputs, &r.outputs);
  if (!st.ok()) return Fail("Run failed: " + st.ToString());
  st = prepared->ExportModelCache(caches);
  // C-251: a driver that reports cache support must export a non-empty cache.
  if (!st.ok()) return Fail("ExportModelCache failed although IsModelCacheSupported is true: " + st.ToString());
  if (caches->empty()) return Fail("ExportModelCache returned no cache buffer although IsModelCacheSupported is true");
  return r;
}

}  // namespace

CandidateRun RunCacheRoundTrip(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                               const std::vector<HostTensor>& inputs,
                               const std::vector<HostTensor>& reference_outputs) {
  std::vector<std::vector<uint8_t>> caches;
  CandidateRun first = PrepareRunExport(candidate, c, config, inputs, reference_outputs, &caches);
  if (first.verdict != Verdict::kPass) return first;
  std::unique_ptr<HalPreparedModel> reloaded;
  Status st = candidate.device->PrepareModelFromModelCache(caches, config, &reloaded);
  if (!st.ok()) return Fail("PrepareModelFromModelCache rejected the driver's own exported cache: " + st.ToString());
  std::vector<HostTensor> second;
  st = RunPrepared(*reloaded, inputs, reference_outputs, &second);
  if (!st.ok()) return Fail("Run of the model prepared from its cache failed: " + st.ToString());
  // C-250: the cached model computes the same function bit for bit.
  const std::string diff = BitwiseDifference(first.outputs, second);
  if (!diff.empty()) return Fail("the model prepared from its cache gives other outputs than the original: " + diff);
  return first;
}

namespace {

// The damaged variants of a cache set (C-252), each with a name for the message.
std::vector<std::pair<std::string, std::vector<std::vector<uint8_t>>>> DamagedCaches(
    const std::vector<std::vector<uint8_t>>& caches) {
  std::vector<std::pair<std::string, std::vector<std::vector<uint8_t>>>> out;
  out.emplace_back("no cache buffer at all", std::vector<std::vector<uint8_t>>{});
  for (size_t i = 0; i < caches.size(); ++i) {
    const std::string which = "cache " + std::to_string(i);
    const size_t n = caches[i].size();
    auto truncated = caches;
    truncated[i].resize(n / 2);
    out.emplace_back(which + " truncated to " + std::to_string(n / 2) + " of " + std::to_string(n) + " bytes", truncated);
    if (n > 0) {
      auto short_by_one = caches;
      short_by_one[i].pop_back();
      out.emplace_back(which + " missing its last byte", short_by_one);
    }
    for (size_t pos : {size_t{0}, n / 2, n - 1}) {
      if (n == 0) break;
      auto flipped = caches;
      flipped[i][pos] ^= 0x10;
      out.emplace_back(which + " with bit 4 of byte " + std::to_string(pos) + " flipped", flipped);
    }
    // A vendor's cache format is its own, so the suite cannot forge a newer
    // version of it in general; a cache in the documented reference format
    // (docs/hal.md, reference/device/model_cache.h) gets one more variant: the
    // same bytes claiming the next format version (C-272). Its checksum covers
    // only the payload, so the variant is otherwise intact.
    if (HasModelCacheHeader(caches[i].data(), caches[i].size())) {
      auto newer = caches;
      const uint32_t version = kModelCacheFormatVersion + 1;
      SetModelCacheFormatVersion(&newer[i], version);
      out.emplace_back(which + " claiming the newer reference cache format version " + std::to_string(version), newer);
    }
  }
  return out;
}

}  // namespace

CandidateRun RunCacheCorruption(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                                const std::vector<HostTensor>& inputs,
                                const std::vector<HostTensor>& reference_outputs) {
  std::vector<std::vector<uint8_t>> caches;
  CandidateRun first = PrepareRunExport(candidate, c, config, inputs, reference_outputs, &caches);
  if (first.verdict != Verdict::kPass) return first;
  for (const auto& [what, damaged] : DamagedCaches(caches)) {
    std::unique_ptr<HalPreparedModel> prepared;
    const Status st = candidate.device->PrepareModelFromModelCache(damaged, config, &prepared);
    if (st.ok() || prepared != nullptr) {
      return Fail("PrepareModelFromModelCache accepted a damaged cache (" + what + ")");
    }
  }
  return first;
}

}  // namespace modes_internal
}  // namespace cts
}  // namespace nnrt
