// OH_NNExecutor: runs a compiled model (api_state_machine 1.2.3, 1.3.7,
// 1.3.8). Two styles share one object: API 11 RunSync/RunAsync with NN_Tensor
// arrays (stateless), and API 9 SetInput/SetOutput/Run with per-index bindings.
#ifndef NNRT_REFERENCE_RUNTIME_EXECUTOR_H_
#define NNRT_REFERENCE_RUNTIME_EXECUTOR_H_

#include <cstddef>
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "neural_network_runtime/neural_network_runtime_type.h"
#include "reference/runtime/compilation.h"
#include "reference/runtime/nn_tensor.h"

namespace nnrt {
namespace rt {

// Max tensors per RunSync/RunAsync array (api_state_machine 0).
constexpr size_t kMaxRunTensors = 200;

// One tensor handed to the device for a run.
struct RunTensor {
  int32_t oh_data_type = OH_NN_UNKNOWN;
  int32_t oh_format = OH_NN_FORMAT_NONE;
  std::vector<int32_t> dims;
  NNRT_HalBuffer buffer{};
};

// Byte size of an I/O descriptor where an empty shape is a scalar (1 element)
// and a dim <= 0 gives 0 (dynamic). false on overflow or UNKNOWN type.
bool IoByteSize(const TensorDesc& desc, size_t* byte_size);

class Executor {
 public:
  explicit Executor(std::shared_ptr<CompiledModel> compiled);
  ~Executor();  // waits for asynchronous runs still in flight
  Executor(const Executor&) = delete;
  Executor& operator=(const Executor&) = delete;

  const std::vector<IoDesc>& inputs() const { return compiled_->inputs; }
  const std::vector<IoDesc>& outputs() const { return compiled_->outputs; }
  std::vector<int32_t>& output_shape(size_t i) { return output_shapes_[i]; }
  const std::shared_ptr<Device>& device() const { return compiled_->prepared->device(); }

  // Dim ranges of the prepared model, fetched once. SUCCESS, or
  // OH_NN_UNAVAILABLE_DEVICE when the device cannot report them.
  OH_NN_ReturnCode LoadDimRanges();
  const std::vector<DimRange>& dim_ranges() const { return ranges_; }

  // RunSync rows 1-12 for the tensor arrays (api_state_machine 1.3.7).
  OH_NN_ReturnCode CheckRunTensors(NN_Tensor* inputs[], size_t input_count, NN_Tensor* outputs[], size_t output_count);
  // Rows 13-16: the device run, then output shapes written back.
  OH_NN_ReturnCode RunTensors(NN_Tensor* const inputs[], size_t input_count, NN_Tensor* const outputs[],
                              size_t output_count);
  // Runs on the device and returns each output's actual dims.
  OH_NN_ReturnCode RunOnDevice(const std::vector<RunTensor>& inputs, const std::vector<RunTensor>& outputs,
                               std::vector<std::vector<int32_t>>* output_dims);

  OH_NN_ReturnCode RunAsync(std::vector<NN_Tensor*> inputs, std::vector<NN_Tensor*> outputs, int32_t timeout_ms,
                            void* user_data);

  NN_OnRunDone on_run_done = nullptr;
  NN_OnServiceDied on_service_died = nullptr;

  // ---- API 9 bindings ----
  struct InputBinding {
    std::unique_ptr<SharedMemory> inner;  // SetInput copy
    void* memory_data = nullptr;          // SetInputWithMemory: OH_NN_Memory::data
    size_t byte_size = 0;
    OH_NN_DataType data_type = OH_NN_UNKNOWN;
    std::vector<int32_t> dims;
  };
  struct OutputBinding {
    std::unique_ptr<SharedMemory> inner;  // SetOutput: device buffer, copied to user_buffer after Run
    void* user_buffer = nullptr;
    size_t user_length = 0;
    void* memory_data = nullptr;  // SetOutputWithMemory
    size_t memory_length = 0;
  };
  std::map<uint32_t, InputBinding> bound_inputs;
  std::map<uint32_t, OutputBinding> bound_outputs;
  // Memory from Allocate{Input,Output}Memory, by index (data pointers).
  std::map<uint32_t, std::vector<void*>> allocated_inputs;
  std::map<uint32_t, std::vector<void*>> allocated_outputs;

 private:
  std::shared_ptr<CompiledModel> compiled_;
  std::vector<std::vector<int32_t>> output_shapes_;
  std::once_flag ranges_once_;  // LoadDimRanges
  OH_NN_ReturnCode ranges_rc_ = OH_NN_SUCCESS;
  std::vector<DimRange> ranges_;
  std::mutex run_mutex_;    // one device run at a time per executor
  std::mutex shape_mutex_;  // output shapes written back by concurrent RunSync calls
  struct AsyncRunThread {
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> finished;  // set as the thread's last action
  };
  std::mutex async_mutex_;  // guards async_threads_
  std::vector<AsyncRunThread> async_threads_;  // finished ones are joined by the next RunAsync
};

inline Executor* AsExecutor(OH_NNExecutor* e) { return reinterpret_cast<Executor*>(e); }
inline const Executor* AsExecutor(const OH_NNExecutor* e) { return reinterpret_cast<const Executor*>(e); }

// HAL code of a failed device run -> OH code (C-143): input problems the
// device detected are the caller's (INVALID_PARAMETER), out of memory or over
// the device's run memory budget is OH_NN_MEMORY_ERROR (C-303), the rest
// UNAVAILABLE_DEVICE.
OH_NN_ReturnCode RunErrorToOh(NNRT_ReturnCode code);

// Process-wide record of OH_NN_Memory blocks (API 9), keyed by data pointer.
class MemoryRegistry {
 public:
  static MemoryRegistry& Instance();
  OH_NN_Memory* Allocate(const std::shared_ptr<Device>& device, size_t length);
  // Releases the block whose data is `data`; false when unknown.
  bool Release(void* data);
  // The HAL view of the block holding `data`; false when unknown or when the
  // HAL buffer cannot describe it (C-302).
  bool Find(void* data, NNRT_HalBuffer* view, size_t* length);

 private:
  struct Block {
    std::unique_ptr<SharedMemory> memory;
    std::unique_ptr<OH_NN_Memory> handle;
  };
  std::mutex mutex_;
  std::map<void*, Block> blocks_;
};

}  // namespace rt
}  // namespace nnrt

#endif  // NNRT_REFERENCE_RUNTIME_EXECUTOR_H_
