// Replaying the checked-in golden files (golden/data, docs/golden.md) on a
// candidate through the HAL: shared by //conformance:golden_replay_test (one
// gtest test per file) and the golden part of `nnrt_cts run`.
//
// Valid cases: the candidate's outputs are compared with the file's expected
// section under the tolerance table, as `nnrt_cts replay` does; a node the
// candidate reports unsupported is skipped and counted. Error cases (meta
// expect_error): the candidate must reject the model or the run at some stage;
// in strict mode with the same return code (C-200). An NNRT_UNSUPPORTED_OP
// case that the candidate runs is an extension, not a failure, except in
// strict mode.
#ifndef NNRT_CONFORMANCE_GOLDEN_REPLAY_H_
#define NNRT_CONFORMANCE_GOLDEN_REPLAY_H_

#include <string>
#include <vector>

#include "conformance/property.h"
#include "conformance/runner.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {

// The candidate's answer to a case the reference rejects: the first stage that
// fails and its code ("" when everything succeeded).
struct Rejection {
  std::string stage;
  NNRT_ReturnCode code = NNRT_SUCCESS;
  bool reported_unsupported = false;
  bool crashed = false;  // isolated runs: the child died or sent nothing
  std::string message;
};

// The first stage at which the candidate refuses `c` (in a forked child when
// `isolate`, so a crash or hang is reported instead of ending the caller).
Rejection RejectionOf(const Candidate& candidate, const TestCase& c);
Rejection RejectionOfIsolated(const Candidate& candidate, const TestCase& c, int timeout_seconds);

// kWaived: failed, but options.waivers covers the case's cell (its one node's
// spec name, input 0's data type label, mode "default").
// kSkipped: not replayed, the run's time budget was exhausted (C-264).
enum class GoldenVerdict { kPassed, kFailed, kUnsupported, kRejected, kExtension, kWaived, kSkipped };
const char* GoldenVerdictName(GoldenVerdict v);

struct GoldenReplayResult {
  GoldenVerdict verdict = GoldenVerdict::kPassed;
  std::string message;  // why it failed, or what was skipped
};

// Replays one golden case file (already read) with the mode, isolation,
// timeout and waivers of `options`.
GoldenReplayResult ReplayGoldenCase(const Candidate& candidate, const TestCase& c, const PropertyOptions& options);

// The golden files under `dir`, as "<family>/<case>.nnrt" (sorted).
std::vector<std::string> GoldenFilesIn(const std::string& dir);

// Where the checked-in golden files are: $NNRT_CTS_GOLDEN, else golden/data in
// the runfiles (Bazel test or `bazel run`, or next to the binary `argv0`).
// "" when none is found.
std::string DefaultGoldenDir(const std::string& argv0);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_GOLDEN_REPLAY_H_
