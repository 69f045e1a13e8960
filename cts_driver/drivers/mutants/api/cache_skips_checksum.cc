// A deliberately wrong driver: PrepareModelFromModelCache does not verify the
// payload checksum of the cache header (docs/hal.md "Model cache format":
// FNV-1a 64 at byte 24), so a cache damaged in its payload is accepted as
// long as it still parses. Modelled by rewriting the checksum of every
// incoming cache before the reference import. Caught by the
// "cache-corruption" execution mode (bit flips inside the payload).
#include <vector>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/model_cache.h"
#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;

int32_t ImportWithoutChecksum(NNRT_HalDevice* device, const NNRT_HalBuffer* caches, uint32_t cache_count,
                              const NNRT_HalModelConfig* config, NNRT_HalPreparedModel** prepared) {
  return nnrt::mutant::ImportPatchedCaches(
      g_base, device, caches, cache_count, config, prepared, [](std::vector<uint8_t>& bytes) {
        if (bytes.size() < nnrt::kModelCacheHeaderSize) return;
        const size_t payload = bytes.size() - nnrt::kModelCacheHeaderSize;
        const uint64_t sum = nnrt::Fnv1a64(bytes.data() + nnrt::kModelCacheHeaderSize, payload);
        for (int k = 0; k < 8; ++k) bytes[24 + k] = static_cast<uint8_t>(sum >> (8 * k));  // little-endian
      });
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
