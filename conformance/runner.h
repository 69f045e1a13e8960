// Runs one case on the candidate driver (through the HAL loader and the RAII
// wrapper) and on the in-process reference interpreter, and compares.
#ifndef NNRT_CONFORMANCE_RUNNER_H_
#define NNRT_CONFORMANCE_RUNNER_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "conformance/tolerance/compare.h"
#include "reference/cases/run_on_reference.h"
#include "reference/hal/hal_cpp.h"
#include "reference/ir/host_tensor.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {

// A loaded candidate driver with one device.
struct Candidate {
  std::string path;
  std::unique_ptr<HalLibrary> library;
  std::unique_ptr<HalDevice> device;
  std::string device_name;
  bool float16_supported = false;
};

// dlopen + CreateDevice + capability queries.
Status OpenCandidate(const std::string& abs_path, std::unique_ptr<Candidate>* candidate);
// The same for a driver table already in the process (tests, in-process drivers).
Status OpenCandidateFromTable(const NNRT_HalDriver* driver, const std::string& label,
                              std::unique_ptr<Candidate>* candidate);

// $NNRT_CTS_DRIVER when set, else the reference driver .so found in the test's
// runfiles ($TEST_SRCDIR/nnrt_kit/reference/libnnrt_reference_driver.so) or
// next to `argv0` (bazel-bin layout). Empty when none is found.
std::string DefaultDriverPath(const std::string& argv0 = "");

// Opens the DefaultDriverPath() candidate. Returns "" on success, else the
// reason ("no candidate driver: set NNRT_CTS_DRIVER=..." or "cannot load
// <path>: <status>"), which the suite's tests print when they fail.
std::string OpenDefaultCandidate(std::unique_ptr<Candidate>* candidate);
// The same, opened once per process and shared by every test in it; null with
// *error set when it could not be opened (every test then fails with the reason).
const Candidate* SharedDefaultCandidate(std::string* error);

enum class Verdict { kPass, kFail, kUnsupported, kInvalidCase };
const char* VerdictName(Verdict v);

struct CaseOutcome {
  Verdict verdict = Verdict::kPass;
  std::string message;
  std::vector<HostTensor> reference_outputs;
  std::vector<HostTensor> candidate_outputs;
  int64_t failing_output = -1;  // index of the output that failed the comparison
  CompareResult compare;        // of the failing output (or the last one compared)
};

struct RunOptions {
  CompareMode mode = CompareMode::kConformance;
  // Run the candidate side in a forked child (C-89): a crash or a hang of the
  // driver becomes a failing verdict instead of killing the suite.
  bool isolate = false;
  int timeout_seconds = 60;  // per case, isolated runs only
  // When non-empty, compare against these (e.g. a replayed file's expected
  // section) instead of a fresh reference run.
  std::vector<HostTensor> expected_override;
};

// The per-element reference information the comparator needs for output
// `output_index` (quantization_semantics 5.2; TOSA "bounds mode"): the op input
// for activations, sum(|terms|) for arithmetic and convolution (the reference
// run on |inputs| with the activation removed and SUB turned into ADD), the
// number of terms of a convolution dot product.
Status ComputeReferenceAux(const TestCase& c, size_t output_index, bool want_magnitude, ReferenceAux* aux);

// RunCaseOnReference (reference/cases/run_on_reference.h, which also gives
// CaseInputs), its time counted as the run profile's reference cost.
Status RunReference(const TestCase& c, std::vector<HostTensor>* outputs);

// The tolerance row for output `output_index` of a one-node case.
Tolerance ToleranceForCase(const TestCase& c, size_t output_index, const ModelConfig& config, CompareMode mode);

// The candidate side of a case: support query, prepare, run. verdict kPass
// means "ran"; the comparison happens in RunCase.
struct CandidateRun {
  Verdict verdict = Verdict::kPass;
  std::string message;
  std::vector<HostTensor> outputs;
};
CandidateRun RunOnCandidate(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                            const std::vector<HostTensor>& inputs, const std::vector<HostTensor>& reference_outputs);
// The same in a forked child with a timeout (conformance/isolation.cc). A
// child killed by a signal, exiting without a result, or exceeding the
// timeout gives kFail with a message naming the signal / timeout.
CandidateRun RunOnCandidateIsolated(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                                    const std::vector<HostTensor>& inputs,
                                    const std::vector<HostTensor>& reference_outputs, int timeout_seconds);

// Runs `fn` (a candidate-side step) in a forked child with a timeout, exactly
// as RunOnCandidateIsolated does; used by the execution modes (conformance/modes/modes.h).
CandidateRun RunIsolated(const std::function<CandidateRun()>& fn, int timeout_seconds);

// The one isolation primitive (C-89), under RunIsolated and every other
// candidate-side step that must not take the suite down (the invalid-model
// probes, the golden rejections): `body` runs in a forked child under an alarm
// of timeout_seconds (60 when not positive) and hands its result back as
// records through `emit` as it goes, so the records written before a crash
// survive it. The child _exits 0 when body returns true, 3 otherwise; the
// parent reads to EOF, then reaps. One record format for all of them:
// "<length>:<bytes>" per record on the pipe.
using EmitRecord = std::function<void(const std::string& record)>;
struct ForkedChild {
  std::string setup_error;           // pipe or fork failed: no child ran
  std::vector<std::string> records;  // everything the child emitted, also before a crash
  int status = 0;                    // the child's waitpid status
};
ForkedChild RunForkedChild(const std::function<bool(const EmitRecord& emit)>& body, int timeout_seconds);

// The record format, for every other hand-over between the suite's processes
// (a --jobs worker's unit result, cts_driver/run_units.h): records framed
// one after the other, and back. UnframeRecords keeps the whole records
// before a truncated or malformed tail and returns false when there is one.
std::string FrameRecords(const std::vector<std::string>& records);
bool UnframeRecords(const std::string& data, std::vector<std::string>* records);

// Candidate steps in this process (C-930): set only in a disposable --jobs
// worker (cts_driver/run_units.h) that reruns its unit with a fork per step
// when it dies. RunForkedChild then runs `body` here, under the same alarm
// (a hang kills the worker, not the suite), and reports a normal exit.
void SetCandidateStepsInProcess(bool in_process);
bool CandidateStepsInProcess();

CaseOutcome RunCase(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                    const RunOptions& options);

// The comparison half of RunCase: outcome->candidate_outputs against
// outcome->reference_outputs, one tolerance row per output. Sets verdict
// (kPass / kFail / kInvalidCase), message, failing_output and compare.
void CompareOutputs(const TestCase& c, const ModelConfig& config, CompareMode mode, CaseOutcome* outcome);

// The text of a failing case: the model, inputs, the reference outputs as the
// expected section, and meta lines with the candidate outputs, the worst
// element, the config, the seed and the replay command.
TestCase MakeCounterexample(const TestCase& c, const ModelConfig& config, const CaseOutcome& outcome,
                            const std::vector<std::pair<std::string, std::string>>& extra_meta);

// Values of a tensor in the text format's exact notation: "[0x1p+0, -0x0p+0, nan]".
std::string FormatTensorValues(DataType dtype, const std::vector<uint8_t>& bytes);

// Reads the config and mode a counterexample file records (meta
// cts.enable_float16 / cts.mode); defaults otherwise.
void ConfigFromMeta(const TestCase& c, ModelConfig* config, CompareMode* mode);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_RUNNER_H_
