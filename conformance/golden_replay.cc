#include "conformance/golden_replay.h"

#include <signal.h>
#include <sys/wait.h>

#include <cstdlib>
#include <memory>
#include <set>

#include "conformance/waivers.h"
#include "conformance/time_budget.h"
#include "golden/golden_case.h"
#include "golden/golden_files.h"
#include "reference/ops/elementwise/activation.h"

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
    out.data_type = t.data_type;
    const std::optional<int64_t> n = ElementCount(t.dims);
    out.data.assign(std::max<size_t>(n.value_or(1) * DataTypeSize(t.data_type), 1), 0);
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
// invalid case fails that case instead of the whole test. The child emits the
// records stage, code, unsupported ("1" / "0"), message (RunForkedChild's format).
Rejection RejectionOfIsolated(const Candidate& candidate, const TestCase& c, int timeout_seconds) {
  const ForkedChild child = RunForkedChild(
      [&](const EmitRecord& emit) {
        const Rejection r = RejectionOf(candidate, c);
        emit(r.stage);
        emit(std::to_string(static_cast<int>(r.code)));
        emit(r.reported_unsupported ? "1" : "0");
        emit(r.message);
        return true;
      },
      timeout_seconds);
  if (!child.setup_error.empty()) return RejectionOf(candidate, c);
  Rejection r;
  if (WIFSIGNALED(child.status)) {
    // A crash is not a rejection: the driver must return an error code.
    r.message = std::string("the driver process died with signal ") + std::to_string(WTERMSIG(child.status)) +
                (WTERMSIG(child.status) == SIGALRM ? " (timeout)" : "");
    r.stage = "";
    r.code = NNRT_FAILED;
    r.reported_unsupported = false;
    r.crashed = true;
    return r;
  }
  if (child.records.size() != 4) {
    r.crashed = true;
    r.message = "the driver process exited without a result";
    return r;
  }
  r.stage = child.records[0];
  r.code = static_cast<NNRT_ReturnCode>(std::atoi(child.records[1].c_str()));
  r.reported_unsupported = child.records[2] == "1";
  r.message = child.records[3];
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
    const ActivationImpl* impl = FindActivationImpl(ReadActivationAttrs(node).type);
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
