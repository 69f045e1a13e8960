#include "reference/runtime/compilation_cache.h"

#include <sys/stat.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>

namespace nnrt {
namespace rt {

namespace {

constexpr char kBufferMagic[10] = {'N', 'N', 'R', 'T', 'C', 'A', 'C', 'H', 'E', '\0'};
constexpr uint32_t kBufferFormatVersion = 1;
constexpr uint64_t kMaxCacheFileBytes = 1ull << 31;  // refuse absurd files before reading them

// ---- little-endian byte helpers ----
void PutU16(std::vector<uint8_t>* out, uint16_t v) {
  for (int i = 0; i < 2; ++i) out->push_back(static_cast<uint8_t>(v >> (8 * i)));
}
void PutU32(std::vector<uint8_t>* out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<uint8_t>(v >> (8 * i)));
}
void PutU64(std::vector<uint8_t>* out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out->push_back(static_cast<uint8_t>(v >> (8 * i)));
}

class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  bool U16(uint16_t* v) { return Uint(2, v); }
  bool U32(uint32_t* v) { return Uint(4, v); }
  bool U64(uint64_t* v) { return Uint(8, v); }
  bool I32(int32_t* v) {
    uint32_t u = 0;
    if (!U32(&u)) return false;
    std::memcpy(v, &u, 4);
    return true;
  }
  bool Bytes(size_t n, const uint8_t** p) {
    if (n > size_ - pos_) return false;
    *p = data_ + pos_;
    pos_ += n;
    return true;
  }
  size_t pos() const { return pos_; }
  bool done() const { return pos_ == size_; }

 private:
  template <typename T>
  bool Uint(size_t n, T* v) {
    if (n > size_ - pos_) return false;
    uint64_t acc = 0;
    for (size_t i = 0; i < n; ++i) acc |= static_cast<uint64_t>(data_[pos_ + i]) << (8 * i);
    pos_ += n;
    *v = static_cast<T>(acc);
    return true;
  }
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

std::string JoinPath(const std::string& dir, const std::string& file) {
  if (!dir.empty() && dir.back() == '/') return dir + file;
  return dir + "/" + file;
}

std::string DataFileName(const std::string& model_name, uint32_t i) {
  return model_name + std::to_string(i) + ".nncache";
}
std::string InfoFileName(const std::string& model_name) { return model_name + "cache_info.nncache"; }

bool ReadFile(const std::string& path, std::vector<uint8_t>* bytes) {
  struct stat info {};
  if (stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return false;
  if (static_cast<uint64_t>(info.st_size) > kMaxCacheFileBytes) return false;
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  bytes->resize(static_cast<size_t>(info.st_size));
  if (!bytes->empty()) in.read(reinterpret_cast<char*>(bytes->data()), static_cast<std::streamsize>(bytes->size()));
  return static_cast<size_t>(in.gcount()) == bytes->size() || bytes->empty();
}

bool WriteFile(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return false;
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  out.close();
  return !out.fail();
}

// ---- the info file: a fixed, small JSON shape ----
struct CacheInfo {
  uint64_t file_number = 0;
  uint64_t version = 0;
  uint64_t device_id = 0;
  std::vector<uint64_t> checksums;
};

std::string InfoDataText(const CacheInfo& info) {
  std::ostringstream os;
  os << "{\"fileNumber\":" << info.file_number << ",\"version\":" << info.version << ",\"deviceId\":"
     << info.device_id << ",\"modelCheckSum\":[";
  for (size_t i = 0; i < info.checksums.size(); ++i) os << (i ? "," : "") << info.checksums[i];
  os << "]}";
  return os.str();
}

uint16_t TextCrc(const std::string& text) {
  return CacheCrc16(reinterpret_cast<const uint8_t*>(text.data()), text.size());
}

// A strict scanner for exactly the shape InfoDataText writes (whitespace allowed).
class JsonScanner {
 public:
  explicit JsonScanner(const std::string& s) : s_(s) {}
  void SkipSpace() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\n' || s_[pos_] == '\t' || s_[pos_] == '\r')) ++pos_;
  }
  bool Expect(char c) {
    SkipSpace();
    if (pos_ >= s_.size() || s_[pos_] != c) return false;
    ++pos_;
    return true;
  }
  bool Peek(char c) {
    SkipSpace();
    return pos_ < s_.size() && s_[pos_] == c;
  }
  bool Key(std::string* key) {
    if (!Expect('"')) return false;
    size_t end = s_.find('"', pos_);
    if (end == std::string::npos || end - pos_ > 64) return false;
    *key = s_.substr(pos_, end - pos_);
    pos_ = end + 1;
    return Expect(':');
  }
  bool Number(uint64_t* value) {
    SkipSpace();
    size_t start = pos_;
    uint64_t v = 0;
    while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') {
      uint64_t digit = static_cast<uint64_t>(s_[pos_] - '0');
      if (v > (std::numeric_limits<uint64_t>::max() - digit) / 10) return false;
      v = v * 10 + digit;
      ++pos_;
    }
    *value = v;
    return pos_ > start;
  }
  size_t pos() const { return pos_; }
  bool AtEnd() {
    SkipSpace();
    return pos_ == s_.size();
  }

