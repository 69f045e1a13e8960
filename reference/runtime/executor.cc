// The Executor behind OH_NNExecutor_* of neural_network_core.h
// (api_state_machine 1.3.7): run tensors checked and run on the device, async
// runs, the memory registry. The C functions are in executor_api.cc.
#include "reference/runtime/executor.h"

#include <chrono>
#include <condition_variable>
#include <limits>
#include <new>

#include "neural_network_runtime/neural_network_core.h"

namespace nnrt {
namespace rt {

bool IoByteSize(const TensorDesc& desc, size_t* byte_size) {
  *byte_size = 0;
  size_t type_size = OhDataTypeSize(desc.data_type);
  if (type_size == 0) return false;
  size_t count = 1;
  for (int32_t dim : desc.shape) {
    if (dim <= 0) return true;  // dynamic: size unknown until run
    if (count > std::numeric_limits<size_t>::max() / static_cast<size_t>(dim)) return false;
    count *= static_cast<size_t>(dim);
  }
  if (count > std::numeric_limits<size_t>::max() / type_size) return false;
  *byte_size = count * type_size;
  return true;
}

OH_NN_ReturnCode RunErrorToOh(NNRT_ReturnCode code) {
  switch (code) {
    case NNRT_INVALID_PARAMETER:
    case NNRT_INVALID_INPUT:
    case NNRT_INVALID_OUTPUT:
    case NNRT_INVALID_SHAPE:
    case NNRT_INVALID_DATATYPE:
    case NNRT_INVALID_FORMAT:
    case NNRT_INVALID_TENSOR:
    case NNRT_OUT_OF_DIMENTION_RANGES:
    case NNRT_INVALID_BUFFER:
    case NNRT_INVALID_BUFFER_SIZE:
    case NNRT_INSUFFICIENT_BUFFER:
      return OH_NN_INVALID_PARAMETER;
    // The device ran out of memory or hit its memory budget for the run
    // (C-303): the device is fine, the run was too large.
    case NNRT_OUT_OF_MEMORY:
    case NNRT_MEMORY_ERROR:
      return OH_NN_MEMORY_ERROR;
    // The run would go above the device's work budget (C-760): refused
    // before the kernel's loops, the device is fine.
    case NNRT_TIME_OUT:
      return OH_NN_TIMEOUT;
    default:
      return OH_NN_UNAVAILABLE_DEVICE;
  }
}

Executor::Executor(std::shared_ptr<CompiledModel> compiled) : compiled_(std::move(compiled)) {
  for (const IoDesc& out : compiled_->outputs) output_shapes_.push_back(out.desc.shape);
}

Executor::~Executor() {
  std::vector<AsyncRunThread> threads;
  {
    std::lock_guard<std::mutex> lock(async_mutex_);
    threads.swap(async_threads_);
  }
  for (AsyncRunThread& t : threads) {
    if (t.thread.joinable()) t.thread.join();
  }
}

OH_NN_ReturnCode Executor::LoadDimRanges() {
  // Once, also when several threads run the executor at the same time (C-761).
  std::call_once(ranges_once_, [this] {
    Status status = GetInputDimRanges(*compiled_->prepared, &ranges_);
    ranges_rc_ = status.ok() ? OH_NN_SUCCESS : OH_NN_UNAVAILABLE_DEVICE;
    if (!status.ok()) ranges_.clear();
  });
  return ranges_rc_;
}

OH_NN_ReturnCode Executor::CheckRunTensors(NN_Tensor* inputs[], size_t input_count, NN_Tensor* outputs[],
                                           size_t output_count) {
  if (input_count != compiled_->inputs.size() || output_count != compiled_->outputs.size()) {
    return OH_NN_INVALID_PARAMETER;
  }
  // Dim-range check (row 9); skipped when the device cannot report ranges.
  if (LoadDimRanges() == OH_NN_SUCCESS) {
    if (ranges_.size() != input_count) return OH_NN_INVALID_PARAMETER;
    for (size_t i = 0; i < input_count; ++i) {
      if (inputs[i] == nullptr) return OH_NN_NULL_PTR;
      const std::vector<int32_t>& shape = AsTensor(inputs[i])->desc.shape;
      const DimRange& range = ranges_[i];
      // A rank the device did not compile for is refused here too (C-144).
      if (shape.size() != range.min.size()) return OH_NN_INVALID_PARAMETER;
      for (size_t j = 0; j < shape.size(); ++j) {
        if (shape[j] < 0 || static_cast<size_t>(shape[j]) < range.min[j] || static_cast<size_t>(shape[j]) > range.max[j]) {
          return OH_NN_INVALID_PARAMETER;
        }
      }
    }
  }
  for (size_t i = 0; i < input_count; ++i) {
    if (inputs[i] == nullptr) return OH_NN_INVALID_PARAMETER;
  }
  for (size_t i = 0; i < output_count; ++i) {
    if (outputs[i] == nullptr) return OH_NN_INVALID_PARAMETER;
  }
  // Row 12: every buffer must hold its descriptor's bytes.
  for (size_t k = 0; k < input_count + output_count; ++k) {
    const NNTensor* t = AsTensor(k < input_count ? inputs[k] : outputs[k - input_count]);
    size_t byte_size = 0;
    if (t->memory == nullptr || t->memory->fd() < 0 || !IoByteSize(t->desc, &byte_size) ||
        t->size - t->offset < byte_size) {
      return OH_NN_FAILED;
    }
  }
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode Executor::RunOnDevice(const std::vector<RunTensor>& inputs, const std::vector<RunTensor>& outputs,
                                       std::vector<std::vector<int32_t>>* output_dims) {
  auto to_hal = [](const RunTensor& t, const IoDesc& compiled) {
    NNRT_HalIOTensor io{};
    io.name = compiled.desc.name.c_str();
    auto hal_type = DataTypeFromOhnn(t.oh_data_type);
    io.dataType = hal_type ? static_cast<int32_t>(*hal_type) : NNRT_DATA_TYPE_UNKNOWN;
    io.dims = t.dims.data();
    io.dimCount = static_cast<uint32_t>(t.dims.size());
    io.format = OhFormatToHal(t.oh_format);
    io.data = t.buffer;
    return io;
  };
  std::vector<NNRT_HalIOTensor> hal_inputs, hal_outputs;
  for (size_t i = 0; i < inputs.size(); ++i) hal_inputs.push_back(to_hal(inputs[i], compiled_->inputs[i]));
  for (size_t i = 0; i < outputs.size(); ++i) hal_outputs.push_back(to_hal(outputs[i], compiled_->outputs[i]));
  std::vector<NNRT_HalShape> shapes(outputs.size() + 1);
  const Device& dev = *device();
  int32_t rc;
  {
    std::lock_guard<std::mutex> lock(run_mutex_);
    rc = dev.driver()->Run(compiled_->prepared->handle(), hal_inputs.data(), static_cast<uint32_t>(hal_inputs.size()),
                           hal_outputs.data(), static_cast<uint32_t>(hal_outputs.size()), shapes.data());
  }
  if (rc != NNRT_SUCCESS) return RunErrorToOh(static_cast<NNRT_ReturnCode>(rc));
  output_dims->clear();
  for (size_t i = 0; i < outputs.size(); ++i) {
    // Rank 0 is a scalar output, accepted (C-143); above the descriptor limit is not.
    if (shapes[i].rank > kMaxTensorDescRank) return OH_NN_INVALID_PARAMETER;
    output_dims->emplace_back(shapes[i].dims, shapes[i].dims + shapes[i].rank);
  }
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode Executor::RunTensors(NN_Tensor* const inputs[], size_t input_count, NN_Tensor* const outputs[],
                                      size_t output_count) {
  std::vector<RunTensor> in, out;
  // A tensor the HAL buffer cannot describe is refused, never narrowed (C-302).
  for (size_t i = 0; i < input_count; ++i) {
    const NNTensor* t = AsTensor(inputs[i]);
    size_t byte_size = 0;
    IoByteSize(t->desc, &byte_size);
    in.push_back({t->desc.data_type, t->desc.format, t->desc.shape, {}});
    if (!t->HalView(byte_size, &in.back().buffer)) return OH_NN_INVALID_PARAMETER;
  }
  for (size_t i = 0; i < output_count; ++i) {
    const NNTensor* t = AsTensor(outputs[i]);
    out.push_back({t->desc.data_type, t->desc.format, t->desc.shape, {}});
    if (!t->HalView(t->size - t->offset, &out.back().buffer)) return OH_NN_INVALID_PARAMETER;
  }
  std::vector<std::vector<int32_t>> dims;
  OH_NN_ReturnCode rc = RunOnDevice(in, out, &dims);
  if (rc != OH_NN_SUCCESS) return rc;
  std::lock_guard<std::mutex> lock(shape_mutex_);
  for (size_t i = 0; i < output_count; ++i) {
    AsTensor(outputs[i])->desc.shape = dims[i];
    output_shapes_[i] = dims[i];
  }
  return OH_NN_SUCCESS;
}

namespace {

struct AsyncState {
  std::mutex mutex;
  std::condition_variable done_cv;
  bool done = false;
  OH_NN_ReturnCode result = OH_NN_SUCCESS;
};

}  // namespace

OH_NN_ReturnCode Executor::RunAsync(std::vector<NN_Tensor*> inputs, std::vector<NN_Tensor*> outputs,
                                    int32_t timeout_ms, void* user_data) {
  NN_OnRunDone done_callback = on_run_done;
  NN_OnServiceDied died_callback = on_service_died;
  // The watcher owns the run: it starts the device run on a worker thread,
  // waits at most timeout_ms (<= 0: no limit), and reports exactly once.
  auto finished = std::make_shared<std::atomic<bool>>(false);
  auto watcher = [this, inputs, outputs, timeout_ms, user_data, done_callback, died_callback, finished]() {
    auto state = std::make_shared<AsyncState>();
    std::thread worker([this, state, &inputs, &outputs]() {
      OH_NN_ReturnCode rc = RunTensors(inputs.data(), inputs.size(), outputs.data(), outputs.size());
      std::lock_guard<std::mutex> lock(state->mutex);
      state->result = rc;
      state->done = true;
      state->done_cv.notify_all();
    });
    OH_NN_ReturnCode reported;
    {
      std::unique_lock<std::mutex> lock(state->mutex);
      if (timeout_ms > 0) {
        bool finished = state->done_cv.wait_for(lock, std::chrono::milliseconds(timeout_ms), [&] { return state->done; });
        reported = finished ? state->result : OH_NN_TIMEOUT;
      } else {
        state->done_cv.wait(lock, [&] { return state->done; });
        reported = state->result;
      }
    }
    std::vector<void*> output_handles(outputs.begin(), outputs.end());
    if (reported == OH_NN_UNAVAILABLE_DEVICE && died_callback != nullptr) died_callback(user_data);
    if (done_callback != nullptr) {
      done_callback(user_data, reported, output_handles.data(), static_cast<int32_t>(output_handles.size()));
    }
    // A timed-out run cannot be interrupted inside the driver: it is waited
    // for here so that no thread outlives the executor (C-146).
    worker.join();
    finished->store(true);
  };
  std::lock_guard<std::mutex> lock(async_mutex_);
  // Reap runs that are over, so a long-lived executor does not collect threads.
  for (auto it = async_threads_.begin(); it != async_threads_.end();) {
    if (it->finished->load()) {
      it->thread.join();
      it = async_threads_.erase(it);
    } else {
      ++it;
    }
  }
  try {
    async_threads_.push_back(AsyncRunThread{std::thread(watcher), finished});
  } catch (...) {
    return OH_NN_MEMORY_ERROR;
  }
  return OH_NN_SUCCESS;
}

MemoryRegistry& MemoryRegistry::Instance() {
  static MemoryRegistry* instance = new MemoryRegistry();
  return *instance;
}

OH_NN_Memory* MemoryRegistry::Allocate(const std::shared_ptr<Device>& device, size_t length) {
  std::unique_ptr<SharedMemory> memory = SharedMemory::Allocate(device, length);
  if (memory == nullptr) return nullptr;
  std::unique_ptr<OH_NN_Memory> handle(new (std::nothrow) OH_NN_Memory{memory->base(), length});
  if (handle == nullptr) return nullptr;
  OH_NN_Memory* result = handle.get();
  std::lock_guard<std::mutex> lock(mutex_);
  void* key = memory->base();
  blocks_[key] = Block{std::move(memory), std::move(handle)};
  return result;
}

bool MemoryRegistry::Release(void* data) {
  Block block;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = blocks_.find(data);
    if (it == blocks_.end()) return false;
    block = std::move(it->second);
    blocks_.erase(it);
  }
  return true;  // block's destructor releases the device buffer
}

bool MemoryRegistry::Find(void* data, NNRT_HalBuffer* view, size_t* length) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = blocks_.find(data);
  if (it == blocks_.end()) return false;
  *length = it->second.handle->length;
  return it->second.memory->HalView(0, *length, view);
}

}  // namespace rt
}  // namespace nnrt
