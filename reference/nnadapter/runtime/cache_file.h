// The compiled-model cache file (<cache_dir>/<cache_token>.nnc, and the
// cache_buffer of NNAdapterCompilation_create), C-821. Little-endian:
//   0  char[8]  magic "NNANNC1\0"
//   8  u32      input count I, u32 output count O
//  16  I + O NNAdapterOperandType records (sizeof bytes each; per-channel
//      scale pointers stored as 0)
//  ..  u64      driver cache length L, then L bytes (hal::Cache::buffer)
#ifndef NNRT_REFERENCE_NNADAPTER_RUNTIME_CACHE_FILE_H_
#define NNRT_REFERENCE_NNADAPTER_RUNTIME_CACHE_FILE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"

namespace nnrt {
namespace nna {

std::vector<uint8_t> EncodeCacheFile(const ::nnadapter::hal::Cache& cache);
// false for a damaged or foreign buffer (never reads outside it).
bool DecodeCacheFile(const std::vector<uint8_t>& file, ::nnadapter::hal::Cache* cache);

bool ReadWholeFile(const std::string& path, std::vector<uint8_t>* bytes);  // false if absent/unreadable
bool WriteWholeFile(const std::string& path, const std::vector<uint8_t>& bytes);

}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_RUNTIME_CACHE_FILE_H_
