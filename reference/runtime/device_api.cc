// OH_NNDevice_* (api_state_machine 1.3.1).
#include "neural_network_runtime/neural_network_core.h"
#include "reference/runtime/device_manager.h"

using nnrt::rt::DeviceManager;

extern "C" {

OH_NN_ReturnCode OH_NNDevice_GetAllDevicesID(const size_t** allDevicesID, uint32_t* deviceCount) {
  if (allDevicesID == nullptr || *allDevicesID != nullptr || deviceCount == nullptr) return OH_NN_INVALID_PARAMETER;
  const std::vector<size_t>& ids = DeviceManager::Instance().ids();
  *allDevicesID = ids.empty() ? nullptr : ids.data();
  *deviceCount = static_cast<uint32_t>(ids.size());
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNDevice_GetName(size_t deviceID, const char** name) {
  // *name must be NULL on entry (docs; api_state_machine 1.3.1).
  if (name == nullptr || *name != nullptr) return OH_NN_INVALID_PARAMETER;
  auto device = DeviceManager::Instance().Find(deviceID);
  if (device == nullptr) return OH_NN_FAILED;  // A35: unknown ID -> FAILED here ...
  *name = device->backend_name().c_str();
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNDevice_GetType(size_t deviceID, OH_NN_DeviceType* deviceType) {
  auto device = DeviceManager::Instance().Find(deviceID);
  if (device == nullptr) return OH_NN_INVALID_PARAMETER;  // ... and INVALID here, checked first (A35)
  if (deviceType == nullptr) return OH_NN_INVALID_PARAMETER;
  int32_t hal_type = NNRT_DEVICE_OTHER;
  if (device->driver()->GetDeviceType(device->handle(), &hal_type) != NNRT_SUCCESS) return OH_NN_UNAVAILABLE_DEVICE;
  switch (hal_type) {
    case NNRT_DEVICE_CPU:
      *deviceType = OH_NN_CPU;
      break;
    case NNRT_DEVICE_GPU:
      *deviceType = OH_NN_GPU;
      break;
    case NNRT_DEVICE_ACCELERATOR:
      *deviceType = OH_NN_ACCELERATOR;
      break;
    default:
      *deviceType = OH_NN_OTHERS;
      break;
  }
  return OH_NN_SUCCESS;
}

}  // extern "C"
