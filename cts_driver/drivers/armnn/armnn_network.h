// A HAL model -> one Arm NN network, optimised for CpuRef and loaded into the
// driver's runtime (the Arm NN driver's backend for the HAL driver kit,
// cts_driver/drivers/kit/driver_kit.h).
#ifndef NNRT_CTS_DRIVER_DRIVERS_ARMNN_ARMNN_NETWORK_H_
#define NNRT_CTS_DRIVER_DRIVERS_ARMNN_ARMNN_NETWORK_H_

#include <memory>
#include <string>
#include <vector>

#include "cts_driver/drivers/kit/driver_kit.h"
#include "reference/ir/ir.h"
#include "reference/ir/status.h"

namespace nnrt {
namespace armnn_driver {

// Creates the process's Arm NN runtime (CpuRef is linked into libarmnn.so;
// no dynamic backend is loaded); an error when CpuRef is not available.
Status InitializeArmnn();

// The whole model (valid, prepared dims) as one network: model input k is
// input binding k, model output k output binding k; loaded once.
Status BuildArmnnModel(const Model& model, const std::vector<Dims>& dims,
                       std::unique_ptr<driver_kit::PreparedBackend>* out);

// Node `node` alone, its non-constant inputs as network inputs, built,
// optimised and loaded the same way.
bool ArmnnNodeSupported(const Model& model, const std::vector<Dims>& dims, uint32_t node, std::string* reason);

}  // namespace armnn_driver
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_DRIVERS_ARMNN_ARMNN_NETWORK_H_
