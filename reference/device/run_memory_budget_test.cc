// C-303: the interpreter frees every intermediate after its last consumer,
// tracks the bytes a run holds, and fails a run above its memory budget with
// NNRT_OUT_OF_MEMORY and a message, in the interpreter and through the
// reference driver (option and environment override).
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "reference/device/interpreter.h"
#include "reference/device/reference_device.h"
#include "reference/device/run_memory_budget.h"
#include "reference/device/testing/in_process_run.h"
#include "reference/device/testing/test_models.h"
#include "reference/hal/hal_cpp.h"
#include "reference/hal/hal_loader.h"

namespace nnrt {
namespace {

using testing::BytesToFloats;
using testing::FloatTensor;
using testing::MakeTensor;

constexpr int32_t kN = 256;
constexpr uint64_t kInputBytes = 2 * kN * 4;          // x [256,1] and y [1,256], float32
constexpr uint64_t kSquareBytes = uint64_t{kN} * kN * 4;  // one [256,256] float32 intermediate

Node Add(uint32_t a, uint32_t b, uint32_t out) {
  Node n;
  n.name = "add" + std::to_string(out);
  n.type = NodeType::ADD_FUSION;
  n.attrs = {Attr::Int8("activationType", 0)};
  n.inputs = {a, b};
  n.outputs = {out};
  return n;
}

// x [n,1] + y [1,n] broadcasts to [n,n]; then `nodes - 1` more ADDs of y:
// t1 = x + y, t(k+1) = t(k) + y. 2n floats of input, n*n floats per node.
Model BroadcastChain(int nodes) {
  Model m;
  m.name = "broadcast_chain";
  m.tensors = {MakeTensor("x", DataType::kFloat32, {kN, 1}), MakeTensor("y", DataType::kFloat32, {1, kN})};
  for (int k = 1; k <= nodes; ++k) {
    m.tensors.push_back(MakeTensor("t" + std::to_string(k), DataType::kFloat32, {kN, kN}));
    m.nodes.push_back(Add(k == 1 ? 0 : static_cast<uint32_t>(k), 1, static_cast<uint32_t>(k + 1)));
  }
  m.inputs = {0, 1};
  m.outputs = {static_cast<uint32_t>(nodes + 1)};
  return m;
}

std::vector<HostTensor> ChainInputs() {
  std::vector<float> x, y;
  for (int i = 0; i < kN; ++i) x.push_back(static_cast<float>(i));
  for (int j = 0; j < kN; ++j) y.push_back(static_cast<float>(1000 * j));
  return {FloatTensor({kN, 1}, x), FloatTensor({1, kN}, y)};
}

Status RunWithBudget(const Model& m, uint64_t budget, std::vector<HostTensor>* out, RunStats* stats) {
  InterpreterOptions options;
  options.run_memory_budget_bytes = budget;
  return testing::RunInInterpreter(m, options, ChainInputs(), out, stats);
}

// Without freeing, a four-node chain held all four [256,256] intermediates
// (about 1 MiB); now at most the one being read and the one being written.
TEST(RunMemoryBudget, IntermediatesAreFreedAfterTheirLastConsumer) {
  std::vector<HostTensor> out;
  RunStats stats;
  const Status s = RunWithBudget(BroadcastChain(4), kDefaultRunMemoryBudgetBytes, &out, &stats);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(stats.peak_bytes, kInputBytes + 2 * kSquareBytes);
  ASSERT_EQ(out.size(), 1u);
  const std::vector<float> v = BytesToFloats(out[0].data);
  ASSERT_EQ(v.size(), static_cast<size_t>(kN) * kN);
  EXPECT_EQ(v[0], 0.0f);
  EXPECT_EQ(v[static_cast<size_t>(3) * kN + 5], 3.0f + 4 * 5000.0f);  // x[3] + 4 y[5]
}

TEST(RunMemoryBudget, RunAboveTheBudgetFailsWithOutOfMemoryAndAMessage) {
  const uint64_t peak = kInputBytes + 2 * kSquareBytes;
  std::vector<HostTensor> out;
  RunStats stats;
  Status s = RunWithBudget(BroadcastChain(4), peak, &out, &stats);
  EXPECT_TRUE(s.ok()) << "a budget equal to the peak is enough: " << s.ToString();
  s = RunWithBudget(BroadcastChain(4), peak - 1, &out, &stats);
  ASSERT_EQ(s.code(), NNRT_OUT_OF_MEMORY) << s.ToString();
  EXPECT_NE(s.message().find("node 1 'add3' (ADD_FUSION): its outputs need 262144 bytes while the run holds 264192"),
            std::string::npos)
      << s.message();
  EXPECT_NE(s.message().find("run memory budget of " + std::to_string(peak - 1) + " bytes"), std::string::npos)
      << s.message();
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(stats.peak_bytes, kInputBytes + kSquareBytes);  // what it held before refusing node 1
}

TEST(RunMemoryBudget, InputsAboveTheBudgetFailBeforeAnyNode) {
  std::vector<HostTensor> out;
  RunStats stats;
  const Status s = RunWithBudget(BroadcastChain(1), kInputBytes - 1, &out, &stats);
  ASSERT_EQ(s.code(), NNRT_OUT_OF_MEMORY) << s.ToString();
  EXPECT_NE(s.message().find("the inputs hold 2048 bytes"), std::string::npos) << s.message();
}

// t1 = x + y, t2 = t1 + y, t3 = t1 + t2: t1 must live until node 2.
TEST(RunMemoryBudget, ATensorWithTwoConsumersLivesUntilTheLastOne) {
  Model m = BroadcastChain(2);
  m.tensors.push_back(MakeTensor("t3", DataType::kFloat32, {kN, kN}));
  m.nodes.push_back(Add(2, 3, 4));
  m.outputs = {4};
  std::vector<HostTensor> out;
  RunStats stats;
  const Status s = RunWithBudget(m, kDefaultRunMemoryBudgetBytes, &out, &stats);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(stats.peak_bytes, kInputBytes + 3 * kSquareBytes);
  const std::vector<float> v = BytesToFloats(out[0].data);
  EXPECT_EQ(v[static_cast<size_t>(2) * kN + 1], 2 * 2.0f + 3 * 1000.0f);  // 2 x[2] + 3 y[1]
}

// An intermediate nobody reads is freed right after it is produced; a tensor
// listed twice as a model output fills both outputs.
TEST(RunMemoryBudget, UnreadIntermediatesAreFreedAndRepeatedOutputsAreCopied) {
  Model m = BroadcastChain(2);  // t2 = t1 + y is the output
  m.tensors.push_back(MakeTensor("unused", DataType::kFloat32, {kN, kN}));
  m.nodes.insert(m.nodes.begin(), Add(0, 1, 4));  // nobody reads 'unused'
  m.outputs = {3, 3};
  std::vector<HostTensor> out;
  RunStats stats;
  const Status s = RunWithBudget(m, kDefaultRunMemoryBudgetBytes, &out, &stats);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(stats.peak_bytes, kInputBytes + 2 * kSquareBytes);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].data, out[1].data);
  EXPECT_EQ(out[1].dims, (Dims{kN, kN}));
}

