#include "conformance/mutations/invalid_model.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iomanip>
#include <memory>
#include <sstream>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/mutations/index_probes.h"
#include "conformance/property.h"
#include "conformance/runner.h"
#include "conformance/time_budget.h"
#include "reference/device/interpreter.h"
#include "reference/hal/hal_model_view.h"

namespace nnrt {
namespace cts {
namespace {

// ---- A forked child that streams records back (C-89) ------------------------------------------
//
// The child runs `body`, which emits records as it goes (so a crash in the
// middle still leaves the records before it). The isolation primitive is
// RunForkedChild (conformance/isolation.cc); *crash describes a signal /
// timeout / bad exit.

using Emit = EmitRecord;

std::vector<std::string> RunForked(const std::function<void(const Emit&)>& body, int timeout_seconds,
                                   std::string* crash) {
  crash->clear();
  const ForkedChild child = RunForkedChild(
      [&](const EmitRecord& emit) {
        body(emit);
        return true;
      },
      timeout_seconds);
  if (!child.setup_error.empty()) {
    *crash = child.setup_error;
    return {};
  }
  const int status = child.status;
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    *crash = sig == SIGALRM ? "timeout after " + std::to_string(timeout_seconds) + " s in the isolated child"
                            : "signal " + std::to_string(sig) + " (" + strsignal(sig) + ") in the isolated child";
  } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    *crash = "the isolated child exited with status " + std::to_string(WEXITSTATUS(status));
  }
  return child.records;
}

// ---- DeviceAnswers <-> records ------------------------------------------------------------------

std::vector<std::string> AnswersToRecords(const DeviceAnswers& a) {
  std::string bits;
  for (bool b : a.supported) bits.push_back(b ? '1' : '0');
  return {a.support_asked ? "1" : "0", std::to_string(static_cast<int32_t>(a.support_code)), a.support_message, bits,
          std::to_string(static_cast<int32_t>(a.prepare_code)), a.prepare_message,
          a.prepared_model_returned ? "1" : "0"};
}

bool AnswersFromRecords(const std::vector<std::string>& r, DeviceAnswers* a) {
  if (r.size() != 7) return false;
  a->support_asked = r[0] == "1";
  a->support_code = static_cast<NNRT_ReturnCode>(std::atoi(r[1].c_str()));
  a->support_message = r[2];
  a->supported.clear();
  for (char c : r[3]) a->supported.push_back(c == '1');
  a->prepare_code = static_cast<NNRT_ReturnCode>(std::atoi(r[4].c_str()));
  a->prepare_message = r[5];
  a->prepared_model_returned = r[6] == "1";
  return true;
}

std::string CodeName(NNRT_ReturnCode code) {
  const char* name = ReturnCodeName(code);
  return name != nullptr ? name : std::to_string(static_cast<int32_t>(code));
}

std::string DriverError(const NNRT_HalDriver& driver) {
  if (driver.GetLastErrorMessage == nullptr) return "";
  const char* m = driver.GetLastErrorMessage();
  return m == nullptr ? "" : std::string(m, strnlen(m, kHalMaxStringLength));
}

// The candidate's answers in this process. PrepareModel is called through the
// raw table so that "an error AND a prepared model" is visible (the RAII
// wrapper hides it on purpose).
DeviceAnswers AskCandidateHere(const Candidate& candidate, MutationLevel level, const MutatedCase& m) {
  DeviceAnswers a;
  if (level != MutationLevel::kConfig) {
    a.support_asked = true;
    const Status st = candidate.device->GetSupportedOperation(m.test_case.model, &a.supported);
    a.support_code = st.code();
    a.support_message = st.message();
  }
  std::unique_ptr<HalModelView> view;
  const Status built = HalModelView::Build(m.test_case.model, HalViewOptions{}, &view);
  if (!built.ok()) {  // cannot happen below 4 GiB of constants; never reached the driver
    a.prepare_code = NNRT_FAILED;
    a.prepare_message = "the harness could not build the HAL view: " + built.ToString();
    return a;
  }
  HalModelConfigView config(m.config);
  const NNRT_HalDriver& driver = candidate.device->driver();
  NNRT_HalPreparedModel* prepared = nullptr;
  const int32_t rc = driver.PrepareModel(candidate.device->raw(), view->get(), config.get(), &prepared);
  a.prepare_code = static_cast<NNRT_ReturnCode>(rc);
  a.prepared_model_returned = prepared != nullptr;
  if (rc != NNRT_SUCCESS) {
    a.prepare_message = DriverError(driver);
  } else if (prepared != nullptr) {
    driver.ReleasePreparedModel(prepared);
  }
  return a;
}

}  // namespace

