// What "an operator is done" means (OPERATOR_DONE.md), checked from the one
// node-type list (reference/ops/registry.cc) so that adding an operator
// without one of its parts fails here with a message naming the part:
//   spec (with tolerance class, graph role and model-bound decision), golden
//   cases, its page in docs/operators/ (semantics, tolerance, quantization
//   and data-type rows), a
//   mutant for its family, every OH_NN operation lowering to a node type of
//   the list and run end to end (reference/runtime/op_e2e_tests/).
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "conformance/mutations/invalid_model.h"
#include "conformance/mutations/mutations.h"
#include "conformance/runner.h"
#include "conformance/node_spec.h"
#include "cts_driver/mutant_catalog.h"
#include "golden/golden_case.h"
#include "golden/golden_files.h"
#include "reference/device/reference_device.h"
#include "reference/ops/elementwise/activation.h"
#include "reference/ops/core/op_def.h"
#include "reference/runtime/op_builders/op_builder.h"
#include "reference/runtime/op_builders/op_coverage.h"

namespace nnrt {
namespace cts {
namespace {

constexpr int kMinGoldenCasesPerNodeType = 3;  // OPERATOR_DONE.md item 4

std::vector<const OpDef*> ImplementedDefs() {
  std::vector<const OpDef*> out;
  for (const OpDef& def : AllOpDefs()) {
    if (def.type != NodeType::NONE && def.implemented()) out.push_back(&def);
  }
  return out;
}

std::string ReadDoc(const std::string& name) {
  std::ifstream in(golden::RunfilesPath("docs/" + name));
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Node type names (ADD_FUSION, ...) appearing as words in `text`. The words
// after ACTIVATION up to the next ';' or line end are activation types
// ("ACTIVATION ABS, LEAKY_RELU"), not node types.
std::set<NodeType> NodeTypesNamedIn(const std::string& text) {
  std::set<NodeType> out;
  std::string word;
  bool activation_list = false;
  for (size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : '\n';
    if (std::isupper(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_') {
      word += c;
      continue;
    }
    if (!word.empty()) {
      const auto t = ParseNodeType(word);
      if (t && !activation_list) out.insert(*t);
      if (t == NodeType::ACTIVATION) activation_list = true;
      word.clear();
    }
    if (c == ';' || c == '\n') activation_list = false;
  }
  out.erase(NodeType::NONE);
  return out;
}

std::string Names(const std::set<NodeType>& types) {
  std::string s;
  for (NodeType t : types) s += std::string(s.empty() ? "" : ", ") + NodeTypeName(t);
  return s;
}

std::set<NodeType> ImplementedSet() {
  std::set<NodeType> out;
  for (const OpDef* def : ImplementedDefs()) out.insert(def->type);
  return out;
}

void ExpectSameNodeTypes(const std::set<NodeType>& listed, const std::string& where) {
  const std::set<NodeType> implemented = ImplementedSet();
  std::set<NodeType> missing, extra;
  for (NodeType t : implemented) {
    if (!listed.count(t)) missing.insert(t);
  }
  for (NodeType t : listed) {
    if (!implemented.count(t)) extra.insert(t);
  }
  EXPECT_TRUE(missing.empty()) << where << " does not list implemented node types: " << Names(missing);
  EXPECT_TRUE(extra.empty()) << where << " lists node types that are not implemented: " << Names(extra);
}

TEST(OperatorCompleteness, EveryImplementedNodeTypeHasASpecWithToleranceAndGraphRole) {
  for (const OpDef* def : ImplementedDefs()) {
    bool has_spec = false;
    for (const NodeSpec& spec : AllNodeSpecs()) {
      if (spec.type != def->type) continue;
      has_spec = true;
      EXPECT_TRUE(spec.tolerance.has_value()) << spec.name << ": no tolerance class (NodeSpec::tolerance)";
      EXPECT_TRUE(spec.graph.kind != GraphKind::kNotChainable || spec.graph.reason[0] != '\0')
          << spec.name << ": neither a graph signature nor the reason it is not chainable";
      EXPECT_NE(spec.generate, nullptr) << spec.name << ": no generator";
      EXPECT_FALSE(spec.dtypes.empty()) << spec.name << ": no data types";
      for (DataType t : spec.dtypes) {
        EXPECT_NE(std::find(def->data_types.begin(), def->data_types.end(), t), def->data_types.end())
            << spec.name << " generates " << DataTypeName(t) << ", which the module's signatures do not list";
      }
      for (const AttrDomain& d : spec.attrs) {
        EXPECT_NE(d.name[0], '\0') << spec.name << ": an attribute domain names an attribute the schema lacks";
      }
    }
    EXPECT_TRUE(has_spec) << NodeTypeName(def->type) << " is implemented but has no conformance spec";
  }
}

// The model-level bound (conformance/model/bounds.cc) reads the rule off the
// spec: every spec decides one, kNone being the explicit "no rule".
TEST(OperatorCompleteness, EverySpecDecidesItsModelBoundRule) {
  for (const NodeSpec& spec : AllNodeSpecs()) {
    EXPECT_NE(spec.model_bound, ModelBoundRule::kUndecided)
        << spec.name << ": no model-bound decision (NodeSpec::model_bound; ModelBoundRule::kNone if none)";
  }
}

// model_bound, keeps_input_quant and broadcasting_binary are read per node
// type (FirstNodeSpecOf): the specs of one node type (the ACTIVATION types) agree.
TEST(OperatorCompleteness, SpecsOfOneNodeTypeAgreeOnItsNodeTypeFacts) {
  for (const NodeSpec& spec : AllNodeSpecs()) {
    const NodeSpec* first = FirstNodeSpecOf(spec.type);
    ASSERT_NE(first, nullptr);
    EXPECT_EQ(spec.model_bound, first->model_bound) << spec.name << " vs " << first->name << ": model_bound";
    EXPECT_EQ(spec.keeps_input_quant, first->keeps_input_quant) << spec.name << " vs " << first->name;
    EXPECT_EQ(spec.broadcasting_binary, first->broadcasting_binary) << spec.name << " vs " << first->name;
  }
}

// The spec list's order keys (NNRT_NODE_SPEC) are unique: two specs with one
// key would make the order depend on the link order.
TEST(OperatorCompleteness, SpecOrderKeysAreUnique) {
  const std::vector<int> keys = NodeSpecOrderKeys();
  ASSERT_EQ(keys.size(), AllNodeSpecs().size());
  for (size_t i = 1; i < keys.size(); ++i) {
    EXPECT_LT(keys[i - 1], keys[i]) << AllNodeSpecs()[i].name << " shares order key " << keys[i] << " with "
                                    << AllNodeSpecs()[i - 1].name;
  }
}

TEST(OperatorCompleteness, EveryImplementedActivationTypeHasASpec) {
  for (int a = 0; a <= static_cast<int>(ActivationType::kUnknown); ++a) {
    const ActivationType type = static_cast<ActivationType>(a);
    if (type == ActivationType::kNone || FindActivationImpl(type) == nullptr) continue;
    EXPECT_NE(FindNodeSpecFor(NodeType::ACTIVATION, type), nullptr)
        << "activation type " << a << " is implemented but has no conformance spec";
  }
}

TEST(OperatorCompleteness, SpecsExistOnlyForImplementedNodeTypes) {
  for (const NodeSpec& spec : AllNodeSpecs()) {
    const OpDef* def = FindOpDef(spec.type);
    EXPECT_TRUE(def != nullptr && def->implemented()) << spec.name << " has a spec but no implementation";
  }
}

TEST(OperatorCompleteness, EveryImplementedNodeTypeHasGoldenCases) {
  std::map<NodeType, int> cases;
  for (const golden::GoldenCase& c : golden::AllGoldenCases()) {
    std::set<NodeType> in_case;
    for (const Node& n : c.test_case.model.nodes) in_case.insert(n.type);
    for (NodeType t : in_case) ++cases[t];
  }
  for (const OpDef* def : ImplementedDefs()) {
    EXPECT_GE(cases[def->type], kMinGoldenCasesPerNodeType)
        << NodeTypeName(def->type) << " has " << cases[def->type] << " golden case(s) (golden/cases/)";
  }
}

// The operator pages (docs/operators/*.md, one per operator or tight family):
// their "## " headings name the node types whose semantics they hold; the
// sections "## Tolerance", "## Quantization" and "## Data types" hold the
// page's rows of the tolerance table (docs/conformance.md), of the
// requantization table (docs/quantization.md section 5) and of the data-type
// table (docs/semantics.md).
struct OperatorPage {
  std::string path;  // docs/operators/<page>.md
  std::string text;
};

std::vector<OperatorPage> OperatorPages() {
  std::vector<OperatorPage> pages;
  const std::filesystem::path dir = golden::RunfilesPath("docs/operators");
  if (!std::filesystem::is_directory(dir)) return pages;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > 3 && name.compare(name.size() - 3, 3, ".md") == 0) {
      pages.push_back({"docs/operators/" + name, ReadDoc("operators/" + name)});
    }
  }
  std::sort(pages.begin(), pages.end(), [](const OperatorPage& a, const OperatorPage& b) { return a.path < b.path; });
  return pages;
}

const char* const kTableSections[] = {"## Tolerance", "## Quantization", "## Data types"};

// Node types named by the page's semantics headings (every "## " heading but the table sections).
std::set<NodeType> HeadingNodeTypes(const std::string& text) {
  std::string headings;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("## ", 0) != 0) continue;
    bool table_section = false;
    for (const char* section : kTableSections) table_section = table_section || line == section;
    if (!table_section) headings += line + "\n";
  }
  return NodeTypesNamedIn(headings);
}

// Node types named by the first cells of the table rows in the page's section `heading`.
std::set<NodeType> FirstCellNodeTypes(const std::string& text, const std::string& heading, bool* found) {
  const size_t begin = text.find("\n" + heading + "\n");
  *found = begin != std::string::npos;
  if (!*found) return {};
  const size_t end = text.find("\n## ", begin + 1);
  std::string first_cells;
  std::istringstream lines(text.substr(begin, end == std::string::npos ? std::string::npos : end - begin));
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("| ", 0) == 0) first_cells += line.substr(0, line.find('|', 2)) + "\n";
  }
  return NodeTypesNamedIn(first_cells);
}

