// End-to-end tests of the matrix-product operators through the OH_NN C API:
// OH_NN_OPS_MATMUL (-> NODE_TYPE_MATMUL_FUSION), OH_NN_OPS_FULL_CONNECTION
// (-> NODE_TYPE_FULL_CONNECTION) and OH_NN_OPS_CONV2D_TRANSPOSE
// (-> NODE_TYPE_CONV2D_TRANSPOSE_FUSION). Build a one-operation model, check
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
using e2e::Param;
using e2e::Raw;
using e2e::ScalarParam;

e2e::RunResult RunOp(OH_NN_OperationType op, const std::vector<Operand>& inputs, const std::vector<Param>& params,
                     const Operand& output) {
  return e2e::RunSupportedOperation(op, inputs, params, {output});
}

// ops_catalog #19 [UT]: X [1,1,3,2], Y [1,1,2,3], both transposes false, activation 0.
TEST(MatMulEndToEnd, CatalogModel) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_MATMUL,
          {Operand{OH_NN_FLOAT32, {1, 1, 3, 2}, Raw(std::vector<float>{1, 2, 3, 4, 5, 6})},
           Operand{OH_NN_FLOAT32, {1, 1, 2, 3}, Raw(std::vector<float>{1, 2, 3, 4, 5, 6})}},
          {ScalarParam<uint8_t>(OH_NN_MATMUL_TRANSPOSE_A, OH_NN_BOOL, false),
           ScalarParam<uint8_t>(OH_NN_MATMUL_TRANSPOSE_B, OH_NN_BOOL, false),
           ScalarParam<int8_t>(OH_NN_MATMUL_ACTIVATION_TYPE, OH_NN_INT8, 0)},
          Operand{OH_NN_FLOAT32, {1, 1, 3, 3}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{9, 12, 15, 19, 26, 33, 29, 40, 51}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{1, 1, 3, 3}));
}

// transposeB with a fused RELU (OH_NN_FUSED_RELU = 1): [1,-2] x [[3,1],[1,1]]^T.
TEST(MatMulEndToEnd, TransposeBWithRelu) {
  const e2e::RunResult r = RunOp(OH_NN_OPS_MATMUL,
                               {Operand{OH_NN_FLOAT32, {1, 2}, Raw(std::vector<float>{1, -2})},
                                Operand{OH_NN_FLOAT32, {2, 2}, Raw(std::vector<float>{3, 1, 1, 1}), true}},
                               {ScalarParam<uint8_t>(OH_NN_MATMUL_TRANSPOSE_B, OH_NN_BOOL, true),
                                ScalarParam<int8_t>(OH_NN_MATMUL_ACTIVATION_TYPE, OH_NN_INT8, 1)},
                               Operand{OH_NN_FLOAT32, {1, 2}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{1, 0}));
}

// Quantized: acc = 2*12 - 4*4 = 8, M = 0.125/0.3 -> 3 + zp 5 = 8 (C-503).
TEST(MatMulEndToEnd, QuantizedInt8) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_MATMUL,
          {Operand{OH_NN_INT8, {1, 2}, Raw(std::vector<int8_t>{3, -3}), false, {{0.5, 1}}},
           Operand{OH_NN_INT8, {2, 1}, Raw(std::vector<int8_t>{12, 4}), false, {{0.25, 0}}}},
          {}, Operand{OH_NN_INT8, {1, 1}, {}, false, {{0.3, 5}}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<int8_t>(r.outputs[0]), (std::vector<int8_t>{8}));
}

// ops_catalog #15 [UT]: x [2,2], weight [2,2] all 1, bias [0,0], hasBias true.
TEST(FullConnectionEndToEnd, CatalogModel) {
  const e2e::RunResult r = RunOp(OH_NN_OPS_FULL_CONNECTION,
                               {Operand{OH_NN_FLOAT32, {2, 2}, Raw(std::vector<float>{1, 2, 3, 4})},
                                Operand{OH_NN_FLOAT32, {2, 2}, Raw(std::vector<float>{1, 1, 1, 1}), true},
                                Operand{OH_NN_FLOAT32, {2}, Raw(std::vector<float>{0, 0}), true}},
                               {ScalarParam<int8_t>(OH_NN_FULL_CONNECTION_ACTIVATIONTYPE, OH_NN_INT8, 0),
                                ScalarParam<uint8_t>(OH_NN_FULL_CONNECTION_HAS_BIAS, OH_NN_BOOL, true)},
                               Operand{OH_NN_FLOAT32, {2, 2}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{3, 3, 7, 7}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{2, 2}));
}

// The axis param sets useAxis (ops_catalog #15): [2,3,2] from axis 1 -> K 6, y [2,1];
// the bias is added although hasBias keeps its default false (C-507).
TEST(FullConnectionEndToEnd, AxisAndBiasWithoutHasBias) {
  std::vector<float> x(12);
  for (int i = 0; i < 12; ++i) x[i] = static_cast<float>(i + 1);
  const e2e::RunResult r = RunOp(OH_NN_OPS_FULL_CONNECTION,
                               {Operand{OH_NN_FLOAT32, {2, 3, 2}, Raw(x)},
                                Operand{OH_NN_FLOAT32, {1, 6}, Raw(std::vector<float>(6, 1)), true},
                                Operand{OH_NN_FLOAT32, {1}, Raw(std::vector<float>{100}), true}},
                               {ScalarParam<int64_t>(OH_NN_FULL_CONNECTION_AXIS, OH_NN_INT64, 1)},
                               Operand{OH_NN_FLOAT32, {2, 1}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{121, 157}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{2, 1}));
}

