// Printer and parser of the text format (grammar and rules: docs/text_format.md).
// The parser is a hand-written recursive descent over a fixed, non-recursive
// grammar (so its stack depth is bounded); every loop consumes input or fails,
// and it never allocates from a number it read (dims, counts): element data
// grows only as values are read, capped at kMaxTextFormatDataBytes.
#include "reference/ir/text_format.h"

#include <cctype>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

namespace nnrt {
namespace {

// ---- Exact float encodings ------------------------------------------------------

constexpr uint16_t kHalfQuietNan = 0x7e00;
constexpr uint32_t kFloat32QuietNan = 0x7fc00000u;
constexpr uint64_t kFloat64QuietNan = 0x7ff8000000000000ull;

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

// Exact binary16 -> binary64 (every half is a double). NaN/inf are handled by callers.
double HalfBitsToDoubleExact(uint16_t bits) {
  const int exponent = (bits >> 10) & 0x1f;
  const int mantissa = bits & 0x3ff;
  const double magnitude = exponent == 0 ? std::ldexp(mantissa, -24) : std::ldexp(1024 + mantissa, exponent - 25);
  return (bits & 0x8000) ? -magnitude : magnitude;
}

// Binary16 bits of a finite double if it is exactly representable; the text
// format never rounds (numerics.h rounds, but ir must not depend on numerics).
bool ExactHalfBits(double value, uint16_t* bits) {
  const uint16_t sign = std::signbit(value) ? 0x8000 : 0;
  const double magnitude = std::fabs(value);
  if (magnitude > 65504.0) return false;
  const double scaled = magnitude * 16777216.0;  // in units of 2^-24, the smallest subnormal: exact
  if (scaled != std::floor(scaled)) return false;
  uint64_t n = static_cast<uint64_t>(scaled);
  if (n < 1024) {  // zero or subnormal
    *bits = static_cast<uint16_t>(sign | n);
    return true;
  }
  int shift = 0;
  while ((n >> shift) >= 2048) ++shift;
  if ((n & ((uint64_t{1} << shift) - 1)) != 0) return false;  // more than 11 significant bits
  const uint64_t significand = n >> shift;                    // 1024..2047
  *bits = static_cast<uint16_t>(sign | ((shift + 1) << 10) | (significand - 1024));
  return true;
}

std::string HexDouble(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", v);
  return buf;
}

std::string HexBits(uint64_t bits, int digits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%0*llx", digits, static_cast<unsigned long long>(bits));
  return buf;
}

// ---- Printing helpers -------------------------------------------------------------

bool IsPlainIdent(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-')) return false;
  }
  return true;
}

std::string IdentOrString(const std::string& s) { return IsPlainIdent(s) ? s : QuoteString(s); }

std::string DataTypeText(DataType t) {
  const std::string name = DataTypeName(t);
  return name == "?" ? std::to_string(static_cast<int32_t>(t)) : name;
}

std::string FormatText(Format f) {
  const std::string name = FormatName(f);
  return name == "?" ? std::to_string(static_cast<int32_t>(f)) : name;
}

std::string NodeTypeText(NodeType t) {
  const std::string name = NodeTypeName(t);
  return name == "?" ? std::to_string(static_cast<uint32_t>(t)) : name;
}

std::string QuantTypeText(QuantType q) {
  if (q == QuantType::kNone) return "none";
  if (q == QuantType::kAll) return "all";
  return std::to_string(static_cast<int32_t>(q));
}

std::string AttrTypeText(AttrType t) {
  const std::string name = AttrTypeName(t);
  return name == "?" ? std::to_string(static_cast<int32_t>(t)) : name;
}

std::string BoolText(int64_t v) {
  if (v == 0) return "false";
  if (v == 1) return "true";
  return std::to_string(v);  // not a HAL bool, but representable in the IR (C-10)
}

template <typename T>
T Load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

std::string FormatElement(DataType t, const uint8_t* p) {
  switch (t) {
    case DataType::kBool: return BoolText(*p);
    case DataType::kInt8: return std::to_string(Load<int8_t>(p));
    case DataType::kInt16: return std::to_string(Load<int16_t>(p));
    case DataType::kInt32: return std::to_string(Load<int32_t>(p));
    case DataType::kInt64: return std::to_string(Load<int64_t>(p));
    case DataType::kUint8: return std::to_string(Load<uint8_t>(p));
    case DataType::kUint16: return std::to_string(Load<uint16_t>(p));
    case DataType::kUint32: return std::to_string(Load<uint32_t>(p));
    case DataType::kUint64: return std::to_string(Load<uint64_t>(p));
    case DataType::kFloat16: return FormatFloat16Bits(Load<uint16_t>(p));
    case DataType::kFloat32: return FormatFloat32(Load<float>(p));
    case DataType::kFloat64: return FormatFloat64(Load<double>(p));
    case DataType::kUnknown: break;
  }
  return "?";
}

// Element data as `data [v, ...]` when it is whole elements of a known type,
// else as `bytes "hex"` (C-11). More than 16 values wrap 8 to a line.
std::string FormatData(DataType t, const std::vector<uint8_t>& data, const std::string& indent) {
  const size_t size = DataTypeSize(t);
  if (size == 0 || data.size() % size != 0) {
    static const char kHex[] = "0123456789abcdef";
    std::string s = "bytes \"";
    for (uint8_t b : data) {
      s += kHex[b >> 4];
      s += kHex[b & 15];
    }
    return s + "\"";
  }
  const size_t count = data.size() / size;
  const bool wrap = count > 16;
  std::string s = "data [";
  for (size_t i = 0; i < count; ++i) {
    if (wrap && i % 8 == 0) {
      s += (i ? ",\n" : "\n") + indent + "  ";
    } else if (i) {
      s += ", ";
    }
    s += FormatElement(t, data.data() + i * size);
  }
  if (wrap) s += "\n" + indent;
  return s + "]";
}

template <typename T>
std::string JoinInts(const std::vector<T>& v, const char* sep) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) s += sep;
    s += std::to_string(v[i]);
  }
  return s + "]";
}