TEST(OperatorCompleteness, OperatorPageHeadingsNameExactlyTheImplementedNodeTypes) {
  const std::vector<OperatorPage> pages = OperatorPages();
  ASSERT_FALSE(pages.empty()) << "docs/operators/*.md are missing from the runfiles";
  std::map<NodeType, std::string> page_of;
  std::set<NodeType> named;
  for (const OperatorPage& page : pages) {
    const std::set<NodeType> types = HeadingNodeTypes(page.text);
    EXPECT_FALSE(types.empty()) << page.path << ": no heading names a node type";
    for (NodeType t : types) {
      const auto [it, inserted] = page_of.emplace(t, page.path);
      EXPECT_TRUE(inserted) << NodeTypeName(t) << " has semantics headings on two pages: " << it->second << " and "
                            << page.path;
      named.insert(t);
    }
  }
  ExpectSameNodeTypes(named, "the headings of docs/operators/*.md");
}

// Each page carries, in each table section, a row for every node type its
// headings name, and none for a node type whose semantics are elsewhere.
void ExpectPageRows(const std::string& section, const std::string& table) {
  const std::vector<OperatorPage> pages = OperatorPages();
  ASSERT_FALSE(pages.empty()) << "docs/operators/*.md are missing from the runfiles";
  std::set<NodeType> with_row;
  for (const OperatorPage& page : pages) {
    const std::set<NodeType> own = HeadingNodeTypes(page.text);
    bool found = false;
    const std::set<NodeType> rows = FirstCellNodeTypes(page.text, section, &found);
    EXPECT_TRUE(found) << page.path << " has no \"" << section << "\" section (its rows of " << table << ")";
    std::set<NodeType> missing, foreign;
    for (NodeType t : own) {
      if (!rows.count(t)) missing.insert(t);
    }
    for (NodeType t : rows) {
      if (!own.count(t)) foreign.insert(t);
    }
    EXPECT_TRUE(missing.empty()) << page.path << " has no row of " << table << " for: " << Names(missing);
    EXPECT_TRUE(foreign.empty()) << page.path << " has rows of " << table
                                 << " for node types whose semantics are on another page (or none): " << Names(foreign);
    with_row.insert(rows.begin(), rows.end());
  }
  std::set<NodeType> without;
  for (NodeType t : ImplementedSet()) {
    if (!with_row.count(t)) without.insert(t);
  }
  EXPECT_TRUE(without.empty()) << "no operator page has a row of " << table << " for: " << Names(without);
}

