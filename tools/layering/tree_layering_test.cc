// The repository's own BUILD and .bzl files (the arguments; see BUILD) checked
// against the layering table of docs/architecture.md, and the same tree with
// one forbidden edge added, so this test is known to fail on one.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tools/layering/layering.h"

namespace nnrt {
namespace layering {
namespace {

std::vector<std::string>* Files() {
  static std::vector<std::string>* const files = new std::vector<std::string>();
  return files;
}

std::string Read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << path;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

LayerTable Table() {
  std::vector<std::string> errors;
  const LayerTable t = ParseLayerTable(Read("docs/architecture.md"), &errors);
  for (const std::string& e : errors) ADD_FAILURE() << e;
  return t;
}

// Package (the file's directory) -> its BUILD / .bzl texts.
std::map<std::string, std::vector<std::string>> Tree() {
  std::map<std::string, std::vector<std::string>> tree;
  for (const std::string& path : *Files()) {
    std::string package = path.substr(0, path.rfind('/') == std::string::npos ? 0 : path.rfind('/'));
    if (package.rfind("./", 0) == 0) package = package.substr(2);
    if (package == ".") package = "";
    tree[package].push_back(Read(path));
  }
  return tree;
}

TEST(TreeLayeringTest, TheTreeFollowsTheTable) {
  ASSERT_GT(Files()->size(), 20u);
  const std::vector<std::string> problems = CheckLayering(Table(), Tree());
  for (const std::string& p : problems) ADD_FAILURE() << p;
}

TEST(TreeLayeringTest, EveryLayerHasAPackageOfTheTree) {
  const LayerTable table = Table();
  const auto tree = Tree();
  for (size_t l = 0; l < table.layers.size(); ++l) {
    for (const std::string& pattern : table.layers[l]) {
      bool found = false;
      for (const auto& kv : tree) {
        const std::string package = kv.first;
        if (LayerOf(table, package) == static_cast<int>(l) &&
            (package == pattern || pattern.find("/...") != std::string::npos)) {
          found = true;
        }
      }
      EXPECT_TRUE(found) << "//" << pattern << " (layer '" << table.layer_names[l] << "') has no BUILD file here";
    }
  }
}

// Each forbidden edge of docs/architecture.md, added to the real tree, fails.
TEST(TreeLayeringTest, AForbiddenEdgeAddedToTheTreeFails) {
  const LayerTable table = Table();
  const struct {
    const char* package;
    const char* dep;
  } kForbidden[] = {
      {"reference/ops", "//reference/text_format"},   // the product ops link no parser
      {"reference/device", "//reference/cases:test_case"},
      {"reference/text_format", "//golden:golden_cases"},
      {"reference/cases", "//reference/text_format"},  // the case library is below the text format
      {"zoo", "//golden:golden_cases"},
      {"golden", "//conformance:conformance_lib"},
      {"importers/onnx", "//conformance:conformance_lib"},
      {"conformance", "//cts_driver:mutant_catalog"},
  };
  for (const auto& f : kForbidden) {
    auto tree = Tree();
    ASSERT_EQ(tree.count(f.package), 1u) << f.package;
    tree[f.package].push_back(std::string("cc_library(name = \"added\", deps = [\"") + f.dep + "\"])");
    EXPECT_FALSE(CheckLayering(table, tree).empty()) << "//" << f.package << " -> " << f.dep << " passes";
  }
}

}  // namespace
}  // namespace layering
}  // namespace nnrt

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i < argc; ++i) nnrt::layering::Files()->push_back(argv[i]);
  return RUN_ALL_TESTS();
}
