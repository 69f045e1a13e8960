// Execution modes: one function per mode, each a plain sequence of HAL calls
// with the requirement it checks stated next to it (docs/conformance.md
// "Execution modes", clarifications C-250..C-259).
#include "conformance/modes.h"

#include "reference/device/model_cache.h"

#include <cstring>
#include <thread>

#include "reference/hal/hal_model_view.h"

namespace nnrt {
namespace cts {

const std::vector<ExecMode>& AllExecModes() {
  static const std::vector<ExecMode> modes = {ExecMode::kFp16,         ExecMode::kCache,
                                              ExecMode::kCacheCorruption, ExecMode::kDynamicShape,
                                              ExecMode::kDeviceBuffers, ExecMode::kConcurrent,
                                              ExecMode::kSupportAgreement};
  return modes;
}

const char* ExecModeName(ExecMode mode) {
  switch (mode) {
    case ExecMode::kFp16: return "fp16";
    case ExecMode::kCache: return "cache";
    case ExecMode::kCacheCorruption: return "cache-corruption";
    case ExecMode::kDynamicShape: return "dynamic-shape";
    case ExecMode::kDeviceBuffers: return "device-buffers";
    case ExecMode::kConcurrent: return "concurrent";
    case ExecMode::kSupportAgreement: return "support-agreement";
  }
  return "?";
}

std::optional<ExecMode> ParseExecMode(const std::string& name) {
  for (ExecMode m : AllExecModes()) {
    if (name == ExecModeName(m)) return m;
  }
  return std::nullopt;
}

bool IsKnownModeLabel(const std::string& label) { return label == "default" || ParseExecMode(label).has_value(); }

namespace {

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
    t.dtype = ref.dtype;
    t.bytes.assign(std::max<size_t>(ref.bytes.size(), 1), 0);
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
    if (a[i].dtype != b[i].dtype || a[i].dims != b[i].dims) {
      return "output " + std::to_string(i) + " is " + DataTypeName(b[i].dtype) + DimsToString(b[i].dims) +
             " instead of " + DataTypeName(a[i].dtype) + DimsToString(a[i].dims);
    }
    if (a[i].bytes != b[i].bytes) {
      size_t k = 0;
      while (k < a[i].bytes.size() && k < b[i].bytes.size() && a[i].bytes[k] == b[i].bytes[k]) ++k;
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

// ---- fp16 ------------------------------------------------------------------------------

CandidateRun RunFp16(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                     const std::vector<HostTensor>& inputs, const std::vector<HostTensor>& reference_outputs) {
  if (!candidate.float16_supported) return Skip("IsFloat16PrecisionSupported reports false");
  ModelConfig fp16 = config;
  fp16.enable_float16 = true;
  return RunOnCandidate(candidate, c, fp16, inputs, reference_outputs);
}

// ---- Model cache -----------------------------------------------------------------------

// Prepare, run, export: the first half of both cache modes.
CandidateRun PrepareRunExport(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                              const std::vector<HostTensor>& inputs, const std::vector<HostTensor>& reference_outputs,
                              std::vector<std::vector<uint8_t>>* caches) {
  bool cache_supported = false;
  Status st = candidate.device->IsModelCacheSupported(&cache_supported);
  if (!st.ok()) return Fail("IsModelCacheSupported failed: " + st.ToString());
  if (!cache_supported) return Skip("IsModelCacheSupported reports false");
  std::unique_ptr<HalPreparedModel> prepared;
  CandidateRun r = PrepareSupported(candidate, c.model, config, &prepared);
  if (r.verdict != Verdict::kPass) return r;
  st = RunPrepared(*prepared, inputs, reference_outputs, &r.outputs);
  if (!st.ok()) return Fail("Run failed: " + st.ToString());
  st = prepared->ExportModelCache(caches);
  // C-251: a driver that reports cache support must export a non-empty cache.
  if (!st.ok()) return Fail("ExportModelCache failed although IsModelCacheSupported is true: " + st.ToString());
  if (caches->empty()) return Fail("ExportModelCache returned no cache buffer although IsModelCacheSupported is true");
  return r;
}

CandidateRun RunCacheRoundTrip(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                               const std::vector<HostTensor>& inputs,
                               const std::vector<HostTensor>& reference_outputs) {
  std::vector<std::vector<uint8_t>> caches;
  CandidateRun first = PrepareRunExport(candidate, c, config, inputs, reference_outputs, &caches);
  if (first.verdict != Verdict::kPass) return first;
  std::unique_ptr<HalPreparedModel> reloaded;
  Status st = candidate.device->PrepareModelFromModelCache(caches, config, &reloaded);
  if (!st.ok()) return Fail("PrepareModelFromModelCache rejected the driver's own exported cache: " + st.ToString());
  std::vector<HostTensor> second;
  st = RunPrepared(*reloaded, inputs, reference_outputs, &second);
  if (!st.ok()) return Fail("Run of the model prepared from its cache failed: " + st.ToString());
  // C-250: the cached model computes the same function bit for bit.
  const std::string diff = BitwiseDifference(first.outputs, second);
  if (!diff.empty()) return Fail("the model prepared from its cache gives other outputs than the original: " + diff);
  return first;
}

// The damaged variants of a cache set (C-252), each with a name for the message.
std::vector<std::pair<std::string, std::vector<std::vector<uint8_t>>>> DamagedCaches(
    const std::vector<std::vector<uint8_t>>& caches) {
  std::vector<std::pair<std::string, std::vector<std::vector<uint8_t>>>> out;
  out.emplace_back("no cache buffer at all", std::vector<std::vector<uint8_t>>{});
  for (size_t i = 0; i < caches.size(); ++i) {
    const std::string which = "cache " + std::to_string(i);
    const size_t n = caches[i].size();
    auto truncated = caches;
    truncated[i].resize(n / 2);
    out.emplace_back(which + " truncated to " + std::to_string(n / 2) + " of " + std::to_string(n) + " bytes", truncated);
    if (n > 0) {
      auto short_by_one = caches;
      short_by_one[i].pop_back();
      out.emplace_back(which + " missing its last byte", short_by_one);
    }
    for (size_t pos : {size_t{0}, n / 2, n - 1}) {
      if (n == 0) break;
      auto flipped = caches;
      flipped[i][pos] ^= 0x10;
      out.emplace_back(which + " with bit 4 of byte " + std::to_string(pos) + " flipped", flipped);
    }
    // A vendor's cache format is its own, so the suite cannot forge a newer
    // version of it in general; a cache in the documented reference format
    // (docs/hal.md, reference/device/model_cache.h) gets one more variant: the
    // same bytes claiming the next format version (C-272). Its checksum covers
    // only the payload, so the variant is otherwise intact.
    if (HasModelCacheHeader(caches[i].data(), caches[i].size())) {
      auto newer = caches;
      const uint32_t version = kModelCacheFormatVersion + 1;
      SetModelCacheFormatVersion(&newer[i], version);
      out.emplace_back(which + " claiming the newer reference cache format version " + std::to_string(version), newer);
    }
  }
  return out;
}

CandidateRun RunCacheCorruption(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                                const std::vector<HostTensor>& inputs,
                                const std::vector<HostTensor>& reference_outputs) {
  std::vector<std::vector<uint8_t>> caches;
  CandidateRun first = PrepareRunExport(candidate, c, config, inputs, reference_outputs, &caches);
  if (first.verdict != Verdict::kPass) return first;
  for (const auto& [what, damaged] : DamagedCaches(caches)) {
    std::unique_ptr<HalPreparedModel> prepared;
    const Status st = candidate.device->PrepareModelFromModelCache(damaged, config, &prepared);
    if (st.ok() || prepared != nullptr) {
      return Fail("PrepareModelFromModelCache accepted a damaged cache (" + what + ")");
    }
  }
  return first;
}

// ---- Dynamic input shapes --------------------------------------------------------------

// The case's model with every model input of rank >= 1 (not a constant)
// declared with -1 dims, and the outputs too (their dims follow the inputs).
Model DynamicModel(const Model& m) {
  Model d = m;
  for (uint32_t i : d.inputs) {
    if (i < d.tensors.size() && !d.tensors[i].HasData()) std::fill(d.tensors[i].dims.begin(), d.tensors[i].dims.end(), -1);
  }
  for (uint32_t o : d.outputs) {
    if (o < d.tensors.size()) std::fill(d.tensors[o].dims.begin(), d.tensors[o].dims.end(), -1);
  }
  return d;
}

// A copy of `inputs` with one dim outside the declared ranges (C-253): min-1
// when min >= 1, else max+1 when the tensor stays below 16 MiB. False when no
// dim of any input allows either.
bool OutOfRangeInputs(const std::vector<HostTensor>& inputs, const std::vector<std::vector<uint32_t>>& mins,
                      const std::vector<std::vector<uint32_t>>& maxs, std::vector<HostTensor>* out, std::string* what) {
  for (size_t i = 0; i < inputs.size() && i < mins.size() && i < maxs.size(); ++i) {
    const Dims& dims = inputs[i].dims;
    for (size_t k = 0; k < dims.size() && k < mins[i].size() && k < maxs[i].size(); ++k) {
      uint64_t other = 1;
      for (size_t j = 0; j < dims.size(); ++j) other *= j == k ? 1 : static_cast<uint64_t>(dims[j]);
      int64_t value = -1;
      if (mins[i][k] >= 1) {
        value = int64_t{mins[i][k]} - 1;
      } else if (maxs[i][k] < INT32_MAX && (uint64_t{maxs[i][k]} + 1) * other * DataTypeSize(inputs[i].dtype) < (16u << 20)) {
        value = int64_t{maxs[i][k]} + 1;
      }
      if (value < 0) continue;
      *out = inputs;
      HostTensor& t = (*out)[i];
      t.dims[k] = static_cast<int32_t>(value);
      t.bytes.assign(static_cast<size_t>(value) * other * DataTypeSize(t.dtype), 0);
      *what = "input " + std::to_string(i) + " dim " + std::to_string(k) + " = " + std::to_string(value) +
              " (range [" + std::to_string(mins[i][k]) + ", " + std::to_string(maxs[i][k]) + "])";
      return true;
    }
  }
  return false;
}

CandidateRun RunDynamicShape(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                             const std::vector<HostTensor>& inputs, const std::vector<HostTensor>& reference_outputs) {
  bool dynamic = false;
  Status st = candidate.device->IsDynamicInputSupported(&dynamic);
  if (!st.ok()) return Fail("IsDynamicInputSupported failed: " + st.ToString());
  if (!dynamic) return Skip("IsDynamicInputSupported reports false");
  bool any_dynamic = false;
  for (const HostTensor& t : inputs) any_dynamic = any_dynamic || !t.dims.empty();
  if (!any_dynamic) return Skip("the case has only rank-0 inputs (nothing to declare dynamic)");
  std::unique_ptr<HalPreparedModel> prepared;
  CandidateRun r = PrepareSupported(candidate, DynamicModel(c.model), config, &prepared);
  if (r.verdict != Verdict::kPass) return r;
  std::vector<std::vector<uint32_t>> mins, maxs;
  st = prepared->GetInputDimRanges(&mins, &maxs);
  if (!st.ok()) return Fail("GetInputDimRanges failed on a model with dynamic inputs: " + st.ToString());
  if (mins.size() != inputs.size() || maxs.size() != inputs.size()) {
    return Fail("GetInputDimRanges describes " + std::to_string(mins.size()) + " inputs, the model has " +
                std::to_string(inputs.size()));
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (mins[i].size() != inputs[i].dims.size() || maxs[i].size() != inputs[i].dims.size()) {
      return Fail("GetInputDimRanges gives input " + std::to_string(i) + " " + std::to_string(mins[i].size()) +
                  " dims, the model declares rank " + std::to_string(inputs[i].dims.size()));
    }
    for (size_t k = 0; k < mins[i].size(); ++k) {
      if (mins[i][k] > maxs[i][k]) return Fail("GetInputDimRanges: input " + std::to_string(i) + " has min > max");
      const uint32_t d = static_cast<uint32_t>(inputs[i].dims[k]);
      if (d < mins[i][k] || d > maxs[i][k]) {
        return Skip("the case's input " + std::to_string(i) + " dim " + std::to_string(k) +
                    " lies outside the driver's declared range");
      }
    }
  }
  st = RunPrepared(*prepared, inputs, reference_outputs, &r.outputs);
  if (!st.ok()) return Fail("Run with dims inside GetInputDimRanges failed: " + st.ToString());
  std::vector<HostTensor> outside;
  std::string what;
  if (OutOfRangeInputs(inputs, mins, maxs, &outside, &what)) {
    std::vector<HostTensor> ignored;
    st = RunPrepared(*prepared, outside, reference_outputs, &ignored);
    if (st.ok()) return Fail("Run accepted dims outside GetInputDimRanges: " + what);
  }
  return r;
}

// ---- Driver-allocated buffers ----------------------------------------------------------

CandidateRun RunDeviceBuffers(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                              const std::vector<HostTensor>& inputs,
                              const std::vector<HostTensor>& reference_outputs) {
  std::unique_ptr<HalPreparedModel> prepared;
  CandidateRun r = PrepareSupported(candidate, c.model, config, &prepared);
  if (r.verdict != Verdict::kPass) return r;
  std::vector<std::unique_ptr<HalBuffer>> buffers;
  CandidateRun refused;
  // Appends a driver buffer of `bytes` (at least 1); false with *refused set
  // when the driver does not offer AllocateBuffer (kUnsupported) or fails.
  auto allocate = [&](size_t bytes) -> bool {
    std::unique_ptr<HalBuffer> b;
    const Status st = candidate.device->AllocateBuffer(static_cast<uint32_t>(std::max<size_t>(bytes, 1)), &b);
    if (!st.ok()) {
      refused = IsNotSupportedCode(st) ? Skip("AllocateBuffer is not supported: " + st.ToString())
                                       : Fail("AllocateBuffer failed: " + st.ToString());
      return false;
    }
    buffers.push_back(std::move(b));
    return true;
  };
  std::vector<NNRT_HalIOTensor> in, out;
  for (const HostTensor& t : inputs) {
    if (!allocate(t.bytes.size())) return refused;
    HalBuffer* b = buffers.back().get();
    HalBufferAccess access;
    NNRT_HalBuffer whole = b->raw();
    whole.offset = 0;
    whole.dataSize = whole.bufferSize;
    Status st = access.Open(whole, true, NNRT_INVALID_BUFFER, "allocated input buffer");
    if (!st.ok()) return Fail("the buffer AllocateBuffer returned cannot be mapped: " + st.ToString());
    if (access.size() < t.bytes.size()) return Fail("AllocateBuffer returned a buffer smaller than requested");
    if (!t.bytes.empty()) std::memcpy(access.data(), t.bytes.data(), t.bytes.size());
    NNRT_HalIOTensor io = HostIOTensor(t.name, t.dtype, t.dims, nullptr, 0);
    io.data = b->raw();
    io.data.offset = 0;
    io.data.dataSize = static_cast<uint32_t>(t.bytes.size());
    in.push_back(io);
  }
  const std::vector<HostTensor> slots = OutputSlots(reference_outputs);
  std::vector<HalBuffer*> out_buffers;
  for (const HostTensor& t : slots) {
    if (!allocate(t.bytes.size())) return refused;
    HalBuffer* b = buffers.back().get();
    NNRT_HalIOTensor io = HostIOTensor(t.name, t.dtype, t.dims, nullptr, 0);
    io.data = b->raw();
    io.data.offset = 0;
    io.data.dataSize = static_cast<uint32_t>(t.bytes.size());
    out.push_back(io);
    out_buffers.push_back(b);
  }
  std::vector<Dims> dims;
  Status st = prepared->Run(in, out, &dims);
  if (!st.ok()) return Fail("Run with AllocateBuffer buffers failed: " + st.ToString());
  for (size_t i = 0; i < slots.size(); ++i) {
    HostTensor t;
    t.name = slots[i].name;
    t.dtype = slots[i].dtype;
    t.dims = i < dims.size() ? dims[i] : Dims();
    const auto count = ElementCount(t.dims);
    const size_t bytes = count ? static_cast<size_t>(*count) * DataTypeSize(t.dtype) : SIZE_MAX;
    NNRT_HalBuffer whole = out_buffers[i]->raw();
    whole.offset = 0;
    whole.dataSize = whole.bufferSize;
    HalBufferAccess access;
    st = access.Open(whole, false, NNRT_INVALID_BUFFER, "allocated output buffer");
    if (!st.ok()) return Fail("the output buffer cannot be mapped after Run: " + st.ToString());
    if (bytes > access.size() || bytes > slots[i].bytes.size()) {
      return Fail("Run reported output " + std::to_string(i) + " dims " + DimsToString(t.dims) +
                  ", larger than its buffer");
    }
    t.bytes.assign(access.data(), access.data() + bytes);
    r.outputs.push_back(std::move(t));
  }
  return r;
}

// ---- Concurrent runs -------------------------------------------------------------------

CandidateRun RunConcurrent(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                           const std::vector<HostTensor>& inputs, const std::vector<HostTensor>& reference_outputs,
                           const ModeParams& params) {
  std::unique_ptr<HalPreparedModel> prepared;
  CandidateRun r = PrepareSupported(candidate, c.model, config, &prepared);
  if (r.verdict != Verdict::kPass) return r;
  Status st = RunPrepared(*prepared, inputs, reference_outputs, &r.outputs);
  if (!st.ok()) return Fail("Run failed: " + st.ToString());
  const int threads = std::max(params.threads, 2);
  const int runs = std::max(params.runs_per_thread, 1);
  std::vector<std::string> errors(static_cast<size_t>(threads));
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      for (int k = 0; k < runs && errors[t].empty(); ++k) {
        std::vector<HostTensor> outputs;
        const Status s = RunPrepared(*prepared, inputs, reference_outputs, &outputs);
        if (!s.ok()) {
          errors[t] = "Run failed: " + s.ToString();
        } else {
          const std::string diff = BitwiseDifference(r.outputs, outputs);
          if (!diff.empty()) errors[t] = "outputs differ from the single-threaded run: " + diff;
        }
      }
    });
  }
  for (std::thread& th : pool) th.join();
  // C-256: concurrent runs of one prepared model are allowed and deterministic.
  for (int t = 0; t < threads; ++t) {
    if (!errors[t].empty()) {
      return Fail("thread " + std::to_string(t) + " of " + std::to_string(threads) + " running the same prepared model: " +
                  errors[t]);
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
