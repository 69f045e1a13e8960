#include "reference/hal/hal_model_view.h"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>

namespace nnrt {

namespace {

constexpr size_t kConstantAlignment = 8;  // every constant starts 8-byte aligned

size_t AlignUp(size_t n) { return (n + kConstantAlignment - 1) / kConstantAlignment * kConstantAlignment; }

}  // namespace

// ---- IR -> C view ------------------------------------------------------------

Status HalModelView::Build(const Model& model, const HalViewOptions& options, std::unique_ptr<HalModelView>* view) {
  if (view == nullptr) return Status(NNRT_NULL_PTR, "HalModelView::Build: view is NULL");
  view->reset();
  std::unique_ptr<HalModelView> v(new HalModelView());
  v->model_ = model;
  size_t total = 0;
  v->data_offsets_.resize(model.tensors.size(), 0);
  for (size_t i = 0; i < model.tensors.size(); ++i) {
    const size_t size = model.tensors[i].data.size();
    if (size > UINT32_MAX || total > UINT32_MAX - AlignUp(size)) {
      return Status(NNRT_INVALID_MODEL, "constant data exceeds the 4 GiB a NNRT_HalBuffer can describe");
    }
    v->data_offsets_[i] = total;
    total += AlignUp(size);
  }
  NNRT_RETURN_IF_ERROR(v->AllocateConstants(total, options.constants_in_memfd));
  v->FillTensors();
  v->FillNodes();
  v->FillSubGraphs();
  NNRT_HalModel& c = v->c_model_;
  const Model& m = v->model_;
  c.name = m.name.c_str();
  c.inputIndex = m.inputs.data();
  c.inputCount = static_cast<uint32_t>(m.inputs.size());
  c.outputIndex = m.outputs.data();
  c.outputCount = static_cast<uint32_t>(m.outputs.size());
  c.nodes = v->nodes_.data();
  c.nodeCount = static_cast<uint32_t>(v->nodes_.size());
  c.allTensors = v->tensors_.data();
  c.tensorCount = static_cast<uint32_t>(v->tensors_.size());
  c.subGraphs = v->subgraphs_.data();
  c.subGraphCount = static_cast<uint32_t>(v->subgraphs_.size());
  *view = std::move(v);
  return Status::Ok();
}

HalModelView::~HalModelView() {
  if (fd_ >= 0) {
    if (constants_ != nullptr) munmap(constants_, constants_size_);
    close(fd_);
  }
}

Status HalModelView::AllocateConstants(size_t total, bool use_memfd) {
  constants_size_ = total;
  if (total == 0) return Status::Ok();
  if (!use_memfd) {
    constants_memory_.assign(total, 0);
    constants_ = constants_memory_.data();
  } else {
    fd_ = memfd_create("nnrt-model-constants", MFD_CLOEXEC);
    if (fd_ < 0) return Status(NNRT_MEMORY_ERROR, std::string("memfd_create failed: ") + std::strerror(errno));
    if (ftruncate(fd_, static_cast<off_t>(total)) != 0) {
      return Status(NNRT_MEMORY_ERROR, std::string("ftruncate of the constants memfd failed: ") + std::strerror(errno));
    }
    void* p = mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0);
    if (p == MAP_FAILED) return Status(NNRT_MEMORY_ERROR, std::string("mmap failed: ") + std::strerror(errno));
    constants_ = static_cast<uint8_t*>(p);
  }
  for (size_t i = 0; i < model_.tensors.size(); ++i) {
    const std::vector<uint8_t>& d = model_.tensors[i].data;
    if (!d.empty()) std::memcpy(constants_ + data_offsets_[i], d.data(), d.size());
  }
  return Status::Ok();
}

