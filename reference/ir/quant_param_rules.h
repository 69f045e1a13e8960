// The structural rules every quantization parameter of a model must satisfy
// (quantization_semantics 4.2, docs/quantization.md section 2), shared by
// ValidateModelStructure and the OH_NN model builder.
#ifndef NNRT_REFERENCE_IR_QUANT_PARAM_RULES_H_
#define NNRT_REFERENCE_IR_QUANT_PARAM_RULES_H_

#include <cstdint>
#include <string>

#include "reference/ir/ir.h"
#include "reference/ir/status.h"

namespace nnrt {

// Value range of an integer data type (int8 [-128, 127], uint8 [0, 255], ...;
// uint64 is capped at INT64_MAX). false for bool, float and unknown types.
bool IntegerTypeRange(DataType t, int64_t* lo, int64_t* hi);

// A zero point must be a value of the tensor's integer data type (C-300): an
// int8 zero point lies in [-128, 127], a uint8 one in [0, 255]. Non-integer
// types carry no integer range; the operators reject quant params on them.
// NNRT_INVALID_MODEL "<label>: quant param <index>: zero point ... is outside
// the int8 range [-128, 127] (C-300)".
Status CheckZeroPointInTypeRange(DataType t, int32_t zero_point, const std::string& label, size_t index);

// Every rule on t.quant_params: numBits 8, finite scale >= 0, scale 0 only on
// an all-zero constant channel (C-3), zero point inside the data type (C-300).
// Called only after t's constant data length matched its dims.
Status ValidateQuantParams(const Tensor& t, const std::string& label);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_IR_QUANT_PARAM_RULES_H_
