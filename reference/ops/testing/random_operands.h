// Random operands for the bit-exactness tests of the typed kernels: float
// values that include the special ones (NaN, +-inf, -0, subnormals, huge and
// tiny magnitudes), quantized codes over the whole type range, and quant params.
#ifndef NNRT_REFERENCE_OPS_TESTING_RANDOM_OPERANDS_H_
#define NNRT_REFERENCE_OPS_TESTING_RANDOM_OPERANDS_H_

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace testing {

class RandomOperands {
 public:
  explicit RandomOperands(uint32_t seed) : rng_(seed) {}

  int64_t Int(int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng_); }
  bool Chance(double p) { return std::uniform_real_distribution<double>(0.0, 1.0)(rng_) < p; }

  // One float value: mostly ordinary values of mixed magnitude, and with
  // probability `special` one of NaN, +-inf, +-0, a subnormal of the type, a
  // huge value.
  double FloatValue(DataType t, double special) {
    if (Chance(special)) {
      const bool half = t == DataType::kFloat16;
      const double subnormal = half ? std::ldexp(1.0, -24) * static_cast<double>(Int(1, 1023))
                                    : static_cast<double>(std::numeric_limits<float>::denorm_min()) * Int(1, 1 << 20);
      const double huge = half ? 65504.0 : 3.0e38;
      const double specials[] = {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                                 -std::numeric_limits<double>::infinity(), 0.0, -0.0, subnormal, -subnormal,
                                 huge, -huge};
      return specials[Int(0, 8)];
    }
    // Powers of two far apart (products beyond 2^53 of each other): big terms
    // cancel exactly while a small one is kept or lost depending on where it
    // comes, so the accumulation order shows in the rounded result.
    const bool half = t == DataType::kFloat16;
    if (Chance(0.6)) {
      const int exponents[] = {-30, 0, 30, -24, 0, 15};
      const int e = half ? exponents[Int(3, 5)] : exponents[Int(0, 2)];
      return std::ldexp(Chance(0.5) ? 1.0 : -1.0, e);
    }
    // Half the others of a wide exponent range.
    const double mantissa = std::uniform_real_distribution<double>(-1.0, 1.0)(rng_);
    const int exponent = static_cast<int>(Chance(0.5) ? Int(-12, 6) : (half ? Int(-20, 14) : Int(-40, 40)));
    return std::ldexp(mantissa, exponent);
  }

  // `count` elements of type t: float types rounded once to t, quantized
  // codes uniform over the type's range.
  std::vector<uint8_t> Data(DataType t, size_t count, double special) {
    std::vector<uint8_t> out(count * DataTypeSize(t));
    for (size_t i = 0; i < count; ++i) {
      if (IsFloatType(t)) {
        StoreDouble(t, out.data(), i, FloatValue(t, special));
      } else {
        StoreInt64(t, out.data(), i, Int(QuantMin(t), QuantMax(t)));
      }
    }
    return out;
  }

  // A quant param with a zero point inside the type and a scale in
  // [2^-12, 2^2) of random mantissa.
  QuantParam Quant(DataType t) {
    QuantParam q;
    q.num_bits = 8;
    q.zero_point = static_cast<int32_t>(Int(QuantMin(t), QuantMax(t)));
    q.scale = std::ldexp(std::uniform_real_distribution<double>(1.0, 2.0)(rng_), static_cast<int>(Int(-12, 1)));
    return q;
  }

 private:
  std::mt19937 rng_;
};

}  // namespace testing
}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_TESTING_RANDOM_OPERANDS_H_