// ---- C-211: what counts as a rejection ----------------------------------------------------------

RejectionVerdict JudgeRejection(MutationLevel level, const MutatedCase& m, const DeviceAnswers& a) {
  RejectionVerdict v;
  if (!a.crash.empty()) {
    v.message = "the driver crashed or hung on an invalid model: " + a.crash;
    return v;
  }
  std::string how;
  if (a.support_asked) {
    if (a.support_code != NNRT_SUCCESS) {
      how = "GetSupportedOperation " + CodeName(a.support_code);
    } else if (level == MutationLevel::kStructure) {
      v.message = "GetSupportedOperation returned success on a structurally invalid model (C-211: must be an error)";
      return v;
    } else {
      const bool flagged = m.mutated_node >= 0 && static_cast<size_t>(m.mutated_node) < a.supported.size() &&
                           !a.supported[static_cast<size_t>(m.mutated_node)];
      if (!flagged) {
        v.message = "GetSupportedOperation reported the invalid node " + std::to_string(m.mutated_node) +
                    " supported (C-211: error or false)";
        return v;
      }
      how = "GetSupportedOperation: node " + std::to_string(m.mutated_node) + " unsupported";
    }
  }
  if (a.prepare_code == NNRT_SUCCESS) {
    v.message = "PrepareModel accepted the invalid model";
    return v;
  }
  if (a.prepared_model_returned) {
    v.message = "PrepareModel returned " + CodeName(a.prepare_code) + " but also a prepared model";
    return v;
  }
  v.rejected = true;
  v.message = (how.empty() ? "" : how + "; ") + "PrepareModel " + CodeName(a.prepare_code) +
              (a.prepare_message.empty() ? "" : " (" + a.prepare_message + ")");
  return v;
}

DeviceAnswers AskReference(MutationLevel level, const MutatedCase& m) {
  DeviceAnswers a;
  if (level != MutationLevel::kConfig) {
    a.support_asked = true;
    const Status st = SupportedOperations(m.test_case.model, &a.supported);
    a.support_code = st.code();
    a.support_message = st.message();
  }
  // The reference device checks the config first, then prepares (reference_device.cc ReadConfig).
  Status st = ValidateModelConfigValues(m.config);
  if (st.ok()) {
    std::unique_ptr<PreparedInterpreter> prepared;
    st = PrepareInterpreter(m.test_case.model, &prepared);
    a.prepared_model_returned = st.ok() && prepared != nullptr;
  }
  a.prepare_code = st.code();
  a.prepare_message = st.message();
  return a;
}

DeviceAnswers AskCandidate(const Candidate& candidate, MutationLevel level, const MutatedCase& m, bool isolate,
                           int timeout_seconds) {
  if (!isolate) return AskCandidateHere(candidate, level, m);
  std::string crash;
  const std::vector<std::string> records = RunForked(
      [&](const Emit& emit) {
        for (const std::string& r : AnswersToRecords(AskCandidateHere(candidate, level, m))) emit(r);
      },
      timeout_seconds, &crash);
  DeviceAnswers a;
  if (!crash.empty()) {
    a.crash = crash;
  } else if (!AnswersFromRecords(records, &a)) {
    a.crash = "isolation: the child's answers could not be read";
  }
  return a;
}