void HalModelView::FillTensors() {
  quant_.resize(model_.tensors.size());
  tensors_.resize(model_.tensors.size());
  for (size_t i = 0; i < model_.tensors.size(); ++i) {
    const Tensor& t = model_.tensors[i];
    for (const QuantParam& q : t.quant_params) quant_[i].push_back({q.num_bits, q.zero_point, q.scale});
    NNRT_HalTensor& c = tensors_[i];
    c.name = t.name.c_str();
    c.dataType = static_cast<int32_t>(t.data_type);
    c.dims = t.dims.data();
    c.dimCount = static_cast<uint32_t>(t.dims.size());
    c.format = static_cast<int32_t>(t.format);
    c.data.fd = fd_;
    c.data.bufferSize = static_cast<uint32_t>(constants_size_);
    c.data.offset = t.data.empty() ? 0 : static_cast<uint32_t>(data_offsets_[i]);
    c.data.dataSize = static_cast<uint32_t>(t.data.size());
    c.data.hostAddress = constants_;
    c.quantParams = quant_[i].empty() ? nullptr : quant_[i].data();
    c.quantParamCount = static_cast<uint32_t>(quant_[i].size());
  }
}

void HalModelView::FillNodes() {
  size_t attr_total = 0;
  for (const Node& n : model_.nodes) attr_total += n.attrs.size();
  attr_bytes_.reserve(attr_total);  // element addresses must not move
  attrs_.resize(model_.nodes.size());
  nodes_.resize(model_.nodes.size());
  for (size_t i = 0; i < model_.nodes.size(); ++i) {
    const Node& n = model_.nodes[i];
    for (const Attr& a : n.attrs) {
      NNRT_HalAttr c{};
      c.name = a.name.c_str();
      c.type = static_cast<int32_t>(a.type);
      switch (a.type) {
        case AttrType::kBool:
        case AttrType::kInt8: {
          // HAL bool / int8 payloads are one byte per element.
          std::vector<uint8_t> bytes;
          for (int64_t v : a.ints) bytes.push_back(static_cast<uint8_t>(v));
          attr_bytes_.push_back(std::move(bytes));
          c.count = static_cast<uint32_t>(a.ints.size());
          c.data = attr_bytes_.back().empty() ? nullptr : attr_bytes_.back().data();
          break;
        }
        case AttrType::kInt64:
          c.count = static_cast<uint32_t>(a.ints.size());
          c.data = a.ints.empty() ? nullptr : a.ints.data();
          break;
        case AttrType::kFloat32:
          c.count = static_cast<uint32_t>(a.floats.size());
          c.data = a.floats.empty() ? nullptr : a.floats.data();
          break;
        case AttrType::kString:
          c.count = static_cast<uint32_t>(a.str.size());
          c.data = a.str.empty() ? nullptr : a.str.data();
          break;
        default:  // an out-of-range type travels as is, without data
          c.count = 0;
          c.data = nullptr;
          break;
      }
      attrs_[i].push_back(c);
    }
    NNRT_HalNode& c = nodes_[i];
    c.name = n.name.c_str();
    c.nodeType = static_cast<uint32_t>(n.type);
    c.attrs = attrs_[i].empty() ? nullptr : attrs_[i].data();
    c.attrCount = static_cast<uint32_t>(attrs_[i].size());
    c.inputIndex = n.inputs.data();
    c.inputCount = static_cast<uint32_t>(n.inputs.size());
    c.outputIndex = n.outputs.data();
    c.outputCount = static_cast<uint32_t>(n.outputs.size());
    c.quantType = static_cast<int32_t>(n.quant_type);
  }
}

void HalModelView::FillSubGraphs() {
  subgraphs_.resize(model_.subgraphs.size());
  for (size_t i = 0; i < model_.subgraphs.size(); ++i) {
    const SubGraph& g = model_.subgraphs[i];
    NNRT_HalSubGraph& c = subgraphs_[i];
    c.name = g.name.c_str();
    c.inputIndices = g.inputs.data();
    c.inputCount = static_cast<uint32_t>(g.inputs.size());
    c.outputIndices = g.outputs.data();
    c.outputCount = static_cast<uint32_t>(g.outputs.size());
    c.nodeIndices = g.nodes.data();
    c.nodeCount = static_cast<uint32_t>(g.nodes.size());
  }
}

