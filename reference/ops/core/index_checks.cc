#include "reference/ops/core/index_checks.h"

#include <string>
#include <vector>

#include "reference/ops/core/op_util.h"

namespace nnrt {

// The error code of a bad value in an index-like input (C-351): the model is
// invalid when the tensor is a constant of the model; a run-time value makes
// the run fail with NNRT_INVALID_INPUT.
Status IndexValueError(const TensorArg& t, const std::string& message) {
  return Status(t.decl->HasData() ? NNRT_INVALID_MODEL : NNRT_INVALID_INPUT, message);
}

// Data movement keeps the stored values: the output has x's data type and,
// for int8/uint8, x's quant params (C-350).
Status CheckDataMovementTypes(const TensorArg& x, const TensorArg& y, const char* op, const char* role) {
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(x, role,
                                       {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
                                        DataType::kInt32, DataType::kInt64, DataType::kBool}));
  NNRT_RETURN_IF_ERROR(CheckSameDataType(x, role, y, "output 0"));
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(x, role));
  if (x.decl->quant_params != y.decl->quant_params) {
    return Unsupported(std::string(op) +
                       " with different input and output quant params (requantization) is not supported (C-350)");
  }
  return Status::Ok();
}

Status CheckOutputDimFits(const std::string& op, const char* what, int64_t value) {
  if (value > kMaxDimValue) {
    return InvalidModel(op + " output " + what + " " + std::to_string(value) + " exceeds the largest dim 2147483647");
  }
  return Status::Ok();
}

Status CheckIndexTensorType(const TensorArg& t, const char* role) {
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(t, role, {DataType::kInt32, DataType::kInt64}));
  if (t.quantized()) return InvalidModel(std::string(role) + " must not carry quant params");
  return Status::Ok();
}

Status DimsFromShapeValues(const TensorArg& shape, const std::string& what, const Dims& declared, Dims* out) {
  NNRT_RETURN_IF_ERROR(CheckIndexTensorType(shape, what.c_str()));
  if (shape.dims.size() != 1) return InvalidModel(what + " must be 1-D, got " + DimsToString(shape.dims));
  if (shape.data == nullptr) {
    *out = shape.dims[0] >= 0 ? Dims(static_cast<size_t>(shape.dims[0]), -1) : declared;
    return Status::Ok();
  }
  std::vector<int64_t> values;
  NNRT_RETURN_IF_ERROR(ReadIntTensor(shape, what, &values));
  if (values.size() > NNRT_HAL_MAX_RANK) {
    return InvalidModel(what + " gives rank " + std::to_string(values.size()) + ", above " +
                        std::to_string(NNRT_HAL_MAX_RANK));
  }
  for (size_t d = 0; d < values.size(); ++d) {
    if (values[d] < 1 || values[d] > kMaxDimValue) {
      return IndexValueError(shape, what + "[" + std::to_string(d) + "] = " + std::to_string(values[d]) +
                                        " is not a dim in [1, 2^31-1]");
    }
  }
  *out = Dims(values.begin(), values.end());
  if (!ElementCount(*out)) return IndexValueError(shape, what + " " + DimsToString(*out) + ": element count overflows");
  return Status::Ok();
}

}  // namespace nnrt
