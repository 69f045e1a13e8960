// The conformance suite: one rapidcheck property per node spec, each its own
// gtest test so that gtest sharding spreads them (docs/conformance.md).
// Candidate: $NNRT_CTS_DRIVER (absolute .so path), default the reference
// driver shipped in the runfiles.
#include <iostream>
#include <memory>
#include <mutex>

#include <gtest/gtest.h>

#include "conformance/node_spec.h"
#include "conformance/property.h"
#include "conformance/report/report.h"
#include "conformance/runner.h"
#include "conformance/waivers.h"

namespace nnrt {
namespace cts {
namespace {

Coverage& SuiteCoverage() {
  static Coverage* c = new Coverage();
  return *c;
}

// $NNRT_CTS_WAIVERS checked against the must-pass list, loaded once (docs/conformance.md "Waivers and must-pass").
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

class NodeSpecConformance : public ::testing::TestWithParam<std::string> {};

TEST_P(NodeSpecConformance, CandidateMatchesReferenceWithinTolerance) {
  const NodeSpec* spec = FindNodeSpec(GetParam());
  ASSERT_NE(spec, nullptr);
  std::string error;
  const Candidate* candidate = SharedDefaultCandidate(&error);
  ASSERT_NE(candidate, nullptr) << error;
  PropertyOptions options = PropertyOptionsFromEnv();
  options.replay_binary = "bazel run //cts_driver:nnrt_cts --";
  options.waivers = SharedWaivers(&error);
  ASSERT_TRUE(error.empty()) << error;
  GlobalResults().SetInfo("target", "//conformance:conformance_test");
  GlobalResults().SetInfo("driver", candidate->path);
  GlobalResults().SetInfo("seed", std::to_string(options.seed));
  GlobalResults().SetInfo("cases per node spec", std::to_string(options.cases));
  std::cout << "[cts] " << spec->name << ": driver " << candidate->path << " (" << candidate->device_name
            << "), seed " << options.seed << ", " << options.cases << " cases"
            << (options.mode == CompareMode::kStrict ? ", strict" : "") << std::endl;
  PropertyResult r = RunSpecProperty(*spec, *candidate, options);
  MergeCoverage(r.coverage, &SuiteCoverage());
  std::cout << FormatCoverage(r.coverage);
  EXPECT_TRUE(r.passed) << r.message;
}

INSTANTIATE_TEST_SUITE_P(Cts, NodeSpecConformance, ::testing::ValuesIn(AllNodeSpecNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

class CoverageReport : public ::testing::Environment {
 public:
  void TearDown() override {
    if (!SuiteCoverage().empty()) std::cout << "\n[cts] coverage of this shard\n" << FormatCoverage(SuiteCoverage());
    // The result matrix of this shard as JSON + HTML in the undeclared outputs (docs/conformance.md "Reports").
    std::vector<std::string> paths;
    const Status st = WriteReportFromEnv("conformance_test", &paths);
    if (!st.ok()) std::cout << "[cts] report not written: " << st.ToString() << "\n";
    for (const std::string& p : paths) std::cout << "[cts] report: " << p << "\n";
  }
};

const auto* const kCoverageReport = ::testing::AddGlobalTestEnvironment(new CoverageReport);

}  // namespace
}  // namespace cts
}  // namespace nnrt
