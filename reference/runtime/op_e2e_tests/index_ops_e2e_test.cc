// End-to-end tests of the index-driven data movement operators through the
// OH_NN C API: OH_NN_OPS_GATHER (-> NODE_TYPE_GATHER) and OH_NN_OPS_GATHER_ND
// (-> NODE_TYPE_GATHER_ND), OH_NN_OPS_SCATTER_ND (-> NODE_TYPE_SCATTER_ND),
// OH_NN_OPS_ONE_HOT (-> NODE_TYPE_ONE_HOT), OH_NN_OPS_SELECT (-> NODE_TYPE_SELECT)
// and OH_NN_OPS_WHERE (-> NODE_TYPE_WHERE). Build a one-operation
// model, check OH_NNModel_GetAvailableOperations, compile it for the
// reference device, run it with OH_NNExecutor_RunSync, and check the output
// values and the output shape the executor reports.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/runtime/op_e2e_tests/op_e2e_util.h"

namespace nnrt {
namespace rt {
namespace {

using e2e::As;
using e2e::Operand;
using e2e::Param;
using e2e::Raw;

struct RunResult {
  bool supported = false;
  OH_NN_ReturnCode run = OH_NN_FAILED;
  std::vector<uint8_t> bytes;
  std::vector<int32_t> shape;  // as the executor reports it after the run
};

// Runs `op` with one output of `out_type` declared as `out_shape`.
RunResult RunOperation(OH_NN_OperationType op, const std::vector<Operand>& inputs, OH_NN_DataType out_type,
                       const std::vector<int32_t>& out_shape, size_t out_bytes,
                       const std::vector<Param>& params = {}) {
  const e2e::RunResult full = e2e::RunOperation(op, inputs, params, {Operand{out_type, out_shape, {}}});
  EXPECT_EQ(full.build, OH_NN_SUCCESS) << "operation " << op;
  RunResult r;
  r.supported = full.supported;
  r.run = full.run;
  if (!full.outputs.empty()) {
    r.bytes.assign(full.outputs[0].begin(), full.outputs[0].begin() + std::min(out_bytes, full.outputs[0].size()));
    r.shape = full.shapes[0];
  }
  return r;
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
                                      {e2e::ScalarParam<int64_t>(OH_NN_ONE_HOT_AXIS, OH_NN_INT64, -1)});
  EXPECT_TRUE(last.supported);
  ASSERT_EQ(last.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<float>(last.bytes), (std::vector<float>{1, 0, 0, 0, 0, 1, 0, 0, 0}));
  const RunResult first = RunOperation(OH_NN_OPS_ONE_HOT, in, OH_NN_FLOAT32, {3, 3}, 9 * sizeof(float),
                                       {e2e::ScalarParam<int64_t>(OH_NN_ONE_HOT_AXIS, OH_NN_INT64, 0)});
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
