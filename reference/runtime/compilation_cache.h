// The compiled-model cache: on-disk layout (OH_NNCompilation_SetCache) and the
// single-buffer form (OH_NNCompilation_ExportCacheToBuffer /
// ImportCacheFromBuffer). Layout follows OpenHarmony (api_state_machine
// 1.2.6): in the cache directory
//   <modelName><i>.nncache      i = 0..K-1: the K buffers the device exported
//   <modelName><K>.nncache      serialized input descriptors
//   <modelName><K+1>.nncache    serialized output descriptors
//   <modelName>cache_info.nncache  JSON: fileNumber (= K+2), version,
//                                  deviceId, modelCheckSum (CRC16 per file),
//                                  and CheckSum (CRC16 of the "data" text).
// Reading never trusts the files: every length, count and checksum is checked
// and a bad file is an error value, never a crash.
#ifndef NNRT_REFERENCE_RUNTIME_COMPILATION_CACHE_H_
#define NNRT_REFERENCE_RUNTIME_COMPILATION_CACHE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "neural_network_runtime/neural_network_runtime_type.h"
#include "reference/runtime/tensor_desc.h"

namespace nnrt {
namespace rt {

constexpr uint32_t kMaxCacheFiles = 100;            // api_state_machine 0
constexpr uint32_t kReservedCacheVersion = 0xFFFFFFFFu;  // UINT32_MAX is invalid (A9)

// An executor-facing I/O descriptor: the TensorDesc plus its OH_NN_TensorType.
struct IoDesc {
  TensorDesc desc;
  int32_t tensor_type = OH_NN_TENSOR;
};

// Everything a cache holds.
struct CacheContent {
  uint32_t version = 0;
  uint64_t device_id = 0;
  std::vector<std::vector<uint8_t>> device_buffers;  // K buffers from ExportModelCache
  std::vector<IoDesc> inputs;
  std::vector<IoDesc> outputs;
};

// OpenHarmony's cache checksum: 16-bit ones'-complement sum of little-endian
// 16-bit words, carries folded, inverted (sampling for >= 2 MiB omitted:
// every word counts; docs/clarifications.md C-141).
uint16_t CacheCrc16(const uint8_t* data, size_t size);

std::vector<uint8_t> SerializeIoDescs(const std::vector<IoDesc>& descs);
// false on any malformed byte sequence.
bool ParseIoDescs(const std::vector<uint8_t>& bytes, std::vector<IoDesc>* descs);

// Result of looking at a cache directory.
enum class CacheLookup {
  kNoCache,         // no info file: nothing cached yet
  kFound,           // complete cache with the requested version, content filled
  kStale,           // complete cache with an older version: recompile and overwrite
  kNewerVersion,    // stored version > requested (OH_NN_INVALID_PARAMETER)
  kCorrupt,         // incomplete or damaged (OH_NN_INVALID_FILE)
};

// Reads the cache of `model_name` in `dir`. `why` explains kCorrupt.
CacheLookup ReadCacheDirectory(const std::string& dir, const std::string& model_name, uint32_t version,
                               uint64_t device_id, CacheContent* content, std::string* why);

// Writes all files (data files first, the info file last so that a crash in
// between leaves no info file pointing at missing data). false on I/O error.
bool WriteCacheDirectory(const std::string& dir, const std::string& model_name, const CacheContent& content,
                         std::string* why);

// Single-buffer form: "NNRTCACHE\0" magic, format version, cache version,
// device id, file count, then per file (u64 length, u16 crc16) and the bytes,
// and a final crc16 of everything before it. Little-endian.
std::vector<uint8_t> SerializeCacheBuffer(const CacheContent& content);
bool ParseCacheBuffer(const uint8_t* data, size_t size, CacheContent* content, std::string* why);

}  // namespace rt
}  // namespace nnrt

#endif  // NNRT_REFERENCE_RUNTIME_COMPILATION_CACHE_H_
