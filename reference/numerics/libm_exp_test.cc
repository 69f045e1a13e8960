// LibmExpFunction is libm's exp bit for bit (libm_exp.h): a sweep of random
// binary64 arguments over the range where exp is neither 0 nor inf, the
// overflow and underflow edges, and the special values, each compared with
// std::exp called at run time.
#include "reference/numerics/libm_exp.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "reference/numerics/splitmix64.h"

namespace nnrt {
namespace {

uint64_t Bits(double x) {
  uint64_t b = 0;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

double RunTimeStdExp(double x) {
  volatile double v = x;  // never folded at compile time (C-962)
  return std::exp(v);
}

void ExpectSameBits(ExpFunction f, double x) {
  EXPECT_EQ(Bits(f(x)), Bits(RunTimeStdExp(x))) << "x = " << x << " (bits " << std::hex << Bits(x) << ")";
}

TEST(LibmExpTest, GivesStdExpBitsOnRandomArguments) {
  const ExpFunction f = LibmExpFunction();
  SplitMix64 rng(0x5eed0e4bull);
  int mismatches = 0;
  for (int i = 0; i < 200000 && mismatches < 10; ++i) {
    // u in [0, 1): arguments spread over [-760, 720], past both edges.
    const double u = static_cast<double>(rng.Next() >> 11) * 0x1p-53;
    const double x = -760.0 + 1480.0 * u;
    const double got = f(x);
    const double want = RunTimeStdExp(x);
    if (Bits(got) != Bits(want)) {
      ++mismatches;
      ADD_FAILURE() << "x = " << x << ": " << got << " vs std::exp " << want;
    }
  }
}

TEST(LibmExpTest, GivesStdExpBitsAtEdgesAndSpecials) {
  const ExpFunction f = LibmExpFunction();
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> xs = {0.0,   -0.0,   inf,    -inf,   std::numeric_limits<double>::quiet_NaN(),
                            1e-310, -1e-310, 0x1p-60, -0x1p-60, 709.782712893384, 709.7827128933841,
                            -708.3964185322641, -745.1332191019411, -745.1332191019412,
                            std::numeric_limits<double>::max(), std::numeric_limits<double>::lowest()};
  // The softmax range d <= 0 near 0, where most arguments fall.
  for (int k = 0; k <= 2000; ++k) xs.push_back(-static_cast<double>(k) / 64.0);
  for (const double x : xs) ExpectSameBits(f, x);
}

#if defined(__GLIBC__) && defined(__x86_64__)
// On glibc x86-64 the errno-free core must be the one in use; otherwise the
// tests above would compare std::exp with itself.
TEST(LibmExpTest, UsesTheErrnoFreeCoreOnGlibcX8664) { EXPECT_TRUE(LibmExpSkipsWrapper()); }
#endif

}  // namespace
}  // namespace nnrt
