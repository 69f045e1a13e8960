// NN_TensorDesc: a plain value (name, data type, format, shape) behind the
// opaque C handle (api_state_machine 1.2.4). The model side (AddTensorToModel) reads it through the accessors below.
#ifndef NNRT_REFERENCE_RUNTIME_TENSOR_DESC_H_
#define NNRT_REFERENCE_RUNTIME_TENSOR_DESC_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "neural_network_runtime/neural_network_runtime_type.h"

namespace nnrt {
namespace rt {

// TensorDesc max rank (api_state_machine 0, "TensorDesc max rank: 10").
constexpr size_t kMaxTensorDescRank = 10;

struct TensorDesc {
  std::string name;                        // default "" (GetName returns "", never NULL)
  OH_NN_DataType data_type = OH_NN_UNKNOWN;
  OH_NN_Format format = OH_NN_FORMAT_NONE;
  std::vector<int32_t> shape;              // empty = no shape set
};

// Element size of an OH_NN_DataType value (0 for UNKNOWN or out of range).
size_t OhDataTypeSize(int32_t oh_data_type);

// OH_NNTensorDesc_GetElementCount semantics: empty shape -> INVALID; a dim
// <= 0 -> OH_NN_DYNAMIC_SHAPE with 0; size_t overflow -> INVALID.
OH_NN_ReturnCode DescElementCount(const TensorDesc& desc, size_t* count);
// OH_NNTensorDesc_GetByteSize semantics: empty shape -> INVALID; a dim <= 0 ->
// SUCCESS with 0; UNKNOWN type -> INVALID; overflow -> INVALID.
OH_NN_ReturnCode DescByteSize(const TensorDesc& desc, size_t* byte_size);

// The integer value of a C enum argument without loading it as the enum type:
// callers may pass values outside the enumerators (e.g. 100000), which is
// legal C but undefined to load as a C++ enum (UBSan -fsanitize=enum).
template <typename Enum>
inline int32_t RawEnumValue(const Enum& value) {
  static_assert(sizeof(Enum) == sizeof(int32_t), "C enums are int-sized");
  int32_t raw = 0;
  std::memcpy(&raw, &value, sizeof(raw));
  return raw;
}

inline TensorDesc* AsDesc(NN_TensorDesc* d) { return reinterpret_cast<TensorDesc*>(d); }
inline const TensorDesc* AsDesc(const NN_TensorDesc* d) { return reinterpret_cast<const TensorDesc*>(d); }
inline NN_TensorDesc* AsHandle(TensorDesc* d) { return reinterpret_cast<NN_TensorDesc*>(d); }

}  // namespace rt
}  // namespace nnrt

#endif  // NNRT_REFERENCE_RUNTIME_TENSOR_DESC_H_
