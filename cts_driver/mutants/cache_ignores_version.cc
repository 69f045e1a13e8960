// A deliberately wrong driver: PrepareModelFromModelCache ignores the format
// version in the cache header (docs/hal.md "Model cache format", byte 8) and
// imports a cache that claims a NEWER format as if it were the current one;
// the reference rejects it with NNRT_INVALID_MODEL_CACHE (model_cache.h).
// Modelled by rewriting the version field of every incoming cache to the
// current version before the reference import. The "cache-corruption"
// execution mode damages caches by truncation and bit flips at bytes 0, n/2
// and n-1 only, never the version field: see the catalog (mutant_catalog.cc)
// for whether the suite catches this one yet.
#include <cstring>
#include <vector>

#include "reference/device/model_cache.h"
#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;

int32_t ImportIgnoringVersion(NNRT_HalDevice* device, const NNRT_HalBuffer* caches, uint32_t cache_count,
                              const NNRT_HalModelConfig* config, NNRT_HalPreparedModel** prepared) {
  if (caches == nullptr || cache_count == 0) {
    return g_base->PrepareModelFromModelCache(device, caches, cache_count, config, prepared);
  }
  std::vector<std::vector<uint8_t>> bytes(cache_count);
  std::vector<NNRT_HalBuffer> patched(caches, caches + cache_count);
  for (uint32_t i = 0; i < cache_count; ++i) {
    const NNRT_HalBuffer& b = caches[i];
    if (b.hostAddress == nullptr || static_cast<uint64_t>(b.offset) + b.dataSize > b.bufferSize) continue;
    const uint8_t* data = static_cast<const uint8_t*>(b.hostAddress) + b.offset;
    bytes[i].assign(data, data + b.dataSize);
    if (bytes[i].size() >= 12) {
      for (int k = 0; k < 4; ++k) bytes[i][8 + k] = static_cast<uint8_t>(nnrt::kModelCacheFormatVersion >> (8 * k));
    }
    patched[i].fd = -1;
    patched[i].hostAddress = bytes[i].data();
    patched[i].offset = 0;
    patched[i].bufferSize = static_cast<uint32_t>(bytes[i].size());
    patched[i].dataSize = static_cast<uint32_t>(bytes[i].size());
  }
  return g_base->PrepareModelFromModelCache(device, patched.data(), cache_count, config, prepared);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  static const NNRT_HalDriver* const driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "mutant-cache-ignores-version";
    options.vendor_name = "NNRt CTS sample wrong driver";
    g_base = nnrt::MakeReferenceDriver(options);
    static NNRT_HalDriver table = *g_base;
    table.PrepareModelFromModelCache = ImportIgnoringVersion;
    return &table;
  }();
  return driver;
}