 private:
  const std::string& s_;
  size_t pos_ = 0;
};

bool ParseInfoData(JsonScanner* in, CacheInfo* info) {
  if (!in->Expect('{')) return false;
  std::map<std::string, bool> seen;
  do {
    std::string key;
    if (!in->Key(&key) || seen[key]) return false;
    seen[key] = true;
    if (key == "modelCheckSum") {
      if (!in->Expect('[')) return false;
      if (!in->Peek(']')) {
        do {
          uint64_t v = 0;
          if (!in->Number(&v) || v > 0xFFFF || info->checksums.size() > kMaxCacheFiles) return false;
          info->checksums.push_back(v);
        } while (in->Expect(','));
      }
      if (!in->Expect(']')) return false;
    } else {
      uint64_t v = 0;
      if (!in->Number(&v)) return false;
      if (key == "fileNumber") info->file_number = v;
      else if (key == "version") info->version = v;
      else if (key == "deviceId") info->device_id = v;
      else return false;
    }
  } while (in->Expect(','));
  return in->Expect('}') && seen.size() == 4;
}

bool ParseInfo(const std::string& text, CacheInfo* info, std::string* why) {
  JsonScanner in(text);
  std::string key;
  if (!in.Expect('{') || !in.Key(&key) || key != "data") {
    *why = "cache info: missing \"data\"";
    return false;
  }
  in.SkipSpace();
  size_t data_begin = in.pos();
  if (!ParseInfoData(&in, info)) {
    *why = "cache info: malformed \"data\"";
    return false;
  }
  std::string data_text = text.substr(data_begin, in.pos() - data_begin);
  uint64_t checksum = 0;
  if (!in.Expect(',') || !in.Key(&key) || key != "CheckSum" || !in.Number(&checksum) || !in.Expect('}') ||
      !in.AtEnd()) {
    *why = "cache info: missing or malformed \"CheckSum\"";
    return false;
  }
  if (checksum != TextCrc(data_text)) {
    *why = "cache info: checksum mismatch";
    return false;
  }
  if (info->file_number < 2 || info->file_number > kMaxCacheFiles || info->checksums.size() != info->file_number ||
      info->version > 0xFFFFFFFFull) {
    *why = "cache info: inconsistent file count or version";
    return false;
  }
  return true;
}

}  // namespace

uint16_t CacheCrc16(const uint8_t* data, size_t size) {
  uint32_t sum = 0;
  size_t i = 0;
  for (; i + 1 < size; i += 2) {
    sum += static_cast<uint32_t>(data[i]) | (static_cast<uint32_t>(data[i + 1]) << 8);
    sum = (sum & 0xFFFF) + (sum >> 16);
  }
  if (i < size) {
    sum += data[i];
    sum = (sum & 0xFFFF) + (sum >> 16);
  }
  sum = (sum & 0xFFFF) + (sum >> 16);
  return static_cast<uint16_t>(~sum & 0xFFFF);
}

std::vector<uint8_t> SerializeIoDescs(const std::vector<IoDesc>& descs) {
  std::vector<uint8_t> out;
  PutU32(&out, static_cast<uint32_t>(descs.size()));
  for (const IoDesc& d : descs) {
    PutU32(&out, static_cast<uint32_t>(d.desc.data_type));
    PutU32(&out, static_cast<uint32_t>(d.desc.format));
    PutU32(&out, static_cast<uint32_t>(d.tensor_type));
    PutU64(&out, d.desc.shape.size());
    for (int32_t dim : d.desc.shape) PutU32(&out, static_cast<uint32_t>(dim));
    out.insert(out.end(), d.desc.name.begin(), d.desc.name.end());
    out.push_back(0);
  }
  return out;
}

