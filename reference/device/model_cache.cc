#include "reference/device/model_cache.h"

#include <cstring>
#include <string>

namespace nnrt {

namespace {

constexpr char kMagic[8] = {'N', 'N', 'R', 'T', 'R', 'F', 'C', '\0'};

// Little-endian writer. The host is little-endian x86-64/aarch64; the byte
// order is still spelled out so the format does not depend on it.
class Writer {
 public:
  void U8(uint8_t v) { out_.push_back(v); }
  void U32(uint32_t v) {
    for (int i = 0; i < 4; ++i) out_.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  void U64(uint64_t v) {
    for (int i = 0; i < 8; ++i) out_.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  void I32(int32_t v) { U32(static_cast<uint32_t>(v)); }
  void I64(int64_t v) { U64(static_cast<uint64_t>(v)); }
  void F64(double v) {
    uint64_t bits;
    std::memcpy(&bits, &v, 8);
    U64(bits);
  }
  void F32(float v) {
    uint32_t bits;
    std::memcpy(&bits, &v, 4);
    U32(bits);
  }
  void Bytes(const void* p, size_t n) {
    U32(static_cast<uint32_t>(n));
    const uint8_t* b = static_cast<const uint8_t*>(p);
    out_.insert(out_.end(), b, b + n);
  }
  void Str(const std::string& s) { Bytes(s.data(), s.size()); }
  void Indices(const std::vector<uint32_t>& v) {
    U32(static_cast<uint32_t>(v.size()));
    for (uint32_t x : v) U32(x);
  }
  std::vector<uint8_t>& out() { return out_; }

 private:
  std::vector<uint8_t> out_;
};

// Bounds-checked reader: every read checks the remaining length first, and
// every count is checked against the bytes left before anything is allocated.
class Reader {
 public:
  Reader(const uint8_t* p, size_t n) : p_(p), n_(n) {}
  bool U8(uint8_t* v) {
    if (n_ - pos_ < 1) return false;
    *v = p_[pos_++];
    return true;
  }
  bool U32(uint32_t* v) {
    if (n_ - pos_ < 4) return false;
    *v = 0;
    for (int i = 0; i < 4; ++i) *v |= static_cast<uint32_t>(p_[pos_ + i]) << (8 * i);
    pos_ += 4;
    return true;
  }
  bool U64(uint64_t* v) {
    if (n_ - pos_ < 8) return false;
    *v = 0;
    for (int i = 0; i < 8; ++i) *v |= static_cast<uint64_t>(p_[pos_ + i]) << (8 * i);
    pos_ += 8;
    return true;
  }
  bool I32(int32_t* v) {
    uint32_t u;
    if (!U32(&u)) return false;
    *v = static_cast<int32_t>(u);
    return true;
  }
  bool I64(int64_t* v) {
    uint64_t u;
    if (!U64(&u)) return false;
    *v = static_cast<int64_t>(u);
    return true;
  }
  bool F64(double* v) {
    uint64_t u;
    if (!U64(&u)) return false;
    std::memcpy(v, &u, 8);
    return true;
  }
  bool F32(float* v) {
    uint32_t u;
    if (!U32(&u)) return false;
    std::memcpy(v, &u, 4);
    return true;
  }
  // A count of elements of at least `min_element_bytes` each.
  bool Count(uint32_t* count, size_t min_element_bytes) {
    if (!U32(count)) return false;
    return static_cast<uint64_t>(*count) * min_element_bytes <= n_ - pos_;
  }
  bool Bytes(std::vector<uint8_t>* v) {
    uint32_t n;
    if (!Count(&n, 1)) return false;
    v->assign(p_ + pos_, p_ + pos_ + n);
    pos_ += n;
    return true;
  }
  bool Str(std::string* s) {
    uint32_t n;
    if (!Count(&n, 1)) return false;
    s->assign(reinterpret_cast<const char*>(p_ + pos_), n);
    pos_ += n;
    return true;
  }
  bool Indices(std::vector<uint32_t>* v) {
    uint32_t n;
    if (!Count(&n, 4)) return false;
    v->resize(n);
    for (uint32_t i = 0; i < n; ++i) U32(&(*v)[i]);
    return true;
  }
  bool AtEnd() const { return pos_ == n_; }

 private:
  const uint8_t* p_;
  size_t n_;
  size_t pos_ = 0;
};

void WriteConfig(const ModelConfig& c, Writer* w) {
  w->U8(c.enable_float16 ? 1 : 0);
  w->I32(c.performance_mode);
  w->I32(c.priority);
  w->U32(static_cast<uint32_t>(c.extensions.size()));
  for (const auto& kv : c.extensions) {
    w->Str(kv.first);
    w->Bytes(kv.second.data(), kv.second.size());
  }
}

void WriteAttr(const Attr& a, Writer* w) {
  w->Str(a.name);
  w->I32(static_cast<int32_t>(a.type));
  w->U32(static_cast<uint32_t>(a.ints.size()));
  for (int64_t v : a.ints) w->I64(v);
  w->U32(static_cast<uint32_t>(a.floats.size()));
  for (float v : a.floats) w->F32(v);
  w->Str(a.str);
}

void WriteModel(const Model& m, Writer* w) {
  w->Str(m.name);
  w->Indices(m.inputs);
  w->Indices(m.outputs);
  w->U32(static_cast<uint32_t>(m.tensors.size()));
  for (const Tensor& t : m.tensors) {
    w->Str(t.name);
    w->I32(static_cast<int32_t>(t.data_type));
    w->U32(static_cast<uint32_t>(t.dims.size()));
    for (int32_t d : t.dims) w->I32(d);
    w->I32(static_cast<int32_t>(t.format));
    w->Bytes(t.data.data(), t.data.size());
    w->U32(static_cast<uint32_t>(t.quant_params.size()));
    for (const QuantParam& q : t.quant_params) {
      w->I32(q.num_bits);
      w->I32(q.zero_point);
      w->F64(q.scale);
    }
  }
  w->U32(static_cast<uint32_t>(m.nodes.size()));
  for (const Node& n : m.nodes) {
    w->Str(n.name);
    w->U32(static_cast<uint32_t>(n.type));
    w->I32(static_cast<int32_t>(n.quant_type));
    w->U32(static_cast<uint32_t>(n.attrs.size()));
    for (const Attr& a : n.attrs) WriteAttr(a, w);
    w->Indices(n.inputs);
    w->Indices(n.outputs);
  }
  w->U32(static_cast<uint32_t>(m.subgraphs.size()));
  for (const SubGraph& g : m.subgraphs) {
    w->Str(g.name);
    w->Indices(g.inputs);
    w->Indices(g.outputs);
    w->Indices(g.nodes);
  }
}

bool ReadConfig(Reader* r, ModelConfig* c) {
  uint8_t fp16;
  uint32_t n;
  if (!r->U8(&fp16) || fp16 > 1 || !r->I32(&c->performance_mode) || !r->I32(&c->priority) || !r->Count(&n, 8)) return false;
  c->enable_float16 = fp16 != 0;
  for (uint32_t i = 0; i < n; ++i) {
    std::string key;
    std::vector<uint8_t> value;
    if (!r->Str(&key) || !r->Bytes(&value)) return false;
    c->extensions[key] = std::move(value);
  }
  return true;
}

bool ReadAttr(Reader* r, Attr* a) {
  int32_t type;
  uint32_t n;
  if (!r->Str(&a->name) || !r->I32(&type) || !r->Count(&n, 8)) return false;
  a->type = static_cast<AttrType>(type);
  a->ints.resize(n);
  for (uint32_t i = 0; i < n; ++i) r->I64(&a->ints[i]);
  if (!r->Count(&n, 4)) return false;
  a->floats.resize(n);
  for (uint32_t i = 0; i < n; ++i) r->F32(&a->floats[i]);
  return r->Str(&a->str);
}

bool ReadTensor(Reader* r, Tensor* t) {
  int32_t dtype, format;
  uint32_t rank, nq;
  if (!r->Str(&t->name) || !r->I32(&dtype) || !r->Count(&rank, 4)) return false;
  t->data_type = static_cast<DataType>(dtype);
  t->dims.resize(rank);
  for (uint32_t i = 0; i < rank; ++i) r->I32(&t->dims[i]);
  if (!r->I32(&format) || !r->Bytes(&t->data) || !r->Count(&nq, 16)) return false;
  t->format = static_cast<Format>(format);
  t->quant_params.resize(nq);
  for (QuantParam& q : t->quant_params) {
    if (!r->I32(&q.num_bits) || !r->I32(&q.zero_point) || !r->F64(&q.scale)) return false;
  }
  return true;
}

bool ReadNode(Reader* r, Node* n) {
  uint32_t type, na;
  int32_t quant;
  if (!r->Str(&n->name) || !r->U32(&type) || !r->I32(&quant) || !r->Count(&na, 20)) return false;
  n->type = static_cast<NodeType>(type);
  n->quant_type = static_cast<QuantType>(quant);
  n->attrs.resize(na);
  for (Attr& a : n->attrs) {
    if (!ReadAttr(r, &a)) return false;
  }
  return r->Indices(&n->inputs) && r->Indices(&n->outputs);
}

bool ReadModel(Reader* r, Model* m) {
  uint32_t n;
  if (!r->Str(&m->name) || !r->Indices(&m->inputs) || !r->Indices(&m->outputs) || !r->Count(&n, 28)) return false;
  m->tensors.resize(n);
  for (Tensor& t : m->tensors) {
    if (!ReadTensor(r, &t)) return false;
  }
  if (!r->Count(&n, 24)) return false;
  m->nodes.resize(n);
  for (Node& node : m->nodes) {
    if (!ReadNode(r, &node)) return false;
  }
  if (!r->Count(&n, 16)) return false;
  m->subgraphs.resize(n);
  for (SubGraph& g : m->subgraphs) {
    if (!r->Str(&g.name) || !r->Indices(&g.inputs) || !r->Indices(&g.outputs) || !r->Indices(&g.nodes)) return false;
  }
  return true;
}

Status CacheError(const std::string& why) { return Status(NNRT_INVALID_MODEL_CACHE, "model cache rejected: " + why); }

}  // namespace

uint64_t Fnv1a64(const uint8_t* data, size_t size) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < size; ++i) {
    h ^= data[i];
    h *= 0x100000001b3ull;
  }
  return h;
}

bool HasModelCacheHeader(const uint8_t* data, size_t size) {
  return data != nullptr && size >= kModelCacheHeaderSize && std::memcmp(data, kMagic, sizeof(kMagic)) == 0;
}

void SetModelCacheFormatVersion(std::vector<uint8_t>* cache, uint32_t version) {
  constexpr size_t kVersionOffset = sizeof(kMagic);
  if (cache->size() < kVersionOffset + 4) return;
  for (size_t k = 0; k < 4; ++k) (*cache)[kVersionOffset + k] = static_cast<uint8_t>(version >> (8 * k));
}

std::vector<uint8_t> SerializeModelCache(const Model& model, const ModelConfig& config) {
  Writer payload;
  WriteConfig(config, &payload);
  WriteModel(model, &payload);
  const std::vector<uint8_t>& p = payload.out();
  Writer w;
  for (char c : kMagic) w.U8(static_cast<uint8_t>(c));
  w.U32(kModelCacheFormatVersion);
  w.U32(NNRT_HAL_ABI_VERSION);
  w.U64(p.size());
  w.U64(Fnv1a64(p.data(), p.size()));
  std::vector<uint8_t> out = std::move(w.out());
  out.insert(out.end(), p.begin(), p.end());
  return out;
}

Status ParseModelCache(const uint8_t* data, size_t size, Model* model, ModelConfig* config) {
  if (data == nullptr && size > 0) return CacheError("data is NULL");
  if (size < kModelCacheHeaderSize) {
    return CacheError("it has " + std::to_string(size) + " bytes, less than the " + std::to_string(kModelCacheHeaderSize) + "-byte header");
  }
  if (std::memcmp(data, kMagic, sizeof(kMagic)) != 0) return CacheError("wrong magic (not a reference device cache)");
  Reader header(data + sizeof(kMagic), kModelCacheHeaderSize - sizeof(kMagic));
  uint32_t version = 0, abi = 0;
  uint64_t payload_size = 0, checksum = 0;
  header.U32(&version);
  header.U32(&abi);
  header.U64(&payload_size);
  header.U64(&checksum);
  if (version != kModelCacheFormatVersion) {
    return CacheError("format version " + std::to_string(version) + ", this device reads version " +
                      std::to_string(kModelCacheFormatVersion));
  }
  if (abi != NNRT_HAL_ABI_VERSION) {
    return CacheError("written for HAL ABI " + std::to_string(abi) + ", this device speaks " + std::to_string(NNRT_HAL_ABI_VERSION));
  }
  if (payload_size != size - kModelCacheHeaderSize) {
    return CacheError("header announces " + std::to_string(payload_size) + " payload bytes, the buffer holds " +
                      std::to_string(size - kModelCacheHeaderSize) + " (truncated or padded)");
  }
  const uint8_t* payload = data + kModelCacheHeaderSize;
  if (Fnv1a64(payload, payload_size) != checksum) return CacheError("checksum mismatch (corrupted)");
  Reader r(payload, payload_size);
  ModelConfig c;
  Model m;
  if (!ReadConfig(&r, &c) || !ReadModel(&r, &m)) return CacheError("malformed payload");
  if (!r.AtEnd()) return CacheError("trailing bytes after the model");
  *model = std::move(m);
  *config = std::move(c);
  return Status::Ok();
}

}  // namespace nnrt
