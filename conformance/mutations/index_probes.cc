#include "conformance/mutations/index_probes.h"

#include <algorithm>
#include <memory>

#include "conformance/node_spec.h"
#include "reference/device/interpreter.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {

const std::vector<std::string>& IndexProbeNames() {
  static const std::vector<std::string>* const names = new std::vector<std::string>{"index_negative", "index_past_end"};
  return *names;
}

bool IsIndexProbe(const std::string& probe) {
  const std::vector<std::string>& n = IndexProbeNames();
  return std::find(n.begin(), n.end(), probe) != n.end();
}

namespace {

constexpr int64_t kPastEndSearch = 4096;

// The position in `inputs` of the first run-time index input of the case's
// node, or -1.
int FindIndexInput(const TestCase& valid, const std::vector<HostTensor>& inputs) {
  if (valid.model.nodes.size() != 1) return -1;
  const NodeSpec* spec = FindNodeSpecFor(valid.model.nodes[0].type, ActivationType::kNone);
  if (spec == nullptr) return -1;
  for (const std::string& name : spec->index_inputs) {
    for (size_t i = 0; i < inputs.size(); ++i) {
      const DataType t = inputs[i].data_type;
      if (inputs[i].name == name && (t == DataType::kInt32 || t == DataType::kInt64) && !inputs[i].data.empty()) {
        return static_cast<int>(i);
      }
    }
  }
  return -1;
}

NNRT_ReturnCode ReferenceCode(PreparedInterpreter& prepared, const std::vector<HostTensor>& inputs) {
  std::vector<HostTensor> outputs;
  return prepared.Run(inputs, &outputs).code();
}

}  // namespace

bool ApplyIndexProbe(const TestCase& valid, const std::string& probe, std::vector<HostTensor>* inputs,
                     NNRT_ReturnCode* expected, std::string* detail) {
  const int which = FindIndexInput(valid, *inputs);
  if (which < 0 || !IsIndexProbe(probe)) return false;
  std::unique_ptr<PreparedInterpreter> prepared;
  if (!PrepareInterpreter(valid.model, &prepared).ok()) return false;
  HostTensor& t = (*inputs)[static_cast<size_t>(which)];
  const int64_t own = LoadAsInt64(t.data_type, t.data.data(), 0);
  auto try_value = [&](int64_t v) {
    StoreInt64(t.data_type, t.data.data(), 0, v);
    *expected = ReferenceCode(*prepared, *inputs);
    *detail = "'" + t.name + "' element 0 set to " + std::to_string(v);
    return *expected != NNRT_SUCCESS;
  };
  if (probe == "index_negative") return try_value(-1);
  for (int64_t v = own + 1; v <= own + kPastEndSearch; ++v) {
    if (try_value(v)) return true;
  }
  return false;
}

}  // namespace cts
}  // namespace nnrt
