#include "reference/numerics/numerics.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace nnrt {

uint16_t DoubleToHalfBits(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  const uint16_t sign = static_cast<uint16_t>((bits >> 48) & 0x8000u);
  if (std::isnan(value)) return static_cast<uint16_t>(sign | 0x7E00u);
  const double a = std::fabs(value);
  if (std::isinf(a)) return static_cast<uint16_t>(sign | 0x7C00u);
  // Largest finite half is 65504; values >= 65520 round to infinity (RNE).
  if (a >= 65520.0) return static_cast<uint16_t>(sign | 0x7C00u);
  // Smallest subnormal half is 2^-24. Work in units of 2^-24 for subnormals and
  // in units of the value's ulp for normals; the scaling by a power of two is
  // exact, and RoundHalfToEven on the scaled value is the single rounding.
  int exp2;
  std::frexp(a, &exp2);  // a = m * 2^exp2, m in [0.5, 1)
  int e = exp2 - 1;      // a in [2^e, 2^(e+1))
  if (a == 0.0) return sign;
  if (e < -14) {
    // Subnormal range: value = k * 2^-24, k in [0, 1024].
    const double k = RoundHalfToEven(std::ldexp(a, 24));
    return static_cast<uint16_t>(sign | static_cast<uint16_t>(k));  // k == 1024 -> smallest normal
  }
  // Normal: mantissa with 10 fraction bits.
  double m = RoundHalfToEven(std::ldexp(a, 10 - e));  // in [1024, 2048]
  if (m == 2048.0) {
    m = 1024.0;
    ++e;
  }
  if (e > 15) return static_cast<uint16_t>(sign | 0x7C00u);
  const uint16_t exp_field = static_cast<uint16_t>((e + 15) << 10);
  return static_cast<uint16_t>(sign | exp_field | (static_cast<uint16_t>(m) - 1024u));
}

double HalfBitsToDouble(uint16_t h) {
  const int sign = (h & 0x8000u) ? -1 : 1;
  const int exp_field = (h >> 10) & 0x1F;
  const int frac = h & 0x3FF;
  if (exp_field == 0x1F) {
    // copysign, not a multiplication: the sign of a NaN product is unspecified
    // (x86 returns the NaN operand unchanged), and a -NaN half must stay -NaN.
    if (frac != 0) return std::copysign(std::numeric_limits<double>::quiet_NaN(), sign);
    return sign * std::numeric_limits<double>::infinity();
  }
  if (exp_field == 0) return sign * std::ldexp(static_cast<double>(frac), -24);
  return sign * std::ldexp(static_cast<double>(1024 + frac), exp_field - 25);
}

double RoundHalfAwayFromZero(double x) { return std::round(x); }  // std::round is RHA and exact

double RoundHalfToEven(double x) { return std::nearbyint(x); }  // default FE_TONEAREST

int64_t QuantMin(DataType t) {
  switch (t) {
    case DataType::kInt8: return -128;
    case DataType::kUint8: return 0;
    case DataType::kInt16: return -32768;
    case DataType::kUint16: return 0;
    case DataType::kInt32: return std::numeric_limits<int32_t>::min();
    case DataType::kUint32: return 0;
    case DataType::kInt64: return std::numeric_limits<int64_t>::min();
    case DataType::kUint64: return 0;
    default: return 0;
  }
}

int64_t QuantMax(DataType t) {
  switch (t) {
    case DataType::kInt8: return 127;
    case DataType::kUint8: return 255;
    case DataType::kInt16: return 32767;
    case DataType::kUint16: return 65535;
    case DataType::kInt32: return std::numeric_limits<int32_t>::max();
    case DataType::kUint32: return std::numeric_limits<uint32_t>::max();
    case DataType::kInt64: return std::numeric_limits<int64_t>::max();
    case DataType::kUint64: return std::numeric_limits<int64_t>::max();  // clamp domain is int64
    default: return 0;
  }
}

int64_t QuantizeHalfAwayFromZero(double r, double scale, int32_t zero_point, int64_t qmin, int64_t qmax) {
  return RoundAddZeroPointAndClamp(r / scale, zero_point, qmin, qmax);
}

double Dequantize(int64_t q, double scale, int32_t zero_point) {
  int64_t centred;
  // q near the int64 limits (a hostile int64 operand) must not overflow; the
  // 8-bit paths never reach the fallback, which rounds q - zp once to double.
  if (__builtin_sub_overflow(q, static_cast<int64_t>(zero_point), &centred)) {
    return (static_cast<double>(q) - static_cast<double>(zero_point)) * scale;
  }
  return static_cast<double>(centred) * scale;
}

