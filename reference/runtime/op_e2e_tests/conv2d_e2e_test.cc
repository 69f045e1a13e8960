// End-to-end tests of the convolutions through the OH_NN C API:
// OH_NN_OPS_CONV2D and OH_NN_OPS_DEPTHWISE_CONV2D_NATIVE (both ->
// NODE_TYPE_CONV2D_FUSION; the depthwise builder sets group = inChannel from
// the shapes). Build a one-operation model, check
// OH_NNModel_GetAvailableOperations, compile it for the reference device, run
// it with OH_NNExecutor_RunSync, and check the values and reported shape.
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

// 3x3 input 1..9, a 2x2 all-ones kernel, VALID padding (OH_NN pad mode 1):
// each output is the sum of a 2x2 window.
TEST(Conv2DEndToEnd, ValidWindowSums) {
  std::vector<float> x(9);
  for (int i = 0; i < 9; ++i) x[i] = static_cast<float>(i + 1);
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_CONV2D,
      {Operand{OH_NN_FLOAT32, {1, 3, 3, 1}, Raw(x)},
       Operand{OH_NN_FLOAT32, {1, 2, 2, 1}, Raw(std::vector<float>{1, 1, 1, 1}), true},
       Operand{OH_NN_FLOAT32, {1}, Raw(std::vector<float>{0}), true}},
      {VectorParam<int64_t>(OH_NN_CONV2D_STRIDES, OH_NN_INT64, {1, 1}),
       VectorParam<int64_t>(OH_NN_CONV2D_DILATION, OH_NN_INT64, {1, 1}),
       ScalarParam<int8_t>(OH_NN_CONV2D_PAD_MODE, OH_NN_INT8, 1),
       ScalarParam<int64_t>(OH_NN_CONV2D_GROUP, OH_NN_INT64, 1),
       ScalarParam<int8_t>(OH_NN_CONV2D_ACTIVATION_TYPE, OH_NN_INT8, 0)},
      {Operand{OH_NN_FLOAT32, {1, 2, 2, 1}}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{12, 16, 24, 28}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{1, 2, 2, 1}));
}

// Two channels, each convolved with its own 2x2 kernel (ones; halves) plus its
// bias (0; 1): channel 0 sums 1+2+3+4, channel 1 halves 10+20+30+40 and adds 1.
TEST(DepthwiseConv2DEndToEnd, EachChannelItsOwnKernel) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_DEPTHWISE_CONV2D_NATIVE,
      {Operand{OH_NN_FLOAT32, {1, 2, 2, 2}, Raw(std::vector<float>{1, 10, 2, 20, 3, 30, 4, 40})},
       Operand{OH_NN_FLOAT32, {2, 2, 2, 1}, Raw(std::vector<float>{1, 1, 1, 1, 0.5f, 0.5f, 0.5f, 0.5f}), true},
       Operand{OH_NN_FLOAT32, {2}, Raw(std::vector<float>{0, 1}), true}},
      {VectorParam<int64_t>(OH_NN_DEPTHWISE_CONV2D_NATIVE_STRIDES, OH_NN_INT64, {1, 1}),
       VectorParam<int64_t>(OH_NN_DEPTHWISE_CONV2D_NATIVE_DILATION, OH_NN_INT64, {1, 1}),
       ScalarParam<int8_t>(OH_NN_DEPTHWISE_CONV2D_NATIVE_PAD_MODE, OH_NN_INT8, 1),
       ScalarParam<int8_t>(OH_NN_DEPTHWISE_CONV2D_NATIVE_ACTIVATION_TYPE, OH_NN_INT8, 0)},
      {Operand{OH_NN_FLOAT32, {1, 1, 1, 2}}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{10, 51}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{1, 1, 1, 2}));
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
