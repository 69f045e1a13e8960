// Every mutant driver of the catalog (mutant_catalog.h) is caught by the
// suite part the catalog names, with a case file that `nnrt_cts replay`
// reproduces on the mutant (exit 1) and that passes on the reference
// (exit 0); the reference passes every part the catalog uses. A catalog entry
// marked "not yet caught" is checked the other way round: the part still
// passes it, so closing the gap forces the catalog to be updated. Seeds are
// fixed (deterministic); one gtest per mutant, sharded.
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <set>
#include <string>
#include <sys/stat.h>

#include <gtest/gtest.h>

#include "conformance/mutations/invalid_model.h"
#include "conformance/node_spec.h"
#include "conformance/runner.h"
#include "cts_driver/mutant_catalog.h"
#include "cts_driver/teeth_util.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {
namespace {

using teeth::NnrtCts;
using teeth::ReferenceSo;
using teeth::Replay;
using teeth::Runfile;

std::string MutantSo(const MutantInfo& m) { return Runfile(std::string("cts_driver/") + m.target); }

std::string OutDir(const std::string& sub) {
  const std::string dir = teeth::OutDir("mutants");
  mkdir(dir.c_str(), 0755);
  return dir + "/" + sub;
}

// "libnnrt_mutant_x.so" -> "nnrt_mutant_x" (a gtest-safe name).
std::string Stem(const std::string& target) {
  std::string s = target;
  if (s.rfind("lib", 0) == 0) s = s.substr(3);
  if (s.size() > 3 && s.compare(s.size() - 3, 3, ".so") == 0) s.resize(s.size() - 3);
  return s;
}

PartOptions Options(const std::string& out_sub) {
  PartOptions o;
  o.out_dir = OutDir(out_sub);
  mkdir(o.out_dir.c_str(), 0755);
  o.replay_binary = NnrtCts();
  return o;
}

PartResult RunPart(const MutantInfo& info, const std::string& so, const std::string& out_sub) {
  std::unique_ptr<Candidate> candidate;
  const Status st = OpenCandidate(so, &candidate);
  EXPECT_TRUE(st.ok()) << so << ": " << st.ToString();
  if (!st.ok()) return PartResult{false, "load failed", ""};
  return RunSuitePart(info, *candidate, Options(out_sub));
}

// The words the runner / isolation use for each kind of failure; the case
// file's message must show the kind the catalog claims (C-270).
bool MessageShowsKind(FailureKind kind, const std::string& text) {
  auto has = [&](const char* w) { return text.find(w) != std::string::npos; };
  switch (kind) {
    case FailureKind::kWrongValues: return has("worst element");
    // A different element count is reported as "is float32[1], expected float32[2]".
    case FailureKind::kWrongDims: return has("dims") || has("], expected ");
    // Under --config=asan the sanitizer's own handler catches SIGFPE/SIGSEGV and
    // exits: isolation reports the child "stopped" without a result (C-271).
    case FailureKind::kCrash: return has("signal") || has("crash") || has("sanitizer stopped it");
    case FailureKind::kHang: return has("timeout") || has("timed out");
    case FailureKind::kContract: return true;  // mode / rejection messages vary by requirement
  }
  return false;
}

class MutantCatalogTest : public ::testing::TestWithParam<MutantInfo> {};

TEST_P(MutantCatalogTest, TheNamedSuitePartCatchesTheMutantWithAReplayableCase) {
  const MutantInfo& m = GetParam();
  const PartResult r = RunPart(m, MutantSo(m), Stem(m.target));
  if (!m.caught) {
    // A documented gap (catalog "not yet caught"): keep it honest both ways.
    EXPECT_TRUE(r.passed) << m.target << " is now caught by " << SuitePartName(m.part) << " " << m.mode << " "
                          << m.spec << ": mark it caught in mutant_catalog.cc\n" << r.message;
    return;
  }
  ASSERT_FALSE(r.passed) << m.target << " should fail " << SuitePartName(m.part) << " " << m.mode << " " << m.spec;
  ASSERT_FALSE(r.case_file.empty()) << r.message;
  TestCase c;
  const Status st = ReadCaseFile(r.case_file, &c);
  ASSERT_TRUE(st.ok()) << r.case_file << ": " << st.ToString();
  const bool strict = m.part == SuitePart::kStrict;
  std::string out;
  EXPECT_EQ(Replay(r.case_file, MutantSo(m), strict, m.timeout_seconds, &out), 1) << out;
  EXPECT_NE(out.find("FAIL"), std::string::npos) << out;
  std::string case_text;
  for (const auto& kv : c.meta) case_text += kv.first + " " + kv.second + "\n";
  EXPECT_TRUE(MessageShowsKind(m.kind, case_text + out))
      << "expected a " << FailureKindName(m.kind) << " failure\n" << case_text << out;
  std::string ref_out;
  EXPECT_EQ(Replay(r.case_file, ReferenceSo(), strict, m.timeout_seconds, &ref_out), 0) << ref_out;
  if (m.part == SuitePart::kInvalid) {
    EXPECT_FALSE(CaseExpectation(c).empty()) << "a rejection case file";
  }
}

std::string ParamName(const ::testing::TestParamInfo<MutantInfo>& info) { return Stem(info.param.target); }

INSTANTIATE_TEST_SUITE_P(AllMutants, MutantCatalogTest, ::testing::ValuesIn(MutantCatalog()), ParamName);

// The reference driver passes every (part, mode, spec) the catalog uses.
TEST(MutantCatalog, ReferencePassesEverySuitePartTheCatalogUses) {
  std::set<std::string> seen;
  for (const MutantInfo& m : MutantCatalog()) {
    const std::string key = std::string(SuitePartName(m.part)) + "/" + m.mode + "/" + m.spec;
    if (!seen.insert(key).second) continue;
    const PartResult r = RunPart(m, ReferenceSo(), "reference_" + Stem(m.target));
    EXPECT_TRUE(r.passed) << key << "\n" << r.message;
  }
}

TEST(MutantCatalog, HasAtLeastTwentyDistinctMutantsWithKnownSpecsAndModes) {
  std::set<std::string> targets;
  int caught_by_default = 0;
  for (const MutantInfo& m : MutantCatalog()) {
    EXPECT_TRUE(targets.insert(m.target).second) << "duplicate " << m.target;
    EXPECT_NE(FindNodeSpec(m.spec), nullptr) << m.spec;
    EXPECT_EQ(m.part == SuitePart::kMode, std::string(m.mode) != "") << m.target;
    EXPECT_EQ(FindMutant(m.target), &m);
    FILE* f = std::fopen(MutantSo(m).c_str(), "rb");
    EXPECT_NE(f, nullptr) << "missing from the test's data: " << m.target;
    if (f != nullptr) std::fclose(f);
    if (m.caught && m.in_default_run) ++caught_by_default;
  }
  EXPECT_GE(targets.size(), 20u);
  EXPECT_GE(caught_by_default, 20);
}

}  // namespace
}  // namespace cts
}  // namespace nnrt
