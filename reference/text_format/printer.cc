// Printer of the text format (docs/text_format.md): every IR Model -- valid or
// not -- prints, and printing what was parsed gives the same text back.
#include "reference/text_format/text_format.h"

#include <cctype>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "reference/text_format/number_spelling.h"

namespace nnrt {

using text_format_internal::HexBits;

namespace {

// The printed text, appended piece by piece. With a file it is written out
// every kFlushBytes, so that a case is never held whole as text (an imported
// model's expected outputs print to megabytes); without one it is kept.
class TextSink {
 public:
  explicit TextSink(std::ostream* file = nullptr) : file_(file) {}
  void operator+=(const std::string& s) {
    text_ += s;
    if (file_ != nullptr && text_.size() >= kFlushBytes) Flush();
  }
  void operator+=(char c) { text_ += c; }
  void Flush() {
    if (file_ == nullptr) return;
    file_->write(text_.data(), static_cast<std::streamsize>(text_.size()));
    text_.clear();
  }
  std::string& text() { return text_; }

 private:
  static constexpr size_t kFlushBytes = 64 * 1024;
  std::ostream* file_;
  std::string text_;
};

bool IsPlainIdent(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-')) return false;
  }
  return true;
}

std::string IdentOrString(const std::string& s) { return IsPlainIdent(s) ? s : QuoteString(s); }

std::string DataTypeText(DataType t) {
  const std::string name = DataTypeName(t);
  return name == "?" ? std::to_string(static_cast<int32_t>(t)) : name;
}

std::string FormatText(Format f) {
  const std::string name = FormatName(f);
  return name == "?" ? std::to_string(static_cast<int32_t>(f)) : name;
}

std::string NodeTypeText(NodeType t) {
  const std::string name = NodeTypeName(t);
  return name == "?" ? std::to_string(static_cast<uint32_t>(t)) : name;
}

std::string QuantTypeText(QuantType q) {
  if (q == QuantType::kNone) return "none";
  if (q == QuantType::kAll) return "all";
  return std::to_string(static_cast<int32_t>(q));
}

std::string AttrTypeText(AttrType t) {
  const std::string name = AttrTypeName(t);
  return name == "?" ? std::to_string(static_cast<int32_t>(t)) : name;
}

std::string BoolText(int64_t v) {
  if (v == 0) return "false";
  if (v == 1) return "true";
  return std::to_string(v);  // not a HAL bool, but representable in the IR (C-10)
}

template <typename T>
T Load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

std::string FormatElement(DataType t, const uint8_t* p) {
  switch (t) {
    case DataType::kBool: return BoolText(*p);
    case DataType::kInt8: return std::to_string(Load<int8_t>(p));
    case DataType::kInt16: return std::to_string(Load<int16_t>(p));
    case DataType::kInt32: return std::to_string(Load<int32_t>(p));
    case DataType::kInt64: return std::to_string(Load<int64_t>(p));
    case DataType::kUint8: return std::to_string(Load<uint8_t>(p));
    case DataType::kUint16: return std::to_string(Load<uint16_t>(p));
    case DataType::kUint32: return std::to_string(Load<uint32_t>(p));
    case DataType::kUint64: return std::to_string(Load<uint64_t>(p));
    case DataType::kFloat16: return FormatFloat16Bits(Load<uint16_t>(p));
    case DataType::kFloat32: return FormatFloat32(Load<float>(p));
    case DataType::kFloat64: return FormatFloat64(Load<double>(p));
    case DataType::kUnknown: break;
  }
  return "?";
}

// Element data as `data [v, ...]` when it is whole elements of a known type,
// else as `bytes "hex"` (C-11). More than 16 values wrap 8 to a line.
void FormatData(TextSink* out, DataType t, const std::vector<uint8_t>& data, const std::string& indent) {
  const size_t size = DataTypeSize(t);
  if (size == 0 || data.size() % size != 0) {
    static const char kHex[] = "0123456789abcdef";
    *out += "bytes \"";
    for (uint8_t b : data) {
      *out += kHex[b >> 4];
      *out += kHex[b & 15];
    }
    *out += "\"";
    return;
  }
  const size_t count = data.size() / size;
  const bool wrap = count > 16;
  *out += "data [";
  for (size_t i = 0; i < count; ++i) {
    if (wrap && i % 8 == 0) {
      *out += (i ? ",\n" : "\n") + indent + "  ";
    } else if (i) {
      *out += ", ";
    }
    *out += FormatElement(t, data.data() + i * size);
  }
  if (wrap) *out += "\n" + indent;
  *out += "]";
}

template <typename T>
std::string JoinInts(const std::vector<T>& v, const char* sep) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) s += sep;
    s += std::to_string(v[i]);
  }
  return s + "]";
}

