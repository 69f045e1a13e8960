// The API over a HAL library: NNAdapterDevice_acquire("nnadapter_reference")
// loads libnnadapter_reference.so from the library search path (the test sets
// LD_LIBRARY_PATH to its runfiles directory) and a model runs through it with
// the same results as on the built-in device.
#include <gtest/gtest.h>

#include "reference/nnadapter/testing/api_model_builder.h"

namespace nnrt {
namespace nna {
namespace testing {
namespace {

std::vector<float> RunAddOn(const char* device_name) {
  NNAdapterDevice* device = nullptr;
  EXPECT_EQ(NNAdapterDevice_acquire(device_name, &device), NNADAPTER_NO_ERROR) << device_name;
  if (device == nullptr) return {};
  const char* vendor = nullptr;
  EXPECT_EQ(NNAdapterDevice_getVendor(device, &vendor), NNADAPTER_NO_ERROR);
  NNAdapterContext* context = nullptr;
  EXPECT_EQ(NNAdapterContext_create(&device, 1, "KEY=VALUE;", &context), NNADAPTER_NO_ERROR);
  ApiModelBuilder m;  // builds the model; compiled below on `context`
  NNAdapterOperand* x = m.Operand(Type(NNADAPTER_FLOAT32, {2}));
  NNAdapterOperand* y = m.Operand(Type(NNADAPTER_FLOAT32, {2}));
  NNAdapterOperand* c = m.Constant(Type(NNADAPTER_FLOAT32, {2}), std::vector<float>{0.5f, -8});
  EXPECT_EQ(m.Operation(NNADAPTER_ADD, {x, c, m.Int32(NNADAPTER_FUSED_RELU6)}, {y}), NNADAPTER_NO_ERROR);
  NNAdapterOperand* ins[1] = {x};
  EXPECT_EQ(NNAdapterModel_identifyInputsAndOutputs(m.model(), 1, ins, 1, &y), NNADAPTER_NO_ERROR);
  EXPECT_EQ(NNAdapterModel_finish(m.model()), NNADAPTER_NO_ERROR);
  NNAdapterCompilation* compilation = nullptr;
  EXPECT_EQ(NNAdapterCompilation_create(m.model(), nullptr, nullptr, 0, nullptr, context, &compilation),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(NNAdapterCompilation_finish(compilation), NNADAPTER_NO_ERROR);
  std::vector<float> in = {7, 1}, out = {-1, -1};
  NNAdapterExecution* e = nullptr;
  EXPECT_EQ(NNAdapterExecution_create(compilation, &e), NNADAPTER_NO_ERROR);
  auto access = [](void* memory, NNAdapterOperandType* type) -> void* {
    type->dimensions.count = 1;
    type->dimensions.data[0] = 2;
    return memory;
  };
  EXPECT_EQ(NNAdapterExecution_setInput(e, 0, in.data(), access), NNADAPTER_NO_ERROR);
  EXPECT_EQ(NNAdapterExecution_setOutput(e, 0, out.data(), access), NNADAPTER_NO_ERROR);
  EXPECT_EQ(NNAdapterExecution_compute(e), NNADAPTER_NO_ERROR);
  NNAdapterExecution_destroy(e);
  NNAdapterCompilation_destroy(compilation);
  NNAdapterContext_destroy(context);
  NNAdapterDevice_release(device);
  return out;
}

TEST(NNAdapterHalDevice, LibraryDeviceMatchesBuiltin) {
  const std::vector<float> expected = {6, 0};
  EXPECT_EQ(RunAddOn("reference"), expected);
  EXPECT_EQ(RunAddOn("nnadapter_reference"), expected);
}

}  // namespace
}  // namespace testing
}  // namespace nna
}  // namespace nnrt