// ---- C-213: wrong inputs at run time --------------------------------------------------------------

const std::vector<std::string>& RunProbeNames() {
  static const std::vector<std::string>* const names = new std::vector<std::string>{
      "input_count_missing", "input_count_extra", "input_shape_wrong",      "input_bytes_short",
      "input_null_buffer",   "input_dtype_wrong", "output_buffer_too_small", "output_count_missing",
      "index_negative",      "index_past_end",
  };
  return *names;
}

namespace {

// Another data type of the same element size: only a dtype check catches it.
bool SameSizeOtherType(DataType t, DataType* other) {
  switch (t) {
    case DataType::kFloat32: *other = DataType::kInt32; return true;
    case DataType::kInt32: *other = DataType::kFloat32; return true;
    case DataType::kFloat16: *other = DataType::kInt16; return true;
    case DataType::kInt16: *other = DataType::kFloat16; return true;
    case DataType::kInt8: *other = DataType::kUint8; return true;
    case DataType::kUint8: *other = DataType::kInt8; return true;
    case DataType::kBool: *other = DataType::kInt8; return true;
    case DataType::kInt64: *other = DataType::kFloat64; return true;
    case DataType::kFloat64: *other = DataType::kInt64; return true;
    default: return false;
  }
}

// Runs every probe in this process; records: "skip", reason | "start", probe |
// "result", probe, applicable, rc, message, expected code ("" = any error).
void RunProbesHere(const Candidate& candidate, const TestCase& valid, const ModelConfig& config,
                   const std::string& only, const Emit& emit) {
  std::vector<HostTensor> inputs, reference;
  Status st = CaseInputs(valid, &inputs);
  if (st.ok()) st = RunReference(valid, &reference);
  if (!st.ok()) {
    emit("skip");
    emit("the reference cannot run the valid case: " + st.ToString());
    return;
  }
  std::vector<bool> supported;
  st = candidate.device->GetSupportedOperation(valid.model, &supported);
  const bool all_supported = st.ok() && std::all_of(supported.begin(), supported.end(), [](bool b) { return b; });
  std::unique_ptr<HalPreparedModel> prepared;
  if (all_supported) st = candidate.device->PrepareModel(valid.model, config, &prepared);
  if (!all_supported || !st.ok()) {
    emit("skip");
    emit(all_supported ? "PrepareModel failed: " + st.ToString() : "the candidate does not support the valid case");
    return;
  }
  const NNRT_HalDriver& driver = candidate.device->driver();
  for (const std::string& probe : RunProbeNames()) {
    if (!only.empty() && probe != only) continue;
    emit("start");
    emit(probe);
    // Fresh, correct IO for every probe; then one thing broken.
    std::vector<HostTensor> in = inputs;
    std::vector<std::vector<uint8_t>> out_bytes;
    for (const HostTensor& r : reference) out_bytes.emplace_back(std::max<size_t>(r.data.size(), 1), 0);
    std::vector<NNRT_HalIOTensor> in_io, out_io;
    for (HostTensor& t : in) in_io.push_back(HostIOTensor(t.name, t.data_type, t.dims, t.data.data(), t.data.size()));
    for (size_t i = 0; i < reference.size(); ++i) {
      out_io.push_back(HostIOTensor(reference[i].name, reference[i].data_type, reference[i].dims, out_bytes[i].data(),
                                    out_bytes[i].size()));
    }
    Dims wrong_dims;
    bool applicable = true;
    std::string expected_code;  // the index probes: the reference's code (C-351)
    const bool has_input = !in_io.empty();
    const size_t elem = has_input ? DataTypeSize(in[0].data_type) : 0;
    if (probe == "input_count_missing") {
      applicable = has_input;
      if (applicable) in_io.pop_back();
    } else if (probe == "input_count_extra") {
      applicable = has_input;
      if (applicable) in_io.push_back(in_io[0]);
    } else if (probe == "input_shape_wrong") {
      // A leading 1: same byte size, a rank the fixed-shape model input does not have.
      applicable = has_input && in[0].dims.size() < NNRT_HAL_MAX_RANK && !IsDynamic(in[0].dims);
      if (applicable) {
        wrong_dims = in[0].dims;
        wrong_dims.insert(wrong_dims.begin(), 1);
        in_io[0].dims = wrong_dims.data();
        in_io[0].dimCount = static_cast<uint32_t>(wrong_dims.size());
      }
    } else if (probe == "input_bytes_short") {
      applicable = has_input && elem > 0 && in[0].data.size() >= elem;
      if (applicable) {
        in_io[0].data.dataSize -= static_cast<uint32_t>(elem);
        in_io[0].data.bufferSize -= static_cast<uint32_t>(elem);
      }
    } else if (probe == "input_null_buffer") {
      applicable = has_input && !in[0].data.empty();
      if (applicable) in_io[0].data.hostAddress = nullptr;
    } else if (probe == "input_dtype_wrong") {
      DataType other;
      applicable = has_input && SameSizeOtherType(in[0].data_type, &other);
      if (applicable) in_io[0].dataType = static_cast<int32_t>(other);
    } else if (probe == "output_buffer_too_small") {
      applicable = !reference.empty() && !reference[0].data.empty();
      if (applicable) {
        out_io[0].data.dataSize -= 1;
        out_io[0].data.bufferSize -= 1;
      }
    } else if (probe == "output_count_missing") {
      applicable = !out_io.empty();
      if (applicable) out_io.pop_back();
    } else if (IsIndexProbe(probe)) {
      // The bytes change in place: in_io still points at them.
      NNRT_ReturnCode code = NNRT_SUCCESS;
      std::string detail;
      applicable = ApplyIndexProbe(valid, probe, &in, &code, &detail);
      if (applicable) expected_code = std::to_string(static_cast<int32_t>(code));
    }
    int32_t rc = NNRT_SUCCESS;
    std::string message;
    if (applicable) {
      std::vector<NNRT_HalShape> shapes(std::max<size_t>(out_io.size(), reference.size()) + 1);
      rc = driver.Run(prepared->raw(), in_io.empty() ? nullptr : in_io.data(), static_cast<uint32_t>(in_io.size()),
                      out_io.empty() ? nullptr : out_io.data(), static_cast<uint32_t>(out_io.size()), shapes.data());
      if (rc != NNRT_SUCCESS) message = DriverError(driver);
    }
    emit("result");
    emit(probe);
    emit(applicable ? "1" : "0");
    emit(std::to_string(rc));
    emit(message);
    emit(expected_code);
  }
}

}  // namespace

