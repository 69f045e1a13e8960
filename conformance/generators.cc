#include "conformance/generators.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include <rapidcheck.h>

#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {

size_t ElementsOf(const Dims& dims) {
  size_t n = 1;
  for (int32_t d : dims) n *= static_cast<size_t>(d > 0 ? d : 0);
  return n;
}

Dims GenShape(int min_rank, int max_rank, int max_dim) {
  const int rank = *rc::gen::inRange(min_rank, max_rank + 1);
  Dims dims;
  for (int i = 0; i < rank; ++i) dims.push_back(*rc::gen::inRange(1, max_dim + 1));
  return dims;
}

Dims GenBroadcastPartner(const Dims& dims) {
  // Drop 0..rank leading dims, then set each remaining dim to 1 with p = 1/3.
  const int drop = *rc::gen::inRange(0, static_cast<int>(dims.size()) + 1);
  Dims partner(dims.begin() + drop, dims.end());
  for (int32_t& d : partner) {
    if (*rc::gen::inRange(0, 3) == 0) d = 1;
  }
  return partner;
}

Dims BroadcastOf(const Dims& a, const Dims& b) {
  const size_t rank = std::max(a.size(), b.size());
  Dims out(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    const int32_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    const int32_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    out[i] = std::max(da, db);
  }
  return out;
}

namespace {

struct BroadcastPattern {
  Dims a, b;
};
const std::vector<BroadcastPattern>& DirectedBroadcastPatterns() {
  static const std::vector<BroadcastPattern>* const p = new std::vector<BroadcastPattern>{
      {{2, 3}, {2, 1}}, {{2, 1}, {2, 3}},       {{2, 3, 4}, {3, 1}}, {{3, 1}, {2, 3, 4}}, {{4, 1, 3}, {1, 5, 1}},
      {{2, 3}, {3}},    {{3}, {2, 3}},          {{2, 2}, {}},        {{}, {2, 2}},        {{1, 4}, {3, 1}},
      {{2, 3}, {2, 3}}, {{2, 1, 4, 1}, {4, 3}}, {{5}, {1}},          {{1}, {5}},          {{3, 1, 2}, {1, 4, 1}},
  };
  return *p;
}

}  // namespace

BinaryShapes GenBinaryShapes() {
  BinaryShapes s;
  if (const std::optional<size_t> k = DirectedCaseIndex()) {
    const BroadcastPattern& p = DirectedBroadcastPatterns()[*k % DirectedBroadcastPatterns().size()];
    s.a = p.a;
    s.b = p.b;
  } else {
    const Dims a_dims = *rc::gen::inRange(0, 8) == 0 ? Dims{*rc::gen::inRange(8, 17), *rc::gen::inRange(8, 17)}
                                                     : GenShape(0, 4, 4);
    const Dims b_dims = *rc::gen::inRange(0, 2) == 0 ? a_dims : GenBroadcastPartner(a_dims);
    const bool swap = *rc::gen::inRange(0, 2) == 0;
    s.a = swap ? b_dims : a_dims;
    s.b = swap ? a_dims : b_dims;
  }
  s.out = BroadcastOf(s.a, s.b);
  return s;
}

QuantParam GenQuantParamWithScale(DataType dtype, double min_scale, double max_scale) {
  QuantParam q;
  q.num_bits = 8;
  // Powers of two make requantization exact (quantization_semantics 3.4);
  // arbitrary doubles exercise the binary64 multiplier path.
  const bool power_of_two = *rc::gen::inRange(0, 3) == 0;
  if (power_of_two) {
    const int lo = static_cast<int>(std::ceil(std::log2(min_scale)));
    const int hi = static_cast<int>(std::floor(std::log2(max_scale)));
    q.scale = std::ldexp(1.0, *rc::gen::inRange(lo, std::max(lo, hi) + 1));
  } else {
    const uint32_t u = *rc::gen::arbitrary<uint32_t>();
    const double f = static_cast<double>(u) / 4294967296.0;  // [0, 1)
    q.scale = min_scale * std::pow(max_scale / min_scale, f);
  }
  const int64_t qmin = QuantMin(dtype), qmax = QuantMax(dtype);
  const int mid = static_cast<int>((qmin + qmax + 1) / 2);
  // Centre-weighted zero point, the type's ends included.
  q.zero_point = *rc::gen::weightedOneOf<int>({
      {4, rc::gen::inRange<int>(static_cast<int>(qmin), static_cast<int>(qmax) + 1)},
      {1, rc::gen::elementOf(std::vector<int>{static_cast<int>(qmin), static_cast<int>(qmax), mid})},
  });
  return q;
}

void PlantEqualValues(DataType dtype, const std::vector<uint8_t>& from, std::vector<uint8_t>* to) {
  const size_t es = DataTypeSize(dtype);
  const size_t n_from = from.size() / es, n_to = to->size() / es;
  if (n_from == 0) return;
  for (size_t i = 0; i < n_to; ++i) {
    if (*rc::gen::inRange(0, 3) == 0) std::memcpy(to->data() + i * es, from.data() + (i % n_from) * es, es);
  }
}

