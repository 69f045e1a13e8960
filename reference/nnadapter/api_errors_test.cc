// Every documented error path of the NNAdapter API: NULL arguments, calls in
// the wrong state, operands of another model, malformed types, unsupported
// operations, bad execution bindings (C-823).
#include <gtest/gtest.h>

#include "reference/nnadapter/testing/api_model_builder.h"

namespace nnrt {
namespace nna {
namespace testing {
namespace {

constexpr int kBad = NNADAPTER_INVALID_PARAMETER;

void* NoAccess(void*, NNAdapterOperandType*) { return nullptr; }

TEST(NNAdapterErrors, NullArguments) {
  EXPECT_EQ(NNAdapter_getVersion(nullptr), kBad);
  EXPECT_EQ(NNAdapter_getDeviceCount(nullptr), kBad);
  NNAdapterDevice* device = nullptr;
  EXPECT_EQ(NNAdapterDevice_acquire(nullptr, &device), kBad);
  EXPECT_EQ(NNAdapterDevice_acquire("reference", nullptr), kBad);
  const char* s = nullptr;
  EXPECT_EQ(NNAdapterDevice_getName(nullptr, &s), kBad);
  EXPECT_EQ(NNAdapterDevice_getVendor(nullptr, &s), kBad);
  NNAdapterDeviceType type;
  EXPECT_EQ(NNAdapterDevice_getType(nullptr, &type), kBad);
  int32_t version;
  EXPECT_EQ(NNAdapterDevice_getVersion(nullptr, &version), kBad);
  NNAdapterContext* context = nullptr;
  EXPECT_EQ(NNAdapterContext_create(nullptr, 1, "", &context), kBad);
  EXPECT_EQ(NNAdapterContext_create(&device, 0, "", &context), kBad);
  EXPECT_EQ(NNAdapterModel_create(nullptr), kBad);
  EXPECT_EQ(NNAdapterModel_finish(nullptr), kBad);
  EXPECT_EQ(NNAdapterCompilation_finish(nullptr), kBad);
  EXPECT_EQ(NNAdapterExecution_compute(nullptr), kBad);
  NNAdapterExecution* e = nullptr;
  EXPECT_EQ(NNAdapterExecution_create(nullptr, &e), kBad);
  // Destroy / release accept NULL.
  NNAdapterDevice_release(nullptr);
  NNAdapterContext_destroy(nullptr);
  NNAdapterModel_destroy(nullptr);
  NNAdapterCompilation_destroy(nullptr);
  NNAdapterExecution_destroy(nullptr);
}

TEST(NNAdapterErrors, DevicesAndVersion) {
  uint32_t version = 0, count = 0;
  EXPECT_EQ(NNAdapter_getVersion(&version), NNADAPTER_NO_ERROR);
  EXPECT_EQ(version, 1u);
  EXPECT_EQ(NNAdapter_getDeviceCount(&count), NNADAPTER_NO_ERROR);
  EXPECT_EQ(count, 1u);
  NNAdapterDevice* device = nullptr;
  EXPECT_EQ(NNAdapterDevice_acquire("no_such_device_xyz", &device), NNADAPTER_DEVICE_NOT_FOUND);
  EXPECT_EQ(device, nullptr);
  ASSERT_EQ(NNAdapterDevice_acquire("reference", &device), NNADAPTER_NO_ERROR);
  const char* name = nullptr;
  NNAdapterDeviceType type = -1;
  EXPECT_EQ(NNAdapterDevice_getName(device, &name), NNADAPTER_NO_ERROR);
  EXPECT_STREQ(name, "nnadapter_reference");
  EXPECT_EQ(NNAdapterDevice_getType(device, &type), NNADAPTER_NO_ERROR);
  EXPECT_EQ(type, NNADAPTER_CPU);
  NNAdapterDevice_release(device);
}

TEST(NNAdapterErrors, ModelBuildingRules) {
  ApiModelBuilder m;
  ApiModelBuilder other;
  NNAdapterOperand* o = nullptr;
  NNAdapterOperandType bad = Type(20, {2});  // between FLOAT64 (11) and the quantised codes (24)
  EXPECT_EQ(NNAdapterModel_addOperand(m.model(), &bad, &o), kBad);  // unknown precision
  bad = Type(NNADAPTER_FLOAT32, {0});
  EXPECT_EQ(NNAdapterModel_addOperand(m.model(), &bad, &o), kBad);  // dimension 0
  bad = Type(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {2}, -1.0f);
  EXPECT_EQ(NNAdapterModel_addOperand(m.model(), &bad, &o), kBad);  // negative scale
  NNAdapterOperand* x = m.Operand(Type(NNADAPTER_FLOAT32, {2}));
  NNAdapterOperand* y = m.Operand(Type(NNADAPTER_FLOAT32, {2}));
  NNAdapterOperand* foreign = other.Operand(Type(NNADAPTER_FLOAT32, {2}));
  NNAdapterOperation* op = nullptr;
  NNAdapterOperand* ins[1] = {foreign};
  EXPECT_EQ(NNAdapterModel_addOperation(m.model(), NNADAPTER_RELU, 1, ins, 1, &y, &op), kBad);
  ins[0] = x;
  EXPECT_EQ(NNAdapterModel_addOperation(m.model(), 999, 1, ins, 1, &y, &op), kBad);  // not a standard operation
  EXPECT_EQ(NNAdapterModel_addOperation(m.model(), NNADAPTER_RELU, 1, ins, 0, &y, &op), kBad);
  int stack_value = 0;
  EXPECT_EQ(NNAdapterModel_setOperandValue(reinterpret_cast<NNAdapterOperand*>(&stack_value), &stack_value, 4, true),
            kBad);  // not an operand
  EXPECT_EQ(NNAdapterModel_setOperandValue(x, nullptr, 4, true), kBad);
  EXPECT_EQ(NNAdapterModel_finish(m.model()), kBad);  // inputs and outputs not identified
  NNAdapterOperand* c = m.Constant(Type(NNADAPTER_FLOAT32, {2}), std::vector<float>{1, 2});
  EXPECT_EQ(NNAdapterModel_identifyInputsAndOutputs(m.model(), 1, &c, 1, &y), kBad);  // constant input
  ASSERT_EQ(m.Operation(NNADAPTER_RELU, {x}, {y}), NNADAPTER_NO_ERROR);
  ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
  EXPECT_EQ(NNAdapterModel_addOperand(m.model(), &bad, &o), kBad);  // finished
  EXPECT_EQ(NNAdapterModel_finish(m.model()), kBad);
  NNAdapterOperandType* t = nullptr;
  EXPECT_EQ(NNAdapterModel_getOperandType(x, &t), NNADAPTER_NO_ERROR);
  EXPECT_EQ(t->lifetime, NNADAPTER_MODEL_INPUT);
}

TEST(NNAdapterErrors, CompilationRules) {
  ApiModelBuilder m;
  NNAdapterCompilation* c = nullptr;
  EXPECT_EQ(NNAdapterCompilation_create(m.model(), nullptr, nullptr, 0, nullptr, m.context(), &c), kBad);  // unfinished
  uint8_t garbage[4] = {1, 2, 3, 4};
  EXPECT_EQ(NNAdapterCompilation_create(nullptr, "t", garbage, sizeof(garbage), nullptr, m.context(), &c), kBad);
  EXPECT_EQ(NNAdapterCompilation_create(nullptr, nullptr, garbage, sizeof(garbage), nullptr, m.context(), &c), kBad);
  EXPECT_EQ(NNAdapterCompilation_create(nullptr, "t", garbage, 0, nullptr, m.context(), &c), kBad);
  EXPECT_EQ(c, nullptr);
}

// An operation the lowering reports unsupported fails at finish, and
// getSupportedOperations says which one.
TEST(NNAdapterErrors, UnsupportedOperation) {
  ApiModelBuilder m;
  NNAdapterOperand* x = m.Operand(Type(NNADAPTER_FLOAT32, {4}));
  NNAdapterOperand* r = m.Operand(Type(NNADAPTER_FLOAT32, {4}));
  NNAdapterOperand* y = m.Operand(Type(NNADAPTER_FLOAT32, {4}));
  ASSERT_EQ(m.Operation(NNADAPTER_RELU, {x}, {r}), NNADAPTER_NO_ERROR);
  ASSERT_EQ(m.Operation(NNADAPTER_HARD_SWISH, {r, m.Float32(0.2f), m.Float32(0.5f), m.Int32(NNADAPTER_FUSED_NONE)}, {y}),
            NNADAPTER_NO_ERROR);
  bool supported[2] = {false, true};
  EXPECT_EQ(NNAdapterModel_getSupportedOperations(m.model(), m.context(), supported), NNADAPTER_NO_ERROR);
  EXPECT_TRUE(supported[0]);
  EXPECT_FALSE(supported[1]);
  EXPECT_EQ(NNAdapterModel_getSupportedOperations(m.model(), nullptr, supported), kBad);
  EXPECT_EQ(m.Compile({x}, {y}), kBad);
}

TEST(NNAdapterErrors, ExecutionBindings) {
  ApiModelBuilder m;
  NNAdapterOperand* x = m.Operand(Type(NNADAPTER_FLOAT32, {2}));
  NNAdapterOperand* y = m.Operand(Type(NNADAPTER_FLOAT32, {2}));
  ASSERT_EQ(m.Operation(NNADAPTER_RELU, {x}, {y}), NNADAPTER_NO_ERROR);
  ASSERT_EQ(m.Compile({x}, {y}), NNADAPTER_NO_ERROR);
  uint32_t n_in = 0, n_out = 0;
  NNAdapterOperandType* in_types[1] = {nullptr};
  NNAdapterOperandType* out_types[1] = {nullptr};
  ASSERT_EQ(NNAdapterCompilation_queryInputsAndOutputs(m.compilation(), &n_in, in_types, &n_out, out_types),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(n_in, 1u);
  EXPECT_EQ(in_types[0]->dimensions.count, 1u);
  EXPECT_EQ(NNAdapterCompilation_queryInputsAndOutputs(m.compilation(), nullptr, nullptr, &n_out, nullptr), kBad);
  EXPECT_EQ(NNAdapterCompilation_finish(m.compilation()), kBad);  // twice
  NNAdapterExecution* e = nullptr;
  ASSERT_EQ(NNAdapterExecution_create(m.compilation(), &e), NNADAPTER_NO_ERROR);
  int memory = 0;
  EXPECT_EQ(NNAdapterExecution_setInput(e, 1, &memory, &NoAccess), kBad);   // index out of range
  EXPECT_EQ(NNAdapterExecution_setInput(e, -1, &memory, &NoAccess), kBad);
  EXPECT_EQ(NNAdapterExecution_setInput(e, 0, &memory, nullptr), kBad);     // no access function
  EXPECT_EQ(NNAdapterExecution_compute(e), kBad);                           // nothing bound
  EXPECT_EQ(NNAdapterExecution_setInput(e, 0, &memory, &NoAccess), NNADAPTER_NO_ERROR);
  EXPECT_EQ(NNAdapterExecution_setOutput(e, 0, &memory, &NoAccess), NNADAPTER_NO_ERROR);
  // The access function gives no dims and no buffer: the run is refused, not crashed.
  EXPECT_EQ(NNAdapterExecution_compute(e), kBad);
  NNAdapterExecution_destroy(e);
  // Wrong input dims.
  std::vector<HostBuffer> out(1);
  EXPECT_EQ(m.Run({Buffer<float>({3}, {1, 2, 3})}, &out), kBad);
  // A too small output buffer: access returns NULL.
  out[0].bytes.resize(4);
  EXPECT_EQ(m.Run({Buffer<float>({2}, {1, 2})}, &out), kBad);
}

}  // namespace
}  // namespace testing
}  // namespace nna
}  // namespace nnrt