HalModelConfigView::HalModelConfigView(const ModelConfig& config) : config_(config) {
  for (const auto& kv : config_.extensions) {
    extensions_.push_back({kv.first.c_str(), kv.second.empty() ? nullptr : kv.second.data(),
                           static_cast<uint32_t>(kv.second.size())});
  }
  c_config_.enableFloat16 = config_.enable_float16;
  c_config_.mode = config_.performance_mode;
  c_config_.priority = config_.priority;
  c_config_.extensions = extensions_.empty() ? nullptr : extensions_.data();
  c_config_.extensionCount = static_cast<uint32_t>(extensions_.size());
}

// ---- C view -> IR --------------------------------------------------------------

Status ReadHalString(const char* s, bool allow_null, const std::string& what, std::string* out) {
  if (s == nullptr) {
    if (!allow_null) return InvalidModel(what + " is NULL");
    out->clear();
    return Status::Ok();
  }
  const size_t n = strnlen(s, kHalMaxStringLength + 1);
  if (n > kHalMaxStringLength) {
    return InvalidModel(what + " is longer than " + std::to_string(kHalMaxStringLength) + " characters");
  }
  out->assign(s, n);
  return Status::Ok();
}

namespace {

// An index list: NULL is allowed only with count 0 (C-21).
Status ReadIndices(const uint32_t* p, uint32_t count, uint32_t cap, const std::string& what,
                   std::vector<uint32_t>* out) {
  if (count > cap) return InvalidModel(what + ": count " + std::to_string(count) + " exceeds " + std::to_string(cap));
  if (count > 0 && p == nullptr) return InvalidModel(what + " is NULL but its count is " + std::to_string(count));
  out->assign(p, p + count);
  return Status::Ok();
}

Status ReadAttr(const NNRT_HalAttr& c, const std::string& where, Attr* a) {
  NNRT_RETURN_IF_ERROR(ReadHalString(c.name, false, where + " name", &a->name));
  const std::string what = where + " '" + a->name + "'";
  if (c.type < NNRT_ATTR_BOOL || c.type > NNRT_ATTR_STRING) {
    return InvalidModel(what + ": invalid attribute type " + std::to_string(c.type));
  }
  if (c.count > kHalMaxAttrElements) {
    return InvalidModel(what + ": count " + std::to_string(c.count) + " exceeds " + std::to_string(kHalMaxAttrElements));
  }
  if (c.count > 0 && c.data == nullptr) return InvalidModel(what + ": data is NULL but count is " + std::to_string(c.count));
  a->type = static_cast<AttrType>(c.type);
  a->ints.clear();
  a->floats.clear();
  a->str.clear();
  switch (a->type) {
    case AttrType::kBool: {
      // Read bytes, not bool: a byte other than 0/1 would be UB as a bool.
      const uint8_t* b = static_cast<const uint8_t*>(c.data);
      for (uint32_t i = 0; i < c.count; ++i) {
        if (b[i] > 1) return InvalidModel(what + ": bool element " + std::to_string(i) + " holds byte " + std::to_string(b[i]));
        a->ints.push_back(b[i]);
      }
      break;
    }
    case AttrType::kInt8: {
      const int8_t* b = static_cast<const int8_t*>(c.data);
      a->ints.assign(b, b + c.count);
      break;
    }
    case AttrType::kInt64: {
      const int64_t* b = static_cast<const int64_t*>(c.data);
      a->ints.assign(b, b + c.count);
      break;
    }
    case AttrType::kFloat32: {
      const float* b = static_cast<const float*>(c.data);
      a->floats.assign(b, b + c.count);
      break;
    }
    case AttrType::kString: {
      const char* b = static_cast<const char*>(c.data);
      a->str.assign(b, b + c.count);
      break;
    }
  }
  return Status::Ok();
}

Status ReadTensor(const NNRT_HalTensor& c, uint32_t index, Tensor* t) {
  const std::string where = "tensor " + std::to_string(index);
  NNRT_RETURN_IF_ERROR(ReadHalString(c.name, true, where + " name", &t->name));
  const std::string what = where + (t->name.empty() ? "" : " '" + t->name + "'");
  if (!IsValidDataType(c.dataType)) return InvalidModel(what + ": invalid data type " + std::to_string(c.dataType));
  t->data_type = static_cast<DataType>(c.dataType);
  if (c.format != NNRT_FORMAT_NONE && c.format != NNRT_FORMAT_NCHW && c.format != NNRT_FORMAT_NHWC) {
    return InvalidModel(what + ": invalid format " + std::to_string(c.format));
  }
  t->format = static_cast<Format>(c.format);
  if (c.dimCount > NNRT_HAL_MAX_RANK) {
    return InvalidModel(what + ": rank " + std::to_string(c.dimCount) + " exceeds " + std::to_string(NNRT_HAL_MAX_RANK));
  }
  if (c.dimCount > 0 && c.dims == nullptr) return InvalidModel(what + ": dims is NULL but dimCount is " + std::to_string(c.dimCount));
  t->dims.assign(c.dims, c.dims + c.dimCount);
  if (c.quantParamCount > kHalMaxQuantParams) {
    return InvalidModel(what + ": " + std::to_string(c.quantParamCount) + " quant params exceed " + std::to_string(kHalMaxQuantParams));
  }
  if (c.quantParamCount > 0 && c.quantParams == nullptr) return InvalidModel(what + ": quantParams is NULL but its count is not 0");
  t->quant_params.clear();
  for (uint32_t q = 0; q < c.quantParamCount; ++q) {
    t->quant_params.push_back({c.quantParams[q].numBits, c.quantParams[q].zeroPoint, c.quantParams[q].scale});
  }
  t->data.clear();
  if (c.data.dataSize > 0) {
    HalBufferAccess access;
    NNRT_RETURN_IF_ERROR(access.Open(c.data, false, NNRT_INVALID_MODEL, what + " data"));
    t->data.assign(access.data(), access.data() + access.size());
  }
  return Status::Ok();
}

Status ReadNode(const NNRT_HalNode& c, uint32_t index, Node* n) {
  const std::string where = "node " + std::to_string(index);
  NNRT_RETURN_IF_ERROR(ReadHalString(c.name, true, where + " name", &n->name));
  const std::string what = where + (n->name.empty() ? "" : " '" + n->name + "'");
  if (!IsValidNodeType(c.nodeType)) return InvalidModel(what + ": invalid node type " + std::to_string(c.nodeType));
  n->type = static_cast<NodeType>(c.nodeType);
  if (c.quantType != NNRT_QUANT_TYPE_NONE && c.quantType != NNRT_QUANT_TYPE_ALL) {
    return InvalidModel(what + ": invalid quant type " + std::to_string(c.quantType));
  }
  n->quant_type = static_cast<QuantType>(c.quantType);
  if (c.attrCount > kHalMaxAttrs) return InvalidModel(what + ": " + std::to_string(c.attrCount) + " attributes exceed " + std::to_string(kHalMaxAttrs));
  if (c.attrCount > 0 && c.attrs == nullptr) return InvalidModel(what + ": attrs is NULL but attrCount is " + std::to_string(c.attrCount));
  n->attrs.assign(c.attrCount, Attr());
  for (uint32_t a = 0; a < c.attrCount; ++a) {
    NNRT_RETURN_IF_ERROR(ReadAttr(c.attrs[a], what + ": attribute " + std::to_string(a), &n->attrs[a]));
  }
  NNRT_RETURN_IF_ERROR(ReadIndices(c.inputIndex, c.inputCount, kHalMaxNodeIo, what + " inputIndex", &n->inputs));
  return ReadIndices(c.outputIndex, c.outputCount, kHalMaxNodeIo, what + " outputIndex", &n->outputs);
}

Status ReadSubGraph(const NNRT_HalSubGraph& c, uint32_t index, SubGraph* g) {
  const std::string what = "subgraph " + std::to_string(index);
  NNRT_RETURN_IF_ERROR(ReadHalString(c.name, true, what + " name", &g->name));
  NNRT_RETURN_IF_ERROR(ReadIndices(c.inputIndices, c.inputCount, kHalMaxSubGraphs, what + " inputIndices", &g->inputs));
  NNRT_RETURN_IF_ERROR(ReadIndices(c.outputIndices, c.outputCount, kHalMaxSubGraphs, what + " outputIndices", &g->outputs));
  return ReadIndices(c.nodeIndices, c.nodeCount, kHalMaxNodes, what + " nodeIndices", &g->nodes);
}

}  // namespace

