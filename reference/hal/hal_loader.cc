#include "reference/hal/hal_loader.h"

#include <dlfcn.h>

namespace nnrt {

HalLibraryHandle::~HalLibraryHandle() {
  if (dl_handle_ != nullptr) dlclose(dl_handle_);
}

Status CheckHalDriverTable(const NNRT_HalDriver* d, const std::string& label) {
  if (d == nullptr) return Status(NNRT_INVALID_FILE, "driver " + label + ": " NNRT_HAL_ENTRY_SYMBOL " returned NULL");
  if (d->abiVersion != NNRT_HAL_ABI_VERSION) {
    return Status(NNRT_NOT_SUPPORT, "driver " + label + " was built against HAL ABI " + std::to_string(d->abiVersion) +
                                        ", this runtime speaks " + std::to_string(NNRT_HAL_ABI_VERSION));
  }
  if (d->structSize < sizeof(NNRT_HalDriver)) {
    return Status(NNRT_NOT_SUPPORT, "driver " + label + " reports a function table of " + std::to_string(d->structSize) +
                                        " bytes, HAL ABI " + std::to_string(NNRT_HAL_ABI_VERSION) + " needs at least " +
                                        std::to_string(sizeof(NNRT_HalDriver)));
  }
  struct Entry {
    const char* name;
    bool present;
  };
  const Entry entries[] = {
      {"CreateDevice", d->CreateDevice != nullptr},
      {"DestroyDevice", d->DestroyDevice != nullptr},
      {"GetLastErrorMessage", d->GetLastErrorMessage != nullptr},
      {"GetDeviceName", d->GetDeviceName != nullptr},
      {"GetVendorName", d->GetVendorName != nullptr},
      {"GetVersion", d->GetVersion != nullptr},
      {"GetDeviceType", d->GetDeviceType != nullptr},
      {"GetDeviceStatus", d->GetDeviceStatus != nullptr},
      {"GetSupportedOperation", d->GetSupportedOperation != nullptr},
      {"IsFloat16PrecisionSupported", d->IsFloat16PrecisionSupported != nullptr},
      {"IsPerformanceModeSupported", d->IsPerformanceModeSupported != nullptr},
      {"IsPrioritySupported", d->IsPrioritySupported != nullptr},
      {"IsDynamicInputSupported", d->IsDynamicInputSupported != nullptr},
      {"IsModelCacheSupported", d->IsModelCacheSupported != nullptr},
      {"PrepareModel", d->PrepareModel != nullptr},
      {"PrepareModelFromModelCache", d->PrepareModelFromModelCache != nullptr},
      {"PrepareOfflineModel", d->PrepareOfflineModel != nullptr},
      {"AllocateBuffer", d->AllocateBuffer != nullptr},
      {"ReleaseBuffer", d->ReleaseBuffer != nullptr},
      {"ReleasePreparedModel", d->ReleasePreparedModel != nullptr},
      {"ExportModelCache", d->ExportModelCache != nullptr},
      {"GetInputDimRanges", d->GetInputDimRanges != nullptr},
      {"Run", d->Run != nullptr},
  };
  for (const Entry& e : entries) {
    if (!e.present) {
      return Status(NNRT_NOT_SUPPORT, "driver " + label + " leaves the mandatory function " + e.name +
                                          " NULL (every HAL function is mandatory; return NNRT_NOT_SUPPORT instead)");
    }
  }
  return Status::Ok();
}

Status WrapHalDriver(const NNRT_HalDriver* driver, const std::string& label, std::unique_ptr<HalLibrary>* library) {
  if (library == nullptr) return Status(NNRT_NULL_PTR, "WrapHalDriver: library is NULL");
  library->reset();
  NNRT_RETURN_IF_ERROR(CheckHalDriverTable(driver, label));
  library->reset(new HalLibrary(std::make_shared<HalLibraryHandle>(nullptr), driver, label));
  return Status::Ok();
}

Status LoadHalDriver(const std::string& abs_path, std::unique_ptr<HalLibrary>* library) {
  if (library == nullptr) return Status(NNRT_NULL_PTR, "LoadHalDriver: library is NULL");
  library->reset();
  if (abs_path.empty() || abs_path[0] != '/') {
    return Status(NNRT_INVALID_PATH, "driver path '" + abs_path + "' is not absolute");
  }
  dlerror();
  // RTLD_NODELETE (C-24): the driver's code stays mapped until the process
  // exits, so its atexit handlers, TLS destructors and singletons never run
  // or get scanned after an unmap. dlclose still balances the reference count.
  void* dl = dlopen(abs_path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (dl == nullptr) {
    const char* why = dlerror();
    return Status(NNRT_INVALID_FILE, "cannot load driver " + abs_path + ": " + (why != nullptr ? why : "dlopen failed"));
  }
  auto handle = std::make_shared<HalLibraryHandle>(dl);
  dlerror();
  void* sym = dlsym(dl, NNRT_HAL_ENTRY_SYMBOL);
  if (sym == nullptr) {
    return Status(NNRT_INVALID_FILE, "driver " + abs_path + " does not export " NNRT_HAL_ENTRY_SYMBOL);
  }
  auto entry = reinterpret_cast<NNRT_HalGetDriverFn>(sym);
  const NNRT_HalDriver* driver = entry();
  NNRT_RETURN_IF_ERROR(CheckHalDriverTable(driver, abs_path));
  library->reset(new HalLibrary(std::move(handle), driver, abs_path));
  return Status::Ok();
}

}  // namespace nnrt
