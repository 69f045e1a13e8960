// //golden:golden_test: the checked-in golden files are exactly what the
// definitions and today's reference produce (docs/golden.md).
#include <algorithm>
#include <map>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "golden/case_builder.h"
#include "golden/golden_case.h"
#include "golden/golden_files.h"
#include "reference/cases/run_on_reference.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace golden {
namespace {

const char kRegenerate[] = "run bazel run //golden:regenerate";

std::string DataDir() { return RunfilesPath("golden/data"); }

std::set<std::string> CheckedInFiles() {
  std::set<std::string> files;
  std::string error;
  const std::string dir = DataDir();
  if (!dir.empty()) ListGoldenFiles(dir, &files, &error);
  EXPECT_EQ(error, "");
  return files;
}

TEST(GoldenFiles, SetOfFilesEqualsSetOfDefinedCases) {
  const std::set<std::string> files = CheckedInFiles();
  std::set<std::string> defined;
  for (const GoldenCase& c : AllGoldenCases()) {
    EXPECT_TRUE(defined.insert(RelativePath(c)).second) << "duplicate golden case " << RelativePath(c);
  }
  for (const std::string& d : defined) {
    EXPECT_EQ(files.count(d), 1u) << "golden case " << d << " is defined but has no file: " << kRegenerate;
  }
  for (const std::string& f : files) {
    EXPECT_EQ(defined.count(f), 1u) << "golden/data/" << f << " is not a defined case (stale): " << kRegenerate;
  }
}

// Each file parses, equals what regenerate would write today, and a fresh
// reference run on the parsed file gives its expected outputs bit for bit (and
// dims), or fails with its expect_error code.
TEST(GoldenFiles, EveryFileReplaysBitExactOnTheReference) {
  const std::string dir = DataDir();
  ASSERT_FALSE(dir.empty()) << "golden/data is missing from the runfiles: " << kRegenerate;
  std::map<std::string, const GoldenCase*> defined;
  for (const GoldenCase& c : AllGoldenCases()) defined[RelativePath(c)] = &c;
  int checked = 0;
  for (const std::string& rel : CheckedInFiles()) {
    SCOPED_TRACE(rel);
    TestCase file;
    const Status parsed = ReadCaseFile(dir + "/" + rel, &file);
    ASSERT_TRUE(parsed.ok()) << parsed.ToString();
    const auto it = defined.find(rel);
    if (it != defined.end()) {
      std::string text, want;
      ASSERT_TRUE(ReadWholeFile(dir + "/" + rel, &text));
      const Status rendered = RenderCase(*it->second, &want);
      ASSERT_TRUE(rendered.ok()) << rendered.ToString();
      EXPECT_EQ(text, want) << "golden/data/" << rel << " differs from its definition: " << kRegenerate;
    }
    std::vector<HostTensor> outputs;
    std::string stage;
    const Status run = RunCaseOnReference(file, &outputs, &stage);
    const std::string expect_error = MetaValue(file, kMetaExpectError);
    if (!expect_error.empty()) {
      NNRT_ReturnCode code;
      ASSERT_TRUE(ParseReturnCode(expect_error, &code)) << "unknown expect_error " << expect_error;
      EXPECT_FALSE(run.ok()) << "expected " << expect_error << ", the reference run succeeds";
      EXPECT_EQ(std::string(ReturnCodeName(run.code())), expect_error) << run.ToString();
      EXPECT_EQ(stage, MetaValue(file, kMetaExpectErrorStage));
      EXPECT_TRUE(file.expected.empty());
    } else {
      ASSERT_TRUE(run.ok()) << stage << ": " << run.ToString();
      EXPECT_EQ(DiffTensors(file.expected, outputs), "");
    }
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

TEST(GoldenFiles, EveryImplementedNodeTypeHasAGoldenCase) {
  std::set<NodeType> covered;
  for (const GoldenCase& c : AllGoldenCases()) {
    if (c.expect_error != NNRT_SUCCESS) continue;  // a run that fails does not cover the kernel
    for (const Node& n : c.test_case.model.nodes) covered.insert(n.type);
  }
  for (const OpDef& def : AllOpDefs()) {
    if (!def.implemented()) continue;
    EXPECT_EQ(covered.count(def.type), 1u)
        << NodeTypeName(def.type) << " is implemented but has no successful golden case (golden/cases/)";
  }
}

TEST(GoldenFiles, EveryImplementedActivationTypeHasAGoldenCase) {
  std::set<int64_t> covered;
  for (const GoldenCase& c : AllGoldenCases()) {
    if (c.expect_error != NNRT_SUCCESS) continue;
    for (const Node& n : c.test_case.model.nodes) {
      if (n.type == NodeType::ACTIVATION) covered.insert(GetIntAttr(n, "activationType", 0));
    }
  }
  // Probe each activation type on a float32 ACTIVATION node: supported types need a case.
  for (int64_t t = 1; t < static_cast<int64_t>(ActivationType::kUnknown); ++t) {
    SingleNodeCase probe(NodeType::ACTIVATION, "probe");
    probe.In("x", DataType::kFloat32, {1}, Values(DataType::kFloat32, {1})).Out("y", DataType::kFloat32, {1});
    probe.WithAttr(Attr::Int8("activationType", static_cast<int8_t>(t)));
    std::vector<HostTensor> out;
    std::string stage;
    if (!RunCaseOnReference(probe.Build(), &out, &stage).ok()) continue;
    EXPECT_EQ(covered.count(t), 1u) << "activation type " << t << " runs but has no golden case";
  }
}

TEST(GoldenFiles, ClarificationClaimsNameExistingCasesAndEveryPinningCaseIsClaimed) {
  const std::string path = RunfilesPath("docs/clarifications.md");
  ASSERT_FALSE(path.empty()) << "docs/clarifications.md is missing from the runfiles";
  std::string markdown;
  ASSERT_TRUE(ReadWholeFile(path, &markdown));
  std::map<int, std::vector<std::string>> claims;
  std::set<int> entries;
  ParseClarificationGoldenClaims(markdown, &claims, &entries);
  std::set<std::string> defined;
  for (const GoldenCase& c : AllGoldenCases()) defined.insert(c.family + "/" + c.name);
  for (const auto& kv : claims) {
    for (const std::string& name : kv.second) {
      EXPECT_EQ(defined.count(name), 1u) << "C-" << kv.first << " claims golden case `" << name
                                         << "`, which is not defined in golden/cases/";
    }
  }
  for (const GoldenCase& c : AllGoldenCases()) {
    const int n = ClarificationNumberOfCase(c.name);
    if (n < 0) continue;
    const std::string name = c.family + "/" + c.name;
    EXPECT_EQ(entries.count(n), 1u) << name << " pins C-" << n << ", which docs/clarifications.md lacks";
    const std::vector<std::string>& listed = claims[n];
    EXPECT_NE(std::find(listed.begin(), listed.end(), name), listed.end())
        << "C-" << n << " does not list its golden case `" << name << "` (add: golden `" << name << "`)";
  }
}

// The parser of claims itself (C-201).
TEST(GoldenFiles, ClaimParserReadsBackquotedListsAfterTheWordGolden) {
  const std::string md =
      "# Clarifications register\n"
      "## C-7. x\n"
      "- **Pinned by:** T.A; golden `fam/c007_a`, `fam/c007_b`\n"
      "- a golden file (prose) and `reference/ops/x.cc`\n"
      "## C-8. y\n"
      "- **Pinned by:** T.B\n";
  std::map<int, std::vector<std::string>> claims;
  std::set<int> entries;
  ParseClarificationGoldenClaims(md, &claims, &entries);
  EXPECT_EQ(entries, (std::set<int>{7, 8}));
  EXPECT_EQ(claims[7], (std::vector<std::string>{"fam/c007_a", "fam/c007_b"}));
  EXPECT_TRUE(claims[8].empty());
  EXPECT_EQ(ClarificationNumberOfCase("c042_int_div"), 42);
  EXPECT_EQ(ClarificationNumberOfCase("c42_int_div"), -1);
  EXPECT_EQ(ClarificationNumberOfCase("conv_float32"), -1);
}

// Determinism of the fixed PRNG (SplitMix64 reference values) and of rendering.
TEST(GoldenFiles, PrngAndRenderingAreDeterministic) {
  GoldenRng rng(1234567);
  EXPECT_EQ(rng.Next(), 6457827717110365317ULL);
  EXPECT_EQ(rng.Next(), 3203168211198807973ULL);
  const GoldenCase& c = AllGoldenCases().front();
  std::string a, b;
  ASSERT_TRUE(RenderCase(c, &a).ok());
  ASSERT_TRUE(RenderCase(c, &b).ok());
  EXPECT_EQ(a, b);
}

// A definition whose hand-written expectation the reference contradicts is refused.
TEST(GoldenFiles, MaterializeRefusesAWrongHandExpectationOrAnUnexpectedSuccess) {
  SingleNodeCase add(NodeType::ADD_FUSION, "add");
  add.In("a", DataType::kFloat32, {2}, Values(DataType::kFloat32, {1, 2}))
      .In("b", DataType::kFloat32, {2}, Values(DataType::kFloat32, {1, 2}))
      .Out("y", DataType::kFloat32, {2});
  GoldenCase wrong;
  wrong.family = "t";
  wrong.name = "wrong";
  wrong.test_case = add.Build();
  wrong.hand_expected = {Expect("y", DataType::kFloat32, {2}, Values(DataType::kFloat32, {2, 5}))};
  TestCase out;
  EXPECT_FALSE(MaterializeCase(wrong, &out).ok());
  wrong.hand_expected = {Expect("y", DataType::kFloat32, {2}, Values(DataType::kFloat32, {2, 4}))};
  EXPECT_TRUE(MaterializeCase(wrong, &out).ok());
  wrong.hand_expected.clear();
  wrong.expect_error = NNRT_INVALID_INPUT;
  EXPECT_FALSE(MaterializeCase(wrong, &out).ok());
}

}  // namespace
}  // namespace golden
}  // namespace nnrt
