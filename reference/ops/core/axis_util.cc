#include "reference/ops/core/axis_util.h"

#include <string>

namespace nnrt {

std::vector<DataType> DataMovementTypes() {
  return {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
          DataType::kInt32,   DataType::kInt64,   DataType::kBool};
}

Status ResolveAxis(int64_t axis, int64_t rank, const std::string& op, const char* clarification, int32_t* resolved) {
  if (rank < 1 || axis < -rank || axis >= rank) {
    return InvalidModel(op + " axis " + std::to_string(axis) + " is outside [" + std::to_string(-rank) + ", " +
                        std::to_string(rank) + ") (" + clarification + ")");
  }
  *resolved = static_cast<int32_t>(axis < 0 ? axis + rank : axis);
  return Status::Ok();
}

int64_t DimProduct(const Dims& dims, size_t begin, size_t end) {
  int64_t p = 1;
  for (size_t i = begin; i < end && i < dims.size(); ++i) p *= dims[i];
  return p;
}

Status CheckDimsAgree(const Dims& a, const std::string& role_a, const Dims& b, const std::string& role_b,
                      int32_t skip, const std::string& op, const char* clarification) {
  bool agree = a.size() == b.size();
  for (size_t d = 0; agree && d < a.size(); ++d) {
    if (static_cast<int32_t>(d) == skip || a[d] < 0 || b[d] < 0) continue;
    agree = a[d] == b[d];
  }
  if (agree) return Status::Ok();
  std::string which = skip >= 0 ? "every dim except axis " + std::to_string(skip) : "every dim";
  return InvalidModel(op + " " + role_b + " " + DimsToString(b) + " must match " + role_a + " " + DimsToString(a) +
                      " in " + which + " (" + clarification + ")");
}

}  // namespace nnrt