std::string FormatQuantParams(const std::vector<QuantParam>& params) {
  std::string s = "[";
  for (size_t i = 0; i < params.size(); ++i) {
    if (i) s += ", ";
    s += "(" + std::to_string(params[i].num_bits) + ", " + std::to_string(params[i].zero_point) + ", " +
         FormatFloat64(params[i].scale) + ")";
  }
  return s + "]";
}

std::string FormatAttr(const Attr& a) {
  std::string s = IdentOrString(a.name) + ": " + AttrTypeText(a.type) + " ";
  switch (a.type) {
    case AttrType::kString: return s + QuoteString(a.str);
    case AttrType::kFloat32: {
      s += "[";
      for (size_t i = 0; i < a.floats.size(); ++i) s += (i ? ", " : "") + FormatFloat32(a.floats[i]);
      return s + "]";
    }
    case AttrType::kBool: {
      s += "[";
      for (size_t i = 0; i < a.ints.size(); ++i) s += (i ? ", " : "") + BoolText(a.ints[i]);
      return s + "]";
    }
    default: return s + JoinInts(a.ints, ", ");  // int8, int64 and unknown attribute types
  }
}

void PrintTensor(std::string* out, uint32_t index, const Tensor& t) {
  *out += "  tensor " + std::to_string(index) + " " + QuoteString(t.name) + " " + DataTypeText(t.data_type) + " " +
          JoinInts(t.dims, ",") + " " + FormatText(t.format);
  if (!t.quant_params.empty()) *out += " quant " + FormatQuantParams(t.quant_params);
  if (!t.data.empty()) *out += " " + FormatData(t.data_type, t.data, "  ");
  *out += "\n";
}

void PrintNode(std::string* out, uint32_t index, const Node& n) {
  *out += "  node " + std::to_string(index) + " " + QuoteString(n.name) + " " + NodeTypeText(n.type) + " inputs " +
          JoinInts(n.inputs, ",") + " outputs " + JoinInts(n.outputs, ",") + " quant " + QuantTypeText(n.quant_type);
  if (n.attrs.empty()) {
    *out += " {}\n";
    return;
  }
  *out += " {\n";
  for (const Attr& a : n.attrs) *out += "    " + FormatAttr(a) + "\n";
  *out += "  }\n";
}

void PrintNamedTensor(std::string* out, const char* keyword, const NamedTensor& t) {
  *out += std::string(keyword) + " " + QuoteString(t.name) + " " + DataTypeText(t.data_type) + " " +
          JoinInts(t.dims, ",") + " " + FormatData(t.data_type, t.data, "") + "\n";
}

// ---- Parser ------------------------------------------------------------------------

struct IntegerText {
  bool negative = false;
  uint64_t magnitude = 0;
};

// [+-]?[0-9]+ fitting in 64 bits of magnitude.
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

class Parser {
 public:
  Parser(const std::string& text, size_t max_data_bytes) : text_(text), max_data_bytes_(max_data_bytes) {}

  const Status& status() const { return error_; }

  bool ParseCaseDocument(TestCase* out) {
    SkipTrivia();
    const size_t header_at = pos_;
    if (ReadIdent() != "nnrt-case") return Fail(header_at, "expected the header 'nnrt-case 1'");
    int64_t version = 0;
    if (!ReadSigned("the format version", 0, std::numeric_limits<int32_t>::max(), &version)) return false;
    if (version != 1)
      return Fail(header_at, "unsupported format version " + std::to_string(version) + " (this reader knows 1)");
    bool have_model = false;
    for (;;) {
      SkipTrivia();
      if (AtEnd()) break;
      const size_t at = pos_;
      const std::string keyword = ReadIdent();
      if (keyword == "meta") {
        if (!ParseMeta(out)) return false;
      } else if (keyword == "model") {
        if (have_model) return Fail(at, "a case holds exactly one model; found a second 'model'");
        have_model = true;
        if (!ParseModelBody(&out->model)) return false;
      } else if (keyword == "input" || keyword == "expected") {
        NamedTensor t;
        if (!ParseNamedTensor(&t)) return false;
        (keyword == "input" ? out->inputs : out->expected).push_back(std::move(t));
      } else {
        return Fail(at, "expected 'meta', 'model', 'input' or 'expected'" + Found(at));
      }
    }
    if (!have_model) return Fail(pos_, "the case has no 'model'");
    return true;
  }