std::vector<RunProbeResult> ProbeWrongRunInputs(const Candidate& candidate, const TestCase& valid,
                                                const ModelConfig& config, bool isolate, int timeout_seconds,
                                                const std::string& only, std::string* skipped) {
  skipped->clear();
  std::vector<std::string> records;
  std::string crash;
  if (isolate) {
    records = RunForked([&](const Emit& emit) { RunProbesHere(candidate, valid, config, only, emit); },
                        timeout_seconds, &crash);
  } else {
    RunProbesHere(candidate, valid, config, only, [&](const std::string& r) { records.push_back(r); });
  }
  std::vector<RunProbeResult> results;
  std::string started;
  for (size_t i = 0; i < records.size();) {
    if (records[i] == "skip" && i + 1 < records.size()) {
      *skipped = records[i + 1];
      return {};
    }
    if (records[i] == "start" && i + 1 < records.size()) {
      started = records[i + 1];
      i += 2;
      continue;
    }
    if (records[i] == "result" && i + 5 < records.size()) {
      RunProbeResult r;
      r.probe = records[i + 1];
      r.applicable = records[i + 2] == "1";
      const int32_t rc = std::atoi(records[i + 3].c_str());
      const std::string& expected = records[i + 5];
      const auto expected_rc = static_cast<NNRT_ReturnCode>(std::atoi(expected.c_str()));
      r.passed = !r.applicable || (expected.empty() ? rc != NNRT_SUCCESS : rc == expected_rc);
      const std::string answer = "Run " + CodeName(static_cast<NNRT_ReturnCode>(rc)) +
                                 (records[i + 4].empty() ? "" : " (" + records[i + 4] + ")");
      r.message = !r.applicable ? "not applicable"
                  : !expected.empty() && rc != expected_rc
                      ? answer + "; expected " + CodeName(expected_rc) +
                            " for an index outside the documented range (C-351: never wrapped or clamped)"
                  : rc != NNRT_SUCCESS ? answer
                                       : "Run returned NNRT_SUCCESS on wrong inputs (C-213: must be an error)";
      results.push_back(r);
      started.clear();
      i += 6;
      continue;
    }
    break;
  }
  if (!crash.empty()) {
    RunProbeResult r;
    r.probe = started.empty() ? "(prepare)" : started;
    r.passed = false;
    r.message = "the driver crashed or hung: " + crash;
    results.push_back(r);
  }
  return results;
}

