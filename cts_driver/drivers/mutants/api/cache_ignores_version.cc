// A deliberately wrong driver: PrepareModelFromModelCache ignores the format
// version in the cache header (docs/hal.md "Model cache format", byte 8) and
// imports a cache that claims a NEWER format as if it were the current one;
// the reference rejects it with NNRT_INVALID_MODEL_CACHE (model_cache.h).
// Modelled by rewriting the version field of every incoming cache to the
// current version before the reference import. The "cache-corruption"
// execution mode damages caches by truncation and bit flips at bytes 0, n/2
// and n-1 only, never the version field: see the catalog (mutant_catalog.cc)
// for whether the suite catches this one yet.
#include <vector>

#include "cts_driver/drivers/mutants/mutant_util.h"
#include "reference/device/model_cache.h"
#include "reference/device/reference_device.h"

namespace {

const NNRT_HalDriver* g_base = nullptr;

int32_t ImportIgnoringVersion(NNRT_HalDevice* device, const NNRT_HalBuffer* caches, uint32_t cache_count,
                              const NNRT_HalModelConfig* config, NNRT_HalPreparedModel** prepared) {
  return nnrt::mutant::ImportPatchedCaches(
      g_base, device, caches, cache_count, config, prepared, [](std::vector<uint8_t>& bytes) {
        nnrt::SetModelCacheFormatVersion(&bytes, nnrt::kModelCacheFormatVersion);
      });
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
