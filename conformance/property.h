// One rapidcheck property per node spec: "for every valid case the spec
// generates, the candidate's outputs are within the tolerance of the
// reference's, or the candidate reports the node unsupported". On failure
// rapidcheck shrinks the case; the smallest failing case is written in the text
// format with the command that replays it.
#ifndef NNRT_CONFORMANCE_PROPERTY_H_
#define NNRT_CONFORMANCE_PROPERTY_H_

#include <cstdint>
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "conformance/node_spec.h"
#include "conformance/runner.h"

namespace nnrt {
namespace cts {

class WaiverSet;  // conformance/waivers.h

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
  // Report and waivers (conformance/report/report.h, waivers.h): every searched case
  // is recorded into GlobalResults() under (spec, dtype label, mode_label); a
  // failing case whose cell a waiver covers is recorded "waived" and the
  // search goes on.
  std::string mode_label = "default";
  const WaiverSet* waivers = nullptr;
  // Execution modes (conformance/modes/modes.h): how the case runs (empty: RunCase),
  // the data types drawn (empty: all of the spec's), enableFloat16 forced on.
  std::function<CaseOutcome(const Candidate&, const TestCase&, const ModelConfig&, const RunOptions&)> run_case;
  std::vector<DataType> only_dtypes;
  bool force_float16 = false;
};

struct PropertyResult {
  bool passed = true;
  std::string message;       // rapidcheck's report plus ours
  std::string case_file;     // written counterexample (empty when none)
  std::string replay_command;
  Coverage coverage;
  int64_t waived = 0;           // failing cases a waiver covered
  int64_t skipped = 0;          // cases not started: the run's time budget was exhausted (C-264)
  bool not_applicable = false;  // only_dtypes left no data type of the spec
};

// The seed of the directed edge-value cases: fixed, so they are the same in
// every run (the random phase uses PropertyOptions::seed).
constexpr uint64_t kDirectedEdgeSeed = 0x6564676573;  // "edges"

// Runs a spec: first (default mode only), per data type, EdgeValueCount(dtype) directed cases
// whose tensors sweep the type's edge values (ScopedEdgeSweep; no shrinking:
// they are small and fully written to the case file), then options.cases
// random cases with shrinking. Stops at the first failing phase.
PropertyResult RunSpecProperty(const NodeSpec& spec, const Candidate& candidate, const PropertyOptions& options);

// Runs a nullary rapidcheck property with options.seed, options.cases and
// options.shrink (shared by RunSpecProperty and RunGraphProperty). Returns
// true when it held; otherwise *report is "falsified after N passing cases,
// then shrunk[ in K steps]\n<description>", or rapidcheck's own message for
// any other outcome.
bool CheckSeededProperty(const std::function<void()>& property, const std::string& id,
                         const std::string& description, const PropertyOptions& options, std::string* report);

// The per-case RunCase options of a property run: mode, isolation, timeout.
RunOptions RunOptionsFor(const PropertyOptions& options);

// The `nnrt_cts replay` command a counterexample written as
// <options.out_dir>/<stem>.nnrtcase records for `driver_path`.
std::string ReplayCommand(const PropertyOptions& options, const std::string& stem, const std::string& driver_path);

// Options from the environment: NNRT_CTS_CASES (default 100), NNRT_CTS_SEED
// (default: random, printed), NNRT_CTS_MODE=strict, NNRT_CTS_ISOLATE=0 to run
// the driver in-process, NNRT_CTS_TIMEOUT (seconds per case, default 60),
// NNRT_CTS_TIME_BUDGET (seconds per run; under bazel test 3/4 of TEST_TIMEOUT,
// started at the first call, conformance/time_budget.h),
// output dir $TEST_UNDECLARED_OUTPUTS_DIR or /tmp.
PropertyOptions PropertyOptionsFromEnv();

// The human-readable table "node type x dtype: passed / failed / unsupported".
std::string FormatCoverage(const Coverage& coverage);
void MergeCoverage(const Coverage& from, Coverage* into);

// Writes a counterexample file; returns its path ("" on error, with *error set).
std::string WriteCounterexample(const std::string& dir, const std::string& stem, const TestCase& c, std::string* error);

// A failing property's case file: MakeCounterexample(c, config, outcome,
// meta) written as <options.out_dir>/<stem>.nnrtcase; sets result->case_file
// and result->replay_command = replay. When it cannot be written, appends
// "\ncould not write the counterexample: <why>" to *report and returns false.
bool WritePropertyCounterexample(const TestCase& c, const ModelConfig& config, const CaseOutcome& outcome,
                                 const std::vector<std::pair<std::string, std::string>>& meta,
                                 const PropertyOptions& options, const std::string& stem, const std::string& replay,
                                 PropertyResult* result, std::ostream* report);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_PROPERTY_H_
