// OH_NNModel_GetAvailableOperations (api_state_machine 1.3.3): asks a device
// through the device manager which lowered nodes it supports. Lives in
// :neural_network_runtime (not :runtime_model) because it needs the device
// manager.
#include <cstring>
#include <vector>

#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/runtime/device_manager.h"
#include "reference/runtime/nn_model.h"

namespace nnrt {
namespace rt {

OH_NN_ReturnCode NNModel::GetAvailableOperations(size_t device_id, const bool** is_supported, uint32_t* op_count) {
  if (!finished_) return Fail(OH_NN_OPERATION_FORBIDDEN, "the model is not finished");
  std::vector<bool> supported;
  Status s = QueryDeviceSupport(device_id, lowered_, &supported);
  // Unknown device and driver errors are both OH_NN_FAILED here
  // (api_state_machine 1.3.3 rows 3 and 5).
  if (!s.ok()) return Fail(OH_NN_FAILED, s.message());
  supported_ops_.reset(new bool[supported.empty() ? 1 : supported.size()]);
  for (size_t i = 0; i < supported.size(); ++i) supported_ops_[i] = supported[i];
  *is_supported = supported_ops_.get();
  *op_count = static_cast<uint32_t>(supported.size());
  return OH_NN_SUCCESS;
}

}  // namespace rt
}  // namespace nnrt

extern "C" OH_NN_ReturnCode OH_NNModel_GetAvailableOperations(OH_NNModel* model, size_t deviceID,
                                                              const bool** isSupported, uint32_t* opCount) {
  if (model == nullptr || isSupported == nullptr || *isSupported != nullptr || opCount == nullptr) {
    return OH_NN_INVALID_PARAMETER;
  }
  return nnrt::rt::AsModel(model)->GetAvailableOperations(deviceID, isSupported, opCount);
}
