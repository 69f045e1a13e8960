// The parser's element data: values of every data type (exact, see
// number_spelling.h), index lists, dims, `data [...]` and `bytes "..."`,
// counted against max_data_bytes (C-15) (parser.h).
#include "reference/text_format/parser.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "reference/text_format/number_spelling.h"

namespace nnrt {
namespace text_format_internal {

bool Parser::AppendElement(DataType t, const std::string& atom, size_t at, std::vector<uint8_t>* data) {
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

bool Parser::ParseUint32List(const std::string& what, std::vector<uint32_t>* out) {
  out->clear();
  return ParseList(what, [&] {
    uint32_t v;
    if (!ReadUint32("an index", &v)) return false;
    out->push_back(v);
    return true;
  });
}

bool Parser::ParseDims(Dims* out) {
  out->clear();
  return ParseList("the dims", [&] {
    int32_t v;
    if (!ReadInt32("a dim", &v)) return false;
    out->push_back(v);
    return true;
  });
}

bool Parser::ParseData(DataType t, std::vector<uint8_t>* out, size_t* count, const Dims* dims,
                       std::optional<SeededData>* seeded, const std::vector<QuantParam>* quant) {
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
  SkipTrivia();
  const size_t seeded_at = pos_;
  const std::string form = ReadIdent();
  if (form == "file") {
    if (seeded == nullptr || dims == nullptr)
      return Fail(seeded_at, "side-file data is allowed only in the model tensors and inputs of a case document");
    return ParseSideData(t, *dims, out, count);
  }
  if (form == "seeded") {
    if (seeded == nullptr || dims == nullptr)
      return Fail(seeded_at, "seeded data is allowed only in the model tensors and inputs of a case document "
                                  "(expected values are written out)");
    SeededData spec;
    if (!ParseSeededData(t, *dims, quant ? *quant : std::vector<QuantParam>(), out, count, &spec)) return false;
    *seeded = spec;
    return true;
  }
  pos_ = seeded_at;
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

}  // namespace text_format_internal
}  // namespace nnrt
