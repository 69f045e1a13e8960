// A byte encoding of NNRT_HalModel + NNRT_HalModelConfig that decodes into
// states the text format never produces: counts that disagree with each other,
// NULL pointers with zero counts, out-of-range indices, huge or negative dims,
// rank above NNRT_HAL_MAX_RANK, buffers whose bufferSize is below
// offset + dataSize, attribute payloads of any type and element count, any
// enum value. Every array a struct points at does hold the number of elements
// its count field says (that much is the caller's side of the ABI contract).
//
// Layout (little-endian, ByteReader: reads past the end give 0), fields in
// struct order; "cnt8" is a u8 count, "cnt16" a u16, each capped on decode by
// the kFuzz* limits below; "flags" bit i set = the i-th pointer listed is NULL
// when its count is 0 (strings: NULL instead of "").
//   model:   flags(name, inputIndex, outputIndex, nodes, allTensors, subGraphs)
//            str name, cnt16 tensors, cnt16 nodes, cnt8+u32 inputIndex,
//            cnt8+u32 outputIndex, cnt8 subGraphs
//   tensor:  flags(name, dims, quantParams, hostAddress; bit 4 = bufferSize is
//            the u32 after the data modulo offset+dataSize+1, i.e. too small)
//            str name, i32 dataType, cnt8+i32 dims, i32 format,
//            u32 offset, u32 dataSize + bytes, u8 slack (bufferSize =
//            offset + dataSize + slack) [or u32 with bit 4],
//            cnt8 quantParams of (i32 numBits, i32 zeroPoint, f64 scale)
//   node:    flags(name, attrs, inputIndex, outputIndex) str name, u32 nodeType,
//            cnt8 attrs, cnt8+u32 inputIndex, cnt8+u32 outputIndex, i32 quantType
//   attr:    flags(name, data) str name, i32 type, u16 count, then count
//            elements of the type's size (1 byte each for an unknown type)
//   subgraph: flags(name, inputIndices, outputIndices, nodeIndices) str name,
//            cnt8+u32 inputs, cnt8+u32 outputs, cnt16+u32 nodes
//   config:  u8 enableFloat16, i32 mode, i32 priority, cnt8 extensions of
//            (str key, str value)
// str = u8 length + bytes. Whatever follows the config is the caller's (the
// fuzz target reads run inputs from it).
#ifndef NNRT_FUZZ_HAL_MODEL_BYTES_H_
#define NNRT_FUZZ_HAL_MODEL_BYTES_H_

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "fuzz/byte_reader.h"
#include "reference/hal/nnrt_hal.h"

namespace nnrt {
namespace fuzz {

constexpr uint32_t kFuzzMaxTensors = 64;
constexpr uint32_t kFuzzMaxNodes = 64;
constexpr uint32_t kFuzzMaxIo = 16;  // indices of one node / model / subgraph (nodes of a subgraph: kFuzzMaxNodes)
constexpr uint32_t kFuzzMaxRank = 40;  // above NNRT_HAL_MAX_RANK on purpose
constexpr uint32_t kFuzzMaxQuantParams = 8;
constexpr uint32_t kFuzzMaxAttrs = 16;
constexpr uint32_t kFuzzMaxAttrElements = 4096;
constexpr uint32_t kFuzzMaxSubGraphs = 4;
constexpr uint32_t kFuzzMaxExtensions = 4;
constexpr uint32_t kFuzzMaxDataBytes = 1u << 16;   // constant data of one tensor
constexpr uint32_t kFuzzMaxBufferOffset = 64;

// A decoded model: the structs plus the storage they point into.
class DecodedHalModel {
 public:
  DecodedHalModel() = default;
  DecodedHalModel(const DecodedHalModel&) = delete;
  DecodedHalModel& operator=(const DecodedHalModel&) = delete;

  const NNRT_HalModel* model() const { return &model_; }
  const NNRT_HalModelConfig* config() const { return &config_; }

  void Decode(ByteReader* in);

 private:
  template <typename T>
  T* Store(std::vector<T> items);  // NULL for an empty vector
  const char* Str(const std::string& s, bool null_when_empty);
  // wide: a u16 count capped at kFuzzMaxNodes, else a u8 count capped at kFuzzMaxIo.
  const uint32_t* Indices(ByteReader* in, bool wide, bool null_when_empty, uint32_t* count);
  NNRT_HalTensor DecodeTensor(ByteReader* in);
  NNRT_HalAttr DecodeAttr(ByteReader* in);
  NNRT_HalNode DecodeNode(ByteReader* in);
  NNRT_HalSubGraph DecodeSubGraph(ByteReader* in);
  void DecodeConfig(ByteReader* in);

  std::deque<std::string> strings_;
  std::deque<std::shared_ptr<void>> arrays_;  // every std::vector<T> an array points into
  NNRT_HalModel model_{};
  NNRT_HalModelConfig config_{};
};

// The encoding of a well-formed model and config (all flags 0): what the seed
// maker writes for a golden case.
void EncodeHalModel(const NNRT_HalModel& model, const NNRT_HalModelConfig& config, ByteWriter* out);

// Bytes of one element of an NNRT_HalAttrType (1 for a value outside the enum).
uint32_t AttrElementSize(int32_t type);

}  // namespace fuzz
}  // namespace nnrt

#endif  // NNRT_FUZZ_HAL_MODEL_BYTES_H_
