// Internal to reference/device: what the two halves of the reference HAL
// driver share. reference_device.cc holds the device queries, shared memory
// and the driver table; reference_prepared_model.cc holds model
// preparation and the prepared model (cache export, dim ranges, Run).
#ifndef NNRT_REFERENCE_DEVICE_REFERENCE_DEVICE_INTERNAL_H_
#define NNRT_REFERENCE_DEVICE_REFERENCE_DEVICE_INTERNAL_H_

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "reference/device/interpreter.h"
#include "reference/device/reference_device.h"
#include "reference/hal/hal_model_view.h"
#include "reference/hal/kit/buffer_table.h"
#include "reference/hal/kit/hal_plumbing.h"

struct NNRT_HalDevice {
  nnrt::ReferenceDriverOptions options;
  nnrt::driver_kit::BufferTable buffers{"nnrt-reference-buffer"};  // AllocateBuffer / ReleaseBuffer
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

// The shared HAL plumbing (reference/hal/kit): Guard runs one entry point,
// clears and records the thread-local last error (C-28) and keeps exceptions
// from crossing the C boundary.
using driver_kit::Answer;
using driver_kit::CheckDimRangePointers;
using driver_kit::CheckPreparePointers;
using driver_kit::CheckRunPointers;
using driver_kit::Guard;
using driver_kit::NullPtr;

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
