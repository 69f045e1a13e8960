// OH_NNCompilation: options collected before Build, then a prepared model on
// one device (api_state_machine 1.2.2, 1.3.4; deviations from OpenHarmony in
// docs/clarifications.md C-130..C-159 and docs/api.md).
#ifndef NNRT_REFERENCE_RUNTIME_COMPILATION_H_
#define NNRT_REFERENCE_RUNTIME_COMPILATION_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "neural_network_runtime/neural_network_runtime_type.h"
#include "reference/hal/hal_model_view.h"
#include "reference/ir/ir.h"
#include "reference/runtime/device_manager.h"
#include "reference/runtime/hal_bridge.h"
#include "reference/runtime/compilation_cache.h"

namespace nnrt {
namespace rt {

class NNModel;

// What Build produced; shared with every executor made from it.
struct CompiledModel {
  std::shared_ptr<PreparedModel> prepared;
  std::vector<IoDesc> inputs;
  std::vector<IoDesc> outputs;
};

class Compilation {
 public:
  enum class State { kConfiguring, kBuilt, kBuildFailed };

  // Sources (exactly one must be present at Build).
  const NNModel* model = nullptr;           // OH_NNCompilation_Construct
  std::shared_ptr<const Model> model_copy;  // lowered model copied at Construct when already finished
  bool has_offline_path = false;
  std::string offline_path;
  bool has_offline_buffer = false;
  std::vector<uint8_t> offline_buffer;
  bool has_imported_cache = false;
  std::vector<uint8_t> imported_cache;

  // Options.
  size_t device_id = 0;
  bool has_cache_path = false;
  std::string cache_path;
  uint32_t cache_version = 0;
  int32_t performance_mode = OH_NN_PERFORMANCE_NONE;
  int32_t priority = OH_NN_PRIORITY_NONE;
  bool enable_float16 = false;
  std::map<std::string, std::vector<uint8_t>> extensions;

  State state = State::kConfiguring;
  std::shared_ptr<CompiledModel> compiled;  // set when kBuilt
  std::string last_error;

  OH_NN_ReturnCode Build();
  OH_NN_ReturnCode ExportCache(void* buffer, size_t length, size_t* model_size);
  ModelConfig HalConfig() const;

 private:
  OH_NN_ReturnCode Fail(OH_NN_ReturnCode code, std::string message);
  OH_NN_ReturnCode CheckOptions(const Device& device);
  OH_NN_ReturnCode BuildFromModel(const std::shared_ptr<Device>& device, const Model& model);
  // `model`: the compilation's own model when it has one (checked against the
  // cache's descriptors, C-304), else nullptr.
  OH_NN_ReturnCode RestoreFromContent(const std::shared_ptr<Device>& device, const CacheContent& content,
                                      const Model* model);
  OH_NN_ReturnCode BuildFromCacheDirectory(const std::shared_ptr<Device>& device);
  OH_NN_ReturnCode BuildOffline(const std::shared_ptr<Device>& device);
  // The built model's cache: the device's exported buffers plus the I/O
  // descriptors, version and device ID (shared by SaveCache and ExportCache).
  OH_NN_ReturnCode CollectCacheContent(const std::shared_ptr<Device>& device, CacheContent* content);
  OH_NN_ReturnCode SaveCache(const std::shared_ptr<Device>& device);
  std::string CacheModelName() const;
};

inline Compilation* AsCompilation(OH_NNCompilation* c) { return reinterpret_cast<Compilation*>(c); }

// The executor-facing descriptors of a lowered model's inputs/outputs.
std::vector<IoDesc> DescribeModelIo(const Model& model, const std::vector<uint32_t>& indices);

// OH_NN_Format <-> HDI format and OH_NN_DataType <-> HDI data type for the HAL.
int32_t OhFormatToHal(int32_t oh_format);
int32_t HalFormatToOh(int32_t hal_format);

}  // namespace rt
}  // namespace nnrt

#endif  // NNRT_REFERENCE_RUNTIME_COMPILATION_H_
