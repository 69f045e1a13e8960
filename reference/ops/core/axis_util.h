// Helpers shared by the axis-driven data movement operators (transpose.cc,
// concat_split.cc, stack.cc, shape_ops.cc): resolving an axis attribute
// against a rank, and the outer/inner block sizes of a copy along one axis.
#ifndef NNRT_REFERENCE_OPS_AXIS_UTIL_H_
#define NNRT_REFERENCE_OPS_AXIS_UTIL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// The data types of the copying operators (C-600): float32, float16,
// int8/uint8 (quantized: codes copied), int32, int64, bool.
std::vector<DataType> DataMovementTypes();

// Resolves `axis` into [0, rank): a value in [-rank, rank) is accepted,
// negative counted from the end (axis + rank). Anything else is
// NNRT_INVALID_MODEL naming `op`, the range and `clarification`.
Status ResolveAxis(int64_t axis, int64_t rank, const std::string& op, const char* clarification, int32_t* resolved);

// Product of dims[begin, end) (all known); 1 for an empty range.
int64_t DimProduct(const Dims& dims, size_t begin, size_t end);

// The common-dims rule of CONCAT and STACK: `a` and `b` have the same rank
// and agree on every dim except `skip` (-1 = none); unknown (-1) dims agree
// with anything. NNRT_INVALID_MODEL otherwise, naming both roles.
Status CheckDimsAgree(const Dims& a, const std::string& role_a, const Dims& b, const std::string& role_b,
                      int32_t skip, const std::string& op, const char* clarification);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_AXIS_UTIL_H_
