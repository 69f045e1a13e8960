#include "conformance/golden_replay.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <memory>
#include <set>

#include "conformance/waivers.h"
#include "conformance/time_budget.h"
#include "golden/golden_case.h"
#include "golden/golden_files.h"
#include "reference/ops/activation.h"

namespace nnrt {
namespace cts {

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

const char* GoldenVerdictName(GoldenVerdict v) {
  switch (v) {
    case GoldenVerdict::kPassed: return "passed";
    case GoldenVerdict::kFailed: return "failed";
    case GoldenVerdict::kUnsupported: return "unsupported";
    case GoldenVerdict::kRejected: return "rejected as expected";
    case GoldenVerdict::kExtension: return "extension";
    case GoldenVerdict::kWaived: return "waived";
    case GoldenVerdict::kSkipped: return "skipped (time budget)";
  }
  return "?";
}

namespace {

GoldenReplayResult ReplayExpectedError(const Candidate& candidate, const TestCase& c, const std::string& expect_error,
                                       const PropertyOptions& options) {
  const Rejection r =
      options.isolate ? RejectionOfIsolated(candidate, c, options.timeout_seconds) : RejectionOf(candidate, c);
  if (r.crashed) return {GoldenVerdict::kFailed, r.message};
  if (r.stage.empty() && expect_error == "NNRT_UNSUPPORTED_OP" && options.mode == CompareMode::kConformance) {
    // The reference leaves these semantics undefined (e.g. C-41, C-175): a
    // driver may implement them as an extension (C-200).
    return {GoldenVerdict::kExtension, "the candidate runs a case the reference reports unsupported"};
  }
  if (r.stage.empty()) {
    return {GoldenVerdict::kFailed, "the reference fails with " + expect_error + " (" +
                                        golden::MetaValue(c, golden::kMetaNote) + "), but the candidate " +
                                        (r.reported_unsupported ? "reported the node unsupported yet " : "") +
                                        "prepared and ran the model"};
  }
  if (options.mode == CompareMode::kStrict && std::string(ReturnCodeName(r.code)) != expect_error) {
    return {GoldenVerdict::kFailed,
            "strict mode needs " + expect_error + ", the candidate's " + r.stage + " returned " + r.message};
  }
  return {GoldenVerdict::kRejected, ""};
}

}  // namespace

// The waiver covering a one-node golden case's report cell, if any: the spec
// name (ACTIVATION_<type> for ACTIVATION), input 0's data type label, mode
// "default" (golden files run in the default mode).
const Waiver* WaiverFor(const TestCase& c, const PropertyOptions& options) {
  if (options.waivers == nullptr || c.model.nodes.size() != 1) return nullptr;
  const Node& node = c.model.nodes[0];
  if (node.inputs.empty() || node.inputs[0] >= c.model.tensors.size()) return nullptr;
  std::string spec = NodeTypeName(node.type);
  if (node.type == NodeType::ACTIVATION) {
    const ActivationImpl* impl = FindActivationImpl(ReadActivationParams(node).type);
    if (impl == nullptr) return nullptr;
    spec = std::string("ACTIVATION_") + impl->name;
  }
  const Tensor& x = c.model.tensors[node.inputs[0]];
  const std::string dtype = std::string(DataTypeName(x.data_type)) + (x.IsQuantized() ? "(q)" : "");
  return options.waivers->Find(spec, dtype, "default");
}

GoldenReplayResult ReplayGoldenCase(const Candidate& candidate, const TestCase& c, const PropertyOptions& options) {
  if (RunBudgetExhausted()) {  // C-264: not started
    AddSkippedCases(1);
    return {GoldenVerdict::kSkipped, "not replayed: the run's time budget was exhausted"};
  }
  const std::string expect_error = golden::MetaValue(c, golden::kMetaExpectError);
  if (!expect_error.empty()) return ReplayExpectedError(candidate, c, expect_error, options);
  ModelConfig config;
  CompareMode file_mode = options.mode;
  ConfigFromMeta(c, &config, &file_mode);
  RunOptions run;
  run.mode = options.mode;  // the caller decides, not the file
  run.isolate = options.isolate;
  run.timeout_seconds = CaseTimeoutWithinBudget(options.timeout_seconds);
  run.expected_override = c.expected;
  const CaseOutcome o = RunCase(candidate, c, config, run);
  switch (o.verdict) {
    case Verdict::kPass: return {GoldenVerdict::kPassed, ""};
    case Verdict::kUnsupported: return {GoldenVerdict::kUnsupported, o.message};
    case Verdict::kFail:
    case Verdict::kInvalidCase: {
      const std::string message =
          golden::MetaValue(c, golden::kMetaNote) + ": " + VerdictName(o.verdict) + ": " + o.message;
      if (const Waiver* w = WaiverFor(c, options)) {
        return {GoldenVerdict::kWaived, message + " [waived: " + w->reason + " (" + w->link + ", " + w->source + ")]"};
      }
      return {GoldenVerdict::kFailed, message};
    }
  }
  return {GoldenVerdict::kFailed, "unknown verdict"};
}

std::string DefaultGoldenDir(const std::string& argv0) {
  return FindRunfile("NNRT_CTS_GOLDEN", "golden/data", argv0);
}

std::vector<std::string> GoldenFilesIn(const std::string& dir) {
  std::set<std::string> files;
  std::string error;
  if (!dir.empty()) golden::ListGoldenFiles(dir, &files, &error);
  return std::vector<std::string>(files.begin(), files.end());
}

}  // namespace cts
}  // namespace nnrt