TEST(OperatorCompleteness, EveryOperatorPageHasToleranceRowsForItsNodeTypes) {
  ExpectPageRows("## Tolerance", "the tolerance table (docs/conformance.md, Tolerances)");
}

TEST(OperatorCompleteness, EveryOperatorPageHasQuantizationRowsForItsNodeTypes) {
  ExpectPageRows("## Quantization", "the requantization table (docs/quantization.md section 5)");
}

TEST(OperatorCompleteness, EveryOperatorPageHasDataTypeRowsForItsNodeTypes) {
  ExpectPageRows("## Data types", "the data-type table (docs/semantics.md, Data types by node type)");
}

// Every invalid-model family is listed once: in the family table of
// docs/conformance.md (first backticked word of each item), or, for a family of
// one operator's own rule (conformance/mutations/operators/), in the
// "## Invalid models" section of that operator's page (first backticked word
// of each line).
TEST(OperatorCompleteness, EveryMutationFamilyIsListedOnceInTheTableOrOnItsOperatorPage) {
  const std::string doc = ReadDoc("conformance.md");
  const size_t begin = doc.find("| group | families |");
  ASSERT_NE(begin, std::string::npos) << "docs/conformance.md has no mutation family table";
  const size_t end = doc.find("\n\n", begin);
  const std::string table = doc.substr(begin, end - begin);
  std::map<std::string, std::vector<std::string>> listed;  // family -> where
  for (size_t at = table.find("| ", 1); at != std::string::npos;) {
    const size_t tick = table.find('`', at);
    if (tick == std::string::npos) break;
    const size_t close = table.find('`', tick + 1);
    const std::string word = table.substr(tick + 1, close - tick - 1);
    // An item starts the cell or follows ", " (words inside an item's parentheses follow "(" or a word).
    const bool item_start = table.compare(tick - 2, 2, "| ") == 0 || table.compare(tick - 2, 2, ", ") == 0;
    if (item_start) listed[word].push_back("docs/conformance.md");
    at = close + 1;
  }
  for (const OperatorPage& page : OperatorPages()) {
    const size_t section = page.text.find("\n## Invalid models");
    if (section == std::string::npos) continue;
    const size_t section_end = page.text.find("\n## ", section + 1);
    std::istringstream lines(page.text.substr(section, section_end - section));
    for (std::string line; std::getline(lines, line);) {
      if (line.size() < 2 || line[0] != '`') continue;
      listed[line.substr(1, line.find('`', 1) - 1)].push_back(page.path);
    }
  }
  // Two families may share a name (quant_output_float, for a float input and
  // for a quantized one): a name is listed as often as it is registered.
  std::map<std::string, size_t> registered;
  for (const MutationFamily& f : AllMutationFamilies()) ++registered[f.name];
  for (const auto& [name, count] : registered) {
    const auto it = listed.find(name);
    EXPECT_TRUE(it != listed.end() && it->second.size() == count)
        << "family " << name << " is registered " << count << " time(s) and listed "
        << (it == listed.end() ? 0 : it->second.size())
        << " (docs/conformance.md family table or an operator page's \"Invalid models\")";
  }
}

