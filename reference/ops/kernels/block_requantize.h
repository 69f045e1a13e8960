// Rounding of blocks of requantized accumulators to 8-bit codes in int32
// lanes: the codes of numerics.h's RoundAddZeroPointAndClamp for |t| <= 2^30
// (docs/semantics.md "Block writes").
#ifndef NNRT_REFERENCE_OPS_KERNELS_BLOCK_REQUANTIZE_H_
#define NNRT_REFERENCE_OPS_KERNELS_BLOCK_REQUANTIZE_H_

#include <cstdint>
#include <cstring>

#include "reference/numerics/numerics.h"
#include "reference/ops/kernels/binary64_lanes.h"

namespace nnrt {

// Whether every t[j] of a block lies in [-2^30, 2^30] (false for NaN), the
// range where RoundAddZeroPointToBytes gives RoundAddZeroPointAndClamp's codes.
// Blocks of a multiple of 4 compare in Binary64x4 lanes (gcc compiles the
// scalar loop to two scalar compares per value).
template <int kCount>
__attribute__((always_inline)) inline bool AllWithinTwoToThe30(const double* t) {
  if constexpr (kCount % 4 == 0) {
    Int64x4 within = {-1, -1, -1, -1};
    for (int j = 0; j < kCount; j += 4) {
      Binary64x4 v;
      LoadLanes(t + j, &v);
      within &= (v <= 0x1p30) & (v >= -0x1p30);
    }
    return (within[0] & within[1] & within[2] & within[3]) != 0;
  } else {
    bool small = true;
    for (int j = 0; j < kCount; ++j) small &= static_cast<int>(t[j] <= 0x1p30) & static_cast<int>(t[j] >= -0x1p30);
    return small;
  }
}

// static_cast<double>(s) of four int64 lanes with |s| < 2^51, exactly: the
// bits of 2^52 + 2^51 (a binary64 whose unit in the last place is 1) plus s
// are the binary64 2^52 + 2^51 + s (the fraction field 2^51 + s stays in
// [0, 2^52), no carry into the exponent), and subtracting 2^52 + 2^51 is then
// exact, +0 for s = 0 like the conversion. SSE2/AVX2 have no packed
// int64-to-binary64 conversion; this is one in integer and binary64 lanes.
__attribute__((always_inline)) inline void SmallInt64LanesToBinary64(const Int64x4& s, Binary64x4* d) {
  const Int64x4 bits = s + 0x4338000000000000;
  std::memcpy(d, &bits, sizeof(*d));
  *d -= 0x1.8p52;
}

// RoundAddZeroPointAndClamp of kCount values, each |t| <= 2^30, to 8-bit
// codes of [lo, hi] written as their bytes: the same steps in int32 lanes with
// no branch (trunc is exact in int32 there, the fraction exact as above, and
// the tie rule written as arithmetic), which the compiler packs into vector
// lanes. Callers check AllWithinTwoToThe30 and use the scalar form otherwise.
template <int kCount>
__attribute__((always_inline)) inline void RoundAddZeroPointToBytes(const double* t, int32_t zero_point, int32_t lo,
                                                                    int32_t hi, uint8_t* y) {
  int32_t q[kCount];
  for (int j = 0; j < kCount; ++j) {
    const auto whole = static_cast<int32_t>(t[j]);
    const double fp = t[j] - static_cast<double>(whole);
    int32_t n = whole + zero_point;
    const double twice = fp + fp;  // (-2, 2); +-1 exactly at a tie
    // trunc(twice), except that a tie steps away from zero of n + fp:
    // 1/2 with n < 0 and -1/2 with n > 0 do not step.
    n += static_cast<int32_t>(twice) - (static_cast<int32_t>(twice == 1.0) & static_cast<int32_t>(n < 0)) +
         (static_cast<int32_t>(twice == -1.0) & static_cast<int32_t>(n > 0));
    n = n < lo ? lo : n;
    q[j] = n > hi ? hi : n;
  }
  for (int j = 0; j < kCount; ++j) y[j] = static_cast<uint8_t>(q[j]);  // the code's two's complement byte
}

// The 8-bit codes RoundAddZeroPointAndClamp(t[j], zero_point, lo, hi) of a
// block, written as their bytes: in int32 lanes when every |t| <= 2^30 (the
// check skipped when the caller has bounded every t of its rows, known_within),
// otherwise lane by lane. The one block rounding of the 8-bit kernels
// (convolutions and products, average pools, ADD/SUB/MUL).
template <int kCount>
__attribute__((always_inline)) inline void RoundBlockToBytes(const double* t, int64_t zero_point, int64_t lo,
                                                             int64_t hi, uint8_t* y, bool known_within = false) {
  if (known_within || AllWithinTwoToThe30<kCount>(t)) {
    RoundAddZeroPointToBytes<kCount>(t, static_cast<int32_t>(zero_point), static_cast<int32_t>(lo),
                                     static_cast<int32_t>(hi), y);
    return;
  }
  for (int j = 0; j < kCount; ++j) {
    y[j] = static_cast<uint8_t>(RoundAddZeroPointAndClamp(t[j], static_cast<int32_t>(zero_point), lo, hi));
  }
}

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_KERNELS_BLOCK_REQUANTIZE_H_
