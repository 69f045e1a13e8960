// NNAdapter_getVersion, NNAdapter_getDeviceCount, NNAdapterDevice_*,
// NNAdapterContext_*.
#include <dlfcn.h>

#include <cstring>
#include <string>

#include "reference/nnadapter/driver/reference_hal_device.h"
#include "reference/nnadapter/runtime/api_objects.h"

using nnrt::nna::ApiContext;
using nnrt::nna::ApiDevice;

namespace {

// The name of the built-in device (the reference, without a library).
constexpr char kBuiltinName[] = "reference";

// lib<name>.so's device descriptor, found through the dynamic linker's search
// path; the library stays loaded until the process exits (as in Paddle Lite).
const nnadapter::hal::Device* LoadHalDevice(const std::string& name) {
  const std::string path = "lib" + name + ".so";
  void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) return nullptr;
  const std::string symbol = std::string(NNADAPTER_DEVICE_SYMBOL_PREFIX_STRING) + name;
  return static_cast<const nnadapter::hal::Device*>(dlsym(library, symbol.c_str()));
}

bool Complete(const nnadapter::hal::Device* d) {
  return d != nullptr && d->name != nullptr && d->vendor != nullptr && d->open_device && d->close_device &&
         d->create_context && d->destroy_context && d->create_program && d->destroy_program && d->execute_program;
}

}  // namespace

extern "C" {

int NNAdapter_getVersion(uint32_t* version) {
  if (version == nullptr) return NNADAPTER_INVALID_PARAMETER;
  *version = NNADAPTER_VERSION;
  return NNADAPTER_NO_ERROR;
}

int NNAdapter_getDeviceCount(uint32_t* numDevices) {
  if (numDevices == nullptr) return NNADAPTER_INVALID_PARAMETER;
  *numDevices = 1;  // the built-in reference; HAL libraries are found by name
  return NNADAPTER_NO_ERROR;
}

int NNAdapterDevice_acquire(const char* name, NNAdapterDevice** device) {
  if (name == nullptr || device == nullptr) return NNADAPTER_INVALID_PARAMETER;
  *device = nullptr;
  const nnadapter::hal::Device* hal = std::strcmp(name, kBuiltinName) == 0 ? &nnrt::nna::ReferenceHalDevice()
                                                                          : LoadHalDevice(name);
  if (!Complete(hal)) return NNADAPTER_DEVICE_NOT_FOUND;
  auto* d = new ApiDevice{hal, nullptr};
  const int result = hal->open_device(&d->handle);
  if (result != NNADAPTER_NO_ERROR) {
    delete d;
    return result;
  }
  *device = reinterpret_cast<NNAdapterDevice*>(d);
  return NNADAPTER_NO_ERROR;
}

void NNAdapterDevice_release(NNAdapterDevice* device) {
  auto* d = reinterpret_cast<ApiDevice*>(device);
  if (d == nullptr) return;
  d->hal->close_device(d->handle);
  delete d;
}

int NNAdapterDevice_getName(const NNAdapterDevice* device, const char** name) {
  if (device == nullptr || name == nullptr) return NNADAPTER_INVALID_PARAMETER;
  *name = reinterpret_cast<const ApiDevice*>(device)->hal->name;
  return NNADAPTER_NO_ERROR;
}

int NNAdapterDevice_getVendor(const NNAdapterDevice* device, const char** vendor) {
  if (device == nullptr || vendor == nullptr) return NNADAPTER_INVALID_PARAMETER;
  *vendor = reinterpret_cast<const ApiDevice*>(device)->hal->vendor;
  return NNADAPTER_NO_ERROR;
}

int NNAdapterDevice_getType(const NNAdapterDevice* device, NNAdapterDeviceType* type) {
  if (device == nullptr || type == nullptr) return NNADAPTER_INVALID_PARAMETER;
  *type = reinterpret_cast<const ApiDevice*>(device)->hal->type;
  return NNADAPTER_NO_ERROR;
}

int NNAdapterDevice_getVersion(const NNAdapterDevice* device, int32_t* version) {
  if (device == nullptr || version == nullptr) return NNADAPTER_INVALID_PARAMETER;
  *version = reinterpret_cast<const ApiDevice*>(device)->hal->version;
  return NNADAPTER_NO_ERROR;
}

int NNAdapterContext_create(NNAdapterDevice** devices, uint32_t num_devices, const char* properties,
                            NNAdapterContext** context) {
  if (devices == nullptr || num_devices == 0 || context == nullptr) return NNADAPTER_INVALID_PARAMETER;
  *context = nullptr;
  for (uint32_t i = 0; i < num_devices; ++i) {
    if (devices[i] == nullptr) return NNADAPTER_INVALID_PARAMETER;
  }
  auto* c = new ApiContext{reinterpret_cast<ApiDevice*>(devices[0]), nullptr};
  const int result = c->device->hal->create_context(c->device->handle, properties == nullptr ? "" : properties,
                                                    &c->handle);
  if (result != NNADAPTER_NO_ERROR) {
    delete c;
    return result;
  }
  *context = reinterpret_cast<NNAdapterContext*>(c);
  return NNADAPTER_NO_ERROR;
}

void NNAdapterContext_destroy(NNAdapterContext* context) {
  auto* c = reinterpret_cast<ApiContext*>(context);
  if (c == nullptr) return;
  c->device->hal->destroy_context(c->handle);
  delete c;
}

}  // extern "C"
