// libnnadapter_reference.so as a Paddle Lite runtime sees it: dlopen, the
// device symbol, and a model through create_program / execute_program, fresh
// and restored from the Cache buffer the first program filled.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "nnadapter/hal/types.h"

namespace {

using nnadapter::hal::Argument;
using nnadapter::hal::Cache;
using nnadapter::hal::Device;
using nnadapter::hal::Model;
using nnadapter::hal::Operand;

std::string RunfilePath(const std::string& relative) {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  const char* workspace = std::getenv("TEST_WORKSPACE");
  return std::string(srcdir ? srcdir : ".") + "/" + (workspace ? workspace : "nnrt_kit") + "/" + relative;
}

NNAdapterOperandType F32(std::vector<int32_t> dims, int32_t lifetime) {
  NNAdapterOperandType t;
  std::memset(&t, 0, sizeof(t));
  t.precision = NNADAPTER_FLOAT32;
  t.lifetime = static_cast<NNAdapterOperandLifetimeCode>(lifetime);
  t.dimensions.count = static_cast<uint32_t>(dims.size());
  for (size_t i = 0; i < dims.size(); ++i) t.dimensions.data[i] = dims[i];
  return t;
}

Operand* Add(Model* m, NNAdapterOperandType type, void* buffer = nullptr, uint32_t length = 0) {
  m->operands.push_back(Operand{type, buffer, length});
  return &m->operands.back();
}

void* Access(void* memory, NNAdapterOperandType* type) {
  type->dimensions.count = 2;
  type->dimensions.data[0] = 1;
  type->dimensions.data[1] = 2;
  return memory;
}

const Device* LoadDevice() {
  void* library = dlopen(RunfilePath("reference/nnadapter/libnnadapter_reference.so").c_str(), RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) return nullptr;
  return static_cast<const Device*>(dlsym(library, NNADAPTER_DEVICE_SYMBOL_PREFIX_STRING "nnadapter_reference"));
}

// y = x . w^T + b for x [1, 2], w [2, 2].
std::vector<float> RunFullyConnected(const Device* d, void* program) {
  float x[2] = {1, 2}, y[2] = {0, 0};
  Argument in{0, x, &Access}, out{0, y, &Access};
  EXPECT_EQ(d->execute_program(program, 1, &in, 1, &out), NNADAPTER_NO_ERROR);
  return {y[0], y[1]};
}

TEST(NNAdapterReferenceDriver, LoadsAndRunsFreshAndFromCache) {
  const Device* d = LoadDevice();
  ASSERT_NE(d, nullptr) << dlerror();
  EXPECT_STREQ(d->name, "nnadapter_reference");
  EXPECT_EQ(d->version, 1);
  void* device = nullptr;
  void* context = nullptr;
  ASSERT_EQ(d->open_device(&device), NNADAPTER_NO_ERROR);
  ASSERT_EQ(d->create_context(device, "", &context), NNADAPTER_NO_ERROR);

  float w[4] = {1, 0, 0.5f, 1}, b[2] = {0.25f, -1};
  int32_t fuse = NNADAPTER_FUSED_NONE;
  Model m;
  Operand* x = Add(&m, F32({1, 2}, NNADAPTER_MODEL_INPUT));
  Operand* wo = Add(&m, F32({2, 2}, NNADAPTER_CONSTANT_REFERENCE), w, sizeof(w));
  Operand* bo = Add(&m, F32({2}, NNADAPTER_CONSTANT_REFERENCE), b, sizeof(b));
  NNAdapterOperandType fuse_type = F32({}, NNADAPTER_CONSTANT_REFERENCE);
  fuse_type.precision = NNADAPTER_INT32;
  Operand* fo = Add(&m, fuse_type, &fuse, sizeof(fuse));
  Operand* y = Add(&m, F32({1, 2}, NNADAPTER_MODEL_OUTPUT));
  m.operations.push_back({NNADAPTER_FULLY_CONNECTED, {x, wo, bo, fo}, {y}});
  m.input_operands = {x};
  m.output_operands = {y};

  Cache cache{"token", nullptr, {x->type}, {y->type}, {}};
  void* program = nullptr;
  ASSERT_EQ(d->create_program(context, &m, &cache, &program), NNADAPTER_NO_ERROR);
  EXPECT_FALSE(cache.buffer.empty());
  EXPECT_EQ(RunFullyConnected(d, program), (std::vector<float>{1.25f, 1.5f}));
  // Wrong argument counts and indices are refused.
  float buffer[2] = {0, 0};
  Argument bad{3, buffer, &Access};
  EXPECT_EQ(d->execute_program(program, 1, &bad, 1, &bad), NNADAPTER_INVALID_PARAMETER);
  EXPECT_EQ(d->execute_program(program, 0, nullptr, 0, nullptr), NNADAPTER_INVALID_PARAMETER);
  d->destroy_program(program);

  void* restored = nullptr;
  ASSERT_EQ(d->create_program(context, nullptr, &cache, &restored), NNADAPTER_NO_ERROR);
  EXPECT_EQ(RunFullyConnected(d, restored), (std::vector<float>{1.25f, 1.5f}));
  d->destroy_program(restored);

  Cache empty{nullptr, nullptr, {}, {}, {}};
  void* none = nullptr;
  EXPECT_EQ(d->create_program(context, nullptr, &empty, &none), NNADAPTER_INVALID_PARAMETER);
  d->destroy_context(context);
  d->close_device(device);
}

}  // namespace
