// Compilation caches (C-821): token + directory writes <dir>/<token>.nnc and
// a later compilation without a model restores from it; the same bytes given
// as cache_buffer restore too.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#include "reference/nnadapter/testing/api_model_builder.h"

namespace nnrt {
namespace nna {
namespace testing {
namespace {

std::string TempDir() {
  const char* dir = std::getenv("TEST_TMPDIR");
  return dir == nullptr ? "/tmp" : dir;
}

// y = relu(x + c) over [3].
int BuildAddRelu(ApiModelBuilder* m) {
  NNAdapterOperand* x = m->Operand(Type(NNADAPTER_FLOAT32, {3}));
  NNAdapterOperand* s = m->Operand(Type(NNADAPTER_FLOAT32, {3}));
  NNAdapterOperand* c = m->Constant(Type(NNADAPTER_FLOAT32, {3}), std::vector<float>{1, -1, 0.5f});
  EXPECT_EQ(m->Operation(NNADAPTER_ADD, {x, c, m->Int32(NNADAPTER_FUSED_RELU)}, {s}), NNADAPTER_NO_ERROR);
  NNAdapterOperand* ins[1] = {x};
  EXPECT_EQ(NNAdapterModel_identifyInputsAndOutputs(m->model(), 1, ins, 1, &s), NNADAPTER_NO_ERROR);
  return NNAdapterModel_finish(m->model());
}

void* AccessIn(void* memory, NNAdapterOperandType* type) {
  type->dimensions.count = 1;
  type->dimensions.data[0] = 3;
  return memory;
}
void* AccessOut(void* memory, NNAdapterOperandType*) { return memory; }

std::vector<float> Compute(NNAdapterCompilation* c) {
  std::vector<float> x = {1, 1, -2}, y(3, -9);
  NNAdapterExecution* e = nullptr;
  EXPECT_EQ(NNAdapterExecution_create(c, &e), NNADAPTER_NO_ERROR);
  EXPECT_EQ(NNAdapterExecution_setInput(e, 0, x.data(), &AccessIn), NNADAPTER_NO_ERROR);
  EXPECT_EQ(NNAdapterExecution_setOutput(e, 0, y.data(), &AccessOut), NNADAPTER_NO_ERROR);
  EXPECT_EQ(NNAdapterExecution_compute(e), NNADAPTER_NO_ERROR);
  NNAdapterExecution_destroy(e);
  return y;
}

TEST(NNAdapterCache, DirectoryThenBuffer) {
  const std::string dir = TempDir();
  const std::string token = "add_relu_cache_token";
  std::remove((dir + "/" + token + ".nnc").c_str());
  ApiModelBuilder m;
  ASSERT_EQ(BuildAddRelu(&m), NNADAPTER_NO_ERROR);
  NNAdapterCompilation* first = nullptr;
  ASSERT_EQ(NNAdapterCompilation_create(m.model(), token.c_str(), nullptr, 0, dir.c_str(), m.context(), &first),
            NNADAPTER_NO_ERROR);
  ASSERT_EQ(NNAdapterCompilation_finish(first), NNADAPTER_NO_ERROR);
  const std::vector<float> expected = {2, 0, 0};
  EXPECT_EQ(Compute(first), expected);
  NNAdapterCompilation_destroy(first);

  std::ifstream file(dir + "/" + token + ".nnc", std::ios::binary);
  ASSERT_TRUE(file.good()) << "no cache file written";
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  ASSERT_GT(bytes.size(), 16u);

  // From the directory, without a model.
  NNAdapterCompilation* second = nullptr;
  ASSERT_EQ(NNAdapterCompilation_create(nullptr, token.c_str(), nullptr, 0, dir.c_str(), m.context(), &second),
            NNADAPTER_NO_ERROR);
  ASSERT_EQ(NNAdapterCompilation_finish(second), NNADAPTER_NO_ERROR);
  uint32_t n_in = 0, n_out = 0;
  ASSERT_EQ(NNAdapterCompilation_queryInputsAndOutputs(second, &n_in, nullptr, &n_out, nullptr), NNADAPTER_NO_ERROR);
  EXPECT_EQ(n_in, 1u);
  EXPECT_EQ(n_out, 1u);
  EXPECT_EQ(Compute(second), expected);
  NNAdapterCompilation_destroy(second);

  // From memory.
  NNAdapterCompilation* third = nullptr;
  ASSERT_EQ(NNAdapterCompilation_create(nullptr, token.c_str(), bytes.data(), static_cast<uint32_t>(bytes.size()),
                                        nullptr, m.context(), &third),
            NNADAPTER_NO_ERROR);
  ASSERT_EQ(NNAdapterCompilation_finish(third), NNADAPTER_NO_ERROR);
  EXPECT_EQ(Compute(third), expected);
  NNAdapterCompilation_destroy(third);

  // A damaged buffer is refused; a missing directory file without a model too.
  bytes.back() ^= 0xff;
  bytes.pop_back();
  NNAdapterCompilation* bad = nullptr;
  EXPECT_EQ(NNAdapterCompilation_create(nullptr, token.c_str(), bytes.data(), static_cast<uint32_t>(bytes.size()),
                                        nullptr, m.context(), &bad),
            NNADAPTER_INVALID_PARAMETER);
  EXPECT_EQ(NNAdapterCompilation_create(nullptr, "absent_token", nullptr, 0, dir.c_str(), m.context(), &bad),
            NNADAPTER_INVALID_PARAMETER);
}

}  // namespace
}  // namespace testing
}  // namespace nna
}  // namespace nnrt
