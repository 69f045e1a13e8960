// Seeded constants (seeded_data.h, docs/text_format.md "Seeded data", C-770).
#include "reference/cases/seeded_data.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "reference/numerics/numerics.h"
#include "reference/numerics/splitmix64.h"

namespace nnrt {
namespace {

constexpr int kIrwinHallTerms = 12;  // sum of 12 U(0,1) has variance 1

// The largest finite value of a float type.
double FloatTypeMax(DataType t) {
  if (t == DataType::kFloat16) return 65504.0;
  if (t == DataType::kFloat32) return std::numeric_limits<float>::max();
  return std::numeric_limits<double>::max();
}

// Inclusive range of an integer or bool type as int64 (uint64 is cut at 2^63 - 1: bounds are int64).
void IntegerTypeRange(DataType t, int64_t* lo, int64_t* hi) {
  const int bits = static_cast<int>(DataTypeSize(t) * 8);
  if (t == DataType::kBool) {
    *lo = 0;
    *hi = 1;
  } else if (IsSignedIntegerType(t)) {
    *hi = bits == 64 ? std::numeric_limits<int64_t>::max() : (int64_t{1} << (bits - 1)) - 1;
    *lo = -*hi - 1;
  } else {
    *lo = 0;
    *hi = bits == 64 ? std::numeric_limits<int64_t>::max() : (int64_t{1} << bits) - 1;
  }
}

Status Invalid(const std::string& message) { return Status(NNRT_INVALID_FILE, "seeded data: " + message); }

Status CheckRealBounds(const SeededData& spec, DataType t) {
  const double max = FloatTypeMax(t);
  const std::string type = DataTypeName(t);
  if (!std::isfinite(spec.real_a) || !std::isfinite(spec.real_b)) return Invalid("the parameters must be finite");
  if (spec.distribution == SeededDistribution::kUniform) {
    if (spec.real_a > spec.real_b) return Invalid("uniform needs lo <= hi");
    if (std::fabs(spec.real_a) > max || std::fabs(spec.real_b) > max)
      return Invalid("uniform bounds must lie in the finite range of " + type);
    if (!std::isfinite(spec.real_b - spec.real_a)) return Invalid("uniform range hi - lo overflows");
    return Status::Ok();
  }
  if (spec.real_b < 0.0) return Invalid("normal_irwin_hall needs stddev >= 0");
  const double reach = std::fabs(spec.real_a) + 6.0 * spec.real_b;
  if (!(reach <= max)) return Invalid("normal_irwin_hall: |mean| + 6 stddev must lie in the finite range of " + type);
  return Status::Ok();
}

// One value in binary64 (before the rounding to the element type).
double DrawReal(const SeededData& spec, double type_max, SplitMix64* rng) {
  if (spec.distribution == SeededDistribution::kUniform) {
    const double unit = static_cast<double>(rng->Next() >> 11) * 0x1p-53;  // exact, in [0, 1)
    const double v = spec.real_a + (spec.real_b - spec.real_a) * unit;
    return std::fmin(std::fmax(v, spec.real_a), spec.real_b);
  }
  uint64_t sum = 0;  // < 12 * 2^53 < 2^57: exact
  for (int i = 0; i < kIrwinHallTerms; ++i) sum += rng->Next() >> 11;
  const double z = static_cast<double>(sum) * 0x1p-53 - 6.0;
  const double v = spec.real_a + spec.real_b * z;
  return std::fmin(std::fmax(v, -type_max), type_max);
}

int64_t DrawInteger(const SeededData& spec, SplitMix64* rng) {
  const uint64_t span = static_cast<uint64_t>(spec.int_hi) - static_cast<uint64_t>(spec.int_lo) + 1;
  const uint64_t x = rng->Next();
  return static_cast<int64_t>(static_cast<uint64_t>(spec.int_lo) + (span == 0 ? x : x % span));
}

}  // namespace

SeededData SeededData::Uniform(uint64_t seed, double lo, double hi) {
  SeededData s;
  s.seed = seed;
  s.distribution = SeededDistribution::kUniform;
  s.real_a = lo;
  s.real_b = hi;
  return s;
}

SeededData SeededData::NormalIrwinHall(uint64_t seed, double mean, double stddev) {
  SeededData s = Uniform(seed, mean, stddev);
  s.distribution = SeededDistribution::kNormalIrwinHall;
  return s;
}

SeededData SeededData::Integers(uint64_t seed, int64_t lo, int64_t hi) {
  SeededData s;
  s.seed = seed;
  s.distribution = SeededDistribution::kIntegers;
  s.int_lo = lo;
  s.int_hi = hi;
  return s;
}

bool SeededData::operator==(const SeededData& o) const {
  return seed == o.seed && distribution == o.distribution && std::memcmp(&real_a, &o.real_a, sizeof real_a) == 0 &&
         std::memcmp(&real_b, &o.real_b, sizeof real_b) == 0 && int_lo == o.int_lo && int_hi == o.int_hi;
}

const char* SeededDistributionName(SeededDistribution d) {
  switch (d) {
    case SeededDistribution::kUniform: return "uniform";
    case SeededDistribution::kNormalIrwinHall: return "normal_irwin_hall";
    case SeededDistribution::kIntegers: return "integers";
  }
  return "?";
}

std::optional<SeededDistribution> ParseSeededDistribution(const std::string& name) {
  for (SeededDistribution d :
       {SeededDistribution::kUniform, SeededDistribution::kNormalIrwinHall, SeededDistribution::kIntegers}) {
    if (name == SeededDistributionName(d)) return d;
  }
  return std::nullopt;
}

namespace {

bool QuantizesRealValues(const SeededData& spec, DataType t, const std::vector<QuantParam>& quant) {
  return spec.distribution != SeededDistribution::kIntegers && IsIntegerType(t) && !quant.empty();
}

Status CheckQuantizedTarget(const SeededData& spec, size_t count, const std::vector<QuantParam>& quant) {
  for (const QuantParam& q : quant) {
    if (!std::isfinite(q.scale) || !(q.scale > 0.0)) return Invalid("quantized seeded data needs finite scales > 0");
  }
  if (count % quant.size() != 0) {
    return Invalid(std::to_string(count) + " elements do not split into " + std::to_string(quant.size()) +
                   " channels");
  }
  SeededData real = spec;  // the real parameters as for a float64 tensor
  return CheckRealBounds(real, DataType::kFloat64);
}

}  // namespace

Status CheckSeededData(const SeededData& spec, DataType t, const std::vector<QuantParam>& quant) {
  const std::string type = DataTypeName(t);
  if (QuantizesRealValues(spec, t, quant)) return CheckQuantizedTarget(spec, quant.size(), quant);
  if (spec.distribution == SeededDistribution::kIntegers) {
    if (!IsIntegerType(t) && t != DataType::kBool) return Invalid("integers fills integer or bool tensors, not " + type);
    int64_t lo, hi;
    IntegerTypeRange(t, &lo, &hi);
    if (spec.int_lo > spec.int_hi) return Invalid("integers needs lo <= hi");
    if (spec.int_lo < lo || spec.int_hi > hi) {
      return Invalid("integers bounds [" + std::to_string(spec.int_lo) + ", " + std::to_string(spec.int_hi) +
                     "] outside the range of " + type);
    }
    return Status::Ok();
  }
  if (!IsFloatType(t)) {
    return Invalid(std::string(SeededDistributionName(spec.distribution)) + " fills float tensors or quantized " +
                   "integer tensors, not " + type + " without quant params (use integers)");
  }
  return CheckRealBounds(spec, t);
}

Status ExpandSeededData(const SeededData& spec, DataType t, size_t count, std::vector<uint8_t>* out,
                        const std::vector<QuantParam>& quant) {
  const bool quantize = QuantizesRealValues(spec, t, quant);
  const Status check = quantize ? CheckQuantizedTarget(spec, count, quant) : CheckSeededData(spec, t, quant);
  if (!check.ok()) return check;
  const size_t size = DataTypeSize(t);
  out->assign(count * size, 0);
  SplitMix64 rng(spec.seed);
  int64_t qmin = 0, qmax = 0;
  if (quantize) IntegerTypeRange(t, &qmin, &qmax);
  const size_t per_channel = quantize ? count / quant.size() : 1;
  const double type_max = IsFloatType(t) ? FloatTypeMax(t) : std::numeric_limits<double>::max();
  for (size_t i = 0; i < count; ++i) {
    if (spec.distribution == SeededDistribution::kIntegers) {
      StoreInt64(t, out->data(), i, DrawInteger(spec, &rng));  // in the type's range: exact
    } else if (quantize) {
      const QuantParam& q = quant[i / per_channel];
      StoreInt64(t, out->data(), i, QuantizeHalfAwayFromZero(DrawReal(spec, type_max, &rng), q.scale, q.zero_point, qmin, qmax));
    } else {
      StoreDouble(t, out->data(), i, DrawReal(spec, type_max, &rng));  // one RNE rounding to t
    }
  }
  return Status::Ok();
}

bool SeededDataMatches(const SeededData& spec, DataType t, const std::vector<uint8_t>& data,
                       const std::vector<QuantParam>& quant) {
  const size_t size = DataTypeSize(t);
  if (size == 0 || data.empty() || data.size() % size != 0) return false;
  std::vector<uint8_t> expanded;
  return ExpandSeededData(spec, t, data.size() / size, &expanded, quant).ok() && expanded == data;
}

}  // namespace nnrt