  bool ParseModelDocument(Model* out) {
    SkipTrivia();
    const size_t at = pos_;
    if (ReadIdent() != "model") return Fail(at, "expected 'model'" + Found(at));
    if (!ParseModelBody(out)) return false;
    SkipTrivia();
    if (!AtEnd()) return Fail(pos_, "unexpected text after the model" + Found(pos_));
    return true;
  }

 private:
  // ---- Errors and scanning ----

  bool Fail(size_t offset, const std::string& message) {
    if (error_.ok()) {
      size_t line = 1;
      size_t line_start = 0;
      for (size_t i = 0; i < offset && i < text_.size(); ++i) {
        if (text_[i] == '\n') {
          ++line;
          line_start = i + 1;
        }
      }
      error_ = Status(NNRT_INVALID_FILE,
                      std::to_string(line) + ":" + std::to_string(offset - line_start + 1) + ": " + message);
    }
    return false;
  }

  // " (found 'xyz')" describing the text at `at`, or " (found end of text)".
  std::string Found(size_t at) const {
    if (at >= text_.size()) return " (found end of text)";
    size_t end = at;
    while (end < text_.size() && end - at < 20 && !std::isspace(static_cast<unsigned char>(text_[end]))) ++end;
    if (end == at) end = at + 1;
    std::string shown;
    for (size_t i = at; i < end; ++i) {
      const unsigned char c = static_cast<unsigned char>(text_[i]);
      if (c >= 0x20 && c < 0x7f) {
        shown += static_cast<char>(c);
      } else {
        shown += HexBits(c, 2).replace(0, 1, "\\");  // \xNN
      }
    }
    return " (found '" + shown + "')";
  }

  bool FailDataLimit(size_t at) {
    return Fail(at, "element data exceeds the limit of " + std::to_string(max_data_bytes_) + " bytes per text (C-15)");
  }

  bool AtEnd() const { return pos_ >= text_.size(); }