Status ModelFromHal(const NNRT_HalModel* c, Model* out) {
  if (c == nullptr) return Status(NNRT_NULL_PTR, "model is NULL");
  if (out == nullptr) return Status(NNRT_NULL_PTR, "output model is NULL");
  Model m;
  NNRT_RETURN_IF_ERROR(ReadHalString(c->name, true, "model name", &m.name));
  NNRT_RETURN_IF_ERROR(ReadIndices(c->inputIndex, c->inputCount, kHalMaxNodeIo, "model inputIndex", &m.inputs));
  NNRT_RETURN_IF_ERROR(ReadIndices(c->outputIndex, c->outputCount, kHalMaxNodeIo, "model outputIndex", &m.outputs));
  if (c->tensorCount > kHalMaxTensors) return InvalidModel("tensorCount " + std::to_string(c->tensorCount) + " exceeds " + std::to_string(kHalMaxTensors));
  if (c->tensorCount > 0 && c->allTensors == nullptr) return InvalidModel("allTensors is NULL but tensorCount is " + std::to_string(c->tensorCount));
  if (c->nodeCount > kHalMaxNodes) return InvalidModel("nodeCount " + std::to_string(c->nodeCount) + " exceeds " + std::to_string(kHalMaxNodes));
  if (c->nodeCount > 0 && c->nodes == nullptr) return InvalidModel("nodes is NULL but nodeCount is " + std::to_string(c->nodeCount));
  if (c->subGraphCount > kHalMaxSubGraphs) return InvalidModel("subGraphCount " + std::to_string(c->subGraphCount) + " exceeds " + std::to_string(kHalMaxSubGraphs));
  if (c->subGraphCount > 0 && c->subGraphs == nullptr) return InvalidModel("subGraphs is NULL but subGraphCount is " + std::to_string(c->subGraphCount));
  m.tensors.resize(c->tensorCount);
  for (uint32_t i = 0; i < c->tensorCount; ++i) NNRT_RETURN_IF_ERROR(ReadTensor(c->allTensors[i], i, &m.tensors[i]));
  m.nodes.resize(c->nodeCount);
  for (uint32_t i = 0; i < c->nodeCount; ++i) NNRT_RETURN_IF_ERROR(ReadNode(c->nodes[i], i, &m.nodes[i]));
  m.subgraphs.resize(c->subGraphCount);
  for (uint32_t i = 0; i < c->subGraphCount; ++i) NNRT_RETURN_IF_ERROR(ReadSubGraph(c->subGraphs[i], i, &m.subgraphs[i]));
  *out = std::move(m);
  return Status::Ok();
}