// ---- The property ----------------------------------------------------------------------------------

InvalidSuiteOptions InvalidSuiteOptionsFromEnv() {
  const PropertyOptions p = PropertyOptionsFromEnv();
  InvalidSuiteOptions o;
  o.cases = std::max(1, p.cases / 20);
  if (const char* n = std::getenv("NNRT_CTS_INVALID_CASES")) {
    const int v = std::atoi(n);
    if (v > 0) o.cases = v;
  }
  o.seed = p.seed;
  o.isolate = p.isolate;
  o.timeout_seconds = p.timeout_seconds;
  o.out_dir = p.out_dir;
  return o;
}

namespace {

void ConfigFromRejectionMeta(const TestCase& c, ModelConfig* config, MutationLevel* level, int64_t* node) {
  CompareMode mode;
  ConfigFromMeta(c, config, &mode);
  for (const auto& kv : c.meta) {
    if (kv.first == "cts.performance_mode") config->performance_mode = std::atoi(kv.second.c_str());
    if (kv.first == "cts.priority") config->priority = std::atoi(kv.second.c_str());
    if (kv.first == "cts.mutated_node") *node = std::atoll(kv.second.c_str());
    if (kv.first == "cts.mutation_level") {
      *level = kv.second == "config" ? MutationLevel::kConfig
               : kv.second == "node" ? MutationLevel::kNode
                                     : MutationLevel::kStructure;
    }
  }
}

std::string MetaValue(const TestCase& c, const std::string& key) {
  for (const auto& kv : c.meta) {
    if (kv.first == key) return kv.second;
  }
  return "";
}

std::string Stem(const std::string& spec, const std::string& what, uint64_t seed) {
  return "invalid_" + spec + "_" + what + "_seed" + std::to_string(seed);
}

TestCase MakeRunRejectionCase(const NodeSpec& spec, const GeneratedCase& g, const RunProbeResult& r,
                              const InvalidSuiteOptions& options, const std::string& driver, const std::string& file) {
  TestCase c = g.test_case;
  c.expected.clear();
  c.meta = {{"cts.expect", "run_rejection"},
            {"cts.run_probe", r.probe},
            {"cts.expected_rejection", "Run returns an error code for '" + r.probe + "' (C-213)"},
            {"cts.candidate_answer", r.message},
            {"cts.spec", spec.name},
            {"cts.seed", std::to_string(options.seed)},
            {"cts.driver", driver},
            {"cts.enable_float16", g.config.enable_float16 ? "true" : "false"},
            {"cts.performance_mode", std::to_string(g.config.performance_mode)},
            {"cts.priority", std::to_string(g.config.priority)},
            {"cts.replay", options.replay_binary + " replay " + file + " --driver " + driver}};
  return c;
}

}  // namespace