  void SkipTrivia() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '#') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        ++pos_;
      } else {
        return;
      }
    }
  }

  bool TryConsume(char c) {
    SkipTrivia();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  bool Expect(char c, const std::string& context) {
    if (TryConsume(c)) return true;
    return Fail(pos_, std::string("expected '") + c + "' " + context + Found(pos_));
  }

  // [A-Za-z_][A-Za-z0-9_-]*; empty when the text there is not an identifier.
  std::string ReadIdent() {
    SkipTrivia();
    const size_t start = pos_;
    if (pos_ < text_.size() && (std::isalpha(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) {
      ++pos_;
      while (pos_ < text_.size() &&
             (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_' || text_[pos_] == '-')) {
        ++pos_;
      }
    }
    return text_.substr(start, pos_ - start);
  }

  bool ExpectKeyword(const char* keyword, const std::string& context) {
    SkipTrivia();
    const size_t at = pos_;
    if (ReadIdent() == keyword) return true;
    return Fail(at, std::string("expected '") + keyword + "' " + context + Found(at));
  }

  // A value word: numbers, enum names, true/false, inf/nan[:0x...]: [A-Za-z0-9_.+:-]+.
  bool ReadAtom(const std::string& what, std::string* atom, size_t* at) {
    SkipTrivia();
    *at = pos_;
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '+' || c == '-' || c == ':')) {
        break;
      }
      ++pos_;
    }
    if (pos_ == *at) return Fail(*at, "expected " + what + Found(*at));
    *atom = text_.substr(*at, pos_ - *at);
    return true;
  }

  static int HexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

  // "..." with escapes \" \\ \n \t \r \xNN; a raw line break inside is an error.
  bool ReadString(const std::string& what, std::string* out) {
    SkipTrivia();
    if (pos_ >= text_.size() || text_[pos_] != '"')
      return Fail(pos_, "expected " + what + " (a \"string\")" + Found(pos_));
    const size_t open = pos_++;
    out->clear();
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '"') {
        ++pos_;
        return true;
      }
      if (c == '\n') break;
      if (c != '\\') {
        *out += c;
        ++pos_;
        continue;
      }
      const size_t escape_at = pos_;
      if (pos_ + 1 >= text_.size()) break;
      const char e = text_[pos_ + 1];
      pos_ += 2;
      switch (e) {
        case '"': *out += '"'; break;
        case '\\': *out += '\\'; break;
        case 'n': *out += '\n'; break;
        case 't': *out += '\t'; break;
        case 'r': *out += '\r'; break;
        case 'x': {
          const int hi = pos_ < text_.size() ? HexValue(text_[pos_]) : -1;
          const int lo = pos_ + 1 < text_.size() ? HexValue(text_[pos_ + 1]) : -1;
          if (hi < 0 || lo < 0) return Fail(escape_at, "\\x must be followed by two hex digits");
          *out += static_cast<char>(hi * 16 + lo);
          pos_ += 2;
          break;
        }
        default: return Fail(escape_at, std::string("unknown escape '\\") + e + "' (use \\\" \\\\ \\n \\t \\r \\xNN)");
      }
    }
    return Fail(open, "unterminated string");
  }

  // An identifier or a string (attribute names, meta keys).
  bool ReadName(const std::string& what, std::string* out) {
    SkipTrivia();
    if (pos_ < text_.size() && text_[pos_] == '"') return ReadString(what, out);
    const size_t at = pos_;
    *out = ReadIdent();
    if (out->empty()) return Fail(at, "expected " + what + Found(at));
    return true;
  }

  // ---- Numbers ----

  bool AtomToSigned(const std::string& atom, size_t at, const std::string& what, int64_t min, int64_t max, int64_t* v) {
    IntegerText t;
    if (!ParseIntegerText(atom, &t)) return Fail(at, "expected " + what + " (a decimal integer)" + Found(at));
    const uint64_t limit = t.negative ? uint64_t{1} << 63 : static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    bool in_range = t.magnitude <= limit;
    int64_t value = 0;
    if (in_range) {
      value = t.negative ? (t.magnitude == 0 ? 0 : -static_cast<int64_t>(t.magnitude - 1) - 1)
                         : static_cast<int64_t>(t.magnitude);
      in_range = value >= min && value <= max;
    }
    if (!in_range) {
      return Fail(at,
                  what + " " + atom + " is out of range [" + std::to_string(min) + ", " + std::to_string(max) + "]");
    }
    *v = value;
    return true;
  }

  bool ReadSigned(const std::string& what, int64_t min, int64_t max, int64_t* v) {
    std::string atom;
    size_t at;
    return ReadAtom(what, &atom, &at) && AtomToSigned(atom, at, what, min, max, v);
  }

  bool ReadUint32(const std::string& what, uint32_t* v) {
    int64_t wide;
    if (!ReadSigned(what, 0, std::numeric_limits<uint32_t>::max(), &wide)) return false;
    *v = static_cast<uint32_t>(wide);
    return true;
  }

  bool ReadInt32(const std::string& what, int32_t* v) {
    int64_t wide;
    if (!ReadSigned(what, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max(), &wide)) {
      return false;
    }
    *v = static_cast<int32_t>(wide);
    return true;
  }

  // Float bits of `atom` for a float type of `width` bits (16, 32, 64); see docs/text_format.md "Exactness".
  bool AtomToFloatBits(const std::string& atom, size_t at, int width, uint64_t* bits) {
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
        return Fail(
            at, "'" + atom + "': nan: takes 1 to " + std::to_string(width / 4) + " hex digits of " + type + " bits");
      }
      uint64_t b = 0;
      for (char c : hex) {
        const int d = HexValue(c);
        if (d < 0) return Fail(at, "'" + atom + "': bad hex digit in NaN bits");
        b = b * 16 + static_cast<uint64_t>(d);
      }
      const uint64_t mantissa_mask = width == 16 ? 0x3ff : width == 32 ? 0x7fffff : 0xfffffffffffffull;
      if ((b & inf) != inf || (b & mantissa_mask) == 0) {
        return Fail(at, "'" + atom + "' is not a " + type + " NaN bit pattern");
      }
      *bits = b;
      return true;
    }
    if (!IsFloatLiteral(atom)) {
      return Fail(at, "expected a " + type + " value (hex float like 0x1.8p+1, decimal, inf, -inf, nan, nan:0x...)" +
                          Found(at));
    }
    const double d = std::strtod(atom.c_str(), nullptr);
    if (std::isinf(d)) return Fail(at, "'" + atom + "' is out of range for " + type + " (write inf or -inf)");
    if (d == 0 && HasNonzeroSignificand(atom)) return Fail(at, "'" + atom + "' underflows to zero in " + type);
    if (width == 64) {
      *bits = BitsOf(d);
      return true;
    }
    if (width == 32) {
      const bool exact = std::fabs(d) <= FLT_MAX && static_cast<double>(static_cast<float>(d)) == d;
      if (!exact) return Fail(at, "'" + atom + "' is not exactly representable as float32 (C-12)");
      *bits = BitsOf(static_cast<float>(d));
      return true;
    }
    uint16_t half;
    if (!ExactHalfBits(d, &half)) return Fail(at, "'" + atom + "' is not exactly representable as float16 (C-12)");
    *bits = half;
    return true;
  }

  bool ReadFloat64(const std::string& what, double* v) {
    std::string atom;
    size_t at;
    uint64_t bits;
    if (!ReadAtom(what, &atom, &at) || !AtomToFloatBits(atom, at, 64, &bits)) return false;
    *v = Float64FromBits(bits);
    return true;
  }

  // Appends one element of type t, little-endian as in memory.
  bool AppendElement(DataType t, const std::string& atom, size_t at, std::vector<uint8_t>* data) {
    const size_t size = DataTypeSize(t);
    if (data_bytes_ + size > max_data_bytes_) return FailDataLimit(at);
    data_bytes_ += size;
    uint64_t raw = 0;  // the element's bits in the low `size` bytes
    const std::string what = std::string(DataTypeName(t)) + " value";
    int64_t v = 0;
    switch (t) {
      case DataType::kBool:
        if (atom == "true" || atom == "false") {
          raw = atom == "true";
        } else if (AtomToSigned(atom, at, "bool value (true, false or a byte 0..255)", 0, 255, &v)) {
          raw = static_cast<uint64_t>(v);
        } else {
          return false;
        }
        break;
      case DataType::kInt8:
      case DataType::kInt16:
      case DataType::kInt32:
      case DataType::kInt64: {
        const int bits = static_cast<int>(size * 8);
        const int64_t max = bits == 64 ? std::numeric_limits<int64_t>::max() : (int64_t{1} << (bits - 1)) - 1;
        if (!AtomToSigned(atom, at, what, -max - 1, max, &v)) return false;
        raw = static_cast<uint64_t>(v);
        break;
      }
      case DataType::kUint8:
      case DataType::kUint16:
      case DataType::kUint32:
      case DataType::kUint64: {
        IntegerText it;
        const uint64_t max = size == 8 ? std::numeric_limits<uint64_t>::max() : (uint64_t{1} << (size * 8)) - 1;
        if (!ParseIntegerText(atom, &it)) return Fail(at, "expected a " + what + " (a decimal integer)" + Found(at));
        if ((it.negative && it.magnitude != 0) || it.magnitude > max) {
          return Fail(at, what + " " + atom + " is out of range [0, " + std::to_string(max) + "]");
        }
        raw = it.magnitude;
        break;
      }
      case DataType::kFloat16:
      case DataType::kFloat32:
      case DataType::kFloat64:
        if (!AtomToFloatBits(atom, at, static_cast<int>(size * 8), &raw)) return false;
        break;
      case DataType::kUnknown: return Fail(at, "element values need a known data type (use bytes \"...\")");
    }
    for (size_t b = 0; b < size; ++b) data->push_back(static_cast<uint8_t>(raw >> (8 * b)));  // little-endian host
    return true;
  }

  // ---- Lists ----

  // '[' [item {',' item}] ']'; `item` must consume input or fail.
  template <typename ItemFn>
  bool ParseList(const std::string& what, ItemFn item) {
    if (!Expect('[', "to open " + what)) return false;
    if (TryConsume(']')) return true;
    for (;;) {
      if (!item()) return false;
      if (TryConsume(',')) continue;
      if (TryConsume(']')) return true;
      return Fail(pos_, "expected ',' or ']' in " + what + Found(pos_));
    }
  }

  bool ParseUint32List(const std::string& what, std::vector<uint32_t>* out) {
    out->clear();
    return ParseList(what, [&] {
      uint32_t v;
      if (!ReadUint32("an index", &v)) return false;
      out->push_back(v);
      return true;
    });
  }

  bool ParseDims(Dims* out) {
    out->clear();
    return ParseList("the dims", [&] {
      int32_t v;
      if (!ReadInt32("a dim", &v)) return false;
      out->push_back(v);
      return true;
    });
  }

  // `data [values]` or `bytes "hex"` of type t. Returns the element count in *count.
  bool ParseData(DataType t, std::vector<uint8_t>* out, size_t* count) {
    SkipTrivia();
    const size_t at = pos_;
    const std::string keyword = ReadIdent();
    out->clear();
    *count = 0;
    if (keyword == "bytes") {
      std::string hex;
      SkipTrivia();
      const size_t string_at = pos_;
      if (!ReadString("hex bytes", &hex)) return false;
      if (hex.size() % 2 != 0) return Fail(string_at, "bytes needs an even number of hex digits");
      if (data_bytes_ + hex.size() / 2 > max_data_bytes_) return FailDataLimit(string_at);
      data_bytes_ += hex.size() / 2;
      for (size_t i = 0; i < hex.size(); i += 2) {
        const int hi = HexValue(hex[i]);
        const int lo = HexValue(hex[i + 1]);
        if (hi < 0 || lo < 0) return Fail(string_at, "bytes holds a character that is not a hex digit");
        out->push_back(static_cast<uint8_t>(hi * 16 + lo));
      }
      const size_t size = DataTypeSize(t);
      *count = size ? out->size() / size : 0;
      return true;
    }
    if (keyword != "data") return Fail(at, "expected 'data [...]' or 'bytes \"...\"'" + Found(at));
    const DataType type = t;
    if (DataTypeSize(type) == 0) {
      SkipTrivia();
      return Fail(pos_, "element values need a known data type (use bytes \"...\")");
    }
    return ParseList("the data", [&] {
      std::string atom;
      size_t value_at;
      if (!ReadAtom("a value", &atom, &value_at) || !AppendElement(type, atom, value_at, out)) return false;
      ++*count;
      return true;
    });
  }

  // ---- Enums ----

  static bool LooksNumeric(const std::string& atom) {
    return !atom.empty() && (std::isdigit(static_cast<unsigned char>(atom[0])) || atom[0] == '-' || atom[0] == '+');
  }

  // An enum written by name, or as a plain integer when the value has no name (C-10).
  template <typename Enum, typename ParseNameFn>
  bool ReadEnum(const std::string& what, const std::string& hint, ParseNameFn parse_name, int64_t min, int64_t max,
                Enum* out) {
    std::string atom;
    size_t at;
    if (!ReadAtom("a " + what, &atom, &at)) return false;
    if (LooksNumeric(atom)) {
      int64_t v;
      if (!AtomToSigned(atom, at, what + " value", min, max, &v)) return false;
      *out = static_cast<Enum>(v);
      return true;
    }
    const std::optional<Enum> parsed = parse_name(atom);
    if (!parsed) return Fail(at, "unknown " + what + " '" + atom + "'" + hint);
    *out = *parsed;
    return true;
  }

  static constexpr int64_t kInt32Min = std::numeric_limits<int32_t>::min();
  static constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();

  bool ReadDataType(DataType* t) { return ReadEnum("data type", "", ParseDataType, kInt32Min, kInt32Max, t); }

  bool ReadFormat(Format* f) {
    return ReadEnum("format", " (none, nchw, nhwc)", ParseFormat, kInt32Min, kInt32Max, f);
  }

  bool ReadNodeType(NodeType* t) {
    return ReadEnum("node type", " (HDI NodeType name without NODE_TYPE_)", ParseNodeType, 0,
                    std::numeric_limits<uint32_t>::max(), t);
  }

  bool ReadQuantType(QuantType* q) {
    auto parse_name = [](const std::string& name) -> std::optional<QuantType> {
      if (name == "none") return QuantType::kNone;
      if (name == "all") return QuantType::kAll;
      return std::nullopt;
    };
    return ReadEnum("quant type", " (none, all)", parse_name, kInt32Min, kInt32Max, q);
  }

  bool ReadAttrType(AttrType* t) {
    return ReadEnum("attribute type", " (bool, int8, int64, float32, string)", ParseAttrType, kInt32Min, kInt32Max, t);
  }

  // ---- Constructs ----

  bool ParseMeta(TestCase* out) {
    std::string key, value;
    if (!ReadName("a meta key", &key) || !ReadString("a meta value", &value)) return false;
    out->meta.emplace_back(std::move(key), std::move(value));
    return true;
  }

  bool ParseQuantParams(std::vector<QuantParam>* out) {
    return ParseList("the quant params", [&] {
      QuantParam p;
      if (!Expect('(', "to open a quant param (numBits, zeroPoint, scale)") || !ReadInt32("numBits", &p.num_bits) ||
          !Expect(',', "after numBits") || !ReadInt32("zeroPoint", &p.zero_point) || !Expect(',', "after zeroPoint") ||
          !ReadFloat64("a scale", &p.scale) || !Expect(')', "to close the quant param")) {
        return false;
      }
      out->push_back(p);
      return true;
    });
  }

  // Declarations are numbered in order so that indices in the text can be checked by eye.
  bool ReadOrdinal(const char* kind, size_t expected) {
    SkipTrivia();
    const size_t at = pos_;
    uint32_t index;
    if (!ReadUint32(std::string(kind) + " index", &index)) return false;
    if (index != expected) {
      return Fail(at, std::string(kind) + " index " + std::to_string(index) + " out of order: expected " +
                          std::to_string(expected));
    }
    return true;
  }

  bool ParseTensor(Model* m) {
    Tensor t;
    if (!ReadOrdinal("tensor", m->tensors.size()) || !ReadString("the tensor name", &t.name) ||
        !ReadDataType(&t.data_type) || !ParseDims(&t.dims) || !ReadFormat(&t.format)) {
      return false;
    }
    for (;;) {  // optional `quant [...]` then optional data, each at most once, in this order
      SkipTrivia();
      const size_t at = pos_;
      const std::string word = ReadIdent();
      if (word == "quant" && t.quant_params.empty() && t.data.empty()) {
        if (!ParseQuantParams(&t.quant_params)) return false;
        if (t.quant_params.empty()) return Fail(at, "write no 'quant' instead of 'quant []'");
      } else if ((word == "data" || word == "bytes") && t.data.empty()) {
        pos_ = at;
        size_t count;
        if (!ParseData(t.data_type, &t.data, &count)) return false;
        break;
      } else {
        pos_ = at;
        break;
      }
    }
    m->tensors.push_back(std::move(t));
    return true;
  }

  bool ParseAttr(Node* n) {
    Attr a;
    if (!ReadName("an attribute name", &a.name) || !Expect(':', "after the attribute name") || !ReadAttrType(&a.type)) {
      return false;
    }
    switch (a.type) {
      case AttrType::kString:
        if (!ReadString("the string value", &a.str)) return false;
        break;
      case AttrType::kFloat32:
        if (!ParseList("the attribute values", [&] {
              std::string atom;
              size_t at;
              uint64_t bits;
              if (!ReadAtom("a float32 value", &atom, &at) || !AtomToFloatBits(atom, at, 32, &bits)) return false;
              a.floats.push_back(Float32FromBits(static_cast<uint32_t>(bits)));
              return true;
            })) {
          return false;
        }
        break;
      default:  // bool, int8, int64 and unknown types keep int64 values (C-10)
        if (!ParseList("the attribute values", [&] {
              std::string atom;
              size_t at;
              if (!ReadAtom("an integer value", &atom, &at)) return false;
              int64_t v;
              if (a.type == AttrType::kBool && (atom == "true" || atom == "false")) {
                v = atom == "true";
              } else if (!AtomToSigned(atom, at, "attribute value", std::numeric_limits<int64_t>::min(),
                                       std::numeric_limits<int64_t>::max(), &v)) {
                return false;
              }
              a.ints.push_back(v);
              return true;
            })) {
          return false;
        }
    }
    n->attrs.push_back(std::move(a));
    return true;
  }

  bool ParseNode(Model* m) {
    Node n;
    if (!ReadOrdinal("node", m->nodes.size()) || !ReadString("the node name", &n.name) || !ReadNodeType(&n.type) ||
        !ExpectKeyword("inputs", "after the node type") || !ParseUint32List("the node inputs", &n.inputs) ||
        !ExpectKeyword("outputs", "after the node inputs") || !ParseUint32List("the node outputs", &n.outputs) ||
        !ExpectKeyword("quant", "after the node outputs") || !ReadQuantType(&n.quant_type) ||
        !Expect('{', "to open the node attributes")) {
      return false;
    }
    while (!TryConsume('}')) {
      if (AtEnd()) return Fail(pos_, "unterminated node attribute block");
      if (!ParseAttr(&n)) return false;
    }
    m->nodes.push_back(std::move(n));
    return true;
  }

  bool ParseSubGraph(Model* m) {
    SubGraph g;
    if (!ReadString("the subgraph name", &g.name) || !ExpectKeyword("inputs", "after the subgraph name") ||
        !ParseUint32List("the subgraph inputs", &g.inputs) || !ExpectKeyword("outputs", "after the subgraph inputs") ||
        !ParseUint32List("the subgraph outputs", &g.outputs) || !ExpectKeyword("nodes", "after the subgraph outputs") ||
        !ParseUint32List("the subgraph nodes", &g.nodes)) {
      return false;
    }
    m->subgraphs.push_back(std::move(g));
    return true;
  }

  // After the keyword 'model': "name" { statements }.
  bool ParseModelBody(Model* m) {
    *m = Model();
    if (!ReadString("the model name", &m->name) || !Expect('{', "to open the model")) return false;
    bool have_inputs = false, have_outputs = false;
    while (!TryConsume('}')) {
      if (AtEnd()) return Fail(pos_, "unterminated model block (missing '}')");
      const size_t at = pos_;
      const std::string keyword = ReadIdent();
      bool ok;
      if (keyword == "tensor") {
        ok = ParseTensor(m);
      } else if (keyword == "node") {
        ok = ParseNode(m);
      } else if (keyword == "subgraph") {
        ok = ParseSubGraph(m);
      } else if (keyword == "inputs" || keyword == "outputs") {
        bool& seen = keyword == "inputs" ? have_inputs : have_outputs;
        if (seen) return Fail(at, "the model's '" + keyword + "' are given twice");
        seen = true;
        ok = ParseUint32List("the model " + keyword, keyword == "inputs" ? &m->inputs : &m->outputs);
      } else {
        return Fail(at, "expected 'tensor', 'node', 'inputs', 'outputs', 'subgraph' or '}'" + Found(at));
      }
      if (!ok) return false;
    }
    return true;
  }

  // After 'input' / 'expected': "name" dtype [dims] data [...]; concrete dims, count checked.
  bool ParseNamedTensor(NamedTensor* t) {
    if (!ReadString("the tensor name", &t->name)) return false;
    SkipTrivia();
    const size_t type_at = pos_;
    if (!ReadDataType(&t->data_type)) return false;
    if (DataTypeSize(t->data_type) == 0) return Fail(type_at, "an input or expected tensor needs a known data type");
    SkipTrivia();
    const size_t dims_at = pos_;
    if (!ParseDims(&t->dims)) return false;
    for (int32_t d : t->dims) {
      if (d < 0)
        return Fail(dims_at, "dims of an input or expected tensor must be >= 0 (got " + DimsToString(t->dims) + ")");
    }
    const auto count = ElementCount(t->dims);
    if (!count) return Fail(dims_at, "the element count of " + DimsToString(t->dims) + " overflows");
    SkipTrivia();
    const size_t data_at = pos_;
    size_t got;
    if (!ParseData(t->data_type, &t->data, &got)) return false;
    // *count may be up to 2^63: compare it before multiplying by the type size.
    const bool count_fits = static_cast<uint64_t>(*count) <= max_data_bytes_;
    if (!count_fits || t->data.size() != static_cast<size_t>(*count) * DataTypeSize(t->data_type)) {
      return Fail(data_at, "'" + t->name + "' " + DimsToString(t->dims) + " needs " + std::to_string(*count) + " " +
                               DataTypeName(t->data_type) + " values, found " + std::to_string(got) +
                               (t->data.size() % DataTypeSize(t->data_type) ? " (and a partial one)" : ""));
    }
    return true;
  }

  const std::string& text_;
  const size_t max_data_bytes_;
  size_t pos_ = 0;
  Status error_;
  size_t data_bytes_ = 0;
};

}  // namespace

