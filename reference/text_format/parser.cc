// Parser of the text format (grammar and rules: docs/text_format.md): the
// enums, the model and case constructs and the public Parse* / ReadCaseFile.
// Parsing never runs ValidateModelStructure: invalid models must be replayable.
#include "reference/text_format/parser.h"

#include <cctype>
#include <cstdint>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>

#include "reference/text_format/number_spelling.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace text_format_internal {
namespace {

bool LooksNumeric(const std::string& atom) {
  return !atom.empty() && (std::isdigit(static_cast<unsigned char>(atom[0])) || atom[0] == '-' || atom[0] == '+');
}

constexpr int64_t kInt32Min = std::numeric_limits<int32_t>::min();
constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();

}  // namespace

bool Parser::ParseCaseDocument(TestCase* out) {
  SkipTrivia();
  const size_t header_at = pos_;
  if (ReadIdent() != "nnrt-case") return Fail(header_at, "expected the header 'nnrt-case 1'");
  int64_t version = 0;
  if (!ReadSigned("the format version", 0, std::numeric_limits<int32_t>::max(), &version)) return false;
  if (version != 1)
    return Fail(header_at, "unsupported format version " + std::to_string(version) + " (this reader knows 1)");
  bool have_model = false;
  for (;;) {
    SkipTrivia();
    if (AtEnd()) break;
    const size_t at = pos_;
    const std::string keyword = ReadIdent();
    if (keyword == "meta") {
      if (!ParseMeta(out)) return false;
    } else if (keyword == "model") {
      if (have_model) return Fail(at, "a case holds exactly one model; found a second 'model'");
      have_model = true;
      seeded_tensors_ = &out->seeded_tensors;
      if (!ParseModelBody(&out->model)) return false;
      seeded_tensors_ = nullptr;
    } else if (keyword == "input" || keyword == "expected") {
      HostTensor t;
      std::optional<SeededData> seeded;
      if (!ParseNamedTensor(&t, keyword == "input" ? &seeded : nullptr)) return false;
      if (seeded) out->seeded_inputs[out->inputs.size()] = *seeded;
      (keyword == "input" ? out->inputs : out->expected).push_back(std::move(t));
    } else {
      return Fail(at, "expected 'meta', 'model', 'input' or 'expected'" + Found(at));
    }
  }
  if (!have_model) return Fail(pos_, "the case has no 'model'");
  return true;
}

bool Parser::ParseModelDocument(Model* out) {
  SkipTrivia();
  const size_t at = pos_;
  if (ReadIdent() != "model") return Fail(at, "expected 'model'" + Found(at));
  if (!ParseModelBody(out)) return false;
  SkipTrivia();
  if (!AtEnd()) return Fail(pos_, "unexpected text after the model" + Found(pos_));
  return true;
}

template <typename Enum, typename ParseNameFn>
bool Parser::ReadEnum(const std::string& what, const std::string& hint, ParseNameFn parse_name, int64_t min,
                      int64_t max, Enum* out) {
  std::string atom;
  size_t at;
  if (!ReadAtom("a " + what, &atom, &at)) return false;
  if (LooksNumeric(atom)) {
    int64_t v;
    if (!AtomToSigned(atom, at, what + " value", min, max, &v)) return false;
    *out = static_cast<Enum>(v);
    return true;
  }
  const std::optional<Enum> parsed = parse_name(atom);
  if (!parsed) return Fail(at, "unknown " + what + " '" + atom + "'" + hint);
  *out = *parsed;
  return true;
}

bool Parser::ReadDataType(DataType* t) { return ReadEnum("data type", "", ParseDataType, kInt32Min, kInt32Max, t); }

bool Parser::ReadFormat(Format* f) {
  return ReadEnum("format", " (none, nchw, nhwc)", ParseFormat, kInt32Min, kInt32Max, f);
}

bool Parser::ReadNodeType(NodeType* t) {
  return ReadEnum("node type", " (HDI NodeType name without NODE_TYPE_)", ParseNodeType, 0,
                  std::numeric_limits<uint32_t>::max(), t);
}

bool Parser::ReadQuantType(QuantType* q) {
  auto parse_name = [](const std::string& name) -> std::optional<QuantType> {
    if (name == "none") return QuantType::kNone;
    if (name == "all") return QuantType::kAll;
    return std::nullopt;
  };
  return ReadEnum("quant type", " (none, all)", parse_name, kInt32Min, kInt32Max, q);
}

bool Parser::ReadAttrType(AttrType* t) {
  return ReadEnum("attribute type", " (bool, int8, int64, float32, string)", ParseAttrType, kInt32Min, kInt32Max, t);
}

bool Parser::ParseMeta(TestCase* out) {
  std::string key, value;
  if (!ReadName("a meta key", &key) || !ReadString("a meta value", &value)) return false;
  out->meta.emplace_back(std::move(key), std::move(value));
  return true;
}

