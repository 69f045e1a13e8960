// `data file("NAME", offset, length)`: element bytes kept in a binary side
// file next to the case (docs/text_format.md "Binary side data", C-897).
#include <fstream>
#include <limits>

#include "reference/text_format/parser.h"

namespace nnrt {
namespace text_format_internal {

bool Parser::ParseSideData(DataType t, const Dims& dims, std::vector<uint8_t>* out, size_t* count) {
  if (!Expect('(', "after 'file'")) return false;
  SkipTrivia();
  const size_t name_at = pos_;
  std::string name;
  if (!ReadString("the side file name", &name)) return false;
  // A plain name in the case's directory: no path, so a case cannot read other files.
  if (name.empty() || name == "." || name == ".." || name.find('/') != std::string::npos || name.find('\0') != std::string::npos) {
    return Fail(name_at, "the side file must be a plain file name in the case's directory");
  }
  if (side_data_dir_.empty()) {
    return Fail(name_at, "side-file data needs the case's directory (read the case with ReadCaseFile)");
  }
  int64_t offset = 0, length = 0;
  if (!Expect(',', "after the side file name") ||
      !ReadSigned("the side data offset", 0, std::numeric_limits<int64_t>::max(), &offset) ||
      !Expect(',', "after the side data offset")) {
    return false;
  }
  SkipTrivia();
  const size_t length_at = pos_;
  if (!ReadSigned("the side data length", 0, std::numeric_limits<int64_t>::max(), &length) ||
      !Expect(')', "to close file(...)")) {
    return false;
  }
  const size_t size = DataTypeSize(t);
  const std::optional<int64_t> n = ElementCount(dims);
  if (size == 0 || !n || *n < 0 || IsDynamic(dims)) return Fail(length_at, "side-file data needs a known data type and concrete dims");
  if (static_cast<uint64_t>(*n) > max_data_bytes_ || static_cast<uint64_t>(length) != static_cast<uint64_t>(*n) * size) {
    return Fail(length_at, "side data of " + std::to_string(length) + " bytes for " + std::to_string(*n) + " " +
                               DataTypeName(t) + " elements");
  }
  if (data_bytes_ + static_cast<size_t>(length) > max_data_bytes_) return FailDataLimit(length_at);
  data_bytes_ += static_cast<size_t>(length);
  std::ifstream in(side_data_dir_ + "/" + name, std::ios::binary);
  if (!in) return Fail(name_at, "cannot open the side file '" + name + "'");
  in.seekg(offset);
  out->resize(static_cast<size_t>(length));
  in.read(reinterpret_cast<char*>(out->data()), length);
  if (!in || in.gcount() != length) {
    return Fail(name_at, "the side file '" + name + "' has no " + std::to_string(length) + " bytes at offset " +
                             std::to_string(offset));
  }
  *count = static_cast<size_t>(*n);
  return true;
}

}  // namespace text_format_internal
}  // namespace nnrt
