// Concurrency of the OH_NN runtime (C-146, C-761), run in the default build
// and under ThreadSanitizer (scripts/run_tests.sh, --config=tsan): many
// threads running one compilation through their own executors, one executor
// shared by several threads, many RunAsync calls in flight with callbacks
// and timeouts, device failures and work-budget refusals reported through
// the callbacks, and an executor destroyed while a run is pending.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "reference/ops/core/op_def.h"
#include "reference/runtime/api_tests/api_test_util.h"

namespace nnrt {
namespace rt {
namespace testing {
namespace {

const std::vector<int32_t> kShape = {1, 2, 2, 1};
constexpr int kThreads = 8;
constexpr int kRunsPerThread = 25;

// in0 = base + {0,1,2,3}, in1 = {10,20,30,40}: the sums tell every caller's run apart.
std::vector<float> First(float base) { return {base, base + 1, base + 2, base + 3}; }
const std::vector<float> kSecond = {10, 20, 30, 40};
std::vector<float> Sum(float base) { return {base + 10, base + 21, base + 32, base + 43}; }

// The tensors of one run: two inputs and an output on device 0.
struct RunTensors {
  NN_Tensor* in[2];
  NN_Tensor* out[1];
  explicit RunTensors(float base) {
    in[0] = MakeFloatTensor(kShape, First(base));
    in[1] = MakeFloatTensor(kShape, kSecond);
    out[0] = MakeFloatTensor(kShape, {});
  }
  ~RunTensors() {
    for (NN_Tensor*& t : in) OH_NNTensor_Destroy(&t);
    OH_NNTensor_Destroy(&out[0]);
  }
  std::vector<float> Result() { return ReadFloats(out[0], 4); }
};

// Runs `body(t)` on kThreads threads at once and waits for them.
template <typename Body>
void OnThreads(Body body) {
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) threads.emplace_back(body, t);
  for (std::thread& th : threads) th.join();
}

// ---- A device whose ADD kernel waits at a gate ----------------------------------------

struct Gate {
  std::mutex mutex;
  std::condition_variable cv;
  bool open = true;
  int entered = 0;  // kernel calls that reached the gate
};
Gate g_gate;

void CloseGate() {
  std::lock_guard<std::mutex> lock(g_gate.mutex);
  g_gate.open = false;
  g_gate.entered = 0;
}

void OpenGate() {
  std::lock_guard<std::mutex> lock(g_gate.mutex);
  g_gate.open = true;
  g_gate.cv.notify_all();
}

bool WaitUntilEntered(int n) {
  std::unique_lock<std::mutex> lock(g_gate.mutex);
  return g_gate.cv.wait_for(lock, std::chrono::seconds(20), [&] { return g_gate.entered >= n; });
}

Status GatedAdd(OpContext& ctx) {
  {
    std::unique_lock<std::mutex> lock(g_gate.mutex);
    ++g_gate.entered;
    g_gate.cv.notify_all();
    g_gate.cv.wait(lock, [] { return g_gate.open; });
  }
  return FindOpDef(NodeType::ADD_FUSION)->kernel(ctx);
}

Status FailingAdd(OpContext&) { return Status(NNRT_DEVICE_ERROR, "simulated device failure"); }
Status OverWorkBudgetAdd(OpContext&) { return Status(NNRT_TIME_OUT, "simulated work budget refusal (C-760)"); }

size_t DeviceWithAdd(const char* name, KernelFn add) {
  ReferenceDriverOptions options;
  options.device_name = name;
  options.overrides.push_back({NodeType::ADD_FUSION, add});
  return AddReferenceDevice(options);
}

OH_NNExecutor* ExecutorOn(size_t device) {
  OH_NNCompilation* c = BuildAddCompilation(device);
  OH_NNExecutor* e = OH_NNExecutor_Construct(c);
  OH_NNCompilation_Destroy(&c);
  EXPECT_NE(e, nullptr);
  return e;
}

// ---- Callbacks: one record per run, found through userData ------------------------------

struct RunRecord {
  std::atomic<int> done_calls{0};
  std::atomic<int> died_calls{0};
  std::atomic<int> code{-1};
};

void RecordDone(void* user_data, OH_NN_ReturnCode code, void* outputs[], int32_t count) {
  auto* r = static_cast<RunRecord*>(user_data);
  r->code = code;
  ++r->done_calls;
}

void RecordDied(void* user_data) { ++static_cast<RunRecord*>(user_data)->died_calls; }

// ---- Tests -------------------------------------------------------------------------------

TEST(ExecutorConcurrency, DistinctExecutorsOfOneCompilationRunInParallel) {
  OH_NNCompilation* c = BuildAddCompilation();
  std::atomic<int> wrong{0};
  OnThreads([&](int t) {
    OH_NNExecutor* e = OH_NNExecutor_Construct(c);
    if (e == nullptr) {
      ++wrong;
      return;
    }
    for (int k = 0; k < kRunsPerThread; ++k) {
      const float base = static_cast<float>(t * 1000 + k);
      RunTensors run(base);
      if (OH_NNExecutor_RunSync(e, run.in, 2, run.out, 1) != OH_NN_SUCCESS || run.Result() != Sum(base)) ++wrong;
    }
    OH_NNExecutor_Destroy(&e);
  });
  EXPECT_EQ(wrong.load(), 0);
  OH_NNCompilation_Destroy(&c);
}

// C-146: runs of one executor are serialized; every caller gets its own result.
TEST(ExecutorConcurrency, OneExecutorSharedByThreadsGivesEveryCallerItsResult) {
  OH_NNExecutor* e = BuildAddExecutor();
  std::atomic<int> wrong{0};
  OnThreads([&](int t) {
    for (int k = 0; k < kRunsPerThread; ++k) {
      const float base = static_cast<float>(t * 1000 + k);
      RunTensors run(base);
      if (OH_NNExecutor_RunSync(e, run.in, 2, run.out, 1) != OH_NN_SUCCESS || run.Result() != Sum(base)) ++wrong;
    }
  });
  EXPECT_EQ(wrong.load(), 0);
  // The output shape array belongs to the executor and every run rewrites it,
  // so it is read once the runs are over (C-761).
  int32_t* shape = nullptr;
  uint32_t rank = 0;
  ASSERT_EQ(OH_NNExecutor_GetOutputShape(e, 0, &shape, &rank), OH_NN_SUCCESS);
  EXPECT_EQ(std::vector<int32_t>(shape, shape + rank), kShape);
  OH_NNExecutor_Destroy(&e);
}

TEST(ExecutorConcurrency, RunAsyncFromManyThreadsCallsBackOncePerRun) {
  OH_NNExecutor* e = BuildAddExecutor();
  ASSERT_EQ(OH_NNExecutor_SetOnRunDone(e, RecordDone), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNExecutor_SetOnServiceDied(e, RecordDied), OH_NN_SUCCESS);
  std::vector<RunRecord> records(kThreads * 4);
  std::vector<std::unique_ptr<RunTensors>> runs;
  for (size_t i = 0; i < records.size(); ++i) runs.emplace_back(new RunTensors(static_cast<float>(100 * i)));
  std::atomic<int> refused{0};
  OnThreads([&](int t) {
    for (int k = 0; k < 4; ++k) {
      const size_t i = static_cast<size_t>(t * 4 + k);
      const int32_t timeout_ms = k % 2 == 0 ? 0 : 20000;  // no limit, or one no run reaches
      if (OH_NNExecutor_RunAsync(e, runs[i]->in, 2, runs[i]->out, 1, timeout_ms, &records[i]) != OH_NN_SUCCESS) {
        ++refused;
      }
    }
  });
  OH_NNExecutor_Destroy(&e);  // waits for every run and its callback (C-146)
  EXPECT_EQ(refused.load(), 0);
  for (size_t i = 0; i < records.size(); ++i) {
    EXPECT_EQ(records[i].done_calls.load(), 1) << "run " << i;
    EXPECT_EQ(records[i].code.load(), OH_NN_SUCCESS) << "run " << i;
    EXPECT_EQ(records[i].died_calls.load(), 0) << "run " << i;
    EXPECT_EQ(runs[i]->Result(), Sum(static_cast<float>(100 * i))) << "run " << i;
  }
}

// C-146: a timed-out run is reported once as OH_NN_TIMEOUT, still completes
// into its output tensors, and Destroy waits for it.
TEST(ExecutorConcurrency, TimedOutRunsReportTimeoutOnceAndStillComplete) {
  OH_NNExecutor* e = ExecutorOn(DeviceWithAdd("nnrt-test-gated-add", GatedAdd));
  ASSERT_EQ(OH_NNExecutor_SetOnRunDone(e, RecordDone), OH_NN_SUCCESS);
  constexpr int kRuns = 4;
  std::vector<RunRecord> records(kRuns);
  std::vector<std::unique_ptr<RunTensors>> runs;
  CloseGate();
  for (int i = 0; i < kRuns; ++i) {
    runs.emplace_back(new RunTensors(static_cast<float>(i)));
    ASSERT_EQ(OH_NNExecutor_RunAsync(e, runs[i]->in, 2, runs[i]->out, 1, 10, &records[i]), OH_NN_SUCCESS);
  }
  ASSERT_TRUE(WaitUntilEntered(1));  // one run in the kernel, the others queued behind it
  for (int i = 0; i < kRuns; ++i) {
    while (records[i].done_calls.load() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_EQ(records[i].code.load(), OH_NN_TIMEOUT) << "run " << i;
  }
  OpenGate();
  OH_NNExecutor_Destroy(&e);
  for (int i = 0; i < kRuns; ++i) {
    EXPECT_EQ(records[i].done_calls.load(), 1) << "run " << i;
    EXPECT_EQ(runs[i]->Result(), Sum(static_cast<float>(i))) << "run " << i;  // the late run wrote its outputs
  }
}

// C-761: OH_NNExecutor_Destroy with a run pending blocks until the run ended
// and its callback returned; the callback is called exactly once.
TEST(ExecutorConcurrency, DestroyWhileARunIsPendingWaitsForTheRunAndItsCallback) {
  OH_NNExecutor* e = ExecutorOn(DeviceWithAdd("nnrt-test-gated-add", GatedAdd));
  ASSERT_EQ(OH_NNExecutor_SetOnRunDone(e, RecordDone), OH_NN_SUCCESS);
  RunRecord record;
  RunTensors run(5);
  CloseGate();
  ASSERT_EQ(OH_NNExecutor_RunAsync(e, run.in, 2, run.out, 1, 0, &record), OH_NN_SUCCESS);
  ASSERT_TRUE(WaitUntilEntered(1));
  std::future<void> destroyed = std::async(std::launch::async, [&e] { OH_NNExecutor_Destroy(&e); });
  EXPECT_EQ(destroyed.wait_for(std::chrono::milliseconds(200)), std::future_status::timeout);
  EXPECT_EQ(record.done_calls.load(), 0);
  OpenGate();
  destroyed.get();
  EXPECT_EQ(e, nullptr);
  EXPECT_EQ(record.done_calls.load(), 1);
  EXPECT_EQ(record.code.load(), OH_NN_SUCCESS);
  EXPECT_EQ(run.Result(), Sum(5));
}

// C-143, C-760: concurrent runs on a failing device each report
// NN_OnServiceDied then NN_OnRunDone once; a work-budget refusal is a
// timeout and no service death.
TEST(ExecutorConcurrency, DeviceFailuresAndRefusalsAreReportedOncePerRun) {
  struct Case {
    const char* device;
    KernelFn add;
    OH_NN_ReturnCode code;
    int died;
  };
  for (const Case& c : {Case{"nnrt-test-failing-add", FailingAdd, OH_NN_UNAVAILABLE_DEVICE, 1},
                        Case{"nnrt-test-over-work-budget-add", OverWorkBudgetAdd, OH_NN_TIMEOUT, 0}}) {
    OH_NNExecutor* e = ExecutorOn(DeviceWithAdd(c.device, c.add));
    ASSERT_EQ(OH_NNExecutor_SetOnRunDone(e, RecordDone), OH_NN_SUCCESS);
    ASSERT_EQ(OH_NNExecutor_SetOnServiceDied(e, RecordDied), OH_NN_SUCCESS);
    std::vector<RunRecord> records(kThreads);
    std::vector<std::unique_ptr<RunTensors>> runs;
    for (int i = 0; i < kThreads; ++i) runs.emplace_back(new RunTensors(static_cast<float>(i)));
    OnThreads([&](int t) {
      EXPECT_EQ(OH_NNExecutor_RunAsync(e, runs[t]->in, 2, runs[t]->out, 1, 20000, &records[t]), OH_NN_SUCCESS);
    });
    OH_NNExecutor_Destroy(&e);
    for (int i = 0; i < kThreads; ++i) {
      EXPECT_EQ(records[i].done_calls.load(), 1) << c.device << " run " << i;
      EXPECT_EQ(records[i].code.load(), c.code) << c.device << " run " << i;
      EXPECT_EQ(records[i].died_calls.load(), c.died) << c.device << " run " << i;
    }
  }
}

}  // namespace
}  // namespace testing
}  // namespace rt
}  // namespace nnrt
