// Internal to reference/device: what the two halves of the reference HAL
// driver share. reference_device.cc holds the last error, the device queries,
// shared memory and the driver table; reference_prepared_model.cc holds model
// preparation and the prepared model (cache export, dim ranges, Run).
#ifndef NNRT_REFERENCE_DEVICE_REFERENCE_DEVICE_INTERNAL_H_
#define NNRT_REFERENCE_DEVICE_REFERENCE_DEVICE_INTERNAL_H_

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "reference/device/interpreter.h"
#include "reference/device/reference_device.h"
#include "reference/hal/hal_model_view.h"

struct NNRT_HalDevice {
  nnrt::ReferenceDriverOptions options;
  std::mutex mu;  // guards buffers
  std::map<int32_t, std::pair<void*, uint32_t>> buffers;  // fd -> (mapping, length)
};

struct NNRT_HalPreparedModel {
  nnrt::ReferenceDriverOptions options;
  nnrt::ModelConfig config;
  std::unique_ptr<nnrt::PreparedInterpreter> interpreter;
  std::vector<uint32_t> min_dims, max_dims, dim_counts;
  std::once_flag cache_once;  // the exported cache is built once and never changes
  std::vector<uint8_t> cache_bytes;
  NNRT_HalBuffer cache_buffer{};
};

namespace nnrt {
namespace reference_driver_internal {

// ---- Last error (thread-local, C-28; reference_device.cc) ----
void ClearLastError();
void SetLastError(const std::string& message);

// Runs one entry point: clears the last error, turns the Status into a return
// code and keeps exceptions from crossing the C boundary.
template <typename Fn>
int32_t Guard(const char* function, Fn fn) {
  ClearLastError();
  Status s;
  try {
    s = fn();
  } catch (const std::bad_alloc&) {
    s = Status(NNRT_OUT_OF_MEMORY, "out of memory");
  } catch (...) {
    s = Status(NNRT_FAILED, "internal error");
  }
  if (!s.ok()) SetLastError(std::string(function) + ": " + s.message());
  return s.code();
}

Status NullPtr(const char* what);

InterpreterOptions MakeInterpreterOptions(const ReferenceDriverOptions& o);

// ---- Entry points of reference_prepared_model.cc (in the driver table) ----
int32_t PrepareModel(NNRT_HalDevice* device, const NNRT_HalModel* model, const NNRT_HalModelConfig* config,
                     NNRT_HalPreparedModel** prepared);
int32_t PrepareModelFromModelCache(NNRT_HalDevice* device, const NNRT_HalBuffer* caches, uint32_t count,
                                   const NNRT_HalModelConfig* config, NNRT_HalPreparedModel** prepared);
int32_t PrepareOfflineModel(NNRT_HalDevice* device, const NNRT_HalBuffer* models, uint32_t count,
                            const NNRT_HalModelConfig* config, NNRT_HalPreparedModel** prepared);
void ReleasePreparedModel(NNRT_HalPreparedModel* prepared);
int32_t ExportModelCache(NNRT_HalPreparedModel* prepared, const NNRT_HalBuffer** caches, uint32_t* count);
int32_t GetInputDimRanges(NNRT_HalPreparedModel* prepared, const uint32_t** min_dims, const uint32_t** max_dims,
                          const uint32_t** dim_counts, uint32_t* input_count);
int32_t Run(NNRT_HalPreparedModel* prepared, const NNRT_HalIOTensor* inputs, uint32_t input_count,
            const NNRT_HalIOTensor* outputs, uint32_t output_count, NNRT_HalShape* output_dims);

}  // namespace reference_driver_internal
}  // namespace nnrt

#endif  // NNRT_REFERENCE_DEVICE_REFERENCE_DEVICE_INTERNAL_H_