bool Parser::ParseQuantParams(std::vector<QuantParam>* out) {
  return ParseList("the quant params", [&] {
    QuantParam p;
    if (!Expect('(', "to open a quant param (numBits, zeroPoint, scale)") || !ReadInt32("numBits", &p.num_bits) ||
        !Expect(',', "after numBits") || !ReadInt32("zeroPoint", &p.zero_point) || !Expect(',', "after zeroPoint") ||
        !ReadFloat64("a scale", &p.scale) || !Expect(')', "to close the quant param")) {
      return false;
    }
    out->push_back(p);
    return true;
  });
}

bool Parser::ReadOrdinal(const char* kind, size_t expected) {
  SkipTrivia();
  const size_t at = pos_;
  uint32_t index;
  if (!ReadUint32(std::string(kind) + " index", &index)) return false;
  if (index != expected) {
    return Fail(at, std::string(kind) + " index " + std::to_string(index) + " out of order: expected " +
                        std::to_string(expected));
  }
  return true;
}

bool Parser::ParseTensor(Model* m) {
  Tensor t;
  if (!ReadOrdinal("tensor", m->tensors.size()) || !ReadString("the tensor name", &t.name) ||
      !ReadDataType(&t.data_type) || !ParseDims(&t.dims) || !ReadFormat(&t.format)) {
    return false;
  }
  for (;;) {  // optional `quant [...]` then optional data, each at most once, in this order
    SkipTrivia();
    const size_t at = pos_;
    const std::string word = ReadIdent();
    if (word == "quant" && t.quant_params.empty() && t.data.empty()) {
      if (!ParseQuantParams(&t.quant_params)) return false;
      if (t.quant_params.empty()) return Fail(at, "write no 'quant' instead of 'quant []'");
    } else if ((word == "data" || word == "bytes") && t.data.empty()) {
      pos_ = at;
      size_t count;
      std::optional<SeededData> seeded;
      if (!ParseData(t.data_type, &t.data, &count, &t.dims, seeded_tensors_ ? &seeded : nullptr, &t.quant_params)) {
        return false;
      }
      if (seeded) (*seeded_tensors_)[static_cast<uint32_t>(m->tensors.size())] = *seeded;
      break;
    } else {
      pos_ = at;
      break;
    }
  }
  m->tensors.push_back(std::move(t));
  return true;
}

bool Parser::ParseAttr(Node* n) {
  Attr a;
  if (!ReadName("an attribute name", &a.name) || !Expect(':', "after the attribute name") || !ReadAttrType(&a.type)) {
    return false;
  }
  switch (a.type) {
    case AttrType::kString:
      if (!ReadString("the string value", &a.str)) return false;
      break;
    case AttrType::kFloat32:
      if (!ParseList("the attribute values", [&] {
            std::string atom;
            size_t at;
            uint64_t bits;
            if (!ReadAtom("a float32 value", &atom, &at) || !AtomToFloatBits(atom, at, 32, &bits)) return false;
            a.floats.push_back(Float32FromBits(static_cast<uint32_t>(bits)));
            return true;
          })) {
        return false;
      }
      break;
    default:  // bool, int8, int64 and unknown types keep int64 values (C-10)
      if (!ParseList("the attribute values", [&] {
            std::string atom;
            size_t at;
            if (!ReadAtom("an integer value", &atom, &at)) return false;
            int64_t v;
            if (a.type == AttrType::kBool && (atom == "true" || atom == "false")) {
              v = atom == "true";
            } else if (!AtomToSigned(atom, at, "attribute value", std::numeric_limits<int64_t>::min(),
                                     std::numeric_limits<int64_t>::max(), &v)) {
              return false;
            }
            a.ints.push_back(v);
            return true;
          })) {
        return false;
      }
  }
  n->attrs.push_back(std::move(a));
  return true;
}

bool Parser::ParseNode(Model* m) {
  Node n;
  if (!ReadOrdinal("node", m->nodes.size()) || !ReadString("the node name", &n.name) || !ReadNodeType(&n.type) ||
      !ExpectKeyword("inputs", "after the node type") || !ParseUint32List("the node inputs", &n.inputs) ||
      !ExpectKeyword("outputs", "after the node inputs") || !ParseUint32List("the node outputs", &n.outputs) ||
      !ExpectKeyword("quant", "after the node outputs") || !ReadQuantType(&n.quant_type) ||
      !Expect('{', "to open the node attributes")) {
    return false;
  }
  while (!TryConsume('}')) {
    if (AtEnd()) return Fail(pos_, "unterminated node attribute block");
    if (!ParseAttr(&n)) return false;
  }
  m->nodes.push_back(std::move(n));
  return true;
}

