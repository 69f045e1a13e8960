#include "cts_driver/drivers/nnadapter_bridge/nnadapter_bridge.h"

#include <mutex>

#include "cts_driver/drivers/nnadapter_bridge/nnadapter_bridge_internal.h"
#include "reference/device/interpreter.h"
#include "reference/hal/hal_model_view.h"

namespace nnrt {
namespace nnadapter_bridge {
namespace {

std::mutex& DriverMutex() {
  static std::mutex m;
  return m;
}

std::shared_ptr<const NNAdapterDriver>& CurrentDriver() {
  static std::shared_ptr<const NNAdapterDriver> driver;
  return driver;
}

int32_t CreateDevice(NNRT_HalDevice** out) {
  return Guard("CreateDevice", [&]() -> Status {
    if (out == nullptr) return NullPtr("device");
    *out = nullptr;
    auto d = std::make_unique<BridgeDevice>();
    {
      std::lock_guard<std::mutex> lock(DriverMutex());
      d->driver = CurrentDriver();
    }
    if (d->driver == nullptr) return Status(NNRT_FAILED, "no NNAdapter driver is loaded into the bridge");
    const nnadapter::hal::Device& hal = *d->driver->device;
    const int opened = hal.open_device(&d->device);
    if (opened != NNADAPTER_NO_ERROR) {
      return Status(NNRT_DEVICE_ERROR, "open_device of " + d->driver->symbol + " returned " + std::to_string(opened));
    }
    const int created = hal.create_context(d->device, "", &d->context);
    if (created != NNADAPTER_NO_ERROR) {
      hal.close_device(d->device);
      return Status(NNRT_DEVICE_ERROR, "create_context of " + d->driver->symbol + " returned " + std::to_string(created));
    }
    *out = reinterpret_cast<NNRT_HalDevice*>(d.release());
    return Status::Ok();
  });
}

void DestroyDevice(NNRT_HalDevice* device) {
  BridgeDevice* d = FromHal(device);
  if (d == nullptr) return;
  d->driver->device->destroy_context(d->context);
  d->driver->device->close_device(d->device);
  delete d;
}

const char* GetLastErrorMessage() { return driver_kit::LastErrorMessage(); }

// The NNAdapter device descriptor of `device` (NULL for NULL).
const nnadapter::hal::Device* Descriptor(NNRT_HalDevice* device) {
  return device == nullptr ? nullptr : FromHal(device)->driver->device;
}

int32_t GetDeviceName(NNRT_HalDevice* device, const char** name) {
  const nnadapter::hal::Device* hal = Descriptor(device);
  return driver_kit::Answer<NNRT_HalDevice, const char*>("GetDeviceName", device, name, "name", hal ? hal->name : "");
}

int32_t GetVendorName(NNRT_HalDevice* device, const char** name) {
  const nnadapter::hal::Device* hal = Descriptor(device);
  return driver_kit::Answer<NNRT_HalDevice, const char*>("GetVendorName", device, name, "name", hal ? hal->vendor : "");
}

int32_t GetVersion(NNRT_HalDevice* device, uint32_t* major, uint32_t* minor) {
  if (minor != nullptr) *minor = 0;
  const nnadapter::hal::Device* hal = Descriptor(device);
  return driver_kit::Answer<NNRT_HalDevice, uint32_t>("GetVersion", device, major, "major",
                                                      hal ? static_cast<uint32_t>(hal->version) : 0u);
}

int32_t DeviceTypeOf(const nnadapter::hal::Device* hal) {
  if (hal == nullptr) return 0;
  switch (hal->type) {
    case NNADAPTER_CPU: return NNRT_DEVICE_CPU;
    case NNADAPTER_GPU: return NNRT_DEVICE_GPU;
    default: return NNRT_DEVICE_ACCELERATOR;
  }
}

int32_t GetDeviceType(NNRT_HalDevice* device, int32_t* type) {
  return driver_kit::Answer<NNRT_HalDevice, int32_t>("GetDeviceType", device, type, "deviceType",
                                                     DeviceTypeOf(Descriptor(device)));
}

int32_t GetDeviceStatus(NNRT_HalDevice* device, int32_t* status) {
  return driver_kit::Answer<NNRT_HalDevice, int32_t>("GetDeviceStatus", device, status, "status",
                                                     NNRT_DEVICE_AVAILABLE);
}

int32_t GetSupportedOperation(NNRT_HalDevice* device, const NNRT_HalModel* model, bool* supported) {
  return Guard("GetSupportedOperation", [&]() -> Status {
    if (device == nullptr) return NullPtr("device");
    if (supported == nullptr) return NullPtr("supported");
    Model m;
    NNRT_RETURN_IF_ERROR(ModelFromHal(model, &m));
    std::vector<bool> answer;
    NNRT_RETURN_IF_ERROR(SupportedNodes(*FromHal(device), m, &answer));
    for (size_t i = 0; i < answer.size(); ++i) supported[i] = answer[i];
    return Status::Ok();
  });
}

// The capabilities NNAdapter's HAL has no way to express (C-842).
int32_t NotCapable(NNRT_HalDevice* device, bool* supported) {
  return driver_kit::Answer<NNRT_HalDevice, bool>("Is*Supported", device, supported, "supported", false);
}

int32_t NotSupported(const char* function) {
  return Guard(function, [&]() -> Status {
    return Status(NNRT_NOT_SUPPORT, "NNAdapter's HAL has no counterpart (C-842)");
  });
}

int32_t PrepareModelFromModelCache(NNRT_HalDevice*, const NNRT_HalBuffer*, uint32_t, const NNRT_HalModelConfig*,
                                   NNRT_HalPreparedModel** prepared) {
  if (prepared != nullptr) *prepared = nullptr;
  return NotSupported("PrepareModelFromModelCache");
}

int32_t PrepareOfflineModel(NNRT_HalDevice*, const NNRT_HalBuffer*, uint32_t, const NNRT_HalModelConfig*,
                            NNRT_HalPreparedModel** prepared) {
  if (prepared != nullptr) *prepared = nullptr;
  return NotSupported("PrepareOfflineModel");
}

int32_t AllocateBuffer(NNRT_HalDevice*, uint32_t, NNRT_HalBuffer*) { return NotSupported("AllocateBuffer"); }
int32_t ReleaseBuffer(NNRT_HalDevice*, const NNRT_HalBuffer*) { return NotSupported("ReleaseBuffer"); }

int32_t ExportModelCache(NNRT_HalPreparedModel*, const NNRT_HalBuffer** caches, uint32_t* count) {
  if (caches != nullptr) *caches = nullptr;
  if (count != nullptr) *count = 0;
  return NotSupported("ExportModelCache");
}

NNRT_HalDriver MakeTable() {
  NNRT_HalDriver t{};
  t.abiVersion = NNRT_HAL_ABI_VERSION;
  t.structSize = sizeof(NNRT_HalDriver);
  t.CreateDevice = CreateDevice;
  t.DestroyDevice = DestroyDevice;
  t.GetLastErrorMessage = GetLastErrorMessage;
  t.GetDeviceName = GetDeviceName;
  t.GetVendorName = GetVendorName;
  t.GetVersion = GetVersion;
  t.GetDeviceType = GetDeviceType;
  t.GetDeviceStatus = GetDeviceStatus;
  t.GetSupportedOperation = GetSupportedOperation;
  t.IsFloat16PrecisionSupported = NotCapable;
  t.IsPerformanceModeSupported = NotCapable;
  t.IsPrioritySupported = NotCapable;
  t.IsDynamicInputSupported = NotCapable;
  t.IsModelCacheSupported = NotCapable;
  t.PrepareModel = PrepareModel;
  t.PrepareModelFromModelCache = PrepareModelFromModelCache;
  t.PrepareOfflineModel = PrepareOfflineModel;
  t.AllocateBuffer = AllocateBuffer;
  t.ReleaseBuffer = ReleaseBuffer;
  t.ReleasePreparedModel = ReleasePreparedModel;
  t.ExportModelCache = ExportModelCache;
  t.GetInputDimRanges = GetInputDimRanges;
  t.Run = Run;
  return t;
}

}  // namespace

Status SupportedNodes(const BridgeDevice& device, const Model& model, std::vector<bool>* supported) {
  NNRT_RETURN_IF_ERROR(ValidateModelStructure(model));
  NNRT_RETURN_IF_ERROR(nnrt::SupportedOperations(model, supported));
  for (size_t i = 0; i < model.nodes.size(); ++i) {
    if (!(*supported)[i]) continue;
    ConvertedModel converted;
    void* program = nullptr;
    const bool ok = ConvertModel(SingleNodeModel(model, i), &converted).ok() &&
                    CompileOnDriver(device, &converted, &program).ok();
    if (program != nullptr) device.driver->device->destroy_program(program);
    (*supported)[i] = ok;
  }
  return Status::Ok();
}

Status CompileOnDriver(const BridgeDevice& device, ConvertedModel* converted, void** program) {
  *program = nullptr;
  nnadapter::hal::Cache cache{};
  cache.token = nullptr;
  cache.dir = nullptr;
  nnadapter::hal::Model* m = converted->builder->model();
  for (const nnadapter::hal::Operand* op : m->input_operands) cache.input_types.push_back(op->type);
  for (const nnadapter::hal::Operand* op : m->output_operands) cache.output_types.push_back(op->type);
  const int code = device.driver->device->create_program(device.context, m, &cache, program);
  if (code != NNADAPTER_NO_ERROR) {
    *program = nullptr;
    return Status(NNRT_DEVICE_ERROR, "create_program of " + device.driver->symbol + " returned " + std::to_string(code));
  }
  if (*program == nullptr) {
    return Status(NNRT_DEVICE_ERROR, "create_program of " + device.driver->symbol + " succeeded without a program");
  }
  return Status::Ok();
}

const NNRT_HalDriver* BridgeDriverTable(std::shared_ptr<const NNAdapterDriver> driver) {
  static const NNRT_HalDriver table = MakeTable();
  std::lock_guard<std::mutex> lock(DriverMutex());
  CurrentDriver() = std::move(driver);
  return &table;
}

bool IsNNAdapterCandidate(const std::string& spec) { return spec.rfind(kCandidatePrefix, 0) == 0; }

std::string NNAdapterCandidateSpec(const std::string& abs_path, const std::string& symbol) {
  return kCandidatePrefix + abs_path + (symbol.empty() ? "" : "#" + symbol);
}

Status OpenNNAdapterCandidate(const std::string& spec, std::unique_ptr<cts::Candidate>* candidate) {
  if (!IsNNAdapterCandidate(spec)) {
    return Status(NNRT_INVALID_PATH, "'" + spec + "' is not an NNAdapter candidate (" + kCandidatePrefix + "/abs/lib.so)");
  }
  const std::string rest = spec.substr(sizeof(kCandidatePrefix) - 1);
  const size_t hash = rest.find('#');
  const std::string path = rest.substr(0, hash);
  const std::string symbol = hash == std::string::npos ? "" : rest.substr(hash + 1);
  std::shared_ptr<const NNAdapterDriver> driver;
  NNRT_RETURN_IF_ERROR(LoadNNAdapterDriver(path, symbol, &driver));
  return cts::OpenCandidateFromTable(BridgeDriverTable(std::move(driver)), spec, candidate);
}

}  // namespace nnadapter_bridge
}  // namespace nnrt
