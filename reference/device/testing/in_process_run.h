// Runs a model in an interpreter or on a device of an in-process reference
// driver built with given options (budgets, overrides): the tests of the run
// memory and work budgets share it, and the fixture that unsets a budget's
// environment override after each test.
#ifndef NNRT_REFERENCE_DEVICE_TESTING_IN_PROCESS_RUN_H_
#define NNRT_REFERENCE_DEVICE_TESTING_IN_PROCESS_RUN_H_

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <vector>

#include "reference/device/interpreter.h"
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

// PrepareInterpreter with `options`, then Run.
inline Status RunInInterpreter(const Model& model, const InterpreterOptions& options,
                               const std::vector<HostTensor>& inputs, std::vector<HostTensor>* outputs,
                               RunStats* stats) {
  std::unique_ptr<PreparedInterpreter> p;
  NNRT_RETURN_IF_ERROR(PrepareInterpreter(model, options, &p));
  return p->Run(inputs, outputs, stats);
}

// The driver-level tests of a budget that environment variable `env`
// overrides: `env` is unset after each test.
class InProcessBudgetTest : public ::testing::Test {
 protected:
  explicit InProcessBudgetTest(const char* env) : env_(env) {}
  void TearDown() override { unsetenv(env_); }

  // RunOnInProcessReferenceDevice with one float32 output of `output_bytes` bytes.
  static Status RunWithOneFloatOutput(const ReferenceDriverOptions& options, const Model& model,
                                      const std::vector<HostTensor>& inputs, size_t output_bytes,
                                      Status* create) {
    std::vector<HostTensor> out(1);
    out[0].data_type = DataType::kFloat32;
    out[0].data.assign(output_bytes, 0);
    return RunOnInProcessReferenceDevice(options, model, inputs, &out, create);
  }

 private:
  const char* env_;
};

}  // namespace testing
}  // namespace nnrt

#endif  // NNRT_REFERENCE_DEVICE_TESTING_IN_PROCESS_RUN_H_