TestCase MakeRejectionCase(const NodeSpec& spec, const MutationFamily& family, const MutatedCase& mutated,
                           const DeviceAnswers& reference, const RejectionVerdict& verdict,
                           const InvalidSuiteOptions& options, const std::string& driver) {
  TestCase c = mutated.test_case;
  c.expected.clear();
  const std::string stem = Stem(spec.name, family.name, options.seed);
  const std::string expected =
      std::string(family.level == MutationLevel::kStructure ? "GetSupportedOperation: error code; "
                  : family.level == MutationLevel::kNode   ? "GetSupportedOperation: error code or node " +
                                                                std::to_string(mutated.mutated_node) + " false; "
                                                           : "") +
      "PrepareModel: error code and no prepared model (C-211; the reference answers " +
      CodeName(reference.prepare_code) + ")";
  c.meta = {{"cts.expect", "rejection"},
            {"cts.mutation", family.name},
            {"cts.mutation_level", MutationLevelName(family.level)},
            {"cts.rule", family.rule},
            {"cts.detail", mutated.detail},
            {"cts.mutated_node", std::to_string(mutated.mutated_node)},
            {"cts.expected_rejection", expected},
            {"cts.candidate_answer", verdict.message},
            {"cts.spec", spec.name},
            {"cts.seed", std::to_string(options.seed)},
            {"cts.driver", driver},
            {"cts.enable_float16", mutated.config.enable_float16 ? "true" : "false"},
            {"cts.performance_mode", std::to_string(mutated.config.performance_mode)},
            {"cts.priority", std::to_string(mutated.config.priority)},
            {"cts.replay", options.replay_binary + " replay " + options.out_dir + "/" + stem +
                               ".nnrtcase --driver " + driver}};
  return c;
}

std::string CaseExpectation(const TestCase& c) { return MetaValue(c, "cts.expect"); }

bool ReplayExpectedRejection(const Candidate& candidate, const TestCase& c, bool isolate, int timeout_seconds,
                             std::string* report) {
  ModelConfig config;
  MutationLevel level = MutationLevel::kStructure;
  int64_t node = 0;
  ConfigFromRejectionMeta(c, &config, &level, &node);
  std::ostringstream os;
  if (CaseExpectation(c) == "run_rejection") {
    const std::string probe = MetaValue(c, "cts.run_probe");
    std::string skipped;
    const std::vector<RunProbeResult> results =
        ProbeWrongRunInputs(candidate, c, config, isolate, timeout_seconds, probe, &skipped);
    if (results.empty()) {
      os << "run probe '" << probe << "' not run: " << (skipped.empty() ? "unknown probe" : skipped);
      *report = os.str();
      return false;
    }
    bool all = true;
    for (const RunProbeResult& r : results) {
      os << "run probe " << r.probe << ": " << (r.passed ? "rejected" : "NOT rejected") << " -- " << r.message << "\n";
      all = all && r.passed;
    }
    *report = os.str();
    return all;
  }
  MutatedCase m;
  m.test_case = c;
  m.config = config;
  m.mutated_node = node;
  m.detail = MetaValue(c, "cts.detail");
  const DeviceAnswers a = AskCandidate(candidate, level, m, isolate, timeout_seconds);
  const RejectionVerdict v = JudgeRejection(level, m, a);
  os << "mutation " << MetaValue(c, "cts.mutation") << " (" << MutationLevelName(level) << "): " << m.detail << "\n"
     << "  expected: " << MetaValue(c, "cts.expected_rejection") << "\n"
     << "  candidate: " << (v.rejected ? "rejected -- " : "NOT rejected -- ") << v.message << "\n";
  *report = os.str();
  return v.rejected;
}

