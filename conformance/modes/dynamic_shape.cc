// The "dynamic-shape" execution mode (docs/conformance.md "Execution modes"):
// inputs declared -1, runs inside GetInputDimRanges, a run outside refused (C-253),
// and every advertised range honoured at its min, its max and in between (C-263).
#include "conformance/modes/internal.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <string>
#include <vector>

namespace nnrt {
namespace cts {
namespace modes_internal {

// ---- Dynamic input shapes --------------------------------------------------------------

namespace {

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
      } else if (maxs[i][k] < INT32_MAX && (uint64_t{maxs[i][k]} + 1) * other * DataTypeSize(inputs[i].data_type) < (16u << 20)) {
        value = int64_t{maxs[i][k]} + 1;
      }
      if (value < 0) continue;
      *out = inputs;
      HostTensor& t = (*out)[i];
      t.dims[k] = static_cast<int32_t>(value);
      t.data.assign(static_cast<size_t>(value) * other * DataTypeSize(t.data_type), 0);
      *what = "input " + std::to_string(i) + " dim " + std::to_string(k) + " = " + std::to_string(value) +
              " (range [" + std::to_string(mins[i][k]) + ", " + std::to_string(maxs[i][k]) + "])";
      return true;
    }
  }
  return false;
}

// ---- Advertised ranges honoured (C-263) ----

// A probe tensor holds at most this many elements: the advertised max of a
// dim is probed as is when the tensor stays within it, else at the largest
// value that does (a [1, 65536] range cannot be run at 65536 x 65536).
constexpr uint64_t kProbeMaxElements = 4096;
constexpr int kMaxProbesPerCase = 6;

struct DimProbe {
  size_t input;
  size_t dim;
  int32_t value;
  std::string where;  // "min", "max", "mid", "largest probed"
};

std::vector<DimProbe> ProbePlan(const std::vector<HostTensor>& inputs, const std::vector<std::vector<uint32_t>>& mins,
                                const std::vector<std::vector<uint32_t>>& maxs) {
  std::vector<DimProbe> plan;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Dims& dims = inputs[i].dims;
    for (size_t k = 0; k < dims.size(); ++k) {
      if (mins[i][k] == maxs[i][k]) continue;  // a fixed dim: the case already ran at it
      uint64_t other = 1;
      for (size_t j = 0; j < dims.size(); ++j) other *= j == k ? 1 : static_cast<uint64_t>(std::max(dims[j], 1));
      const uint64_t cap = std::max<uint64_t>(1, kProbeMaxElements / other);
      const uint64_t lo = mins[i][k];
      const uint64_t hi = std::min<uint64_t>({maxs[i][k], cap, static_cast<uint64_t>(INT32_MAX)});
      if (hi < lo) continue;
      const std::string hi_name = hi == maxs[i][k] ? "max" : "largest probed";
      const std::pair<uint64_t, std::string> values[] = {{lo, "min"}, {lo + (hi - lo) / 2, "mid"}, {hi, hi_name}};
      for (const auto& v : values) {
        if (v.first == static_cast<uint64_t>(dims[k])) continue;
        bool seen = false;
        for (const DimProbe& p : plan) seen = seen || (p.input == i && p.dim == k && p.value == static_cast<int32_t>(v.first));
        if (!seen) plan.push_back(DimProbe{i, k, static_cast<int32_t>(v.first), v.second});
      }
    }
  }
  return plan;
}

// `inputs` with dim probe.dim of probe.input set to probe.value, and of every
// other input of the same rank whose dim there follows it (same size, the
// value inside its range), so that shape relations between inputs hold.
// Element data cycle the original bytes.
std::vector<HostTensor> ProbeInputs(const std::vector<HostTensor>& inputs, const DimProbe& probe,
                                    const std::vector<std::vector<uint32_t>>& mins,
                                    const std::vector<std::vector<uint32_t>>& maxs) {
  std::vector<HostTensor> out = inputs;
  const HostTensor& target = inputs[probe.input];
  const uint32_t value = static_cast<uint32_t>(probe.value);
  for (size_t j = 0; j < out.size(); ++j) {
    HostTensor& t = out[j];
    const bool follows = j == probe.input ||
                         (t.dims.size() == target.dims.size() && t.dims[probe.dim] == target.dims[probe.dim] &&
                          value >= mins[j][probe.dim] && value <= maxs[j][probe.dim]);
    if (!follows) continue;
    const std::vector<uint8_t> old = t.data;
    t.dims[probe.dim] = probe.value;
    uint64_t n = 1;
    for (int32_t d : t.dims) n *= static_cast<uint64_t>(d);
    t.data.assign(n * DataTypeSize(t.data_type), 0);
    for (size_t b = 0; !old.empty() && b < t.data.size(); ++b) t.data[b] = old[b % old.size()];
  }
  return out;
}

// Every probe the reference accepts must run on the candidate and match the
// reference within the conformance tolerance. A probe the reference refuses
// is not a valid case of the operator and is skipped.
CandidateRun ProbeAdvertisedRanges(const HalPreparedModel& prepared, const TestCase& c, const ModelConfig& config,
                                   const std::vector<HostTensor>& inputs,
                                   const std::vector<std::vector<uint32_t>>& mins,
                                   const std::vector<std::vector<uint32_t>>& maxs) {
  int ran = 0;
  for (const DimProbe& probe : ProbePlan(inputs, mins, maxs)) {
    if (ran >= kMaxProbesPerCase) break;
    TestCase p;
    p.model = DynamicModel(c.model);
    p.inputs = ProbeInputs(inputs, probe, mins, maxs);
    CaseOutcome o;
    std::vector<HostTensor> probe_inputs;
    if (!CaseInputs(p, &probe_inputs).ok() || !RunReference(p, &o.reference_outputs).ok()) continue;
    ++ran;
    const std::string what = "GetInputDimRanges advertises [" + std::to_string(mins[probe.input][probe.dim]) + ", " +
                              std::to_string(maxs[probe.input][probe.dim]) + "] for input " +
                              std::to_string(probe.input) + " dim " + std::to_string(probe.dim) + ", but at its " +
                              probe.where + " " + std::to_string(probe.value);
    const Status st = RunPrepared(prepared, probe_inputs, o.reference_outputs, &o.candidate_outputs);
    if (!st.ok()) return Fail(what + " Run failed: " + st.ToString());
    CompareOutputs(p, config, CompareMode::kConformance, &o);
    if (o.verdict == Verdict::kFail) return Fail(what + " the outputs are wrong: " + o.message);
  }
  return Verdicted(Verdict::kPass, "");
}

}  // namespace

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
  const CandidateRun probed = ProbeAdvertisedRanges(*prepared, c, config, inputs, mins, maxs);
  if (probed.verdict != Verdict::kPass) return probed;
  return r;
}

}  // namespace modes_internal
}  // namespace cts
}  // namespace nnrt
