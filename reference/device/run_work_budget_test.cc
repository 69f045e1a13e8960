// C-760: kernels whose work grows faster than their tensors charge it before
// their loops; a run above its work budget fails with NNRT_TIME_OUT and a
// message, in the interpreter and through the reference driver (option and
// environment override).
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

namespace nnrt {
namespace {

using testing::FloatTensor;
using testing::MakeTensor;

Node Pool(NodeType type, const std::string& name, int64_t kernel, std::vector<int64_t> pads, uint32_t in,
          uint32_t out) {
  Node n;
  n.name = name;
  n.type = type;
  n.attrs = {Attr::Int64s("kernelSize", {kernel, kernel}), Attr::Int64s("strides", {1, 1}),
             Attr::Int64s("pad", std::move(pads)), Attr::Int8("activationType", 0)};
  n.inputs = {in};
  n.outputs = {out};
  return n;
}

// x [1,4,4,1] -> MAX_POOL 2x2, stride 1 -> [1,3,3,1] (9 windows of 4: 36
// visits) -> AVGPOOL 3x3, stride 1, pads 1 -> [1,3,3,1] (window rows 2+3+2
// by columns 2+3+2: 49 visits).
Model TwoPools() {
  Model m;
  m.name = "two_pools";
  m.tensors = {MakeTensor("x", DataType::kFloat32, {1, 4, 4, 1}), MakeTensor("m", DataType::kFloat32, {1, 3, 3, 1}),
               MakeTensor("y", DataType::kFloat32, {1, 3, 3, 1})};
  m.nodes = {Pool(NodeType::MAX_POOL_FUSION, "max", 2, {0, 0, 0, 0}, 0, 1),
             Pool(NodeType::AVGPOOL_FUSION, "avg", 3, {1, 1, 1, 1}, 1, 2)};
  m.inputs = {0};
  m.outputs = {2};
  return m;
}

// a [2,3] x b [3,4]: 8 outputs of 3 products each.
Model MatMul() {
  Model m;
  m.name = "matmul";
  m.tensors = {MakeTensor("a", DataType::kFloat32, {2, 3}), MakeTensor("b", DataType::kFloat32, {3, 4}),
               MakeTensor("y", DataType::kFloat32, {2, 4})};
  Node n;
  n.name = "mm";
  n.type = NodeType::MATMUL_FUSION;
  n.attrs = {Attr::Int8("activationType", 0)};
  n.inputs = {0, 1};
  n.outputs = {2};
  m.nodes = {n};
  m.inputs = {0, 1};
  m.outputs = {2};
  return m;
}

std::vector<HostTensor> PoolInputs() { return {FloatTensor({1, 4, 4, 1}, std::vector<float>(16, 1.0f))}; }

Status RunWithWorkBudget(const Model& m, const std::vector<HostTensor>& inputs, uint64_t budget, RunStats* stats) {
  InterpreterOptions options;
  options.run_work_budget = budget;
  std::vector<HostTensor> out;
  return testing::RunInInterpreter(m, options, inputs, &out, stats);
}

TEST(RunWorkBudget, PoolingChargesTheElementsItsWindowsVisit) {
  RunStats stats;
  const Status s = RunWithWorkBudget(TwoPools(), PoolInputs(), 36 + 49, &stats);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(stats.work_steps, 36u + 49u);
}

TEST(RunWorkBudget, ANodeAboveWhatIsLeftFailsWithTimeOutAndAMessage) {
  RunStats stats;
  const Status s = RunWithWorkBudget(TwoPools(), PoolInputs(), 36 + 48, &stats);
  ASSERT_EQ(s.code(), NNRT_TIME_OUT) << s.ToString();
  EXPECT_NE(s.message().find("node 1 'avg'"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("AVGPOOL_FUSION needs 49 steps"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("the run has 48 left of its work budget"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("C-760"), std::string::npos) << s.message();
  EXPECT_EQ(stats.work_steps, 36u);  // the refused node charged nothing
}

TEST(RunWorkBudget, TheFirstNodeIsRefusedBeforeItsLoops) {
  RunStats stats;
  const Status s = RunWithWorkBudget(TwoPools(), PoolInputs(), 35, &stats);
  ASSERT_EQ(s.code(), NNRT_TIME_OUT) << s.ToString();
  EXPECT_NE(s.message().find("MAX_POOL_FUSION needs 36 steps"), std::string::npos) << s.message();
  EXPECT_EQ(stats.work_steps, 0u);
}

TEST(RunWorkBudget, MatMulChargesKProductsPerOutput) {
  const std::vector<HostTensor> in = {FloatTensor({2, 3}, std::vector<float>(6, 1.0f)),
                                      FloatTensor({3, 4}, std::vector<float>(12, 1.0f))};
  RunStats stats;
  EXPECT_TRUE(RunWithWorkBudget(MatMul(), in, 24, &stats).ok());
  EXPECT_EQ(stats.work_steps, 24u);
  EXPECT_EQ(RunWithWorkBudget(MatMul(), in, 23, &stats).code(), NNRT_TIME_OUT);
}

// ChargeWork's product saturates instead of wrapping to a small number.
TEST(RunWorkBudget, AProductAbove2To64SaturatesAndIsRefused) {
  OpContext ctx;
  ctx.work_limit = uint64_t{1} << 62;
  const int64_t big = int64_t{1} << 31;
  const Status s = ChargeWork(ctx, {big, big, big}, "test");
  ASSERT_EQ(s.code(), NNRT_TIME_OUT) << s.ToString();
  EXPECT_NE(s.message().find("needs 18446744073709551615 steps"), std::string::npos) << s.message();
  EXPECT_EQ(ctx.work_charged, 0u);
  EXPECT_TRUE(ChargeWork(ctx, {big, 2}, "test").ok());
  EXPECT_EQ(ctx.work_charged, uint64_t{1} << 32);
}

class ReferenceDeviceWorkBudget : public testing::InProcessBudgetTest {
 protected:
  ReferenceDeviceWorkBudget() : InProcessBudgetTest(kRunWorkBudgetEnv) {}

  // A device of an in-process reference driver with `budget` runs TwoPools.
  Status PrepareAndRun(uint64_t budget, Status* create = nullptr) {
    ReferenceDriverOptions options;
    options.device_name = "work-budget-test";
    options.run_work_budget = budget;
    return RunWithOneFloatOutput(options, TwoPools(), PoolInputs(), 9 * 4, create);
  }
};

TEST_F(ReferenceDeviceWorkBudget, DriverOptionBoundsTheRun) {
  EXPECT_TRUE(PrepareAndRun(85).ok());
  const Status s = PrepareAndRun(84);
  EXPECT_EQ(s.code(), NNRT_TIME_OUT) << s.ToString();
  EXPECT_NE(s.message().find("work budget"), std::string::npos) << s.message();
}

TEST_F(ReferenceDeviceWorkBudget, EnvironmentOverridesTheOptionAtCreateDevice) {
  ASSERT_EQ(setenv(kRunWorkBudgetEnv, "40", 1), 0);
  Status s = PrepareAndRun(kDefaultRunWorkBudget);
  EXPECT_EQ(s.code(), NNRT_TIME_OUT) << s.ToString();
  EXPECT_NE(s.message().find("the run has 4 left"), std::string::npos) << s.message();
  ASSERT_EQ(setenv(kRunWorkBudgetEnv, "1K", 1), 0);
  EXPECT_TRUE(PrepareAndRun(10).ok());
  ASSERT_EQ(setenv(kRunWorkBudgetEnv, "much", 1), 0);
  Status create;
  s = PrepareAndRun(kDefaultRunWorkBudget, &create);
  EXPECT_EQ(create.code(), NNRT_INVALID_PARAMETER) << create.ToString();
  EXPECT_NE(create.message().find("NNRT_REFERENCE_RUN_WORK_BUDGET='much' is not a step count"), std::string::npos)
      << create.message();
}

}  // namespace
}  // namespace nnrt
