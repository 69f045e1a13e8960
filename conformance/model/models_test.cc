// The model part on the candidate (docs/conformance.md "Model-level
// comparison"): every model zoo golden file (golden/data/models, $NNRT_CTS_MODELS
// for another directory) and every built-in network, one gtest test each, must
// pass on $NNRT_CTS_DRIVER (default: the reference driver in the runfiles) or
// be reported unsupported. Writes the report with its model section.
#include <iostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "conformance/model/suite.h"

namespace nnrt {
namespace cts {
namespace {

struct ModelCases {
  std::vector<NamedModelCase> cases;
  std::string error;  // the zoo directory could not be read
};

const ModelCases& AllModelCases() {
  static const ModelCases* all = [] {
    auto* m = new ModelCases();
    std::vector<NamedModelCase> built_in, files;
    Status st = BuiltInNetworks(&built_in);
    const std::string dir = DefaultModelsDir("");
    if (st.ok() && !dir.empty()) st = ReadModelCases(dir, &files);
    if (!st.ok()) m->error = st.ToString();
    m->cases = files;
    m->cases.insert(m->cases.end(), built_in.begin(), built_in.end());
    return m;
  }();
  return *all;
}

std::vector<std::string> ModelNames() {
  std::vector<std::string> names;
  for (const NamedModelCase& m : AllModelCases().cases) names.push_back(m.name);
  return names;
}

TEST(ModelCases, AreReadable) { EXPECT_EQ(AllModelCases().error, ""); }

class ModelConformance : public ::testing::TestWithParam<std::string> {};

TEST_P(ModelConformance, PassesNodeByNodeAndEndToEnd) {
  std::string error;
  const Candidate* candidate = SharedDefaultCandidate(&error);
  ASSERT_NE(candidate, nullptr) << error;
  PropertyOptions options = PropertyOptionsFromEnv();
  options.replay_binary = "bazel run //cts_driver:nnrt_cts --";
  GlobalResults().SetInfo("target", "//conformance:models_test");
  GlobalResults().SetInfo("driver", candidate->path);
  for (const NamedModelCase& m : AllModelCases().cases) {
    if (m.name != GetParam()) continue;
    ModelCheckResult r;
    const ModelEntry e = RunModelCase(*candidate, m, options, &r);
    std::cout << "[cts] model " << m.name << " (" << e.dtype << ", " << e.mode << "): " << DescribeModelResult(r)
              << std::endl;
    EXPECT_TRUE(e.result == CaseResult::kPassed || e.result == CaseResult::kUnsupported) << DescribeModelResult(r);
  }
}

INSTANTIATE_TEST_SUITE_P(Cts, ModelConformance, ::testing::ValuesIn(ModelNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& ch : name) {
                             if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           }
                           return name;
                         });

class ModelReport : public ::testing::Environment {
 public:
  void TearDown() override {
    std::vector<std::string> paths;
    const Status st = WriteReportFromEnv("models_test", &paths);
    if (!st.ok()) std::cout << "[cts] report not written: " << st.ToString() << "\n";
    for (const std::string& p : paths) std::cout << "[cts] report: " << p << "\n";
  }
};

const auto* const kModelReport = ::testing::AddGlobalTestEnvironment(new ModelReport);

}  // namespace
}  // namespace cts
}  // namespace nnrt
