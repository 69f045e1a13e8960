// The API 9 executor functions of neural_network_runtime.h (deprecated since
// 11, still supported): per-index bindings, then Run (api_state_machine 1.3.8).
#include <cstring>
#include <new>

#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/runtime/executor.h"

using nnrt::rt::AsExecutor;
using nnrt::rt::Executor;
using nnrt::rt::MemoryRegistry;

namespace {

constexpr int32_t kMaxTensorType = OH_NN_REDUCE_L2_COEFF;  // 162, last OH_NN_TensorType
constexpr uint32_t kMaxModelTensorRank = 200;

// Rows 2-6 of OH_NNExecutor_SetInput: device dim ranges, index, the
// OH_NN_Tensor itself, then agreement with the compiled input.
OH_NN_ReturnCode CheckInputTensor(Executor* e, uint32_t index, const OH_NN_Tensor& t, size_t* byte_size) {
  // Row 2: a failing device range query is UNAVAIL for SetInput (unlike
  // RunSync, which skips its range check then: api_state_machine 1.3.7 row 9).
  const OH_NN_ReturnCode ranges_rc = e->LoadDimRanges();
  if (ranges_rc != OH_NN_SUCCESS) return ranges_rc;
  {
    if (index >= e->dim_ranges().size()) return OH_NN_INVALID_PARAMETER;
    const nnrt::rt::DimRange& range = e->dim_ranges()[index];
    if (t.dimensionCount != range.min.size()) return OH_NN_INVALID_PARAMETER;
    for (uint32_t j = 0; j < t.dimensionCount && t.dimensions != nullptr; ++j) {
      int32_t d = t.dimensions[j];
      if (d < 0 || static_cast<size_t>(d) < range.min[j] || static_cast<size_t>(d) > range.max[j]) {
        return OH_NN_INVALID_PARAMETER;
      }
    }
  }
  if (index >= e->inputs().size()) return OH_NN_INVALID_PARAMETER;
  const int32_t data_type = nnrt::rt::RawEnumValue(t.dataType);
  const int32_t tensor_type = nnrt::rt::RawEnumValue(t.type);
  if (data_type < OH_NN_UNKNOWN || data_type > OH_NN_FLOAT64) return OH_NN_INVALID_PARAMETER;
  if (tensor_type < OH_NN_TENSOR || tensor_type > kMaxTensorType) return OH_NN_INVALID_PARAMETER;
  if ((t.dimensions != nullptr) != (t.dimensionCount > 0) || t.dimensionCount > kMaxModelTensorRank) {
    return OH_NN_INVALID_PARAMETER;
  }
  for (uint32_t j = 0; j < t.dimensionCount; ++j) {
    if (t.dimensions[j] == 0 || t.dimensions[j] < -1) return OH_NN_INVALID_PARAMETER;
  }
  if (t.quantParam != nullptr) {
    const OH_NN_QuantParam& q = *t.quantParam;
    if (q.numBits == nullptr || q.scale == nullptr || q.zeroPoint == nullptr) return OH_NN_INVALID_PARAMETER;
    for (uint32_t k = 0; k < q.quantCount; ++k) {
      if (q.numBits[k] != 8) return OH_NN_INVALID_PARAMETER;
    }
  }
  for (uint32_t j = 0; j < t.dimensionCount; ++j) {
    if (t.dimensions[j] == -1) return OH_NN_INVALID_PARAMETER;  // an input to run must be concrete
  }
  const nnrt::rt::TensorDesc& compiled = e->inputs()[index].desc;
  if (data_type != compiled.data_type || t.dimensionCount != compiled.shape.size() || tensor_type != OH_NN_TENSOR) {
    return OH_NN_INVALID_PARAMETER;
  }
  for (uint32_t j = 0; j < t.dimensionCount; ++j) {
    if (compiled.shape[j] != -1 && compiled.shape[j] != t.dimensions[j]) return OH_NN_INVALID_PARAMETER;
  }
  nnrt::rt::TensorDesc given;
  given.data_type = static_cast<OH_NN_DataType>(data_type);
  given.shape.assign(t.dimensions, t.dimensions + t.dimensionCount);
  if (!nnrt::rt::IoByteSize(given, byte_size)) return OH_NN_INVALID_PARAMETER;
  return OH_NN_SUCCESS;
}

void BindInputShape(Executor::InputBinding* binding, const OH_NN_Tensor& t, size_t byte_size) {
  binding->byte_size = byte_size;
  binding->data_type = t.dataType;
  binding->dims.assign(t.dimensions, t.dimensions + t.dimensionCount);
}

// Byte size of compiled output `index` (0 when dynamic).
OH_NN_ReturnCode OutputByteSize(Executor* e, uint32_t index, size_t* byte_size) {
  if (!nnrt::rt::IoByteSize(e->outputs()[index].desc, byte_size)) return OH_NN_INVALID_PARAMETER;
  return OH_NN_SUCCESS;
}

OH_NN_Memory* AllocateMemory(Executor* e, std::map<uint32_t, std::vector<void*>>* record, uint32_t index,
                             size_t count, size_t length) {
  if (length == 0 || index >= count || length > nnrt::rt::kAllocateBufferLimit) return nullptr;
  OH_NN_Memory* memory = MemoryRegistry::Instance().Allocate(e->device(), length);
  if (memory != nullptr) (*record)[index].push_back(memory->data);
  return memory;
}

// Releases memory only when it was allocated under this very index (A40).
void DestroyMemory(std::map<uint32_t, std::vector<void*>>* record, uint32_t index, OH_NN_Memory** memory) {
  if (memory == nullptr || *memory == nullptr) return;
  auto it = record->find(index);
  if (it == record->end()) return;
  std::vector<void*>& list = it->second;
  for (size_t k = 0; k < list.size(); ++k) {
    if (list[k] == (*memory)->data) {
      if (!MemoryRegistry::Instance().Release(list[k])) return;
      list.erase(list.begin() + static_cast<std::ptrdiff_t>(k));
      *memory = nullptr;
      return;
    }
  }
}

}  // namespace

