// The OH_NNExecutor_* C functions of neural_network_core.h (api_state_machine
// 1.3.7): NULL and array checks, then the Executor (executor.cc). The
// deprecated OH_NNExecutor_* of neural_network_runtime.h are in executor_compat.cc.
#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

#include "neural_network_runtime/neural_network_core.h"
#include "reference/runtime/executor.h"

using nnrt::rt::AsExecutor;
using nnrt::rt::Executor;

namespace {

bool CheckArrays(NN_Tensor* inputTensor[], size_t inputCount, NN_Tensor* outputTensor[], size_t outputCount) {
  return inputTensor != nullptr && inputCount != 0 && inputCount <= nnrt::rt::kMaxRunTensors &&
         outputTensor != nullptr && outputCount != 0 && outputCount <= nnrt::rt::kMaxRunTensors;
}

nnrt::rt::TensorDesc* CopyDesc(const nnrt::rt::TensorDesc& desc) { return new (std::nothrow) nnrt::rt::TensorDesc(desc); }

}  // namespace

extern "C" {

OH_NNExecutor* OH_NNExecutor_Construct(OH_NNCompilation* compilation) {
  if (compilation == nullptr) return nullptr;
  nnrt::rt::Compilation* c = nnrt::rt::AsCompilation(compilation);
  if (c->state != nnrt::rt::Compilation::State::kBuilt || c->compiled == nullptr) return nullptr;
  if (c->compiled->inputs.empty() || c->compiled->outputs.empty()) return nullptr;
  return reinterpret_cast<OH_NNExecutor*>(new (std::nothrow) Executor(c->compiled));
}

void OH_NNExecutor_Destroy(OH_NNExecutor** executor) {
  if (executor == nullptr || *executor == nullptr) return;
  delete AsExecutor(*executor);
  *executor = nullptr;
}

OH_NN_ReturnCode OH_NNExecutor_GetOutputShape(OH_NNExecutor* executor, uint32_t outputIndex, int32_t** shape,
                                              uint32_t* shapeLength) {
  if (executor == nullptr || shape == nullptr || *shape != nullptr || shapeLength == nullptr) {
    return OH_NN_INVALID_PARAMETER;
  }
  Executor* e = AsExecutor(executor);
  if (outputIndex >= e->outputs().size()) return OH_NN_INVALID_PARAMETER;
  // Before any run: the compiled shape (api_state_machine A19).
  std::vector<int32_t>& dims = e->output_shape(outputIndex);
  *shape = dims.empty() ? nullptr : dims.data();
  *shapeLength = static_cast<uint32_t>(dims.size());
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNExecutor_GetInputCount(const OH_NNExecutor* executor, size_t* inputCount) {
  if (executor == nullptr || inputCount == nullptr) return OH_NN_INVALID_PARAMETER;
  *inputCount = AsExecutor(executor)->inputs().size();
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNExecutor_GetOutputCount(const OH_NNExecutor* executor, size_t* outputCount) {
  if (executor == nullptr || outputCount == nullptr) return OH_NN_INVALID_PARAMETER;
  *outputCount = AsExecutor(executor)->outputs().size();
  return OH_NN_SUCCESS;
}

NN_TensorDesc* OH_NNExecutor_CreateInputTensorDesc(const OH_NNExecutor* executor, size_t index) {
  if (executor == nullptr || index >= AsExecutor(executor)->inputs().size()) return nullptr;
  return nnrt::rt::AsHandle(CopyDesc(AsExecutor(executor)->inputs()[index].desc));
}

NN_TensorDesc* OH_NNExecutor_CreateOutputTensorDesc(const OH_NNExecutor* executor, size_t index) {
  if (executor == nullptr || index >= AsExecutor(executor)->outputs().size()) return nullptr;
  return nnrt::rt::AsHandle(CopyDesc(AsExecutor(executor)->outputs()[index].desc));
}

OH_NN_ReturnCode OH_NNExecutor_GetInputDimRange(const OH_NNExecutor* executor, size_t index, size_t** minInputDims,
                                                size_t** maxInputDims, size_t* shapeLength) {
  // *minInputDims / *maxInputDims are overwritten, not checked (A21).
  if (executor == nullptr || minInputDims == nullptr || maxInputDims == nullptr || shapeLength == nullptr) {
    return OH_NN_INVALID_PARAMETER;
  }
  Executor* e = const_cast<Executor*>(AsExecutor(executor));
  OH_NN_ReturnCode rc = e->LoadDimRanges();
  if (rc != OH_NN_SUCCESS) return rc;
  if (index >= e->dim_ranges().size()) return OH_NN_INVALID_PARAMETER;
  nnrt::rt::DimRange& range = const_cast<nnrt::rt::DimRange&>(e->dim_ranges()[index]);
  if (range.min.size() != range.max.size()) return OH_NN_INVALID_PARAMETER;
  *minInputDims = range.min.empty() ? nullptr : range.min.data();
  *maxInputDims = range.max.empty() ? nullptr : range.max.data();
  *shapeLength = range.min.size();
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNExecutor_SetOnRunDone(OH_NNExecutor* executor, NN_OnRunDone onRunDone) {
  if (executor == nullptr || onRunDone == nullptr) return OH_NN_INVALID_PARAMETER;
  AsExecutor(executor)->on_run_done = onRunDone;
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNExecutor_SetOnServiceDied(OH_NNExecutor* executor, NN_OnServiceDied onServiceDied) {
  if (executor == nullptr || onServiceDied == nullptr) return OH_NN_INVALID_PARAMETER;
  AsExecutor(executor)->on_service_died = onServiceDied;
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNExecutor_RunSync(OH_NNExecutor* executor, NN_Tensor* inputTensor[], size_t inputCount,
                                       NN_Tensor* outputTensor[], size_t outputCount) {
  if (executor == nullptr || !CheckArrays(inputTensor, inputCount, outputTensor, outputCount)) {
    return OH_NN_INVALID_PARAMETER;
  }
  Executor* e = AsExecutor(executor);
  OH_NN_ReturnCode rc = e->CheckRunTensors(inputTensor, inputCount, outputTensor, outputCount);
  if (rc != OH_NN_SUCCESS) return rc;
  return e->RunTensors(inputTensor, inputCount, outputTensor, outputCount);
}

OH_NN_ReturnCode OH_NNExecutor_RunAsync(OH_NNExecutor* executor, NN_Tensor* inputTensor[], size_t inputCount,
                                        NN_Tensor* outputTensor[], size_t outputCount, int32_t timeout,
                                        void* userData) {
  if (executor == nullptr || !CheckArrays(inputTensor, inputCount, outputTensor, outputCount) ||
      userData == nullptr) {
    return OH_NN_INVALID_PARAMETER;
  }
  Executor* e = AsExecutor(executor);
  // Argument errors are returned now; only the device run is asynchronous (C-146).
  OH_NN_ReturnCode rc = e->CheckRunTensors(inputTensor, inputCount, outputTensor, outputCount);
  if (rc != OH_NN_SUCCESS) return rc;
  return e->RunAsync(std::vector<NN_Tensor*>(inputTensor, inputTensor + inputCount),
                     std::vector<NN_Tensor*>(outputTensor, outputTensor + outputCount), timeout, userData);
}

}  // extern "C"
