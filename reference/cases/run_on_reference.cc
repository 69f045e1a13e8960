#include "reference/cases/run_on_reference.h"

#include <memory>

#include "reference/device/interpreter.h"

namespace nnrt {

Status CaseInputs(const TestCase& c, std::vector<HostTensor>* inputs) {
  inputs->clear();
  for (uint32_t index : c.model.inputs) {
    if (index >= c.model.tensors.size()) return InvalidModel("model input index out of range");
    const std::string& name = c.model.tensors[index].name;
    const HostTensor* bound = nullptr;
    for (const HostTensor& value : c.inputs) {
      if (value.name == name) bound = &value;
    }
    if (bound == nullptr) return InvalidInput("the case has no data for model input '" + name + "'");
    inputs->push_back(*bound);
  }
  return Status::Ok();
}

Status RunCaseOnReference(const TestCase& c, std::vector<HostTensor>* outputs, std::string* stage) {
  std::string unused_stage;
  if (stage == nullptr) stage = &unused_stage;
  outputs->clear();
  *stage = "prepare";
  std::unique_ptr<PreparedInterpreter> prepared;
  NNRT_RETURN_IF_ERROR(PrepareInterpreter(c.model, &prepared));
  *stage = "run";
  std::vector<HostTensor> inputs;
  NNRT_RETURN_IF_ERROR(CaseInputs(c, &inputs));
  return prepared->Run(inputs, outputs);
}

}  // namespace nnrt