bool ParseIoDescs(const std::vector<uint8_t>& bytes, std::vector<IoDesc>* descs) {
  Reader in(bytes.data(), bytes.size());
  uint32_t count = 0;
  if (!in.U32(&count) || count > 200) return false;
  descs->clear();
  for (uint32_t i = 0; i < count; ++i) {
    IoDesc d;
    int32_t data_type = 0, format = 0, tensor_type = 0;
    uint64_t rank = 0;
    if (!in.I32(&data_type) || !in.I32(&format) || !in.I32(&tensor_type) || !in.U64(&rank)) return false;
    if (data_type < OH_NN_UNKNOWN || data_type > OH_NN_FLOAT64 || format < OH_NN_FORMAT_NONE ||
        format > OH_NN_FORMAT_ND || rank > kMaxTensorDescRank) {
      return false;
    }
    d.desc.data_type = static_cast<OH_NN_DataType>(data_type);
    d.desc.format = static_cast<OH_NN_Format>(format);
    d.tensor_type = tensor_type;
    for (uint64_t j = 0; j < rank; ++j) {
      int32_t dim = 0;
      if (!in.I32(&dim)) return false;
      d.desc.shape.push_back(dim);
    }
    const uint8_t* c = nullptr;
    while (true) {
      if (!in.Bytes(1, &c)) return false;
      if (*c == 0) break;
      d.desc.name.push_back(static_cast<char>(*c));
    }
    descs->push_back(std::move(d));
  }
  return in.done();
}

CacheLookup ReadCacheDirectory(const std::string& dir, const std::string& model_name, uint32_t version,
                               uint64_t device_id, CacheContent* content, std::string* why) {
  std::vector<uint8_t> info_bytes;
  std::string info_path = JoinPath(dir, InfoFileName(model_name));
  struct stat st {};
  if (stat(info_path.c_str(), &st) != 0) return CacheLookup::kNoCache;
  if (!ReadFile(info_path, &info_bytes)) {
    *why = "cannot read " + info_path;
    return CacheLookup::kCorrupt;
  }
  CacheInfo info;
  if (!ParseInfo(std::string(info_bytes.begin(), info_bytes.end()), &info, why)) return CacheLookup::kCorrupt;
  if (info.device_id != device_id) {
    *why = "cache was written for another device";
    return CacheLookup::kCorrupt;
  }
  if (info.version > version) return CacheLookup::kNewerVersion;
  if (info.version < version) return CacheLookup::kStale;
  std::vector<std::vector<uint8_t>> files(info.file_number);
  for (uint32_t i = 0; i < info.file_number; ++i) {
    std::string path = JoinPath(dir, DataFileName(model_name, i));
    if (!ReadFile(path, &files[i])) {
      *why = "missing or unreadable cache file " + path;
      return CacheLookup::kCorrupt;
    }
    if (CacheCrc16(files[i].data(), files[i].size()) != info.checksums[i]) {
      *why = "checksum mismatch in " + path;
      return CacheLookup::kCorrupt;
    }
  }
  size_t k = files.size() - 2;
  if (!ParseIoDescs(files[k], &content->inputs) || !ParseIoDescs(files[k + 1], &content->outputs)) {
    *why = "malformed descriptor file in the cache";
    return CacheLookup::kCorrupt;
  }
  files.resize(k);
  content->device_buffers = std::move(files);
  content->version = version;
  content->device_id = device_id;
  return CacheLookup::kFound;
}