bool Parser::ParseSubGraph(Model* m) {
  SubGraph g;
  if (!ReadString("the subgraph name", &g.name) || !ExpectKeyword("inputs", "after the subgraph name") ||
      !ParseUint32List("the subgraph inputs", &g.inputs) || !ExpectKeyword("outputs", "after the subgraph inputs") ||
      !ParseUint32List("the subgraph outputs", &g.outputs) || !ExpectKeyword("nodes", "after the subgraph outputs") ||
      !ParseUint32List("the subgraph nodes", &g.nodes)) {
    return false;
  }
  m->subgraphs.push_back(std::move(g));
  return true;
}

bool Parser::ParseModelBody(Model* m) {
  *m = Model();
  if (!ReadString("the model name", &m->name) || !Expect('{', "to open the model")) return false;
  bool have_inputs = false, have_outputs = false;
  while (!TryConsume('}')) {
    if (AtEnd()) return Fail(pos_, "unterminated model block (missing '}')");
    const size_t at = pos_;
    const std::string keyword = ReadIdent();
    bool ok;
    if (keyword == "tensor") {
      ok = ParseTensor(m);
    } else if (keyword == "node") {
      ok = ParseNode(m);
    } else if (keyword == "subgraph") {
      ok = ParseSubGraph(m);
    } else if (keyword == "inputs" || keyword == "outputs") {
      bool& seen = keyword == "inputs" ? have_inputs : have_outputs;
      if (seen) return Fail(at, "the model's '" + keyword + "' are given twice");
      seen = true;
      ok = ParseUint32List("the model " + keyword, keyword == "inputs" ? &m->inputs : &m->outputs);
    } else {
      return Fail(at, "expected 'tensor', 'node', 'inputs', 'outputs', 'subgraph' or '}'" + Found(at));
    }
    if (!ok) return false;
  }
  return true;
}

bool Parser::ParseNamedTensor(HostTensor* t, std::optional<SeededData>* seeded) {
  if (!ReadString("the tensor name", &t->name)) return false;
  SkipTrivia();
  const size_t type_at = pos_;
  if (!ReadDataType(&t->data_type)) return false;
  if (DataTypeSize(t->data_type) == 0) return Fail(type_at, "an input or expected tensor needs a known data type");
  SkipTrivia();
  const size_t dims_at = pos_;
  if (!ParseDims(&t->dims)) return false;
  for (int32_t d : t->dims) {
    if (d < 0)
      return Fail(dims_at, "dims of an input or expected tensor must be >= 0 (got " + DimsToString(t->dims) + ")");
  }
  const auto count = ElementCount(t->dims);
  if (!count) return Fail(dims_at, "the element count of " + DimsToString(t->dims) + " overflows");
  SkipTrivia();
  const size_t data_at = pos_;
  size_t got;
  if (!ParseData(t->data_type, &t->data, &got, &t->dims, seeded)) return false;
  // *count may be up to 2^63: compare it before multiplying by the type size.
  const bool count_fits = static_cast<uint64_t>(*count) <= max_data_bytes_;
  if (!count_fits || t->data.size() != static_cast<size_t>(*count) * DataTypeSize(t->data_type)) {
    return Fail(data_at, "'" + t->name + "' " + DimsToString(t->dims) + " needs " + std::to_string(*count) + " " +
                             DataTypeName(t->data_type) + " values, found " + std::to_string(got) +
                             (t->data.size() % DataTypeSize(t->data_type) ? " (and a partial one)" : ""));
  }
  return true;
}

}  // namespace text_format_internal

using text_format_internal::Parser;

Status ParseCase(const std::string& text, TestCase* out, size_t max_data_bytes) {
  return ParseCaseInDirectory(text, "", out, max_data_bytes);
}

Status ParseCaseInDirectory(const std::string& text, const std::string& dir, TestCase* out, size_t max_data_bytes) {
  Parser parser(text, max_data_bytes);
  parser.set_side_data_dir(dir);
  TestCase parsed;
  if (!parser.ParseCaseDocument(&parsed)) return parser.status();
  *out = std::move(parsed);
  return Status::Ok();
}

Status ParseModel(const std::string& text, Model* out) {
  Parser parser(text, kMaxTextFormatDataBytes);
  Model parsed;
  if (!parser.ParseModelDocument(&parsed)) return parser.status();
  *out = std::move(parsed);
  return Status::Ok();
}

Status ReadCaseFile(const std::string& path, TestCase* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status(NNRT_INVALID_PATH, "cannot open '" + path + "' for reading");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return Status(NNRT_INVALID_FILE, path + ": read error");
  const size_t slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
  const Status s = ParseCaseInDirectory(text.str(), dir, out);
  if (!s.ok()) return Status(s.code(), path + ":" + s.message());
  return s;
}

}  // namespace nnrt
