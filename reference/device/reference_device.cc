// The reference HAL driver (docs/hal.md). Every entry
// point converts the untrusted C arguments, does the work with the reference
// interpreter and reports a Status as (return code, thread-local message).
// This file: the device queries, shared memory and the driver table (the last
// error, Guard and the buffer table are the shared kit, reference/hal/kit);
// model preparation and the prepared model are in reference_prepared_model.cc.
#include "reference/device/reference_device.h"

#include <memory>
#include <mutex>

#include "reference/device/reference_device_internal.h"
#include "reference/device/run_memory_budget.h"
#include "reference/hal/hal_model_view.h"
#include "reference/hal/kit/hal_arguments.h"

namespace nnrt {
namespace reference_driver_internal {
namespace {

std::mutex& OptionsMutex() {
  static std::mutex mu;
  return mu;
}
ReferenceDriverOptions& GlobalOptions() {
  static ReferenceDriverOptions options;
  return options;
}

}  // namespace

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

void DestroyDevice(NNRT_HalDevice* device) { delete device; }  // unmaps the buffers never released

const char* GetLastErrorMessage() { return driver_kit::LastErrorMessage(); }

int32_t GetDeviceName(NNRT_HalDevice* device, const char** name) {
  return Answer<NNRT_HalDevice, const char*>("GetDeviceName", device, name, "name",
                                             device ? device->options.device_name.c_str() : "");
}

int32_t GetVendorName(NNRT_HalDevice* device, const char** name) {
  return Answer<NNRT_HalDevice, const char*>("GetVendorName", device, name, "name",
                                             device ? device->options.vendor_name.c_str() : "");
}

int32_t GetVersion(NNRT_HalDevice* device, uint32_t* major, uint32_t* minor) {
  return driver_kit::AnswerVersion(device, major, minor, device ? device->options.version_major : 0,
                                   device ? device->options.version_minor : 0);
}

int32_t GetDeviceType(NNRT_HalDevice* device, int32_t* type) {
  return Answer<NNRT_HalDevice, int32_t>("GetDeviceType", device, type, "deviceType",
                                         device ? device->options.device_type : 0);
}

int32_t GetDeviceStatus(NNRT_HalDevice* device, int32_t* status) {
  return Answer<NNRT_HalDevice, int32_t>("GetDeviceStatus", device, status, "status",
                                         device ? device->options.device_status : 0);
}

template <bool ReferenceDriverOptions::*Flag>
int32_t QueryFlag(NNRT_HalDevice* device, bool* supported) {
  return Answer<NNRT_HalDevice, bool>("Is*Supported", device, supported, "supported",
                                      device ? device->options.*Flag : false);
}

int32_t GetSupportedOperation(NNRT_HalDevice* device, const NNRT_HalModel* model, bool* supported) {
  return Guard("GetSupportedOperation", [&]() -> Status {
    Model m;
    NNRT_RETURN_IF_ERROR(driver_kit::ReadSupportQuery(device, model, supported, &m));
    std::vector<bool> result;
    NNRT_RETURN_IF_ERROR(SupportedOperations(m, MakeInterpreterOptions(device->options), &result));
    for (size_t i = 0; i < result.size(); ++i) supported[i] = result[i];
    return Status::Ok();
  });
}

int32_t AllocateBuffer(NNRT_HalDevice* device, uint32_t length, NNRT_HalBuffer* buffer) {
  return driver_kit::AllocateBufferOf(device ? &device->buffers : nullptr, length, buffer);
}
int32_t ReleaseBuffer(NNRT_HalDevice* device, const NNRT_HalBuffer* buffer) {
  return driver_kit::ReleaseBufferOf(device ? &device->buffers : nullptr, buffer);
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
