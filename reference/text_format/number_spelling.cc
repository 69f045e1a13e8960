// Exact number spelling of the text format (docs/text_format.md "Exactness"):
// C99 hex floats, inf/-inf/nan, NaN payloads as "nan:0x<bits>", -0 kept.
// Float16 goes through reference/numerics (HalfBitsToDouble, DoubleToHalfBits);
// the text format never rounds, it refuses what a type cannot hold exactly.
#include "reference/text_format/number_spelling.h"

#include <cctype>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <utility>

#include "reference/numerics/numerics.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace text_format_internal {

uint32_t BitsOf(float v) {
  uint32_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}
uint64_t BitsOf(double v) {
  uint64_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}
float Float32FromBits(uint32_t b) {
  float v;
  std::memcpy(&v, &b, sizeof v);
  return v;
}
double Float64FromBits(uint64_t b) {
  double v;
  std::memcpy(&v, &b, sizeof v);
  return v;
}

std::string HexBits(uint64_t bits, int digits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%0*llx", digits, static_cast<unsigned long long>(bits));
  return buf;
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool ParseIntegerText(const std::string& s, IntegerText* v) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) v->negative = s[i++] == '-';
  if (i == s.size()) return false;
  uint64_t m = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    const uint64_t digit = static_cast<uint64_t>(s[i] - '0');
    if (m > (std::numeric_limits<uint64_t>::max() - digit) / 10) return false;
    m = m * 10 + digit;
  }
  v->magnitude = m;
  return true;
}

namespace {

std::string HexDouble(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", v);
  return buf;
}

// Binary16 bits of a finite double if it is exactly representable: rounding
// it to binary16 gives it back (DoubleToHalfBits keeps the sign of zero).
bool ExactHalfBits(double value, uint16_t* bits) {
  const uint16_t half = DoubleToHalfBits(value);
  if (HalfBitsToDouble(half) != value) return false;
  *bits = half;
  return true;
}

// Decimal ([+-]digits[.digits][e[+-]digits]) or C99 hex ([+-]0x hex[.hex][p[+-]digits]) float syntax,
// checked before strtod so that strtod's other spellings ("infinity", "nan(...)") never reach it.
bool IsFloatLiteral(const std::string& s) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  const bool hex = s.size() >= i + 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X');
  if (hex) i += 2;
  auto is_digit = [hex](char c) {
    return hex ? std::isxdigit(static_cast<unsigned char>(c)) != 0 : (c >= '0' && c <= '9');
  };
  size_t digits = 0;
  while (i < s.size() && is_digit(s[i])) ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && is_digit(s[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < s.size() && (hex ? (s[i] == 'p' || s[i] == 'P') : (s[i] == 'e' || s[i] == 'E'))) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    size_t exp_digits = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++exp_digits;
    if (exp_digits == 0) return false;
  }
  return i == s.size();
}

// True when the significand of a literal accepted by IsFloatLiteral has a nonzero digit.
bool HasNonzeroSignificand(const std::string& s) {
  size_t i = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
  const bool hex = s.size() >= i + 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X');
  if (hex) i += 2;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (hex ? (c == 'p' || c == 'P') : (c == 'e' || c == 'E')) break;
    if (c != '0' && c != '.') return true;
  }
  return false;
}

bool Refuse(std::string* message, std::string text) {
  *message = std::move(text);
  return false;
}

}  // namespace

