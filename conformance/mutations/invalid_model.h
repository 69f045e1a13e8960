// The invalid-input half of the suite (docs/conformance.md "Invalid models"): mutated models must be
// rejected (C-211), and a valid prepared model must refuse wrong run inputs
// (C-213). Both run the driver side in a forked child when isolation is on
// (C-89), so a driver that crashes on garbage is a failing case, not a dead suite.
#ifndef NNRT_CONFORMANCE_INVALID_MODEL_H_
#define NNRT_CONFORMANCE_INVALID_MODEL_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "conformance/mutations/mutations.h"
#include "conformance/node_spec.h"
#include "conformance/runner.h"

namespace nnrt {
namespace cts {

// What a device answered to a mutated case.
struct DeviceAnswers {
  bool support_asked = false;       // false for kConfig families (the model is valid)
  NNRT_ReturnCode support_code = NNRT_SUCCESS;
  std::string support_message;
  std::vector<bool> supported;
  NNRT_ReturnCode prepare_code = NNRT_SUCCESS;
  std::string prepare_message;
  bool prepared_model_returned = false;
  std::string crash;  // non-empty: the isolated child died / timed out (then nothing else is meaningful)
};

struct RejectionVerdict {
  bool rejected = false;
  std::string message;  // how it rejected, or what it did wrong
};

// The acceptance rule of C-211 applied to one device's answers.
RejectionVerdict JudgeRejection(MutationLevel level, const MutatedCase& mutated, const DeviceAnswers& answers);

// The in-process reference: ValidateModelConfigValues, SupportedOperations, PrepareInterpreter.
DeviceAnswers AskReference(MutationLevel level, const MutatedCase& mutated);
// The candidate through the HAL; isolate = in a forked child with `timeout_seconds`.
DeviceAnswers AskCandidate(const Candidate& candidate, MutationLevel level, const MutatedCase& mutated, bool isolate,
                           int timeout_seconds);

// ---- Wrong inputs at run time (C-213) -------------------------------------------------------

struct RunProbeResult {
  std::string probe;    // "input_count_missing", ...
  bool applicable = true;
  bool passed = false;  // the driver returned an error (and did not crash)
  std::string message;
};
// Names of the probes, in order.
const std::vector<std::string>& RunProbeNames();
// Prepares the valid case once and runs every probe (or only `only` when non-empty).
// Returns an empty vector with *skipped set when the candidate does not support
// or cannot prepare the case (that is the valid suite's business, not ours).
std::vector<RunProbeResult> ProbeWrongRunInputs(const Candidate& candidate, const TestCase& valid,
                                                const ModelConfig& config, bool isolate, int timeout_seconds,
                                                const std::string& only, std::string* skipped);

// ---- The property over spec x family ----------------------------------------------------------

struct FamilyCounts {
  int64_t rejected = 0;        // passed
  int64_t not_rejected = 0;    // failed
  int64_t not_applicable = 0;
  int64_t reference_accepted = 0;  // self-check failures: the mutation is not invalid (suite bug)
};

struct InvalidSuiteOptions {
  int cases = 2;  // valid cases per spec, each mutated by every family
  uint64_t seed = 0;
  bool isolate = true;
  int timeout_seconds = 60;
  bool check_reference = true;  // the self-check (AskReference) on every mutation
  bool run_probes = true;
  std::string out_dir;
  std::string replay_binary = "bazel run //cts_driver:nnrt_cts --";
};

// From PropertyOptionsFromEnv: cases = max(1, NNRT_CTS_CASES / 20) unless
// NNRT_CTS_INVALID_CASES is set; same seed, isolation, timeout and out dir.
InvalidSuiteOptions InvalidSuiteOptionsFromEnv();

struct InvalidSuiteResult {
  bool passed = true;
  std::string message;  // one line per failure
  std::map<std::string, FamilyCounts> families;      // by family name
  std::map<std::string, FamilyCounts> run_probes;    // by probe name (rejected / not_rejected / n/a)
  std::vector<std::string> case_files;
  int64_t skipped = 0;  // valid cases not mutated: the run's time budget was exhausted (C-264)
};

InvalidSuiteResult RunInvalidModelProperty(const NodeSpec& spec, const Candidate& candidate,
                                           const InvalidSuiteOptions& options);
void MergeInvalidResult(const InvalidSuiteResult& from, InvalidSuiteResult* into);
// "family | rejected | NOT rejected | n/a | ref accepted" table.
std::string FormatInvalidCounts(const InvalidSuiteResult& result);

// ---- Case files (meta cts.expect = rejection | run_rejection) -------------------------------

TestCase MakeRejectionCase(const NodeSpec& spec, const MutationFamily& family, const MutatedCase& mutated,
                           const DeviceAnswers& reference, const RejectionVerdict& verdict,
                           const InvalidSuiteOptions& options, const std::string& driver);
// The expectation a case file records: "" (compare outputs), "rejection", "run_rejection".
std::string CaseExpectation(const TestCase& c);
// Replays a rejection / run_rejection file on the candidate: true when it rejected.
bool ReplayExpectedRejection(const Candidate& candidate, const TestCase& c, bool isolate, int timeout_seconds,
                             std::string* report);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_INVALID_MODEL_H_
