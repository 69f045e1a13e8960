// Unit and property tests of reference/numerics.
// Every expected value comes from an independent slow implementation written
// here, from quantization_semantics.md section 3 tables, or from hand
// arithmetic stated in a comment; never from the code under test.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "reference/numerics/numerics.h"

namespace nnrt {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// ---- Independent binary16 model ------------------------------------------------

bool IsHalfNan(uint16_t h) { return (h & 0x7C00u) == 0x7C00u && (h & 0x03FFu) != 0; }

// Decodes a half by accumulating its fraction bits one at a time (no ldexp of
// a packed significand), so it shares no code path with HalfBitsToDouble.
double SlowHalfValue(uint16_t h) {
  const int exp_field = (h >> 10) & 0x1F;
  double unit = std::pow(2.0, (exp_field == 0 ? 1 : exp_field) - 15);  // value of the leading bit
  double v = exp_field == 0 ? 0.0 : unit;
  for (int bit = 9; bit >= 0; --bit) {
    unit /= 2.0;
    if (h & (1u << bit)) v += unit;
  }
  if (exp_field == 0x1F) v = kInf;
  return (h & 0x8000u) ? -v : v;
}

// All non-negative finite halves in increasing order, plus the overflow
// sentinel 65536 standing for +inf (IEEE 754 7.4: round as if the exponent
// range were unbounded; 65536 = 2^16 has an even significand).
struct HalfLadder {
  std::vector<double> values;
  std::vector<uint16_t> bits;
  HalfLadder() {
    for (uint32_t h = 0; h <= 0x7BFFu; ++h) {
      values.push_back(SlowHalfValue(static_cast<uint16_t>(h)));
      bits.push_back(static_cast<uint16_t>(h));
    }
    values.push_back(65536.0);
    bits.push_back(0x7C00u);
  }
};
const HalfLadder& Ladder() {
  static const HalfLadder ladder;
  return ladder;
}

// Round to nearest, ties to the even significand, by searching the ladder for
// the two neighbours of |x| and comparing the exact distances (Sterbenz: both
// subtractions are exact because x lies between neighbours within a factor 2,
// except next to 0 where only the comparison's direction matters).
uint16_t SlowDoubleToHalf(double x) {
  const uint16_t sign = std::signbit(x) ? 0x8000u : 0u;
  if (std::isnan(x)) return static_cast<uint16_t>(sign | 0x7E00u);
  const double a = std::fabs(x);
  if (a >= 65536.0) return static_cast<uint16_t>(sign | 0x7C00u);
  const auto& v = Ladder().values;
  const size_t hi = static_cast<size_t>(std::upper_bound(v.begin(), v.end(), a) - v.begin());
  const size_t lo = hi - 1;  // v[lo] <= a < v[hi]
  if (v[lo] == a) return static_cast<uint16_t>(sign | Ladder().bits[lo]);
  const double below = a - v[lo];
  const double above = v[hi] - a;
  size_t pick;
  if (below < above) {
    pick = lo;
  } else if (above < below) {
    pick = hi;
  } else {
    pick = (Ladder().bits[lo] & 1u) == 0 ? lo : hi;
  }
  return static_cast<uint16_t>(sign | Ladder().bits[pick]);
}

TEST(DoubleToHalfBits, IndependentDecoderAgreesWithHalfBitsToDoubleForAll65536Patterns) {
  for (uint32_t h = 0; h <= 0xFFFFu; ++h) {
    const uint16_t b = static_cast<uint16_t>(h);
    const double d = HalfBitsToDouble(b);
    if (IsHalfNan(b)) {
      EXPECT_TRUE(std::isnan(d)) << std::hex << h;
      EXPECT_EQ(std::signbit(d), (h & 0x8000u) != 0) << "NaN sign lost for 0x" << std::hex << h;
    } else {
      EXPECT_EQ(d, SlowHalfValue(b)) << std::hex << h;
      EXPECT_EQ(std::signbit(d), (h & 0x8000u) != 0) << std::hex << h;
    }
  }
  // Fixed anchors of the binary16 format (IEEE 754 table 3.5).
  EXPECT_EQ(HalfBitsToDouble(0x3C00u), 1.0);
  EXPECT_EQ(HalfBitsToDouble(0x7BFFu), 65504.0);
  EXPECT_EQ(HalfBitsToDouble(0x0001u), std::pow(2.0, -24));
  EXPECT_EQ(HalfBitsToDouble(0x0400u), std::pow(2.0, -14));
  EXPECT_EQ(HalfBitsToDouble(0xFC00u), -kInf);
}

TEST(DoubleToHalfBits, EveryHalfPatternRoundTripsExactlyAndNansKeepTheirSign) {
  for (uint32_t h = 0; h <= 0xFFFFu; ++h) {
    const uint16_t b = static_cast<uint16_t>(h);
    const uint16_t back = DoubleToHalfBits(HalfBitsToDouble(b));
    if (IsHalfNan(b)) {
      EXPECT_TRUE(IsHalfNan(back)) << std::hex << h;
      EXPECT_EQ(back & 0x8000u, h & 0x8000u) << std::hex << h;
    } else {
      EXPECT_EQ(back, b) << std::hex << h;
    }
  }
}

TEST(DoubleToHalfBits, MidpointOfAdjacentHalvesRoundsToEvenAndOneDoubleUlpAsideToTheNearer) {
  const auto& v = Ladder().values;
  const auto& bits = Ladder().bits;
  for (size_t i = 0; i + 1 < v.size(); ++i) {
    const double mid = (v[i] + v[i + 1]) / 2;  // exact: 12 significant bits
    ASSERT_GT(mid, v[i]);
    ASSERT_LT(mid, v[i + 1]);
    const uint16_t even = (bits[i] & 1u) == 0 ? bits[i] : bits[i + 1];
    for (const double s : {1.0, -1.0}) {
      const uint16_t sign = s < 0 ? 0x8000u : 0u;
      EXPECT_EQ(DoubleToHalfBits(s * mid), sign | even) << "midpoint " << mid;
      EXPECT_EQ(DoubleToHalfBits(s * std::nextafter(mid, 0.0)), sign | bits[i]) << "below midpoint " << mid;
      EXPECT_EQ(DoubleToHalfBits(s * std::nextafter(mid, kInf)), sign | bits[i + 1]) << "above midpoint " << mid;
    }
  }
}

TEST(DoubleToHalfBits, OverflowThresholdIs65520) {
  EXPECT_EQ(DoubleToHalfBits(65504.0), 0x7BFFu);
  EXPECT_EQ(DoubleToHalfBits(std::nextafter(65520.0, 0.0)), 0x7BFFu);  // 65519.999...
  EXPECT_EQ(DoubleToHalfBits(65520.0), 0x7C00u);                       // tie -> even (inf)
  EXPECT_EQ(DoubleToHalfBits(-65520.0), 0xFC00u);
  EXPECT_EQ(DoubleToHalfBits(1e300), 0x7C00u);
  EXPECT_EQ(DoubleToHalfBits(kInf), 0x7C00u);
  EXPECT_EQ(DoubleToHalfBits(-kInf), 0xFC00u);
}

TEST(DoubleToHalfBits, SubnormalBoundariesTieToEvenAndUnderflowKeepsSign) {
  const double min_sub = std::pow(2.0, -24);
  EXPECT_EQ(DoubleToHalfBits(min_sub / 2), 0x0000u);                        // 2^-25: tie between 0 and 1 -> 0
  EXPECT_EQ(DoubleToHalfBits(std::nextafter(min_sub / 2, 1.0)), 0x0001u);   // just above -> 2^-24
  EXPECT_EQ(DoubleToHalfBits(-min_sub / 2), 0x8000u);                       // -> -0
  EXPECT_EQ(DoubleToHalfBits(3 * min_sub / 2), 0x0002u);                    // tie between 1 and 2 -> 2
  EXPECT_EQ(DoubleToHalfBits(std::numeric_limits<double>::denorm_min()), 0x0000u);
  EXPECT_EQ(DoubleToHalfBits(-std::numeric_limits<double>::denorm_min()), 0x8000u);
  // Largest subnormal + half a step rounds up into the smallest normal.
  EXPECT_EQ(DoubleToHalfBits(1023.5 * min_sub), 0x0400u);
  EXPECT_EQ(DoubleToHalfBits(std::pow(2.0, -14)), 0x0400u);
}

TEST(DoubleToHalfBits, NegativeZeroIsPreservedAndNanStaysNanWithSign) {
  EXPECT_EQ(DoubleToHalfBits(0.0), 0x0000u);
  EXPECT_EQ(DoubleToHalfBits(-0.0), 0x8000u);
  EXPECT_TRUE(std::signbit(HalfBitsToDouble(0x8000u)));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(IsHalfNan(DoubleToHalfBits(nan)));
  EXPECT_EQ(DoubleToHalfBits(nan) & 0x8000u, 0u);
  EXPECT_TRUE(IsHalfNan(DoubleToHalfBits(-nan)));
  EXPECT_EQ(DoubleToHalfBits(std::copysign(nan, -1.0)) & 0x8000u, 0x8000u);
}

// Going through float32 first rounds twice (quantization_semantics 3.6): this
// double lies just above a half midpoint but rounds to the midpoint in float32.
TEST(DoubleToHalfBits, RoundsDirectlyFromDoubleNotViaFloat32) {
  const double x = 1.0 + std::pow(2.0, -11) + std::pow(2.0, -40);  // just above the 1 / 1+2^-10 midpoint
  EXPECT_EQ(static_cast<double>(static_cast<float>(x)), 1.0 + std::pow(2.0, -11));  // float32 loses the tail
  EXPECT_EQ(DoubleToHalfBits(x), 0x3C01u);  // direct RNE: nearer to 1+2^-10
  EXPECT_EQ(SlowDoubleToHalf(x), 0x3C01u);
}

// Random doubles spread over the whole binary16 range and beyond.
rc::Gen<double> GenHalfRangeDouble() {
  return rc::gen::map(rc::gen::tuple(rc::gen::arbitrary<uint64_t>(), rc::gen::inRange(-30, 18), rc::gen::arbitrary<bool>()),
                      [](const std::tuple<uint64_t, int, bool>& t) {
                        const double m = 1.0 + static_cast<double>(std::get<0>(t) >> 11) * std::pow(2.0, -53);
                        const double v = std::ldexp(m, std::get<1>(t));
                        return std::get<2>(t) ? -v : v;
                      });
}

RC_GTEST_PROP(DoubleToHalfBits, AgreesWithSlowNeighbourSearchOnRandomDoubles, ()) {
  const double x = *GenHalfRangeDouble();
  RC_ASSERT(DoubleToHalfBits(x) == SlowDoubleToHalf(x));
}

RC_GTEST_PROP(DoubleToHalfBits, AgreesWithSlowNeighbourSearchOnArbitraryBitPatterns, (uint64_t raw)) {
  double x;
  std::memcpy(&x, &raw, sizeof x);
  const uint16_t got = DoubleToHalfBits(x);
  const uint16_t want = SlowDoubleToHalf(x);
  if (std::isnan(x)) {
    RC_ASSERT(IsHalfNan(got));
    RC_ASSERT((got & 0x8000u) == (want & 0x8000u));
  } else {
    RC_ASSERT(got == want);
  }
}

#ifdef __FLT16_MAX__
// Second oracle where the compiler has _Float16 (GCC 12 on x86-64: the
// conversion from double is a single correctly rounded libgcc operation).
TEST(DoubleToHalfBits, AgreesWithCompilerFloat16OnEveryMidpointNeighbourhood) {
  const auto& v = Ladder().values;
  for (size_t i = 0; i + 1 < v.size(); ++i) {
    const double mid = (v[i] + v[i + 1]) / 2;
    for (const double x : {mid, std::nextafter(mid, 0.0), std::nextafter(mid, kInf), -mid}) {
      const _Float16 f = static_cast<_Float16>(x);
      uint16_t want;
      std::memcpy(&want, &f, sizeof want);
      EXPECT_EQ(DoubleToHalfBits(x), want) << x;
    }
  }
}
#endif

// ---- Quantize --------------------------------------------------------------------

// The other zero-point placement (TFLite, ONNX-style): round t first, then add zp.
int64_t RoundThenAddZeroPoint(double t, int32_t zp, int64_t qmin, int64_t qmax) {
  const int64_t n = static_cast<int64_t>(std::round(t)) + zp;
  return std::min(std::max(n, qmin), qmax);
}

// Exact rational RHA(t + zp) with saturation: t = ip + fp with ip = trunc(t)
// and fp = t - ip (both exact); the integer part I = ip + zp is exact in
// int64 and only comparisons of fp against 0 and +-0.5 are needed.
int64_t ExactQuantizeReference(double t, int32_t zp, int64_t qmin, int64_t qmax) {
  if (std::isnan(t)) return std::min(std::max<int64_t>(zp, qmin), qmax);
  // |t| >= 2^53: t is an integer and |t + zp| > 2^52 exceeds every range tested here.
  if (t >= 0x1p53) return qmax;
  if (t <= -0x1p53) return qmin;
  const double ip = std::trunc(t);
  const double fp = t - ip;  // in (-1, 1), same sign as t
  const int64_t big_i = static_cast<int64_t>(ip) + zp;
  int64_t q;
  if (fp == 0.0) {
    q = big_i;
  } else if (fp > 0.0) {
    // s = I + fp lies in (I, I+1). s >= 0 when I >= 0: up iff fp >= 0.5.
    // s < 0 when I <= -1: |s| = -I - fp, away from zero (down) iff fp <= 0.5.
    q = big_i >= 0 ? big_i + (fp >= 0.5 ? 1 : 0) : big_i + (fp > 0.5 ? 1 : 0);
  } else {
    // s = I + fp lies in (I-1, I). Mirror image of the case above.
    q = big_i <= 0 ? big_i - (fp <= -0.5 ? 1 : 0) : big_i - (fp < -0.5 ? 1 : 0);
  }
  return std::min(std::max(q, qmin), qmax);
}

TEST(RoundAddZeroPointAndClamp, TiesGoAwayFromZeroOfTheRealSumIncludingZeroPoint) {
  // t = -2.5, zp = 3: real sum 0.5 -> 1. Rounding t first gives -3 + 3 = 0.
  EXPECT_EQ(RoundAddZeroPointAndClamp(-2.5, 3, -128, 127), 1);
  EXPECT_EQ(RoundThenAddZeroPoint(-2.5, 3, -128, 127), 0);
  // t = 2.5, zp = -3: real sum -0.5 -> -1. Rounding t first gives 3 - 3 = 0.
  EXPECT_EQ(RoundAddZeroPointAndClamp(2.5, -3, -128, 127), -1);
  EXPECT_EQ(RoundThenAddZeroPoint(2.5, -3, -128, 127), 0);
  // Same-sign ties agree in both placements.
  EXPECT_EQ(RoundAddZeroPointAndClamp(2.5, 3, -128, 127), 6);
  EXPECT_EQ(RoundAddZeroPointAndClamp(-2.5, -3, -128, 127), -6);
  EXPECT_EQ(RoundAddZeroPointAndClamp(0.5, 0, -128, 127), 1);
  EXPECT_EQ(RoundAddZeroPointAndClamp(-0.5, 0, -128, 127), -1);
  // Non-ties: plain nearest.
  // Non-ties one double ulp away: plain nearest (-2.5 + 2^-51 + 3 = 0.5 + 2^-51 -> 1).
  EXPECT_EQ(RoundAddZeroPointAndClamp(std::nextafter(-2.5, 0.0), 3, -128, 127), 1);
  EXPECT_EQ(RoundAddZeroPointAndClamp(std::nextafter(-2.5, -kInf), 3, -128, 127), 0);
  EXPECT_EQ(RoundAddZeroPointAndClamp(std::nextafter(2.5, kInf), -3, -128, 127), 0);
  EXPECT_EQ(RoundAddZeroPointAndClamp(std::nextafter(2.5, 0.0), -3, -128, 127), -1);
  // Just inside (-0.5, 0) and (0, 0.5): t - floor(t) would round to a false tie.
  EXPECT_EQ(RoundAddZeroPointAndClamp(std::nextafter(-0.5, 0.0), 0, -128, 127), 0);
  EXPECT_EQ(RoundAddZeroPointAndClamp(std::nextafter(-0.5, 0.0), 1, -128, 127), 1);
  EXPECT_EQ(RoundAddZeroPointAndClamp(std::nextafter(0.5, 0.0), 0, -128, 127), 0);
  EXPECT_EQ(RoundAddZeroPointAndClamp(std::nextafter(-1.5, 0.0), 0, -128, 127), -1);
}

// The branch-free rounding against x87 binary80 (64-bit significand): for
// |t| < 2^9 near a half, t + zp is exact there and roundl is RHA; elsewhere
// the fraction is far from 1/2 and a rounded sum keeps the answer.
TEST(RoundAddZeroPointAndClamp, MatchesExtendedPrecisionRoundingNearHalves) {
  static_assert(std::numeric_limits<long double>::digits >= 64, "binary80 expected");
  uint64_t state = 88172645463325252ull;
  auto next = [&]() {  // xorshift64
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  for (int i = 0; i < 200000; ++i) {
    const double whole = static_cast<double>(static_cast<int64_t>(next() % 512) - 256);
    const double half_or_not = (next() % 4 == 0) ? static_cast<double>(next() % 1000) / 1000.0 : 0.5;
    double t = whole + (whole < 0 ? -half_or_not : half_or_not);
    const int steps = static_cast<int>(next() % 5) - 2;  // a few ulps around it
    for (int k = 0; k < std::abs(steps); ++k) t = std::nextafter(t, steps > 0 ? kInf : -kInf);
    const int32_t zp = static_cast<int32_t>(next() % 256) - 128;
    const int64_t expected = static_cast<int64_t>(std::roundl(static_cast<long double>(t) + zp));
    ASSERT_EQ(RoundAddZeroPointAndClamp(t, zp, -100000, 100000), expected) << "t " << t << " zp " << zp;
  }
}

// The branch-by-branch statement of RoundAddZeroPointAndClamp's rounding step
// (trunc, then up or down by the sign of the fraction), which the branch-free
// kernel must match on every input (C-756).
int64_t RoundAddZeroPointAndClampByBranches(double t, int32_t zero_point, int64_t qmin, int64_t qmax) {
  if (std::isnan(t)) return std::min(std::max<int64_t>(zero_point, qmin), qmax);
  if (t > 0x1p62) return qmax;
  if (t < -0x1p62) return qmin;
  const double ip = std::trunc(t);
  const double fp = t - ip;
  int64_t n = static_cast<int64_t>(ip) + zero_point;
  if (fp != 0.0) {
    const bool sum_positive = fp > 0.0 ? n >= 0 : n >= 1;
    if (fp > 0.0 && (fp > 0.5 || (fp == 0.5 && sum_positive))) n += 1;
    if (fp < 0.0 && (fp < -0.5 || (fp == -0.5 && !sum_positive))) n -= 1;
  }
  return std::min(std::max(n, qmin), qmax);
}

TEST(RoundAddZeroPointAndClamp, MatchesTheBranchStatementOnRandomValuesTiesAndNeighbours) {
  std::mt19937_64 rng(20261125);
  for (int i = 0; i < 400000; ++i) {
    const int64_t mantissa = static_cast<int64_t>(rng() >> 11) - (int64_t{1} << 52);
    double t = std::ldexp(static_cast<double>(mantissa), static_cast<int>(rng() % 120) - 100);
    switch (rng() % 5) {
      case 0: t = std::trunc(t) + (rng() % 2 ? 0.5 : -0.5); break;  // a tie
      case 1: t = std::nextafter(std::trunc(t) + 0.5, rng() % 2 ? kInf : -kInf); break;
      case 2: t = std::nextafter(std::trunc(t) - 0.5, rng() % 2 ? kInf : -kInf); break;
      default: break;
    }
    const int32_t zp = static_cast<int32_t>(rng() % 511) - 255;
    const int64_t lo = rng() % 2 ? -128 : 0;
    const int64_t hi = rng() % 3 ? lo + 255 : std::numeric_limits<int64_t>::max();
    ASSERT_EQ(RoundAddZeroPointAndClamp(t, zp, lo, hi), RoundAddZeroPointAndClampByBranches(t, zp, lo, hi))
        << "t = " << t << " zp = " << zp;
  }
}

// quantization_semantics 3.1: r, scale, zp -> "RHA(r/s+zp) (NNRt literal)" column.
TEST(QuantizeHalfAwayFromZero, MatchesSpecTable31NnrtLiteralColumn) {
  EXPECT_EQ(QuantizeHalfAwayFromZero(0.25, 0.5, 0, -128, 127), 1);
  EXPECT_EQ(QuantizeHalfAwayFromZero(-0.25, 0.5, 0, -128, 127), -1);
  EXPECT_EQ(QuantizeHalfAwayFromZero(1.25, 0.5, 0, -128, 127), 3);
  EXPECT_EQ(QuantizeHalfAwayFromZero(-0.25, 0.5, 1, -128, 127), 1);
  EXPECT_EQ(QuantizeHalfAwayFromZero(0.75, 0.5, -1, -128, 127), 1);
}

// quantization_semantics 3.2, column "fl64(r/s) -> RHA": the division is one
// binary64 operation, so decimal "intended" ties behave as the table says.
TEST(QuantizeHalfAwayFromZero, DividesOnceInBinary64AsSpecTable32) {
  EXPECT_EQ(QuantizeHalfAwayFromZero(15.375, 0.15, 0, -1000, 1000), 103);
  EXPECT_EQ(QuantizeHalfAwayFromZero(5.375, 0.05, 0, -1000, 1000), 108);
  EXPECT_EQ(QuantizeHalfAwayFromZero(8.5, 0.2, 0, -1000, 1000), 43);
  const uint32_t bits = 0xbef1eb85u;  // float32 -0.47249999642
  float r;
  std::memcpy(&r, &bits, sizeof r);
  EXPECT_EQ(QuantizeHalfAwayFromZero(r, 0.007, 0, -1000, 1000), -67);
}

TEST(RoundAddZeroPointAndClamp, ClampsToTheRangeOfEachQuant8DataType) {
  EXPECT_EQ(QuantMin(DataType::kInt8), -128);
  EXPECT_EQ(QuantMax(DataType::kInt8), 127);
  EXPECT_EQ(QuantMin(DataType::kUint8), 0);
  EXPECT_EQ(QuantMax(DataType::kUint8), 255);
  const int64_t i8lo = QuantMin(DataType::kInt8), i8hi = QuantMax(DataType::kInt8);
  const int64_t u8lo = QuantMin(DataType::kUint8), u8hi = QuantMax(DataType::kUint8);
  EXPECT_EQ(RoundAddZeroPointAndClamp(126.5, 0, i8lo, i8hi), 127);
  EXPECT_EQ(RoundAddZeroPointAndClamp(127.5, 0, i8lo, i8hi), 127);
  EXPECT_EQ(RoundAddZeroPointAndClamp(-128.5, 0, i8lo, i8hi), -128);
  EXPECT_EQ(RoundAddZeroPointAndClamp(-0.5, 0, u8lo, u8hi), 0);     // -1 clamped
  EXPECT_EQ(RoundAddZeroPointAndClamp(-130.0, 128, u8lo, u8hi), 0);
  EXPECT_EQ(RoundAddZeroPointAndClamp(127.4, 128, u8lo, u8hi), 255);
  EXPECT_EQ(RoundAddZeroPointAndClamp(128.0, 128, u8lo, u8hi), 255);  // 256 clamped
}

TEST(RoundAddZeroPointAndClamp, InfinitiesSaturateNanMapsToClampedZeroPointHugeValuesSaturate) {
  EXPECT_EQ(RoundAddZeroPointAndClamp(kInf, 5, -128, 127), 127);
  EXPECT_EQ(RoundAddZeroPointAndClamp(-kInf, 5, -128, 127), -128);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(RoundAddZeroPointAndClamp(nan, 5, -128, 127), 5);
  EXPECT_EQ(RoundAddZeroPointAndClamp(nan, 300, 0, 255), 255);
  EXPECT_EQ(RoundAddZeroPointAndClamp(nan, -300, -128, 127), -128);
  for (const double huge : {1e300, 0x1p62, 0x1p63, 0x1p64, std::numeric_limits<double>::max()}) {
    EXPECT_EQ(RoundAddZeroPointAndClamp(huge, std::numeric_limits<int32_t>::min(), -128, 127), 127) << huge;
    EXPECT_EQ(RoundAddZeroPointAndClamp(-huge, std::numeric_limits<int32_t>::max(), 0, 255), 0) << huge;
  }
  // Extreme zero points are added exactly (int64), not in int32.
  EXPECT_EQ(RoundAddZeroPointAndClamp(1.0, std::numeric_limits<int32_t>::max(), std::numeric_limits<int32_t>::min(),
                                      std::numeric_limits<int64_t>::max()),
            int64_t{2147483648});
}

// C-291: t + zp is evaluated exactly up to |t| = 2^62, so a large t is pulled
// back by an (out-of-contract) extreme zero point instead of saturating early.
TEST(RoundAddZeroPointAndClamp, LargeTIsAddedToTheZeroPointExactlyBeforeClampingC291) {
  const int32_t zp_min = std::numeric_limits<int32_t>::min();
  EXPECT_EQ(RoundAddZeroPointAndClamp(0x1p31 + 1.5, zp_min, -128, 127), 2);    // 1.5 -> 2
  EXPECT_EQ(RoundAddZeroPointAndClamp(0x1p31 + 200.0, zp_min, -128, 127), 127);
  EXPECT_EQ(RoundAddZeroPointAndClamp(-0x1p31 - 0.5, std::numeric_limits<int32_t>::max(), -128, 127), -2);
  EXPECT_EQ(RoundAddZeroPointAndClamp(0x1p62, zp_min, -128, 127), 127);
}

TEST(QuantizeHalfAwayFromZero, InfiniteAndNanRealsSaturateOrGiveZeroPoint) {
  EXPECT_EQ(QuantizeHalfAwayFromZero(kInf, 0.1, 3, -128, 127), 127);
  EXPECT_EQ(QuantizeHalfAwayFromZero(-kInf, 0.1, 3, 0, 255), 0);
  EXPECT_EQ(QuantizeHalfAwayFromZero(std::nan(""), 0.1, 3, 0, 255), 3);
  EXPECT_EQ(QuantizeHalfAwayFromZero(1e-320, 1e-300, 0, -128, 127), 0);  // r/s = 1e-20
  EXPECT_EQ(QuantizeHalfAwayFromZero(1e300, 1e-300, 0, -128, 127), 127);  // r/s overflows to inf
}

// t generator: arbitrary doubles, exact ties k + 0.5 and their double neighbours.
rc::Gen<double> GenQuantT() {
  return rc::gen::oneOf(
      rc::gen::map(rc::gen::arbitrary<uint64_t>(),
                   [](uint64_t raw) {
                     double x;
                     std::memcpy(&x, &raw, sizeof x);
                     return x;
                   }),
      rc::gen::map(rc::gen::tuple(rc::gen::inRange<int64_t>(-400, 400), rc::gen::inRange(-1, 2)),
                   [](const std::tuple<int64_t, int>& t) {
                     const double tie = static_cast<double>(std::get<0>(t)) + 0.5;
                     const int d = std::get<1>(t);
                     return d == 0 ? tie : std::nextafter(tie, d < 0 ? -kInf : kInf);
                   }),
      GenHalfRangeDouble());
}

rc::Gen<int32_t> GenZeroPoint() {
  return rc::gen::oneOf(rc::gen::inRange<int32_t>(-300, 300), rc::gen::arbitrary<int32_t>());
}

RC_GTEST_PROP(RoundAddZeroPointAndClamp, EqualsExactRationalRhaOfTPlusZeroPointForInt8Uint8Int32, ()) {
  const double t = *GenQuantT();
  int32_t zp = *GenZeroPoint();
  // Half of the cases put t + zp next to 0, where the sign-dependent tie rule acts.
  if (*rc::gen::arbitrary<bool>() && std::fabs(t) < 0x1p30) {
    zp = -static_cast<int32_t>(std::floor(t)) + *rc::gen::inRange<int32_t>(-2, 3);
  }
  const int64_t i32lo = std::numeric_limits<int32_t>::min(), i32hi = std::numeric_limits<int32_t>::max();
  const std::vector<std::pair<int64_t, int64_t>> ranges = {{-128, 127}, {0, 255}, {i32lo, i32hi}};
  for (const auto& range : ranges) {
    RC_ASSERT(RoundAddZeroPointAndClamp(t, zp, range.first, range.second) ==
              ExactQuantizeReference(t, zp, range.first, range.second));
  }
}

// ---- Dequantize --------------------------------------------------------------------

// With |zp| <= 2^28, (q - zp) has at most 29 significant bits and a float32
// scale 24, so the product is exact in binary64: fma(a, s, -d) == 0 witnesses
// d == a*s exactly.
RC_GTEST_PROP(Dequantize, IsExactForQuant8ValuesAndFloat32Scales, ()) {
  const int64_t q = *rc::gen::inRange<int64_t>(-128, 256);
  const int32_t zp = *rc::gen::inRange<int32_t>(-(1 << 28), (1 << 28) + 1);
  const float scale_f = std::ldexp(1.0f + static_cast<float>(*rc::gen::inRange(0, 1 << 23)) * 0x1p-23f,
                                   *rc::gen::inRange(-40, 20));
  const double d = Dequantize(q, scale_f, zp);
  const double a = static_cast<double>(q - static_cast<int64_t>(zp));
  RC_ASSERT(std::fma(a, static_cast<double>(scale_f), -d) == 0.0);
}

// Dequantize then quantize with the same params returns q for every in-range q.
RC_GTEST_PROP(Dequantize, QuantizeOfDequantizeIsIdentityOnInt8AndUint8, ()) {
  const bool is_int8 = *rc::gen::arbitrary<bool>();
  const int64_t qmin = is_int8 ? -128 : 0, qmax = is_int8 ? 127 : 255;
  const int64_t q = *rc::gen::inRange<int64_t>(qmin, qmax + 1);
  const int32_t zp = *rc::gen::inRange<int32_t>(static_cast<int32_t>(qmin), static_cast<int32_t>(qmax + 1));
  const double scale = std::ldexp(1.0 + static_cast<double>(*rc::gen::arbitrary<uint32_t>()) * 0x1p-32,
                                  *rc::gen::inRange(-60, 30));
  RC_ASSERT(QuantizeHalfAwayFromZero(Dequantize(q, scale, zp), scale, zp, qmin, qmax) == q);
}

TEST(Dequantize, ExactValuesAndNoOverflowAtInt64Extremes) {
  EXPECT_EQ(Dequantize(-128, 0.5, 127), -127.5);
  EXPECT_EQ(Dequantize(255, 0.25, 0), 63.75);
  EXPECT_EQ(Dequantize(127, 1.0, std::numeric_limits<int32_t>::min()), 2147483775.0);
  // int64 operands at the limits must not overflow the subtraction (UBSan
  // under --config=asan); the result is the rounded real value.
  EXPECT_EQ(Dequantize(std::numeric_limits<int64_t>::min(), 1.0, 1), -0x1p63);
  EXPECT_EQ(Dequantize(std::numeric_limits<int64_t>::max(), 1.0, -1), 0x1p63);
}

// ---- Element access --------------------------------------------------------------

// A buffer with guard bytes either side of element 1, to catch stride errors.
struct Buffer {
  unsigned char bytes[32];
  Buffer() { std::memset(bytes, 0xA5, sizeof bytes); }
};

size_t ElementSize(DataType t) {
  switch (t) {
    case DataType::kBool:
    case DataType::kInt8:
    case DataType::kUint8: return 1;
    case DataType::kInt16:
    case DataType::kUint16:
    case DataType::kFloat16: return 2;
    case DataType::kInt32:
    case DataType::kUint32:
    case DataType::kFloat32: return 4;
    default: return 8;
  }
}

void ExpectOnlyElementOneWritten(const Buffer& b, DataType t) {
  const size_t size = ElementSize(t);
  for (size_t k = 0; k < sizeof b.bytes; ++k) {
    if (k < size || k >= 2 * size) {
      EXPECT_EQ(b.bytes[k], 0xA5) << "byte " << k << " touched";
    }
  }
}

template <typename T>
T RawElementOne(const Buffer& b) {
  T v;
  std::memcpy(&v, b.bytes + sizeof(T), sizeof(T));
  return v;
}

TEST(StoreInt64, WrapsTwosComplementToEachIntegerWidthAndBoolIsNonZero) {
  struct Case {
    DataType t;
    int64_t in;
    int64_t want_loaded;  // LoadAsInt64 of what was stored
  };
  const Case cases[] = {
      {DataType::kInt8, 127, 127},          {DataType::kInt8, 128, -128},
      {DataType::kInt8, 255, -1},           {DataType::kInt8, -129, 127},
      {DataType::kUint8, -1, 255},          {DataType::kUint8, 256, 0},
      {DataType::kUint8, 300, 44},          {DataType::kInt16, 32768, -32768},
      {DataType::kInt16, -32769, 32767},    {DataType::kUint16, -1, 65535},
      {DataType::kUint16, 65536, 0},        {DataType::kInt32, 0x80000000LL, -0x80000000LL},
      {DataType::kInt32, -1, -1},           {DataType::kUint32, -1, 0xFFFFFFFFLL},
      {DataType::kUint32, 0x100000001LL, 1}, {DataType::kInt64, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::min()},
      {DataType::kUint64, -1, -1},          {DataType::kBool, 2, 1},
      {DataType::kBool, -1, 1},             {DataType::kBool, 256, 1},
      {DataType::kBool, 0, 0},
  };
  for (const Case& c : cases) {
    Buffer b;
    StoreInt64(c.t, b.bytes, 1, c.in);
    ExpectOnlyElementOneWritten(b, c.t);
    EXPECT_EQ(LoadAsInt64(c.t, b.bytes, 1), c.want_loaded) << static_cast<int>(c.t) << " " << c.in;
  }
  // Raw bytes, read back independently of LoadAs*.
  Buffer b;
  StoreInt64(DataType::kUint64, b.bytes, 1, -1);
  EXPECT_EQ(RawElementOne<uint64_t>(b), ~uint64_t{0});
  EXPECT_EQ(LoadAsUint64(b.bytes, 1), ~uint64_t{0});
  StoreInt64(DataType::kInt16, b.bytes, 1, 40000);
  EXPECT_EQ(RawElementOne<int16_t>(b), static_cast<int16_t>(40000 - 65536));
  StoreInt64(DataType::kBool, b.bytes, 1, 7);
  EXPECT_EQ(b.bytes[1], 1);
  // C-293: an integer store into a float buffer writes nothing.
  for (const DataType t : {DataType::kFloat16, DataType::kFloat32, DataType::kFloat64}) {
    Buffer untouched;
    StoreInt64(t, untouched.bytes, 1, 3);
    for (unsigned char byte : untouched.bytes) EXPECT_EQ(byte, 0xA5);
  }
}

TEST(LoadAsDouble, ReadsEveryDataTypeExactly) {
  Buffer b;
  const int8_t i8 = -128;
  std::memcpy(b.bytes + 1, &i8, 1);
  EXPECT_EQ(LoadAsDouble(DataType::kInt8, b.bytes, 1), -128.0);
  EXPECT_EQ(LoadAsDouble(DataType::kUint8, b.bytes, 1), 128.0);  // same byte 0x80
  b.bytes[1] = 7;
  EXPECT_EQ(LoadAsDouble(DataType::kBool, b.bytes, 1), 1.0);  // any non-zero byte is true
  b.bytes[1] = 0;
  EXPECT_EQ(LoadAsDouble(DataType::kBool, b.bytes, 1), 0.0);
  const int16_t i16 = -32768;
  std::memcpy(b.bytes + 2, &i16, 2);
  EXPECT_EQ(LoadAsDouble(DataType::kInt16, b.bytes, 1), -32768.0);
  EXPECT_EQ(LoadAsDouble(DataType::kUint16, b.bytes, 1), 32768.0);
  const uint16_t half = 0xC500u;  // -5.0
  std::memcpy(b.bytes + 2, &half, 2);
  EXPECT_EQ(LoadAsDouble(DataType::kFloat16, b.bytes, 1), -5.0);
  const int32_t i32 = std::numeric_limits<int32_t>::min();
  std::memcpy(b.bytes + 4, &i32, 4);
  EXPECT_EQ(LoadAsDouble(DataType::kInt32, b.bytes, 1), -2147483648.0);
  EXPECT_EQ(LoadAsDouble(DataType::kUint32, b.bytes, 1), 2147483648.0);
  const float f = 0.1f;
  std::memcpy(b.bytes + 4, &f, 4);
  EXPECT_EQ(LoadAsDouble(DataType::kFloat32, b.bytes, 1), static_cast<double>(0.1f));
  const int64_t i64 = (int64_t{1} << 53) + 1;  // not representable: rounds to even 2^53
  std::memcpy(b.bytes + 8, &i64, 8);
  EXPECT_EQ(LoadAsDouble(DataType::kInt64, b.bytes, 1), 0x1p53);
  EXPECT_EQ(LoadAsInt64(DataType::kInt64, b.bytes, 1), i64);
  const uint64_t u64 = ~uint64_t{0};
  std::memcpy(b.bytes + 8, &u64, 8);
  EXPECT_EQ(LoadAsDouble(DataType::kUint64, b.bytes, 1), 0x1p64);
  EXPECT_EQ(LoadAsInt64(DataType::kUint64, b.bytes, 1), -1);  // documented reinterpretation
  const double d = -0.1;
  std::memcpy(b.bytes + 8, &d, 8);
  EXPECT_EQ(LoadAsDouble(DataType::kFloat64, b.bytes, 1), -0.1);
}

TEST(StoreDouble, RoundsOnceToEachFloatTypeAndLeavesIntegerBuffersUntouched) {
  {
    Buffer b;
    StoreDouble(DataType::kFloat32, b.bytes, 1, 1.0 + 0x1p-24);  // float32 tie -> even 1.0
    ExpectOnlyElementOneWritten(b, DataType::kFloat32);
    EXPECT_EQ(RawElementOne<float>(b), 1.0f);
    StoreDouble(DataType::kFloat32, b.bytes, 1, 1.0 + 3 * 0x1p-24);  // tie -> even 1 + 2^-22
    EXPECT_EQ(RawElementOne<float>(b), 1.0f + 0x1p-22f);
    StoreDouble(DataType::kFloat32, b.bytes, 1, -0.0);
    EXPECT_TRUE(std::signbit(RawElementOne<float>(b)));
  }
  {
    Buffer b;
    StoreDouble(DataType::kFloat16, b.bytes, 1, 65520.0);
    ExpectOnlyElementOneWritten(b, DataType::kFloat16);
    EXPECT_EQ(RawElementOne<uint16_t>(b), 0x7C00u);
    StoreDouble(DataType::kFloat16, b.bytes, 1, 1.0 + std::pow(2.0, -11));  // tie -> even 1.0
    EXPECT_EQ(RawElementOne<uint16_t>(b), 0x3C00u);
  }
  {
    Buffer b;
    StoreDouble(DataType::kFloat64, b.bytes, 1, 0.1);
    ExpectOnlyElementOneWritten(b, DataType::kFloat64);
    EXPECT_EQ(RawElementOne<double>(b), 0.1);
  }
  for (const DataType t : {DataType::kBool, DataType::kInt8, DataType::kUint8, DataType::kInt32, DataType::kInt64}) {
    Buffer b;
    StoreDouble(t, b.bytes, 1, 3.0);
    for (unsigned char byte : b.bytes) EXPECT_EQ(byte, 0xA5);
  }
}

TEST(RoundToType, RoundsOnceToFloat16AndFloat32AndIsIdentityForFloat64) {
  const double x = 1.0 + std::pow(2.0, -11) + std::pow(2.0, -40);
  EXPECT_EQ(RoundToType(DataType::kFloat16, x), 1.0 + std::pow(2.0, -10));
  EXPECT_EQ(RoundToType(DataType::kFloat32, x), 1.0 + std::pow(2.0, -11));  // 2^-40 is below float32 half-ulp
  EXPECT_EQ(RoundToType(DataType::kFloat64, x), x);
}

}  // namespace
}  // namespace nnrt
