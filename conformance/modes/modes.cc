// Execution modes: one function per mode, each a plain sequence of HAL calls
// with the requirement it checks stated next to it (docs/conformance.md
// "Execution modes", clarifications C-250..C-259). This file: the helpers the
// modes share, fp16, concurrent runs, support agreement and the
// dispatch; the cache modes, dynamic shapes and driver buffers are in
// cache.cc, dynamic_shape.cc and device_buffers.cc; the mode names in
// conformance/exec_mode.h.
#include "conformance/modes/modes.h"

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

#include "conformance/modes/internal.h"

namespace nnrt {
namespace cts {

namespace modes_internal {

CandidateRun Verdicted(Verdict v, std::string message) {
  CandidateRun r;
  r.verdict = v;
  r.message = std::move(message);
  return r;
}
CandidateRun Fail(std::string message) { return Verdicted(Verdict::kFail, std::move(message)); }
CandidateRun Skip(std::string message) { return Verdicted(Verdict::kUnsupported, std::move(message)); }

// Output slots with the reference's byte size as capacity (at least 1 byte).
std::vector<HostTensor> OutputSlots(const std::vector<HostTensor>& reference_outputs) {
  std::vector<HostTensor> out;
  for (const HostTensor& ref : reference_outputs) {
    HostTensor t;
    t.name = ref.name;
    t.data_type = ref.data_type;
    t.data.assign(std::max<size_t>(ref.data.size(), 1), 0);
    out.push_back(std::move(t));
  }
  return out;
}

Status RunPrepared(const HalPreparedModel& prepared, const std::vector<HostTensor>& inputs,
                   const std::vector<HostTensor>& reference_outputs, std::vector<HostTensor>* outputs) {
  *outputs = OutputSlots(reference_outputs);
  return prepared.Run(inputs, outputs);
}

// "" when a and b are bitwise identical (dims, data type, bytes), else where they differ.
std::string BitwiseDifference(const std::vector<HostTensor>& a, const std::vector<HostTensor>& b) {
  if (a.size() != b.size()) return std::to_string(a.size()) + " vs " + std::to_string(b.size()) + " outputs";
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].data_type != b[i].data_type || a[i].dims != b[i].dims) {
      return "output " + std::to_string(i) + " is " + DataTypeName(b[i].data_type) + DimsToString(b[i].dims) +
             " instead of " + DataTypeName(a[i].data_type) + DimsToString(a[i].dims);
    }
    if (a[i].data != b[i].data) {
      size_t k = 0;
      while (k < a[i].data.size() && k < b[i].data.size() && a[i].data[k] == b[i].data[k]) ++k;
      return "output " + std::to_string(i) + " differs from byte " + std::to_string(k) + " on";
    }
  }
  return "";
}

// GetSupportedOperation + PrepareModel as RunOnCandidate does them: an
// unsupported node is kUnsupported, a supported one must prepare (C-86).
CandidateRun PrepareSupported(const Candidate& candidate, const Model& model, const ModelConfig& config,
                              std::unique_ptr<HalPreparedModel>* prepared) {
  std::vector<bool> supported;
  Status st = candidate.device->GetSupportedOperation(model, &supported);
  if (!st.ok()) return Fail("GetSupportedOperation failed on a valid model: " + st.ToString());
  for (bool s : supported) {
    if (!s) return Skip("the candidate reports the node unsupported");
  }
  st = candidate.device->PrepareModel(model, config, prepared);
  if (!st.ok()) return Fail("PrepareModel failed after GetSupportedOperation reported support: " + st.ToString());
  return Verdicted(Verdict::kPass, "");
}

bool IsNotSupportedCode(const Status& st) {
  return st.code() == NNRT_NOT_SUPPORT || st.code() == NNRT_OPERATION_FORBIDDEN || st.code() == NNRT_UNSUPPORTED_OP;
}

