// The process-wide device registry behind OH_NNDevice_* and every deviceID
// argument of the OH_NN API (api_state_machine 0 "Backend registration",
// 1.2.7, 1.3.1).
//
// Registration order: the built-in reference device first,
// then each driver listed in NNRT_HAL_DRIVERS (colon-separated absolute .so
// paths) in list order. A driver that fails to load, or whose device cannot be
// created or reports OFFLINE/UNKNOWN status, is reported on stderr and skipped.
// deviceID 0 means "the first registered device" (the reference device).
// A device's ID is the FNV-1a 64-bit hash of "<name>_<vendor>_v<major>_<minor>"
// (the OpenHarmony backend name; FNV instead of std::hash so IDs are stable
// across standard libraries; see docs/clarifications.md C-130).
#ifndef NNRT_REFERENCE_RUNTIME_DEVICE_MANAGER_H_
#define NNRT_REFERENCE_RUNTIME_DEVICE_MANAGER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "reference/hal/nnrt_hal.h"
#include "reference/ir/ir.h"
#include "reference/ir/status.h"

namespace nnrt {
namespace rt {

// One registered device: a driver table plus one NNRT_HalDevice created from it.
class Device {
 public:
  Device(const NNRT_HalDriver* driver, NNRT_HalDevice* handle, std::shared_ptr<void> library);
  ~Device();
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  size_t id() const { return id_; }
  const std::string& backend_name() const { return backend_name_; }
  const NNRT_HalDriver* driver() const { return driver_; }
  NNRT_HalDevice* handle() const { return handle_; }

  // Reads name, vendor and version and forms backend_name/id. Called once.
  Status Describe();
  // A Status for a failed driver call: code, "what" and the driver's message.
  Status DriverError(int32_t code, const std::string& what) const;

  // Capability query helper: calls one of the Is*Supported entries.
  Status QueryCapability(int32_t (*fn)(NNRT_HalDevice*, bool*), bool* supported) const;

 private:
  const NNRT_HalDriver* driver_;
  NNRT_HalDevice* handle_;
  std::shared_ptr<void> library_;  // keeps a loaded .so open while the device exists
  size_t id_ = 0;
  std::string backend_name_;
};

class DeviceManager {
 public:
  // The registry, filled on first use (never destroyed: handles may outlive
  // static destruction order).
  static DeviceManager& Instance();

  // IDs in registration order.
  const std::vector<size_t>& ids() const { return ids_; }
  // 0 = first device; nullptr when not found.
  std::shared_ptr<Device> Find(size_t device_id) const;

  // Registers one more device from a driver table already in the process
  // (tests use it for devices with other capabilities). *id receives its ID.
  // Not thread-safe against concurrent lookups: call before using the API.
  Status AddDriver(const NNRT_HalDriver* driver, std::shared_ptr<void> library, size_t* id);

 private:
  DeviceManager();
  bool Register(std::shared_ptr<Device> device, const std::string& origin);
  void LoadDriversFromEnvironment();

  std::vector<std::shared_ptr<Device>> devices_;
  std::vector<size_t> ids_;
};

// FNV-1a 64 of a backend name (never 0, so 0 can keep meaning "first device").
size_t DeviceIdFromBackendName(const std::string& backend_name);

// For OH_NNModel_GetAvailableOperations: asks device `device_id` (0 = first)
// which nodes of `model` it supports, one entry per node in node order.
// Unknown device -> NNRT_INVALID_PARAMETER; a driver error -> its code.
Status QueryDeviceSupport(size_t device_id, const Model& model, std::vector<bool>* supported);

}  // namespace rt
}  // namespace nnrt

#endif  // NNRT_REFERENCE_RUNTIME_DEVICE_MANAGER_H_
