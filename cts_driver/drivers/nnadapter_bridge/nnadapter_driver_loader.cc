#include "cts_driver/drivers/nnadapter_bridge/nnadapter_driver_loader.h"

#include <dlfcn.h>

namespace nnrt {
namespace nnadapter_bridge {

Status DeviceSymbolForLibrary(const std::string& path, std::string* symbol) {
  const size_t slash = path.rfind('/');
  const std::string file = slash == std::string::npos ? path : path.substr(slash + 1);
  const std::string prefix = "lib", suffix = ".so";
  if (file.size() <= prefix.size() + suffix.size() || file.compare(0, prefix.size(), prefix) != 0 ||
      file.compare(file.size() - suffix.size(), suffix.size(), suffix) != 0) {
    return Status(NNRT_INVALID_PATH, "'" + file + "' is not named lib<device>.so: pass the device symbol explicitly");
  }
  *symbol = NNADAPTER_DEVICE_SYMBOL_PREFIX_STRING +
            file.substr(prefix.size(), file.size() - prefix.size() - suffix.size());
  return Status::Ok();
}

Status CheckNNAdapterDevice(const nnadapter::hal::Device* d, const std::string& label) {
  if (d == nullptr) return Status(NNRT_INVALID_FILE, "NNAdapter device " + label + " is NULL");
  auto missing = [&](const char* member) {
    return Status(NNRT_NOT_SUPPORT, "NNAdapter device " + label + " leaves " + member +
                                        " unset (a HAL device descriptor must set every member)");
  };
  if (d->name == nullptr) return missing("name");
  if (d->vendor == nullptr) return missing("vendor");
  if (d->version < 1) {
    return Status(NNRT_NOT_SUPPORT,
                  "NNAdapter device " + label + " reports version " + std::to_string(d->version) + " (must be >= 1)");
  }
  if (d->type != NNADAPTER_CPU && d->type != NNADAPTER_GPU && d->type != NNADAPTER_ACCELERATOR) {
    return Status(NNRT_NOT_SUPPORT, "NNAdapter device " + label + " reports type " + std::to_string(d->type) +
                                        ", not an NNAdapterDeviceCode");
  }
  if (d->open_device == nullptr) return missing("open_device");
  if (d->close_device == nullptr) return missing("close_device");
  if (d->create_context == nullptr) return missing("create_context");
  if (d->destroy_context == nullptr) return missing("destroy_context");
  if (d->create_program == nullptr) return missing("create_program");
  if (d->destroy_program == nullptr) return missing("destroy_program");
  if (d->execute_program == nullptr) return missing("execute_program");
  return Status::Ok();
}

Status WrapNNAdapterDevice(const nnadapter::hal::Device* device, const std::string& label,
                           std::shared_ptr<const NNAdapterDriver>* driver) {
  if (driver == nullptr) return Status(NNRT_NULL_PTR, "WrapNNAdapterDevice: driver is NULL");
  driver->reset();
  NNRT_RETURN_IF_ERROR(CheckNNAdapterDevice(device, label));
  auto d = std::make_shared<NNAdapterDriver>();
  d->path = label;
  d->symbol = device->name;
  d->handle = std::make_shared<HalLibraryHandle>(nullptr);
  d->device = device;
  *driver = std::move(d);
  return Status::Ok();
}

Status LoadNNAdapterDriver(const std::string& abs_path, const std::string& symbol,
                           std::shared_ptr<const NNAdapterDriver>* driver) {
  if (driver == nullptr) return Status(NNRT_NULL_PTR, "LoadNNAdapterDriver: driver is NULL");
  driver->reset();
  if (abs_path.empty() || abs_path[0] != '/') {
    return Status(NNRT_INVALID_PATH, "NNAdapter driver path '" + abs_path + "' is not absolute");
  }
  std::string sym = symbol;
  if (sym.empty()) NNRT_RETURN_IF_ERROR(DeviceSymbolForLibrary(abs_path, &sym));
  dlerror();
  // RTLD_NODELETE as for NNRt drivers (C-24): the code stays mapped until exit.
  void* dl = dlopen(abs_path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (dl == nullptr) {
    const char* why = dlerror();
    return Status(NNRT_INVALID_FILE,
                  "cannot load NNAdapter driver " + abs_path + ": " + (why != nullptr ? why : "dlopen failed"));
  }
  auto handle = std::make_shared<HalLibraryHandle>(dl);
  dlerror();
  void* found = dlsym(dl, sym.c_str());
  if (found == nullptr) {
    return Status(NNRT_INVALID_FILE, "NNAdapter driver " + abs_path + " does not export the device symbol '" + sym +
                                         "' (pass --nnadapter-device SYMBOL when it is named otherwise)");
  }
  const auto* device = static_cast<const nnadapter::hal::Device*>(found);
  NNRT_RETURN_IF_ERROR(CheckNNAdapterDevice(device, abs_path + " (" + sym + ")"));
  auto d = std::make_shared<NNAdapterDriver>();
  d->path = abs_path;
  d->symbol = sym;
  d->handle = std::move(handle);
  d->device = device;
  *driver = std::move(d);
  return Status::Ok();
}

}  // namespace nnadapter_bridge
}  // namespace nnrt
