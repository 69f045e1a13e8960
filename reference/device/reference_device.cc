// The reference HAL driver (docs/hal.md). Every entry
// point converts the untrusted C arguments, does the work with the reference
// interpreter and reports a Status as (return code, thread-local message).
// This file: the last error, the device queries, shared memory and the driver
// table; model preparation and the prepared model are in
// reference_prepared_model.cc.
#include "reference/device/reference_device.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <new>

#include "reference/device/reference_device_internal.h"
#include "reference/device/run_memory_budget.h"
#include "reference/hal/hal_model_view.h"

namespace nnrt {
namespace reference_driver_internal {
namespace {

// ---- Last error (thread-local, C-28) ------------------------------------------------
// A plain char array: a thread_local with a destructor would pin the .so.
constexpr size_t kMaxErrorLength = 1024;
thread_local char g_last_error[kMaxErrorLength];

std::mutex& OptionsMutex() {
  static std::mutex mu;
  return mu;
}
ReferenceDriverOptions& GlobalOptions() {
  static ReferenceDriverOptions options;
  return options;
}

}  // namespace

void ClearLastError() { g_last_error[0] = '\0'; }

void SetLastError(const std::string& message) {
  const size_t n = message.size() < kMaxErrorLength - 1 ? message.size() : kMaxErrorLength - 1;
  std::memcpy(g_last_error, message.data(), n);
  g_last_error[n] = '\0';
}

Status NullPtr(const char* what) { return Status(NNRT_NULL_PTR, std::string(what) + " is NULL"); }

InterpreterOptions MakeInterpreterOptions(const ReferenceDriverOptions& o) {
  InterpreterOptions io;
  io.overrides = o.overrides;
  io.unsupported = o.unsupported;
  io.run_memory_budget_bytes = o.run_memory_budget_bytes;
  io.run_work_budget = o.run_work_budget;
  return io;
}

namespace {

// ---- Device ---------------------------------------------------------------------------

int32_t CreateDevice(NNRT_HalDevice** device) {
  return Guard("CreateDevice", [&]() -> Status {
    if (device == nullptr) return NullPtr("device");
    *device = nullptr;
    std::unique_ptr<NNRT_HalDevice> d(new NNRT_HalDevice());
    {
      std::lock_guard<std::mutex> lock(OptionsMutex());
      d->options = GlobalOptions();
    }
    NNRT_RETURN_IF_ERROR(ApplyRunMemoryBudgetEnv(&d->options.run_memory_budget_bytes));
    NNRT_RETURN_IF_ERROR(ApplyRunWorkBudgetEnv(&d->options.run_work_budget));
    *device = d.release();
    return Status::Ok();
  });
}

void DestroyDevice(NNRT_HalDevice* device) {
  if (device == nullptr) return;
  for (auto& kv : device->buffers) {  // buffers the caller never released
    munmap(kv.second.first, kv.second.second);
    close(kv.first);
  }
  delete device;
}

const char* GetLastErrorMessage() { return g_last_error; }

int32_t GetDeviceName(NNRT_HalDevice* device, const char** name) {
  return Guard("GetDeviceName", [&]() -> Status {
    if (device == nullptr) return NullPtr("device");
    if (name == nullptr) return NullPtr("name");
    *name = device->options.device_name.c_str();
    return Status::Ok();
  });
}

int32_t GetVendorName(NNRT_HalDevice* device, const char** name) {
  return Guard("GetVendorName", [&]() -> Status {
    if (device == nullptr) return NullPtr("device");
    if (name == nullptr) return NullPtr("name");
    *name = device->options.vendor_name.c_str();
    return Status::Ok();
  });
}

int32_t GetVersion(NNRT_HalDevice* device, uint32_t* major, uint32_t* minor) {
  return Guard("GetVersion", [&]() -> Status {
    if (device == nullptr) return NullPtr("device");
    if (major == nullptr || minor == nullptr) return NullPtr("major/minor");
    *major = device->options.version_major;
    *minor = device->options.version_minor;
    return Status::Ok();
  });
}

int32_t GetDeviceType(NNRT_HalDevice* device, int32_t* type) {
  return Guard("GetDeviceType", [&]() -> Status {
    if (device == nullptr) return NullPtr("device");
    if (type == nullptr) return NullPtr("deviceType");
    *type = device->options.device_type;
    return Status::Ok();
  });
}

int32_t GetDeviceStatus(NNRT_HalDevice* device, int32_t* status) {
  return Guard("GetDeviceStatus", [&]() -> Status {
    if (device == nullptr) return NullPtr("device");
    if (status == nullptr) return NullPtr("status");
    *status = device->options.device_status;
    return Status::Ok();
  });
}

template <bool ReferenceDriverOptions::*Flag>
int32_t QueryFlag(NNRT_HalDevice* device, bool* supported) {
  return Guard("Is*Supported", [&]() -> Status {
    if (device == nullptr) return NullPtr("device");
    if (supported == nullptr) return NullPtr("supported");
    *supported = device->options.*Flag;
    return Status::Ok();
  });
}

int32_t GetSupportedOperation(NNRT_HalDevice* device, const NNRT_HalModel* model, bool* supported) {
  return Guard("GetSupportedOperation", [&]() -> Status {
    if (device == nullptr) return NullPtr("device");
    if (model == nullptr) return NullPtr("model");
    Model m;
    NNRT_RETURN_IF_ERROR(ModelFromHal(model, &m));
    if (supported == nullptr && !m.nodes.empty()) return NullPtr("supported");
    std::vector<bool> result;
    NNRT_RETURN_IF_ERROR(SupportedOperations(m, MakeInterpreterOptions(device->options), &result));
    for (size_t i = 0; i < result.size(); ++i) supported[i] = result[i];
    return Status::Ok();
  });
}

// ---- Shared memory ------------------------------------------------------------------------------

int32_t AllocateBuffer(NNRT_HalDevice* device, uint32_t length, NNRT_HalBuffer* buffer) {
  return Guard("AllocateBuffer", [&]() -> Status {
    if (device == nullptr) return NullPtr("device");
    if (buffer == nullptr) return NullPtr("buffer");
    if (length == 0) return InvalidParameter("length is 0");
    const int fd = memfd_create("nnrt-reference-buffer", MFD_CLOEXEC);
    if (fd < 0) return Status(NNRT_MEMORY_ERROR, std::string("memfd_create failed: ") + std::strerror(errno));
    if (ftruncate(fd, static_cast<off_t>(length)) != 0) {
      const int err = errno;
      close(fd);
      return Status(NNRT_MEMORY_ERROR, "ftruncate to " + std::to_string(length) + " bytes failed: " + std::strerror(err));
    }
    void* p = mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) {
      const int err = errno;
      close(fd);
      return Status(NNRT_MEMORY_ERROR, std::string("mmap failed: ") + std::strerror(err));
    }
    {
      std::lock_guard<std::mutex> lock(device->mu);
      device->buffers[fd] = {p, length};
    }
    buffer->fd = fd;
    buffer->bufferSize = length;
    buffer->offset = 0;
    buffer->dataSize = length;
    buffer->hostAddress = p;
    return Status::Ok();
  });
}

int32_t ReleaseBuffer(NNRT_HalDevice* device, const NNRT_HalBuffer* buffer) {
  return Guard("ReleaseBuffer", [&]() -> Status {
    if (device == nullptr) return NullPtr("device");
    if (buffer == nullptr) return NullPtr("buffer");
    std::lock_guard<std::mutex> lock(device->mu);
    auto it = device->buffers.find(buffer->fd);
    if (it == device->buffers.end() || it->second.first != buffer->hostAddress) {
      return Status(NNRT_INVALID_BUFFER, "fd " + std::to_string(buffer->fd) + " is not a buffer this device allocated");
    }
    munmap(it->second.first, it->second.second);
    close(it->first);
    device->buffers.erase(it);
    return Status::Ok();
  });
}

const NNRT_HalDriver kReferenceDriverTable = {
    NNRT_HAL_ABI_VERSION,
    sizeof(NNRT_HalDriver),
    CreateDevice,
    DestroyDevice,
    GetLastErrorMessage,
    GetDeviceName,
    GetVendorName,
    GetVersion,
    GetDeviceType,
    GetDeviceStatus,
    GetSupportedOperation,
    QueryFlag<&ReferenceDriverOptions::float16_supported>,
    QueryFlag<&ReferenceDriverOptions::performance_mode_supported>,
    QueryFlag<&ReferenceDriverOptions::priority_supported>,
    QueryFlag<&ReferenceDriverOptions::dynamic_input_supported>,
    QueryFlag<&ReferenceDriverOptions::model_cache_supported>,
    PrepareModel,
    PrepareModelFromModelCache,
    PrepareOfflineModel,
    AllocateBuffer,
    ReleaseBuffer,
    ReleasePreparedModel,
    ExportModelCache,
    GetInputDimRanges,
    Run,
};

}  // namespace
}  // namespace reference_driver_internal

const NNRT_HalDriver* MakeReferenceDriver(const ReferenceDriverOptions& options) {
  std::lock_guard<std::mutex> lock(reference_driver_internal::OptionsMutex());
  reference_driver_internal::GlobalOptions() = options;
  return &reference_driver_internal::kReferenceDriverTable;
}

const NNRT_HalDriver* ReferenceDriver() { return MakeReferenceDriver(ReferenceDriverOptions()); }

}  // namespace nnrt
