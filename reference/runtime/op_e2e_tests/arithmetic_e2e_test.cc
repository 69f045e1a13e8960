// End-to-end tests of the element-wise arithmetic operations through the OH_NN
// C API: OH_NN_OPS_ADD, OH_NN_OPS_SUB, OH_NN_OPS_MUL and OH_NN_OPS_DIV (->
// NODE_TYPE_ADD_FUSION, SUB_FUSION, MUL_FUSION, DIV_FUSION; docs/operators/arithmetic.md).
// Build a one-operation model, check OH_NNModel_GetAvailableOperations,
// compile it for the reference device, run it with OH_NNExecutor_RunSync, and
// check the values and reported shape.
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

// `op` on two float32 operands with fused activation `activation` (0: none, 1: RELU).
std::vector<float> RunBinary(OH_NN_OperationType op, OH_NN_TensorType activation_param, int8_t activation,
                             std::vector<int32_t> x_shape, const std::vector<float>& x, std::vector<int32_t> y_shape,
                             const std::vector<float>& y, std::vector<int32_t> out_shape) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      op, {Operand{OH_NN_FLOAT32, x_shape, Raw(x)}, Operand{OH_NN_FLOAT32, y_shape, Raw(y)}},
      {ScalarParam<int8_t>(activation_param, OH_NN_INT8, activation)}, {Operand{OH_NN_FLOAT32, out_shape}});
  if (r.outputs.size() != 1) return {};
  EXPECT_EQ(r.shapes[0], out_shape);
  return As<float>(r.outputs[0]);
}

TEST(ArithmeticEndToEnd, Add) {
  EXPECT_EQ(RunBinary(OH_NN_OPS_ADD, OH_NN_ADD_ACTIVATIONTYPE, 0, {4}, {1, 2, -3, 4}, {4}, {10, 20, 30, 40}, {4}),
            (std::vector<float>{11, 22, 27, 44}));
}

// numpy broadcasting (C-48): [2,2] + [2] adds the row to each row.
TEST(ArithmeticEndToEnd, AddBroadcastsTheSecondOperand) {
  EXPECT_EQ(RunBinary(OH_NN_OPS_ADD, OH_NN_ADD_ACTIVATIONTYPE, 0, {2, 2}, {1, 2, 3, 4}, {2}, {10, 20}, {2, 2}),
            (std::vector<float>{11, 22, 13, 24}));
}

TEST(ArithmeticEndToEnd, SubWithFusedRelu) {
  EXPECT_EQ(RunBinary(OH_NN_OPS_SUB, OH_NN_SUB_ACTIVATIONTYPE, 1, {3}, {5, 5, 0}, {3}, {1, 7, 0}, {3}),
            (std::vector<float>{4, 0, 0}));
}

TEST(ArithmeticEndToEnd, Mul) {
  EXPECT_EQ(RunBinary(OH_NN_OPS_MUL, OH_NN_MUL_ACTIVATION_TYPE, 0, {2}, {2, 3}, {2}, {4, -1}, {2}),
            (std::vector<float>{8, -3}));
}

TEST(ArithmeticEndToEnd, Div) {
  EXPECT_EQ(RunBinary(OH_NN_OPS_DIV, OH_NN_DIV_ACTIVATIONTYPE, 0, {2}, {1, -6}, {2}, {2, 3}, {2}),
            (std::vector<float>{0.5f, -2}));
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
