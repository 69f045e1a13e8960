// The runner (runner.h): opening the candidate driver, and one case on it --
// support query, prepare, run -- compared with the reference. The reference
// side is in runner_reference.cc, counterexample files in runner_counterexample.cc.
#include "conformance/runner.h"

#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "conformance/run_profile.h"
#include "conformance/suite_environment.h"
#include "reference/hal/hal_loader.h"

namespace nnrt {
namespace cts {

// ---- Candidate -------------------------------------------------------------------

namespace {
Status FinishOpen(std::unique_ptr<Candidate> c, std::unique_ptr<Candidate>* candidate) {
  NNRT_RETURN_IF_ERROR(c->library->CreateDevice(&c->device));
  NNRT_RETURN_IF_ERROR(c->device->Name(&c->device_name));
  NNRT_RETURN_IF_ERROR(c->device->IsFloat16PrecisionSupported(&c->float16_supported));
  *candidate = std::move(c);
  return Status::Ok();
}
}  // namespace

Status OpenCandidate(const std::string& abs_path, std::unique_ptr<Candidate>* candidate) {
  auto c = std::make_unique<Candidate>();
  c->path = abs_path;
  NNRT_RETURN_IF_ERROR(LoadHalDriver(abs_path, &c->library));
  return FinishOpen(std::move(c), candidate);
}

Status OpenCandidateFromTable(const NNRT_HalDriver* driver, const std::string& label,
                              std::unique_ptr<Candidate>* candidate) {
  auto c = std::make_unique<Candidate>();
  c->path = label;
  NNRT_RETURN_IF_ERROR(WrapHalDriver(driver, label, &c->library));
  return FinishOpen(std::move(c), candidate);
}

namespace {

bool FileExists(const std::string& path) { return !path.empty() && access(path.c_str(), R_OK) == 0; }

std::string Absolute(const std::string& path) {
  char buf[PATH_MAX];
  if (realpath(path.c_str(), buf) == nullptr) return "";
  return buf;
}

}  // namespace

std::string DefaultDriverPath(const std::string& argv0) {
  const SuiteEnvironment& process_env = ProcessSuiteEnvironment();
  const std::string env = NonEmpty(process_env.driver);
  if (!env.empty()) return env;
  const std::string rel = "nnrt_kit/reference/libnnrt_reference_driver.so";
  std::vector<std::string> candidates;
  const std::string srcdir = NonEmpty(process_env.test_srcdir);
  if (!srcdir.empty()) candidates.push_back(srcdir + "/" + rel);
  const std::string runfiles = NonEmpty(process_env.runfiles_dir);
  if (!runfiles.empty()) candidates.push_back(runfiles + "/" + rel);
  if (!argv0.empty()) {
    candidates.push_back(argv0 + ".runfiles/" + rel);
    const size_t slash = argv0.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : argv0.substr(0, slash);
    candidates.push_back(dir + "/../reference/libnnrt_reference_driver.so");  // bazel-bin/<pkg>/binary
  }
  for (const std::string& c : candidates) {
    if (FileExists(c)) return Absolute(c);
  }
  return "";
}

std::string OpenDefaultCandidate(std::unique_ptr<Candidate>* candidate) {
  const std::string path = DefaultDriverPath();
  if (path.empty()) return "no candidate driver: set NNRT_CTS_DRIVER=/abs/path/lib.so";
  const Status st = OpenCandidate(path, candidate);
  if (!st.ok()) return "cannot load " + path + ": " + st.ToString();
  return "";
}

const Candidate* SharedDefaultCandidate(std::string* error) {
  static std::unique_ptr<Candidate> candidate;
  static const std::string load_error = OpenDefaultCandidate(&candidate);  // thread-safe once
  *error = load_error;
  return candidate.get();
}

const char* VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kPass: return "pass";
    case Verdict::kFail: return "FAIL";
    case Verdict::kUnsupported: return "unsupported";
    case Verdict::kInvalidCase: return "invalid-case";
  }
  return "?";
}

// ---- One case -------------------------------------------------------------------------

namespace {

Status ExpectedFromOverride(const TestCase& c, const std::vector<HostTensor>& expected,
                            std::vector<HostTensor>* outputs) {
  outputs->clear();
  for (uint32_t index : c.model.outputs) {
    const std::string& name = c.model.tensors[index].name;
    const HostTensor* found = nullptr;
    for (const HostTensor& e : expected) {
      if (e.name == name) found = &e;
    }
    if (found == nullptr) return InvalidInput("the case has no expected data for model output '" + name + "'");
    outputs->push_back(*found);
  }
  return Status::Ok();
}

size_t ElementCountOf(const HostTensor& t) {
  const size_t size = DataTypeSize(t.data_type);
  return size == 0 ? 0 : t.data.size() / size;
}

}  // namespace

