// Shared helpers of the "the suite has teeth" tests (cts_driver/*_teeth_test,
// mutant_catalog_test, conformance/graph_test): where the drivers and the
// harness are in the test's runfiles, where case files go, and `nnrt_cts
// replay` run as a child process.
#ifndef NNRT_CTS_DRIVER_TEETH_UTIL_H_
#define NNRT_CTS_DRIVER_TEETH_UTIL_H_

#include <sys/wait.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "conformance/node_spec.h"
#include "conformance/property.h"
#include "conformance/runner.h"

namespace nnrt {
namespace cts {
namespace teeth {

// `rel` (workspace-relative) inside the test's runfiles ($TEST_SRCDIR/nnrt_kit/).
inline std::string Runfile(const std::string& rel) {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  return std::string(srcdir != nullptr ? srcdir : ".") + "/nnrt_kit/" + rel;
}

inline std::string ReferenceSo() { return Runfile("reference/libnnrt_reference_driver.so"); }
inline std::string NnrtCts() { return Runfile("cts_driver/nnrt_cts"); }

// $TEST_UNDECLARED_OUTPUTS_DIR/<sub> (bazel keeps it as test output), /tmp/<sub> outside bazel.
inline std::string OutDir(const std::string& sub) {
  const char* out = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR");
  return std::string(out != nullptr ? out : "/tmp") + "/" + sub;
}

// Runs the shell command `cmd` with stderr joined to stdout, appends its output
// to *output and returns its exit status (-1 when it did not exit normally).
inline int RunCommand(const std::string& cmd, std::string* output) {
  FILE* pipe = popen((cmd + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return -1;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) output->append(buf, n);
  const int status = pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Replay's timeout_seconds for "no --timeout flag" (nnrt_cts's default, 60 s).
constexpr int kDefaultReplayTimeout = -1;

// Runs `nnrt_cts replay FILE --driver SO [--strict] [--timeout S]` (--timeout
// passed verbatim unless timeout_seconds is kDefaultReplayTimeout), appends its stdout+stderr to *output and
// returns its exit status (-1 when it did not exit normally).
inline int Replay(const std::string& file, const std::string& so, bool strict, int timeout_seconds,
                  std::string* output) {
  std::string cmd = NnrtCts() + " replay '" + file + "' --driver '" + so + "'" + (strict ? " --strict" : "");
  if (timeout_seconds != kDefaultReplayTimeout) cmd += " --timeout " + std::to_string(timeout_seconds);
  return RunCommand(cmd, output);
}

// Node spec `spec_name`'s property on the driver `so` with a fixed seed and
// case count (a deterministic test), case files under OutDir(out_sub),
// replayable with NnrtCts(). A driver that does not load or an unknown spec
// fails the calling test (and gives a failed result).
inline PropertyResult RunSpecPropertyOn(const std::string& so, const std::string& spec_name, CompareMode mode,
                                        const std::string& out_sub, uint64_t seed, int cases) {
  std::unique_ptr<Candidate> candidate;
  const Status st = OpenCandidate(so, &candidate);
  EXPECT_TRUE(st.ok()) << st.ToString();
  if (!st.ok()) return PropertyResult{false, "load failed", "", "", {}};
  const NodeSpec* spec = FindNodeSpec(spec_name);
  EXPECT_NE(spec, nullptr) << spec_name;
  if (spec == nullptr) return PropertyResult{false, "unknown node spec " + spec_name, "", "", {}};
  PropertyOptions options;
  options.seed = seed;
  options.cases = cases;
  options.mode = mode;
  options.out_dir = OutDir(out_sub);
  options.replay_binary = NnrtCts();
  return RunSpecProperty(*spec, *candidate, options);
}

}  // namespace teeth
}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_TEETH_UTIL_H_