namespace {
template <typename T>
T Read(const void* data, size_t i) {
  T v;
  std::memcpy(&v, static_cast<const uint8_t*>(data) + i * sizeof(T), sizeof(T));
  return v;
}
template <typename T>
void Write(void* data, size_t i, T v) {
  std::memcpy(static_cast<uint8_t*>(data) + i * sizeof(T), &v, sizeof(T));
}
}  // namespace

double LoadAsDouble(DataType t, const void* data, size_t i) {
  switch (t) {
    case DataType::kBool: return Read<uint8_t>(data, i) != 0 ? 1.0 : 0.0;
    case DataType::kInt8: return Read<int8_t>(data, i);
    case DataType::kUint8: return Read<uint8_t>(data, i);
    case DataType::kInt16: return Read<int16_t>(data, i);
    case DataType::kUint16: return Read<uint16_t>(data, i);
    case DataType::kInt32: return Read<int32_t>(data, i);
    case DataType::kUint32: return Read<uint32_t>(data, i);
    case DataType::kInt64: return static_cast<double>(Read<int64_t>(data, i));
    case DataType::kUint64: return static_cast<double>(Read<uint64_t>(data, i));
    case DataType::kFloat16: return HalfBitsToDouble(Read<uint16_t>(data, i));
    case DataType::kFloat32: return Read<float>(data, i);
    case DataType::kFloat64: return Read<double>(data, i);
    default: return 0.0;
  }
}

int64_t LoadAsInt64(DataType t, const void* data, size_t i) {
  switch (t) {
    case DataType::kBool: return Read<uint8_t>(data, i) != 0 ? 1 : 0;
    case DataType::kInt8: return Read<int8_t>(data, i);
    case DataType::kUint8: return Read<uint8_t>(data, i);
    case DataType::kInt16: return Read<int16_t>(data, i);
    case DataType::kUint16: return Read<uint16_t>(data, i);
    case DataType::kInt32: return Read<int32_t>(data, i);
    case DataType::kUint32: return Read<uint32_t>(data, i);
    case DataType::kInt64: return Read<int64_t>(data, i);
    case DataType::kUint64: return static_cast<int64_t>(Read<uint64_t>(data, i));
    default: return 0;
  }
}

uint64_t LoadAsUint64(const void* data, size_t i) { return Read<uint64_t>(data, i); }

double RoundToType(DataType t, double value) {
  switch (t) {
    case DataType::kFloat16: return HalfBitsToDouble(DoubleToHalfBits(value));
    case DataType::kFloat32: return static_cast<double>(static_cast<float>(value));
    default: return value;
  }
}

void StoreDouble(DataType t, void* data, size_t i, double value) {
  // C-433: every NaN a kernel writes is the type's canonical quiet NaN
  // (sign clear, payload empty): the sign of a NaN produced by an invalid
  // operation differs between CPUs and compilers. Operators that move data
  // copy bytes and keep NaN bits.
  if (std::isnan(value)) {
    switch (t) {
      case DataType::kFloat16: Write<uint16_t>(data, i, kCanonicalHalfNan); return;
      case DataType::kFloat32: Write<uint32_t>(data, i, kCanonicalFloatNan); return;
      case DataType::kFloat64: Write<uint64_t>(data, i, kCanonicalDoubleNan); return;
      default: return;
    }
  }
  switch (t) {
    case DataType::kFloat16: Write<uint16_t>(data, i, DoubleToHalfBits(value)); break;
    case DataType::kFloat32: Write<float>(data, i, static_cast<float>(value)); break;
    case DataType::kFloat64: Write<double>(data, i, value); break;
    default: break;  // integer outputs are written with StoreInt64
  }
}

void StoreInt64(DataType t, void* data, size_t i, int64_t value) {
  const uint64_t u = static_cast<uint64_t>(value);
  switch (t) {
    case DataType::kBool: Write<uint8_t>(data, i, value != 0 ? 1 : 0); break;
    case DataType::kInt8: Write<int8_t>(data, i, static_cast<int8_t>(u)); break;
    case DataType::kUint8: Write<uint8_t>(data, i, static_cast<uint8_t>(u)); break;
    case DataType::kInt16: Write<int16_t>(data, i, static_cast<int16_t>(u)); break;
    case DataType::kUint16: Write<uint16_t>(data, i, static_cast<uint16_t>(u)); break;
    case DataType::kInt32: Write<int32_t>(data, i, static_cast<int32_t>(u)); break;
    case DataType::kUint32: Write<uint32_t>(data, i, static_cast<uint32_t>(u)); break;
    case DataType::kInt64: Write<int64_t>(data, i, value); break;
    case DataType::kUint64: Write<uint64_t>(data, i, u); break;
    default: break;
  }
}

}  // namespace nnrt
