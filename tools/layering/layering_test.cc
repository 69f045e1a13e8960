// The layering checker on small synthetic trees: a clean tree passes, and an
// upward library dep, a package cycle or a package of no layer is reported.
#include "tools/layering/layering.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace nnrt {
namespace layering {
namespace {

const char* const kTable = R"(
Some prose.
<!-- layering table -->
| Layer | Packages |
|---|---|
| base | `//low` |
| middle | `//mid/...`, `//side` |
| top | `//top` |
| any | `//top:headers` |
<!-- end of layering table -->
)";

LayerTable Table() {
  std::vector<std::string> errors;
  LayerTable t = ParseLayerTable(kTable, &errors);
  EXPECT_TRUE(errors.empty());
  return t;
}

using Tree = std::map<std::string, std::vector<std::string>>;

Tree CleanTree() {
  return {
      {"low", {R"(cc_library(name = "low", deps = ["@system_libs//:gtest"]))"}},
      {"mid", {R"(
# A comment with "//top:top" in it.
cc_library(
    name = "mid",
    srcs = ["mid.cc"],
    deps = [":mid_helpers", "//low"] + select({
        "//conditions:default": ["//low:low"],
    }),
    visibility = ["//top:__pkg__"],
)
cc_test(name = "mid_test", deps = ["//top", ":mid"])
)"}},
      {"mid/sub", {R"(cc_library(name = "sub", deps = ["//mid", "//top:headers"]))"}},
      {"side", {R"(cc_library(name = "side", deps = ["//low"]))"}},
      {"top", {R"([cc_binary(name = n, deps = ["//mid/sub", "//side"]) for n in ["a", "b"]])"}},
  };
}

TEST(LayeringTableTest, ReadsLayersAndLeafTargets) {
  const LayerTable t = Table();
  ASSERT_EQ(t.layers.size(), 3u);
  EXPECT_EQ(t.layer_names[1], "middle");
  EXPECT_EQ(LayerOf(t, "low"), 0);
  EXPECT_EQ(LayerOf(t, "mid"), 1);
  EXPECT_EQ(LayerOf(t, "mid/sub/deeper"), 1);
  EXPECT_EQ(LayerOf(t, "middle"), -1);
  EXPECT_EQ(LayerOf(t, "top"), 2);
  EXPECT_EQ(t.leaf_targets.count("top:headers"), 1u);
}

TEST(LayeringTableTest, MissingTableIsAnError) {
  std::vector<std::string> errors;
  ParseLayerTable("no table here", &errors);
  EXPECT_FALSE(errors.empty());
}

TEST(LayeringParseTest, ReadsDepsOfEveryRuleAndSkipsSelectKeysAndExternals) {
  const std::vector<DepEdge> edges = ParseDeps("mid", CleanTree()["mid"][0]);
  std::vector<std::string> targets;
  for (const DepEdge& e : edges) targets.push_back(e.target + (e.test ? " (test)" : ""));
  EXPECT_EQ(targets, (std::vector<std::string>{"mid:mid_helpers", "low:low", "low:low", "top:top (test)",
                                               "mid:mid (test)"}));
  EXPECT_EQ(edges[0].rule, "cc_library");
}

TEST(LayeringCheckTest, CleanTreePasses) {
  const std::vector<std::string> problems = CheckLayering(Table(), CleanTree());
  EXPECT_TRUE(problems.empty()) << problems[0];
}

TEST(LayeringCheckTest, UpwardLibraryDepFails) {
  Tree tree = CleanTree();
  tree["low"].push_back(R"(cc_library(name = "uses_mid", deps = ["//mid:mid"]))");
  const std::vector<std::string> problems = CheckLayering(Table(), tree);
  ASSERT_EQ(problems.size(), 2u);  // the upward edge, and with it the cycle low <-> mid
  EXPECT_NE(problems[0].find("//low (cc_library, layer 'base') uses //mid:mid of the higher layer 'middle'"),
            std::string::npos)
      << problems[0];
  EXPECT_NE(problems[1].find("package cycle"), std::string::npos) << problems[1];
}

TEST(LayeringCheckTest, UpwardDepInAMacroFileFails) {
  Tree tree = CleanTree();
  tree["side"].push_back(R"(
def side_driver(name):
    native.cc_binary(name = name, deps = ["//top"])
)");
  const std::vector<std::string> problems = CheckLayering(Table(), tree);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_NE(problems[0].find("uses //top:top of the higher layer 'top'"), std::string::npos) << problems[0];
}

TEST(LayeringCheckTest, SameLayerCycleFails) {
  Tree tree = CleanTree();
  tree["side"].push_back(R"(cc_library(name = "back", deps = ["//mid/sub:sub"]))");
  tree["mid/sub"].push_back(R"(cc_library(name = "forth", deps = ["//side"]))");
  const std::vector<std::string> problems = CheckLayering(Table(), tree);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], "package cycle through library deps: //mid/sub //side");
}

TEST(LayeringCheckTest, TestsMayUseHigherLayers) {
  Tree tree = CleanTree();
  tree["low"].push_back(R"(cc_test(name = "low_test", deps = ["//top", "//mid"]))");
  tree["low"].push_back(R"(cc_library(name = "low_testing", deps = ["//top"], testonly = True))");
  EXPECT_TRUE(CheckLayering(Table(), tree).empty());
}

TEST(LayeringCheckTest, PackageOfNoLayerFails) {
  Tree tree = CleanTree();
  tree["elsewhere"] = {R"(cc_library(name = "x"))"};
  tree["top"].push_back(R"(cc_library(name = "y", deps = ["//unknown:z"]))");
  const std::vector<std::string> problems = CheckLayering(Table(), tree);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0], "//elsewhere is in no layer of docs/architecture.md");
  EXPECT_NE(problems[1].find("//unknown:z, whose package is in no layer"), std::string::npos) << problems[1];
}

}  // namespace
}  // namespace layering
}  // namespace nnrt
