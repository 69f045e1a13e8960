// End-to-end tests of the axis-driven data movement operators through the
// OH_NN C API: OH_NN_OPS_RESHAPE (-> NODE_TYPE_RESHAPE), OH_NN_OPS_TRANSPOSE
// (-> TRANSPOSE), OH_NN_OPS_CONCAT (-> CONCAT), OH_NN_OPS_SPLIT (-> SPLIT), OH_NN_OPS_STACK (-> STACK),
// OH_NN_OPS_UNSTACK (-> UNSTACK), OH_NN_OPS_FLATTEN (-> FLATTEN),
// OH_NN_OPS_SQUEEZE (-> SQUEEZE), OH_NN_OPS_UNSQUEEZE (-> UNSQUEEZE) and
// OH_NN_OPS_EXPAND_DIMS (-> EXPAND_DIMS), OH_NN_OPS_SHAPE (-> SHAPE),
// OH_NN_OPS_RANK (-> RANK), OH_NN_OPS_BROADCAST_TO (-> BROADCAST_TO) and
// OH_NN_OPS_TILE (-> TILE_FUSION). Build a one-operation model, check
// OH_NNModel_GetAvailableOperations, compile it for the reference device, run
// it with OH_NNExecutor_RunSync, and check every output's values and shape.
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
using e2e::Param;
using e2e::Raw;
using e2e::ScalarParam;
using e2e::VectorParam;

e2e::RunResult RunOp(OH_NN_OperationType op, const std::vector<Operand>& inputs, const std::vector<Param>& params,
                     const std::vector<Operand>& outputs) {
  return e2e::RunSupportedOperation(op, inputs, params, outputs);
}

Operand F32(std::vector<int32_t> shape, std::vector<float> values = {}) {
  return Operand{OH_NN_FLOAT32, std::move(shape), Raw(values)};
}

// RESHAPE: [2,3] -> [3,2] by a constant int64 shape input; the bytes are kept.
TEST(DataMovementEndToEnd, Reshape) {
  const e2e::RunResult r = RunOp(OH_NN_OPS_RESHAPE,
                                 {F32({2, 3}, {1, 2, 3, 4, 5, 6}),
                                  Operand{OH_NN_INT64, {2}, Raw(std::vector<int64_t>{3, 2}), true}},
                                 {}, {F32({3, 2})});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{3, 2}));
}

// ops_catalog #41 [UT]: [2,3] -> [3,2], perm a constant int32 input.
TEST(DataMovementEndToEnd, Transpose) {
  const e2e::RunResult r = RunOp(OH_NN_OPS_TRANSPOSE,
                                 {F32({2, 3}, {1, 2, 3, 4, 5, 6}),
                                  Operand{OH_NN_INT32, {2}, Raw(std::vector<int32_t>{1, 0}), true}},
                                 {}, {F32({3, 2})});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{1, 4, 2, 5, 3, 6}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{3, 2}));
}

// Quantized int8 through the C API: equal params, codes copied (C-600).
TEST(DataMovementEndToEnd, TransposeQuantizedInt8) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_TRANSPOSE,
            {Operand{OH_NN_INT8, {2, 2}, Raw(std::vector<int8_t>{-128, 1, 2, 127}), false, {{0.5, 3}}},
             Operand{OH_NN_INT64, {2}, Raw(std::vector<int64_t>{1, 0}), true}},
            {}, {Operand{OH_NN_INT8, {2, 2}, {}, false, {{0.5, 3}}}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<int8_t>(r.outputs[0]), (std::vector<int8_t>{-128, 2, 1, 127}));
}

// ops_catalog #7: two [2,2] along OH_NN_CONCAT_AXIS -1 (C-602).
TEST(DataMovementEndToEnd, Concat) {
  const e2e::RunResult r = RunOp(OH_NN_OPS_CONCAT, {F32({2, 2}, {1, 2, 3, 4}), F32({2, 1}, {5, 6})},
                                 {ScalarParam<int64_t>(OH_NN_CONCAT_AXIS, OH_NN_INT64, -1)}, {F32({2, 3})});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{1, 2, 5, 3, 4, 6}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{2, 3}));
}