// The invalid-model families' order keys (NNRT_MUTATION_FAMILY) are unique.
TEST(OperatorCompleteness, MutationFamilyOrderKeysAreUnique) {
  const std::vector<int> keys = MutationFamilyOrderKeys();
  ASSERT_EQ(keys.size(), AllMutationFamilies().size());
  for (size_t i = 1; i < keys.size(); ++i) {
    EXPECT_LT(keys[i - 1], keys[i]) << AllMutationFamilies()[i].name << " shares order key " << keys[i]
                                    << " with " << AllMutationFamilies()[i - 1].name;
  }
}

// The node-level families every operator meets through its OpDef schema and
// data-type signatures alone (input/output counts, attribute types, counts and
// names, operand types, quantized results); they say nothing of the rules an
// operator's attribute values and shapes obey.
bool IsSchemaOnlyFamily(const std::string& name) {
  static const std::set<std::string> schema_only = {
      "attr_wrong_type",  "attr_required_missing", "attr_unknown_name", "attr_wrong_count",
      "too_few_inputs",   "too_many_inputs",       "too_many_outputs",  "operand_type_not_allowed",
      "quant_output_float",
  };
  return schema_only.count(name) > 0;
}

// Every spec of a node type whose OpDef has attributes meets a node-level
// invalid-model family beyond the schema-only ones: a model breaking one of
// its own rules, which the reference rejects (3 seeded valid cases per spec),
// unless the spec says why none can (no_own_invalid_model_family).
TEST(OperatorCompleteness, EveryOperatorWithAttributesHasAnInvalidModelFamily) {
  std::unique_ptr<Candidate> reference;
  ASSERT_TRUE(OpenCandidateFromTable(ReferenceDriver(), "in-process reference", &reference).ok());
  for (const NodeSpec& spec : AllNodeSpecs()) {
    const OpDef* def = FindOpDef(spec.type);
    if (def == nullptr || def->attrs.empty()) continue;
    InvalidSuiteOptions options;
    options.cases = 3;
    options.seed = 20261128;
    options.isolate = false;
    options.run_probes = false;
    const InvalidSuiteResult result = RunInvalidModelProperty(spec, *reference, options);
    const bool exempt = spec.no_own_invalid_model_family != nullptr;
    std::vector<std::string> own;
    for (const auto& [name, counts] : result.families) {
      const MutationFamily* family = FindMutationFamily(name);
      if (family != nullptr && family->level == MutationLevel::kNode && !IsSchemaOnlyFamily(name) &&
          counts.rejected > 0) {
        own.push_back(name);
      }
    }
    if (exempt) {
      EXPECT_TRUE(own.empty()) << spec.name << " says no family breaks its rules (" << spec.no_own_invalid_model_family
                               << "), but " << own.front() << " does: drop the exemption";
      continue;
    }
    EXPECT_FALSE(own.empty()) << spec.name << ": no invalid-model family breaks a rule of its own (attributes: "
                              << def->attrs.size() << "); add one, or say why none can (no_own_invalid_model_family)";
  }
}