// Directed valid cases per index-taking spec that get the index probes.
constexpr int kDirectedIndexProbeCases = 2;

InvalidSuiteResult RunInvalidModelProperty(const NodeSpec& spec, const Candidate& candidate,
                                           const InvalidSuiteOptions& options) {
  InvalidSuiteResult result;
  std::ostringstream failures;
  std::map<std::string, bool> written;  // one case file per family / probe

  auto fail_family = [&](const MutationFamily& f, const MutatedCase& m, const DeviceAnswers& ref,
                         const RejectionVerdict& v) {
    result.passed = false;
    failures << spec.name << " / " << f.name << " (" << m.detail << "): " << v.message << "\n";
    if (written[f.name] || options.out_dir.empty()) return;
    written[f.name] = true;
    std::string error;
    const std::string path = WriteCounterexample(options.out_dir, Stem(spec.name, f.name, options.seed),
                                                 MakeRejectionCase(spec, f, m, ref, v, options, candidate.path), &error);
    if (!path.empty()) {
      result.case_files.push_back(path);
      failures << "  case file: " << path << "\n";
    }
  };

  // Counts one probe result of a valid case `g`; a failure writes the
  // probe's case file once.
  auto judge_probe = [&](const GeneratedCase& g, const RunProbeResult& r) {
    FamilyCounts& counts = result.run_probes[r.probe];
    if (!r.applicable) {
      ++counts.not_applicable;
      return;
    }
    if (r.passed) {
      ++counts.rejected;
      return;
    }
    ++counts.not_rejected;
    result.passed = false;
    failures << spec.name << " / run probe " << r.probe << ": " << r.message << "\n";
    if (written["run:" + r.probe] || options.out_dir.empty()) return;
    written["run:" + r.probe] = true;
    const std::string stem = Stem(spec.name, "run_" + r.probe, options.seed);
    const std::string file = options.out_dir + "/" + stem + ".nnrtcase";
    std::string error;
    const std::string path = WriteCounterexample(options.out_dir, stem,
                                                 MakeRunRejectionCase(spec, g, r, options, candidate.path, file), &error);
    if (!path.empty()) {
      result.case_files.push_back(path);
      failures << "  case file: " << path << "\n";
    }
  };

  auto property = [&]() {
    const DataType dtype = *rc::gen::elementOf(spec.dtypes);
    const GeneratedCase g = spec.generate(spec, dtype);
    if (RunBudgetExhausted()) {  // C-264: not started
      AddSkippedCases(1);
      ++result.skipped;
      return;
    }
    for (const MutationFamily& f : AllMutationFamilies()) {
      FamilyCounts& counts = result.families[f.name];
      MutatedCase m;
      if (!f.mutate(spec, g, &m)) {
        ++counts.not_applicable;
        continue;
      }
      DeviceAnswers ref;
      if (options.check_reference) {
        ref = AskReference(f.level, m);
        const RejectionVerdict rv = JudgeRejection(f.level, m, ref);
        if (!rv.rejected) {  // the mutation list has rotted: this model is not invalid for the reference
          ++counts.reference_accepted;
          result.passed = false;
          failures << spec.name << " / " << f.name << " (" << m.detail << "): SELF-CHECK: the reference "
                   << rv.message << "\n";
          continue;
        }
      }
      const DeviceAnswers a = AskCandidate(candidate, f.level, m, options.isolate, options.timeout_seconds);
      const RejectionVerdict v = JudgeRejection(f.level, m, a);
      if (v.rejected) {
        ++counts.rejected;
      } else {
        ++counts.not_rejected;
        fail_family(f, m, ref, v);
      }
    }
    if (!options.run_probes) return;
    std::string skipped;
    for (const RunProbeResult& r :
         ProbeWrongRunInputs(candidate, g.test_case, g.config, options.isolate, options.timeout_seconds, "", &skipped)) {
      judge_probe(g, r);
    }
  };

  // The directed index probes (C-913): for a spec with index inputs, its
  // directed cases (fixed seed, DirectedCaseIndex k; their index inputs are
  // run-time inputs) get the index probes in every run, whatever the seed.
  size_t directed_case = 0;
  auto directed_index_property = [&]() {
    const size_t k = directed_case++;
    const DataType dtype = spec.dtypes[k % spec.dtypes.size()];
    GeneratedCase g;
    {
      ScopedEdgeSweep sweep(k);
      g = spec.generate(spec, dtype);
    }
    if (RunBudgetExhausted()) return;
    for (const std::string& probe : IndexProbeNames()) {
      std::string skipped;
      for (const RunProbeResult& r : ProbeWrongRunInputs(candidate, g.test_case, g.config, options.isolate,
                                                         options.timeout_seconds, probe, &skipped)) {
        judge_probe(g, r);
      }
    }
  };
  if (options.run_probes && !spec.index_inputs.empty()) {
    rc::detail::TestMetadata directed_metadata;
    directed_metadata.id = spec.name + "_index_probes";
    directed_metadata.description = directed_metadata.id;
    rc::detail::TestParams directed_params;
    directed_params.seed = kDirectedEdgeSeed;
    directed_params.maxSuccess = kDirectedIndexProbeCases;
    directed_params.disableShrinking = true;
    rc::detail::checkProperty(rc::detail::toProperty(directed_index_property), directed_metadata, directed_params);
  }

  rc::detail::TestMetadata metadata;
  metadata.id = spec.name + "_invalid";
  metadata.description = metadata.id;
  rc::detail::TestParams params;
  params.seed = options.seed;
  params.maxSuccess = options.cases;
  params.disableShrinking = true;  // every family is judged per case; nothing throws
  rc::detail::checkProperty(rc::detail::toProperty(property), metadata, params);
  result.message = failures.str();
  return result;
}

