// The lane helpers of block_requantize.h against their scalar definitions:
// SmallInt64LanesToBinary64 is static_cast<double> bit for bit on |s| < 2^51
// (zero with a + sign, ±1, the edges, random magnitudes of every size), and
// AllWithinTwoToThe30 is the scalar test with each value in each lane.
#include "reference/ops/kernels/block_requantize.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "reference/numerics/splitmix64.h"

namespace nnrt {
namespace {

TEST(BlockRequantizeTest, SmallInt64LanesConvertLikeTheCast) {
  constexpr int64_t kLimit = (int64_t{1} << 51) - 1;
  std::vector<int64_t> values = {0, 1, -1, 2, -2, kLimit, -kLimit, int64_t{1} << 48, -(int64_t{1} << 48),
                                 (int64_t{1} << 48) + (int64_t{1} << 31), 4503599627370495 / 3};
  SplitMix64 rng(0xb10c4ull);
  for (int i = 0; i < 20000; ++i) {
    const uint64_t r = rng.Next();
    const int shift = static_cast<int>(r % 51);  // magnitudes below 2^1 .. 2^51
    const auto magnitude = static_cast<int64_t>((r >> 8) & ((uint64_t{1} << (shift + 1)) - 1)) % (kLimit + 1);
    values.push_back((r & 1) != 0 ? -magnitude : magnitude);
  }
  while (values.size() % 4 != 0) values.push_back(0);
  for (size_t i = 0; i < values.size(); i += 4) {
    Int64x4 s;
    std::memcpy(&s, values.data() + i, sizeof(s));
    Binary64x4 d;
    SmallInt64LanesToBinary64(s, &d);
    for (int lane = 0; lane < 4; ++lane) {
      // No NaN here: equal values with equal signs are equal bits (+0 for 0).
      const double want = static_cast<double>(values[i + static_cast<size_t>(lane)]);
      ASSERT_TRUE(d[lane] == want && std::signbit(d[lane]) == std::signbit(want))
          << "s = " << values[i + static_cast<size_t>(lane)] << ": " << d[lane];
    }
  }
}

TEST(BlockRequantizeTest, AllWithinTwoToThe30InLanesIsTheScalarTest) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const double probes[] = {0.0, -0.0, 1.5, 0x1p30, -0x1p30, 0x1p30 + 0x1p-22, -0x1p30 - 0x1p-22, 3e9, nan, inf, -inf};
  for (const double probe : probes) {
    for (int lane = 0; lane < 8; ++lane) {
      double t[8] = {0.5, -7.0, 100.0, -0x1p29, 0x1p29, 12.25, -0.0, 1e6};
      t[lane] = probe;
      const bool want = probe <= 0x1p30 && probe >= -0x1p30;
      EXPECT_EQ(AllWithinTwoToThe30<8>(t), want) << "probe " << probe << " in lane " << lane;
    }
  }
}

}  // namespace
}  // namespace nnrt
