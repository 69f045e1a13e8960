// OH_NNTensorDesc_* (api_state_machine 1.3.5). Checks run in the order of the
// spec table; the first failing one decides the return code.
#include "reference/runtime/tensor_desc.h"

#include <limits>
#include <new>

#include "neural_network_runtime/neural_network_core.h"

namespace nnrt {
namespace rt {

size_t OhDataTypeSize(int32_t oh_data_type) {
  switch (oh_data_type) {
    case OH_NN_BOOL:
    case OH_NN_INT8:
    case OH_NN_UINT8:
      return 1;
    case OH_NN_INT16:
    case OH_NN_UINT16:
    case OH_NN_FLOAT16:
      return 2;
    case OH_NN_INT32:
    case OH_NN_UINT32:
    case OH_NN_FLOAT32:
      return 4;
    case OH_NN_INT64:
    case OH_NN_UINT64:
    case OH_NN_FLOAT64:
      return 8;
    default:
      return 0;
  }
}

OH_NN_ReturnCode DescElementCount(const TensorDesc& desc, size_t* count) {
  *count = 0;
  if (desc.shape.empty()) return OH_NN_INVALID_PARAMETER;
  size_t product = 1;
  for (int32_t dim : desc.shape) {
    // A dim of 0 counts as dynamic too (api_state_machine A25).
    if (dim <= 0) return OH_NN_DYNAMIC_SHAPE;
  }
  for (int32_t dim : desc.shape) {
    if (product > std::numeric_limits<size_t>::max() / static_cast<size_t>(dim)) return OH_NN_INVALID_PARAMETER;
    product *= static_cast<size_t>(dim);
  }
  *count = product;
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode DescByteSize(const TensorDesc& desc, size_t* byte_size) {
  *byte_size = 0;
  if (desc.shape.empty()) return OH_NN_INVALID_PARAMETER;
  size_t elements = 0;
  OH_NN_ReturnCode rc = DescElementCount(desc, &elements);
  // Dynamic shape: SUCCESS with 0 bytes (api_state_machine A24).
  if (rc == OH_NN_DYNAMIC_SHAPE) return OH_NN_SUCCESS;
  if (rc != OH_NN_SUCCESS) return rc;
  size_t type_size = OhDataTypeSize(desc.data_type);
  if (type_size == 0) return OH_NN_INVALID_PARAMETER;
  if (elements > std::numeric_limits<size_t>::max() / type_size) return OH_NN_INVALID_PARAMETER;
  *byte_size = elements * type_size;
  return OH_NN_SUCCESS;
}

}  // namespace rt
}  // namespace nnrt

using nnrt::rt::AsDesc;
using nnrt::rt::TensorDesc;

extern "C" {

NN_TensorDesc* OH_NNTensorDesc_Create(void) {
  return nnrt::rt::AsHandle(new (std::nothrow) TensorDesc());
}

OH_NN_ReturnCode OH_NNTensorDesc_Destroy(NN_TensorDesc** tensorDesc) {
  if (tensorDesc == nullptr || *tensorDesc == nullptr) return OH_NN_INVALID_PARAMETER;
  delete AsDesc(*tensorDesc);
  *tensorDesc = nullptr;
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNTensorDesc_SetName(NN_TensorDesc* tensorDesc, const char* name) {
  if (tensorDesc == nullptr || name == nullptr) return OH_NN_INVALID_PARAMETER;
  AsDesc(tensorDesc)->name = name;
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNTensorDesc_GetName(const NN_TensorDesc* tensorDesc, const char** name) {
  if (tensorDesc == nullptr || name == nullptr || *name != nullptr) return OH_NN_INVALID_PARAMETER;
  *name = AsDesc(tensorDesc)->name.c_str();
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNTensorDesc_SetDataType(NN_TensorDesc* tensorDesc, OH_NN_DataType dataType) {
  if (tensorDesc == nullptr) return OH_NN_INVALID_PARAMETER;
  int32_t value = nnrt::rt::RawEnumValue(dataType);
  if (value < OH_NN_UNKNOWN || value > OH_NN_FLOAT64) return OH_NN_INVALID_PARAMETER;
  AsDesc(tensorDesc)->data_type = static_cast<OH_NN_DataType>(value);
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNTensorDesc_GetDataType(const NN_TensorDesc* tensorDesc, OH_NN_DataType* dataType) {
  if (tensorDesc == nullptr || dataType == nullptr) return OH_NN_INVALID_PARAMETER;
  *dataType = AsDesc(tensorDesc)->data_type;
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNTensorDesc_SetShape(NN_TensorDesc* tensorDesc, const int32_t* shape, size_t shapeLength) {
  if (tensorDesc == nullptr || shape == nullptr || shapeLength == 0) return OH_NN_INVALID_PARAMETER;
  if (shapeLength > nnrt::rt::kMaxTensorDescRank) return OH_NN_INVALID_PARAMETER;
  // Values are not validated (api_state_machine A26): -1 marks a dynamic dim.
  AsDesc(tensorDesc)->shape.assign(shape, shape + shapeLength);
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNTensorDesc_GetShape(const NN_TensorDesc* tensorDesc, int32_t** shape, size_t* shapeLength) {
  if (tensorDesc == nullptr || shape == nullptr || *shape != nullptr || shapeLength == nullptr) {
    return OH_NN_INVALID_PARAMETER;
  }
  // The C API hands out a mutable pointer into the descriptor (as OpenHarmony does).
  TensorDesc* desc = const_cast<TensorDesc*>(AsDesc(tensorDesc));
  *shape = desc->shape.empty() ? nullptr : desc->shape.data();
  *shapeLength = desc->shape.size();
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNTensorDesc_SetFormat(NN_TensorDesc* tensorDesc, OH_NN_Format format) {
  if (tensorDesc == nullptr) return OH_NN_INVALID_PARAMETER;
  int32_t value = nnrt::rt::RawEnumValue(format);
  if (value < OH_NN_FORMAT_NONE || value > OH_NN_FORMAT_ND) return OH_NN_INVALID_PARAMETER;
  AsDesc(tensorDesc)->format = static_cast<OH_NN_Format>(value);
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNTensorDesc_GetFormat(const NN_TensorDesc* tensorDesc, OH_NN_Format* format) {
  if (tensorDesc == nullptr || format == nullptr) return OH_NN_INVALID_PARAMETER;
  *format = AsDesc(tensorDesc)->format;
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNTensorDesc_GetElementCount(const NN_TensorDesc* tensorDesc, size_t* elementCount) {
  if (tensorDesc == nullptr || elementCount == nullptr) return OH_NN_INVALID_PARAMETER;
  return nnrt::rt::DescElementCount(*AsDesc(tensorDesc), elementCount);
}

OH_NN_ReturnCode OH_NNTensorDesc_GetByteSize(const NN_TensorDesc* tensorDesc, size_t* byteSize) {
  if (tensorDesc == nullptr || byteSize == nullptr) return OH_NN_INVALID_PARAMETER;
  return nnrt::rt::DescByteSize(*AsDesc(tensorDesc), byteSize);
}

}  // extern "C"