namespace {

// ---- fp16 ------------------------------------------------------------------------------

CandidateRun RunFp16(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                     const std::vector<HostTensor>& inputs, const std::vector<HostTensor>& reference_outputs) {
  if (!candidate.float16_supported) return Skip("IsFloat16PrecisionSupported reports false");
  ModelConfig fp16 = config;
  fp16.enable_float16 = true;
  return RunOnCandidate(candidate, c, fp16, inputs, reference_outputs);
}

// ---- Concurrent runs -------------------------------------------------------------------

namespace {

// Input set `v` of the concurrent mode: every input of two or more elements
// with its elements rotated by v places (same values, same dims, so a valid
// case stays valid for most operators), so that threads running different
// variants expose state shared between Runs (C-262).
std::vector<HostTensor> RotatedInputs(const std::vector<HostTensor>& inputs, size_t v) {
  std::vector<HostTensor> out = inputs;
  for (HostTensor& t : out) {
    const size_t size = DataTypeSize(t.data_type);
    const size_t n = size == 0 ? 0 : t.data.size() / size;
    if (n < 2) continue;
    std::rotate(t.data.begin(), t.data.begin() + static_cast<std::ptrdiff_t>((v % n) * size), t.data.end());
  }
  return out;
}

struct ConcurrentVariant {
  std::vector<HostTensor> inputs;
  std::vector<HostTensor> outputs;  // the candidate's single-threaded answer
};

// The variants whose single-threaded run succeeds; variant 0 (the case's own
// inputs) must succeed, the others may be refused (a rotation can make a
// value-dependent input invalid) and are then left out.
CandidateRun SingleThreadedVariants(const HalPreparedModel& prepared, const std::vector<HostTensor>& inputs,
                                    const std::vector<HostTensor>& reference_outputs, size_t count,
                                    std::vector<ConcurrentVariant>* variants) {
  CandidateRun r = Verdicted(Verdict::kPass, "");
  for (size_t v = 0; v < count; ++v) {
    ConcurrentVariant variant{v == 0 ? inputs : RotatedInputs(inputs, v), {}};
    const Status st = RunPrepared(prepared, variant.inputs, reference_outputs, &variant.outputs);
    if (v == 0) {
      if (!st.ok()) return Fail("Run failed: " + st.ToString());
      r.outputs = variant.outputs;
    }
    if (st.ok()) variants->push_back(std::move(variant));
  }
  return r;
}

}  // namespace

CandidateRun RunConcurrent(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                           const std::vector<HostTensor>& inputs, const std::vector<HostTensor>& reference_outputs,
                           const ModeParams& params) {
  std::unique_ptr<HalPreparedModel> prepared;
  CandidateRun r = PrepareSupported(candidate, c.model, config, &prepared);
  if (r.verdict != Verdict::kPass) return r;
  const int threads = std::max(params.threads, 2);
  const int runs = std::max(params.runs_per_thread, 1);
  std::vector<ConcurrentVariant> variants;
  r = SingleThreadedVariants(*prepared, inputs, reference_outputs, static_cast<size_t>(threads), &variants);
  if (r.verdict != Verdict::kPass) return r;
  std::vector<std::string> errors(static_cast<size_t>(threads));
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      const ConcurrentVariant& mine = variants[static_cast<size_t>(t) % variants.size()];
      for (int k = 0; k < runs && errors[t].empty(); ++k) {
        std::vector<HostTensor> outputs;
        const Status s = RunPrepared(*prepared, mine.inputs, reference_outputs, &outputs);
        if (!s.ok()) {
          errors[t] = "Run failed: " + s.ToString();
        } else {
          const std::string diff = BitwiseDifference(mine.outputs, outputs);
          if (!diff.empty()) errors[t] = "outputs differ from the single-threaded run on the same inputs: " + diff;
        }
      }
    });
  }
  for (std::thread& th : pool) th.join();
  // C-256: concurrent runs of one prepared model are allowed and deterministic;
  // C-262: each thread runs its own inputs.
  for (int t = 0; t < threads; ++t) {
    if (!errors[t].empty()) {
      return Fail("thread " + std::to_string(t) + " of " + std::to_string(threads) + " (" +
                  std::to_string(variants.size()) + " distinct input sets) running one prepared model: " + errors[t]);
    }
  }
  return r;
}

// ---- GetSupportedOperation vs PrepareModel ---------------------------------------------

CandidateRun RunSupportAgreement(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                                 const std::vector<HostTensor>& inputs,
                                 const std::vector<HostTensor>& reference_outputs) {
  std::vector<bool> first, second;
  Status st = candidate.device->GetSupportedOperation(c.model, &first);
  if (!st.ok()) return Fail("GetSupportedOperation failed on a valid model: " + st.ToString());
  if (first.size() != c.model.nodes.size()) {
    return Fail("GetSupportedOperation answered for " + std::to_string(first.size()) + " nodes, the model has " +
                std::to_string(c.model.nodes.size()));
  }
  st = candidate.device->GetSupportedOperation(c.model, &second);
  if (!st.ok() || second != first) return Fail("GetSupportedOperation gives a different answer when asked twice");
  bool all = true;
  for (bool s : first) all = all && s;
  std::unique_ptr<HalPreparedModel> prepared;
  st = candidate.device->PrepareModel(c.model, config, &prepared);
  if (!all) {
    // C-258: a model with a node reported unsupported must not prepare.
    if (st.ok()) return Fail("PrepareModel accepted a model with a node GetSupportedOperation reports unsupported");
    return Skip("the candidate reports the node unsupported (and PrepareModel agrees)");
  }
  if (!st.ok()) return Fail("PrepareModel failed after GetSupportedOperation reported support: " + st.ToString());
  CandidateRun r = Verdicted(Verdict::kPass, "");
  st = RunPrepared(*prepared, inputs, reference_outputs, &r.outputs);
  if (!st.ok()) return Fail("Run failed: " + st.ToString());
  return r;
}

}  // namespace
}  // namespace modes_internal