// ---- Public API ------------------------------------------------------------------------

std::string FormatFloat64(double value) {
  const uint64_t bits = BitsOf(value);
  if (std::isnan(value)) {
    if (bits == kFloat64QuietNan) return "nan";
    if (bits == (kFloat64QuietNan | (uint64_t{1} << 63))) return "-nan";
    return "nan:" + HexBits(bits, 16);
  }
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  return HexDouble(value);
}

std::string FormatFloat32(float value) {
  const uint32_t bits = BitsOf(value);
  if (std::isnan(value)) {
    if (bits == kFloat32QuietNan) return "nan";
    if (bits == (kFloat32QuietNan | 0x80000000u)) return "-nan";
    return "nan:" + HexBits(bits, 8);
  }
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  return HexDouble(static_cast<double>(value));  // exact: every float is a double
}

std::string FormatFloat16Bits(uint16_t bits) {
  if ((bits & 0x7c00) == 0x7c00) {
    if ((bits & 0x3ff) == 0) return (bits & 0x8000) ? "-inf" : "inf";
    if (bits == kHalfQuietNan) return "nan";
    if (bits == (kHalfQuietNan | 0x8000)) return "-nan";
    return "nan:" + HexBits(bits, 4);
  }
  return HexDouble(HalfBitsToDoubleExact(bits));
}