// ops_catalog #32 [UT] params: [2,4], outputNum 2, sizeSplits [0,0], axis 0;
// and explicit sizes [1,3] along axis 1.
TEST(DataMovementEndToEnd, Split) {
  const std::vector<float> x{1, 2, 3, 4, 5, 6, 7, 8};
  const e2e::RunResult equal = RunOp(OH_NN_OPS_SPLIT, {F32({2, 4}, x)},
                                     {ScalarParam<int64_t>(OH_NN_SPLIT_OUTPUT_NUM, OH_NN_INT64, 2),
                                      VectorParam<int64_t>(OH_NN_SPLIT_SIZE_SPLITS, OH_NN_INT64, {0, 0}),
                                      ScalarParam<int64_t>(OH_NN_SPLIT_AXIS, OH_NN_INT64, 0)},
                                     {F32({1, 4}), F32({1, 4})});
  ASSERT_EQ(equal.outputs.size(), 2u);
  EXPECT_EQ(As<float>(equal.outputs[1]), (std::vector<float>{5, 6, 7, 8}));
  const e2e::RunResult sized = RunOp(OH_NN_OPS_SPLIT, {F32({2, 4}, x)},
                                     {VectorParam<int64_t>(OH_NN_SPLIT_SIZE_SPLITS, OH_NN_INT64, {1, 3}),
                                      ScalarParam<int64_t>(OH_NN_SPLIT_AXIS, OH_NN_INT64, 1)},
                                     {F32({2, 1}), F32({2, 3})});
  ASSERT_EQ(sized.outputs.size(), 2u);
  EXPECT_EQ(As<float>(sized.outputs[0]), (std::vector<float>{1, 5}));
  EXPECT_EQ(As<float>(sized.outputs[1]), (std::vector<float>{2, 3, 4, 6, 7, 8}));
  EXPECT_EQ(sized.shapes[1], (std::vector<int32_t>{2, 3}));
}

// ops_catalog #36 [UT]: two [2] along axis 1 -> [2,2]; #57 XTS model 1.
TEST(DataMovementEndToEnd, StackAndUnstack) {
  const e2e::RunResult s = RunOp(OH_NN_OPS_STACK, {F32({2}, {1, 2}), F32({2}, {3, 4})},
                                 {ScalarParam<int64_t>(OH_NN_STACK_AXIS, OH_NN_INT64, 1)}, {F32({2, 2})});
  ASSERT_EQ(s.outputs.size(), 1u);
  EXPECT_EQ(As<float>(s.outputs[0]), (std::vector<float>{1, 3, 2, 4}));
  const e2e::RunResult u = RunOp(OH_NN_OPS_UNSTACK, {F32({3, 2}, {1, 2, 3, 4, 5, 6})},
                                 {ScalarParam<int64_t>(OH_NN_UNSTACK_AXIS, OH_NN_INT64, -1)}, {F32({3}), F32({3})});
  ASSERT_EQ(u.outputs.size(), 2u);
  EXPECT_EQ(As<float>(u.outputs[0]), (std::vector<float>{1, 3, 5}));
  EXPECT_EQ(As<float>(u.outputs[1]), (std::vector<float>{2, 4, 6}));
  EXPECT_EQ(u.shapes[1], (std::vector<int32_t>{3}));
}