void AvoidQuantizedZeroDivisor(DataType dtype, const QuantParam& q, std::vector<uint8_t>* data) {
  const size_t n = data->size() / DataTypeSize(dtype);
  for (size_t i = 0; i < n; ++i) {
    const int64_t v = LoadAsInt64(dtype, data->data(), i);
    if (v == q.zero_point) StoreInt64(dtype, data->data(), i, v < QuantMax(dtype) ? v + 1 : v - 1);
  }
}

QuantParam GenQuantParam(DataType dtype) { return GenQuantParamWithScale(dtype, 1.0 / 1024, 2.0); }

namespace {

std::vector<double> FloatEdgeValues(DataType dtype, const ValueProfile& p) {
  std::vector<double> v = {0.0, -0.0, 1.0, -1.0, 0.5, -2.0};
  const bool half = dtype == DataType::kFloat16;
  if (p.type_extremes) {
    // Large magnitudes far from the type's limits: where exp(x), x*x and
    // composite functions overflow an intermediate (naive softplus, GELU ...).
    v.push_back(100.0);
    v.push_back(-100.0);
    v.push_back(10000.0);
    const double max = half ? 65504.0 : static_cast<double>(std::numeric_limits<float>::max());
    v.push_back(max);
    v.push_back(-max);
    v.push_back(half ? std::ldexp(1.0, -14) : static_cast<double>(std::numeric_limits<float>::min()));
  }
  if (p.subnormals) {
    const double sub = half ? std::ldexp(1.0, -24) : static_cast<double>(std::numeric_limits<float>::denorm_min());
    v.push_back(sub);
    v.push_back(-sub * 3);
    v.push_back(half ? std::ldexp(1023.0, -24) : std::ldexp(0x7fffff, -149));
  }
  if (p.nan_inf) {
    v.push_back(std::numeric_limits<double>::infinity());
    v.push_back(-std::numeric_limits<double>::infinity());
    v.push_back(std::numeric_limits<double>::quiet_NaN());
  }
  return v;
}

rc::Gen<double> GenFloatValue(DataType dtype, const ValueProfile& p) {
  const double range = p.typical_range;
  // Bulk: full-mantissa values in [-range, range] (RGG: E|x| ~ 1 keeps sums sane).
  auto bulk = rc::gen::map(rc::gen::arbitrary<int32_t>(),
                           [range](int32_t bits) { return static_cast<double>(bits) / 2147483648.0 * range; });
  // Small integers and halves: exact in every float type, ties in quantization.
  auto small = rc::gen::map(rc::gen::inRange(-16, 17), [](int k) { return k * 0.5; });
  return rc::gen::weightedOneOf<double>({
      {12, bulk},
      {3, small},
      {1, rc::gen::elementOf(FloatEdgeValues(dtype, p))},
  });
}

// Bool bytes: false, the canonical true and three other non-zero bytes, all
// true (C-293), so that a kernel assuming 0/1 (bitwise AND, x ^ 1 for NOT,
// bit 0 as the truth) is wrong on some pair.
const std::vector<uint8_t>& BoolEdgeBytes() {
  static const std::vector<uint8_t>* const b = new std::vector<uint8_t>{0, 1, 2, 127, 255};
  return *b;
}

std::vector<int64_t> IntEdgeValues(DataType dtype, int32_t zero_point) {
  if (dtype == DataType::kBool) return std::vector<int64_t>(BoolEdgeBytes().begin(), BoolEdgeBytes().end());
  const int64_t qmin = QuantMin(dtype), qmax = QuantMax(dtype);
  const int64_t zp = std::min<int64_t>(std::max<int64_t>(zero_point, qmin), qmax);
  return {qmin, qmax, zp};
}

rc::Gen<int64_t> GenIntValue(DataType dtype, int32_t zero_point) {
  const int64_t qmin = QuantMin(dtype), qmax = QuantMax(dtype);
  // inRange is half-open: a 64-bit type's full range cannot be written as
  // [qmin, qmax + 1), so it is drawn as arbitrary bits folded into the range.
  const rc::Gen<int64_t> full =
      qmax == std::numeric_limits<int64_t>::max()
          ? rc::gen::map(rc::gen::arbitrary<int64_t>(), [qmin](int64_t v) { return v < qmin ? ~v : v; })
          : rc::gen::inRange<int64_t>(qmin, qmax + 1);
  return rc::gen::weightedOneOf<int64_t>({
      {8, full},
      {1, rc::gen::elementOf(IntEdgeValues(dtype, zero_point))},
  });
}

thread_local bool t_edge_sweep = false;
thread_local size_t t_edge_offset = 0;
thread_local size_t t_edge_tensor = 0;  // tensors filled so far in this case

// Tensor j of directed case k starts at edge k*(j+1): the first operand at k,
// the second at 2k, so element i pairs edge k+i with edge 2k+i, and over the
// cases k = 0..count-1 every pair of edge values meets in an element-wise op
// whose tensors hold at least `count` elements.
template <typename T>
std::vector<T> SweepValues(const std::vector<T>& edges, size_t count) {
  const size_t start = t_edge_offset * (t_edge_tensor + 1);
  ++t_edge_tensor;
  std::vector<T> out(count);
  for (size_t i = 0; i < count; ++i) out[i] = edges[(start + i) % edges.size()];
  return out;
}

}  // namespace

