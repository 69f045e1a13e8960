// The parser's token level: error positions, trivia (blanks and # comments),
// identifiers, atoms, quoted strings and scalar numbers (parser.h).
#include "reference/text_format/parser.h"

#include <cctype>
#include <cstdint>
#include <limits>
#include <string>

#include "reference/text_format/number_spelling.h"

namespace nnrt {
namespace text_format_internal {

bool Parser::Fail(size_t offset, const std::string& message) {
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

std::string Parser::Found(size_t at) const {
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

bool Parser::FailDataLimit(size_t at) {
  return Fail(at, "element data exceeds the limit of " + std::to_string(max_data_bytes_) + " bytes per text (C-15)");
}

void Parser::SkipTrivia() {
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

bool Parser::TryConsume(char c) {
  SkipTrivia();
  if (pos_ < text_.size() && text_[pos_] == c) {
    ++pos_;
    return true;
  }
  return false;
}

bool Parser::Expect(char c, const std::string& context) {
  if (TryConsume(c)) return true;
  return Fail(pos_, std::string("expected '") + c + "' " + context + Found(pos_));
}

std::string Parser::ReadIdent() {
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

bool Parser::ExpectKeyword(const char* keyword, const std::string& context) {
  SkipTrivia();
  const size_t at = pos_;
  if (ReadIdent() == keyword) return true;
  return Fail(at, std::string("expected '") + keyword + "' " + context + Found(at));
}

bool Parser::ReadAtom(const std::string& what, std::string* atom, size_t* at) {
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

bool Parser::ReadString(const std::string& what, std::string* out) {
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

bool Parser::ReadName(const std::string& what, std::string* out) {
  SkipTrivia();
  if (pos_ < text_.size() && text_[pos_] == '"') return ReadString(what, out);
  const size_t at = pos_;
  *out = ReadIdent();
  if (out->empty()) return Fail(at, "expected " + what + Found(at));
  return true;
}

bool Parser::AtomToSigned(const std::string& atom, size_t at, const std::string& what, int64_t min, int64_t max,
                          int64_t* v) {
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

bool Parser::ReadSigned(const std::string& what, int64_t min, int64_t max, int64_t* v) {
  std::string atom;
  size_t at;
  return ReadAtom(what, &atom, &at) && AtomToSigned(atom, at, what, min, max, v);
}

bool Parser::ReadUint32(const std::string& what, uint32_t* v) {
  int64_t wide;
  if (!ReadSigned(what, 0, std::numeric_limits<uint32_t>::max(), &wide)) return false;
  *v = static_cast<uint32_t>(wide);
  return true;
}

bool Parser::ReadInt32(const std::string& what, int32_t* v) {
  int64_t wide;
  if (!ReadSigned(what, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max(), &wide)) {
    return false;
  }
  *v = static_cast<int32_t>(wide);
  return true;
}

bool Parser::AtomToFloatBits(const std::string& atom, size_t at, int width, uint64_t* bits) {
  std::string message;
  bool append_found = false;
  if (FloatBitsFromSpelling(atom, width, bits, &message, &append_found)) return true;
  return Fail(at, append_found ? message + Found(at) : message);
}

bool Parser::ReadFloat64(const std::string& what, double* v) {
  std::string atom;
  size_t at;
  uint64_t bits;
  if (!ReadAtom(what, &atom, &at) || !AtomToFloatBits(atom, at, 64, &bits)) return false;
  *v = Float64FromBits(bits);
  return true;
}

}  // namespace text_format_internal
}  // namespace nnrt
