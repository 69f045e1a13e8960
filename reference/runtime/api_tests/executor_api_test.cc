// OH_NNExecutor_* of the core API (api_state_machine 1.3.7, XTS 4.5) and
// end-to-end runs through RunSync and RunAsync.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "reference/ops/core/op_def.h"
#include "reference/runtime/api_tests/api_test_util.h"

namespace nnrt {
namespace rt {
namespace testing {
namespace {

const std::vector<int32_t> kShape = {1, 2, 2, 1};

struct AddRun {
  OH_NNExecutor* executor = nullptr;
  NN_Tensor* inputs[2] = {nullptr, nullptr};
  NN_Tensor* outputs[1] = {nullptr};
  explicit AddRun(std::vector<int32_t> model_shape = kShape, std::vector<int32_t> run_shape = kShape) {
    executor = BuildAddExecutor(model_shape);
    inputs[0] = MakeFloatTensor(run_shape, {0, 1, 2, 3});
    inputs[1] = MakeFloatTensor(run_shape, {0, 1, 2, 3});
    outputs[0] = MakeFloatTensor(run_shape, {});
  }
  ~AddRun() {
    for (NN_Tensor*& t : inputs) OH_NNTensor_Destroy(&t);
    OH_NNTensor_Destroy(&outputs[0]);
    OH_NNExecutor_Destroy(&executor);
  }
};

TEST(ExecutorApi, RunSyncAddEndToEnd) {
  AddRun run;
  ASSERT_EQ(OH_NNExecutor_RunSync(run.executor, run.inputs, 2, run.outputs, 1), OH_NN_SUCCESS);
  EXPECT_EQ(ReadFloats(run.outputs[0], 4), (std::vector<float>{0, 2, 4, 6}));
  // Repeatable.
  ASSERT_EQ(OH_NNExecutor_RunSync(run.executor, run.inputs, 2, run.outputs, 1), OH_NN_SUCCESS);
  EXPECT_EQ(ReadFloats(run.outputs[0], 4), (std::vector<float>{0, 2, 4, 6}));
}

TEST(ExecutorApi, ConstructErrors) {
  EXPECT_EQ(OH_NNExecutor_Construct(nullptr), nullptr);
  OH_NNModel* model = BuildAddModel();
  OH_NNCompilation* c = OH_NNCompilation_Construct(model);
  EXPECT_EQ(OH_NNExecutor_Construct(c), nullptr);  // not built
  OH_NNCompilation_Destroy(&c);
  OH_NNModel_Destroy(&model);
}

TEST(ExecutorApi, ExecutorOutlivesModelAndCompilation) {
  OH_NNExecutor* e = BuildAddExecutor();  // model and compilation already destroyed
  NN_Tensor* in[2] = {MakeFloatTensor(kShape, {1, 1, 1, 1}), MakeFloatTensor(kShape, {2, 2, 2, 2})};
  NN_Tensor* out[1] = {MakeFloatTensor(kShape, {})};
  EXPECT_EQ(OH_NNExecutor_RunSync(e, in, 2, out, 1), OH_NN_SUCCESS);
  EXPECT_EQ(ReadFloats(out[0], 4), (std::vector<float>{3, 3, 3, 3}));
  for (NN_Tensor*& t : in) OH_NNTensor_Destroy(&t);
  OH_NNTensor_Destroy(&out[0]);
  OH_NNExecutor_Destroy(&e);
  EXPECT_EQ(e, nullptr);
  OH_NNExecutor_Destroy(&e);  // double destroy through the nulled pointer is a no-op
  OH_NNExecutor_Destroy(nullptr);
}

TEST(ExecutorApi, RunSyncErrorTable) {
  AddRun run;
  NN_Tensor* one_null[2] = {run.inputs[0], nullptr};
  NN_Tensor* out_null[1] = {nullptr};
  NN_Tensor* three[3] = {run.inputs[0], run.inputs[1], run.inputs[0]};
  NN_Tensor* two_out[2] = {run.outputs[0], run.outputs[0]};
  NN_Tensor* small = MakeFloatTensor({1, 2, 1, 1}, {});
  // A tensor whose descriptor promises more bytes than its buffer holds.
  NN_Tensor* lying = MakeFloatTensor({1, 2, 1, 1}, {});
  int32_t full[] = {1, 2, 2, 1};
  ASSERT_EQ(OH_NNTensorDesc_SetShape(OH_NNTensor_GetTensorDesc(lying), full, 4), OH_NN_SUCCESS);
  NN_Tensor* lying_out[1] = {lying};
  NN_Tensor* small_in[2] = {small, run.inputs[1]};
  NN_Tensor* rank3 = MakeFloatTensor({1, 2, 2}, {});
  NN_Tensor* rank3_in[2] = {rank3, run.inputs[1]};
  struct Case {
    const char* name;
    OH_NNExecutor* e;
    NN_Tensor** in;
    size_t n_in;
    NN_Tensor** out;
    size_t n_out;
    OH_NN_ReturnCode expected;
  };
  const Case cases[] = {
      {"executor NULL", nullptr, run.inputs, 2, run.outputs, 1, OH_NN_INVALID_PARAMETER},
      {"inputs NULL", run.executor, nullptr, 2, run.outputs, 1, OH_NN_INVALID_PARAMETER},
      {"input count 0", run.executor, run.inputs, 0, run.outputs, 1, OH_NN_INVALID_PARAMETER},
      {"input count 201", run.executor, run.inputs, 201, run.outputs, 1, OH_NN_INVALID_PARAMETER},
      {"outputs NULL", run.executor, run.inputs, 2, nullptr, 1, OH_NN_INVALID_PARAMETER},
      {"output count 0", run.executor, run.inputs, 2, run.outputs, 0, OH_NN_INVALID_PARAMETER},
      {"input count 1", run.executor, run.inputs, 1, run.outputs, 1, OH_NN_INVALID_PARAMETER},
      {"input count 3", run.executor, three, 3, run.outputs, 1, OH_NN_INVALID_PARAMETER},
      {"output count 2", run.executor, run.inputs, 2, two_out, 2, OH_NN_INVALID_PARAMETER},
      {"an input NULL", run.executor, one_null, 2, run.outputs, 1, OH_NN_NULL_PTR},
      {"an output NULL", run.executor, run.inputs, 2, out_null, 1, OH_NN_INVALID_PARAMETER},
      {"input dims outside the range", run.executor, small_in, 2, run.outputs, 1, OH_NN_INVALID_PARAMETER},
      {"input rank differs from the compiled rank", run.executor, rank3_in, 2, run.outputs, 1,
       OH_NN_INVALID_PARAMETER},
      {"output buffer smaller than its desc", run.executor, run.inputs, 2, lying_out, 1, OH_NN_FAILED},
  };
  for (const Case& k : cases) {
    EXPECT_EQ(OH_NNExecutor_RunSync(k.e, k.in, k.n_in, k.out, k.n_out), k.expected) << k.name;
  }
  OH_NNTensor_Destroy(&small);
  OH_NNTensor_Destroy(&lying);
  OH_NNTensor_Destroy(&rank3);
}

TEST(ExecutorApi, CountsDescsAndShapes) {
  AddRun run;
  size_t n = 0;
  EXPECT_EQ(OH_NNExecutor_GetInputCount(nullptr, &n), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_GetInputCount(run.executor, nullptr), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_GetOutputCount(nullptr, &n), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_GetOutputCount(run.executor, nullptr), OH_NN_INVALID_PARAMETER);
  ASSERT_EQ(OH_NNExecutor_GetInputCount(run.executor, &n), OH_NN_SUCCESS);
  EXPECT_EQ(n, 2u);
  ASSERT_EQ(OH_NNExecutor_GetOutputCount(run.executor, &n), OH_NN_SUCCESS);
  EXPECT_EQ(n, 1u);
  EXPECT_EQ(OH_NNExecutor_CreateInputTensorDesc(nullptr, 0), nullptr);
  EXPECT_EQ(OH_NNExecutor_CreateInputTensorDesc(run.executor, 2), nullptr);
  EXPECT_EQ(OH_NNExecutor_CreateOutputTensorDesc(nullptr, 0), nullptr);
  EXPECT_EQ(OH_NNExecutor_CreateOutputTensorDesc(run.executor, 1), nullptr);
  NN_TensorDesc* d = OH_NNExecutor_CreateInputTensorDesc(run.executor, 1);
  ASSERT_NE(d, nullptr);
  OH_NN_DataType type;
  int32_t* shape = nullptr;
  size_t rank = 0;
  EXPECT_EQ(OH_NNTensorDesc_GetDataType(d, &type), OH_NN_SUCCESS);
  EXPECT_EQ(type, OH_NN_FLOAT32);
  EXPECT_EQ(OH_NNTensorDesc_GetShape(d, &shape, &rank), OH_NN_SUCCESS);
  EXPECT_EQ(std::vector<int32_t>(shape, shape + rank), kShape);
  OH_NNTensorDesc_Destroy(&d);  // caller-owned copy

  int32_t* out_shape = nullptr;
  uint32_t out_rank = 0;
  int32_t dummy = 0;
  int32_t* not_null = &dummy;
  EXPECT_EQ(OH_NNExecutor_GetOutputShape(nullptr, 0, &out_shape, &out_rank), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_GetOutputShape(run.executor, 4, &out_shape, &out_rank), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_GetOutputShape(run.executor, 0, nullptr, &out_rank), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_GetOutputShape(run.executor, 0, &not_null, &out_rank), OH_NN_INVALID_PARAMETER);  // A20
  EXPECT_EQ(OH_NNExecutor_GetOutputShape(run.executor, 0, &out_shape, nullptr), OH_NN_INVALID_PARAMETER);
  // Before any run: the compiled shape (A19).
  ASSERT_EQ(OH_NNExecutor_GetOutputShape(run.executor, 0, &out_shape, &out_rank), OH_NN_SUCCESS);
  EXPECT_EQ(std::vector<int32_t>(out_shape, out_shape + out_rank), kShape);
}

TEST(ExecutorApi, DynamicShapesRangesAndOutputShape) {
  AddRun run({-1, -1, -1, -1}, {1, 3, 1, 1});
  size_t* min_dims = nullptr;
  size_t* max_dims = nullptr;
  size_t rank = 0;
  EXPECT_EQ(OH_NNExecutor_GetInputDimRange(nullptr, 0, &min_dims, &max_dims, &rank), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_GetInputDimRange(run.executor, 0, nullptr, &max_dims, &rank), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_GetInputDimRange(run.executor, 0, &min_dims, nullptr, &rank), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_GetInputDimRange(run.executor, 0, &min_dims, &max_dims, nullptr), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_GetInputDimRange(run.executor, 6, &min_dims, &max_dims, &rank), OH_NN_INVALID_PARAMETER);
  ASSERT_EQ(OH_NNExecutor_GetInputDimRange(run.executor, 1, &min_dims, &max_dims, &rank), OH_NN_SUCCESS);
  ASSERT_EQ(rank, 4u);
  EXPECT_EQ(min_dims[0], 1u);
  EXPECT_EQ(max_dims[0], kReferenceMaxDynamicDim);

  float* a = static_cast<float*>(OH_NNTensor_GetDataBuffer(run.inputs[0]));
  a[0] = 1;
  a[1] = 2;
  a[2] = 3;
  float* b = static_cast<float*>(OH_NNTensor_GetDataBuffer(run.inputs[1]));
  b[0] = 10;
  b[1] = 20;
  b[2] = 30;
  ASSERT_EQ(OH_NNExecutor_RunSync(run.executor, run.inputs, 2, run.outputs, 1), OH_NN_SUCCESS);
  EXPECT_EQ(ReadFloats(run.outputs[0], 3), (std::vector<float>{11, 22, 33}));
  int32_t* shape = nullptr;
  uint32_t n = 0;
  ASSERT_EQ(OH_NNExecutor_GetOutputShape(run.executor, 0, &shape, &n), OH_NN_SUCCESS);
  EXPECT_EQ(std::vector<int32_t>(shape, shape + n), (std::vector<int32_t>{1, 3, 1, 1}));
  // The output tensor's own descriptor is updated too (A33).
  int32_t* desc_shape = nullptr;
  size_t desc_rank = 0;
  ASSERT_EQ(OH_NNTensorDesc_GetShape(OH_NNTensor_GetTensorDesc(run.outputs[0]), &desc_shape, &desc_rank),
            OH_NN_SUCCESS);
  EXPECT_EQ(std::vector<int32_t>(desc_shape, desc_shape + desc_rank), (std::vector<int32_t>{1, 3, 1, 1}));
}

TEST(ExecutorApi, FixedShapeModelReportsItsRange) {
  AddRun run;
  size_t* min_dims = nullptr;
  size_t* max_dims = nullptr;
  size_t rank = 0;
  ASSERT_EQ(OH_NNExecutor_GetInputDimRange(run.executor, 0, &min_dims, &max_dims, &rank), OH_NN_SUCCESS);
  ASSERT_EQ(rank, 4u);
  for (size_t i = 0; i < rank; ++i) {
    EXPECT_EQ(min_dims[i], static_cast<size_t>(kShape[i]));
    EXPECT_EQ(max_dims[i], static_cast<size_t>(kShape[i]));
  }
}

// ---- RunAsync ----

struct DoneRecord {
  std::mutex mutex;
  std::condition_variable cv;
  int calls = 0;
  void* user_data = nullptr;
  OH_NN_ReturnCode code = OH_NN_FAILED;
  int32_t output_count = -1;
  void* first_output = nullptr;
};
DoneRecord* g_done = nullptr;

void OnRunDone(void* user_data, OH_NN_ReturnCode code, void* outputs[], int32_t count) {
  std::lock_guard<std::mutex> lock(g_done->mutex);
  ++g_done->calls;
  g_done->user_data = user_data;
  g_done->code = code;
  g_done->output_count = count;
  g_done->first_output = count > 0 ? outputs[0] : nullptr;
  g_done->cv.notify_all();
}

void OnServiceDied(void*) {}

TEST(ExecutorApi, CallbackSettersValidateArguments) {
  AddRun run;
  EXPECT_EQ(OH_NNExecutor_SetOnRunDone(nullptr, OnRunDone), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_SetOnRunDone(run.executor, nullptr), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_SetOnRunDone(run.executor, OnRunDone), OH_NN_SUCCESS);  // docs, not FORBIDDEN (C-146)
  EXPECT_EQ(OH_NNExecutor_SetOnServiceDied(nullptr, OnServiceDied), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_SetOnServiceDied(run.executor, nullptr), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_SetOnServiceDied(run.executor, OnServiceDied), OH_NN_SUCCESS);
}

TEST(ExecutorApi, RunAsyncArgumentErrors) {
  AddRun run;
  int tag = 0;
  EXPECT_EQ(OH_NNExecutor_RunAsync(nullptr, run.inputs, 2, run.outputs, 1, 60, &tag), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_RunAsync(run.executor, run.inputs, 0, run.outputs, 1, 60, &tag), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_RunAsync(run.executor, run.inputs, 2, run.outputs, 0, 60, &tag), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_RunAsync(run.executor, nullptr, 2, run.outputs, 1, 60, &tag), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_RunAsync(run.executor, run.inputs, 2, nullptr, 1, 60, &tag), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_RunAsync(run.executor, run.inputs, 2, run.outputs, 1, 60, nullptr), OH_NN_INVALID_PARAMETER);
  EXPECT_EQ(OH_NNExecutor_RunAsync(run.executor, run.inputs, 1, run.outputs, 1, 60, &tag), OH_NN_INVALID_PARAMETER);
}

TEST(ExecutorApi, RunAsyncRunsInTheBackgroundAndCallsBack) {
  DoneRecord record;
  g_done = &record;
  AddRun run;
  ASSERT_EQ(OH_NNExecutor_SetOnRunDone(run.executor, OnRunDone), OH_NN_SUCCESS);
  int tag = 7;
  ASSERT_EQ(OH_NNExecutor_RunAsync(run.executor, run.inputs, 2, run.outputs, 1, 5000, &tag), OH_NN_SUCCESS);
  {
    std::unique_lock<std::mutex> lock(record.mutex);
    ASSERT_TRUE(record.cv.wait_for(lock, std::chrono::seconds(10), [&] { return record.calls > 0; }));
  }
  EXPECT_EQ(record.calls, 1);
  EXPECT_EQ(record.user_data, &tag);
  EXPECT_EQ(record.code, OH_NN_SUCCESS);
  EXPECT_EQ(record.output_count, 1);
  EXPECT_EQ(record.first_output, static_cast<void*>(run.outputs[0]));
  EXPECT_EQ(ReadFloats(run.outputs[0], 4), (std::vector<float>{0, 2, 4, 6}));
  g_done = nullptr;
}

TEST(ExecutorApi, ManyRunAsyncCallsOnOneExecutor) {
  DoneRecord record;
  g_done = &record;
  AddRun run;
  ASSERT_EQ(OH_NNExecutor_SetOnRunDone(run.executor, OnRunDone), OH_NN_SUCCESS);
  int tag = 0;
  for (int k = 0; k < 20; ++k) {
    ASSERT_EQ(OH_NNExecutor_RunAsync(run.executor, run.inputs, 2, run.outputs, 1, 0, &tag), OH_NN_SUCCESS);
  }
  OH_NNExecutor_Destroy(&run.executor);
  EXPECT_EQ(record.calls, 20);
  EXPECT_EQ(record.code, OH_NN_SUCCESS);
  EXPECT_EQ(ReadFloats(run.outputs[0], 4), (std::vector<float>{0, 2, 4, 6}));
  g_done = nullptr;
}

TEST(ExecutorApi, RunAsyncWithoutCallbackStillRunsAndDestroyWaits) {
  AddRun run;
  int tag = 1;
  ASSERT_EQ(OH_NNExecutor_RunAsync(run.executor, run.inputs, 2, run.outputs, 1, 0, &tag), OH_NN_SUCCESS);
  OH_NNExecutor_Destroy(&run.executor);  // joins the run
  EXPECT_EQ(ReadFloats(run.outputs[0], 4), (std::vector<float>{0, 2, 4, 6}));
}

TEST(ExecutorApi, RunAsyncReportsDeviceErrorsThroughTheCallback) {
  DoneRecord record;
  g_done = &record;
  // Dynamic model; an input whose size differs from the other makes the device
  // refuse the run after the runtime's own checks passed.
  AddRun run({-1, -1, -1, -1}, {1, 2, 2, 1});
  NN_Tensor* other = MakeFloatTensor({1, 3, 2, 1}, {});
  NN_Tensor* in[2] = {run.inputs[0], other};
  ASSERT_EQ(OH_NNExecutor_SetOnRunDone(run.executor, OnRunDone), OH_NN_SUCCESS);
  int tag = 3;
  ASSERT_EQ(OH_NNExecutor_RunAsync(run.executor, in, 2, run.outputs, 1, 5000, &tag), OH_NN_SUCCESS);
  {
    std::unique_lock<std::mutex> lock(record.mutex);
    ASSERT_TRUE(record.cv.wait_for(lock, std::chrono::seconds(10), [&] { return record.calls > 0; }));
  }
  EXPECT_NE(record.code, OH_NN_SUCCESS);
  OH_NNExecutor_Destroy(&run.executor);
  OH_NNTensor_Destroy(&other);
  g_done = nullptr;
}

// A device whose ADD kernel takes 300 ms: long enough to hit a short timeout.
Status SlowAdd(OpContext& ctx) {
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  return FindOpDef(NodeType::ADD_FUSION)->kernel(ctx);
}

TEST(ExecutorApi, RunAsyncTimeoutIsReportedAsTimeout) {
  ReferenceDriverOptions options;
  options.device_name = "nnrt-test-slow-add";
  options.overrides.push_back({NodeType::ADD_FUSION, SlowAdd});
  size_t slow = AddReferenceDevice(options);
  DoneRecord record;
  g_done = &record;
  OH_NNExecutor* e = nullptr;
  {
    OH_NNCompilation* c = BuildAddCompilation(slow);
    e = OH_NNExecutor_Construct(c);
    OH_NNCompilation_Destroy(&c);
  }
  ASSERT_NE(e, nullptr);
  NN_Tensor* in[2] = {MakeFloatTensor(kShape, {1, 2, 3, 4}), MakeFloatTensor(kShape, {1, 2, 3, 4})};
  NN_Tensor* out[1] = {MakeFloatTensor(kShape, {})};
  ASSERT_EQ(OH_NNExecutor_SetOnRunDone(e, OnRunDone), OH_NN_SUCCESS);
  int tag = 9;
  auto start = std::chrono::steady_clock::now();
  ASSERT_EQ(OH_NNExecutor_RunAsync(e, in, 2, out, 1, 20, &tag), OH_NN_SUCCESS);
  // RunAsync returned at once although the run takes 300 ms.
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(250));
  {
    std::unique_lock<std::mutex> lock(record.mutex);
    ASSERT_TRUE(record.cv.wait_for(lock, std::chrono::seconds(10), [&] { return record.calls > 0; }));
  }
  EXPECT_EQ(record.code, OH_NN_TIMEOUT);
  EXPECT_EQ(record.user_data, &tag);
  OH_NNExecutor_Destroy(&e);  // waits for the late run; the callback is not called twice
  EXPECT_EQ(record.calls, 1);
  for (NN_Tensor*& t : in) OH_NNTensor_Destroy(&t);
  OH_NNTensor_Destroy(&out[0]);
  g_done = nullptr;
}

// A device whose ADD kernel fails: the driver's Run reports a device failure.
Status FailingAdd(OpContext&) { return Status(NNRT_DEVICE_ERROR, "simulated device failure"); }

std::atomic<int> g_service_died_calls{0};
void CountServiceDied(void*) { ++g_service_died_calls; }

TEST(ExecutorApi, DeviceFailureDuringRunAsyncCallsOnServiceDied) {
  ReferenceDriverOptions options;
  options.device_name = "nnrt-test-failing-add";
  options.overrides.push_back({NodeType::ADD_FUSION, FailingAdd});
  size_t failing = AddReferenceDevice(options);
  OH_NNCompilation* c = BuildAddCompilation(failing);
  OH_NNExecutor* e = OH_NNExecutor_Construct(c);
  OH_NNCompilation_Destroy(&c);
  ASSERT_NE(e, nullptr);
  NN_Tensor* in[2] = {MakeFloatTensor(kShape, {1, 2, 3, 4}), MakeFloatTensor(kShape, {1, 2, 3, 4})};
  NN_Tensor* out[1] = {MakeFloatTensor(kShape, {})};
  OH_NN_ReturnCode sync_code = OH_NNExecutor_RunSync(e, in, 2, out, 1);
  EXPECT_EQ(sync_code, OH_NN_UNAVAILABLE_DEVICE);
  DoneRecord record;
  g_done = &record;
  g_service_died_calls = 0;
  ASSERT_EQ(OH_NNExecutor_SetOnRunDone(e, OnRunDone), OH_NN_SUCCESS);
  ASSERT_EQ(OH_NNExecutor_SetOnServiceDied(e, CountServiceDied), OH_NN_SUCCESS);
  int tag = 5;
  ASSERT_EQ(OH_NNExecutor_RunAsync(e, in, 2, out, 1, 5000, &tag), OH_NN_SUCCESS);
  OH_NNExecutor_Destroy(&e);  // waits for the run and its callbacks
  EXPECT_EQ(record.calls, 1);
  EXPECT_EQ(record.code, sync_code);
  EXPECT_EQ(g_service_died_calls.load(), 1);
  for (NN_Tensor*& t : in) OH_NNTensor_Destroy(&t);
  OH_NNTensor_Destroy(&out[0]);
  g_done = nullptr;
}

}  // namespace
}  // namespace testing
}  // namespace rt
}  // namespace nnrt
