// The OH_NNCompilation_* C functions (api_state_machine 1.2.2, 1.3.4, 1.2.6;
// the documented behaviour wins where OpenHarmony refuses it, see
// C-130..C-159): NULL checks and setter refusals, then the Compilation
// (compilation.cc).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <vector>

#include "neural_network_runtime/neural_network_core.h"
#include "reference/runtime/compilation.h"
#include "reference/runtime/nn_model.h"

using nnrt::rt::AsCompilation;
using nnrt::rt::Compilation;

namespace {

OH_NNCompilation* AsHandle(Compilation* c) { return reinterpret_cast<OH_NNCompilation*>(c); }

// Setters are refused after Build (Build doc, API 9 and 11; C-131).
bool IsBuildAttempted(const Compilation* c) { return c->state != Compilation::State::kConfiguring; }

// Documented capability refusal at the setter (C-135): checked against the
// device selected so far; unknown devices are left for Build to report.
OH_NN_ReturnCode CheckCapabilityAtSetter(const Compilation* c, int32_t (*NNRT_HalDriver::*query)(NNRT_HalDevice*, bool*)) {
  auto device = nnrt::rt::DeviceManager::Instance().Find(c->device_id);
  if (device == nullptr) return OH_NN_SUCCESS;
  bool supported = false;
  if (!device->QueryCapability(device->driver()->*query, &supported).ok()) return OH_NN_UNAVAILABLE_DEVICE;
  return supported ? OH_NN_SUCCESS : OH_NN_UNAVAILABLE_DEVICE;
}

}  // namespace