std::string FormatQuantParams(const std::vector<QuantParam>& params) {
  std::string s = "[";
  for (size_t i = 0; i < params.size(); ++i) {
    if (i) s += ", ";
    s += "(" + std::to_string(params[i].num_bits) + ", " + std::to_string(params[i].zero_point) + ", " +
         FormatFloat64(params[i].scale) + ")";
  }
  return s + "]";
}

std::string FormatAttr(const Attr& a) {
  std::string s = IdentOrString(a.name) + ": " + AttrTypeText(a.type) + " ";
  switch (a.type) {
    case AttrType::kString: return s + QuoteString(a.str);
    case AttrType::kFloat32: {
      s += "[";
      for (size_t i = 0; i < a.floats.size(); ++i) s += (i ? ", " : "") + FormatFloat32(a.floats[i]);
      return s + "]";
    }
    case AttrType::kBool: {
      s += "[";
      for (size_t i = 0; i < a.ints.size(); ++i) s += (i ? ", " : "") + BoolText(a.ints[i]);
      return s + "]";
    }
    default: return s + JoinInts(a.ints, ", ");  // int8, int64 and unknown attribute types
  }
}

// `data seeded(...)` when the spec still expands to exactly `data`, else the values.
void FormatDataOrSeeded(TextSink* out, DataType t, const std::vector<uint8_t>& data, const SeededData* spec,
                        const std::vector<QuantParam>& quant, const std::string& indent) {
  if (spec != nullptr && SeededDataMatches(*spec, t, data, quant)) {
    *out += "data " + FormatSeededData(*spec);
    return;
  }
  FormatData(out, t, data, indent);
}

template <typename Key>
const SeededData* FindSpec(const std::map<Key, SeededData>* specs, Key key) {
  if (specs == nullptr) return nullptr;
  const auto it = specs->find(key);
  return it == specs->end() ? nullptr : &it->second;
}

// Where a model tensor's bytes went in WriteCaseFileWithSideData: file, offset.
using SideRefs = std::map<uint32_t, std::pair<std::string, uint64_t>>;

void PrintTensor(TextSink* out, uint32_t index, const Tensor& t, const SeededData* spec,
                 const std::pair<std::string, uint64_t>* side = nullptr) {
  *out += "  tensor " + std::to_string(index) + " " + QuoteString(t.name) + " " + DataTypeText(t.data_type) + " " +
          JoinInts(t.dims, ",") + " " + FormatText(t.format);
  if (!t.quant_params.empty()) *out += " quant " + FormatQuantParams(t.quant_params);
  if (side != nullptr) {
    *out += " data file(" + QuoteString(side->first) + ", " + std::to_string(side->second) + ", " +
            std::to_string(t.data.size()) + ")";
  } else if (!t.data.empty()) {
    *out += " ";
    FormatDataOrSeeded(out, t.data_type, t.data, spec, t.quant_params, "  ");
  }
  *out += "\n";
}

void PrintNode(TextSink* out, uint32_t index, const Node& n) {
  *out += "  node " + std::to_string(index) + " " + QuoteString(n.name) + " " + NodeTypeText(n.type) + " inputs " +
          JoinInts(n.inputs, ",") + " outputs " + JoinInts(n.outputs, ",") + " quant " + QuantTypeText(n.quant_type);
  if (n.attrs.empty()) {
    *out += " {}\n";
    return;
  }
  *out += " {\n";
  for (const Attr& a : n.attrs) *out += "    " + FormatAttr(a) + "\n";
  *out += "  }\n";
}

void PrintNamedTensor(TextSink* out, const char* keyword, const HostTensor& t, const SeededData* spec) {
  *out += std::string(keyword) + " " + QuoteString(t.name) + " " + DataTypeText(t.data_type) + " " +
          JoinInts(t.dims, ",") + " ";
  FormatDataOrSeeded(out, t.data_type, t.data, spec, {}, "");
  *out += "\n";
}

void PrintModelBlock(TextSink* out, const Model& model, const std::map<uint32_t, SeededData>* seeded,
                     const SideRefs* side = nullptr) {
  *out += "model " + QuoteString(model.name) + " {\n";
  for (size_t i = 0; i < model.tensors.size(); ++i) {
    const uint32_t index = static_cast<uint32_t>(i);
    const auto ref = side != nullptr ? side->find(index) : SideRefs::const_iterator();
    PrintTensor(out, index, model.tensors[i], FindSpec(seeded, index),
                side != nullptr && ref != side->end() ? &ref->second : nullptr);
  }
  for (size_t i = 0; i < model.nodes.size(); ++i) PrintNode(out, static_cast<uint32_t>(i), model.nodes[i]);
  *out += "  inputs " + JoinInts(model.inputs, ",") + "\n";
  *out += "  outputs " + JoinInts(model.outputs, ",") + "\n";
  for (const SubGraph& g : model.subgraphs) {
    *out += "  subgraph " + QuoteString(g.name) + " inputs " + JoinInts(g.inputs, ",") + " outputs " +
           JoinInts(g.outputs, ",") + " nodes " + JoinInts(g.nodes, ",") + "\n";
  }
  *out += "}\n";
}

}  // namespace

