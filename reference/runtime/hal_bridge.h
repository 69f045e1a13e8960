// The runtime's few entry points into the HAL layer: where driver tables come
// from (the built-in reference device, the HAL loader) and the calls that need
// an IR model or a config turned into its C view.
#ifndef NNRT_REFERENCE_RUNTIME_HAL_BRIDGE_H_
#define NNRT_REFERENCE_RUNTIME_HAL_BRIDGE_H_

#include <memory>
#include <string>
#include <vector>

#include "reference/hal/hal_model_view.h"
#include "reference/hal/nnrt_hal.h"
#include "reference/ir/ir.h"
#include "reference/ir/status.h"
#include "reference/runtime/device_manager.h"

namespace nnrt {
namespace rt {

// The reference device's driver table, in process (the table the reference
// driver .so exports).
const NNRT_HalDriver* BuiltInReferenceDriver();

// Loads a driver .so through the HAL loader; *library keeps it open.
Status LoadDriverLibrary(const std::string& path, const NNRT_HalDriver** driver, std::shared_ptr<void>* library);

// A prepared model plus the device it lives on (released with it).
class PreparedModel {
 public:
  PreparedModel(std::shared_ptr<Device> device, NNRT_HalPreparedModel* handle)
      : device_(std::move(device)), handle_(handle) {}
  ~PreparedModel();
  PreparedModel(const PreparedModel&) = delete;
  PreparedModel& operator=(const PreparedModel&) = delete;
  const std::shared_ptr<Device>& device() const { return device_; }
  NNRT_HalPreparedModel* handle() const { return handle_; }

 private:
  std::shared_ptr<Device> device_;
  NNRT_HalPreparedModel* handle_;
};

Status GetSupportedOperations(const Device& device, const Model& model, std::vector<bool>* supported);
Status PrepareModel(const std::shared_ptr<Device>& device, const Model& model, const ModelConfig& config,
                    std::shared_ptr<PreparedModel>* prepared);
Status PrepareModelFromCache(const std::shared_ptr<Device>& device, const std::vector<std::vector<uint8_t>>& caches,
                             const ModelConfig& config, std::shared_ptr<PreparedModel>* prepared);
Status PrepareOfflineModel(const std::shared_ptr<Device>& device, const std::vector<uint8_t>& offline_model,
                           const ModelConfig& config, std::shared_ptr<PreparedModel>* prepared);
// Copies of the buffers ExportModelCache hands out.
Status ExportModelCache(const PreparedModel& prepared, std::vector<std::vector<uint8_t>>* caches);
// Per input: min and max dims (inclusive).
struct DimRange {
  std::vector<size_t> min;
  std::vector<size_t> max;
};
Status GetInputDimRanges(const PreparedModel& prepared, std::vector<DimRange>* ranges);

}  // namespace rt
}  // namespace nnrt

#endif  // NNRT_REFERENCE_RUNTIME_HAL_BRIDGE_H_
