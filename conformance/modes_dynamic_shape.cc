// The "dynamic-shape" execution mode (docs/conformance.md "Execution modes"):
// inputs declared -1, runs inside GetInputDimRanges, a run outside refused (C-253).
#include "conformance/modes_internal.h"

#include <algorithm>
#include <cstdint>
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
  return r;
}

}  // namespace modes_internal
}  // namespace cts
}  // namespace nnrt