Status ModelConfigFromHal(const NNRT_HalModelConfig* c, ModelConfig* out) {
  if (c == nullptr) return Status(NNRT_NULL_PTR, "model config is NULL");
  if (out == nullptr) return Status(NNRT_NULL_PTR, "output model config is NULL");
  ModelConfig config;
  // Read the byte, not the bool: a value other than 0/1 is rejected, not UB.
  uint8_t fp16_byte = 0;
  std::memcpy(&fp16_byte, &c->enableFloat16, 1);
  if (fp16_byte > 1) return InvalidParameter("config.enableFloat16 holds byte " + std::to_string(fp16_byte));
  config.enable_float16 = fp16_byte != 0;
  config.performance_mode = c->mode;
  config.priority = c->priority;
  if (c->extensionCount > kHalMaxExtensions) {
    return InvalidParameter("config.extensionCount " + std::to_string(c->extensionCount) + " exceeds " + std::to_string(kHalMaxExtensions));
  }
  if (c->extensionCount > 0 && c->extensions == nullptr) return InvalidParameter("config.extensions is NULL but extensionCount is not 0");
  for (uint32_t i = 0; i < c->extensionCount; ++i) {
    const NNRT_HalExtension& e = c->extensions[i];
    std::string key;
    Status s = ReadHalString(e.key, false, "config extension " + std::to_string(i) + " key", &key);
    if (!s.ok()) return InvalidParameter(s.message());
    if (e.valueSize > kHalMaxAttrElements) return InvalidParameter("config extension '" + key + "' is too large");
    if (e.valueSize > 0 && e.value == nullptr) return InvalidParameter("config extension '" + key + "' value is NULL but valueSize is not 0");
    if (config.extensions.count(key) != 0) return InvalidParameter("config extension '" + key + "' given twice");
    config.extensions[key].assign(e.value, e.value + e.valueSize);
  }
  *out = std::move(config);
  return Status::Ok();
}