using modes_internal::Fail;
using modes_internal::RunCacheCorruption;
using modes_internal::RunCacheRoundTrip;
using modes_internal::RunConcurrent;
using modes_internal::RunDeviceBuffers;
using modes_internal::RunDynamicShape;
using modes_internal::RunFp16;
using modes_internal::RunSupportAgreement;

CandidateRun RunModeOnCandidate(const Candidate& candidate, ExecMode mode, const TestCase& c,
                                const ModelConfig& config, const std::vector<HostTensor>& inputs,
                                const std::vector<HostTensor>& reference_outputs, const ModeParams& params) {
  switch (mode) {
    case ExecMode::kFp16: return RunFp16(candidate, c, config, inputs, reference_outputs);
    case ExecMode::kCache: return RunCacheRoundTrip(candidate, c, config, inputs, reference_outputs);
    case ExecMode::kCacheCorruption: return RunCacheCorruption(candidate, c, config, inputs, reference_outputs);
    case ExecMode::kDynamicShape: return RunDynamicShape(candidate, c, config, inputs, reference_outputs);
    case ExecMode::kDeviceBuffers: return RunDeviceBuffers(candidate, c, config, inputs, reference_outputs);
    case ExecMode::kConcurrent: return RunConcurrent(candidate, c, config, inputs, reference_outputs, params);
    case ExecMode::kSupportAgreement: return RunSupportAgreement(candidate, c, config, inputs, reference_outputs);
  }
  return Fail("unknown execution mode");
}

CaseOutcome RunModeCase(const Candidate& candidate, ExecMode mode, const TestCase& c, const ModelConfig& config,
                        const RunOptions& options, const ModeParams& params) {
  CaseOutcome o;
  std::vector<HostTensor> inputs;
  Status st = CaseInputs(c, &inputs);
  if (st.ok()) st = RunReference(c, &o.reference_outputs);
  if (!st.ok()) {
    o.verdict = Verdict::kInvalidCase;
    o.message = "the reference rejects the case: " + st.ToString();
    return o;
  }
  ModelConfig used = config;
  if (mode == ExecMode::kFp16) used.enable_float16 = true;
  auto candidate_side = [&]() {
    return RunModeOnCandidate(candidate, mode, c, used, inputs, o.reference_outputs, params);
  };
  const CandidateRun run = options.isolate ? RunIsolated(candidate_side, options.timeout_seconds) : candidate_side();
  if (run.verdict != Verdict::kPass) {
    o.verdict = run.verdict;
    o.message = std::string(ExecModeName(mode)) + " mode: " + run.message;
    // Keep the isolation layer's wording first so ClassifyOutcome sees it.
    if (run.message.rfind("the driver crashed:", 0) == 0 ||
        run.message.rfind("the isolated child process", 0) == 0 || run.message.find("(timeout;") != std::string::npos) {
      o.message = run.message + " [" + ExecModeName(mode) + " mode]";
    }
    return o;
  }
  o.candidate_outputs = run.outputs;
  CompareOutputs(c, used, options.mode, &o);
  if (o.verdict != Verdict::kPass) o.message = std::string(ExecModeName(mode)) + " mode: " + o.message;
  return o;
}

bool ModeAppliesTo(ExecMode mode, const NodeSpec& spec) {
  if (mode != ExecMode::kFp16) return !spec.dtypes.empty();
  for (DataType d : spec.dtypes) {
    if (d == DataType::kFloat32) return true;
  }
  return false;
}

void ConfigurePropertyForMode(ExecMode mode, PropertyOptions* options) {
  options->mode_label = ExecModeName(mode);
  options->cases = std::max(1, options->cases / 4);
  options->only_dtypes.clear();
  if (mode == ExecMode::kFp16) {
    options->only_dtypes = {DataType::kFloat32};
    options->force_float16 = true;
  }
  options->run_case = [mode](const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                             const RunOptions& run_options) {
    return RunModeCase(candidate, mode, c, config, run_options);
  };
}

}  // namespace cts
}  // namespace nnrt