bool WriteCacheDirectory(const std::string& dir, const std::string& model_name, const CacheContent& content,
                         std::string* why) {
  std::vector<std::vector<uint8_t>> files = content.device_buffers;
  files.push_back(SerializeIoDescs(content.inputs));
  files.push_back(SerializeIoDescs(content.outputs));
  if (files.size() > kMaxCacheFiles) {
    *why = "device exported too many cache buffers";
    return false;
  }
  CacheInfo info;
  info.file_number = files.size();
  info.version = content.version;
  info.device_id = content.device_id;
  // Remove the old info first: until the new one is written the cache reads as absent.
  std::remove(JoinPath(dir, InfoFileName(model_name)).c_str());
  for (size_t i = 0; i < files.size(); ++i) {
    std::string path = JoinPath(dir, DataFileName(model_name, static_cast<uint32_t>(i)));
    if (!WriteFile(path, files[i])) {
      *why = "cannot write " + path;
      return false;
    }
    info.checksums.push_back(CacheCrc16(files[i].data(), files[i].size()));
  }
  std::string data_text = InfoDataText(info);
  std::string text = "{\"data\":" + data_text + ",\"CheckSum\":" + std::to_string(TextCrc(data_text)) + "}\n";
  std::string info_path = JoinPath(dir, InfoFileName(model_name));
  if (!WriteFile(info_path, std::vector<uint8_t>(text.begin(), text.end()))) {
    *why = "cannot write " + info_path;
    return false;
  }
  return true;
}

std::vector<uint8_t> SerializeCacheBuffer(const CacheContent& content) {
  std::vector<std::vector<uint8_t>> files = content.device_buffers;
  files.push_back(SerializeIoDescs(content.inputs));
  files.push_back(SerializeIoDescs(content.outputs));
  std::vector<uint8_t> out(kBufferMagic, kBufferMagic + sizeof(kBufferMagic));
  PutU32(&out, kBufferFormatVersion);
  PutU32(&out, content.version);
  PutU64(&out, content.device_id);
  PutU32(&out, static_cast<uint32_t>(files.size()));
  for (const auto& file : files) {
    PutU64(&out, file.size());
    PutU16(&out, CacheCrc16(file.data(), file.size()));
    out.insert(out.end(), file.begin(), file.end());
  }
  PutU16(&out, CacheCrc16(out.data(), out.size()));
  return out;
}

bool ParseCacheBuffer(const uint8_t* data, size_t size, CacheContent* content, std::string* why) {
  if (size < sizeof(kBufferMagic) + 2 || std::memcmp(data, kBufferMagic, sizeof(kBufferMagic)) != 0) {
    *why = "not an NNRt cache buffer (bad magic)";
    return false;
  }
  Reader tail(data + size - 2, 2);
  uint16_t total_crc = 0;
  tail.U16(&total_crc);
  if (CacheCrc16(data, size - 2) != total_crc) {
    *why = "cache buffer checksum mismatch (truncated or corrupted)";
    return false;
  }
  Reader in(data + sizeof(kBufferMagic), size - 2 - sizeof(kBufferMagic));
  uint32_t format = 0, version = 0, count = 0;
  uint64_t device_id = 0;
  if (!in.U32(&format) || !in.U32(&version) || !in.U64(&device_id) || !in.U32(&count)) {
    *why = "cache buffer header truncated";
    return false;
  }
  if (format != kBufferFormatVersion) {
    *why = "cache buffer format version " + std::to_string(format) + " is not supported (this runtime reads " +
           std::to_string(kBufferFormatVersion) + ")";
    return false;
  }
  if (count < 2 || count > kMaxCacheFiles) {
    *why = "cache buffer file count out of range";
    return false;
  }
  std::vector<std::vector<uint8_t>> files;
  for (uint32_t i = 0; i < count; ++i) {
    uint64_t length = 0;
    uint16_t crc = 0;
    const uint8_t* bytes = nullptr;
    if (!in.U64(&length) || !in.U16(&crc) || length > size || !in.Bytes(static_cast<size_t>(length), &bytes)) {
      *why = "cache buffer truncated";
      return false;
    }
    if (CacheCrc16(bytes, static_cast<size_t>(length)) != crc) {
      *why = "cache buffer entry checksum mismatch";
      return false;
    }
    files.emplace_back(bytes, bytes + length);
  }
  if (!in.done()) {
    *why = "trailing bytes in cache buffer";
    return false;
  }
  size_t k = files.size() - 2;
  if (!ParseIoDescs(files[k], &content->inputs) || !ParseIoDescs(files[k + 1], &content->outputs)) {
    *why = "malformed descriptor entry in the cache buffer";
    return false;
  }
  files.resize(k);
  content->device_buffers = std::move(files);
  content->version = version;
  content->device_id = device_id;
  return true;
}

}  // namespace rt
}  // namespace nnrt
