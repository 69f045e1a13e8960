// End-to-end tests of the index-driven data movement operators through the
// OH_NN C API: OH_NN_OPS_GATHER (-> NODE_TYPE_GATHER) and OH_NN_OPS_GATHER_ND
// (-> NODE_TYPE_GATHER_ND), OH_NN_OPS_SCATTER_ND (-> NODE_TYPE_SCATTER_ND),
// OH_NN_OPS_ONE_HOT (-> NODE_TYPE_ONE_HOT), OH_NN_OPS_SELECT (-> NODE_TYPE_SELECT)
// and OH_NN_OPS_WHERE (-> NODE_TYPE_WHERE). Build a one-operation
// model, check OH_NNModel_GetAvailableOperations, compile it for the
// reference device, run it with OH_NNExecutor_RunSync, and check the output
// values and the output shape the executor reports.
#include <cstdint>
#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/runtime/api_tests/api_test_util.h"

namespace nnrt {
namespace rt {
namespace {

using testing::MakeDesc;

template <typename T>
std::vector<uint8_t> Raw(const std::vector<T>& v) {
  std::vector<uint8_t> out(v.size() * sizeof(T));
  if (!out.empty()) std::memcpy(out.data(), v.data(), out.size());
  return out;
}

// One operand: a run-time input (data bound at run) or a constant.
struct Operand {
  OH_NN_DataType type;
  std::vector<int32_t> shape;
  std::vector<uint8_t> data;
  bool constant = false;
};

// A parameter tensor (tensor type != OH_NN_TENSOR), one element.
struct Param {
  OH_NN_TensorType tensor_type;
  OH_NN_DataType type;
  std::vector<uint8_t> data;
};

struct RunResult {
  bool supported = false;
  OH_NN_ReturnCode run = OH_NN_FAILED;
  std::vector<uint8_t> bytes;
  std::vector<int32_t> shape;  // as the executor reports it after the run
};

// Builds, compiles and runs `op` (no parameters) on `inputs` with one output
// of `out_type` declared as `out_shape`, whose buffer holds `out_bytes`.
RunResult RunOperation(OH_NN_OperationType op, const std::vector<Operand>& inputs, OH_NN_DataType out_type,
                       const std::vector<int32_t>& out_shape, size_t out_bytes,
                       const std::vector<Param>& params = {}) {
  RunResult r;
  OH_NNModel* model = OH_NNModel_Construct();
  std::vector<uint32_t> in_idx, model_in_idx;
  uint32_t next = 0;
  for (const Operand& o : inputs) {
    NN_TensorDesc* d = MakeDesc(o.type, o.shape);
    EXPECT_EQ(OH_NNModel_AddTensorToModel(model, d), OH_NN_SUCCESS);
    OH_NNTensorDesc_Destroy(&d);
    if (o.constant) EXPECT_EQ(OH_NNModel_SetTensorData(model, next, o.data.data(), o.data.size()), OH_NN_SUCCESS);
    in_idx.push_back(next);
    if (!o.constant) model_in_idx.push_back(next);
    ++next;
  }
  std::vector<uint32_t> param_idx;
  for (const Param& p : params) {
    NN_TensorDesc* d = MakeDesc(p.type, {1});
    EXPECT_EQ(OH_NNModel_AddTensorToModel(model, d), OH_NN_SUCCESS);
    OH_NNTensorDesc_Destroy(&d);
    EXPECT_EQ(OH_NNModel_SetTensorType(model, next, p.tensor_type), OH_NN_SUCCESS);
    EXPECT_EQ(OH_NNModel_SetTensorData(model, next, p.data.data(), p.data.size()), OH_NN_SUCCESS);
    param_idx.push_back(next++);
  }
  NN_TensorDesc* od = MakeDesc(out_type, out_shape);
  EXPECT_EQ(OH_NNModel_AddTensorToModel(model, od), OH_NN_SUCCESS);
  OH_NNTensorDesc_Destroy(&od);
  uint32_t out_idx = next;
  OH_NN_UInt32Array params_arr{param_idx.data(), static_cast<uint32_t>(param_idx.size())};
  OH_NN_UInt32Array inputs_arr{in_idx.data(), static_cast<uint32_t>(in_idx.size())};
  OH_NN_UInt32Array model_inputs{model_in_idx.data(), static_cast<uint32_t>(model_in_idx.size())};
  OH_NN_UInt32Array outputs_arr{&out_idx, 1};
  EXPECT_EQ(OH_NNModel_AddOperation(model, op, &params_arr, &inputs_arr, &outputs_arr), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_SpecifyInputsAndOutputs(model, &model_inputs, &outputs_arr), OH_NN_SUCCESS);
  EXPECT_EQ(OH_NNModel_Finish(model), OH_NN_SUCCESS);
  const bool* supported = nullptr;
  uint32_t count = 0;
  EXPECT_EQ(OH_NNModel_GetAvailableOperations(model, 0, &supported, &count), OH_NN_SUCCESS);
  r.supported = supported != nullptr && count == 1 && supported[0];
  OH_NNCompilation* compilation = OH_NNCompilation_Construct(model);
  OH_NNModel_Destroy(&model);
  EXPECT_EQ(OH_NNCompilation_SetDevice(compilation, 0), OH_NN_SUCCESS);
  const OH_NN_ReturnCode build = OH_NNCompilation_Build(compilation);
  EXPECT_EQ(build, OH_NN_SUCCESS);
  OH_NNExecutor* executor = build == OH_NN_SUCCESS ? OH_NNExecutor_Construct(compilation) : nullptr;
  OH_NNCompilation_Destroy(&compilation);
  if (executor == nullptr) {
    ADD_FAILURE() << "no executor for operation " << op;
    return r;
  }
  std::vector<NN_Tensor*> in_tensors;
  for (const Operand& o : inputs) {
    if (o.constant) continue;
    NN_TensorDesc* d = MakeDesc(o.type, o.shape);
    NN_Tensor* t = OH_NNTensor_Create(0, d);
    OH_NNTensorDesc_Destroy(&d);
    EXPECT_NE(t, nullptr);
    if (t != nullptr && !o.data.empty()) std::memcpy(OH_NNTensor_GetDataBuffer(t), o.data.data(), o.data.size());
    in_tensors.push_back(t);
  }
  NN_TensorDesc* rd = MakeDesc(out_type, out_shape);
  NN_Tensor* out = OH_NNTensor_Create(0, rd);
  OH_NNTensorDesc_Destroy(&rd);
  r.run = OH_NNExecutor_RunSync(executor, in_tensors.data(), in_tensors.size(), &out, 1);
  if (r.run == OH_NN_SUCCESS && out != nullptr) {
    const uint8_t* bytes = static_cast<const uint8_t*>(OH_NNTensor_GetDataBuffer(out));
    r.bytes.assign(bytes, bytes + out_bytes);
    int32_t* shape = nullptr;
    uint32_t rank = 0;
    if (OH_NNExecutor_GetOutputShape(executor, 0, &shape, &rank) == OH_NN_SUCCESS && shape != nullptr) {
      r.shape.assign(shape, shape + rank);
    }
  }
  for (NN_Tensor*& t : in_tensors) OH_NNTensor_Destroy(&t);
  OH_NNTensor_Destroy(&out);
  OH_NNExecutor_Destroy(&executor);
  return r;
}

template <typename T>
std::vector<T> As(const std::vector<uint8_t>& bytes) {
  std::vector<T> v(bytes.size() / sizeof(T));
  if (!v.empty()) std::memcpy(v.data(), bytes.data(), bytes.size());
  return v;
}

// ops_catalog #16 [UT] shapes: x float32 [4,3], 2 run-time indices, axis 1 -> [4,2].
TEST(IndexOpsEndToEnd, GatherCatalogShape) {
  const RunResult r = RunOperation(
      OH_NN_OPS_GATHER,
      {Operand{OH_NN_FLOAT32, {4, 3}, Raw(std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11})},
       Operand{OH_NN_INT32, {2}, Raw(std::vector<int32_t>{2, 0})},
       Operand{OH_NN_INT32, {1}, Raw(std::vector<int32_t>{1}), true}},
      OH_NN_FLOAT32, {4, 2}, 8 * sizeof(float));
  EXPECT_TRUE(r.supported);
  ASSERT_EQ(r.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<float>(r.bytes), (std::vector<float>{2, 0, 5, 3, 8, 6, 11, 9}));
  EXPECT_EQ(r.shape, (std::vector<int32_t>{4, 2}));
}

// int64 constant indices with a repeat, negative axis (C-352), int32 data.
TEST(IndexOpsEndToEnd, GatherInt64IndicesNegativeAxis) {
  const RunResult r = RunOperation(
      OH_NN_OPS_GATHER,
      {Operand{OH_NN_INT32, {2, 3}, Raw(std::vector<int32_t>{10, 11, 12, 13, 14, 15})},
       Operand{OH_NN_INT64, {3}, Raw(std::vector<int64_t>{2, 2, 0}), true},
       Operand{OH_NN_INT64, {1}, Raw(std::vector<int64_t>{-1}), true}},
      OH_NN_INT32, {2, 3}, 6 * sizeof(int32_t));
  EXPECT_TRUE(r.supported);
  ASSERT_EQ(r.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<int32_t>(r.bytes), (std::vector<int32_t>{12, 12, 10, 15, 15, 13}));
}

// C-351: a run-time index past the end makes the run fail (no clamping).
TEST(IndexOpsEndToEnd, GatherRuntimeIndexOutOfRangeFailsTheRun) {
  const RunResult r = RunOperation(
      OH_NN_OPS_GATHER,
      {Operand{OH_NN_FLOAT32, {3}, Raw(std::vector<float>{1, 2, 3})},
       Operand{OH_NN_INT32, {1}, Raw(std::vector<int32_t>{3})},
       Operand{OH_NN_INT32, {1}, Raw(std::vector<int32_t>{0}), true}},
      OH_NN_FLOAT32, {1}, sizeof(float));
  EXPECT_NE(r.run, OH_NN_SUCCESS);
}

// ops_catalog #108 XTS models 1 and 2 (int32 indices; XTS declares them FLOAT32).
TEST(IndexOpsEndToEnd, GatherNdCatalogModels) {
  const std::vector<float> x = {-0.1f, 0.3f, 3.6f, 0.4f, 0.5f, -3.2f};
  const RunResult m1 = RunOperation(OH_NN_OPS_GATHER_ND,
                                    {Operand{OH_NN_FLOAT32, {2, 3}, Raw(x)},
                                     Operand{OH_NN_INT32, {2, 2}, Raw(std::vector<int32_t>{0, 0, 1, 1})}},
                                    OH_NN_FLOAT32, {2}, 2 * sizeof(float));
  EXPECT_TRUE(m1.supported);
  ASSERT_EQ(m1.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<float>(m1.bytes), (std::vector<float>{-0.1f, 0.5f}));
  EXPECT_EQ(m1.shape, (std::vector<int32_t>{2}));
  const RunResult m2 = RunOperation(OH_NN_OPS_GATHER_ND,
                                    {Operand{OH_NN_FLOAT32, {2, 3}, Raw(x)},
                                     Operand{OH_NN_INT64, {2, 2}, Raw(std::vector<int64_t>{1, 0, 1, 0}), true}},
                                    OH_NN_FLOAT32, {2}, 2 * sizeof(float));
  ASSERT_EQ(m2.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<float>(m2.bytes), (std::vector<float>{0.4f, 0.4f}));
}

// ops_catalog #103 XTS model 2 (derived [[0,5],[4,0]]); int32 indices and
// shape (XTS declares them FLOAT32); a repeated tuple keeps the later update (C-355).
TEST(IndexOpsEndToEnd, ScatterNdCatalogModelAndDuplicates) {
  const RunResult m2 = RunOperation(OH_NN_OPS_SCATTER_ND,
                                    {Operand{OH_NN_INT32, {2, 2}, Raw(std::vector<int32_t>{1, 0, 0, 1})},
                                     Operand{OH_NN_FLOAT32, {2}, Raw(std::vector<float>{4, 5})},
                                     Operand{OH_NN_INT32, {2}, Raw(std::vector<int32_t>{2, 2}), true}},
                                    OH_NN_FLOAT32, {2, 2}, 4 * sizeof(float));
  EXPECT_TRUE(m2.supported);
  ASSERT_EQ(m2.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<float>(m2.bytes), (std::vector<float>{0, 5, 4, 0}));
  EXPECT_EQ(m2.shape, (std::vector<int32_t>{2, 2}));
  const RunResult dup = RunOperation(OH_NN_OPS_SCATTER_ND,
                                     {Operand{OH_NN_INT64, {2, 1}, Raw(std::vector<int64_t>{0, 0}), true},
                                      Operand{OH_NN_FLOAT32, {2}, Raw(std::vector<float>{1, 2})},
                                      Operand{OH_NN_INT64, {1}, Raw(std::vector<int64_t>{2}), true}},
                                     OH_NN_FLOAT32, {2}, 2 * sizeof(float));
  ASSERT_EQ(dup.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<float>(dup.bytes), (std::vector<float>{2, 0}));
}

// ops_catalog #23 [UT] shapes (int32 [3] -> float32 [3,3], axis -1), and
// axis 0 with an index outside [0, depth) giving an all-off column (C-357).
TEST(IndexOpsEndToEnd, OneHot) {
  const std::vector<Operand> in = {Operand{OH_NN_INT32, {3}, Raw(std::vector<int32_t>{0, 2, -1})},
                                   Operand{OH_NN_INT32, {1}, Raw(std::vector<int32_t>{3}), true},
                                   Operand{OH_NN_FLOAT32, {1}, Raw(std::vector<float>{1}), true},
                                   Operand{OH_NN_FLOAT32, {1}, Raw(std::vector<float>{0}), true}};
  const RunResult last = RunOperation(OH_NN_OPS_ONE_HOT, in, OH_NN_FLOAT32, {3, 3}, 9 * sizeof(float),
                                      {Param{OH_NN_ONE_HOT_AXIS, OH_NN_INT64, Raw(std::vector<int64_t>{-1})}});
  EXPECT_TRUE(last.supported);
  ASSERT_EQ(last.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<float>(last.bytes), (std::vector<float>{1, 0, 0, 0, 0, 1, 0, 0, 0}));
  const RunResult first = RunOperation(OH_NN_OPS_ONE_HOT, in, OH_NN_FLOAT32, {3, 3}, 9 * sizeof(float),
                                       {Param{OH_NN_ONE_HOT_AXIS, OH_NN_INT64, Raw(std::vector<int64_t>{0})}});
  ASSERT_EQ(first.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<float>(first.bytes), (std::vector<float>{1, 0, 0, 0, 0, 0, 0, 1, 0}));
}

// ops_catalog #62 XTS model 2 and #87 XTS model 2 (shape-[1] x1 broadcast).
TEST(IndexOpsEndToEnd, SelectAndWhere) {
  const RunResult select = RunOperation(OH_NN_OPS_SELECT,
                                        {Operand{OH_NN_BOOL, {3}, std::vector<uint8_t>{1, 0, 0}},
                                         Operand{OH_NN_FLOAT32, {3}, Raw(std::vector<float>{1, 2, 3})},
                                         Operand{OH_NN_FLOAT32, {3}, Raw(std::vector<float>{4, 5, 6})}},
                                        OH_NN_FLOAT32, {3}, 3 * sizeof(float));
  EXPECT_TRUE(select.supported);
  ASSERT_EQ(select.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<float>(select.bytes), (std::vector<float>{1, 5, 6}));
  const RunResult where = RunOperation(OH_NN_OPS_WHERE,
                                       {Operand{OH_NN_BOOL, {3}, std::vector<uint8_t>{0, 0, 1}},
                                        Operand{OH_NN_FLOAT32, {1}, Raw(std::vector<float>{5})},
                                        Operand{OH_NN_FLOAT32, {3}, Raw(std::vector<float>{7, 8, 9})}},
                                       OH_NN_FLOAT32, {3}, 3 * sizeof(float));
  EXPECT_TRUE(where.supported);
  ASSERT_EQ(where.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<float>(where.bytes), (std::vector<float>{7, 8, 5}));
  EXPECT_EQ(where.shape, (std::vector<int32_t>{3}));
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
