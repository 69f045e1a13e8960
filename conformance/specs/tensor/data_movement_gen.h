// Generator helpers shared by the data movement spec files
// (data_movement_spec.cc, repeat_shape_spec.cc, block_space_spec.cc,
// strided_slice_spec.cc, generators_spec.cc, slice_pad_spec.cc): a case's type and quant
// params, moved data with a payload-carrying NaN, integer tensor bytes,
// axis draws and the family's NodeSpec defaults. Internal to conformance/specs.
#ifndef NNRT_CONFORMANCE_SPECS_DATA_MOVEMENT_GEN_H_
#define NNRT_CONFORMANCE_SPECS_DATA_MOVEMENT_GEN_H_

#include <cstring>
#include <vector>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace data_movement_gen {

struct CaseStart {
  GeneratedCase g;
  std::vector<QuantParam> q;
  int32_t zero_point = 0;
};

inline CaseStart Start(DataType dtype) {
  CaseStart s;
  s.g.dtype = dtype;
  s.g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  if (s.g.quantized) s.q = {GenQuantParam(dtype)};
  s.zero_point = s.g.quantized ? s.q[0].zero_point : 0;
  return s;
}

// GenMovedData (generators.h) over a tensor of `dims`.
inline std::vector<uint8_t> GenMovedData(DataType dtype, const Dims& dims, int32_t zero_point) {
  return cts::GenMovedData(dtype, ElementsOf(dims), zero_point);
}

using cts::IntBytes;

// An axis in [-rank, rank) given as positive or negative, the ends favoured.
inline int64_t GenAxis(int64_t rank) {
  const int64_t a = *rc::gen::weightedOneOf<int64_t>({{2, rc::gen::inRange<int64_t>(0, rank)},
                                                     {1, rc::gen::just<int64_t>(0)},
                                                     {1, rc::gen::just<int64_t>(rank - 1)}});
  return *rc::gen::inRange(0, 2) == 0 ? a : a - rank;
}

inline int64_t Resolved(int64_t axis, int64_t rank) { return axis < 0 ? axis + rank : axis; }

// Data types, exact tolerance with signed zeros (C-600).
inline NodeSpec DataMovementBase(NodeType type, CaseGenerator generate) {
  NodeSpec s;
  s.name = NodeTypeName(type);
  s.type = type;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
              DataType::kInt32,   DataType::kInt64,   DataType::kBool};
  s.generate = generate;
  s.tolerance = ToleranceClass::kDataMovement;
  s.signed_zero_exact = true;
  return s;
}

}  // namespace data_movement_gen
}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_SPECS_DATA_MOVEMENT_GEN_H_
