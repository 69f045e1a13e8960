// The Compilation behind OH_NNCompilation_* (api_state_machine 1.2.2, 1.3.4,
// 1.2.6; the documented behaviour wins where OpenHarmony refuses it, see
// C-130..C-159): options, Build from a model, a cache or an offline model, and
// the cache export. The C functions are in compilation_api.cc.
#include "reference/runtime/compilation.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <fstream>

#include "neural_network_runtime/neural_network_core.h"
#include "reference/runtime/nn_model.h"
#include "reference/runtime/restored_io_check.h"

namespace nnrt {
namespace rt {

namespace {

constexpr uint64_t kMaxOfflineModelBytes = 1ull << 31;

bool IsDirectoryUsable(const std::string& path, bool need_write) {
  struct stat info {};
  if (stat(path.c_str(), &info) != 0 || !S_ISDIR(info.st_mode)) return false;
  int mode = R_OK | X_OK | (need_write ? W_OK : 0);
  return access(path.c_str(), mode) == 0;
}

}  // namespace

int32_t OhFormatToHal(int32_t oh_format) {
  switch (oh_format) {
    case OH_NN_FORMAT_NCHW:
      return NNRT_FORMAT_NCHW;
    case OH_NN_FORMAT_NHWC:
      return NNRT_FORMAT_NHWC;
    default:  // NONE and ND carry no layout (ops_catalog 1.3)
      return NNRT_FORMAT_NONE;
  }
}

int32_t HalFormatToOh(int32_t hal_format) {
  switch (hal_format) {
    case NNRT_FORMAT_NCHW:
      return OH_NN_FORMAT_NCHW;
    case NNRT_FORMAT_NHWC:
      return OH_NN_FORMAT_NHWC;
    default:
      return OH_NN_FORMAT_NONE;
  }
}

std::vector<IoDesc> DescribeModelIo(const Model& model, const std::vector<uint32_t>& indices) {
  std::vector<IoDesc> descs;
  for (uint32_t index : indices) {
    IoDesc io;
    if (index < model.tensors.size()) {
      const Tensor& t = model.tensors[index];
      io.desc.name = t.name;
      io.desc.data_type = static_cast<OH_NN_DataType>(DataTypeToOhnn(t.data_type));
      io.desc.format = static_cast<OH_NN_Format>(HalFormatToOh(static_cast<int32_t>(t.format)));
      io.desc.shape = t.dims;
    }
    descs.push_back(std::move(io));
  }
  return descs;
}

OH_NN_ReturnCode Compilation::Fail(OH_NN_ReturnCode code, std::string message) {
  last_error = std::move(message);
  return code;
}

ModelConfig Compilation::HalConfig() const {
  // OH_NN_PerformanceMode / OH_NN_Priority have the HDI values (api_state_machine 2.2).
  ModelConfig config;
  config.enable_float16 = enable_float16;
  config.performance_mode = performance_mode;
  config.priority = priority;
  config.extensions = extensions;  // every extension reaches the driver (C-137)
  return config;
}

std::string Compilation::CacheModelName() const {
  auto it = extensions.find("ModelName");
  if (it == extensions.end()) return "";
  std::string name(it->second.begin(), it->second.end());
  return name.substr(0, name.find('\0'));
}

OH_NN_ReturnCode Compilation::CheckOptions(const Device& device) {
  // Order of OpenHarmony's Build: cache -> fp16 -> performance -> priority
  // (api_state_machine 1.2.2 step 4). Unsupported options give the documented
  // OH_NN_UNAVAILABLE_DEVICE (C-135); the model cache keeps FORBIDDEN.
  bool supported = false;
  if (has_cache_path && !cache_path.empty()) {
    if (!device.QueryCapability(device.driver()->IsModelCacheSupported, &supported).ok()) {
      return Fail(OH_NN_UNAVAILABLE_DEVICE, "model cache support query failed");
    }
    if (!supported) return Fail(OH_NN_OPERATION_FORBIDDEN, "the device does not support a model cache");
    if (cache_version == kReservedCacheVersion) {
      return Fail(OH_NN_INVALID_PARAMETER, "cache version UINT32_MAX is reserved");
    }
  }
  if (enable_float16) {
    if (!device.QueryCapability(device.driver()->IsFloat16PrecisionSupported, &supported).ok()) {
      return Fail(OH_NN_UNAVAILABLE_DEVICE, "float16 support query failed");
    }
    if (!supported) return Fail(OH_NN_UNAVAILABLE_DEVICE, "the device does not support float16 precision");
  }
  if (performance_mode != OH_NN_PERFORMANCE_NONE) {
    if (!device.QueryCapability(device.driver()->IsPerformanceModeSupported, &supported).ok()) {
      return Fail(OH_NN_UNAVAILABLE_DEVICE, "performance mode support query failed");
    }
    if (!supported) return Fail(OH_NN_UNAVAILABLE_DEVICE, "the device does not support performance modes");
  }
  if (performance_mode < OH_NN_PERFORMANCE_NONE || performance_mode > OH_NN_PERFORMANCE_EXTREME) {
    return Fail(OH_NN_INVALID_PARAMETER, "performance mode " + std::to_string(performance_mode) + " out of range");
  }
  if (priority != OH_NN_PRIORITY_NONE) {
    if (!device.QueryCapability(device.driver()->IsPrioritySupported, &supported).ok()) {
      return Fail(OH_NN_UNAVAILABLE_DEVICE, "priority support query failed");
    }
    if (!supported) return Fail(OH_NN_UNAVAILABLE_DEVICE, "the device does not support priorities");
  }
  if (priority < OH_NN_PRIORITY_NONE || priority > OH_NN_PRIORITY_HIGH) {
    return Fail(OH_NN_INVALID_PARAMETER, "priority " + std::to_string(priority) + " out of range");
  }
  auto name = extensions.find("ModelName");
  if (name != extensions.end() && (CacheModelName().empty() || CacheModelName().find('/') != std::string::npos)) {
    return Fail(OH_NN_INVALID_PARAMETER, "extension ModelName must be a non-empty file name prefix without '/'");
  }
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode Compilation::BuildFromModel(const std::shared_ptr<Device>& device, const Model& lowered) {
  std::vector<bool> supported;
  Status status = GetSupportedOperations(*device, lowered, &supported);
  if (!status.ok()) return Fail(OH_NN_FAILED, "GetSupportedOperation: " + status.message());
  for (size_t i = 0; i < supported.size(); ++i) {
    if (!supported[i]) {
      return Fail(OH_NN_FAILED, "node " + std::to_string(i) + " (" + NodeTypeName(lowered.nodes[i].type) +
                                    ") is not supported by device " + device->backend_name());
    }
  }
  auto compiled_model = std::make_shared<CompiledModel>();
  status = PrepareModel(device, lowered, HalConfig(), &compiled_model->prepared);
  if (!status.ok()) return Fail(OH_NN_FAILED, status.message());
  compiled_model->inputs = DescribeModelIo(lowered, lowered.inputs);
  compiled_model->outputs = DescribeModelIo(lowered, lowered.outputs);
  compiled = std::move(compiled_model);
  state = State::kBuilt;
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode Compilation::RestoreFromContent(const std::shared_ptr<Device>& device, const CacheContent& content,
                                                 const Model* model) {
  if (content.inputs.empty() || content.outputs.empty()) {
    return Fail(OH_NN_INVALID_FILE, "the cache describes no inputs or no outputs");
  }
  auto compiled_model = std::make_shared<CompiledModel>();
  Status status = PrepareModelFromCache(device, content.device_buffers, HalConfig(), &compiled_model->prepared);
  // The device is the judge of its own cache bytes: a refusal means a damaged cache.
  if (!status.ok()) return Fail(OH_NN_INVALID_FILE, "the device rejected the cache: " + status.message());
  // Descriptors that disagree with the device's model are refused here, not at every run (C-304).
  status = CheckRestoredIo(content, model, *compiled_model->prepared);
  if (!status.ok()) return Fail(OH_NN_INVALID_FILE, "the cache's I/O descriptors are inconsistent: " + status.message());
  compiled_model->inputs = content.inputs;
  compiled_model->outputs = content.outputs;
  compiled = std::move(compiled_model);
  state = State::kBuilt;
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode Compilation::BuildFromCacheDirectory(const std::shared_ptr<Device>& device) {
  if (!IsDirectoryUsable(cache_path, false)) {
    return Fail(OH_NN_INVALID_PATH, "cache directory " + cache_path + " does not exist or is not accessible");
  }
  CacheContent content;
  std::string why;
  switch (ReadCacheDirectory(cache_path, CacheModelName(), cache_version, device->id(), &content, &why)) {
    case CacheLookup::kFound:
      return RestoreFromContent(device, content, nullptr);
    case CacheLookup::kNewerVersion:
      return Fail(OH_NN_INVALID_PARAMETER, "the cache has a newer version than " + std::to_string(cache_version));
    case CacheLookup::kNoCache:
      return Fail(OH_NN_INVALID_FILE, "no model cache in " + cache_path);
    case CacheLookup::kStale:
      return Fail(OH_NN_INVALID_FILE, "the cache is older than version " + std::to_string(cache_version) +
                                          " and there is no model to recompile");
    case CacheLookup::kCorrupt:
      break;
  }
  return Fail(OH_NN_INVALID_FILE, why);
}

OH_NN_ReturnCode Compilation::CollectCacheContent(const std::shared_ptr<Device>& device, CacheContent* content) {
  Status status = ExportModelCache(*compiled->prepared, &content->device_buffers);
  if (!status.ok()) return Fail(OH_NN_SAVE_CACHE_EXCEPTION, "ExportModelCache: " + status.message());
  content->version = cache_version;
  content->device_id = device->id();
  content->inputs = compiled->inputs;
  content->outputs = compiled->outputs;
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode Compilation::SaveCache(const std::shared_ptr<Device>& device) {
  CacheContent content;
  OH_NN_ReturnCode rc = CollectCacheContent(device, &content);
  if (rc != OH_NN_SUCCESS) return rc;
  std::string why;
  if (!WriteCacheDirectory(cache_path, CacheModelName(), content, &why)) {
    return Fail(OH_NN_SAVE_CACHE_EXCEPTION, why);
  }
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode Compilation::BuildOffline(const std::shared_ptr<Device>& device) {
  std::vector<uint8_t> bytes;
  if (has_offline_path) {
    struct stat info {};
    if (stat(offline_path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) {
      return Fail(OH_NN_INVALID_PATH, "offline model file " + offline_path + " does not exist");
    }
    if (info.st_size <= 0 || static_cast<uint64_t>(info.st_size) > kMaxOfflineModelBytes) {
      return Fail(OH_NN_INVALID_FILE, "offline model file " + offline_path + " is empty or too large");
    }
    std::ifstream in(offline_path, std::ios::binary);
    bytes.resize(static_cast<size_t>(info.st_size));
    in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!in || static_cast<size_t>(in.gcount()) != bytes.size()) {
      return Fail(OH_NN_INVALID_FILE, "cannot read offline model file " + offline_path);
    }
  }
  const std::vector<uint8_t>& model_bytes = has_offline_path ? bytes : offline_buffer;
  auto compiled_model = std::make_shared<CompiledModel>();
  Status status = PrepareOfflineModel(device, model_bytes, HalConfig(), &compiled_model->prepared);
  if (!status.ok()) return Fail(OH_NN_FAILED, "PrepareOfflineModel: " + status.message());
  // An offline model carries no NNRt descriptors: they come from the device's
  // dim ranges (name "", type UNKNOWN until the app knows better, C-139).
  std::vector<DimRange> ranges;
  status = GetInputDimRanges(*compiled_model->prepared, &ranges);
  if (!status.ok() || ranges.empty()) {
    return Fail(OH_NN_FAILED, "the offline model reports no inputs: " + status.message());
  }
  for (const DimRange& r : ranges) {
    IoDesc io;
    for (size_t j = 0; j < r.min.size(); ++j) {
      io.desc.shape.push_back(r.min[j] == r.max[j] ? static_cast<int32_t>(r.min[j]) : -1);
    }
    compiled_model->inputs.push_back(io);
  }
  compiled_model->outputs.push_back(IoDesc());
  compiled = std::move(compiled_model);
  state = State::kBuilt;
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode Compilation::Build() {
  // One-shot (api_state_machine A2): any Build after an attempt reached the device.
  if (state != State::kConfiguring) return Fail(OH_NN_INVALID_PARAMETER, "Build was already called");
  int sources = (model != nullptr || model_copy != nullptr ? 1 : 0) + (has_offline_path ? 1 : 0) +
                (has_offline_buffer ? 1 : 0) + (has_imported_cache ? 1 : 0);
  if (sources > 1) return Fail(OH_NN_INVALID_PARAMETER, "more than one model source (model, offline model, cache buffer)");
  if (sources == 0 && !(has_cache_path && !cache_path.empty())) {
    return Fail(OH_NN_INVALID_PARAMETER, "nothing to build: no model, offline model or cache");
  }
  std::shared_ptr<Device> device = DeviceManager::Instance().Find(device_id);
  if (device == nullptr) return Fail(OH_NN_FAILED, "no device with ID " + std::to_string(device_id));
  state = State::kBuildFailed;
  OH_NN_ReturnCode rc = CheckOptions(*device);
  if (rc != OH_NN_SUCCESS) return rc;

  if (has_offline_path || has_offline_buffer) return BuildOffline(device);
  if (has_imported_cache) {
    CacheContent content;
    std::string why;
    if (!ParseCacheBuffer(imported_cache.data(), imported_cache.size(), &content, &why)) {
      return Fail(OH_NN_INVALID_FILE, why);
    }
    if (content.device_id != device->id()) return Fail(OH_NN_INVALID_FILE, "the cache was exported by another device");
    return RestoreFromContent(device, content, nullptr);
  }
  if (sources == 0) return BuildFromCacheDirectory(device);

  if (model_copy == nullptr) {
    if (!model->finished()) return Fail(OH_NN_INVALID_PARAMETER, "the model is not finished (OH_NNModel_Finish)");
    model_copy = std::make_shared<Model>(model->LoweredModel());
  }
  bool use_cache = has_cache_path && !cache_path.empty();
  if (!use_cache) return BuildFromModel(device, *model_copy);

  if (!IsDirectoryUsable(cache_path, true)) {
    return Fail(OH_NN_INVALID_PATH, "cache directory " + cache_path + " does not exist or is not writable");
  }
  CacheContent content;
  std::string why;
  switch (ReadCacheDirectory(cache_path, CacheModelName(), cache_version, device->id(), &content, &why)) {
    case CacheLookup::kFound:
      return RestoreFromContent(device, content, model_copy.get());
    case CacheLookup::kNewerVersion:
      return Fail(OH_NN_INVALID_PARAMETER, "the cache in " + cache_path + " has a newer version than " +
                                               std::to_string(cache_version));
    case CacheLookup::kCorrupt:
      return Fail(OH_NN_INVALID_FILE, why);
    case CacheLookup::kNoCache:
    case CacheLookup::kStale:
      break;
  }
  rc = BuildFromModel(device, *model_copy);
  if (rc != OH_NN_SUCCESS) return rc;
  return SaveCache(device);
}

OH_NN_ReturnCode Compilation::ExportCache(void* buffer, size_t length, size_t* model_size) {
  if (state != State::kBuilt) return Fail(OH_NN_INVALID_PARAMETER, "ExportCacheToBuffer needs a built compilation");
  const std::shared_ptr<Device>& device = compiled->prepared->device();
  bool supported = false;
  if (!device->QueryCapability(device->driver()->IsModelCacheSupported, &supported).ok() || !supported) {
    return Fail(OH_NN_UNSUPPORTED, "the device does not support a model cache");
  }
  CacheContent content;
  OH_NN_ReturnCode rc = CollectCacheContent(device, &content);
  if (rc != OH_NN_SUCCESS) return rc;
  std::vector<uint8_t> bytes = SerializeCacheBuffer(content);
  *model_size = bytes.size();
  if (length < bytes.size()) {
    return Fail(OH_NN_INVALID_PARAMETER, "buffer of " + std::to_string(length) + " bytes is smaller than the cache (" +
                                             std::to_string(bytes.size()) + " bytes)");
  }
  std::memcpy(buffer, bytes.data(), bytes.size());
  return OH_NN_SUCCESS;
}

}  // namespace rt
}  // namespace nnrt
