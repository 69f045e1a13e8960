// Every implemented operator's data types, three ways that must agree
// (OPERATOR_DONE.md, C-860): the row of the "Data types by node type" table
// (docs/semantics.md; the rows on the operator pages, docs/operators/), the
// module's signatures (OpDef::data_types), and what shape inference accepts.
// The last is probed on the node types whose data operands all share one
// type: every input of type T (int8/uint8 quantized,
// as in the signatures), dims [2, 2], the output T or bool. A node type whose
// probe accepts none of its listed types takes operands of other kinds
// (indices, shapes, attributes) and is checked against the docs row only.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "golden/golden_files.h"
#include "reference/ir/ir.h"
#include "reference/numerics/numerics.h"
#include "reference/cases/node_run.h"
#include "reference/cases/single_node_case.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace cts {
namespace {

const std::vector<DataType> kAllTypes = {
    DataType::kBool,   DataType::kInt8,   DataType::kInt16,  DataType::kInt32,   DataType::kInt64,
    DataType::kUint8,  DataType::kUint16, DataType::kUint32, DataType::kUint64,  DataType::kFloat16,
    DataType::kFloat32, DataType::kFloat64};

std::string ReadRunfile(const std::string& path) {
  std::ifstream in(golden::RunfilesPath(path));
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The data-type table: its header and meaning in docs/semantics.md ("Data types
// by node type"), its rows in the "## Data types" section of each operator
// page (docs/operators/*.md), gathered here under that heading.
std::string ReadDataTypeTable() {
  std::string table = "\n## Data types by node type\n";
  const std::filesystem::path dir = golden::RunfilesPath("docs/operators");
  if (!std::filesystem::is_directory(dir)) return "";
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  for (const std::string& name : names) {
    const std::string page = ReadRunfile("docs/operators/" + name);
    const std::string heading = "\n## Data types\n";
    const size_t begin = page.find(heading);
    if (begin == std::string::npos) continue;
    const size_t rows = begin + heading.size();
    const size_t end = page.find("\n## ", rows);
    table += page.substr(rows, end == std::string::npos ? std::string::npos : end - rows) + "\n";
  }
  return table;
}

std::string Trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" `");
  const size_t e = s.find_last_not_of(" `");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// The table's rows: "| NODE_TYPE | float32, float16, ... |".
std::map<NodeType, std::set<DataType>> DocRows(const std::string& doc, std::vector<std::string>* errors) {
  std::map<NodeType, std::set<DataType>> rows;
  const size_t begin = doc.find("\n## Data types by node type");
  if (begin == std::string::npos) return rows;
  const size_t end = doc.find("\n## ", begin + 1);
  std::istringstream lines(doc.substr(begin, end - begin));
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("| ", 0) != 0 || line.rfind("| node type", 0) == 0 || line.rfind("|---", 0) == 0) continue;
    const size_t bar = line.find('|', 2);
    const auto type = ParseNodeType(Trim(line.substr(2, bar - 2)));
    if (!type) {
      errors->push_back("unknown node type in row: " + line);
      continue;
    }
    std::set<DataType>& types = rows[*type];
    std::istringstream cell(line.substr(bar + 1, line.find('|', bar + 1) - bar - 1));
    for (std::string word; std::getline(cell, word, ',');) {
      const auto t = ParseDataType(Trim(word));
      if (t) {
        types.insert(*t);
      } else {
        errors->push_back(std::string(NodeTypeName(*type)) + ": unknown data type '" + Trim(word) + "'");
      }
    }
  }
  return rows;
}

std::string Names(const std::set<DataType>& types) {
  std::string s;
  for (DataType t : types) s += std::string(s.empty() ? "" : ", ") + DataTypeName(t);
  return s.empty() ? "(none)" : s;
}

std::vector<const OpDef*> ImplementedDefs() {
  std::vector<const OpDef*> out;
  for (const OpDef& def : AllOpDefs()) {
    if (def.type != NodeType::NONE && def.implemented()) out.push_back(&def);
  }
  return out;
}

// Node types whose operands are of several kinds (indices, shapes, a bool
// condition) or whose output type is not the operands' (argmax indices, shape
// and rank): the uniform probe accepts their index types by coincidence, so
// only the docs row checks them.
const std::set<NodeType> kMixedOperandKinds = {NodeType::ARGMAX_FUSION, NodeType::GATHER_ND, NodeType::PAD_FUSION,
                                               NodeType::RANK,          NodeType::SHAPE,     NodeType::WHERE,
                                               NodeType::SELECT};

