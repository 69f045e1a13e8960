#include "reference/nnadapter/driver/step_runner.h"

#include <string>
#include <utility>

namespace nnrt {
namespace nna {

Status PreparedSteps::Prepare(LoweredProgram program, std::unique_ptr<PreparedSteps>* out) {
  auto steps = std::unique_ptr<PreparedSteps>(new PreparedSteps());
  steps->program_ = std::move(program);
  for (size_t i = 0; i < steps->program_.steps.size(); ++i) {
    std::unique_ptr<PreparedInterpreter> prepared;
    const ProgramStep& step = steps->program_.steps[i];
    if (!step.native) {
      NNRT_RETURN_IF_ERROR(PrepareInterpreter(step.model, &prepared).WithContext("step " + std::to_string(i)));
    }
    steps->interpreters_.push_back(std::move(prepared));
  }
  *out = std::move(steps);
  return Status::Ok();
}

Status PreparedSteps::Run(const std::vector<HostTensor>& inputs, std::vector<HostTensor>* outputs) const {
  if (inputs.size() != program_.inputs.size()) return InvalidInput("wrong number of inputs");
  std::vector<HostTensor> values(program_.value_count);
  for (size_t i = 0; i < inputs.size(); ++i) values[program_.inputs[i]] = inputs[i];
  for (size_t s = 0; s < program_.steps.size(); ++s) {
    const ProgramStep& step = program_.steps[s];
    std::vector<HostTensor> in, out;
    for (const StepInput& input : step.inputs) in.push_back(input.value < 0 ? input.constant : values[input.value]);
    Status status;
    if (step.native && step.kernel == NativeKernel::kMaxPool2DWithIndices) {
      out.resize(2);
      status = RunMaxPool2DWithIndices(step.pool, in[0], &out[0], &out[1]);
    } else if (step.native) {
      out.resize(1);
      status = RunDeformableConv2D(step.conv, in[0], in[1], in[2], &out[0]);
    } else {
      status = interpreters_[s]->Run(in, &out);
    }
    NNRT_RETURN_IF_ERROR(status.WithContext("step " + std::to_string(s)));
    for (size_t k = 0; k < step.outputs.size() && k < out.size(); ++k) values[step.outputs[k]] = std::move(out[k]);
  }
  outputs->clear();
  for (uint32_t v : program_.outputs) outputs->push_back(values[v]);
  return Status::Ok();
}

}  // namespace nna
}  // namespace nnrt