ScopedEdgeSweep::ScopedEdgeSweep(size_t offset) : was_active_(t_edge_sweep), previous_offset_(t_edge_offset) {
  t_edge_sweep = true;
  t_edge_offset = offset;
  t_edge_tensor = 0;
}

ScopedEdgeSweep::~ScopedEdgeSweep() {
  t_edge_sweep = was_active_;
  t_edge_offset = previous_offset_;
  t_edge_tensor = 0;
}

std::optional<size_t> DirectedCaseIndex() {
  return t_edge_sweep ? std::optional<size_t>(t_edge_offset) : std::nullopt;
}

size_t EdgeValueCount(DataType dtype) {
  return IsFloatType(dtype) ? FloatEdgeValues(dtype, ValueProfile()).size() : IntEdgeValues(dtype, 0).size();
}

std::vector<uint8_t> GenMovedData(DataType dtype, size_t count, int32_t zero_point) {
  std::vector<uint8_t> bytes = GenTensorData(dtype, count, ValueProfile{}, zero_point);
  if (count > 0 && *rc::gen::inRange(0, 3) == 0) {
    const size_t at = *rc::gen::inRange<size_t>(0, count);
    if (dtype == DataType::kFloat32) {
      const uint32_t nan_bits = 0xFFA00001u;
      std::memcpy(bytes.data() + 4 * at, &nan_bits, 4);
    } else if (dtype == DataType::kFloat16) {
      const uint16_t nan_bits = 0x7E01u;
      std::memcpy(bytes.data() + 2 * at, &nan_bits, 2);
    }
  }
  return bytes;
}

std::vector<uint8_t> IntBytes(DataType t, const std::vector<int64_t>& values) {
  std::vector<uint8_t> bytes(values.size() * DataTypeSize(t));
  for (size_t i = 0; i < values.size(); ++i) StoreInt64(t, bytes.data(), i, values[i]);
  return bytes;
}

std::vector<uint8_t> GenBoolBytes(size_t count, int false_one_in) {
  if (t_edge_sweep) return SweepValues(BoolEdgeBytes(), count);
  std::vector<uint8_t> bytes(count);
  for (uint8_t& b : bytes) {
    b = *rc::gen::inRange(0, false_one_in) == 0 ? 0 : *rc::gen::element<uint8_t>(1, 1, 2, 127, 255);
  }
  return bytes;
}

std::vector<uint8_t> GenTensorData(DataType dtype, size_t count, const ValueProfile& profile, int32_t zero_point) {
  if (dtype == DataType::kBool) return GenBoolBytes(count, 2);
  std::vector<uint8_t> bytes(count * DataTypeSize(dtype));
  if (t_edge_sweep) {
    if (IsFloatType(dtype)) {
      const std::vector<double> values = SweepValues(FloatEdgeValues(dtype, profile), count);
      for (size_t i = 0; i < count; ++i) StoreDouble(dtype, bytes.data(), i, values[i]);
    } else {
      const std::vector<int64_t> values = SweepValues(IntEdgeValues(dtype, zero_point), count);
      for (size_t i = 0; i < count; ++i) StoreInt64(dtype, bytes.data(), i, values[i]);
    }
    return bytes;
  }
  if (IsFloatType(dtype)) {
    const auto values = *rc::gen::container<std::vector<double>>(count, GenFloatValue(dtype, profile));
    for (size_t i = 0; i < count; ++i) StoreDouble(dtype, bytes.data(), i, values[i]);
  } else {
    const auto values = *rc::gen::container<std::vector<int64_t>>(count, GenIntValue(dtype, zero_point));
    for (size_t i = 0; i < count; ++i) StoreInt64(dtype, bytes.data(), i, values[i]);
  }
  return bytes;
}

int64_t GenAttrValue(const AttrDomain& domain) {
  if (!domain.choices.empty()) return *rc::gen::elementOf(domain.choices);
  return *rc::gen::inRange<int64_t>(domain.min, domain.max + 1);
}

const AttrDomain* FindAttrDomain(const NodeSpec& spec, const char* name) {
  for (const AttrDomain& d : spec.attrs) {
    if (std::strcmp(d.name, name) == 0) return &d;
  }
  return nullptr;
}

}  // namespace cts
}  // namespace nnrt