std::string QuoteString(const std::string& value) {
  std::string s = "\"";
  for (char c : value) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == '"') {
      s += "\\\"";
    } else if (c == '\\') {
      s += "\\\\";
    } else if (c == '\n') {
      s += "\\n";
    } else if (c == '\t') {
      s += "\\t";
    } else if (u < 0x20 || u >= 0x7f) {  // control and non-ASCII bytes: the text stays 7-bit and diffable
      s += "\\x" + HexBits(u, 2).substr(2);
    } else {
      s += c;
    }
  }
  return s + "\"";
}

std::string PrintModel(const Model& model) {
  std::string out = "model " + QuoteString(model.name) + " {\n";
  for (size_t i = 0; i < model.tensors.size(); ++i) PrintTensor(&out, static_cast<uint32_t>(i), model.tensors[i]);
  for (size_t i = 0; i < model.nodes.size(); ++i) PrintNode(&out, static_cast<uint32_t>(i), model.nodes[i]);
  out += "  inputs " + JoinInts(model.inputs, ",") + "\n";
  out += "  outputs " + JoinInts(model.outputs, ",") + "\n";
  for (const SubGraph& g : model.subgraphs) {
    out += "  subgraph " + QuoteString(g.name) + " inputs " + JoinInts(g.inputs, ",") + " outputs " +
           JoinInts(g.outputs, ",") + " nodes " + JoinInts(g.nodes, ",") + "\n";
  }
  return out + "}\n";
}

