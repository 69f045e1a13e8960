// The suite has teeth: it passes the reference driver (also in strict mode),
// FAILS each deliberately wrong sample driver, and every failure leaves a
// shrunk case file that `nnrt_cts replay` reproduces on the wrong driver and
// that passes on the reference driver. Seeds are fixed so the test is
// deterministic; the case counts are the suite's default.
#include <sys/stat.h>
#include <sys/wait.h>

#include <chrono>
#include <regex>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "conformance/property.h"
#include "conformance/runner.h"
#include "cts_driver/teeth_util.h"
#include "reference/ops/core/op_def.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {
namespace {

constexpr uint64_t kSeed = 20261122;
constexpr int kCases = 100;

using teeth::ReferenceSo;
using teeth::Runfile;

std::string ConvPadSo() { return Runfile("cts_driver/libnnrt_mutant_conv_same_pad_topleft.so"); }
std::string AddClampSo() { return Runfile("cts_driver/libnnrt_mutant_add_clamp_before_zero_point.so"); }
std::string ConvAssertSo() { return Runfile("cts_driver/libnnrt_mutant_conv_grouped_asserts.so"); }
std::string AddTiesEvenSo() { return Runfile("cts_driver/libnnrt_sample_add_ties_to_even.so"); }

PropertyResult RunProperty(const std::string& so, const std::string& spec_name, CompareMode mode,
                           const std::string& out_sub) {
  return teeth::RunSpecPropertyOn(so, spec_name, mode, out_sub, kSeed, kCases);
}

// `nnrt_cts replay` with no timeout (cts_driver/teeth_util.h).
int Replay(const std::string& file, const std::string& so, bool strict, std::string* output) {
  return teeth::Replay(file, so, strict, teeth::kDefaultReplayTimeout, output);
}

const Node& OnlyNode(const TestCase& c) { return c.model.nodes.at(0); }

// The contrast for the mutants below: with the same seed and case count, the
// reference .so passes the node specs they are caught on, in both modes. (That
// the reference passes every spec is //conformance:conformance_test's job.)
TEST(SuiteTeeth, ReferenceDriverPassesTheMutantsNodeSpecsInConformanceAndStrictMode) {
  for (const char* spec : {"ADD_FUSION", "CONV2D_FUSION"}) {
    for (CompareMode mode : {CompareMode::kConformance, CompareMode::kStrict}) {
      PropertyResult r = RunProperty(ReferenceSo(), spec, mode, "reference");
      EXPECT_TRUE(r.passed) << r.message;
      int64_t passed = 0;
      for (const auto& kv : r.coverage) passed += kv.second.passed;
      int64_t directed = 0;  // the directed edge-value cases run before the random ones
      for (DataType d : FindNodeSpec(spec)->dtypes) directed += static_cast<int64_t>(EdgeValueCount(d));
      EXPECT_EQ(passed, kCases + directed) << spec;  // nothing skipped as unsupported
    }
  }
}

// Checks the common contract of a caught mutant: the property fails, a case
// file exists, replay reproduces the failure on the mutant and passes on the
// reference. Returns the parsed counterexample.
TestCase ExpectCaughtWithReplayableCase(const std::string& so, const std::string& spec, CompareMode mode,
                                        const std::string& out_sub, bool wrong_values = true) {
  PropertyResult r = RunProperty(so, spec, mode, out_sub);
  EXPECT_FALSE(r.passed) << spec << " should fail on " << so;
  EXPECT_NE(r.message.find("replay with:"), std::string::npos) << r.message;
  TestCase c;
  Status st = ReadCaseFile(r.case_file, &c);
  EXPECT_TRUE(st.ok()) << "case file " << r.case_file << ": " << st.ToString();
  if (!st.ok()) return c;
  EXPECT_EQ(c.model.nodes.size(), 1u);
  EXPECT_FALSE(c.expected.empty());
  const bool strict = mode == CompareMode::kStrict;
  std::string out;
  EXPECT_EQ(Replay(r.case_file, so, strict, &out), 1) << out;
  EXPECT_NE(out.find("verdict: FAIL"), std::string::npos) << out;
  if (wrong_values) {
    EXPECT_NE(out.find("worst element"), std::string::npos) << out;
  }
  std::string ref_out;
  EXPECT_EQ(Replay(r.case_file, ReferenceSo(), strict, &ref_out), 0) << ref_out;
  return c;
}

TEST(SuiteTeeth, ConvSamePadTopLeftDriverFailsConv2DAndTheShrunkCaseIsSamePadding) {
  TestCase c = ExpectCaughtWithReplayableCase(ConvPadSo(), "CONV2D_FUSION", CompareMode::kConformance, "conv_pad");
  if (c.model.nodes.empty()) return;
  EXPECT_EQ(GetIntAttr(OnlyNode(c), "padMode", -1), static_cast<int64_t>(PadMode::kSame));
  // The mutant only touches CONV2D: the other node types still pass.
  EXPECT_TRUE(RunProperty(ConvPadSo(), "ADD_FUSION", CompareMode::kConformance, "conv_pad_add").passed);
}

TEST(SuiteTeeth, AddClampBeforeZeroPointDriverFailsAddUnderDefaultTolerance) {
  TestCase c = ExpectCaughtWithReplayableCase(AddClampSo(), "ADD_FUSION", CompareMode::kConformance, "add_clamp");
  if (c.model.nodes.empty()) return;
  const Tensor& y = c.model.tensors.at(c.model.outputs.at(0));
  EXPECT_TRUE(y.IsQuantized());
  EXPECT_TRUE(RunProperty(AddClampSo(), "CONV2D_FUSION", CompareMode::kConformance, "add_clamp_conv").passed);
}

TEST(SuiteTeeth, CrashingDriverIsCaughtInItsChildProcessAndShrinksToAGroupedConv) {
  TestCase c = ExpectCaughtWithReplayableCase(ConvAssertSo(), "CONV2D_FUSION", CompareMode::kConformance,
                                              "conv_assert", /*wrong_values=*/false);
  if (c.model.nodes.empty()) return;
  bool crashed = false;
  for (const auto& kv : c.meta) {
    if (kv.first == "cts.message" && kv.second.find("crashed") != std::string::npos) crashed = true;
  }
  EXPECT_TRUE(crashed);
  const int64_t group = GetIntAttr(OnlyNode(c), "group", 1);
  const int64_t in_c = c.model.tensors.at(OnlyNode(c).inputs.at(0)).dims.at(3);
  EXPECT_GT(group, 1);
  EXPECT_LT(group, in_c);
}

TEST(SuiteTeeth, AddTiesToEvenPassesDefaultToleranceByDesignButFailsStrictMode) {
  // quantization_semantics 5.1 / 6.2: +-1 LSB admits ties-to-even on purpose (C-84).
  PropertyResult conformance = RunProperty(AddTiesEvenSo(), "ADD_FUSION", CompareMode::kConformance, "ties_even");
  EXPECT_TRUE(conformance.passed) << conformance.message;
  TestCase c = ExpectCaughtWithReplayableCase(AddTiesEvenSo(), "ADD_FUSION", CompareMode::kStrict, "ties_even_strict");
  if (c.model.nodes.empty()) return;
  EXPECT_TRUE(c.model.tensors.at(c.model.outputs.at(0)).IsQuantized());
}

// C-264: a driver whose every Run takes 3 s, run with a 1 s per-case timeout
// and a 12 s budget, ends INCOMPLETE within the budget (plus the case in
// flight) with a report that counts per-case timeouts and skipped cases.
TEST(SuiteTeeth, SlowDriverEndsIncompleteWithAReportOfTimeoutsAndSkippedCases) {
  const std::string report_dir = teeth::OutDir("slow_report");
  const std::string cmd = teeth::NnrtCts() + " run --driver '" + Runfile("cts_driver/libnnrt_mutant_slow_run.so") +
                          "' --only ADD_FUSION,ABS --cases 4 --seed " + std::to_string(kSeed) +
                          " --timeout 1 --time-budget 12 --out '" + teeth::OutDir("slow_cases") + "' --report '" +
                          report_dir + "' 2>&1";
  mkdir(teeth::OutDir("slow_cases").c_str(), 0755);
  const auto start = std::chrono::steady_clock::now();
  std::string output;
  FILE* pipe = popen(cmd.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) output.append(buf, n);
  const int status = pclose(pipe);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(WIFEXITED(status)) << output;
  EXPECT_EQ(WEXITSTATUS(status), 1) << output;
  EXPECT_NE(output.find("INCOMPLETE"), std::string::npos) << output;
  EXPECT_NE(output.find("time budget of 12 s exhausted"), std::string::npos) << output;
  EXPECT_LT(seconds, 12 + 20) << "the run did not stop at its budget\n" << output;
  std::string json;
  FILE* f = std::fopen((report_dir + "/cts_report.json").c_str(), "rb");
  ASSERT_NE(f, nullptr) << "no report written\n" << output;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) json.append(buf, n);
  std::fclose(f);
  EXPECT_TRUE(std::regex_search(json, std::regex("\"timeout\": [1-9]"))) << json;
  EXPECT_TRUE(std::regex_search(json, std::regex("\"skipped\": [1-9]"))) << json;
}

}  // namespace
}  // namespace cts
}  // namespace nnrt
