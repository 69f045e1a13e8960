// Seeded constants of the text format (docs/text_format.md "Seeded data"):
// `data seeded(seed, distribution, a, b)` stands for the values a fixed
// generator draws, so whole-network cases stay small and still bit-exact.
// The generator is SplitMix64; every step from its 64-bit outputs to the
// stored element is an exact integer operation or one IEEE binary64 operation
// rounded to nearest even, then one rounding to the element type (C-770).
#ifndef NNRT_REFERENCE_CASES_SEEDED_DATA_H_
#define NNRT_REFERENCE_CASES_SEEDED_DATA_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reference/ir/ir.h"

namespace nnrt {

enum class SeededDistribution {
  kUniform,          // float types: lo + (hi - lo) * u, u in [0, 1) from 53 bits
  kNormalIrwinHall,  // float types: mean + stddev * (sum of 12 u - 6), bounded to +-6 stddev
  kIntegers,         // integer and bool types: lo + (x mod (hi - lo + 1)), bounds inclusive
};

// The spec as written. real_a/real_b are (lo, hi) for uniform and (mean,
// stddev) for normal_irwin_hall; int_lo/int_hi are the bounds of integers.
struct SeededData {
  uint64_t seed = 0;
  SeededDistribution distribution = SeededDistribution::kUniform;
  double real_a = 0.0;
  double real_b = 0.0;
  int64_t int_lo = 0;
  int64_t int_hi = 0;

  static SeededData Uniform(uint64_t seed, double lo, double hi);
  static SeededData NormalIrwinHall(uint64_t seed, double mean, double stddev);
  static SeededData Integers(uint64_t seed, int64_t lo, int64_t hi);
  bool operator==(const SeededData& o) const;
};

// "uniform", "normal_irwin_hall", "integers".
const char* SeededDistributionName(SeededDistribution d);
std::optional<SeededDistribution> ParseSeededDistribution(const std::string& name);

// NNRT_INVALID_FILE with a message when the spec cannot fill elements of type
// t: the distribution does not fit the type (uniform/normal need a float type,
// or an integer type with quant params; integers an integer or bool type), a
// bound is not finite or out of the type's range, lo > hi, a negative stddev,
// or a range whose width overflows. `quant` are the tensor's quant params.
Status CheckSeededData(const SeededData& spec, DataType t, const std::vector<QuantParam>& quant = {});

// The first `count` elements the spec draws, stored little-endian as elements
// of type t. Runs CheckSeededData first. On an integer tensor with quant params
// a uniform / normal value v (binary64) is stored quantized with the params of
// its channel: element i belongs to channel i / (count / quant.size()) (axis 0,
// per-tensor when there is one param), q = clamp(round_half_away(v / s + z)) to
// the type's range (the reference's quantize, DESIGN.md); every scale must be
// finite and > 0 and count a multiple of the number of params.
Status ExpandSeededData(const SeededData& spec, DataType t, size_t count, std::vector<uint8_t>* out,
                        const std::vector<QuantParam>& quant = {});

// True when `data` is exactly the expansion of the spec for type t (whole elements).
bool SeededDataMatches(const SeededData& spec, DataType t, const std::vector<uint8_t>& data,
                       const std::vector<QuantParam>& quant = {});

}  // namespace nnrt

#endif  // NNRT_REFERENCE_CASES_SEEDED_DATA_H_
