// The OH_NNModel_* C functions except GetAvailableOperations
// (model_available_ops.cc): NULL checks of handles and pointer arguments in
// the order of api_state_machine 1.3.3, then the NNModel method.
#include <cstdint>
#include <cstring>
#include <new>

#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/runtime/nn_model.h"
#include "reference/runtime/quant_param.h"
#include "reference/runtime/tensor_desc.h"

using nnrt::rt::AsDesc;
using nnrt::rt::AsHandle;
using nnrt::rt::AsModel;
using nnrt::rt::AsQuantParam;
using nnrt::rt::NNModel;

namespace {

// An enum argument's value read as its bits: a C caller may pass any int, and
// loading an out-of-range value through the C++ enum type would be undefined.
template <typename Enum>
int32_t EnumBits(const Enum& e) {
  static_assert(sizeof(Enum) == sizeof(int32_t), "OH_NN enums are int-sized");
  int32_t v;
  std::memcpy(&v, &e, sizeof(v));
  return v;
}

}  // namespace

extern "C" {

OH_NNModel* OH_NNModel_Construct(void) { return AsHandle(new (std::nothrow) NNModel()); }

OH_NN_ReturnCode OH_NNModel_AddTensorToModel(OH_NNModel* model, const NN_TensorDesc* tensorDesc) {
  if (model == nullptr || tensorDesc == nullptr) return OH_NN_INVALID_PARAMETER;
  const nnrt::rt::TensorDesc* desc = AsDesc(tensorDesc);
  return AsModel(model)->AddTensorFromDesc(EnumBits(desc->data_type), desc->shape.data(), desc->shape.size(),
                                           EnumBits(desc->format));
}

OH_NN_ReturnCode OH_NNModel_AddTensor(OH_NNModel* model, const OH_NN_Tensor* tensor) {
  if (model == nullptr || tensor == nullptr) return OH_NN_INVALID_PARAMETER;
  return AsModel(model)->AddTensorApi9(EnumBits(tensor->dataType), tensor->dimensionCount, tensor->dimensions,
                                       tensor->quantParam, EnumBits(tensor->type));
}

OH_NN_ReturnCode OH_NNModel_SetTensorData(OH_NNModel* model, uint32_t index, const void* dataBuffer,
                                          size_t length) {
  if (model == nullptr) return OH_NN_INVALID_PARAMETER;
  return AsModel(model)->SetTensorData(index, dataBuffer, length);
}

OH_NN_ReturnCode OH_NNModel_SetTensorQuantParams(OH_NNModel* model, uint32_t index, NN_QuantParam* quantParam) {
  if (model == nullptr || quantParam == nullptr) return OH_NN_INVALID_PARAMETER;
  const nnrt::rt::QuantParamSet* q = AsQuantParam(quantParam);
  return AsModel(model)->SetTensorQuantParams(index, q->scales, q->zero_points, q->num_bits);
}

OH_NN_ReturnCode OH_NNModel_SetTensorType(OH_NNModel* model, uint32_t index, OH_NN_TensorType tensorType) {
  if (model == nullptr) return OH_NN_INVALID_PARAMETER;
  return AsModel(model)->SetTensorType(index, EnumBits(tensorType));
}

OH_NN_ReturnCode OH_NNModel_AddOperation(OH_NNModel* model, OH_NN_OperationType op,
                                         const OH_NN_UInt32Array* paramIndices, const OH_NN_UInt32Array* inputIndices,
                                         const OH_NN_UInt32Array* outputIndices) {
  if (model == nullptr || paramIndices == nullptr || inputIndices == nullptr || outputIndices == nullptr) {
    return OH_NN_INVALID_PARAMETER;
  }
  return AsModel(model)->AddOperation(EnumBits(op), *paramIndices, *inputIndices, *outputIndices);
}

OH_NN_ReturnCode OH_NNModel_SpecifyInputsAndOutputs(OH_NNModel* model, const OH_NN_UInt32Array* inputIndices,
                                                    const OH_NN_UInt32Array* outputIndices) {
  if (model == nullptr || inputIndices == nullptr || outputIndices == nullptr) return OH_NN_INVALID_PARAMETER;
  return AsModel(model)->SpecifyInputsAndOutputs(*inputIndices, *outputIndices);
}

OH_NN_ReturnCode OH_NNModel_Finish(OH_NNModel* model) {
  if (model == nullptr) return OH_NN_INVALID_PARAMETER;
  return AsModel(model)->Finish();
}

void OH_NNModel_Destroy(OH_NNModel** model) {
  if (model == nullptr || *model == nullptr) return;
  delete AsModel(*model);
  *model = nullptr;
}

}  // extern "C"
