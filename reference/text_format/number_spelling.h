// Exact spelling of numbers in the text format (docs/text_format.md
// "Exactness"), shared by the printer and the parser: float bits <-> hex float,
// inf/-inf/nan and "nan:0x..." payload spellings, decimal integers. The public
// FormatFloat16Bits / FormatFloat32 / FormatFloat64 (text_format.h) are
// defined in number_spelling.cc.
#ifndef NNRT_REFERENCE_TEXT_FORMAT_NUMBER_SPELLING_H_
#define NNRT_REFERENCE_TEXT_FORMAT_NUMBER_SPELLING_H_

#include <cstdint>
#include <string>

namespace nnrt {
namespace text_format_internal {

constexpr uint16_t kHalfQuietNan = 0x7e00;
constexpr uint32_t kFloat32QuietNan = 0x7fc00000u;
constexpr uint64_t kFloat64QuietNan = 0x7ff8000000000000ull;

uint32_t BitsOf(float v);
uint64_t BitsOf(double v);
float Float32FromBits(uint32_t b);
double Float64FromBits(uint64_t b);

// "0x" followed by `digits` lowercase hex digits (zero-padded).
std::string HexBits(uint64_t bits, int digits);

// 0..15 for a hex digit, -1 otherwise.
int HexValue(char c);

struct IntegerText {
  bool negative = false;
  uint64_t magnitude = 0;
};

// [+-]?[0-9]+ fitting in 64 bits of magnitude.
bool ParseIntegerText(const std::string& s, IntegerText* v);

// Float bits of `atom` for a float type of `width` bits (16, 32, 64); see
// docs/text_format.md "Exactness". On failure returns false with *message set;
// *append_found is true when the atom is no float spelling at all (the parser
// then shows the text it found there).
bool FloatBitsFromSpelling(const std::string& atom, int width, uint64_t* bits, std::string* message,
                           bool* append_found);

}  // namespace text_format_internal
}  // namespace nnrt

#endif  // NNRT_REFERENCE_TEXT_FORMAT_NUMBER_SPELLING_H_