std::string PrintCase(const TestCase& test_case) {
  std::string out = "nnrt-case 1\n";
  for (const auto& [key, value] : test_case.meta) out += "meta " + IdentOrString(key) + " " + QuoteString(value) + "\n";
  out += PrintModel(test_case.model);
  for (const NamedTensor& t : test_case.inputs) PrintNamedTensor(&out, "input", t);
  for (const NamedTensor& t : test_case.expected) PrintNamedTensor(&out, "expected", t);
  return out;
}

Status ParseCase(const std::string& text, TestCase* out, size_t max_data_bytes) {
  Parser parser(text, max_data_bytes);
  TestCase parsed;
  if (!parser.ParseCaseDocument(&parsed)) return parser.status();
  *out = std::move(parsed);
  return Status::Ok();
}

Status ParseModel(const std::string& text, Model* out) {
  Parser parser(text, kMaxTextFormatDataBytes);
  Model parsed;
  if (!parser.ParseModelDocument(&parsed)) return parser.status();
  *out = std::move(parsed);
  return Status::Ok();
}

Status ReadCaseFile(const std::string& path, TestCase* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status(NNRT_INVALID_PATH, "cannot open '" + path + "' for reading");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return Status(NNRT_INVALID_FILE, path + ": read error");
  const Status s = ParseCase(text.str(), out);
  if (!s.ok()) return Status(s.code(), path + ":" + s.message());
  return s;
}

Status WriteCaseFile(const std::string& path, const TestCase& test_case) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) return Status(NNRT_INVALID_PATH, "cannot open '" + path + "' for writing");
  const std::string text = PrintCase(test_case);
  file.write(text.data(), static_cast<std::streamsize>(text.size()));
  file.close();
  if (!file) return Status(NNRT_INVALID_PATH, "error writing '" + path + "'");
  return Status::Ok();
}

}  // namespace nnrt