TEST(OperatorCompleteness, EveryOperatorFamilyHasAMutantTheSuiteCatches) {
  std::set<std::string> families_with_mutant;
  for (const MutantInfo& m : MutantCatalog()) {
    const NodeSpec* spec = FindNodeSpec(m.spec);
    const OpDef* def = spec != nullptr ? FindOpDef(spec->type) : nullptr;
    if (def != nullptr && m.caught && m.in_default_run) families_with_mutant.insert(def->family);
  }
  for (const OpDef* def : ImplementedDefs()) {
    EXPECT_NE(def->family[0], '\0') << NodeTypeName(def->type) << ": the module names no family";
    EXPECT_TRUE(families_with_mutant.count(def->family))
        << "family '" << def->family << "' (" << NodeTypeName(def->type)
        << ") has no mutant driver caught by the default suite (cts_driver/mutant_catalog.cc)";
  }
}

TEST(OperatorCompleteness, EveryOhnnOperationLowersToANodeTypeOfTheList) {
  for (int32_t op = 1; op <= 108; ++op) {
    const rt::OpBuilderSpec* b = rt::FindOpBuilder(op);
    ASSERT_NE(b, nullptr) << "OH_NN operation " << op << " has no builder";
    const OpDef* def = FindOpDef(b->node_type);
    EXPECT_TRUE(def != nullptr && b->node_type != NodeType::NONE) << b->name << " lowers outside the node-type list";
    for (const Attr& a : b->fixed_attrs) {
      EXPECT_NE(def->FindAttr(a.name), nullptr) << b->name << " fixes attribute '" << a.name << "', which "
                                                << NodeTypeName(b->node_type) << " does not have";
    }
  }
}

