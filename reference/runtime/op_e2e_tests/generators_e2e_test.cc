// End-to-end tests of the generated-tensor operators through the OH_NN C
// API: OH_NN_OPS_FILL (-> NODE_TYPE_FILL), OH_NN_OPS_CONSTANT_OF_SHAPE
// (-> NODE_TYPE_CONSTANT_OF_SHAPE) and OH_NN_OPS_RANGE (-> NODE_TYPE_RANGE). Build a one-operation model, check
// OH_NNModel_GetAvailableOperations, compile it for the reference device, run
// it with OH_NNExecutor_RunSync, and check the output values and the output
// shape the executor reports (the dims Run derives from a run-time shape).
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
using e2e::VectorParam;

// ops_catalog #14 [UT]: a one-element float32 value ([1]: the C API creates no
// run-time tensor of shape []) and a constant shape [2,3].
TEST(GeneratorsEndToEnd, FillConstantShape) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_FILL,
      {Operand{OH_NN_FLOAT32, {1}, Raw(std::vector<float>{2.5f})},
       Operand{OH_NN_INT32, {2}, Raw(std::vector<int32_t>{2, 3}), true}},
      {}, {Operand{OH_NN_FLOAT32, {2, 3}}});
  EXPECT_EQ(As<float>(r.outputs[0]), std::vector<float>(6, 2.5f));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{2, 3}));
}

// C-658: a run-time shape; the executor reports the dims Run derived.
TEST(GeneratorsEndToEnd, FillRunTimeShape) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_FILL,
      {Operand{OH_NN_INT64, {1}, Raw(std::vector<int64_t>{-9})},
       Operand{OH_NN_INT64, {2}, Raw(std::vector<int64_t>{3, 1})}},
      {}, {Operand{OH_NN_INT64, {3, 1}}});
  EXPECT_EQ(As<int64_t>(r.outputs[0]), (std::vector<int64_t>{-9, -9, -9}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{3, 1}));
}

// ops_catalog #68 XTS model 1 with an int32 shape: dataType 45, value 4.5 into float16.
TEST(GeneratorsEndToEnd, ConstantOfShapeCatalogModel1) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_CONSTANT_OF_SHAPE, {Operand{OH_NN_INT32, {2}, Raw(std::vector<int32_t>{2, 3})}},
      {ScalarParam<int64_t>(OH_NN_CONSTANT_OF_SHAPE_DATA_TYPE, OH_NN_INT64, 45),
       VectorParam<float>(OH_NN_CONSTANT_OF_SHAPE_VALUE, OH_NN_FLOAT32, {4.5f})},
      {Operand{OH_NN_FLOAT16, {2, 3}}});
  EXPECT_EQ(As<uint16_t>(r.outputs[0]), std::vector<uint16_t>(6, 0x4480));  // 4.5 in binary16
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{2, 3}));
}

// C-661: -2.5 into int32 rounds half away from zero.
TEST(GeneratorsEndToEnd, ConstantOfShapeInt32Value) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_CONSTANT_OF_SHAPE, {Operand{OH_NN_INT64, {1}, Raw(std::vector<int64_t>{2})}},
      {VectorParam<float>(OH_NN_CONSTANT_OF_SHAPE_VALUE, OH_NN_FLOAT32, {-2.5f})}, {Operand{OH_NN_INT32, {2}}});
  EXPECT_EQ(As<int32_t>(r.outputs[0]), (std::vector<int32_t>{-3, -3}));
}

// ops_catalog #66 XTS model 1: int32 input, start -1, limit 10, delta 4 -> [-1,3,7].
TEST(GeneratorsEndToEnd, RangeCatalogModel1) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_RANGE, {Operand{OH_NN_INT32, {3}, Raw(std::vector<int32_t>{0, 0, 0})}},
      {ScalarParam<int64_t>(OH_NN_RANGE_START, OH_NN_INT64, -1),
       ScalarParam<int64_t>(OH_NN_RANGE_LIMIT, OH_NN_INT64, 10),
       ScalarParam<int64_t>(OH_NN_RANGE_DELTA, OH_NN_INT64, 4)},
      {Operand{OH_NN_INT32, {3}}});
  EXPECT_EQ(As<int32_t>(r.outputs[0]), (std::vector<int32_t>{-1, 3, 7}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{3}));
}

// ops_catalog #66 XTS model 4 (float16; start 2) and the [UT] defaults for delta.
TEST(GeneratorsEndToEnd, RangeFloat16DefaultDelta) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_RANGE, {Operand{OH_NN_FLOAT16, {2}, Raw(std::vector<uint16_t>{0, 0})}},
      {ScalarParam<int64_t>(OH_NN_RANGE_START, OH_NN_INT64, 2),
       ScalarParam<int64_t>(OH_NN_RANGE_LIMIT, OH_NN_INT64, 5)},
      {Operand{OH_NN_FLOAT16, {3}}});
  EXPECT_EQ(As<uint16_t>(r.outputs[0]), (std::vector<uint16_t>{0x4000, 0x4200, 0x4400}));  // 2, 3, 4
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