CandidateRun RunOnCandidate(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                            const std::vector<HostTensor>& inputs, const std::vector<HostTensor>& reference_outputs) {
  CandidateRun r;
  std::vector<bool> supported;
  Status st = candidate.device->GetSupportedOperation(c.model, &supported);
  if (!st.ok()) {
    r.verdict = Verdict::kFail;
    r.message = "GetSupportedOperation failed on a valid model: " + st.ToString();
    return r;
  }
  for (bool s : supported) {
    if (!s) {
      r.verdict = Verdict::kUnsupported;
      r.message = "the candidate reports the node unsupported";
      return r;
    }
  }
  std::unique_ptr<HalPreparedModel> prepared;
  st = candidate.device->PrepareModel(c.model, config, &prepared);
  if (!st.ok()) {
    // C-86: a node reported supported must prepare.
    r.verdict = Verdict::kFail;
    r.message = "PrepareModel failed after GetSupportedOperation reported support: " + st.ToString();
    return r;
  }
  // Output capacity = the reference's byte size (at least 1 byte, so a buffer exists).
  for (const HostTensor& ref : reference_outputs) {
    HostTensor out;
    out.name = ref.name;
    out.data_type = ref.data_type;
    out.data.assign(std::max<size_t>(ref.data.size(), 1), 0);
    r.outputs.push_back(std::move(out));
  }
  st = prepared->Run(inputs, &r.outputs);
  if (!st.ok()) {
    r.verdict = Verdict::kFail;
    r.message = "Run failed: " + st.ToString();
    r.outputs.clear();
    return r;
  }
  r.verdict = Verdict::kPass;
  return r;
}

CaseOutcome RunCase(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                    const RunOptions& options) {
  CaseOutcome o;
  std::vector<HostTensor> inputs;
  Status st = CaseInputs(c, &inputs);
  if (st.ok()) {
    st = options.expected_override.empty() ? RunReference(c, &o.reference_outputs)
                                           : ExpectedFromOverride(c, options.expected_override, &o.reference_outputs);
  }
  if (!st.ok()) {
    o.verdict = Verdict::kInvalidCase;
    o.message = "the reference rejects the case: " + st.ToString();
    return o;
  }
  const CandidateRun run = options.isolate
                               ? RunOnCandidateIsolated(candidate, c, config, inputs, o.reference_outputs,
                                                        options.timeout_seconds)
                               : RunOnCandidate(candidate, c, config, inputs, o.reference_outputs);
  if (run.verdict != Verdict::kPass) {
    o.verdict = run.verdict;
    o.message = run.message;
    return o;
  }
  o.candidate_outputs = run.outputs;
  CompareOutputs(c, config, options.mode, &o);
  return o;
}

void CompareOutputs(const TestCase& c, const ModelConfig& config, CompareMode mode, CaseOutcome* outcome) {
  const ScopedCost cost(ProfileCost::kCompare);
  CaseOutcome& o = *outcome;
  const std::vector<HostTensor>& outputs = o.candidate_outputs;
  if (outputs.size() != o.reference_outputs.size()) {
    o.verdict = Verdict::kFail;
    o.message = "the candidate returned " + std::to_string(outputs.size()) + " outputs, expected " +
                std::to_string(o.reference_outputs.size());
    return;
  }
  for (size_t i = 0; i < o.reference_outputs.size(); ++i) {
    const HostTensor& ref = o.reference_outputs[i];
    const HostTensor& act = outputs[i];
    if (act.dims != ref.dims || act.data_type != ref.data_type) {
      o.verdict = Verdict::kFail;
      o.failing_output = static_cast<int64_t>(i);
      o.message = "output " + std::to_string(i) + " ('" + ref.name + "') is " + DataTypeName(act.data_type) +
                  DimsToString(act.dims) + ", expected " + DataTypeName(ref.data_type) + DimsToString(ref.dims) +
                  (act.dims != ref.dims ? " (wrong dims)" : " (wrong data type)");
      return;
    }
    const Tolerance tol = ToleranceForCase(c, i, config, mode);
    ReferenceAux aux;
    const bool want_magnitude = tol.kind == ToleranceKind::kDotProduct || tol.fp16_relaxed;
    const Status st = ComputeReferenceAux(c, i, want_magnitude, &aux);
    if (!st.ok()) {
      o.verdict = Verdict::kInvalidCase;
      o.message = "cannot compute the comparison bounds: " + st.ToString();
      return;
    }
    o.compare = CompareTensor(tol, OutputView{ref.data_type, ref.data.data(), ElementCountOf(ref)},
                              OutputView{act.data_type, act.data.data(), ElementCountOf(act)}, aux);
    if (!o.compare.pass) {
      o.verdict = Verdict::kFail;
      o.failing_output = static_cast<int64_t>(i);
      o.message = "output " + std::to_string(i) + " ('" + ref.name + "'): " + o.compare.message;
      return;
    }
  }
  o.verdict = Verdict::kPass;
}

}  // namespace cts
}  // namespace nnrt