Status ValidateModelConfigValues(const ModelConfig& config) {
  if (config.performance_mode < NNRT_PERFORMANCE_NONE || config.performance_mode > NNRT_PERFORMANCE_EXTREME) {
    return Status(NNRT_INVALID_PERFORMANCE_MODE,
                  "performance mode " + std::to_string(config.performance_mode) + " is not an HDI PerformanceMode (0..4)");
  }
  if (config.priority < NNRT_PRIORITY_NONE || config.priority > NNRT_PRIORITY_HIGH) {
    return Status(NNRT_INVALID_PRIORITY, "priority " + std::to_string(config.priority) + " is not an HDI Priority (0..3)");
  }
  return Status::Ok();
}

// ---- Buffer access -------------------------------------------------------------

HalBufferAccess::~HalBufferAccess() {
  if (mapping_ != nullptr) munmap(mapping_, mapping_size_);
}

Status HalBufferAccess::Open(const NNRT_HalBuffer& b, bool writable, NNRT_ReturnCode error_code, const std::string& what) {
  if (static_cast<uint64_t>(b.offset) + b.dataSize > b.bufferSize) {
    return Status(error_code, what + ": offset " + std::to_string(b.offset) + " + dataSize " + std::to_string(b.dataSize) +
                                  " exceeds bufferSize " + std::to_string(b.bufferSize));
  }
  size_ = b.dataSize;
  if (b.hostAddress != nullptr) {
    data_ = static_cast<uint8_t*>(b.hostAddress) + b.offset;
    return Status::Ok();
  }
  if (b.fd < 0) return Status(error_code, what + ": neither hostAddress nor fd is set");
  if (b.bufferSize == 0) {
    data_ = nullptr;
    return Status::Ok();
  }
  // The fd must really hold bufferSize bytes: mapping past its end would
  // fault on access. fstat, not lseek: the caller's file offset is not ours to move.
  struct stat st;
  if (fstat(b.fd, &st) != 0 || st.st_size < 0 || static_cast<uint64_t>(st.st_size) < b.bufferSize) {
    return Status(error_code, what + ": fd " + std::to_string(b.fd) + " is not a buffer of at least " +
                                  std::to_string(b.bufferSize) + " bytes");
  }
  void* p = mmap(nullptr, b.bufferSize, writable ? (PROT_READ | PROT_WRITE) : PROT_READ, MAP_SHARED, b.fd, 0);
  if (p == MAP_FAILED) return Status(error_code, what + ": mmap of fd " + std::to_string(b.fd) + " failed: " + std::strerror(errno));
  mapping_ = p;
  mapping_size_ = b.bufferSize;
  data_ = static_cast<uint8_t*>(p) + b.offset;
  return Status::Ok();
}

}  // namespace nnrt