// FLATTEN [1,2,2,1] axis 0 -> [1,4] (C-607); SQUEEZE [3,2,1] axis [2];
// UNSQUEEZE [1,5,1] axis 1; EXPAND_DIMS [2,3] with a constant axis -1.
TEST(DataMovementEndToEnd, RankChanges) {
  const e2e::RunResult f = RunOp(OH_NN_OPS_FLATTEN, {F32({1, 2, 2, 1}, {1, 2, 3, 4})},
                                 {ScalarParam<int64_t>(OH_NN_FLATTEN_AXIS, OH_NN_INT64, 0)}, {F32({1, 4})});
  ASSERT_EQ(f.outputs.size(), 1u);
  EXPECT_EQ(f.shapes[0], (std::vector<int32_t>{1, 4}));
  EXPECT_EQ(As<float>(f.outputs[0]), (std::vector<float>{1, 2, 3, 4}));
  const e2e::RunResult s = RunOp(OH_NN_OPS_SQUEEZE, {F32({3, 2, 1}, {1, 2, 3, 4, 5, 6})},
                                 {VectorParam<int64_t>(OH_NN_SQUEEZE_AXIS, OH_NN_INT64, {2})}, {F32({3, 2})});
  ASSERT_EQ(s.outputs.size(), 1u);
  EXPECT_EQ(s.shapes[0], (std::vector<int32_t>{3, 2}));
  EXPECT_EQ(As<float>(s.outputs[0]), (std::vector<float>{1, 2, 3, 4, 5, 6}));
  const e2e::RunResult u = RunOp(OH_NN_OPS_UNSQUEEZE, {F32({1, 5, 1}, {1, 2, 3, 4, 5})},
                                 {ScalarParam<int64_t>(OH_NN_UNSQUEEZE_AXIS, OH_NN_INT64, 1)}, {F32({1, 1, 5, 1})});
  ASSERT_EQ(u.outputs.size(), 1u);
  EXPECT_EQ(u.shapes[0], (std::vector<int32_t>{1, 1, 5, 1}));
  const e2e::RunResult e = RunOp(OH_NN_OPS_EXPAND_DIMS,
                                 {F32({2, 3}, {1, 2, 3, 4, 5, 6}),
                                  Operand{OH_NN_INT32, {}, Raw(std::vector<int32_t>{-1}), true}},
                                 {}, {F32({2, 3, 1})});
  ASSERT_EQ(e.outputs.size(), 1u);
  EXPECT_EQ(e.shapes[0], (std::vector<int32_t>{2, 3, 1}));
  EXPECT_EQ(As<float>(e.outputs[0]), (std::vector<float>{1, 2, 3, 4, 5, 6}));
}

// ops_catalog #27 [UT] input [1,2,3,1] (int32 output, C-611); #98 XTS model 2.
// An NN_TensorDesc cannot have an empty shape, so RANK's scalar output is
// declared and bound as [1] (one element, the bytes the executor fills).
TEST(DataMovementEndToEnd, ShapeAndRank) {
  const e2e::RunResult s =
      RunOp(OH_NN_OPS_SHAPE, {F32({1, 2, 3, 1}, std::vector<float>(6, 1.0f))}, {}, {Operand{OH_NN_INT32, {4}}});
  ASSERT_EQ(s.outputs.size(), 1u);
  EXPECT_EQ(As<int32_t>(s.outputs[0]), (std::vector<int32_t>{1, 2, 3, 1}));
  EXPECT_EQ(s.shapes[0], (std::vector<int32_t>{4}));
  const e2e::RunResult r = RunOp(OH_NN_OPS_RANK, {F32({1, 2, 3, 4, 5}, std::vector<float>(120, 1.0f))}, {},
                                 {Operand{OH_NN_INT32, {1}}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<int32_t>(r.outputs[0]), (std::vector<int32_t>{5}));
}

// ops_catalog #69 [UT]: [1,3] to OH_NN_BROADCAST_TO_SHAPE [2,3]; #40 [UT]:
// [2,2] with constant multiples [2,2] and OH_NN_TILE_DIMS [0] -> [4,4].
TEST(DataMovementEndToEnd, BroadcastToAndTile) {
  const e2e::RunResult b = RunOp(OH_NN_OPS_BROADCAST_TO, {F32({1, 3}, {1, 2, 3})},
                                 {VectorParam<int64_t>(OH_NN_BROADCAST_TO_SHAPE, OH_NN_INT64, {2, 3})}, {F32({2, 3})});
  ASSERT_EQ(b.outputs.size(), 1u);
  EXPECT_EQ(As<float>(b.outputs[0]), (std::vector<float>{1, 2, 3, 1, 2, 3}));
  EXPECT_EQ(b.shapes[0], (std::vector<int32_t>{2, 3}));
  const e2e::RunResult t = RunOp(OH_NN_OPS_TILE,
                                 {F32({2, 2}, {1, 2, 3, 4}),
                                  Operand{OH_NN_INT64, {2}, Raw(std::vector<int64_t>{2, 2}), true}},
                                 {VectorParam<int64_t>(OH_NN_TILE_DIMS, OH_NN_INT64, {0})}, {F32({4, 4})});
  ASSERT_EQ(t.outputs.size(), 1u);
  EXPECT_EQ(As<float>(t.outputs[0]), (std::vector<float>{1, 2, 1, 2, 3, 4, 3, 4, 1, 2, 1, 2, 3, 4, 3, 4}));
  EXPECT_EQ(t.shapes[0], (std::vector<int32_t>{4, 4}));
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
