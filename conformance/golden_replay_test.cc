// Replays every checked-in golden file (golden/data, docs/golden.md) on the
// candidate driver through the HAL: $NNRT_CTS_DRIVER (absolute .so path),
// default the reference driver from the runfiles. One gtest test per file, so
// gtest sharding and --test_filter work per case.
//
// Valid cases: the candidate's outputs are compared with the file's expected
// section under the tolerance table (conformance/tolerance.h), as `nnrt_cts
// replay` does; a node the candidate reports unsupported is skipped and
// counted. Error cases (meta expect_error): the candidate must reject the model
// or the run at some stage; in strict mode (NNRT_CTS_MODE=strict) with the
// same return code (C-200). An NNRT_UNSUPPORTED_OP case that the candidate runs
// is counted as an extension, not failed, except in strict mode.
// Environment as for //conformance:conformance_test: NNRT_CTS_MODE=strict,
// NNRT_CTS_ISOLATE=0 (default: each case's driver calls run in a forked child,
// so a crash or hang fails that case only), NNRT_CTS_TIMEOUT seconds per case.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "conformance/property.h"
#include "conformance/runner.h"
#include "golden/golden_case.h"
#include "golden/golden_files.h"

namespace nnrt {
namespace cts {
namespace {

std::string GoldenDir() { return golden::RunfilesPath("golden/data"); }

std::vector<std::string> GoldenFiles() {
  std::set<std::string> files;
  std::string error;
  const std::string dir = GoldenDir();
  if (!dir.empty()) golden::ListGoldenFiles(dir, &files, &error);
  return std::vector<std::string>(files.begin(), files.end());
}

// NNRT_CTS_MODE, NNRT_CTS_ISOLATE, NNRT_CTS_TIMEOUT as for //conformance:conformance_test.
const PropertyOptions& EnvOptions() {
  static const PropertyOptions* const o = new PropertyOptions(PropertyOptionsFromEnv());
  return *o;
}

// Per family: passed / failed / unsupported (skipped) / rejected as expected /
// ran a case the reference reports unsupported (an extension, C-200).
struct Tally {
  int passed = 0, failed = 0, unsupported = 0, rejected = 0, extension = 0;
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

// The candidate's answer to a case the reference rejects: the first stage that
// fails and its code ("" when everything succeeded).
struct Rejection {
  std::string stage;
  NNRT_ReturnCode code = NNRT_SUCCESS;
  bool reported_unsupported = false;
  bool crashed = false;  // isolated runs: the child died or sent nothing
  std::string message;
};

Rejection RejectionOf(const Candidate& candidate, const TestCase& c) {
  Rejection r;
  std::vector<bool> supported;
  const Status query = candidate.device->GetSupportedOperation(c.model, &supported);
  if (!query.ok()) {
    r.stage = "GetSupportedOperation";
    r.code = query.code();
    r.message = query.ToString();
    return r;
  }
  for (bool s : supported) r.reported_unsupported = r.reported_unsupported || !s;
  // Prepare even when reported unsupported, to learn the return code (C-200).
  std::unique_ptr<HalPreparedModel> prepared;
  const Status prep = candidate.device->PrepareModel(c.model, ModelConfig(), &prepared);
  if (!prep.ok()) {
    r.stage = "PrepareModel";
    r.code = prep.code();
    r.message = prep.ToString();
    return r;
  }
  std::vector<HostTensor> inputs;
  const Status in = CaseInputs(c, &inputs);
  if (!in.ok()) {
    r.stage = "case inputs";
    r.code = in.code();
    r.message = in.ToString();
    return r;
  }
  std::vector<HostTensor> outputs;
  for (uint32_t index : c.model.outputs) {
    const Tensor& t = c.model.tensors[index];
    HostTensor out;
    out.name = t.name;
    out.dtype = t.data_type;
    const std::optional<int64_t> n = ElementCount(t.dims);
    out.bytes.assign(std::max<size_t>(n.value_or(1) * DataTypeSize(t.data_type), 1), 0);
    outputs.push_back(std::move(out));
  }
  const Status run = prepared->Run(inputs, &outputs);
  if (!run.ok()) {
    r.stage = "Run";
    r.code = run.code();
    r.message = run.ToString();
  }
  return r;
}

// RejectionOf in a forked child (C-89): a driver that crashes or hangs on an
// invalid case fails that case instead of the whole test. The child sends
// "stage \x1f code \x1f unsupported \x1f message" through a pipe.
Rejection RejectionOfIsolated(const Candidate& candidate, const TestCase& c, int timeout_seconds) {
  int fds[2];
  if (pipe(fds) != 0) return RejectionOf(candidate, c);
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return RejectionOf(candidate, c);
  }
  if (pid == 0) {
    close(fds[0]);
    alarm(static_cast<unsigned>(timeout_seconds));
    const Rejection r = RejectionOf(candidate, c);
    const std::string msg = r.stage + '\x1f' + std::to_string(static_cast<int>(r.code)) + '\x1f' +
                            (r.reported_unsupported ? "1" : "0") + '\x1f' + r.message;
    for (size_t off = 0; off < msg.size();) {
      const ssize_t n = write(fds[1], msg.data() + off, msg.size() - off);
      if (n <= 0) break;
      off += static_cast<size_t>(n);
    }
    _exit(0);
  }
  close(fds[1]);
  std::string msg;
  char buf[4096];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) != 0;) {
    if (n < 0) {
      if (errno == EINTR) continue;
      break;
    }
    msg.append(buf, static_cast<size_t>(n));
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  Rejection r;
  if (WIFSIGNALED(status)) {
    // A crash is not a rejection: the driver must return an error code.
    r.message = std::string("the driver process died with signal ") + std::to_string(WTERMSIG(status)) +
                (WTERMSIG(status) == SIGALRM ? " (timeout)" : "");
    r.stage = "";
    r.code = NNRT_FAILED;
    r.reported_unsupported = false;
    r.crashed = true;
    return r;
  }
  std::vector<std::string> parts;
  size_t start = 0;
  for (int i = 0; i < 3; ++i) {
    const size_t sep = msg.find('\x1f', start);
    if (sep == std::string::npos) break;
    parts.push_back(msg.substr(start, sep - start));
    start = sep + 1;
  }
  if (parts.size() != 3) {
    r.crashed = true;
    r.message = "the driver process exited without a result";
    return r;
  }
  r.stage = parts[0];
  r.code = static_cast<NNRT_ReturnCode>(std::atoi(parts[1].c_str()));
  r.reported_unsupported = parts[2] == "1";
  r.message = msg.substr(start);
  return r;
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
  const CompareMode mode = EnvOptions().mode;
  const std::string replay = "bazel run //cts_driver:nnrt_cts -- replay $(pwd)/golden/data/" + rel +
                             " --driver " + candidate->path;

  const std::string expect_error = golden::MetaValue(c, golden::kMetaExpectError);
  if (!expect_error.empty()) {
    const Rejection r = EnvOptions().isolate ? RejectionOfIsolated(*candidate, c, EnvOptions().timeout_seconds)
                                             : RejectionOf(*candidate, c);
    if (r.crashed) {
      Count(family, &Tally::failed);
      ADD_FAILURE() << rel << ": " << r.message << "\n  replay: " << replay;
      return;
    }
    if (r.stage.empty() && expect_error == "NNRT_UNSUPPORTED_OP" && mode == CompareMode::kConformance) {
      // The reference leaves these semantics undefined (e.g. C-41, C-175): a
      // driver may implement them as an extension (C-200).
      Count(family, &Tally::extension);
      std::cout << "[golden] " << rel << ": the candidate runs a case the reference reports unsupported" << std::endl;
      return;
    }
    if (r.stage.empty()) {
      Count(family, &Tally::failed);
      ADD_FAILURE() << rel << ": the reference fails with " << expect_error << " ("
                    << golden::MetaValue(c, golden::kMetaNote) << "), but the candidate "
                    << (r.reported_unsupported ? "reported the node unsupported yet " : "")
                    << "prepared and ran the model";
      return;
    }
    if (mode == CompareMode::kStrict && std::string(ReturnCodeName(r.code)) != expect_error) {
      Count(family, &Tally::failed);
      ADD_FAILURE() << rel << ": strict mode needs " << expect_error << ", the candidate's " << r.stage
                    << " returned " << r.message;
      return;
    }
    Count(family, &Tally::rejected);
    return;
  }

  ModelConfig config;
  CompareMode file_mode = mode;
  ConfigFromMeta(c, &config, &file_mode);
  RunOptions options;
  options.mode = mode;  // the environment decides, not the file
  options.isolate = EnvOptions().isolate;
  options.timeout_seconds = EnvOptions().timeout_seconds;
  options.expected_override = c.expected;
  const CaseOutcome o = RunCase(*candidate, c, config, options);
  switch (o.verdict) {
    case Verdict::kPass:
      Count(family, &Tally::passed);
      return;
    case Verdict::kUnsupported:
      Count(family, &Tally::unsupported);
      std::cout << "[golden] " << rel << ": skipped, " << o.message << std::endl;
      return;
    case Verdict::kFail:
    case Verdict::kInvalidCase:
      Count(family, &Tally::failed);
      ADD_FAILURE() << rel << " (" << golden::MetaValue(c, golden::kMetaNote) << "): " << VerdictName(o.verdict)
                    << ": " << o.message << "\n  replay: " << replay;
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
                 "extension)\n";
    for (const auto& kv : Tallies()) {
      const Tally& t = kv.second;
      std::cout << "  " << kv.first << ": " << t.passed << " / " << t.failed << " / " << t.unsupported << " / "
                << t.rejected << " / " << t.extension << "\n";
      total.passed += t.passed, total.failed += t.failed, total.unsupported += t.unsupported,
          total.rejected += t.rejected, total.extension += t.extension;
    }
    std::cout << "  total: " << total.passed << " passed, " << total.failed << " failed, " << total.unsupported
              << " unsupported (skipped), " << total.rejected << " rejected as expected, " << total.extension
              << " extensions" << std::endl;
  }
};

const auto* const kSummary = ::testing::AddGlobalTestEnvironment(new ReplaySummary);

}  // namespace
}  // namespace cts
}  // namespace nnrt
