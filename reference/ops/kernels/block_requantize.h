// Rounding of blocks of requantized accumulators to 8-bit codes in int32
// lanes: the codes of numerics.h's RoundAddZeroPointAndClamp for |t| <= 2^30
// (docs/semantics.md "Block writes").
#ifndef NNRT_REFERENCE_OPS_KERNELS_BLOCK_REQUANTIZE_H_
#define NNRT_REFERENCE_OPS_KERNELS_BLOCK_REQUANTIZE_H_

#include <cstdint>

namespace nnrt {

// Whether every t[j] of a block lies in [-2^30, 2^30] (false for NaN), the
// range where RoundAddZeroPointToBytes gives RoundAddZeroPointAndClamp's codes.
template <int kCount>
inline bool AllWithinTwoToThe30(const double* t) {
  bool small = true;
  for (int j = 0; j < kCount; ++j) small &= static_cast<int>(t[j] <= 0x1p30) & static_cast<int>(t[j] >= -0x1p30);
  return small;
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

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_KERNELS_BLOCK_REQUANTIZE_H_
