// End-to-end tests of how parameter tensors are read through the OH_NN C API
// (C-940): a param's value is exactly the bytes given to
// OH_NNModel_SetTensorData, read as its declared data type. Eight bytes that
// hold a process address (what a model gets when the address of a container
// object is passed instead of its elements) are read as that huge integer, and
// the operation's documented value rules then refuse the model at Build; the
// same operation with the intended element bytes builds and runs.
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/runtime/op_e2e_tests/op_e2e_util.h"

namespace nnrt {
namespace rt {
namespace {

using e2e::Operand;
using e2e::Param;
using e2e::Raw;
using e2e::ScalarParam;
using e2e::VectorParam;

// A typical user-space heap address on a 64-bit Linux process: what an int64
// param holds when a pointer's bytes are copied in place of the element.
constexpr int64_t kAddressBits = 0x000055D4A3C01E20;

void ExpectRefusedAtBuild(const e2e::RunResult& r, const char* what) {
  EXPECT_FALSE(r.supported) << what;
  EXPECT_EQ(r.build, OH_NN_FAILED) << what;
}

// ALL keepDims (C-665: 0 or 1).
TEST(ParamBytesEndToEnd, AllKeepDimsIsReadAsStoredC940) {
  const std::vector<Operand> inputs = {Operand{OH_NN_BOOL, {2, 2}, std::vector<uint8_t>{1, 1, 1, 0}},
                                       Operand{OH_NN_INT64, {1}, Raw(std::vector<int64_t>{1}), true}};
  const e2e::RunResult ok = e2e::RunSupportedOperation(
      OH_NN_OPS_ALL, inputs, {ScalarParam<int64_t>(OH_NN_ALL_KEEP_DIMS, OH_NN_INT64, 0)}, {Operand{OH_NN_BOOL, {2}}});
  EXPECT_EQ(ok.outputs[0], (std::vector<uint8_t>{1, 0}));
  ExpectRefusedAtBuild(e2e::RunOperation(OH_NN_OPS_ALL, inputs,
                                         {ScalarParam<int64_t>(OH_NN_ALL_KEEP_DIMS, OH_NN_INT64, kAddressBits)},
                                         {Operand{OH_NN_BOOL, {2}}}),
                       "ALL keepDims holding an address");
}

// DEPTH_TO_SPACE / SPACE_TO_DEPTH blockSize (C-631: the output dims would not fit).
TEST(ParamBytesEndToEnd, BlockSizeIsReadAsStoredC940) {
  const std::vector<Operand> d2s_in = {Operand{OH_NN_FLOAT32, {1, 4, 1, 1}, Raw(std::vector<float>{1, 2, 3, 4})}};
  e2e::RunSupportedOperation(OH_NN_OPS_DEPTH_TO_SPACE, d2s_in,
                             {ScalarParam<int64_t>(OH_NN_DEPTH_TO_SPACE_BLOCK_SIZE, OH_NN_INT64, 2)},
                             {Operand{OH_NN_FLOAT32, {1, 1, 2, 2}}});
  ExpectRefusedAtBuild(
      e2e::RunOperation(OH_NN_OPS_DEPTH_TO_SPACE, d2s_in,
                        {ScalarParam<int64_t>(OH_NN_DEPTH_TO_SPACE_BLOCK_SIZE, OH_NN_INT64, kAddressBits)},
                        {Operand{OH_NN_FLOAT32, {1, 1, 2, 2}}}),
      "DEPTH_TO_SPACE blockSize holding an address");
  ExpectRefusedAtBuild(
      e2e::RunOperation(OH_NN_OPS_SPACE_TO_DEPTH,
                        {Operand{OH_NN_FLOAT32, {1, 1, 2, 2}, Raw(std::vector<float>{1, 2, 3, 4})}},
                        {ScalarParam<int64_t>(OH_NN_SPACE_TO_DEPTH_BLOCK_SIZE, OH_NN_INT64, kAddressBits)},
                        {Operand{OH_NN_FLOAT32, {1, 4, 1, 1}}}),
      "SPACE_TO_DEPTH blockSize holding an address");
}

// RANGE start/limit/delta (C-663, C-664): the sequence such values describe
// does not fit an int32 output, or is empty.
TEST(ParamBytesEndToEnd, RangeBoundsAreReadAsStoredC940) {
  const std::vector<Operand> in = {Operand{OH_NN_INT32, {3}, Raw(std::vector<int32_t>{0, 0, 0})}};
  e2e::RunSupportedOperation(OH_NN_OPS_RANGE, in,
                             {ScalarParam<int64_t>(OH_NN_RANGE_START, OH_NN_INT64, 0),
                              ScalarParam<int64_t>(OH_NN_RANGE_LIMIT, OH_NN_INT64, 3),
                              ScalarParam<int64_t>(OH_NN_RANGE_DELTA, OH_NN_INT64, 1)},
                             {Operand{OH_NN_INT32, {3}}});
  ExpectRefusedAtBuild(e2e::RunOperation(OH_NN_OPS_RANGE, in,
                                         {ScalarParam<int64_t>(OH_NN_RANGE_START, OH_NN_INT64, kAddressBits),
                                          ScalarParam<int64_t>(OH_NN_RANGE_LIMIT, OH_NN_INT64, kAddressBits + 64),
                                          ScalarParam<int64_t>(OH_NN_RANGE_DELTA, OH_NN_INT64, 1)},
                                         {Operand{OH_NN_INT32, {3}}}),
                       "RANGE start holding an address");
}

// BROADCAST_TO shape (C-613: every target dim is a dim, i.e. fits int32).
TEST(ParamBytesEndToEnd, BroadcastShapeIsReadAsStoredC940) {
  const std::vector<Operand> in = {Operand{OH_NN_FLOAT32, {1, 3}, Raw(std::vector<float>{1, 2, 3})}};
  e2e::RunSupportedOperation(OH_NN_OPS_BROADCAST_TO, in,
                             {VectorParam<int64_t>(OH_NN_BROADCAST_TO_SHAPE, OH_NN_INT64, {2, 3})},
                             {Operand{OH_NN_FLOAT32, {2, 3}}});
  ExpectRefusedAtBuild(e2e::RunOperation(OH_NN_OPS_BROADCAST_TO, in,
                                         {VectorParam<int64_t>(OH_NN_BROADCAST_TO_SHAPE, OH_NN_INT64, {kAddressBits})},
                                         {Operand{OH_NN_FLOAT32, {2, 3}}}),
                       "BROADCAST_TO shape holding an address");
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
