// One rapidcheck property per node spec: "for every valid case the spec
// generates, the candidate's outputs are within the tolerance of the
// reference's, or the candidate reports the node unsupported". On failure
// rapidcheck shrinks the case; the smallest failing case is written in the text
// format with the command that replays it.
#ifndef NNRT_CONFORMANCE_PROPERTY_H_
#define NNRT_CONFORMANCE_PROPERTY_H_

#include <cstdint>
#include <map>
#include <string>

#include "conformance/node_spec.h"
#include "conformance/runner.h"

namespace nnrt {
namespace cts {

struct Counts {
  int64_t passed = 0;
  int64_t failed = 0;
  int64_t unsupported = 0;
};

// Coverage: (spec name, data type name) -> counts. Only the cases of the
// search phase are counted, not rapidcheck's shrinking runs.
using Coverage = std::map<std::pair<std::string, std::string>, Counts>;

struct PropertyOptions {
  int cases = 100;       // rapidcheck maxSuccess
  uint64_t seed = 0;     // rapidcheck seed
  CompareMode mode = CompareMode::kConformance;
  std::string out_dir;   // where counterexamples go
  std::string replay_binary = "bazel run //cts_driver:nnrt_cts --";  // how the replay command starts
  bool shrink = true;
  // Candidate side in a forked child per case (C-89); timeout per case.
  bool isolate = true;
  int timeout_seconds = 60;
};

struct PropertyResult {
  bool passed = true;
  std::string message;       // rapidcheck's report plus ours
  std::string case_file;     // written counterexample (empty when none)
  std::string replay_command;
  Coverage coverage;
};

PropertyResult RunSpecProperty(const NodeSpec& spec, const Candidate& candidate, const PropertyOptions& options);

// Options from the environment: NNRT_CTS_CASES (default 100), NNRT_CTS_SEED
// (default: random, printed), NNRT_CTS_MODE=strict, NNRT_CTS_ISOLATE=0 to run
// the driver in-process, NNRT_CTS_TIMEOUT (seconds per case, default 60),
// output dir $TEST_UNDECLARED_OUTPUTS_DIR or /tmp.
PropertyOptions PropertyOptionsFromEnv();

// The human-readable table "node type x dtype: passed / failed / unsupported".
std::string FormatCoverage(const Coverage& coverage);
void MergeCoverage(const Coverage& from, Coverage* into);

// Writes a counterexample file; returns its path ("" on error, with *error set).
std::string WriteCounterexample(const std::string& dir, const std::string& stem, const TestCase& c, std::string* error);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_PROPERTY_H_
