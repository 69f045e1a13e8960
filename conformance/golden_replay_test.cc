// Replays every checked-in golden file (golden/data, docs/golden.md) on the
// candidate driver through the HAL: $NNRT_CTS_DRIVER (absolute .so path),
// default the reference driver from the runfiles. One gtest test per file, so
// gtest sharding and --test_filter work per case; the rules are those of
// conformance/golden_replay.h. Environment as for //conformance:conformance_test:
// NNRT_CTS_MODE=strict, NNRT_CTS_ISOLATE=0, NNRT_CTS_TIMEOUT seconds per case.

#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "conformance/golden_replay.h"
#include "conformance/property.h"
#include "conformance/runner.h"
#include "conformance/waivers.h"
#include "golden/golden_case.h"
#include "golden/golden_files.h"

namespace nnrt {
namespace cts {
namespace {

std::string GoldenDir() { return golden::RunfilesPath("golden/data"); }

std::vector<std::string> GoldenFiles() { return GoldenFilesIn(GoldenDir()); }

// NNRT_CTS_MODE, NNRT_CTS_ISOLATE, NNRT_CTS_TIMEOUT as for //conformance:conformance_test.
const PropertyOptions& EnvOptions() {
  static const PropertyOptions* const o = new PropertyOptions(PropertyOptionsFromEnv());
  return *o;
}

// Per family: passed / failed / unsupported (skipped) / rejected as expected /
// ran a case the reference reports unsupported (an extension, C-200).
struct Tally {
  int passed = 0, failed = 0, unsupported = 0, rejected = 0, extension = 0, waived = 0;
};
std::map<std::string, Tally>& Tallies() {
  static auto* t = new std::map<std::string, Tally>();
  return *t;
}
std::mutex& TallyMutex() {
  static auto* m = new std::mutex();
  return *m;
}
void Count(const std::string& family, int Tally::*field) {
  std::lock_guard<std::mutex> lock(TallyMutex());
  ++(Tallies()[family].*field);
}

// $NNRT_CTS_WAIVERS checked against the must-pass list, loaded once (as in conformance_test).
const WaiverSet* SharedWaivers(std::string* error) {
  static WaiverSet* waivers = new WaiverSet();
  static std::string load_error;
  static std::once_flag once;
  std::call_once(once, [] {
    const Status st = LoadWaiversFromEnv(waivers);
    if (!st.ok()) load_error = "bad waiver file: " + st.ToString();
  });
  *error = load_error;
  return waivers;
}

class GoldenReplay : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenReplay, CandidateMatchesTheGoldenFile) {
  const std::string rel = GetParam();
  const std::string path = GoldenDir() + "/" + rel;
  const std::string family = rel.substr(0, rel.find('/'));
  std::string error;
  const Candidate* candidate = SharedDefaultCandidate(&error);
  ASSERT_NE(candidate, nullptr) << error;
  TestCase c;
  const Status parsed = ReadCaseFile(path, &c);
  ASSERT_TRUE(parsed.ok()) << parsed.ToString();
  const std::string replay = "bazel run //cts_driver:nnrt_cts -- replay $(pwd)/golden/data/" + rel +
                             " --driver " + candidate->path;
  PropertyOptions options = EnvOptions();
  options.waivers = SharedWaivers(&error);
  ASSERT_TRUE(error.empty()) << error;
  const GoldenReplayResult r = ReplayGoldenCase(*candidate, c, options);
  switch (r.verdict) {
    case GoldenVerdict::kPassed: Count(family, &Tally::passed); return;
    case GoldenVerdict::kRejected: Count(family, &Tally::rejected); return;
    case GoldenVerdict::kUnsupported:
      Count(family, &Tally::unsupported);
      std::cout << "[golden] " << rel << ": skipped, " << r.message << std::endl;
      return;
    case GoldenVerdict::kExtension:
      Count(family, &Tally::extension);
      std::cout << "[golden] " << rel << ": " << r.message << std::endl;
      return;
    case GoldenVerdict::kWaived:
      Count(family, &Tally::waived);
      std::cout << "[golden] " << rel << ": " << r.message << std::endl;
      return;
    case GoldenVerdict::kSkipped:  // the budget check of the tear-down fails the binary (C-264)
      std::cout << "[golden] " << rel << ": " << r.message << std::endl;
      return;
    case GoldenVerdict::kFailed:
      Count(family, &Tally::failed);
      ADD_FAILURE() << rel << ": " << r.message << "\n  replay: " << replay;
      return;
  }
}

std::string TestNameOf(const ::testing::TestParamInfo<std::string>& info) {
  std::string name;
  for (char ch : info.param.substr(0, info.param.rfind('.'))) {
    name += ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9')) ? ch : '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Golden, GoldenReplay, ::testing::ValuesIn(GoldenFiles()), TestNameOf);

TEST(GoldenReplaySetup, GoldenFilesAreInTheRunfiles) {
  ASSERT_FALSE(GoldenDir().empty()) << "golden/data is missing from the runfiles";
  EXPECT_FALSE(GoldenFiles().empty());
}

class ReplaySummary : public ::testing::Environment {
 public:
  void TearDown() override {
    if (Tallies().empty()) return;
    Tally total;
    std::cout << "\n[golden] replay of golden/data (passed / failed / unsupported / rejected as expected / "
                 "extension / waived)\n";
    for (const auto& kv : Tallies()) {
      const Tally& t = kv.second;
      std::cout << "  " << kv.first << ": " << t.passed << " / " << t.failed << " / " << t.unsupported << " / "
                << t.rejected << " / " << t.extension << " / " << t.waived << "\n";
      total.passed += t.passed, total.failed += t.failed, total.unsupported += t.unsupported,
          total.rejected += t.rejected, total.extension += t.extension, total.waived += t.waived;
    }
    std::cout << "  total: " << total.passed << " passed, " << total.failed << " failed, " << total.unsupported
              << " unsupported (skipped), " << total.rejected << " rejected as expected, " << total.extension
              << " extensions, " << total.waived << " waived" << std::endl;
  }
};

const auto* const kSummary = ::testing::AddGlobalTestEnvironment(new ReplaySummary);

}  // namespace
}  // namespace cts
}  // namespace nnrt
