// Runs a LoweredProgram (C-855): NNRt sub-models on prepared reference
// interpreters, native steps with their kernels, values passed between them.
#ifndef NNRT_REFERENCE_NNADAPTER_DRIVER_STEP_RUNNER_H_
#define NNRT_REFERENCE_NNADAPTER_DRIVER_STEP_RUNNER_H_

#include <memory>
#include <vector>

#include "reference/device/interpreter.h"
#include "reference/nnadapter/lowering/program.h"

namespace nnrt {
namespace nna {

class PreparedSteps {
 public:
  // Prepares every NNRt step; its errors name the step.
  static Status Prepare(LoweredProgram program, std::unique_ptr<PreparedSteps>* out);
  // inputs in model input order; outputs in model output order.
  Status Run(const std::vector<HostTensor>& inputs, std::vector<HostTensor>* outputs) const;

 private:
  LoweredProgram program_;
  std::vector<std::unique_ptr<PreparedInterpreter>> interpreters_;  // per step; null for native steps
};

}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_DRIVER_STEP_RUNNER_H_
