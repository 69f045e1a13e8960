// Runs a model on a device of an in-process reference driver built with
// given options (budgets, overrides): the driver-level tests of the run
// memory and work budgets share it.
#ifndef NNRT_REFERENCE_DEVICE_TESTING_IN_PROCESS_RUN_H_
#define NNRT_REFERENCE_DEVICE_TESTING_IN_PROCESS_RUN_H_

#include <memory>
#include <vector>

#include "reference/device/reference_device.h"
#include "reference/hal/hal_cpp.h"
#include "reference/hal/hal_loader.h"

namespace nnrt {
namespace testing {

// CreateDevice (its status also in *create when given), PrepareModel, Run
// into `outputs` (dtype and buffer size set by the caller). The driver's
// global options are reset to the defaults right after CreateDevice.
inline Status RunOnInProcessReferenceDevice(const ReferenceDriverOptions& options, const Model& model,
                                            const std::vector<HostTensor>& inputs, std::vector<HostTensor>* outputs,
                                            Status* create = nullptr) {
  std::unique_ptr<HalLibrary> lib;
  NNRT_RETURN_IF_ERROR(WrapHalDriver(MakeReferenceDriver(options), "in-process", &lib));
  std::unique_ptr<HalDevice> device;
  const Status created = lib->CreateDevice(&device);
  MakeReferenceDriver(ReferenceDriverOptions());
  if (create != nullptr) *create = created;
  NNRT_RETURN_IF_ERROR(created);
  std::unique_ptr<HalPreparedModel> prepared;
  NNRT_RETURN_IF_ERROR(device->PrepareModel(model, ModelConfig(), &prepared));
  return prepared->Run(inputs, outputs);
}

}  // namespace testing
}  // namespace nnrt

#endif  // NNRT_REFERENCE_DEVICE_TESTING_IN_PROCESS_RUN_H_
