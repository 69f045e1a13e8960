#include "reference/nnadapter/runtime/cache_file.h"

#include <cstring>
#include <fstream>
#include <iterator>

#include "reference/nnadapter/lowering/operand_values.h"

namespace nnrt {
namespace nna {
namespace {

constexpr char kMagic[8] = {'N', 'N', 'A', 'N', 'N', 'C', '1', '\0'};

template <typename T>
void Put(std::vector<uint8_t>* out, const T& v) {
  const auto* p = reinterpret_cast<const uint8_t*>(&v);
  out->insert(out->end(), p, p + sizeof(T));
}

template <typename T>
bool Get(const std::vector<uint8_t>& in, size_t* pos, T* v) {
  if (in.size() - *pos < sizeof(T)) return false;
  std::memcpy(v, in.data() + *pos, sizeof(T));
  *pos += sizeof(T);
  return true;
}

// Per-channel scale pointers mean nothing in a file: stored and read back as 0.
NNAdapterOperandType WithoutScalePointer(NNAdapterOperandType type) {
  const int32_t precision = RawValue(type.precision);
  if (precision == NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL || precision == NNADAPTER_QUANT_INT16_SYMM_PER_CHANNEL ||
      precision == NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL) {
    type.symm_per_channel_params.scales = nullptr;
  }
  return type;
}

}  // namespace

std::vector<uint8_t> EncodeCacheFile(const ::nnadapter::hal::Cache& cache) {
  std::vector<uint8_t> out(kMagic, kMagic + sizeof(kMagic));
  Put(&out, static_cast<uint32_t>(cache.input_types.size()));
  Put(&out, static_cast<uint32_t>(cache.output_types.size()));
  for (const NNAdapterOperandType& t : cache.input_types) Put(&out, WithoutScalePointer(t));
  for (const NNAdapterOperandType& t : cache.output_types) Put(&out, WithoutScalePointer(t));
  Put(&out, static_cast<uint64_t>(cache.buffer.size()));
  out.insert(out.end(), cache.buffer.begin(), cache.buffer.end());
  return out;
}

bool DecodeCacheFile(const std::vector<uint8_t>& file, ::nnadapter::hal::Cache* cache) {
  if (file.size() < sizeof(kMagic) || std::memcmp(file.data(), kMagic, sizeof(kMagic)) != 0) return false;
  size_t pos = sizeof(kMagic);
  uint32_t inputs = 0, outputs = 0;
  if (!Get(file, &pos, &inputs) || !Get(file, &pos, &outputs)) return false;
  const uint64_t records = uint64_t{inputs} + outputs;
  if (records > (file.size() - pos) / sizeof(NNAdapterOperandType)) return false;
  cache->input_types.resize(inputs);
  cache->output_types.resize(outputs);
  for (NNAdapterOperandType& t : cache->input_types) {
    Get(file, &pos, &t);
    t = WithoutScalePointer(t);
  }
  for (NNAdapterOperandType& t : cache->output_types) {
    Get(file, &pos, &t);
    t = WithoutScalePointer(t);
  }
  uint64_t length = 0;
  if (!Get(file, &pos, &length) || length != file.size() - pos) return false;
  cache->buffer.assign(file.begin() + static_cast<std::ptrdiff_t>(pos), file.end());
  return true;
}

bool ReadWholeFile(const std::string& path, std::vector<uint8_t>* bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  bytes->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

bool WriteWholeFile(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return false;
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(out);
}

}  // namespace nna
}  // namespace nnrt
