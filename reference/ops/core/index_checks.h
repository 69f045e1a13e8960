// Checks shared by the index-driven data movement operators (gather_scatter.cc,
// one_hot.cc): operand types of a byte-copying operator, index tensor types,
// and the error code of a bad index value.
#ifndef NNRT_REFERENCE_OPS_INDEX_CHECKS_H_
#define NNRT_REFERENCE_OPS_INDEX_CHECKS_H_

#include <cstdint>
#include <string>

#include "reference/ir/ir.h"

#include "reference/ops/core/op_def.h"

namespace nnrt {

constexpr int64_t kMaxDimValue = 2147483647;  // a dim is an int32

// The error code of a bad value in an index-like input (C-351): the model is
// invalid when the tensor is a constant of the model; a run-time value makes
// the run fail with NNRT_INVALID_INPUT.
Status IndexValueError(const TensorArg& t, const std::string& message);

// Data movement keeps the stored values: `x` is float32, float16, int8/uint8,
// int32, int64 or bool, y has x's data type and the same quant params
// (different params: NNRT_UNSUPPORTED_OP, C-350).
Status CheckDataMovementTypes(const TensorArg& x, const TensorArg& y, const char* op, const char* role);

// An output dim computed in int64 fits a dim (<= 2^31 - 1); NNRT_INVALID_MODEL
// "<op> output <what> <value> exceeds the largest dim 2147483647" otherwise.
Status CheckOutputDimFits(const std::string& op, const char* what, int64_t value);

// An index tensor: int32 or int64 without quant params.
Status CheckIndexTensorType(const TensorArg& t, const char* role);

// The output dims held as the values of a 1-D int32/int64 shape operand
// (SCATTER_ND C-356, FILL and CONSTANT_OF_SHAPE C-658): each value in
// [1, 2^31-1], at most NNRT_HAL_MAX_RANK of them, the element count without
// int64 overflow (IndexValueError otherwise). Values not known yet (a run-time
// operand at prepare time) give shape.dims[0] dims of -1, or `declared` when
// even that length is unknown.
Status DimsFromShapeValues(const TensorArg& shape, const std::string& what, const Dims& declared, Dims* out);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_INDEX_CHECKS_H_
