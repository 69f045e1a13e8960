// Exact numeric building blocks of the reference (DESIGN.md "Semantics rules",
// quantization_semantics section 4, see docs/spec_sources.md).
#ifndef NNRT_REFERENCE_NUMERICS_NUMERICS_H_
#define NNRT_REFERENCE_NUMERICS_NUMERICS_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "reference/ir/ir.h"

namespace nnrt {

// ---- IEEE binary16 ----------------------------------------------------------
// Rounds a double directly to binary16 (round to nearest, ties to even;
// subnormals kept; overflow to +-inf; NaN stays NaN). Never goes through
// float32, which would round twice (quantization_semantics.md 3.6).
uint16_t DoubleToHalfBits(double value);
double HalfBitsToDouble(uint16_t bits);  // exact

// ---- Rounding helpers --------------------------------------------------------
// Round half away from zero of a real x (exact for every double).
double RoundHalfAwayFromZero(double x);
// Round half to even (exact for every double).
double RoundHalfToEven(double x);

// ---- Quantization (quantization_semantics.md 4.3 / 4.4) ---------------------
// Integer range of a quantized data type: int8 [-128,127], uint8 [0,255], and
// the full range for other integer types.
int64_t QuantMin(DataType t);
int64_t QuantMax(DataType t);

// q = clamp(RHA(t + zero_point), qmin, qmax), where t is the already scaled
// real value (r / scale) and the rounding is applied to the exact real sum
// t + zero_point (no second rounding). +-inf saturate; NaN maps to zero_point.
// Inline: the quantized kernels call it once per output element.
inline int64_t RoundAddZeroPointAndClamp(double t, int32_t zero_point, int64_t qmin, int64_t qmax) {
  if (!(t <= 0x1p62 && t >= -0x1p62)) {  // rare: NaN or |t| far outside any integer range
    if (t != t) return zero_point < qmin ? qmin : (zero_point > qmax ? qmax : zero_point);  // NaN -> zp
    return t > 0 ? qmax : qmin;  // saturate first (quantization_semantics 4.3)
  }
  // RHA of the exact real t + zp. whole = trunc(t) (the conversion truncates,
  // exact for |t| <= 2^62) keeps the high-order bits of t, so fp = t - whole is
  // exact (|fp| < 1, sign of t); the real sum is n + fp. (floor(t) would make
  // t - floor(t) inexact for t in (-1, 0) with bits below 2^-53.) Off a tie,
  // trunc(2 fp) (exact: 2 fp is) is the step: 1 for fp > 1/2, -1 for fp < -1/2,
  // else 0. At a tie fp = +-1/2 the step is away from zero of n + fp: up for
  // fp = 1/2 when n >= 0, down for fp = -1/2 when n <= 0. A kernel calls this
  // per output: no branch but the rare tie (C-756).
  const int64_t whole = static_cast<int64_t>(t);
  const double fp = t - static_cast<double>(whole);
  int64_t n = whole + zero_point;
  const double twice = fp + fp;
  if (twice == 1.0 || twice == -1.0) {
    n += fp > 0.0 ? static_cast<int64_t>(n >= 0) : -static_cast<int64_t>(n <= 0);
  } else {
    n += static_cast<int64_t>(twice);
  }
  return n < qmin ? qmin : (n > qmax ? qmax : n);
}

// Quantize real r with (scale, zero_point): t = fl64(r / scale), then the above.
int64_t QuantizeHalfAwayFromZero(double r, double scale, int32_t zero_point, int64_t qmin, int64_t qmax);

// r = fl64((q - zero_point) * scale)
double Dequantize(int64_t q, double scale, int32_t zero_point);

// ---- Element access -----------------------------------------------------------
// Reads element i of a buffer of type t as a double (exact for every type but
// int64/uint64 beyond 2^53) or as int64 (bool -> 0/1; float types: not allowed).
double LoadAsDouble(DataType t, const void* data, size_t i);
int64_t LoadAsInt64(DataType t, const void* data, size_t i);
uint64_t LoadAsUint64(const void* data, size_t i);
// Writes a double rounded once to the float type t (RNE), or an integer
// (two's complement wrap to the width of t; bool: != 0).
void StoreDouble(DataType t, void* data, size_t i, double value);

// The canonical quiet NaNs StoreDouble writes for any NaN (C-433): sign bit
// clear, quiet bit set, payload zero.
constexpr uint16_t kCanonicalHalfNan = 0x7E00;
constexpr uint32_t kCanonicalFloatNan = 0x7FC00000u;
constexpr uint64_t kCanonicalDoubleNan = 0x7FF8000000000000ull;
void StoreInt64(DataType t, void* data, size_t i, int64_t value);
// StoreDouble's float32 case, inline for the typed kernels' output loops.
inline void StoreDoubleAsFloat32(void* data, size_t i, double value) {
  const float f = static_cast<float>(value);
  std::memcpy(static_cast<uint8_t*>(data) + i * 4, value != value ? static_cast<const void*>(&kCanonicalFloatNan) : &f,
              4);
}

// Rounds a double once to the precision of float type t and returns it as a
// double (float32: (double)(float)v; float16: via DoubleToHalfBits).
double RoundToType(DataType t, double value);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_NUMERICS_NUMERICS_H_
