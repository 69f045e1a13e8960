#include "reference/ir/ir.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

#include "reference/ir/quant_param_rules.h"

namespace nnrt {

std::string Status::ToString() const {
  if (ok()) return "OK";
  return std::string(ReturnCodeName(code_)) + ": " + message_;
}

const char* ReturnCodeName(NNRT_ReturnCode code) {
  switch (code) {
#define NNRT_CODE_CASE(c) \
  case c: return #c;
    NNRT_CODE_CASE(NNRT_SUCCESS) NNRT_CODE_CASE(NNRT_FAILED) NNRT_CODE_CASE(NNRT_NULL_PTR)
    NNRT_CODE_CASE(NNRT_INVALID_PARAMETER) NNRT_CODE_CASE(NNRT_MEMORY_ERROR) NNRT_CODE_CASE(NNRT_OUT_OF_MEMORY)
    NNRT_CODE_CASE(NNRT_OPERATION_FORBIDDEN) NNRT_CODE_CASE(NNRT_INVALID_FILE) NNRT_CODE_CASE(NNRT_INVALID_PATH)
    NNRT_CODE_CASE(NNRT_INSUFFICIENT_BUFFER) NNRT_CODE_CASE(NNRT_NO_CHANGE) NNRT_CODE_CASE(NNRT_NOT_SUPPORT)
    NNRT_CODE_CASE(NNRT_SERVICE_ERROR) NNRT_CODE_CASE(NNRT_DEVICE_ERROR) NNRT_CODE_CASE(NNRT_DEVICE_BUSY)
    NNRT_CODE_CASE(NNRT_CANCELLED) NNRT_CODE_CASE(NNRT_PERMISSION_DENIED) NNRT_CODE_CASE(NNRT_TIME_OUT)
    NNRT_CODE_CASE(NNRT_INVALID_TENSOR) NNRT_CODE_CASE(NNRT_INVALID_NODE) NNRT_CODE_CASE(NNRT_INVALID_INPUT)
    NNRT_CODE_CASE(NNRT_INVALID_OUTPUT) NNRT_CODE_CASE(NNRT_INVALID_DATATYPE) NNRT_CODE_CASE(NNRT_INVALID_FORMAT)
    NNRT_CODE_CASE(NNRT_INVALID_TENSOR_NAME) NNRT_CODE_CASE(NNRT_INVALID_SHAPE)
    NNRT_CODE_CASE(NNRT_OUT_OF_DIMENTION_RANGES) NNRT_CODE_CASE(NNRT_INVALID_BUFFER)
    NNRT_CODE_CASE(NNRT_INVALID_BUFFER_SIZE) NNRT_CODE_CASE(NNRT_INVALID_PERFORMANCE_MODE)
    NNRT_CODE_CASE(NNRT_INVALID_PRIORITY) NNRT_CODE_CASE(NNRT_INVALID_MODEL)
    NNRT_CODE_CASE(NNRT_INVALID_MODEL_CACHE) NNRT_CODE_CASE(NNRT_UNSUPPORTED_OP)
#undef NNRT_CODE_CASE
  }
  return "NNRT_UNKNOWN_CODE";
}

// ---- Attr -------------------------------------------------------------------

size_t Attr::Count() const {
  switch (type) {
    case AttrType::kFloat32: return floats.size();
    case AttrType::kString: return str.size();
    default: return ints.size();
  }
}

Attr Attr::Bool(std::string name, bool v) { return Attr{std::move(name), AttrType::kBool, {v ? 1 : 0}, {}, {}}; }
Attr Attr::Int8(std::string name, int8_t v) { return Attr{std::move(name), AttrType::kInt8, {v}, {}, {}}; }
Attr Attr::Int64(std::string name, int64_t v) { return Attr{std::move(name), AttrType::kInt64, {v}, {}, {}}; }
Attr Attr::Int64s(std::string name, std::vector<int64_t> v) {
  return Attr{std::move(name), AttrType::kInt64, std::move(v), {}, {}};
}
Attr Attr::Float(std::string name, float v) { return Attr{std::move(name), AttrType::kFloat32, {}, {v}, {}}; }
Attr Attr::Floats(std::string name, std::vector<float> v) {
  return Attr{std::move(name), AttrType::kFloat32, {}, std::move(v), {}};
}
Attr Attr::String(std::string name, std::string v) {
  return Attr{std::move(name), AttrType::kString, {}, {}, std::move(v)};
}

bool Attr::operator==(const Attr& o) const {
  if (name != o.name || type != o.type || ints != o.ints || str != o.str) return false;
  if (floats.size() != o.floats.size()) return false;
  for (size_t i = 0; i < floats.size(); ++i) {  // bitwise: NaN == NaN, -0 != +0
    uint32_t a, b;
    std::memcpy(&a, &floats[i], 4);
    std::memcpy(&b, &o.floats[i], 4);
    if (a != b) return false;
  }
  return true;
}

const Attr* Node::FindAttr(const std::string& attr_name) const {
  for (const Attr& a : attrs) {
    if (a.name == attr_name) return &a;
  }
  return nullptr;
}

// ---- Enums --------------------------------------------------------------------

const std::vector<NodeType>& AllNodeTypes() {
  static const std::vector<NodeType> kAll = {
#define NNRT_LIST_NODE_TYPE(name, value) NodeType::name,
      NNRT_NODE_TYPES(NNRT_LIST_NODE_TYPE)
#undef NNRT_LIST_NODE_TYPE
  };
  return kAll;
}

namespace {
struct DataTypeInfo {
  DataType type;
  const char* name;
  size_t size;
  int32_t oh_nn;
};
constexpr DataTypeInfo kDataTypes[] = {
    {DataType::kUnknown, "unknown", 0, 0}, {DataType::kBool, "bool", 1, 1},
    {DataType::kInt8, "int8", 1, 2},       {DataType::kInt16, "int16", 2, 3},
    {DataType::kInt32, "int32", 4, 4},     {DataType::kInt64, "int64", 8, 5},
    {DataType::kUint8, "uint8", 1, 6},     {DataType::kUint16, "uint16", 2, 7},
    {DataType::kUint32, "uint32", 4, 8},   {DataType::kUint64, "uint64", 8, 9},
    {DataType::kFloat16, "float16", 2, 10}, {DataType::kFloat32, "float32", 4, 11},
    {DataType::kFloat64, "float64", 8, 12},
};
const DataTypeInfo* FindDataType(DataType t) {
  for (const auto& info : kDataTypes) {
    if (info.type == t) return &info;
  }
  return nullptr;
}
}  // namespace

bool IsValidDataType(int32_t value) { return FindDataType(static_cast<DataType>(value)) != nullptr; }

size_t DataTypeSize(DataType t) {
  const DataTypeInfo* info = FindDataType(t);
  return info ? info->size : 0;
}

const char* DataTypeName(DataType t) {
  const DataTypeInfo* info = FindDataType(t);
  return info ? info->name : "?";
}

std::optional<DataType> ParseDataType(const std::string& name) {
  for (const auto& info : kDataTypes) {
    if (name == info.name) return info.type;
  }
  return std::nullopt;
}

bool IsFloatType(DataType t) {
  return t == DataType::kFloat16 || t == DataType::kFloat32 || t == DataType::kFloat64;
}

bool IsSignedIntegerType(DataType t) {
  return t == DataType::kInt8 || t == DataType::kInt16 || t == DataType::kInt32 || t == DataType::kInt64;
}

bool IsIntegerType(DataType t) {
  return IsSignedIntegerType(t) || t == DataType::kUint8 || t == DataType::kUint16 || t == DataType::kUint32 ||
         t == DataType::kUint64;
}

std::optional<DataType> DataTypeFromOhnn(int32_t oh_nn_data_type) {
  for (const auto& info : kDataTypes) {
    if (info.oh_nn == oh_nn_data_type) return info.type;
  }
  return std::nullopt;
}

int32_t DataTypeToOhnn(DataType t) {
  const DataTypeInfo* info = FindDataType(t);
  return info ? info->oh_nn : 0;
}

bool IsValidNodeType(uint32_t value) {
  for (NodeType t : AllNodeTypes()) {
    if (static_cast<uint32_t>(t) == value) return true;
  }
  return false;
}

const char* NodeTypeName(NodeType t) {
  switch (t) {
#define NNRT_NODE_TYPE_NAME(name, value) \
  case NodeType::name: return #name;
    NNRT_NODE_TYPES(NNRT_NODE_TYPE_NAME)
#undef NNRT_NODE_TYPE_NAME
  }
  return "?";
}

std::optional<NodeType> ParseNodeType(const std::string& name) {
#define NNRT_PARSE_NODE_TYPE(n, value) \
  if (name == #n) return NodeType::n;
  NNRT_NODE_TYPES(NNRT_PARSE_NODE_TYPE)
#undef NNRT_PARSE_NODE_TYPE
  return std::nullopt;
}

const char* FormatName(Format f) {
  switch (f) {
    case Format::kNone: return "none";
    case Format::kNchw: return "nchw";
    case Format::kNhwc: return "nhwc";
  }
  return "?";
}

std::optional<Format> ParseFormat(const std::string& name) {
  if (name == "none") return Format::kNone;
  if (name == "nchw") return Format::kNchw;
  if (name == "nhwc") return Format::kNhwc;
  return std::nullopt;
}

const char* AttrTypeName(AttrType t) {
  switch (t) {
    case AttrType::kBool: return "bool";
    case AttrType::kInt8: return "int8";
    case AttrType::kInt64: return "int64";
    case AttrType::kFloat32: return "float32";
    case AttrType::kString: return "string";
  }
  return "?";
}

std::optional<AttrType> ParseAttrType(const std::string& name) {
  for (AttrType t : {AttrType::kBool, AttrType::kInt8, AttrType::kInt64, AttrType::kFloat32, AttrType::kString}) {
    if (name == AttrTypeName(t)) return t;
  }
  return std::nullopt;
}

// ---- Shapes --------------------------------------------------------------------

bool IsDynamic(const Dims& dims) {
  for (int32_t d : dims) {
    if (d < 0) return true;
  }
  return false;
}

std::optional<int64_t> ElementCount(const Dims& dims) {
  int64_t n = 1;
  for (int32_t d : dims) {
    if (d < 0) return std::nullopt;
    if (d != 0 && n > std::numeric_limits<int64_t>::max() / d) return std::nullopt;
    n *= d;
  }
  return n;
}

std::string DimsToString(const Dims& dims) {
  std::ostringstream os;
  os << '[';
  for (size_t i = 0; i < dims.size(); ++i) os << (i ? "," : "") << dims[i];
  os << ']';
  return os.str();
}

// ---- Structural validation ------------------------------------------------------

namespace {

std::string TensorLabel(const Model& m, uint32_t i) {
  std::string s = "tensor " + std::to_string(i);
  if (i < m.tensors.size() && !m.tensors[i].name.empty()) s += " '" + m.tensors[i].name + "'";
  return s;
}

std::string NodeLabel(const Model& m, uint32_t i) {
  std::string s = "node " + std::to_string(i);
  if (i < m.nodes.size() && !m.nodes[i].name.empty()) s += " '" + m.nodes[i].name + "'";
  return s;
}

Status ValidateTensor(const Model& m, uint32_t i) {
  const Tensor& t = m.tensors[i];
  const std::string label = TensorLabel(m, i);
  if (!IsValidDataType(static_cast<int32_t>(t.data_type)) || t.data_type == DataType::kUnknown) {
    return InvalidModel(label + ": invalid data type " + std::to_string(static_cast<int32_t>(t.data_type)));
  }
  if (t.format != Format::kNone && t.format != Format::kNchw && t.format != Format::kNhwc) {
    return InvalidModel(label + ": invalid format " + std::to_string(static_cast<int32_t>(t.format)));
  }
  if (t.dims.size() > NNRT_HAL_MAX_RANK) {
    return InvalidModel(label + ": rank " + std::to_string(t.dims.size()) + " exceeds the maximum " +
                        std::to_string(NNRT_HAL_MAX_RANK));
  }
  for (size_t d = 0; d < t.dims.size(); ++d) {
    if (t.dims[d] == 0 || t.dims[d] < -1) {
      return InvalidModel(label + ": dim " + std::to_string(d) + " is " + std::to_string(t.dims[d]) +
                          " (must be > 0 or -1)");
    }
  }
  if (t.HasData()) {
    const auto count = ElementCount(t.dims);
    if (!count) return InvalidModel(label + ": constant data on a tensor with dynamic dims " + DimsToString(t.dims));
    // The byte size can exceed 64 bits (2^62 + 1 elements x 8 wraps to 8): compare
    // element counts instead of multiplying.
    const uint64_t type_size = DataTypeSize(t.data_type);
    const uint64_t elements = static_cast<uint64_t>(*count);
    if (t.data.size() % type_size != 0 || t.data.size() / type_size != elements) {
      const std::string expected = elements <= std::numeric_limits<uint64_t>::max() / type_size
                                       ? std::to_string(elements * type_size)
                                       : std::to_string(elements) + " x " + std::to_string(type_size);
      return InvalidModel(label + ": constant data has " + std::to_string(t.data.size()) + " bytes, expected " +
                          expected + " (" + DimsToString(t.dims) + " x " + DataTypeName(t.data_type) + ")");
    }
  }
  return ValidateQuantParams(t, label);
}

}  // namespace

Status TopologicalOrder(const Model& model, std::vector<uint32_t>* order) {
  const size_t n = model.nodes.size();
  std::vector<int64_t> producer(model.tensors.size(), -1);
  for (uint32_t i = 0; i < n; ++i) {
    for (uint32_t o : model.nodes[i].outputs) {
      if (o < producer.size()) producer[o] = i;
    }
  }
  // Kahn's algorithm, always picking the lowest ready index: stable order.
  std::vector<uint32_t> pending(n, 0);
  std::vector<std::vector<uint32_t>> consumers(n);
  for (uint32_t i = 0; i < n; ++i) {
    for (uint32_t in : model.nodes[i].inputs) {
      if (in < producer.size() && producer[in] >= 0) {
        ++pending[i];
        consumers[static_cast<size_t>(producer[in])].push_back(i);
      }
    }
  }
  std::vector<bool> done(n, false);
  order->clear();
  for (size_t step = 0; step < n; ++step) {
    uint32_t pick = static_cast<uint32_t>(n);
    for (uint32_t i = 0; i < n; ++i) {
      if (!done[i] && pending[i] == 0) {
        pick = i;
        break;
      }
    }
    if (pick == n) {
      for (uint32_t i = 0; i < n; ++i) {
        if (!done[i]) return InvalidModel("the graph has a cycle through " + NodeLabel(model, i));
      }
    }
    done[pick] = true;
    order->push_back(pick);
    for (uint32_t c : consumers[pick]) --pending[c];
  }
  return Status::Ok();
}

Status ValidateModelStructure(const Model& model) {
  const uint32_t tensor_count = static_cast<uint32_t>(model.tensors.size());
  for (uint32_t i = 0; i < tensor_count; ++i) NNRT_RETURN_IF_ERROR(ValidateTensor(model, i));
  if (model.inputs.empty()) return InvalidModel("the model has no inputs");
  if (model.outputs.empty()) return InvalidModel("the model has no outputs");

  std::vector<int> produced(tensor_count, 0);
  std::vector<bool> is_input(tensor_count, false);
  for (size_t k = 0; k < model.inputs.size(); ++k) {
    const uint32_t i = model.inputs[k];
    if (i >= tensor_count) return InvalidModel("model input " + std::to_string(k) + " refers to tensor " + std::to_string(i) + ", out of range");
    if (is_input[i]) return InvalidModel("model input " + TensorLabel(model, i) + " is listed twice");
    if (model.tensors[i].HasData()) return InvalidModel("model input " + TensorLabel(model, i) + " has constant data");
    is_input[i] = true;
  }
  for (uint32_t ni = 0; ni < model.nodes.size(); ++ni) {
    const Node& node = model.nodes[ni];
    if (!IsValidNodeType(static_cast<uint32_t>(node.type))) {
      return InvalidModel(NodeLabel(model, ni) + ": invalid node type " + std::to_string(static_cast<uint32_t>(node.type)));
    }
    if (node.quant_type != QuantType::kNone && node.quant_type != QuantType::kAll) {
      return InvalidModel(NodeLabel(model, ni) + ": invalid quant type");
    }
    if (node.outputs.empty()) return InvalidModel(NodeLabel(model, ni) + ": has no outputs");
    for (uint32_t in : node.inputs) {
      if (in >= tensor_count) return InvalidModel(NodeLabel(model, ni) + ": input index " + std::to_string(in) + " out of range (" + std::to_string(tensor_count) + " tensors)");
    }
    for (uint32_t out : node.outputs) {
      if (out >= tensor_count) return InvalidModel(NodeLabel(model, ni) + ": output index " + std::to_string(out) + " out of range (" + std::to_string(tensor_count) + " tensors)");
      if (is_input[out]) return InvalidModel(NodeLabel(model, ni) + " writes model input " + TensorLabel(model, out));
      if (model.tensors[out].HasData()) return InvalidModel(NodeLabel(model, ni) + " writes constant " + TensorLabel(model, out));
      if (++produced[out] > 1) return InvalidModel(TensorLabel(model, out) + " is produced by more than one node");
    }
  }
  for (uint32_t ni = 0; ni < model.nodes.size(); ++ni) {
    for (uint32_t in : model.nodes[ni].inputs) {
      if (!is_input[in] && produced[in] == 0 && !model.tensors[in].HasData()) {
        return InvalidModel(NodeLabel(model, ni) + " reads " + TensorLabel(model, in) +
                            ", which is neither a model input, a constant nor produced by a node");
      }
    }
  }
  for (size_t k = 0; k < model.outputs.size(); ++k) {
    const uint32_t o = model.outputs[k];
    if (o >= tensor_count) return InvalidModel("model output " + std::to_string(k) + " refers to tensor " + std::to_string(o) + ", out of range");
    if (produced[o] == 0) return InvalidModel("model output " + TensorLabel(model, o) + " is not produced by any node");
  }
  for (size_t s = 0; s < model.subgraphs.size(); ++s) {
    const SubGraph& g = model.subgraphs[s];
    const std::string label = "subgraph " + std::to_string(s) + (g.name.empty() ? "" : " '" + g.name + "'");
    for (uint32_t ni : g.nodes) {
      if (ni >= model.nodes.size()) {
        return InvalidModel(label + ": node index " + std::to_string(ni) + " out of range (" +
                            std::to_string(model.nodes.size()) + " nodes)");
      }
    }
    for (uint32_t gi : g.inputs) {
      if (gi >= model.subgraphs.size()) {
        return InvalidModel(label + ": input subgraph index " + std::to_string(gi) + " out of range");
      }
    }
    for (uint32_t gi : g.outputs) {
      if (gi >= model.subgraphs.size()) {
        return InvalidModel(label + ": output subgraph index " + std::to_string(gi) + " out of range");
      }
    }
  }
  std::vector<uint32_t> order;
  return TopologicalOrder(model, &order);
}

}  // namespace nnrt
