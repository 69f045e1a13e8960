// A deliberately wrong driver: PrepareModelFromModelCache does not verify the
// payload checksum of the cache header (docs/hal.md "Model cache format":
// FNV-1a 64 at byte 24), so a cache damaged in its payload is accepted as
// long as it still parses. Modelled by rewriting the checksum of every
// incoming cache before the reference import. Caught by the
// "cache-corruption" execution mode (bit flips inside the payload).
#include <cstring>
#include <vector>

#include "reference/device/model_cache.h"
#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;

int32_t ImportWithoutChecksum(NNRT_HalDevice* device, const NNRT_HalBuffer* caches, uint32_t cache_count,
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
    if (bytes[i].size() >= nnrt::kModelCacheHeaderSize) {
      const size_t payload = bytes[i].size() - nnrt::kModelCacheHeaderSize;
      const uint64_t sum = nnrt::Fnv1a64(bytes[i].data() + nnrt::kModelCacheHeaderSize, payload);
      for (int k = 0; k < 8; ++k) bytes[i][24 + k] = static_cast<uint8_t>(sum >> (8 * k));  // little-endian
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
    options.device_name = "mutant-cache-skips-checksum";
    options.vendor_name = "NNRt CTS sample wrong driver";
    g_base = nnrt::MakeReferenceDriver(options);
    static NNRT_HalDriver table = *g_base;
    table.PrepareModelFromModelCache = ImportWithoutChecksum;
    return &table;
  }();
  return driver;
}
