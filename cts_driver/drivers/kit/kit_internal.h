// The kit's device and prepared-model objects (driver_kit.h), shared by its
// device functions (driver_kit.cc) and its Run (kit_run.cc).
#ifndef NNRT_CTS_DRIVER_DRIVERS_KIT_KIT_INTERNAL_H_
#define NNRT_CTS_DRIVER_DRIVERS_KIT_KIT_INTERNAL_H_

#include <memory>
#include <mutex>
#include <vector>

#include "cts_driver/drivers/kit/driver_kit.h"
#include "reference/hal/kit/buffer_table.h"
#include "reference/hal/kit/hal_plumbing.h"

struct NNRT_HalDevice {
  explicit NNRT_HalDevice(const nnrt::driver_kit::Backend* b) : backend(b), buffers(b->memfd_name) {}
  const nnrt::driver_kit::Backend* backend;
  nnrt::driver_kit::BufferTable buffers;
};

struct NNRT_HalPreparedModel {
  const nnrt::driver_kit::Backend* backend = nullptr;
  nnrt::Model model;
  std::vector<nnrt::Dims> dims;  // every tensor, as prepared
  std::unique_ptr<nnrt::driver_kit::PreparedBackend> compiled;
  std::vector<uint32_t> min_dims, dim_counts;
  std::mutex run_mu;  // Execute is serialised per prepared model
};

namespace nnrt {
namespace driver_kit {

Entry<decltype(NNRT_HalDriver::GetInputDimRanges)> GetInputDimRanges;
Entry<decltype(NNRT_HalDriver::Run)> Run;

}  // namespace driver_kit
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_DRIVERS_KIT_KIT_INTERNAL_H_
