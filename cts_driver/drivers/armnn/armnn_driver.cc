// libnnrt_armnn_driver.so: an NNRt HAL driver that runs models with Debian's
// Arm NN 20.08 on its CpuRef backend (docs/conformance.md "The Arm NN
// driver"), built on the HAL driver kit (cts_driver/drivers/kit/driver_kit.h).
//
// Model checking and the HAL plumbing are the kit's; PrepareModel lowers the
// whole model to one Arm NN network (armnn_network.h), optimised for CpuRef
// and loaded once; Run binds the model's inputs and outputs and calls
// EnqueueWorkload. Every output value is Arm NN's.
#include "cts_driver/drivers/armnn/armnn_network.h"
#include "cts_driver/drivers/kit/driver_kit.h"

namespace nnrt {
namespace armnn_driver {
namespace {

driver_kit::Backend ArmnnBackend() {
  driver_kit::Backend b;
  b.device_name = "armnn-cpuref";
  b.vendor_name = "Arm NN 20.08 CpuRef (Debian) via NNRt Conformance Kit";
  b.memfd_name = "nnrt-armnn-buffer";
  b.buffers_for_every_tensor = false;  // one network: only inputs and outputs are bound
  b.initialize = InitializeArmnn;
  b.node_supported = ArmnnNodeSupported;
  b.build = BuildArmnnModel;
  return b;
}

const driver_kit::Backend kArmnnBackend = ArmnnBackend();

}  // namespace
}  // namespace armnn_driver
}  // namespace nnrt

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  return nnrt::driver_kit::DriverTable(nnrt::armnn_driver::kArmnnBackend);
}
