// The zoo's int8 calibration rule (calibration.h, C-771).
#include "zoo/calibration.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>

#include "reference/device/interpreter.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace zoo {

QuantParam ActivationQuantFromRange(const TensorRange& range) {
  const double lo = std::min(0.0, range.lo);
  const double hi = std::max(0.0, range.hi);
  QuantParam q;
  q.scale = hi > lo ? (hi - lo) / 255.0 : 1.0;
  const double zp = RoundHalfAwayFromZero(-128.0 - lo / q.scale);
  q.zero_point = static_cast<int32_t>(std::min(127.0, std::max(-128.0, zp)));
  return q;
}

std::vector<QuantParam> SymmetricWeightParams(const std::vector<double>& values, int32_t channels) {
  const size_t per_channel = values.size() / static_cast<size_t>(channels);
  std::vector<QuantParam> params;
  for (int32_t c = 0; c < channels; ++c) {
    const size_t begin = static_cast<size_t>(c) * per_channel;
    double max_abs = 0.0;
    for (size_t i = begin; i < begin + per_channel; ++i) max_abs = std::max(max_abs, std::fabs(values[i]));
    QuantParam p;
    p.scale = max_abs > 0.0 ? max_abs / 127.0 : 1.0;
    params.push_back(p);
  }
  return params;
}

std::vector<QuantParam> BiasParams(double input_scale, const std::vector<QuantParam>& weight) {
  std::vector<QuantParam> params;
  for (const QuantParam& w : weight) {
    QuantParam p;
    p.scale = input_scale * w.scale;
    params.push_back(p);
  }
  return params;
}

namespace {

void Widen(TensorRange* r, const std::vector<uint8_t>& bytes, bool first) {
  const size_t n = bytes.size() / sizeof(float);
  for (size_t i = 0; i < n; ++i) {
    float v;
    std::memcpy(&v, bytes.data() + i * sizeof(float), sizeof v);
    if (first && i == 0) r->lo = r->hi = v;
    if (std::isnan(v)) r->lo = v;  // kept: std::min(NaN, x) is NaN; rejected after the runs
    r->lo = std::min(r->lo, double{v});
    r->hi = std::max(r->hi, double{v});
  }
}

}  // namespace

Status CalibrateActivations(const TestCase& float_case, int runs, uint64_t first_seed, CalibrationTable* table) {
  Model probe = float_case.model;
  probe.outputs.clear();
  for (const Node& n : probe.nodes) {
    for (uint32_t o : n.outputs) {
      if (probe.tensors[o].data_type == DataType::kFloat32) probe.outputs.push_back(o);
    }
  }
  std::unique_ptr<PreparedInterpreter> prepared;
  NNRT_RETURN_IF_ERROR(PrepareInterpreter(probe, &prepared));
  table->clear();
  for (int run = 0; run < runs; ++run) {
    std::vector<HostTensor> inputs;
    for (uint32_t index : probe.inputs) {
      const Tensor& t = probe.tensors[index];
      HostTensor h{t.name, t.data_type, t.dims, {}};
      const SeededData spec = SeededData::Uniform(first_seed + static_cast<uint64_t>(run), -1.0, 1.0);
      NNRT_RETURN_IF_ERROR(ExpandSeededData(spec, t.data_type, static_cast<size_t>(*ElementCount(t.dims)), &h.data));
      inputs.push_back(std::move(h));
    }
    for (size_t i = 0; i < inputs.size(); ++i) Widen(&(*table)[inputs[i].name], inputs[i].data, run == 0);
    std::vector<HostTensor> outputs;
    NNRT_RETURN_IF_ERROR(prepared->Run(inputs, &outputs));
    for (size_t i = 0; i < outputs.size(); ++i) {
      Widen(&(*table)[probe.tensors[probe.outputs[i]].name], outputs[i].data, run == 0);
    }
  }
  for (const auto& [name, range] : *table) {
    if (!std::isfinite(range.lo) || !std::isfinite(range.hi))
      return Status(NNRT_FAILED, "calibration: tensor '" + name + "' has a non-finite value");
  }
  return Status::Ok();
}

}  // namespace zoo
}  // namespace nnrt