std::string QuoteString(const std::string& value) {
  std::string s = "\"";
  for (char c : value) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == '"') {
      s += "\\\"";
    } else if (c == '\\') {
      s += "\\\\";
    } else if (c == '\n') {
      s += "\\n";
    } else if (c == '\t') {
      s += "\\t";
    } else if (u < 0x20 || u >= 0x7f) {  // control and non-ASCII bytes: the text stays 7-bit and diffable
      s += "\\x" + HexBits(u, 2).substr(2);
    } else {
      s += c;
    }
  }
  return s + "\"";
}

std::string PrintModel(const Model& model) {
  TextSink out;
  PrintModelBlock(&out, model, nullptr);
  return std::move(out.text());
}

namespace {

void PrintCaseWith(TextSink* out, const TestCase& test_case, const SideRefs* side) {
  *out += "nnrt-case 1\n";
  for (const auto& [key, value] : test_case.meta) *out += "meta " + IdentOrString(key) + " " + QuoteString(value) + "\n";
  PrintModelBlock(out, test_case.model, &test_case.seeded_tensors, side);
  for (size_t i = 0; i < test_case.inputs.size(); ++i)
    PrintNamedTensor(out, "input", test_case.inputs[i], FindSpec(&test_case.seeded_inputs, i));
  for (const HostTensor& t : test_case.expected) PrintNamedTensor(out, "expected", t, nullptr);
}

// Prints the case straight into the file at `path`, a bounded piece at a time.
Status WriteCaseText(const std::string& path, const TestCase& test_case, const SideRefs* side) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) return Status(NNRT_INVALID_PATH, "cannot open '" + path + "' for writing");
  TextSink out(&file);
  PrintCaseWith(&out, test_case, side);
  out.Flush();
  file.close();
  if (!file) return Status(NNRT_INVALID_PATH, "error writing '" + path + "'");
  return Status::Ok();
}

}  // namespace

std::string PrintCase(const TestCase& test_case) {
  TextSink out;
  PrintCaseWith(&out, test_case, nullptr);
  return std::move(out.text());
}

// C-897: the side file holds the tensors' bytes back to back, each starting at
// a multiple of 64 bytes (zero padding between), in tensor order.
Status WriteCaseFileWithSideData(const std::string& path, const TestCase& test_case, size_t min_side_bytes) {
  const std::string side_path = path + ".bin";
  const size_t slash = side_path.rfind('/');
  const std::string side_name = slash == std::string::npos ? side_path : side_path.substr(slash + 1);
  SideRefs refs;
  std::ofstream side(side_path, std::ios::binary | std::ios::trunc);
  if (!side) return Status(NNRT_INVALID_PATH, "cannot open '" + side_path + "' for writing");
  uint64_t offset = 0;
  const std::vector<char> zeros(64, 0);
  for (size_t i = 0; i < test_case.model.tensors.size(); ++i) {
    const Tensor& t = test_case.model.tensors[i];
    if (t.data.size() < min_side_bytes || t.data.empty() || test_case.seeded_tensors.count(static_cast<uint32_t>(i)) != 0) continue;
    const uint64_t pad = (64 - offset % 64) % 64;
    side.write(zeros.data(), static_cast<std::streamsize>(pad));
    offset += pad;
    side.write(reinterpret_cast<const char*>(t.data.data()), static_cast<std::streamsize>(t.data.size()));
    refs[static_cast<uint32_t>(i)] = {side_name, offset};
    offset += t.data.size();
  }
  side.close();
  if (!side) return Status(NNRT_INVALID_PATH, "error writing '" + side_path + "'");
  return WriteCaseText(path, test_case, &refs);
}

Status WriteCaseFile(const std::string& path, const TestCase& test_case) { return WriteCaseText(path, test_case, nullptr); }

std::string FormatSeededData(const SeededData& spec) {
  std::string s = "seeded(" + std::to_string(spec.seed) + ", " + SeededDistributionName(spec.distribution) + ", ";
  if (spec.distribution == SeededDistribution::kIntegers) {
    s += std::to_string(spec.int_lo) + ", " + std::to_string(spec.int_hi);
  } else {
    s += FormatFloat64(spec.real_a) + ", " + FormatFloat64(spec.real_b);
  }
  return s + ")";
}

}  // namespace nnrt
