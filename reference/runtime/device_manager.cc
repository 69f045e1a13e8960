#include "reference/runtime/device_manager.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "reference/runtime/hal_bridge.h"

namespace nnrt {
namespace rt {

Device::Device(const NNRT_HalDriver* driver, NNRT_HalDevice* handle, std::shared_ptr<void> library)
    : driver_(driver), handle_(handle), library_(std::move(library)) {}

Device::~Device() {
  if (driver_ != nullptr && handle_ != nullptr) driver_->DestroyDevice(handle_);
}

Status Device::DriverError(int32_t code, const std::string& what) const {
  std::string message = what + " failed with HAL code " + std::to_string(code);
  if (driver_ != nullptr && driver_->GetLastErrorMessage != nullptr) {
    const char* detail = driver_->GetLastErrorMessage();
    if (detail != nullptr && detail[0] != '\0') message += ": " + std::string(detail);
  }
  NNRT_ReturnCode rc = code == 0 ? NNRT_FAILED : static_cast<NNRT_ReturnCode>(code);
  return Status(rc, message);
}

Status Device::QueryCapability(int32_t (*fn)(NNRT_HalDevice*, bool*), bool* supported) const {
  *supported = false;
  if (fn == nullptr) return Status(NNRT_FAILED, "driver lacks a capability query");
  int32_t rc = fn(handle_, supported);
  if (rc != NNRT_SUCCESS) return DriverError(rc, "capability query");
  return Status::Ok();
}

Status Device::Describe() {
  const char* name = nullptr;
  const char* vendor = nullptr;
  uint32_t major = 0, minor = 0;
  int32_t rc = driver_->GetDeviceName(handle_, &name);
  if (rc != NNRT_SUCCESS || name == nullptr) return DriverError(rc, "GetDeviceName");
  rc = driver_->GetVendorName(handle_, &vendor);
  if (rc != NNRT_SUCCESS || vendor == nullptr) return DriverError(rc, "GetVendorName");
  rc = driver_->GetVersion(handle_, &major, &minor);
  if (rc != NNRT_SUCCESS) return DriverError(rc, "GetVersion");
  std::ostringstream os;
  os << name << "_" << vendor << "_v" << major << "_" << minor;
  backend_name_ = os.str();
  id_ = DeviceIdFromBackendName(backend_name_);
  int32_t status = NNRT_DEVICE_UNKNOWN;
  rc = driver_->GetDeviceStatus(handle_, &status);
  if (rc != NNRT_SUCCESS) return DriverError(rc, "GetDeviceStatus");
  // OFFLINE and UNKNOWN devices are not registered; BUSY is (api_state_machine 0).
  if (status == NNRT_DEVICE_OFFLINE || status == NNRT_DEVICE_UNKNOWN) {
    return Status(NNRT_DEVICE_ERROR, "device " + backend_name_ + " reports status " + std::to_string(status));
  }
  return Status::Ok();
}

size_t DeviceIdFromBackendName(const std::string& backend_name) {
  uint64_t hash = 1469598103934665603ull;  // FNV-1a 64 offset basis
  for (unsigned char c : backend_name) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  if (hash == 0) hash = 1;
  return static_cast<size_t>(hash);
}

DeviceManager& DeviceManager::Instance() {
  // Intentionally never destroyed: executors, tensors and compilations hold
  // devices and may be released by the app after static destructors ran.
  static DeviceManager* instance = new DeviceManager();
  return *instance;
}

namespace {

std::shared_ptr<Device> CreateDevice(const NNRT_HalDriver* driver, std::shared_ptr<void> library, std::string* error) {
  NNRT_HalDevice* handle = nullptr;
  int32_t rc = driver->CreateDevice(&handle);
  if (rc != NNRT_SUCCESS || handle == nullptr) {
    *error = "CreateDevice failed with HAL code " + std::to_string(rc);
    return nullptr;
  }
  auto device = std::make_shared<Device>(driver, handle, std::move(library));
  Status described = device->Describe();
  if (!described.ok()) {
    *error = described.message();
    return nullptr;
  }
  return device;
}

}  // namespace

DeviceManager::DeviceManager() {
  std::string error;
  std::shared_ptr<Device> reference = CreateDevice(BuiltInReferenceDriver(), nullptr, &error);
  if (reference == nullptr) {
    std::fprintf(stderr, "nnrt: built-in reference device unavailable: %s\n", error.c_str());
  } else {
    Register(reference, "built-in reference device");
  }
  LoadDriversFromEnvironment();
}

bool DeviceManager::Register(std::shared_ptr<Device> device, const std::string& origin) {
  for (size_t id : ids_) {
    if (id == device->id()) {
      std::fprintf(stderr, "nnrt: skipping %s: device %s is already registered\n", origin.c_str(),
                   device->backend_name().c_str());
      return false;
    }
  }
  ids_.push_back(device->id());
  devices_.push_back(std::move(device));
  return true;
}

Status DeviceManager::AddDriver(const NNRT_HalDriver* driver, std::shared_ptr<void> library, size_t* id) {
  std::string error;
  std::shared_ptr<Device> device = CreateDevice(driver, std::move(library), &error);
  if (device == nullptr) return Status(NNRT_FAILED, error);
  *id = device->id();
  if (!Register(device, "in-process driver")) return Status(NNRT_INVALID_PARAMETER, "device already registered");
  return Status::Ok();
}

void DeviceManager::LoadDriversFromEnvironment() {
  const char* env = std::getenv("NNRT_HAL_DRIVERS");
  if (env == nullptr) return;
  std::string list(env);
  size_t start = 0;
  while (start <= list.size()) {
    size_t end = list.find(':', start);
    if (end == std::string::npos) end = list.size();
    std::string path = list.substr(start, end - start);
    start = end + 1;
    if (path.empty()) continue;
    const NNRT_HalDriver* driver = nullptr;
    std::shared_ptr<void> library;
    std::string error;
    Status loaded = LoadDriverLibrary(path, &driver, &library);
    if (!loaded.ok()) {
      std::fprintf(stderr, "nnrt: skipping driver %s: %s\n", path.c_str(), loaded.message().c_str());
      continue;
    }
    std::shared_ptr<Device> device = CreateDevice(driver, library, &error);
    if (device == nullptr) {
      std::fprintf(stderr, "nnrt: skipping driver %s: %s\n", path.c_str(), error.c_str());
      continue;
    }
    Register(device, "driver " + path);
  }
}

std::shared_ptr<Device> DeviceManager::Find(size_t device_id) const {
  if (devices_.empty()) return nullptr;
  if (device_id == 0) return devices_.front();
  for (const auto& device : devices_) {
    if (device->id() == device_id) return device;
  }
  return nullptr;
}

Status QueryDeviceSupport(size_t device_id, const Model& model, std::vector<bool>* supported) {
  std::shared_ptr<Device> device = DeviceManager::Instance().Find(device_id);
  if (device == nullptr) return Status(NNRT_INVALID_PARAMETER, "no device with ID " + std::to_string(device_id));
  return GetSupportedOperations(*device, model, supported);
}

}  // namespace rt
}  // namespace nnrt