void MergeInvalidResult(const InvalidSuiteResult& from, InvalidSuiteResult* into) {
  into->passed = into->passed && from.passed;
  into->message += from.message;
  into->skipped += from.skipped;
  auto merge = [](const std::map<std::string, FamilyCounts>& a, std::map<std::string, FamilyCounts>* b) {
    for (const auto& kv : a) {
      FamilyCounts& c = (*b)[kv.first];
      c.rejected += kv.second.rejected;
      c.not_rejected += kv.second.not_rejected;
      c.not_applicable += kv.second.not_applicable;
      c.reference_accepted += kv.second.reference_accepted;
    }
  };
  merge(from.families, &into->families);
  merge(from.run_probes, &into->run_probes);
  into->case_files.insert(into->case_files.end(), from.case_files.begin(), from.case_files.end());
}

std::string FormatInvalidCounts(const InvalidSuiteResult& result) {
  std::ostringstream os;
  auto table = [&](const char* title, const std::map<std::string, FamilyCounts>& rows,
                   const std::vector<std::string>& order) {
    os << std::left << std::setw(34) << title << " | rejected | NOT rejected | n/a   | ref accepted\n"
       << std::string(80, '-') << "\n";
    for (const std::string& name : order) {
      auto it = rows.find(name);
      if (it == rows.end()) continue;
      const FamilyCounts& c = it->second;
      os << std::setw(34) << name << " | " << std::setw(8) << c.rejected << " | " << std::setw(12) << c.not_rejected
         << " | " << std::setw(5) << c.not_applicable << " | " << c.reference_accepted << "\n";
    }
  };
  std::vector<std::string> families;
  for (const MutationFamily& f : AllMutationFamilies()) families.push_back(f.name);
  table("mutation family", result.families, families);
  if (!result.run_probes.empty()) {
    os << "\n";
    table("run probe (valid model, wrong IO)", result.run_probes, RunProbeNames());
  }
  return os.str();
}

}  // namespace cts
}  // namespace nnrt