extern "C" {

OH_NNCompilation* OH_NNCompilation_Construct(const OH_NNModel* model) {
  if (model == nullptr) return nullptr;
  Compilation* c = new (std::nothrow) Compilation();
  if (c == nullptr) return nullptr;
  const nnrt::rt::NNModel* nn_model = nnrt::rt::AsModel(model);
  if (nn_model->finished()) {
    // Copied now, so the model may be destroyed right after Construct as the
    // docs allow (api_state_machine A15, C-132).
    c->model_copy = std::make_shared<nnrt::Model>(nn_model->LoweredModel());
  } else {
    c->model = nn_model;  // must stay alive until Build
  }
  return AsHandle(c);
}

OH_NNCompilation* OH_NNCompilation_ConstructWithOfflineModelFile(const char* modelPath) {
  if (modelPath == nullptr) return nullptr;
  Compilation* c = new (std::nothrow) Compilation();
  if (c == nullptr) return nullptr;
  c->has_offline_path = true;
  c->offline_path = modelPath;
  return AsHandle(c);
}

OH_NNCompilation* OH_NNCompilation_ConstructWithOfflineModelBuffer(const void* modelBuffer, size_t modelSize) {
  if (modelBuffer == nullptr || modelSize == 0) return nullptr;
  Compilation* c = new (std::nothrow) Compilation();
  if (c == nullptr) return nullptr;
  c->has_offline_buffer = true;
  const uint8_t* bytes = static_cast<const uint8_t*>(modelBuffer);
  c->offline_buffer.assign(bytes, bytes + modelSize);
  return AsHandle(c);
}

OH_NNCompilation* OH_NNCompilation_ConstructForCache(void) { return AsHandle(new (std::nothrow) Compilation()); }

OH_NN_ReturnCode OH_NNCompilation_ExportCacheToBuffer(OH_NNCompilation* compilation, const void* buffer, size_t length,
                                                      size_t* modelSize) {
  if (compilation == nullptr || buffer == nullptr || length == 0 || modelSize == nullptr) {
    return OH_NN_INVALID_PARAMETER;
  }
  // The C signature takes const void* although the function writes into it.
  return AsCompilation(compilation)->ExportCache(const_cast<void*>(buffer), length, modelSize);
}

OH_NN_ReturnCode OH_NNCompilation_ImportCacheFromBuffer(OH_NNCompilation* compilation, const void* buffer,
                                                        size_t modelSize) {
  if (compilation == nullptr || buffer == nullptr || modelSize == 0) return OH_NN_INVALID_PARAMETER;
  Compilation* c = AsCompilation(compilation);
  if (IsBuildAttempted(c)) return OH_NN_OPERATION_FORBIDDEN;
  c->has_imported_cache = true;
  const uint8_t* bytes = static_cast<const uint8_t*>(buffer);
  c->imported_cache.assign(bytes, bytes + modelSize);
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNCompilation_AddExtensionConfig(OH_NNCompilation* compilation, const char* configName,
                                                     const void* configValue, const size_t configValueSize) {
  if (compilation == nullptr || configName == nullptr || configValue == nullptr || configValueSize == 0 ||
      configName[0] == '\0') {
    return OH_NN_INVALID_PARAMETER;
  }
  Compilation* c = AsCompilation(compilation);
  if (IsBuildAttempted(c)) return OH_NN_OPERATION_FORBIDDEN;
  const uint8_t* bytes = static_cast<const uint8_t*>(configValue);
  std::vector<uint8_t>& value = c->extensions[configName];
  // A repeated name appends after a '|' separator, as OpenHarmony does (A14).
  if (!value.empty()) value.push_back('|');
  value.insert(value.end(), bytes, bytes + configValueSize);
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNCompilation_SetDevice(OH_NNCompilation* compilation, size_t deviceID) {
  if (compilation == nullptr) return OH_NN_INVALID_PARAMETER;
  Compilation* c = AsCompilation(compilation);
  if (IsBuildAttempted(c)) return OH_NN_OPERATION_FORBIDDEN;
  c->device_id = deviceID;  // unknown IDs are reported by Build (FAILED)
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNCompilation_SetCache(OH_NNCompilation* compilation, const char* cachePath, uint32_t version) {
  if (compilation == nullptr || cachePath == nullptr) return OH_NN_INVALID_PARAMETER;
  Compilation* c = AsCompilation(compilation);
  if (IsBuildAttempted(c)) return OH_NN_OPERATION_FORBIDDEN;
  c->has_cache_path = true;
  c->cache_path = cachePath;  // copied (OpenHarmony keeps the pointer, A10)
  c->cache_version = version;
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNCompilation_SetPerformanceMode(OH_NNCompilation* compilation,
                                                     OH_NN_PerformanceMode performanceMode) {
  if (compilation == nullptr) return OH_NN_INVALID_PARAMETER;
  Compilation* c = AsCompilation(compilation);
  if (IsBuildAttempted(c)) return OH_NN_OPERATION_FORBIDDEN;
  const int32_t mode = nnrt::rt::RawEnumValue(performanceMode);
  if (mode != OH_NN_PERFORMANCE_NONE) {
    OH_NN_ReturnCode rc = CheckCapabilityAtSetter(c, &NNRT_HalDriver::IsPerformanceModeSupported);
    if (rc != OH_NN_SUCCESS) return rc;
  }
  c->performance_mode = mode;  // range checked by Build (A4)
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNCompilation_SetPriority(OH_NNCompilation* compilation, OH_NN_Priority priority) {
  if (compilation == nullptr) return OH_NN_INVALID_PARAMETER;
  Compilation* c = AsCompilation(compilation);
  if (IsBuildAttempted(c)) return OH_NN_OPERATION_FORBIDDEN;
  const int32_t value = nnrt::rt::RawEnumValue(priority);
  if (value != OH_NN_PRIORITY_NONE) {
    OH_NN_ReturnCode rc = CheckCapabilityAtSetter(c, &NNRT_HalDriver::IsPrioritySupported);
    if (rc != OH_NN_SUCCESS) return rc;
  }
  c->priority = value;
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNCompilation_EnableFloat16(OH_NNCompilation* compilation, bool enableFloat16) {
  if (compilation == nullptr) return OH_NN_INVALID_PARAMETER;
  Compilation* c = AsCompilation(compilation);
  if (IsBuildAttempted(c)) return OH_NN_OPERATION_FORBIDDEN;
  if (enableFloat16) {
    OH_NN_ReturnCode rc = CheckCapabilityAtSetter(c, &NNRT_HalDriver::IsFloat16PrecisionSupported);
    if (rc != OH_NN_SUCCESS) return rc;
  }
  c->enable_float16 = enableFloat16;
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNCompilation_Build(OH_NNCompilation* compilation) {
  if (compilation == nullptr) return OH_NN_INVALID_PARAMETER;
  return AsCompilation(compilation)->Build();
}

void OH_NNCompilation_Destroy(OH_NNCompilation** compilation) {
  if (compilation == nullptr || *compilation == nullptr) return;
  delete AsCompilation(*compilation);
  *compilation = nullptr;
}

}  // extern "C"
