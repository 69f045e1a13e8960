// Reading NNAdapter operands for the lowering: the IR type of an operand
// (precision, quantisation, dims) and the values of constant scalar / list
// operands, which become NNRt node attributes.
#ifndef NNRT_REFERENCE_NNADAPTER_LOWERING_OPERAND_VALUES_H_
#define NNRT_REFERENCE_NNADAPTER_LOWERING_OPERAND_VALUES_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"
#include "reference/ir/ir.h"

namespace nnrt {
namespace nna {

// The IR data type, quant params and dims of an NNAdapter operand type
// (C-811). NNRT_UNSUPPORTED_OP for precisions or quantisations the NNRt IR
// cannot hold, NNRT_INVALID_MODEL for malformed types.
Status ConvertOperandType(const NNAdapterOperandType& type, DataType* dtype, std::vector<QuantParam>* quant,
                          Dims* dims);

// The value of an enum field of a C struct as the int it is: a C caller may
// store any value, and loading an out-of-range value through the C++ enum
// type is undefined (C-823).
template <typename Enum>
int32_t RawValue(const Enum& field) {
  static_assert(sizeof(Enum) == sizeof(int32_t), "NNAdapter enums are int-sized");
  int32_t v;
  std::memcpy(&v, &field, sizeof(v));
  return v;
}

// Byte size of one element of a precision (0 for an unknown code).
size_t PrecisionSize(int32_t precision);

bool IsConstant(const ::nnadapter::hal::Operand& operand);

// Constant scalar operands. `what` names the operand in error messages
// ("CONV_2D group"). Errors: NNRT_INVALID_MODEL when the operand is not a
// constant of the expected precision and size.
Status ReadInt32Scalar(const ::nnadapter::hal::Operand* operand, const std::string& what, int32_t* value);
Status ReadFloatScalar(const ::nnadapter::hal::Operand* operand, const std::string& what, float* value);
Status ReadBoolScalar(const ::nnadapter::hal::Operand* operand, const std::string& what, bool* value);
// A constant INT32 or INT64 tensor (rank 0 or 1) as int64 values; an operand
// with no data and element count 0 reads as an empty list.
Status ReadIntList(const ::nnadapter::hal::Operand* operand, const std::string& what, std::vector<int64_t>* values);
// A constant FLOAT32 tensor.
Status ReadFloatList(const ::nnadapter::hal::Operand* operand, const std::string& what, std::vector<float>* values);

}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_LOWERING_OPERAND_VALUES_H_
