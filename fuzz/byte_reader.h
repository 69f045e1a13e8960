// Reading and writing the little-endian byte encodings the fuzz targets decode.
// ByteReader never fails: past the end every read returns 0 (and an empty
// string or buffer), so any input decodes to something.
#ifndef NNRT_FUZZ_BYTE_READER_H_
#define NNRT_FUZZ_BYTE_READER_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace nnrt {
namespace fuzz {

class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  size_t remaining() const { return size_ - pos_; }

  uint8_t U8() { return pos_ < size_ ? data_[pos_++] : 0; }
  uint16_t U16() { return static_cast<uint16_t>(U8() | (U8() << 8)); }
  uint32_t U32() { return U16() | (static_cast<uint32_t>(U16()) << 16); }
  uint64_t U64() { return U32() | (static_cast<uint64_t>(U32()) << 32); }
  int32_t I32() { return static_cast<int32_t>(U32()); }
  double F64() {
    const uint64_t bits = U64();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
  }
  // Up to `n` bytes (fewer at the end of the input).
  std::vector<uint8_t> Bytes(size_t n) {
    const size_t take = n < remaining() ? n : remaining();
    std::vector<uint8_t> out(data_ + pos_, data_ + pos_ + take);
    pos_ += take;
    return out;
  }
  // A u8 length, then that many bytes.
  std::string ShortString() {
    const std::vector<uint8_t> b = Bytes(U8());
    return std::string(b.begin(), b.end());
  }
  // Everything not read yet.
  std::vector<uint8_t> Rest() { return Bytes(remaining()); }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

class ByteWriter {
 public:
  void U8(uint8_t v) { out_.push_back(v); }
  void U16(uint16_t v) {
    U8(static_cast<uint8_t>(v));
    U8(static_cast<uint8_t>(v >> 8));
  }
  void U32(uint32_t v) {
    U16(static_cast<uint16_t>(v));
    U16(static_cast<uint16_t>(v >> 16));
  }
  void U64(uint64_t v) {
    U32(static_cast<uint32_t>(v));
    U32(static_cast<uint32_t>(v >> 32));
  }
  void I32(int32_t v) { U32(static_cast<uint32_t>(v)); }
  void F64(double d) {
    uint64_t bits;
    std::memcpy(&bits, &d, sizeof d);
    U64(bits);
  }
  void Bytes(const void* data, size_t n) {
    const uint8_t* p = static_cast<const uint8_t*>(data);
    out_.insert(out_.end(), p, p + n);
  }
  void ShortString(const std::string& s) {
    const size_t n = s.size() < 255 ? s.size() : 255;
    U8(static_cast<uint8_t>(n));
    Bytes(s.data(), n);
  }
  const std::vector<uint8_t>& bytes() const { return out_; }

 private:
  std::vector<uint8_t> out_;
};

}  // namespace fuzz
}  // namespace nnrt

#endif  // NNRT_FUZZ_BYTE_READER_H_
