// The execution modes of the conformance suite (docs/conformance.md
// "Execution modes"): every node spec's valid cases run through the fp16,
// model-cache, damaged-cache, dynamic-shape, driver-buffer, concurrent and
// support-agreement paths. One gtest test per mode x spec, so Bazel's
// shard_count spreads them. Candidate: $NNRT_CTS_DRIVER (default: the
// reference driver in the runfiles). Cases per spec: $NNRT_CTS_CASES / 4.
#include <iostream>
#include <memory>
#include <mutex>

#include <gtest/gtest.h>

#include "conformance/modes/modes.h"
#include "conformance/node_spec.h"
#include "conformance/property.h"
#include "conformance/report/report.h"
#include "conformance/runner.h"
#include "conformance/waivers.h"

namespace nnrt {
namespace cts {
namespace {

struct Shared {
  std::unique_ptr<Candidate> candidate;
  WaiverSet waivers;
  std::string error;
};

// Driver and waivers are loaded once per test process; a load error fails every test with the reason.
const Shared& SharedState() {
  static Shared* shared = new Shared();
  static std::once_flag once;
  std::call_once(once, [] {
    shared->error = OpenDefaultCandidate(&shared->candidate);
    if (!shared->error.empty()) return;
    const Status st = LoadWaiversFromEnv(&shared->waivers);
    if (!st.ok()) shared->error = "bad waiver file: " + st.ToString();
    GlobalResults().SetInfo("target", "//conformance:modes_test");
    GlobalResults().SetInfo("driver", shared->candidate->path);
    GlobalResults().SetInfo("device", shared->candidate->device_name);
  });
  return *shared;
}

class ModeConformance : public ::testing::TestWithParam<std::string> {
 protected:
  void RunMode(ExecMode mode) {
    const NodeSpec* spec = FindNodeSpec(GetParam());
    ASSERT_NE(spec, nullptr);
    const Shared& shared = SharedState();
    ASSERT_TRUE(shared.error.empty()) << shared.error;
    if (!ModeAppliesTo(mode, *spec)) GTEST_SKIP() << ExecModeName(mode) << " does not apply to " << spec->name;
    PropertyOptions options = PropertyOptionsFromEnv();
    ConfigurePropertyForMode(mode, &options);
    options.waivers = &shared.waivers;
    GlobalResults().SetInfo("seed", std::to_string(options.seed));
    GlobalResults().SetInfo("cases per spec and mode", std::to_string(options.cases));
    std::cout << "[cts] " << spec->name << " / " << ExecModeName(mode) << ": driver " << shared.candidate->path
              << ", seed " << options.seed << " (NNRT_CTS_SEED), " << options.cases << " cases" << std::endl;
    const PropertyResult r = RunSpecProperty(*spec, *shared.candidate, options);
    std::cout << FormatCoverage(r.coverage);
    if (r.waived > 0) std::cout << "[cts] " << r.waived << " failing cases waived\n";
    EXPECT_TRUE(r.passed) << r.message;
  }
};

TEST_P(ModeConformance, Fp16) { RunMode(ExecMode::kFp16); }
TEST_P(ModeConformance, Cache) { RunMode(ExecMode::kCache); }
TEST_P(ModeConformance, CacheCorruption) { RunMode(ExecMode::kCacheCorruption); }
TEST_P(ModeConformance, DynamicShape) { RunMode(ExecMode::kDynamicShape); }
TEST_P(ModeConformance, DeviceBuffers) { RunMode(ExecMode::kDeviceBuffers); }
TEST_P(ModeConformance, Concurrent) { RunMode(ExecMode::kConcurrent); }
TEST_P(ModeConformance, SupportAgreement) { RunMode(ExecMode::kSupportAgreement); }

INSTANTIATE_TEST_SUITE_P(Cts, ModeConformance, ::testing::ValuesIn(AllNodeSpecNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

// Writes this shard's report (JSON + HTML) to $TEST_UNDECLARED_OUTPUTS_DIR.
class ReportWriter : public ::testing::Environment {
 public:
  void TearDown() override {
    std::vector<std::string> paths;
    const Status st = WriteReportFromEnv("modes_test", &paths);
    if (!st.ok()) {
      std::cout << "[cts] report not written: " << st.ToString() << "\n";
      return;
    }
    for (const std::string& p : paths) std::cout << "[cts] report: " << p << "\n";
  }
};

const auto* const kReportWriter = ::testing::AddGlobalTestEnvironment(new ReportWriter);

}  // namespace
}  // namespace cts
}  // namespace nnrt
