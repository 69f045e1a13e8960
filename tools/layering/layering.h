// The layering check (docs/architecture.md "Layers"): every library's Bazel
// deps may only reach its own layer or a lower one, and no two packages depend
// on each other through libraries. The table of layers is read from
// docs/architecture.md, so the document and the check cannot drift apart.
//
// Bazel compiles a library with the headers of its deps only (the sandbox),
// so checking the deps of every library checks its includes too. Test code
// (tests and testonly libraries) is not checked: a test may use anything
// above the code it tests.
#ifndef NNRT_TOOLS_LAYERING_LAYERING_H_
#define NNRT_TOOLS_LAYERING_LAYERING_H_

#include <map>
#include <set>
#include <string>
#include <vector>

namespace nnrt {
namespace layering {

// Layers bottom first; each holds package patterns: "reference/ir" is that
// package, "conformance/..." the package and everything under it ("" is the
// root package). `leaf_targets` ("reference/hal:hal_header") are header-only
// targets any layer may use.
struct LayerTable {
  std::vector<std::string> layer_names;
  std::vector<std::vector<std::string>> layers;
  std::set<std::string> leaf_targets;
};

// The table between "<!-- layering table -->" and "<!-- end of layering
// table -->": rows "| <layer> | `//pkg`, `//pkg/...` |", bottom first; a row
// whose layer is "any" lists the leaf targets. Appends a message to `errors`
// for a malformed table.
LayerTable ParseLayerTable(const std::string& markdown, std::vector<std::string>* errors);

// One label in a `deps` list of a rule.
struct DepEdge {
  std::string rule;     // the rule's kind, e.g. "cc_library"
  std::string target;   // "package:name" of the label, resolved against the file's package
  bool test = false;    // test code: a kind ending in "_test", or `testonly = True`
};

// Every label in the `deps = ...` of every rule or macro call in a BUILD or
// .bzl file of `package`. External labels ("@...") and select() keys are skipped.
std::vector<DepEdge> ParseDeps(const std::string& package, const std::string& build_text);

// The layer index of a package, or -1 when no pattern matches it.
int LayerOf(const LayerTable& table, const std::string& package);

// Checks the BUILD/.bzl texts of the packages (package -> texts) against the
// table; returns one message per problem (empty: the tree is layered):
// a package of no layer, a library dep reaching a higher layer, a package
// cycle through library deps.
std::vector<std::string> CheckLayering(const LayerTable& table,
                                       const std::map<std::string, std::vector<std::string>>& build_texts);

}  // namespace layering
}  // namespace nnrt

#endif  // NNRT_TOOLS_LAYERING_LAYERING_H_
