// The NNRt reference as an NNAdapter HAL device: create_program lowers the
// NNAdapter model onto NNRt nodes (or restores the lowered model from a cache
// buffer) and prepares it on the in-process reference interpreter — a model
// with a native operation (DEFORMABLE_CONV_2D) becomes steps of NNRt
// sub-models and native kernels (C-854);
// execute_program runs it, reading and writing the caller's buffers through
// the Argument access callbacks. The same device is the API library's
// built-in "reference" device and what libnnadapter_reference.so exports.
#ifndef NNRT_REFERENCE_NNADAPTER_DRIVER_REFERENCE_HAL_DEVICE_H_
#define NNRT_REFERENCE_NNADAPTER_DRIVER_REFERENCE_HAL_DEVICE_H_

#include <string>

#include "nnadapter/hal/types.h"
#include "reference/ir/status.h"

namespace nnrt {
namespace nna {

// The device name libnnadapter_reference.so is loaded under; its symbol is
// NNADAPTER_DEVICE_SYMBOL_PREFIX_STRING "nnadapter_reference".
constexpr char kReferenceDeviceName[] = "nnadapter_reference";

const ::nnadapter::hal::Device& ReferenceHalDevice();

// The message of the last failing call of the reference device on this
// thread ("" after a success): the HAL returns bare codes.
const std::string& ReferenceDeviceLastError();

// NNRt status -> NNAdapter result code (C-819).
int ResultCodeOf(const Status& status);

}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_DRIVER_REFERENCE_HAL_DEVICE_H_
