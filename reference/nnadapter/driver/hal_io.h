// Model inputs and outputs of one execute_program call: HostTensors read
// from, and written to, the caller's memory through Argument::access.
#ifndef NNRT_REFERENCE_NNADAPTER_DRIVER_HAL_IO_H_
#define NNRT_REFERENCE_NNADAPTER_DRIVER_HAL_IO_H_

#include <cstdint>
#include <vector>

#include "nnadapter/hal/types.h"
#include "reference/ir/host_tensor.h"

namespace nnrt {
namespace nna {

// One argument per model input, each index once. access(memory, type) gets a
// copy of the input's declared type and fills in its concrete dims; the
// buffer it returns holds elements x precision size bytes (C-820).
Status ReadInputs(const std::vector<NNAdapterOperandType>& types, uint32_t count,
                  const ::nnadapter::hal::Argument* arguments, std::vector<HostTensor>* inputs);

// One argument per model output, each index once. access(memory, type) gets
// the output's type with the dims of the result and returns a buffer of at
// least that many bytes, into which the result is copied (C-820).
Status WriteOutputs(const std::vector<NNAdapterOperandType>& types, const std::vector<HostTensor>& outputs,
                    uint32_t count, const ::nnadapter::hal::Argument* arguments);

}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_DRIVER_HAL_IO_H_
