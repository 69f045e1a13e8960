// Debian's libonnx-testdata through the importer and the reference: the
// outcome of every model (agrees / unmapped / rejected / differs) must match
// the checked-in table testdata_survey.txt (regenerate with
// `bazel run //importers/onnx:onnx_testdata_survey > importers/onnx/testdata_survey.txt`
// after a reviewed change), and every model that runs must agree with ONNX's
// expected outputs within C-791 unless known_differences.txt gives the reason.
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "importers/onnx/testdata_survey.h"

namespace nnrt {
namespace onnx_import {
namespace {

std::string Runfile(const std::string& rel) {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  return (srcdir != nullptr ? std::string(srcdir) + "/nnrt_kit/" : std::string()) + rel;
}

// "outcome model | reason" lines -> model -> outcome (or -> reason for the
// known-differences file, whose lines are "model | reason").
std::map<std::string, std::string> ReadTable(const std::string& path, bool outcome_first) {
  std::map<std::string, std::string> table;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::string head = line.substr(0, line.find(" | "));
    if (outcome_first) {
      const size_t space = head.find(' ');
      table[head.substr(space + 1)] = head.substr(0, space);
    } else {
      table[head] = line.size() > head.size() + 3 ? line.substr(head.size() + 3) : "";
    }
  }
  return table;
}

class OnnxTestdataTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    for (const std::string& m : TestdataModels(kOnnxTestdataRoot)) rows_->push_back(SurveyModel(kOnnxTestdataRoot, m));
  }
  static std::vector<SurveyRow>* rows_;
};
std::vector<SurveyRow>* OnnxTestdataTest::rows_ = new std::vector<SurveyRow>();

TEST_F(OnnxTestdataTest, FindsTheDebianTestdata) {
  ASSERT_GT(rows_->size(), 1000u) << "libonnx-testdata missing under " << kOnnxTestdataRoot
                                  << " (scripts/install_deps.sh installs it)";
}

TEST_F(OnnxTestdataTest, OutcomesMatchTheCheckedInSurvey) {
  const std::map<std::string, std::string> table = ReadTable(Runfile("importers/onnx/testdata_survey.txt"), true);
  ASSERT_FALSE(table.empty()) << "importers/onnx/testdata_survey.txt not found";
  std::string changes;
  std::map<std::string, bool> seen;
  for (const SurveyRow& r : *rows_) {
    seen[r.model] = true;
    auto it = table.find(r.model);
    const std::string was = it == table.end() ? "(absent)" : it->second;
    if (was != r.outcome) changes += "  " + r.model + ": table says " + was + ", now " + r.outcome + " | " + r.reason + "\n";
  }
  for (const auto& kv : table) {
    if (!seen.count(kv.first)) changes += "  " + kv.first + ": in the table, not in the testdata\n";
  }
  EXPECT_TRUE(changes.empty()) << "the survey changed (regenerate the table after review):\n" << changes;
}

TEST_F(OnnxTestdataTest, EveryModelThatRunsAgreesWithOnnxOrHasAKnownReason) {
  const std::map<std::string, std::string> known = ReadTable(Runfile("importers/onnx/known_differences.txt"), false);
  int agrees = 0;
  for (const SurveyRow& r : *rows_) {
    agrees += r.outcome == "agrees";
    if (r.outcome == "differs") EXPECT_TRUE(known.count(r.model)) << r.model << " disagrees with ONNX: " << r.reason;
    if (r.outcome != "differs") EXPECT_FALSE(known.count(r.model)) << r.model << " is listed as known difference but " << r.outcome;
  }
  std::cout << agrees << " of " << rows_->size() << " libonnx-testdata models agree with ONNX's expected outputs\n";
}

}  // namespace
}  // namespace onnx_import
}  // namespace nnrt
