// Conversion between the reference IR (reference/ir/ir.h) and the HAL C view
// (reference/hal/nnrt_hal.h): NNRT_HalModel and NNRT_HalModelConfig.
//
// IR -> C: HalModelView / HalModelConfigView own every array and string the C
// structs point at, so the view stays valid exactly as long as the object.
// C -> IR: ModelFromHal / ModelConfigFromHal treat the C view as untrusted
// input (it comes across a library boundary) and reject anything malformed
// with a Status instead of crashing (docs/clarifications.md C-20..C-23).
#ifndef NNRT_REFERENCE_HAL_HAL_MODEL_VIEW_H_
#define NNRT_REFERENCE_HAL_HAL_MODEL_VIEW_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "reference/hal/nnrt_hal.h"
#include "reference/ir/ir.h"

namespace nnrt {

// HDI ModelConfig as C++ values. mode and priority stay plain integers so that
// out-of-range values can be carried to a driver (which must reject them).
struct ModelConfig {
  bool enable_float16 = false;
  int32_t performance_mode = NNRT_PERFORMANCE_NONE;  // NNRT_HalPerformanceMode
  int32_t priority = NNRT_PRIORITY_NONE;             // NNRT_HalPriority
  std::map<std::string, std::vector<uint8_t>> extensions;
  bool operator==(const ModelConfig& o) const {
    return enable_float16 == o.enable_float16 && performance_mode == o.performance_mode &&
           priority == o.priority && extensions == o.extensions;
  }
};

// Sanity caps applied to the untrusted C view (C-21). A count above a cap is
// NNRT_INVALID_MODEL: no real model comes near them, and they keep a hostile
// count from turning into a multi-gigabyte allocation.
constexpr uint32_t kHalMaxTensors = 1u << 20;
constexpr uint32_t kHalMaxNodes = 1u << 20;
constexpr uint32_t kHalMaxSubGraphs = 1u << 16;
constexpr uint32_t kHalMaxNodeIo = 1u << 16;        // inputs or outputs of one node / model / subgraph
constexpr uint32_t kHalMaxAttrs = 1u << 12;         // attributes of one node
constexpr uint32_t kHalMaxAttrElements = 1u << 24;  // elements of one attribute
constexpr uint32_t kHalMaxQuantParams = 1u << 20;   // per tensor
constexpr uint32_t kHalMaxExtensions = 1u << 12;
constexpr uint32_t kHalMaxStringLength = 1u << 16;  // names, keys (without the NUL)

struct HalViewOptions {
  // false: constant data lives in process memory (data.fd = -1).
  // true:  constant data lives in one memfd, mapped at hostAddress, and every
  //        tensor's data.fd is that memfd (what OpenHarmony's runtime does with
  //        a device buffer, api_state_machine.md "Model construction").
  bool constants_in_memfd = false;
};

// An owning NNRT_HalModel built from an IR model. All constant data sits in
// one buffer; tensors without data get {fd, bufferSize, offset 0, dataSize 0}.
// The IR model need not be valid: the view copies whatever it holds, so that
// invalid models can be sent to a driver on purpose.
class HalModelView {
 public:
  static Status Build(const Model& model, const HalViewOptions& options, std::unique_ptr<HalModelView>* view);
  ~HalModelView();
  HalModelView(const HalModelView&) = delete;
  HalModelView& operator=(const HalModelView&) = delete;

  const NNRT_HalModel* get() const { return &c_model_; }
  int32_t constants_fd() const { return fd_; }

 private:
  HalModelView() = default;
  Status AllocateConstants(size_t total, bool use_memfd);
  void FillTensors();
  void FillNodes();
  void FillSubGraphs();

  Model model_;  // owned copy: every string and index array points into it
  int32_t fd_ = -1;
  uint8_t* constants_ = nullptr;
  size_t constants_size_ = 0;
  std::vector<uint8_t> constants_memory_;  // used when not in a memfd
  std::vector<size_t> data_offsets_;       // per tensor
  std::vector<std::vector<NNRT_HalQuantParam>> quant_;
  std::vector<std::vector<uint8_t>> attr_bytes_;  // bool / int8 payloads (IR keeps them as int64)
  std::vector<std::vector<NNRT_HalAttr>> attrs_;
  std::vector<NNRT_HalTensor> tensors_;
  std::vector<NNRT_HalNode> nodes_;
  std::vector<NNRT_HalSubGraph> subgraphs_;
  NNRT_HalModel c_model_{};
};

// An owning NNRT_HalModelConfig.
class HalModelConfigView {
 public:
  explicit HalModelConfigView(const ModelConfig& config);
  HalModelConfigView(const HalModelConfigView&) = delete;
  HalModelConfigView& operator=(const HalModelConfigView&) = delete;
  const NNRT_HalModelConfig* get() const { return &c_config_; }

 private:
  ModelConfig config_;
  std::vector<NNRT_HalExtension> extensions_;
  NNRT_HalModelConfig c_config_{};
};

// C view -> IR. model == NULL is NNRT_NULL_PTR; anything malformed inside it
// (NULL array with a non-zero count, invalid enum value, data outside its
// buffer, counts above the caps) is NNRT_INVALID_MODEL. Checks only what the C
// representation can get wrong; run ValidateModelStructure for the rest.
Status ModelFromHal(const NNRT_HalModel* model, Model* out);

// config == NULL is NNRT_NULL_PTR; a malformed extension list is
// NNRT_INVALID_PARAMETER. mode / priority are copied unchecked (the device
// decides which values it accepts: ValidateModelConfigValues).
Status ModelConfigFromHal(const NNRT_HalModelConfig* config, ModelConfig* out);

// mode 0..4 else NNRT_INVALID_PERFORMANCE_MODE, priority 0..3 else
// NNRT_INVALID_PRIORITY (HDI PerformanceMode / Priority).
Status ValidateModelConfigValues(const ModelConfig& config);

// Reads a NUL-terminated string of at most kHalMaxStringLength characters.
// NULL reads as "" when allow_null, else fails; `what` names it in the message.
Status ReadHalString(const char* s, bool allow_null, const std::string& what, std::string* out);

// The bytes [offset, offset + dataSize) of a NNRT_HalBuffer, through
// hostAddress or, when that is NULL, through an mmap of fd (C-22).
// Fails with `error_code` when the buffer is inconsistent.
class HalBufferAccess {
 public:
  HalBufferAccess() = default;
  ~HalBufferAccess();
  HalBufferAccess(const HalBufferAccess&) = delete;
  HalBufferAccess& operator=(const HalBufferAccess&) = delete;

  Status Open(const NNRT_HalBuffer& buffer, bool writable, NNRT_ReturnCode error_code, const std::string& what);
  uint8_t* data() const { return data_; }
  size_t size() const { return size_; }

 private:
  void* mapping_ = nullptr;
  size_t mapping_size_ = 0;
  uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace nnrt

#endif  // NNRT_REFERENCE_HAL_HAL_MODEL_VIEW_H_