TEST(RunMemoryBudget, EnvironmentValuesParseAsByteCountsWithOptionalSuffix) {
  uint64_t v = 0;
  EXPECT_TRUE(ParseRunMemoryBudget("4096", &v));
  EXPECT_EQ(v, 4096u);
  EXPECT_TRUE(ParseRunMemoryBudget("512M", &v));
  EXPECT_EQ(v, uint64_t{512} << 20);
  EXPECT_TRUE(ParseRunMemoryBudget("8589934592G", &v));  // 2^63
  EXPECT_EQ(v, uint64_t{1} << 63);
  for (const char* bad : {"", "0", "0K", "12k", "1.5G", "-1", "4096 ", "K", "8589934593G", "9223372036854775809"}) {
    EXPECT_FALSE(ParseRunMemoryBudget(bad, &v)) << bad;
  }
}

class ReferenceDeviceBudget : public testing::InProcessBudgetTest {
 protected:
  ReferenceDeviceBudget() : InProcessBudgetTest(kRunMemoryBudgetEnv) {}

  // Creates a device of an in-process reference driver with `budget`, prepares
  // the four-node chain and runs it.
  Status PrepareAndRun(uint64_t budget, Status* create = nullptr) {
    ReferenceDriverOptions options;
    options.device_name = "budget-test";
    options.run_memory_budget_bytes = budget;
    return RunWithOneFloatOutput(options, BroadcastChain(4), ChainInputs(), kSquareBytes, create);
  }
};

TEST_F(ReferenceDeviceBudget, DriverOptionBoundsTheRun) {
  const uint64_t peak = kInputBytes + 2 * kSquareBytes;
  Status s = PrepareAndRun(peak);
  EXPECT_TRUE(s.ok()) << s.ToString();
  s = PrepareAndRun(peak - 1);
  EXPECT_EQ(s.code(), NNRT_OUT_OF_MEMORY) << s.ToString();
  EXPECT_NE(s.message().find("run memory budget"), std::string::npos) << s.message();
}

TEST_F(ReferenceDeviceBudget, EnvironmentOverridesTheOptionAtCreateDevice) {
  ASSERT_EQ(setenv(kRunMemoryBudgetEnv, "300K", 1), 0);
  Status s = PrepareAndRun(kDefaultRunMemoryBudgetBytes);
  EXPECT_EQ(s.code(), NNRT_OUT_OF_MEMORY) << s.ToString();
  EXPECT_NE(s.message().find("run memory budget of 307200 bytes"), std::string::npos) << s.message();
  ASSERT_EQ(setenv(kRunMemoryBudgetEnv, "lots", 1), 0);
  Status create;
  s = PrepareAndRun(kDefaultRunMemoryBudgetBytes, &create);
  EXPECT_EQ(create.code(), NNRT_INVALID_PARAMETER) << create.ToString();
  EXPECT_NE(create.message().find("NNRT_REFERENCE_RUN_MEMORY_BUDGET='lots'"), std::string::npos) << create.message();
  unsetenv(kRunMemoryBudgetEnv);
  EXPECT_TRUE(PrepareAndRun(kDefaultRunMemoryBudgetBytes).ok());
}

}  // namespace
}  // namespace nnrt
