// Counterexample files (runner.h): a failing case as a replayable text-format
// case with the reference outputs as expected values and the candidate's
// outputs, the worst element, the config and the seed as meta lines.
#include "conformance/runner.h"

#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {

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
    out.expected.push_back(HostTensor{name, r.data_type, r.dims, r.data});
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
                      std::string(DataTypeName(a.data_type)) + " " + DimsToString(a.dims) + " " +
                          FormatTensorValues(a.data_type, a.data));
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
