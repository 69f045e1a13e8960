// Generator helpers shared by the data movement spec files
// (data_movement_spec.cc, repeat_shape_spec.cc): a case's type and quant
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

// The suite's edge values plus, one case in three, a NaN with a payload that
// an exact copy must carry bit for bit.
inline std::vector<uint8_t> GenMovedData(DataType dtype, const Dims& dims, int32_t zero_point) {
  const size_t count = ElementsOf(dims);
  std::vector<uint8_t> bytes = GenTensorData(dtype, count, ValueProfile{}, zero_point);
  if (count > 0 && *rc::gen::inRange(0, 3) == 0) {
    const size_t at = *rc::gen::inRange<size_t>(0, count);
    if (dtype == DataType::kFloat32) {
      const uint32_t nan_bits = 0x7FA00011u;
      std::memcpy(bytes.data() + 4 * at, &nan_bits, 4);
    } else if (dtype == DataType::kFloat16) {
      const uint16_t nan_bits = 0xFE03u;
      std::memcpy(bytes.data() + 2 * at, &nan_bits, 2);
    }
  }
  return bytes;
}

inline std::vector<uint8_t> IntBytes(DataType t, const std::vector<int64_t>& v) {
  std::vector<uint8_t> bytes(v.size() * DataTypeSize(t));
  for (size_t i = 0; i < v.size(); ++i) StoreInt64(t, bytes.data(), i, v[i]);
  return bytes;
}

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
