// The whole model and its prefixes on the candidate (model_check_internal.h).
#include <algorithm>
#include <numeric>

#include "conformance/model/check_internal.h"
#include "conformance/model/graph.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

size_t ElementsOf(const HostTensor& t) {
  const size_t size = DataTypeSize(t.data_type);
  return size == 0 ? 0 : t.data.size() / size;
}

// `act` against the reference value `ref` of tensor `t`: the composed bound
// when derived, else the whole-graph row. Empty string = within.
std::string CompareWithBound(const Model& m, uint32_t t, const HostTensor& ref, const HostTensor& act,
                             const TensorBound& bound, const ModelConfig& config, CompareMode mode) {
  const std::string name = "'" + m.tensors[t].name + "'";
  if (act.dims != ref.dims || act.data_type != ref.data_type) {
    return name + " is " + DataTypeName(act.data_type) + DimsToString(act.dims) + ", expected " + DataTypeName(ref.data_type) +
           DimsToString(ref.dims);
  }
  Tolerance tol;
  ReferenceAux aux;
  if (bound.derived && IsFloatType(ref.data_type)) {
    tol.kind = ToleranceKind::kElementBound;
    tol.fraction_bits = ref.data_type == DataType::kFloat16 ? 10 : ref.data_type == DataType::kFloat64 ? 52 : 23;
    tol.strict = mode == CompareMode::kStrict;
    tol.op_class = "model output, composed bound";
    tol.anchor = "C-781";
    aux.magnitude = bound.abs.empty() ? std::vector<double>(ElementsOf(ref), 0.0) : bound.abs;
  } else {
    tol = LookupGraphTolerance(ref.data_type, m.tensors[t].IsQuantized(), config.enable_float16, mode);
  }
  const CompareResult r = CompareTensor(tol, OutputView{ref.data_type, ref.data.data(), ElementsOf(ref)},
                                        OutputView{act.data_type, act.data.data(), ElementsOf(act)}, aux);
  if (r.pass) return "";
  return name + " (" + (bound.derived ? "composed bound" : "whole-graph row: " + bound.why_not) + "): " + r.message;
}

// The candidate run of `run_case` whose outputs are tensors `tensors` of the model.
CandidateRun RunOnCandidateFor(const Candidate& candidate, const TestCase& run_case, const ModelConfig& config,
                               const std::vector<HostTensor>& values, const std::vector<uint32_t>& tensors,
                               const ModelCheckOptions& options) {
  std::vector<HostTensor> inputs, ref_outputs;
  const Status st = CaseInputs(run_case, &inputs);
  if (!st.ok()) return CandidateRun{Verdict::kInvalidCase, st.ToString(), {}};
  for (uint32_t t : tensors) ref_outputs.push_back(values[t]);
  return options.isolate
             ? RunOnCandidateIsolated(candidate, run_case, config, inputs, ref_outputs, options.timeout_seconds)
             : RunOnCandidate(candidate, run_case, config, inputs, ref_outputs);
}

bool IsClassifierOutput(const Model& m, uint32_t t, const HostTensor& ref) {
  if (!IsFloatType(ref.data_type) || ref.dims.size() != 2 || ref.dims[1] < 2) return false;
  for (const Node& n : m.nodes) {
    if (std::find(n.outputs.begin(), n.outputs.end(), t) == n.outputs.end()) continue;
    return n.type == NodeType::SOFTMAX || n.type == NodeType::LOG_SOFTMAX || n.type == NodeType::FULL_CONNECTION ||
           n.type == NodeType::MATMUL_FUSION;
  }
  return false;
}

// Class indices of row r by descending value (ties: lower index first).
std::vector<int32_t> Ranked(const HostTensor& t, int32_t r, int32_t classes) {
  std::vector<int32_t> idx(static_cast<size_t>(classes));
  std::iota(idx.begin(), idx.end(), 0);
  auto at = [&](int32_t k) { return LoadAsDouble(t.data_type, t.data.data(), static_cast<size_t>(r * classes + k)); };
  std::stable_sort(idx.begin(), idx.end(), [&](int32_t a, int32_t b) { return at(a) > at(b); });
  return idx;
}

}  // namespace

ClassifierAgreement Agreement(const std::string& name, const HostTensor& ref, const HostTensor& act) {
  ClassifierAgreement a;
  a.output = name;
  const int32_t rows = ref.dims[0], classes = ref.dims[1];
  a.rows = rows;
  for (int32_t r = 0; r < rows; ++r) {
    const std::vector<int32_t> want = Ranked(ref, r, classes), got = Ranked(act, r, classes);
    if (want[0] == got[0]) ++a.top1;
    const auto top5 = got.begin() + std::min<int32_t>(5, classes);
    if (std::find(got.begin(), top5, want[0]) != top5) ++a.top5;
  }
  return a;
}

EndToEnd RunEndToEnd(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                     const std::vector<HostTensor>& values, const std::vector<TensorBound>& bounds,
                     const ModelCheckOptions& options) {
  EndToEnd e;
  const Model& m = c.model;
  const CandidateRun run = RunOnCandidateFor(candidate, c, config, values, m.outputs, options);
  for (uint32_t t : m.outputs) e.derived_outputs += bounds[t].derived ? 1 : 0;
  if (run.verdict != Verdict::kPass || run.outputs.size() != m.outputs.size()) {
    e.ok = false;
    e.message = run.verdict != Verdict::kPass ? run.message : "the candidate returned a wrong number of outputs";
    return e;
  }
  for (size_t i = 0; i < m.outputs.size(); ++i) {
    const uint32_t t = m.outputs[i];
    const std::string why = CompareWithBound(m, t, values[t], run.outputs[i], bounds[t], config, options.mode);
    if (!why.empty() && e.ok) {
      e.ok = false;
      e.message = "output " + std::to_string(i) + " " + why;
    }
    if (IsClassifierOutput(m, t, values[t]) && run.outputs[i].dims == values[t].dims &&
        run.outputs[i].data_type == values[t].data_type) {
      e.classifiers.push_back(Agreement(m.tensors[t].name, values[t], run.outputs[i]));
    }
  }
  return e;
}

int64_t FirstFailingPrefix(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                           const std::vector<uint32_t>& order, const std::vector<HostTensor>& values,
                           const std::vector<TensorBound>& bounds, const ModelCheckOptions& options) {
  for (size_t count = 1; count <= order.size(); ++count) {
    std::vector<uint32_t> tensors;
    const TestCase prefix = PrefixCase(c, order, count, &tensors);
    const CandidateRun run = RunOnCandidateFor(candidate, prefix, config, values, tensors, options);
    if (run.verdict != Verdict::kPass) return order[count - 1];
    const size_t last_outputs = c.model.nodes[order[count - 1]].outputs.size();
    for (size_t i = 0; i < last_outputs && i < run.outputs.size(); ++i) {
      const uint32_t t = tensors[i];
      if (!CompareWithBound(c.model, t, values[t], run.outputs[i], bounds[t], config, options.mode).empty()) {
        return order[count - 1];
      }
    }
  }
  return -1;
}

}  // namespace cts
}  // namespace nnrt
