#include "conformance/runner.h"

#include <unistd.h>

#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "reference/device/interpreter.h"
#include "reference/hal/hal_loader.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/op_def.h"

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

std::string EnvOr(const char* name, const std::string& fallback) {
  const char* v = std::getenv(name);
  return (v != nullptr && *v != '\0') ? std::string(v) : fallback;
}

}  // namespace

std::string DefaultDriverPath(const std::string& argv0) {
  const std::string env = EnvOr("NNRT_CTS_DRIVER", "");
  if (!env.empty()) return env;
  const std::string rel = "nnrt_kit/reference/libnnrt_reference_driver.so";
  std::vector<std::string> candidates;
  const std::string srcdir = EnvOr("TEST_SRCDIR", "");
  if (!srcdir.empty()) candidates.push_back(srcdir + "/" + rel);
  const std::string runfiles = EnvOr("RUNFILES_DIR", "");
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

// ---- Reference side ---------------------------------------------------------------

Status CaseInputs(const TestCase& c, std::vector<HostTensor>* inputs) {
  inputs->clear();
  for (uint32_t index : c.model.inputs) {
    if (index >= c.model.tensors.size()) return InvalidModel("model input index out of range");
    const Tensor& t = c.model.tensors[index];
    const NamedTensor* bound = nullptr;
    for (const NamedTensor& n : c.inputs) {
      if (n.name == t.name) bound = &n;
    }
    if (bound == nullptr) return InvalidInput("the case has no data for model input '" + t.name + "'");
    inputs->push_back(HostTensor{bound->name, bound->data_type, bound->dims, bound->data});
  }
  return Status::Ok();
}

Status RunReference(const TestCase& c, std::vector<HostTensor>* outputs) {
  std::vector<HostTensor> inputs;
  NNRT_RETURN_IF_ERROR(CaseInputs(c, &inputs));
  std::unique_ptr<PreparedInterpreter> prepared;
  NNRT_RETURN_IF_ERROR(PrepareInterpreter(c.model, &prepared));
  return prepared->Run(inputs, outputs);
}

namespace {

// The node writing model output `output_index` (nullptr when none does).
const Node* ProducerOf(const Model& m, size_t output_index) {
  if (output_index >= m.outputs.size()) return nullptr;
  const uint32_t tensor = m.outputs[output_index];
  for (const Node& n : m.nodes) {
    for (uint32_t o : n.outputs) {
      if (o == tensor) return &n;
    }
  }
  return nullptr;
}

ActivationType ActivationOf(const Node& n) {
  if (n.type != NodeType::ACTIVATION) return ActivationType::kNone;
  return static_cast<ActivationType>(GetIntAttr(n, "activationType", 0));
}

// The data of tensor `index`: constant data, or the case's bound input.
const std::vector<uint8_t>* TensorData(const TestCase& c, uint32_t index) {
  const Tensor& t = c.model.tensors[index];
  if (t.HasData()) return &t.data;
  for (const NamedTensor& n : c.inputs) {
    if (n.name == t.name) return &n.data;
  }
  return nullptr;
}

std::vector<uint8_t> AbsAsFloat32(DataType dtype, const std::vector<uint8_t>& bytes) {
  const size_t n = bytes.size() / DataTypeSize(dtype);
  std::vector<uint8_t> out(n * 4);
  for (size_t i = 0; i < n; ++i) StoreDouble(DataType::kFloat32, out.data(), i, std::fabs(LoadAsDouble(dtype, bytes.data(), i)));
  return out;
}

// TOSA "bounds mode": the same node on |inputs| in float32, without the fused
// activation, with SUB as ADD, so every output is sum(|terms|).
Status RunBoundsModel(const TestCase& c, size_t output_index, std::vector<double>* magnitude) {
  TestCase b = c;
  for (Tensor& t : b.model.tensors) {
    if (!IsFloatType(t.data_type)) continue;
    if (t.HasData()) t.data = AbsAsFloat32(t.data_type, t.data);
    t.data_type = DataType::kFloat32;
  }
  for (NamedTensor& n : b.inputs) {
    if (!IsFloatType(n.data_type)) continue;
    n.data = AbsAsFloat32(n.data_type, n.data);
    n.data_type = DataType::kFloat32;
  }
  for (Node& n : b.model.nodes) {
    if (n.type == NodeType::SUB_FUSION) n.type = NodeType::ADD_FUSION;
    for (Attr& a : n.attrs) {
      if (a.name == "activationType" && n.type != NodeType::ACTIVATION) a.ints = {0};
    }
  }
  std::vector<HostTensor> outputs;
  Status st = RunReference(b, &outputs);
  if (!st.ok()) return st.WithContext("reference bounds run");
  if (output_index >= outputs.size()) return InvalidModel("bounds run produced too few outputs");
  const HostTensor& o = outputs[output_index];
  const size_t n = o.bytes.size() / 4;
  magnitude->resize(n);
  for (size_t i = 0; i < n; ++i) (*magnitude)[i] = LoadAsDouble(DataType::kFloat32, o.bytes.data(), i);
  return Status::Ok();
}

}  // namespace

Status ComputeReferenceAux(const TestCase& c, size_t output_index, bool want_magnitude, ReferenceAux* aux) {
  *aux = ReferenceAux();
  // Multi-node graphs use the whole-graph rows, which need no per-node aux (C-232).
  if (c.model.nodes.size() > 1) return Status::Ok();
  const Node* node = ProducerOf(c.model, output_index);
  if (node == nullptr) return Status::Ok();
  switch (node->type) {
    // Element-wise unary ops: the bound reads the op input x (unary math).
    case NodeType::EXPFUSION:
    case NodeType::LOG:
    case NodeType::SIN:
    case NodeType::COS:
    case NodeType::ACTIVATION: {
      if (node->inputs.empty()) return Status::Ok();
      const uint32_t in = node->inputs[0];
      const std::vector<uint8_t>* data = TensorData(c, in);
      const DataType dt = c.model.tensors[in].data_type;
      if (data == nullptr || !IsFloatType(dt)) return Status::Ok();
      const size_t n = data->size() / DataTypeSize(dt);
      aux->input_x.resize(n);
      aux->magnitude.resize(n);
      for (size_t i = 0; i < n; ++i) {
        aux->input_x[i] = LoadAsDouble(dt, data->data(), i);
        aux->magnitude[i] = std::fabs(aux->input_x[i]);
      }
      return Status::Ok();
    }
    case NodeType::CONV2D_FUSION: {
      if (node->inputs.size() >= 2) {
        const Dims& w = c.model.tensors[node->inputs[1]].dims;
        if (w.size() == 4) aux->dot_terms = int64_t{w[1]} * w[2] * w[3] + (node->inputs.size() > 2 ? 1 : 0);
      }
      if (want_magnitude) return RunBoundsModel(c, output_index, &aux->magnitude);
      return Status::Ok();
    }
    case NodeType::ADD_FUSION:
    case NodeType::SUB_FUSION:
    case NodeType::MUL_FUSION:
    case NodeType::DIV_FUSION:
      if (want_magnitude) return RunBoundsModel(c, output_index, &aux->magnitude);
      return Status::Ok();
    default:
      return Status::Ok();
  }
}

Tolerance ToleranceForCase(const TestCase& c, size_t output_index, const ModelConfig& config, CompareMode mode) {
  // C-232: an output of a multi-node model gets the whole-graph row (the
  // same rule on a replay, so a graph counterexample replays as it failed).
  if (c.model.nodes.size() > 1 && output_index < c.model.outputs.size() &&
      c.model.outputs[output_index] < c.model.tensors.size()) {
    const Tensor& t = c.model.tensors[c.model.outputs[output_index]];
    return LookupGraphTolerance(t.data_type, t.IsQuantized(), config.enable_float16, mode);
  }
  ToleranceKey key;
  const Node* node = ProducerOf(c.model, output_index);
  if (node != nullptr) {
    key.node_type = node->type;
    key.activation = ActivationOf(*node);
  }
  if (output_index < c.model.outputs.size() && c.model.outputs[output_index] < c.model.tensors.size()) {
    const Tensor& t = c.model.tensors[c.model.outputs[output_index]];
    key.dtype = t.data_type;
    key.quantized = t.IsQuantized();
  }
  key.enable_float16 = config.enable_float16;
  key.mode = mode;
  return LookupTolerance(key);
}

// ---- One case -------------------------------------------------------------------------

namespace {

Status ExpectedFromOverride(const TestCase& c, const std::vector<NamedTensor>& expected,
                            std::vector<HostTensor>* outputs) {
  outputs->clear();
  for (uint32_t index : c.model.outputs) {
    const std::string& name = c.model.tensors[index].name;
    const NamedTensor* found = nullptr;
    for (const NamedTensor& e : expected) {
      if (e.name == name) found = &e;
    }
    if (found == nullptr) return InvalidInput("the case has no expected data for model output '" + name + "'");
    outputs->push_back(HostTensor{found->name, found->data_type, found->dims, found->data});
  }
  return Status::Ok();
}

size_t ElementCountOf(const HostTensor& t) {
  const size_t size = DataTypeSize(t.dtype);
  return size == 0 ? 0 : t.bytes.size() / size;
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
    out.dtype = ref.dtype;
    out.bytes.assign(std::max<size_t>(ref.bytes.size(), 1), 0);
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
    if (act.dims != ref.dims || act.dtype != ref.dtype) {
      o.verdict = Verdict::kFail;
      o.failing_output = static_cast<int64_t>(i);
      o.message = "output " + std::to_string(i) + " ('" + ref.name + "') is " + DataTypeName(act.dtype) +
                  DimsToString(act.dims) + ", expected " + DataTypeName(ref.dtype) + DimsToString(ref.dims);
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
    o.compare = CompareTensor(tol, OutputView{ref.dtype, ref.bytes.data(), ElementCountOf(ref)},
                              OutputView{act.dtype, act.bytes.data(), ElementCountOf(act)}, aux);
    if (!o.compare.pass) {
      o.verdict = Verdict::kFail;
      o.failing_output = static_cast<int64_t>(i);
      o.message = "output " + std::to_string(i) + " ('" + ref.name + "'): " + o.compare.message;
      return;
    }
  }
  o.verdict = Verdict::kPass;
}

// ---- Counterexample files -------------------------------------------------------------

std::string FormatTensorValues(DataType dtype, const std::vector<uint8_t>& bytes) {
  const size_t size = DataTypeSize(dtype);
  const size_t n = size == 0 ? 0 : bytes.size() / size;
  std::ostringstream os;
  os << "[";
  for (size_t i = 0; i < n; ++i) {
    if (i > 0) os << ", ";
    switch (dtype) {
      case DataType::kFloat32: {
        float f;
        std::memcpy(&f, bytes.data() + 4 * i, 4);
        os << FormatFloat32(f);
        break;
      }
      case DataType::kFloat16: {
        uint16_t h;
        std::memcpy(&h, bytes.data() + 2 * i, 2);
        os << FormatFloat16Bits(h);
        break;
      }
      case DataType::kFloat64: {
        double d;
        std::memcpy(&d, bytes.data() + 8 * i, 8);
        os << FormatFloat64(d);
        break;
      }
      case DataType::kBool: os << (bytes[i] != 0 ? "true" : "false"); break;
      case DataType::kUint64: os << LoadAsUint64(bytes.data(), i); break;
      default: os << LoadAsInt64(dtype, bytes.data(), i); break;
    }
  }
  os << "]";
  return os.str();
}

TestCase MakeCounterexample(const TestCase& c, const ModelConfig& config, const CaseOutcome& outcome,
                            const std::vector<std::pair<std::string, std::string>>& extra_meta) {
  TestCase out = c;
  out.expected.clear();
  for (size_t i = 0; i < outcome.reference_outputs.size(); ++i) {
    const HostTensor& r = outcome.reference_outputs[i];
    const std::string name = i < c.model.outputs.size() ? c.model.tensors[c.model.outputs[i]].name : r.name;
    out.expected.push_back(NamedTensor{name, r.dtype, r.dims, r.bytes});
  }
  auto& meta = out.meta;
  for (const auto& kv : extra_meta) meta.push_back(kv);
  meta.emplace_back("cts.enable_float16", config.enable_float16 ? "true" : "false");
  meta.emplace_back("cts.verdict", VerdictName(outcome.verdict));
  meta.emplace_back("cts.message", outcome.message);
  if (outcome.compare.worst_index >= 0) {
    meta.emplace_back("cts.worst_output", std::to_string(outcome.failing_output));
    meta.emplace_back("cts.worst_index", std::to_string(outcome.compare.worst_index));
    meta.emplace_back("cts.worst_expected", FormatFloat64(outcome.compare.worst_expected));
    meta.emplace_back("cts.worst_actual", FormatFloat64(outcome.compare.worst_actual));
    meta.emplace_back("cts.worst_error", std::to_string(outcome.compare.worst_error) + " " + outcome.compare.unit);
  }
  for (size_t i = 0; i < outcome.candidate_outputs.size(); ++i) {
    const HostTensor& a = outcome.candidate_outputs[i];
    const std::string name = i < out.expected.size() ? out.expected[i].name : a.name;
    meta.emplace_back("cts.candidate." + name,
                      std::string(DataTypeName(a.dtype)) + " " + DimsToString(a.dims) + " " +
                          FormatTensorValues(a.dtype, a.bytes));
  }
  return out;
}

void ConfigFromMeta(const TestCase& c, ModelConfig* config, CompareMode* mode) {
  for (const auto& kv : c.meta) {
    if (kv.first == "cts.enable_float16") config->enable_float16 = kv.second == "true";
    if (kv.first == "cts.mode") *mode = kv.second == "strict" ? CompareMode::kStrict : CompareMode::kConformance;
  }
}

}  // namespace cts
}  // namespace nnrt