// Known gaps this check found and that are not fixed yet: inference accepts
// more types than the module's signatures (and so its docs row and its
// EveryDataType unit tests) list. Each entry is what the probe accepts now; a
// change in either direction fails, and fixing a gap means adding the types
// to OpDef::data_types and the docs row, then deleting the entry.
const std::map<NodeType, std::string> kKnownGaps = {
    {NodeType::ABS, "int8, int16, int32, int64, uint8, uint16, uint32, float16, float32, float64"},
    {NodeType::ADD_FUSION, "int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64"},
    {NodeType::CEIL, "int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64"},
    {NodeType::CLIP, "int8, int16, int32, int64, uint8, uint16, uint32, float16, float32, float64"},
    {NodeType::COS, "int8, uint8, float16, float32, float64"},
    {NodeType::DIV_FUSION, "int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64"},
    {NodeType::ELTWISE, "int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64"},
    {NodeType::EXPFUSION, "int8, uint8, float16, float32, float64"},
    {NodeType::FLOOR, "int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64"},
    {NodeType::LEAKY_RELU, "int8, uint8, float16, float32, float64"},
    {NodeType::LOG, "int8, uint8, float16, float32, float64"},
    {NodeType::LOGICAL_AND, "bool, int16, int32, int64"},
    {NodeType::LOGICAL_NOT, "bool, int16, int32, int64"},
    {NodeType::LOGICAL_OR, "bool, int16, int32, int64"},
    {NodeType::MUL_FUSION, "int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64"},
    {NodeType::NEG, "int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64"},
    {NodeType::QUANT_DTYPE_CAST, "bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64"},
    {NodeType::RECIPROCAL, "int8, uint8, float16, float32, float64"},
    {NodeType::ROUND, "int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64"},
    {NodeType::RSQRT, "int8, uint8, float16, float32, float64"},
    {NodeType::SIN, "int8, uint8, float16, float32, float64"},
    {NodeType::SQRT, "int8, uint8, float16, float32, float64"},
    {NodeType::SQUARE, "int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64"},
    {NodeType::SUB_FUSION, "int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64"},
    {NodeType::ERF, "int8, uint8, float16, float32, float64"},
    {NodeType::QUANT_DTYPE_CAST_V2, "bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64"},
};

// One node of `def` with every input of type t; true when inference accepts
// it with an output of type t or bool.
bool ProbeAccepts(const OpDef& def, DataType t) {
  const bool quant = t == DataType::kInt8 || t == DataType::kUint8;
  const std::vector<QuantParam> q = quant ? std::vector<QuantParam>{QuantParam{8, 0, 0.5}} : std::vector<QuantParam>{};
  std::vector<uint8_t> ones(4 * DataTypeSize(t));
  for (size_t i = 0; i < 4; ++i) StoreDouble(t, ones.data(), i, 1.0);
  for (DataType out : {t, DataType::kBool}) {
    SingleNodeCase c(def.type, "probe");
    for (int32_t i = 0; i < std::max(def.min_inputs, 1); ++i) c.In("x" + std::to_string(i), t, {2, 2}, ones, q);
    for (int32_t i = 0; i < std::max(def.min_outputs, 1); ++i) {
      c.Out("y" + std::to_string(i), out, {}, out == t ? q : std::vector<QuantParam>{});
    }
    NodeRun run(c.Build());
    if (run.Infer().ok()) return true;
  }
  return false;
}

TEST(OperatorDataTypes, DocsRowMatchesTheSignatures) {
  const std::string semantics = ReadRunfile("docs/semantics.md");
  ASSERT_FALSE(semantics.empty()) << "docs/semantics.md is missing from the runfiles";
  ASSERT_NE(semantics.find("\n## Data types by node type"), std::string::npos)
      << "docs/semantics.md has no data-type table";
  const std::string doc = ReadDataTypeTable();
  ASSERT_FALSE(doc.empty()) << "docs/operators/*.md are missing from the runfiles";
  std::vector<std::string> errors;
  const std::map<NodeType, std::set<DataType>> rows = DocRows(doc, &errors);
  for (const std::string& e : errors) ADD_FAILURE() << e;
  std::set<NodeType> implemented;
  for (const OpDef* def : ImplementedDefs()) {
    implemented.insert(def->type);
    const auto row = rows.find(def->type);
    const std::set<DataType> sig(def->data_types.begin(), def->data_types.end());
    if (row == rows.end()) {
      ADD_FAILURE() << NodeTypeName(def->type)
                    << " has no row in the data-type table (the \"## Data types\" section of its page in "
                       "docs/operators/); its row:\n| "
                    << NodeTypeName(def->type) << " | " << Names(sig) << " |";
      continue;
    }
    EXPECT_EQ(Names(row->second), Names(sig))
        << NodeTypeName(def->type) << ": the docs row (first) differs from OpDef::data_types (second)";
  }
  for (const auto& row : rows) {
    EXPECT_TRUE(implemented.count(row.first)) << NodeTypeName(row.first) << " has a row but is not implemented";
  }
}

TEST(OperatorDataTypes, SignaturesAreWhatInferenceAccepts) {
  int probed = 0;
  for (const OpDef* def : ImplementedDefs()) {
    std::set<DataType> accepted;
    for (DataType t : kAllTypes) {
      if (ProbeAccepts(*def, t)) accepted.insert(t);
    }
    if (accepted.empty() || kMixedOperandKinds.count(def->type)) continue;  // the docs row is the check
    ++probed;
    const std::set<DataType> sig(def->data_types.begin(), def->data_types.end());
    const auto gap = kKnownGaps.find(def->type);
    if (gap != kKnownGaps.end()) {
      EXPECT_EQ(Names(accepted), gap->second) << NodeTypeName(def->type) << ": the known gap changed";
      EXPECT_NE(Names(accepted), Names(sig)) << NodeTypeName(def->type) << ": the gap is closed; delete its entry";
      continue;
    }
    EXPECT_EQ(Names(accepted), Names(sig))
        << NodeTypeName(def->type) << ": inference accepts (first) other types than OpDef::data_types lists (second)";
  }
  EXPECT_GE(probed, 40) << "the probe reached too few node types to mean anything";
}

}  // namespace
}  // namespace cts
}  // namespace nnrt
