// Decoding and encoding of the HAL model byte layout (hal_model_bytes.h).
#include "fuzz/hal_model_bytes.h"

#include <algorithm>
#include <cstring>

namespace nnrt {
namespace fuzz {

namespace {

uint32_t Capped(uint32_t value, uint32_t cap) { return std::min(value, cap); }
bool Bit(uint8_t flags, int i) { return (flags >> i) & 1; }

}  // namespace

uint32_t AttrElementSize(int32_t type) {
  switch (type) {
    case NNRT_ATTR_BOOL: return sizeof(bool);
    case NNRT_ATTR_INT8: return 1;
    case NNRT_ATTR_INT64: return 8;
    case NNRT_ATTR_FLOAT32: return 4;
    case NNRT_ATTR_STRING: return 1;
    default: return 1;
  }
}

template <typename T>
T* DecodedHalModel::Store(std::vector<T> items) {
  if (items.empty()) return nullptr;
  auto holder = std::make_shared<std::vector<T>>(std::move(items));
  arrays_.push_back(holder);
  return holder->data();
}

const char* DecodedHalModel::Str(const std::string& s, bool null_when_empty) {
  if (s.empty() && null_when_empty) return nullptr;
  strings_.push_back(s);
  return strings_.back().c_str();
}

const uint32_t* DecodedHalModel::Indices(ByteReader* in, bool wide, bool null_when_empty, uint32_t* count) {
  std::vector<uint32_t> v(wide ? Capped(in->U16(), kFuzzMaxNodes) : Capped(in->U8(), kFuzzMaxIo));
  for (uint32_t& x : v) x = in->U32();
  *count = static_cast<uint32_t>(v.size());
  if (v.empty() && !null_when_empty) {
    static const uint32_t kNoIndex = 0;
    return &kNoIndex;  // a valid pointer to zero elements
  }
  return Store(std::move(v));
}

NNRT_HalTensor DecodedHalModel::DecodeTensor(ByteReader* in) {
  NNRT_HalTensor t{};
  const uint8_t flags = in->U8();
  t.name = Str(in->ShortString(), Bit(flags, 0));
  t.dataType = in->I32();
  std::vector<int32_t> dims(Capped(in->U8(), kFuzzMaxRank));
  for (int32_t& d : dims) d = in->I32();
  t.dimCount = static_cast<uint32_t>(dims.size());
  static const int32_t kNoDim = 0;
  t.dims = dims.empty() && !Bit(flags, 1) ? &kNoDim : Store(std::move(dims));
  t.format = in->I32();
  const uint32_t offset = Capped(in->U32(), kFuzzMaxBufferOffset);
  const uint32_t data_size = Capped(in->U32(), kFuzzMaxDataBytes);
  std::vector<uint8_t> buffer(offset);
  const std::vector<uint8_t> data = in->Bytes(data_size);
  buffer.insert(buffer.end(), data.begin(), data.end());
  buffer.resize(size_t{offset} + data_size + in->U8(), 0);  // slack; short input pads with zeros
  const uint32_t end = offset + data_size;
  t.data.fd = -1;
  t.data.offset = offset;
  t.data.dataSize = data_size;
  t.data.bufferSize = Bit(flags, 4) ? in->U32() % (end + 1) : static_cast<uint32_t>(buffer.size());
  t.data.hostAddress = Bit(flags, 3) ? nullptr : Store(std::move(buffer));
  std::vector<NNRT_HalQuantParam> quant(Capped(in->U8(), kFuzzMaxQuantParams));
  for (NNRT_HalQuantParam& q : quant) {
    q.numBits = in->I32();
    q.zeroPoint = in->I32();
    q.scale = in->F64();
  }
  t.quantParamCount = static_cast<uint32_t>(quant.size());
  static const NNRT_HalQuantParam kNoQuant{};
  t.quantParams = quant.empty() && !Bit(flags, 2) ? &kNoQuant : Store(std::move(quant));
  return t;
}

NNRT_HalAttr DecodedHalModel::DecodeAttr(ByteReader* in) {
  NNRT_HalAttr a{};
  const uint8_t flags = in->U8();
  a.name = Str(in->ShortString(), Bit(flags, 0));
  a.type = in->I32();
  a.count = Capped(in->U16(), kFuzzMaxAttrElements);
  std::vector<uint8_t> data = in->Bytes(size_t{a.count} * AttrElementSize(a.type));
  data.resize(size_t{a.count} * AttrElementSize(a.type), 0);
  if (a.type == NNRT_ATTR_BOOL) {
    for (uint8_t& b : data) b &= 1;  // a bool holds 0 or 1 (anything else is UB in C++ itself)
  }
  static const uint8_t kNoData = 0;
  a.data = data.empty() && !Bit(flags, 1) ? &kNoData : Store(std::move(data));
  return a;
}

NNRT_HalNode DecodedHalModel::DecodeNode(ByteReader* in) {
  NNRT_HalNode n{};
  const uint8_t flags = in->U8();
  n.name = Str(in->ShortString(), Bit(flags, 0));
  n.nodeType = in->U32();
  std::vector<NNRT_HalAttr> attrs(Capped(in->U8(), kFuzzMaxAttrs));
  for (NNRT_HalAttr& a : attrs) a = DecodeAttr(in);
  n.attrCount = static_cast<uint32_t>(attrs.size());
  static const NNRT_HalAttr kNoAttr{};
  n.attrs = attrs.empty() && !Bit(flags, 1) ? &kNoAttr : Store(std::move(attrs));
  n.inputIndex = Indices(in, false, Bit(flags, 2), &n.inputCount);
  n.outputIndex = Indices(in, false, Bit(flags, 3), &n.outputCount);
  n.quantType = in->I32();
  return n;
}

NNRT_HalSubGraph DecodedHalModel::DecodeSubGraph(ByteReader* in) {
  NNRT_HalSubGraph g{};
  const uint8_t flags = in->U8();
  g.name = Str(in->ShortString(), Bit(flags, 0));
  g.inputIndices = Indices(in, false, Bit(flags, 1), &g.inputCount);
  g.outputIndices = Indices(in, false, Bit(flags, 2), &g.outputCount);
  g.nodeIndices = Indices(in, true, Bit(flags, 3), &g.nodeCount);
  return g;
}

void DecodedHalModel::DecodeConfig(ByteReader* in) {
  config_.enableFloat16 = in->U8() & 1;
  config_.mode = in->I32();
  config_.priority = in->I32();
  std::vector<NNRT_HalExtension> extensions(Capped(in->U8(), kFuzzMaxExtensions));
  for (NNRT_HalExtension& e : extensions) {
    e.key = Str(in->ShortString(), false);
    std::vector<uint8_t> value = in->Bytes(in->U8());
    e.valueSize = static_cast<uint32_t>(value.size());
    e.value = Store(std::move(value));
  }
  config_.extensionCount = static_cast<uint32_t>(extensions.size());
  config_.extensions = Store(std::move(extensions));
}

void DecodedHalModel::Decode(ByteReader* in) {
  const uint8_t flags = in->U8();
  model_.name = Str(in->ShortString(), Bit(flags, 0));
  std::vector<NNRT_HalTensor> tensors(Capped(in->U16(), kFuzzMaxTensors));
  for (NNRT_HalTensor& t : tensors) t = DecodeTensor(in);
  std::vector<NNRT_HalNode> nodes(Capped(in->U16(), kFuzzMaxNodes));
  for (NNRT_HalNode& n : nodes) n = DecodeNode(in);
  model_.inputIndex = Indices(in, false, Bit(flags, 1), &model_.inputCount);
  model_.outputIndex = Indices(in, false, Bit(flags, 2), &model_.outputCount);
  std::vector<NNRT_HalSubGraph> subgraphs(Capped(in->U8(), kFuzzMaxSubGraphs));
  for (NNRT_HalSubGraph& g : subgraphs) g = DecodeSubGraph(in);
  static const NNRT_HalNode kNoNode{};
  static const NNRT_HalTensor kNoTensor{};
  static const NNRT_HalSubGraph kNoSubGraph{};
  model_.nodeCount = static_cast<uint32_t>(nodes.size());
  model_.nodes = nodes.empty() && !Bit(flags, 3) ? &kNoNode : Store(std::move(nodes));
  model_.tensorCount = static_cast<uint32_t>(tensors.size());
  model_.allTensors = tensors.empty() && !Bit(flags, 4) ? &kNoTensor : Store(std::move(tensors));
  model_.subGraphCount = static_cast<uint32_t>(subgraphs.size());
  model_.subGraphs = subgraphs.empty() && !Bit(flags, 5) ? &kNoSubGraph : Store(std::move(subgraphs));
  DecodeConfig(in);
}

// ---- Encoding ------------------------------------------------------------------------------

namespace {

void EncodeIndices(const uint32_t* v, uint32_t n, bool wide, ByteWriter* out) {
  if (wide) {
    out->U16(static_cast<uint16_t>(n));
  } else {
    out->U8(static_cast<uint8_t>(n));
  }
  for (uint32_t i = 0; i < n; ++i) out->U32(v[i]);
}

void EncodeTensor(const NNRT_HalTensor& t, ByteWriter* out) {
  out->U8(0);
  out->ShortString(t.name != nullptr ? t.name : "");
  out->I32(t.dataType);
  out->U8(static_cast<uint8_t>(t.dimCount));
  for (uint32_t i = 0; i < t.dimCount; ++i) out->I32(t.dims[i]);
  out->I32(t.format);
  out->U32(0);  // the data is copied to offset 0
  out->U32(t.data.dataSize);
  if (t.data.dataSize > 0) out->Bytes(static_cast<const uint8_t*>(t.data.hostAddress) + t.data.offset, t.data.dataSize);
  out->U8(0);
  out->U8(static_cast<uint8_t>(t.quantParamCount));
  for (uint32_t i = 0; i < t.quantParamCount; ++i) {
    out->I32(t.quantParams[i].numBits);
    out->I32(t.quantParams[i].zeroPoint);
    out->F64(t.quantParams[i].scale);
  }
}

void EncodeNode(const NNRT_HalNode& n, ByteWriter* out) {
  out->U8(0);
  out->ShortString(n.name != nullptr ? n.name : "");
  out->U32(n.nodeType);
  out->U8(static_cast<uint8_t>(n.attrCount));
  for (uint32_t i = 0; i < n.attrCount; ++i) {
    const NNRT_HalAttr& a = n.attrs[i];
    out->U8(0);
    out->ShortString(a.name != nullptr ? a.name : "");
    out->I32(a.type);
    out->U16(static_cast<uint16_t>(a.count));
    if (a.count > 0) out->Bytes(a.data, size_t{a.count} * AttrElementSize(a.type));
  }
  EncodeIndices(n.inputIndex, n.inputCount, false, out);
  EncodeIndices(n.outputIndex, n.outputCount, false, out);
  out->I32(n.quantType);
}

}  // namespace

void EncodeHalModel(const NNRT_HalModel& model, const NNRT_HalModelConfig& config, ByteWriter* out) {
  out->U8(0);
  out->ShortString(model.name != nullptr ? model.name : "");
  out->U16(static_cast<uint16_t>(model.tensorCount));
  for (uint32_t i = 0; i < model.tensorCount; ++i) EncodeTensor(model.allTensors[i], out);
  out->U16(static_cast<uint16_t>(model.nodeCount));
  for (uint32_t i = 0; i < model.nodeCount; ++i) EncodeNode(model.nodes[i], out);
  EncodeIndices(model.inputIndex, model.inputCount, false, out);
  EncodeIndices(model.outputIndex, model.outputCount, false, out);
  out->U8(static_cast<uint8_t>(model.subGraphCount));
  for (uint32_t i = 0; i < model.subGraphCount; ++i) {
    const NNRT_HalSubGraph& g = model.subGraphs[i];
    out->U8(0);
    out->ShortString(g.name != nullptr ? g.name : "");
    EncodeIndices(g.inputIndices, g.inputCount, false, out);
    EncodeIndices(g.outputIndices, g.outputCount, false, out);
    EncodeIndices(g.nodeIndices, g.nodeCount, true, out);
  }
  out->U8(config.enableFloat16 ? 1 : 0);
  out->I32(config.mode);
  out->I32(config.priority);
  out->U8(static_cast<uint8_t>(config.extensionCount));
  for (uint32_t i = 0; i < config.extensionCount; ++i) {
    out->ShortString(config.extensions[i].key);
    out->U8(static_cast<uint8_t>(config.extensions[i].valueSize));
    out->Bytes(config.extensions[i].value, config.extensions[i].valueSize);
  }
}

}  // namespace fuzz
}  // namespace nnrt