bool FloatBitsFromSpelling(const std::string& atom, int width, uint64_t* bits, std::string* message,
                           bool* append_found) {
  *append_found = false;
  const uint64_t sign_bit = uint64_t{1} << (width - 1);
  const uint64_t quiet_nan = width == 16 ? kHalfQuietNan : width == 32 ? kFloat32QuietNan : kFloat64QuietNan;
  const uint64_t inf = width == 16 ? 0x7c00 : width == 32 ? 0x7f800000u : 0x7ff0000000000000ull;
  const std::string type = "float" + std::to_string(width);
  if (atom == "nan" || atom == "-nan") {
    *bits = quiet_nan | (atom[0] == '-' ? sign_bit : 0);
    return true;
  }
  if (atom == "inf" || atom == "+inf" || atom == "-inf") {
    *bits = inf | (atom[0] == '-' ? sign_bit : 0);
    return true;
  }
  if (atom.compare(0, 6, "nan:0x") == 0) {
    const std::string hex = atom.substr(6);
    if (hex.empty() || hex.size() > static_cast<size_t>(width / 4)) {
      return Refuse(message,
                    "'" + atom + "': nan: takes 1 to " + std::to_string(width / 4) + " hex digits of " + type + " bits");
    }
    uint64_t b = 0;
    for (char c : hex) {
      const int d = HexValue(c);
      if (d < 0) return Refuse(message, "'" + atom + "': bad hex digit in NaN bits");
      b = b * 16 + static_cast<uint64_t>(d);
    }
    const uint64_t mantissa_mask = width == 16 ? 0x3ff : width == 32 ? 0x7fffff : 0xfffffffffffffull;
    if ((b & inf) != inf || (b & mantissa_mask) == 0) {
      return Refuse(message, "'" + atom + "' is not a " + type + " NaN bit pattern");
    }
    *bits = b;
    return true;
  }
  if (!IsFloatLiteral(atom)) {
    *append_found = true;
    return Refuse(message,
                  "expected a " + type + " value (hex float like 0x1.8p+1, decimal, inf, -inf, nan, nan:0x...)");
  }
  const double d = std::strtod(atom.c_str(), nullptr);
  if (std::isinf(d)) return Refuse(message, "'" + atom + "' is out of range for " + type + " (write inf or -inf)");
  if (d == 0 && HasNonzeroSignificand(atom)) return Refuse(message, "'" + atom + "' underflows to zero in " + type);
  if (width == 64) {
    *bits = BitsOf(d);
    return true;
  }
  if (width == 32) {
    const bool exact = std::fabs(d) <= FLT_MAX && static_cast<double>(static_cast<float>(d)) == d;
    if (!exact) return Refuse(message, "'" + atom + "' is not exactly representable as float32 (C-12)");
    *bits = BitsOf(static_cast<float>(d));
    return true;
  }
  uint16_t half;
  if (!ExactHalfBits(d, &half)) return Refuse(message, "'" + atom + "' is not exactly representable as float16 (C-12)");
  *bits = half;
  return true;
}

}  // namespace text_format_internal

using text_format_internal::BitsOf;
using text_format_internal::HexBits;
using text_format_internal::kFloat32QuietNan;
using text_format_internal::kFloat64QuietNan;
using text_format_internal::kHalfQuietNan;

std::string FormatFloat64(double value) {
  const uint64_t bits = BitsOf(value);
  if (std::isnan(value)) {
    if (bits == kFloat64QuietNan) return "nan";
    if (bits == (kFloat64QuietNan | (uint64_t{1} << 63))) return "-nan";
    return "nan:" + HexBits(bits, 16);
  }
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  return text_format_internal::HexDouble(value);
}

std::string FormatFloat32(float value) {
  const uint32_t bits = BitsOf(value);
  if (std::isnan(value)) {
    if (bits == kFloat32QuietNan) return "nan";
    if (bits == (kFloat32QuietNan | 0x80000000u)) return "-nan";
    return "nan:" + HexBits(bits, 8);
  }
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  return text_format_internal::HexDouble(static_cast<double>(value));  // exact: every float is a double
}

std::string FormatFloat16Bits(uint16_t bits) {
  if ((bits & 0x7c00) == 0x7c00) {
    if ((bits & 0x3ff) == 0) return (bits & 0x8000) ? "-inf" : "inf";
    if (bits == kHalfQuietNan) return "nan";
    if (bits == (kHalfQuietNan | 0x8000)) return "-nan";
    return "nan:" + HexBits(bits, 4);
  }
  return text_format_internal::HexDouble(HalfBitsToDouble(bits));  // finite: exact (every half is a double)
}

}  // namespace nnrt
