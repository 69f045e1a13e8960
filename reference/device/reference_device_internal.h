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
driver_kit::Entry<decltype(NNRT_HalDriver::PrepareModel)> PrepareModel;
driver_kit::Entry<decltype(NNRT_HalDriver::PrepareModelFromModelCache)> PrepareModelFromModelCache;
driver_kit::Entry<decltype(NNRT_HalDriver::PrepareOfflineModel)> PrepareOfflineModel;
driver_kit::Entry<decltype(NNRT_HalDriver::ReleasePreparedModel)> ReleasePreparedModel;
driver_kit::Entry<decltype(NNRT_HalDriver::ExportModelCache)> ExportModelCache;
driver_kit::Entry<decltype(NNRT_HalDriver::GetInputDimRanges)> GetInputDimRanges;
driver_kit::Entry<decltype(NNRT_HalDriver::Run)> Run;

}  // namespace reference_driver_internal
}  // namespace nnrt

#endif  // NNRT_REFERENCE_DEVICE_REFERENCE_DEVICE_INTERNAL_H_
