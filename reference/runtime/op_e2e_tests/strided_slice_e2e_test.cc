// End-to-end tests of the strided data movement operators through the OH_NN C
// API: OH_NN_OPS_STRIDED_SLICE (-> NODE_TYPE_STRIDED_SLICE) and
// OH_NN_OPS_SPARSE_TO_DENSE (-> NODE_TYPE_SPARSE_TO_DENSE). Build a
// one-operation model, check OH_NNModel_GetAvailableOperations, compile it for
// the reference device, run it with OH_NNExecutor_RunSync, and check the
// output values and the output shape the executor reports.
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "reference/runtime/op_e2e_tests/op_e2e_util.h"

namespace nnrt {
namespace rt {
namespace {

using e2e::As;
using e2e::Operand;
using e2e::Raw;
using e2e::ScalarParam;

const std::vector<float> kTfX = {1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6};

// The ops_catalog [UT] shapes ([3,2,3] -> [1,2,2], masks 0) with constant
// int32 begin/end/strides and every mask param given as 0.
TEST(StridedSliceEndToEnd, CatalogShapesMasksZero) {
  std::vector<e2e::Param> masks;
  for (OH_NN_TensorType t : {OH_NN_STRIDED_SLICE_BEGIN_MASK, OH_NN_STRIDED_SLICE_END_MASK,
                             OH_NN_STRIDED_SLICE_ELLIPSIS_MASK, OH_NN_STRIDED_SLICE_NEW_AXIS_MASK,
                             OH_NN_STRIDED_SLICE_SHRINK_AXIS_MASK}) {
    masks.push_back(ScalarParam<int64_t>(t, OH_NN_INT64, 0));
  }
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_STRIDED_SLICE,
      {Operand{OH_NN_FLOAT32, {3, 2, 3}, Raw(kTfX)}, Operand{OH_NN_INT32, {3}, Raw(std::vector<int32_t>{1, 0, 0}), true},
       Operand{OH_NN_INT32, {3}, Raw(std::vector<int32_t>{2, 2, 3}), true},
       Operand{OH_NN_INT32, {3}, Raw(std::vector<int32_t>{1, 1, 2}), true}},
      masks, {Operand{OH_NN_FLOAT32, {1, 2, 2}}});
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{3, 3, 4, 4}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{1, 2, 2}));
}

// Run-time int64 begin/end/strides with a shrunk entry (x[:, -1], C-618) and a
// negative stride (C-617): the output dims come from Run (C-620).
TEST(StridedSliceEndToEnd, RunTimeEntriesShrinkAndReverse) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_STRIDED_SLICE,
      {Operand{OH_NN_FLOAT32, {3, 2, 3}, Raw(kTfX)}, Operand{OH_NN_INT64, {2}, Raw(std::vector<int64_t>{-1, -1})},
       Operand{OH_NN_INT64, {2}, Raw(std::vector<int64_t>{0, 0})},
       Operand{OH_NN_INT64, {2}, Raw(std::vector<int64_t>{-2, 1})}},
      {ScalarParam<int64_t>(OH_NN_STRIDED_SLICE_SHRINK_AXIS_MASK, OH_NN_INT64, 2),
       ScalarParam<int64_t>(OH_NN_STRIDED_SLICE_END_MASK, OH_NN_INT64, 1)},
      {Operand{OH_NN_FLOAT32, {2, 3}}});
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{6, 6, 6, 2, 2, 2}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{2, 3}));
}

// int8 quantized x with a new axis and an ellipsis: x[newaxis, ...], codes
// and params carried (C-350).
TEST(StridedSliceEndToEnd, QuantizedNewAxisEllipsis) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_STRIDED_SLICE,
      {Operand{OH_NN_INT8, {2, 2}, Raw(std::vector<int8_t>{-128, -1, 0, 127}), false, {{0.5, -1}}},
       Operand{OH_NN_INT32, {2}, Raw(std::vector<int32_t>{0, 0}), true},
       Operand{OH_NN_INT32, {2}, Raw(std::vector<int32_t>{0, 0}), true},
       Operand{OH_NN_INT32, {2}, Raw(std::vector<int32_t>{1, 1}), true}},
      {ScalarParam<int64_t>(OH_NN_STRIDED_SLICE_NEW_AXIS_MASK, OH_NN_INT64, 1),
       ScalarParam<int64_t>(OH_NN_STRIDED_SLICE_ELLIPSIS_MASK, OH_NN_INT64, 2)},
      {Operand{OH_NN_INT8, {1, 2, 2}, {}, false, {{0.5, -1}}}});
  EXPECT_EQ(As<int8_t>(r.outputs[0]), (std::vector<int8_t>{-128, -1, 0, 127}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{1, 2, 2}));
}

// XTS Model3 with int32 constant indices and sparseShape (ops_catalog #88).
TEST(StridedSliceEndToEnd, SparseToDenseCatalogModel3) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_SPARSE_TO_DENSE,
      {Operand{OH_NN_INT32, {2, 2}, Raw(std::vector<int32_t>{1, 0, 0, 3}), true},
       Operand{OH_NN_FLOAT32, {2}, Raw(std::vector<float>{9, 10})},
       Operand{OH_NN_INT32, {2}, Raw(std::vector<int32_t>{3, 4}), true}},
      {}, {Operand{OH_NN_FLOAT32, {3, 4}}});
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{0, 0, 0, 10, 9, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{3, 4}));
}

// Run-time int64 indices and sparseShape, one value for every index, a later
// duplicate overwriting (C-621..C-623): the dims come from Run.
TEST(StridedSliceEndToEnd, SparseToDenseRunTimeShape) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_SPARSE_TO_DENSE,
      {Operand{OH_NN_INT64, {2, 1}, Raw(std::vector<int64_t>{2, 0})},
       Operand{OH_NN_INT32, {1}, Raw(std::vector<int32_t>{-7})},
       Operand{OH_NN_INT64, {1}, Raw(std::vector<int64_t>{4})}},
      {}, {Operand{OH_NN_INT32, {4}}});
  EXPECT_EQ(As<int32_t>(r.outputs[0]), (std::vector<int32_t>{-7, 0, -7, 0}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{4}));
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
