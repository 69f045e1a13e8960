// End-to-end tests of the block/space rearrangements through the OH_NN C API:
// OH_NN_OPS_DEPTH_TO_SPACE (-> NODE_TYPE_DEPTH_TO_SPACE), OH_NN_OPS_SPACE_TO_DEPTH
// (-> NODE_TYPE_SPACE_TO_DEPTH), OH_NN_OPS_BATCH_TO_SPACE_ND (-> NODE_TYPE_BATCH_TO_SPACE_ND)
// and OH_NN_OPS_SPACE_TO_BATCH_ND (-> NODE_TYPE_SPACE_TO_BATCH_ND). Build a
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
using e2e::Param;
using e2e::Raw;
using e2e::ScalarParam;
using e2e::VectorParam;

std::vector<float> Iota(size_t n, float first) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = first + static_cast<float>(i);
  return v;
}

// The builder test's model: [1,12,1,1], blockSize 2, mode 0 (DCR). The
// builder writes format NCHW, so the channels are dim 1 (C-630).
TEST(BlockSpaceEndToEnd, DepthToSpaceDcr) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_DEPTH_TO_SPACE, {Operand{OH_NN_FLOAT32, {1, 12, 1, 1}, Raw(Iota(12, 0))}},
      {ScalarParam<int64_t>(OH_NN_DEPTH_TO_SPACE_BLOCK_SIZE, OH_NN_INT64, 2),
       ScalarParam<int32_t>(OH_NN_DEPTH_TO_SPACE_MODE, OH_NN_INT32, 0)},
      {Operand{OH_NN_FLOAT32, {1, 3, 2, 2}}});
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{1, 3, 2, 2}));
}

// Mode 1 (CRD): the channel's own block, here the identity order (C-632).
TEST(BlockSpaceEndToEnd, DepthToSpaceCrd) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_DEPTH_TO_SPACE, {Operand{OH_NN_FLOAT32, {1, 12, 1, 1}, Raw(Iota(12, 0))}},
      {ScalarParam<int64_t>(OH_NN_DEPTH_TO_SPACE_BLOCK_SIZE, OH_NN_INT64, 2),
       ScalarParam<int32_t>(OH_NN_DEPTH_TO_SPACE_MODE, OH_NN_INT32, 1)},
      {Operand{OH_NN_FLOAT32, {1, 3, 2, 2}}});
  EXPECT_EQ(As<float>(r.outputs[0]), Iota(12, 0));
}

// XTS model 1: [1,1,4,4] = 1..16, blockSize 2 -> [1,4,2,2] (DCR order, C-633).
TEST(BlockSpaceEndToEnd, SpaceToDepth) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_SPACE_TO_DEPTH, {Operand{OH_NN_FLOAT32, {1, 1, 4, 4}, Raw(Iota(16, 1))}},
      {ScalarParam<int64_t>(OH_NN_SPACE_TO_DEPTH_BLOCK_SIZE, OH_NN_INT64, 2)}, {Operand{OH_NN_FLOAT32, {1, 4, 2, 2}}});
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{1, 3, 9, 11, 2, 4, 10, 12, 5, 7, 13, 15, 6, 8, 14, 16}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{1, 4, 2, 2}));
}

// tf.batch_to_space: [8,1,3,1], blockSize [2,2], crops [[0,0],[2,0]] (C-640, C-642).
TEST(BlockSpaceEndToEnd, BatchToSpaceWithCrops) {
  const std::vector<float> x = {0, 1, 3, 0, 9, 11, 0, 2, 4, 0, 10, 12, 0, 5, 7, 0, 13, 15, 0, 6, 8, 0, 14, 16};
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_BATCH_TO_SPACE_ND, {Operand{OH_NN_FLOAT32, {8, 1, 3, 1}, Raw(x)}},
      {VectorParam<int64_t>(OH_NN_BATCH_TO_SPACE_ND_BLOCKSIZE, OH_NN_INT64, {2, 2}),
       Param{OH_NN_BATCH_TO_SPACE_ND_CROPS, OH_NN_INT64, Raw(std::vector<int64_t>{0, 0, 2, 0}), {2, 2}}},
      {Operand{OH_NN_FLOAT32, {2, 2, 4, 1}}});
  EXPECT_EQ(As<float>(r.outputs[0]), Iota(16, 1));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{2, 2, 4, 1}));
}

// tf.space_to_batch, int8: paddings [[0,0],[2,0]] filled with the zero point (C-643, C-644).
TEST(BlockSpaceEndToEnd, SpaceToBatchQuantizedPadding) {
  std::vector<int8_t> x(16);
  for (size_t i = 0; i < 16; ++i) x[i] = static_cast<int8_t>(i + 1);
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_SPACE_TO_BATCH_ND, {Operand{OH_NN_INT8, {2, 2, 4, 1}, Raw(x), false, {{0.5, -7}}}},
      {VectorParam<int64_t>(OH_NN_SPACE_TO_BATCH_ND_BLOCK_SHAPE, OH_NN_INT64, {2, 2}),
       Param{OH_NN_SPACE_TO_BATCH_ND_PADDINGS, OH_NN_INT64, Raw(std::vector<int64_t>{0, 0, 2, 0}), {2, 2}}},
      {Operand{OH_NN_INT8, {8, 1, 3, 1}, {}, false, {{0.5, -7}}}});
  EXPECT_EQ(As<int8_t>(r.outputs[0]), (std::vector<int8_t>{-7, 1, 3, -7, 9, 11, -7, 2, 4, -7, 10, 12,
                                                            -7, 5, 7, -7, 13, 15, -7, 6, 8, -7, 14, 16}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{8, 1, 3, 1}));
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