extern "C" {

OH_NN_ReturnCode OH_NNExecutor_SetInput(OH_NNExecutor* executor, uint32_t inputIndex, const OH_NN_Tensor* tensor,
                                        const void* dataBuffer, size_t length) {
  if (executor == nullptr || tensor == nullptr || dataBuffer == nullptr || length == 0) return OH_NN_INVALID_PARAMETER;
  Executor* e = AsExecutor(executor);
  size_t byte_size = 0;
  OH_NN_ReturnCode rc = CheckInputTensor(e, inputIndex, *tensor, &byte_size);
  if (rc != OH_NN_SUCCESS) return rc;
  if (length < byte_size) return OH_NN_INVALID_PARAMETER;
  Executor::InputBinding& binding = e->bound_inputs[inputIndex];
  if (binding.inner == nullptr || binding.inner->length() < byte_size) {
    binding.inner = nnrt::rt::SharedMemory::Allocate(e->device(), byte_size == 0 ? 1 : byte_size);
    if (binding.inner == nullptr) {
      e->bound_inputs.erase(inputIndex);
      return OH_NN_MEMORY_ERROR;
    }
  }
  std::memcpy(binding.inner->base(), dataBuffer, byte_size);
  binding.memory_data = nullptr;
  BindInputShape(&binding, *tensor, byte_size);
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNExecutor_SetOutput(OH_NNExecutor* executor, uint32_t outputIndex, void* dataBuffer,
                                         size_t length) {
  if (executor == nullptr || dataBuffer == nullptr || length == 0) return OH_NN_INVALID_PARAMETER;
  Executor* e = AsExecutor(executor);
  if (outputIndex >= e->outputs().size()) return OH_NN_INVALID_PARAMETER;
  size_t byte_size = 0;
  OH_NN_ReturnCode rc = OutputByteSize(e, outputIndex, &byte_size);
  if (rc != OH_NN_SUCCESS) return rc;
  if (length < byte_size) return OH_NN_INVALID_PARAMETER;
  Executor::OutputBinding& binding = e->bound_outputs[outputIndex];
  if (binding.inner == nullptr || binding.inner->length() < length) {
    binding.inner = nnrt::rt::SharedMemory::Allocate(e->device(), length);
    if (binding.inner == nullptr) {
      e->bound_outputs.erase(outputIndex);
      return OH_NN_MEMORY_ERROR;
    }
  }
  binding.user_buffer = dataBuffer;
  binding.user_length = length;
  binding.memory_data = nullptr;
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNExecutor_Run(OH_NNExecutor* executor) {
  if (executor == nullptr) return OH_NN_INVALID_PARAMETER;
  Executor* e = AsExecutor(executor);
  if (e->bound_inputs.size() != e->inputs().size() || e->bound_outputs.size() != e->outputs().size()) {
    return OH_NN_INVALID_PARAMETER;
  }
  std::vector<nnrt::rt::RunTensor> inputs, outputs;
  for (auto& entry : e->bound_inputs) {
    const Executor::InputBinding& b = entry.second;
    nnrt::rt::RunTensor t{b.data_type, e->inputs()[entry.first].desc.format, b.dims, {}};
    if (b.memory_data != nullptr) {
      size_t length = 0;
      // Memory destroyed after binding is no longer known: refuse (A-table "Memory Run").
      if (!MemoryRegistry::Instance().Find(b.memory_data, &t.buffer, &length)) return OH_NN_INVALID_PARAMETER;
      if (b.byte_size > length) return OH_NN_INVALID_PARAMETER;  // then it fits the 32-bit dataSize (C-302)
      t.buffer.dataSize = static_cast<uint32_t>(b.byte_size);
    } else if (!b.inner->HalView(0, b.byte_size, &t.buffer)) {
      return OH_NN_INVALID_PARAMETER;
    }
    inputs.push_back(t);
  }
  for (auto& entry : e->bound_outputs) {
    const Executor::OutputBinding& b = entry.second;
    const nnrt::rt::TensorDesc& compiled = e->outputs()[entry.first].desc;
    nnrt::rt::RunTensor t{compiled.data_type, compiled.format, compiled.shape, {}};
    if (b.memory_data != nullptr) {
      size_t length = 0;
      if (!MemoryRegistry::Instance().Find(b.memory_data, &t.buffer, &length)) return OH_NN_INVALID_PARAMETER;
    } else if (!b.inner->HalView(0, b.inner->length(), &t.buffer)) {
      return OH_NN_INVALID_PARAMETER;
    }
    outputs.push_back(t);
  }
  std::vector<std::vector<int32_t>> dims;
  OH_NN_ReturnCode rc = e->RunOnDevice(inputs, outputs, &dims);
  if (rc != OH_NN_SUCCESS) return rc;
  for (auto& entry : e->bound_outputs) {
    uint32_t index = entry.first;
    if (dims[index].size() != e->outputs()[index].desc.shape.size()) return OH_NN_INVALID_PARAMETER;
    e->output_shape(index) = dims[index];
    Executor::OutputBinding& b = entry.second;
    if (b.memory_data != nullptr) continue;  // the device wrote straight into the memory
    nnrt::rt::TensorDesc actual = e->outputs()[index].desc;
    actual.shape = dims[index];
    size_t actual_bytes = 0;
    if (!nnrt::rt::IoByteSize(actual, &actual_bytes) || actual_bytes > b.user_length) return OH_NN_INVALID_PARAMETER;
    if (b.inner == nullptr) return OH_NN_FAILED;
    std::memcpy(b.user_buffer, b.inner->base(), actual_bytes);
  }
  return OH_NN_SUCCESS;
}

OH_NN_Memory* OH_NNExecutor_AllocateInputMemory(OH_NNExecutor* executor, uint32_t inputIndex, size_t length) {
  if (executor == nullptr) return nullptr;
  Executor* e = AsExecutor(executor);
  return AllocateMemory(e, &e->allocated_inputs, inputIndex, e->inputs().size(), length);
}

OH_NN_Memory* OH_NNExecutor_AllocateOutputMemory(OH_NNExecutor* executor, uint32_t outputIndex, size_t length) {
  if (executor == nullptr) return nullptr;
  Executor* e = AsExecutor(executor);
  return AllocateMemory(e, &e->allocated_outputs, outputIndex, e->outputs().size(), length);
}

void OH_NNExecutor_DestroyInputMemory(OH_NNExecutor* executor, uint32_t inputIndex, OH_NN_Memory** memory) {
  if (executor == nullptr) return;
  DestroyMemory(&AsExecutor(executor)->allocated_inputs, inputIndex, memory);
}

void OH_NNExecutor_DestroyOutputMemory(OH_NNExecutor* executor, uint32_t outputIndex, OH_NN_Memory** memory) {
  if (executor == nullptr) return;
  DestroyMemory(&AsExecutor(executor)->allocated_outputs, outputIndex, memory);
}

OH_NN_ReturnCode OH_NNExecutor_SetInputWithMemory(OH_NNExecutor* executor, uint32_t inputIndex,
                                                  const OH_NN_Tensor* tensor, const OH_NN_Memory* memory) {
  if (executor == nullptr || tensor == nullptr || memory == nullptr) return OH_NN_INVALID_PARAMETER;
  Executor* e = AsExecutor(executor);
  size_t byte_size = 0;
  OH_NN_ReturnCode rc = CheckInputTensor(e, inputIndex, *tensor, &byte_size);
  if (rc != OH_NN_SUCCESS) return rc;
  if (memory->length == 0 || memory->length < byte_size) return OH_NN_INVALID_PARAMETER;
  Executor::InputBinding& binding = e->bound_inputs[inputIndex];
  binding.inner.reset();
  binding.memory_data = memory->data;
  BindInputShape(&binding, *tensor, byte_size);
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNExecutor_SetOutputWithMemory(OH_NNExecutor* executor, uint32_t outputIndex,
                                                   const OH_NN_Memory* memory) {
  if (executor == nullptr || memory == nullptr) return OH_NN_INVALID_PARAMETER;
  Executor* e = AsExecutor(executor);
  if (outputIndex >= e->outputs().size()) return OH_NN_INVALID_PARAMETER;
  size_t byte_size = 0;
  OH_NN_ReturnCode rc = OutputByteSize(e, outputIndex, &byte_size);
  if (rc != OH_NN_SUCCESS) return rc;
  if (memory->length == 0 || memory->length < byte_size) return OH_NN_INVALID_PARAMETER;
  Executor::OutputBinding& binding = e->bound_outputs[outputIndex];
  binding.inner.reset();
  binding.user_buffer = nullptr;
  binding.memory_data = memory->data;
  binding.memory_length = memory->length;
  return OH_NN_SUCCESS;
}

}  // extern "C"