// Per-channel int8 weights, int32 bias, RELU6 (OH_NN_FUSED_RELU6 = 2) (C-510).
TEST(FullConnectionEndToEnd, QuantizedPerChannel) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_FULL_CONNECTION,
          {Operand{OH_NN_INT8, {1, 2}, Raw(std::vector<int8_t>{1, 2}), false, {{1.0, 0}}},
           Operand{OH_NN_INT8, {2, 2}, Raw(std::vector<int8_t>{2, 2, 5, 1}), true, {{0.5, 0}, {0.25, 1}}},
           Operand{OH_NN_INT32, {2}, Raw(std::vector<int32_t>{10, -4}), true}},
          {ScalarParam<int8_t>(OH_NN_FULL_CONNECTION_ACTIVATIONTYPE, OH_NN_INT8, 2),
           ScalarParam<uint8_t>(OH_NN_FULL_CONNECTION_HAS_BIAS, OH_NN_BOOL, true)},
          Operand{OH_NN_INT8, {1, 2}, {}, false, {{0.5, 0}}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<int8_t>(r.outputs[0]), (std::vector<int8_t>{12, 0}));
}

// ops_catalog #9 [UT]: x [1,4,4,1], weight [1,2,2,1] all 1, bias 0, stride/dilation 1,
// padList [1,1,1,1], outputPaddings [0,0], group 1 (the UT's 0 is not a group), output [1,3,3,1].
TEST(Conv2DTransposeEndToEnd, CatalogModel) {
  std::vector<float> x(16);
  for (int i = 0; i < 16; ++i) x[i] = static_cast<float>(i + 1);
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_CONV2D_TRANSPOSE,
            {Operand{OH_NN_FLOAT32, {1, 4, 4, 1}, Raw(x)},
             Operand{OH_NN_FLOAT32, {1, 2, 2, 1}, Raw(std::vector<float>{1, 1, 1, 1}), true},
             Operand{OH_NN_FLOAT32, {1}, Raw(std::vector<float>{0}), true}},
            {e2e::VectorParam<int64_t>(OH_NN_CONV2D_TRANSPOSE_STRIDES, OH_NN_INT64, {1, 1}),
             e2e::VectorParam<int64_t>(OH_NN_CONV2D_TRANSPOSE_PAD, OH_NN_INT64, {1, 1, 1, 1}),
             e2e::VectorParam<int64_t>(OH_NN_CONV2D_TRANSPOSE_DILATION, OH_NN_INT64, {1, 1}),
             e2e::VectorParam<int64_t>(OH_NN_CONV2D_TRANSPOSE_OUTPUT_PADDINGS, OH_NN_INT64, {0, 0}),
             ScalarParam<int8_t>(OH_NN_CONV2D_TRANSPOSE_ACTIVATION_TYPE, OH_NN_INT8, 0),
             ScalarParam<int64_t>(OH_NN_CONV2D_TRANSPOSE_GROUP, OH_NN_INT64, 1)},
            Operand{OH_NN_FLOAT32, {1, 3, 3, 1}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{14, 18, 22, 30, 34, 38, 46, 50, 54}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{1, 3, 3, 1}));
}

// Stride 2 with a 1-column output padding, RELU (C-512, C-513): [1,10,102,20,200,0] + bias -5.
TEST(Conv2DTransposeEndToEnd, StrideOutputPaddingAndRelu) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_CONV2D_TRANSPOSE,
            {Operand{OH_NN_FLOAT32, {1, 1, 2, 1}, Raw(std::vector<float>{1, 2})},
             Operand{OH_NN_FLOAT32, {1, 1, 3, 1}, Raw(std::vector<float>{1, 10, 100}), true},
             Operand{OH_NN_FLOAT32, {1}, Raw(std::vector<float>{-5}), true}},
            {e2e::VectorParam<int64_t>(OH_NN_CONV2D_TRANSPOSE_STRIDES, OH_NN_INT64, {1, 2}),
             e2e::VectorParam<int64_t>(OH_NN_CONV2D_TRANSPOSE_PAD, OH_NN_INT64, {0, 0, 0, 0}),
             e2e::VectorParam<int64_t>(OH_NN_CONV2D_TRANSPOSE_DILATION, OH_NN_INT64, {1, 1}),
             e2e::VectorParam<int64_t>(OH_NN_CONV2D_TRANSPOSE_OUTPUT_PADDINGS, OH_NN_INT64, {0, 1}),
             ScalarParam<int8_t>(OH_NN_CONV2D_TRANSPOSE_ACTIVATION_TYPE, OH_NN_INT8, 1)},
            Operand{OH_NN_FLOAT32, {1, 1, 6, 1}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{0, 5, 97, 15, 195, 0}));
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