std::string ReadRunfile(const std::string& path) {
  std::ifstream in(golden::RunfilesPath(path));
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The OH_NN_OPS_* enumerators of the public header.
std::vector<std::string> OhnnOperationNames() {
  const std::string header = ReadRunfile("reference/include/neural_network_runtime/neural_network_runtime_type.h");
  std::vector<std::string> names;
  for (size_t at = header.find("OH_NN_OPS_"); at != std::string::npos; at = header.find("OH_NN_OPS_", at + 1)) {
    size_t end = at;
    while (end < header.size() && (std::isupper(static_cast<unsigned char>(header[end])) ||
                                   std::isdigit(static_cast<unsigned char>(header[end])) || header[end] == '_')) {
      ++end;
    }
    if (header.compare(end, 3, " = ") == 0) names.push_back(header.substr(at, end - at));
  }
  return names;
}

// Every OH_NN operation is built, compiled and run through the C API by an
// end-to-end test (reference/runtime/op_e2e_tests/<family>_e2e_test.cc, one
// cc_test each by glob): its enumerator appears in one of those files.
TEST(OperatorCompleteness, EveryOhnnOperationHasAnEndToEndTest) {
  const std::vector<std::string> operations = OhnnOperationNames();
  ASSERT_EQ(operations.size(), 108u) << "the OH_NN_OPS_ enumerators of neural_network_runtime_type.h";
  const std::filesystem::path dir = golden::RunfilesPath("reference/runtime/op_e2e_tests");
  std::string sources;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > 12 && name.compare(name.size() - 12, 12, "_e2e_test.cc") == 0) {
      sources += ReadRunfile("reference/runtime/op_e2e_tests/" + name) + "\n";
    }
  }
  ASSERT_FALSE(sources.empty()) << "no end-to-end test sources in the runfiles";
  for (const std::string& op : operations) {
    bool found = false;
    for (size_t at = sources.find(op); at != std::string::npos && !found; at = sources.find(op, at + 1)) {
      const char next = at + op.size() < sources.size() ? sources[at + op.size()] : ' ';
      found = !(std::isupper(static_cast<unsigned char>(next)) || std::isdigit(static_cast<unsigned char>(next)) ||
                next == '_');
    }
    EXPECT_TRUE(found) << op << " has no end-to-end test (reference/runtime/op_e2e_tests/<family>_e2e_test.cc)";
  }
}

TEST(OperatorCompleteness, CoverageLineIsDerivedFromTheListAndTheBuilders) {
  const rt::OperatorCoverage c = rt::ComputeOperatorCoverage();
  EXPECT_EQ(c.node_types_total, 96);
  EXPECT_EQ(c.operations_total, 108);
  EXPECT_EQ(c.node_types_implemented, static_cast<int32_t>(ImplementedDefs().size()));
  EXPECT_EQ(c.operations_implemented + static_cast<int32_t>(c.missing_operations.size()), c.operations_total);
  EXPECT_EQ(rt::CoverageLine(c), "node types " + std::to_string(c.node_types_implemented) + "/96, OH_NN operations " +
                                     std::to_string(c.operations_implemented) + "/108");
}

}  // namespace
}  // namespace cts
}  // namespace nnrt
