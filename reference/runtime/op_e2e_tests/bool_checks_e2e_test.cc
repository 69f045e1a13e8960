// End-to-end tests of the bool checks through the OH_NN C API: OH_NN_OPS_ALL
// (-> NODE_TYPE_ALL) and OH_NN_OPS_ASSERT (-> NODE_TYPE_ASSERT). Build a
// one-operation model, check OH_NNModel_GetAvailableOperations, compile it for
// the reference device, run it with OH_NNExecutor_RunSync, and check the
// output values and shape, or the failed run of a false assertion.
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/runtime/op_e2e_tests/op_e2e_util.h"

namespace nnrt {
namespace rt {
namespace {

using e2e::As;
using e2e::Operand;
using e2e::Raw;
using e2e::ScalarParam;

// ops_catalog #77 XTS model 2: [[T,F,T],[T,T,T]], axis [1], keepDims 1 -> [[F],[T]].
TEST(BoolChecksEndToEnd, AllCatalogModel2) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_ALL,
      {Operand{OH_NN_BOOL, {2, 3}, std::vector<uint8_t>{1, 0, 1, 1, 1, 1}},
       Operand{OH_NN_INT64, {1}, Raw(std::vector<int64_t>{1}), true}},
      {ScalarParam<int64_t>(OH_NN_ALL_KEEP_DIMS, OH_NN_INT64, 1)}, {Operand{OH_NN_BOOL, {2, 1}}});
  EXPECT_EQ(r.outputs[0], (std::vector<uint8_t>{0, 1}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{2, 1}));
}

// C-665: a run-time axis with keepDims: the executor reports the dims Run derived.
TEST(BoolChecksEndToEnd, AllRunTimeAxis) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_ALL,
      {Operand{OH_NN_BOOL, {2, 2}, std::vector<uint8_t>{1, 1, 0, 1}},
       Operand{OH_NN_INT64, {1}, Raw(std::vector<int64_t>{-1})}},
      {ScalarParam<int64_t>(OH_NN_ALL_KEEP_DIMS, OH_NN_INT64, 1)}, {Operand{OH_NN_BOOL, {2, 1}}});
  EXPECT_EQ(r.outputs[0], (std::vector<uint8_t>{1, 0}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{2, 1}));
}

// ops_catalog #78 XTS models 1 and 2 in the documents' order (condition first):
// false fails the run, true passes data through.
TEST(BoolChecksEndToEnd, AssertCatalogModels) {
  const std::vector<int64_t> data = {7, 8, 9, 10, 11, 12};
  const e2e::RunResult pass = e2e::RunSupportedOperation(
      OH_NN_OPS_ASSERT,
      {Operand{OH_NN_BOOL, {1}, std::vector<uint8_t>{1}}, Operand{OH_NN_INT64, {2, 3}, Raw(data)}},
      {ScalarParam<int64_t>(OH_NN_ASSERT_SUMMARIZE, OH_NN_INT64, 2)}, {Operand{OH_NN_INT64, {2, 3}}});
  EXPECT_EQ(As<int64_t>(pass.outputs[0]), data);
  const e2e::RunResult fail = e2e::RunOperation(
      OH_NN_OPS_ASSERT,
      {Operand{OH_NN_BOOL, {1}, std::vector<uint8_t>{0}},
       Operand{OH_NN_INT64, {2, 3}, Raw(std::vector<int64_t>{1, 2, 3, 4, 5, 6})}},
      {ScalarParam<int64_t>(OH_NN_ASSERT_SUMMARIZE, OH_NN_INT64, 3)}, {Operand{OH_NN_INT64, {2, 3}}});
  EXPECT_TRUE(fail.supported);
  EXPECT_EQ(fail.build, OH_NN_SUCCESS);
  EXPECT_EQ(fail.run, OH_NN_INVALID_PARAMETER);  // NNRT_INVALID_INPUT from Run (C-668)
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
