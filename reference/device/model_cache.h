// The reference device's model cache format (docs/hal.md "Model cache format",
// C-27). One buffer, little-endian:
//   0  char[8]  magic "NNRTRFC\0"
//   8  u32      format version (kModelCacheFormatVersion)
//  12  u32      HAL ABI version (NNRT_HAL_ABI_VERSION)
//  16  u64      payload size in bytes
//  24  u64      FNV-1a 64 of the payload
//  32  payload: the ModelConfig then the Model, in the binary encoding of
//      model_cache.cc (u32 counts, length-prefixed strings, raw IEEE values).
#ifndef NNRT_REFERENCE_DEVICE_MODEL_CACHE_H_
#define NNRT_REFERENCE_DEVICE_MODEL_CACHE_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "reference/hal/hal_model_view.h"
#include "reference/ir/ir.h"

namespace nnrt {

constexpr uint32_t kModelCacheFormatVersion = 1;
constexpr size_t kModelCacheHeaderSize = 32;

uint64_t Fnv1a64(const uint8_t* data, size_t size);

// True when [data, data+size) holds at least a header starting with the magic
// (the buffer may still be damaged in any other way).
bool HasModelCacheHeader(const uint8_t* data, size_t size);

// Rewrites the header's format version field (bytes 8..11, little-endian) of
// a buffer holding at least the magic and version; other buffers are left as
// they are. For tests and sample drivers that forge other versions.
void SetModelCacheFormatVersion(std::vector<uint8_t>* cache, uint32_t version);

std::vector<uint8_t> SerializeModelCache(const Model& model, const ModelConfig& config);

// Any defect (short buffer, wrong magic, newer format version, other ABI
// version, checksum mismatch, malformed payload, trailing bytes) is
// NNRT_INVALID_MODEL_CACHE with the reason. Never reads outside [data, data+size).
Status ParseModelCache(const uint8_t* data, size_t size, Model* model, ModelConfig* config);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_DEVICE_MODEL_CACHE_H_
