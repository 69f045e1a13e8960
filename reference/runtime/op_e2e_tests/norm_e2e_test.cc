// End-to-end tests of the normalisations and the scale family through the
// OH_NN C API: OH_NN_OPS_LAYER_NORM (-> LAYER_NORM_FUSION), OH_NN_OPS_BATCH_NORM
// (-> FUSED_BATCH_NORM), OH_NN_OPS_INSTANCE_NORM (-> INSTANCE_NORM),
// OH_NN_OPS_SCALE (-> SCALE_FUSION), OH_NN_OPS_BIAS_ADD (-> BIAS_ADD) and
// OH_NN_OPS_L2_NORMALIZE (-> L2_NORMALIZE_FUSION).
// Build a one-operation model, check OH_NNModel_GetAvailableOperations,
// compile it for the reference device, run it and check values and shape.
#include <cmath>
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
using e2e::StrictScalarParam;

e2e::RunResult RunOp(OH_NN_OperationType op, const std::vector<Operand>& inputs, const std::vector<Param>& params,
                     const Operand& output) {
  return e2e::RunSupportedOperation(op, inputs, params, {output});
}

Operand F32(std::vector<int32_t> shape, std::vector<float> values, bool constant = false) {
  return Operand{OH_NN_FLOAT32, std::move(shape), Raw(values), constant};
}

// ops_catalog #49 [UT]: x [2,3], gamma/beta [3], beginNormAxis 1, epsilon 0,
// beginParamsAxis 1; row [1,2,3] has population variance 2/3 (C-572).
TEST(LayerNormEndToEnd, CatalogModel) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_LAYER_NORM,
            {F32({2, 3}, {1, 2, 3, 4, 4, 4}), F32({3}, {1, 1, 1}, true), F32({3}, {0, 0, 0}, true)},
            {StrictScalarParam<int64_t>(OH_NN_LAYER_NORM_BEGIN_NORM_AXIS, OH_NN_INT64, 1),
             StrictScalarParam<float>(OH_NN_LAYER_NORM_EPSILON, OH_NN_FLOAT32, 0.0f),
             StrictScalarParam<int64_t>(OH_NN_LAYER_NORM_BEGIN_PARAM_AXIS, OH_NN_INT64, 1)},
            F32({2, 3}, {}));
  ASSERT_EQ(r.outputs.size(), 1u);
  const float s = static_cast<float>(std::sqrt(1.5));
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{-s, 0, s, 0, 0, 0}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{2, 3}));
}

// beginNormAxis 2 on [1,2,2] with the builder's gamma shape [2]: the lowered
// beginParamsAxis must then be given as 2 as well (C-570).
TEST(LayerNormEndToEnd, LastAxisWithEpsilonAndQuantized) {
  e2e::RunResult r = RunOp(OH_NN_OPS_LAYER_NORM,
                           {F32({1, 2, 2}, {1, 3, 2, 2}), F32({2}, {2, 2}, true), F32({2}, {1, 0}, true)},
                           {StrictScalarParam<int64_t>(OH_NN_LAYER_NORM_BEGIN_NORM_AXIS, OH_NN_INT64, 2),
                            StrictScalarParam<float>(OH_NN_LAYER_NORM_EPSILON, OH_NN_FLOAT32, 3.0f),
                            StrictScalarParam<int64_t>(OH_NN_LAYER_NORM_BEGIN_PARAM_AXIS, OH_NN_INT64, 2)},
                           F32({1, 2, 2}, {}));
  ASSERT_EQ(r.outputs.size(), 1u);
  // Row [1,3]: variance 1 + 3 -> (x-2)/2*2 + beta; row [2,2]: constant -> beta.
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{0, 1, 1, 0}));
  // int8 (C-575): DQ x [1,3], gamma [1,1], beta [0,1] -> [-1, 2] -> [-13, 17].
  r = RunOp(OH_NN_OPS_LAYER_NORM,
            {Operand{OH_NN_INT8, {1, 2}, Raw(std::vector<int8_t>{2, 6}), false, {{0.5, 0}}},
             Operand{OH_NN_INT8, {2}, Raw(std::vector<int8_t>{4, 4}), true, {{0.25, 0}}},
             Operand{OH_NN_INT8, {2}, Raw(std::vector<int8_t>{0, 4}), true, {{0.25, 0}}}},
            {StrictScalarParam<float>(OH_NN_LAYER_NORM_EPSILON, OH_NN_FLOAT32, 0.0f)},
            Operand{OH_NN_INT8, {1, 2}, {}, false, {{0.1, -3}}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<int8_t>(r.outputs[0]), (std::vector<int8_t>{-13, 17}));
}

// ops_catalog #3: channel-last statistics; epsilon under the root (C-576, C-577).
TEST(BatchNormEndToEnd, ChannelLastWithEpsilon) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_BATCH_NORM,
            {F32({2, 2}, {1, 2, 3, 4}), F32({2}, {1, 2}, true), F32({2}, {0.5, -1}, true), F32({2}, {2, 3}, true),
             F32({2}, {3.75, 0.75}, true)},
            {ScalarParam<float>(OH_NN_BATCH_NORM_EPSILON, OH_NN_FLOAT32, 0.25f)}, F32({2, 2}, {}));
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{0, -3, 1, 1}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{2, 2}));
}

// Quantized (C-575): DQ -> [1.5, -3] -> /0.25 + 128.
TEST(BatchNormEndToEnd, QuantizedUint8) {
  auto u8 = [](std::vector<uint8_t> v, bool constant) {
    return Operand{OH_NN_UINT8, {static_cast<int32_t>(v.size())}, Raw(v), constant, {{0.5, 10}}};
  };
  Operand x = u8({16, 10}, false);
  x.shape = {1, 2};
  const e2e::RunResult r = RunOp(OH_NN_OPS_BATCH_NORM,
                                 {x, u8({12, 14}, true), u8({11, 8}, true), u8({12, 12}, true), u8({18, 12}, true)},
                                 {ScalarParam<float>(OH_NN_BATCH_NORM_EPSILON, OH_NN_FLOAT32, 0.0f)},
                                 Operand{OH_NN_UINT8, {1, 2}, {}, false, {{0.25, 128}}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<uint8_t>(r.outputs[0]), (std::vector<uint8_t>{134, 116}));
}

// ops_catalog #67 [XTS] Model1 (with the documented output shape): all 1, scale
// = bias = [1,0,0], epsilon 1e-6 -> channel 0 is 1, channels 1-2 are 0 (C-578).
TEST(InstanceNormEndToEnd, XtsModel1) {
  std::vector<float> expected(24, 0.0f);
  for (int n = 0; n < 2; ++n) {
    for (int i = 0; i < 4; ++i) expected[static_cast<size_t>(n * 12 + i)] = 1.0f;
  }
  const e2e::RunResult r = RunOp(OH_NN_OPS_INSTANCE_NORM,
                                 {F32({2, 3, 2, 2}, std::vector<float>(24, 1.0f)), F32({3}, {1, 0, 0}, true),
                                  F32({3}, {1, 0, 0}, true)},
                                 {ScalarParam<float>(OH_NN_INSTANCE_NORM_EPSILON, OH_NN_FLOAT32, 1e-6f)},
                                 F32({2, 3, 2, 2}, {}));
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), expected);
}

// Default epsilon 0.0; channel dim 1 of [N, C, D] (C-578).
TEST(InstanceNormEndToEnd, ChannelDimOneDefaultEpsilon) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_INSTANCE_NORM,
            {F32({1, 2, 2}, {1, 3, 10, 30}), F32({2}, {1, 2}, true), F32({2}, {0, 1}, true)}, {}, F32({1, 2, 2}, {}));
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{-1, 1, -1, 3}));
}

// ops_catalog #26 [UT] shapes: x [1,4,1,1], axis 1, activation 0 (C-579).
TEST(ScaleEndToEnd, CatalogModel) {
  const e2e::RunResult r = RunOp(OH_NN_OPS_SCALE,
                                 {F32({1, 4, 1, 1}, {1, 2, 3, 4}), F32({4}, {2, 2, 2, 2}, true),
                                  F32({4}, {1, 0, -1, 0}, true)},
                                 {ScalarParam<int64_t>(OH_NN_SCALE_AXIS, OH_NN_INT64, 1),
                                  ScalarParam<int8_t>(OH_NN_SCALE_ACTIVATIONTYPE, OH_NN_INT8, 0)},
                                 F32({1, 4, 1, 1}, {}));
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{3, 4, 5, 8}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{1, 4, 1, 1}));
}

// Quantized with OH_NN_FUSED_RELU6 (2 -> HDI RELU6) (C-580).
TEST(ScaleEndToEnd, QuantizedRelu6) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_SCALE,
            {Operand{OH_NN_INT8, {1, 3}, Raw(std::vector<int8_t>{2, -4, 10}), false, {{0.5, 0}}},
             Operand{OH_NN_INT8, {3}, Raw(std::vector<int8_t>{4, 4, 8}), true, {{0.25, 0}}},
             Operand{OH_NN_INT8, {3}, Raw(std::vector<int8_t>{1, 0, 0}), true, {{0.25, 0}}}},
            {ScalarParam<int64_t>(OH_NN_SCALE_AXIS, OH_NN_INT64, -1),
             ScalarParam<int8_t>(OH_NN_SCALE_ACTIVATIONTYPE, OH_NN_INT8, 2)},
            Operand{OH_NN_INT8, {1, 3}, {}, false, {{0.125, 0}}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<int8_t>(r.outputs[0]), (std::vector<int8_t>{10, 0, 48}));
}

// ops_catalog #5 [UT] shapes: x [2,3] + bias [3] along the last axis (C-581).
TEST(BiasAddEndToEnd, CatalogModel) {
  const e2e::RunResult r = RunOp(OH_NN_OPS_BIAS_ADD,
                                 {F32({2, 3}, {1, 2, 3, 4, 5, 6}), F32({3}, {10, 20, 30}, true)}, {}, F32({2, 3}, {}));
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{11, 22, 33, 14, 25, 36}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{2, 3}));
}

// Quantized (C-582): [1.75, -0.75] / 0.5 + 128 = [131.5, 126.5] -> RHA after the zero point [132, 127].
TEST(BiasAddEndToEnd, QuantizedUint8) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_BIAS_ADD,
            {Operand{OH_NN_UINT8, {1, 2}, Raw(std::vector<uint8_t>{130, 126}), false, {{0.5, 128}}},
             Operand{OH_NN_UINT8, {2}, Raw(std::vector<uint8_t>{131, 129}), true, {{0.25, 128}}}},
            {}, Operand{OH_NN_UINT8, {1, 2}, {}, false, {{0.5, 128}}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<uint8_t>(r.outputs[0]), (std::vector<uint8_t>{132, 127}));
}

// ops_catalog #94 [XTS] Model1: axis [1], epsilon 1e-10 (C-585, C-586).
TEST(L2NormalizeEndToEnd, XtsModel1) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_L2_NORMALIZE, {F32({2, 3}, {-1, -2, -3, 4, 5, 6})},
            {e2e::VectorParam<int64_t>(OH_NN_L2_NORMALIZE_AXIS, OH_NN_INT64, {1}),
             ScalarParam<float>(OH_NN_L2_NORMALIZE_EPSILON, OH_NN_FLOAT32, 1e-10f)},
            F32({2, 3}, {}));
  ASSERT_EQ(r.outputs.size(), 1u);
  const double a = std::sqrt(14.0), b = std::sqrt(77.0);
  std::vector<float> want;
  for (double v : {-1 / a, -2 / a, -3 / a, 4 / b, 5 / b, 6 / b}) want.push_back(static_cast<float>(v));
  EXPECT_EQ(As<float>(r.outputs[0]), want);
}

// The builder default axis [] normalises everything; OH_NN_FUSED_RELU (1).
TEST(L2NormalizeEndToEnd, DefaultAxesWithRelu) {
  const e2e::RunResult r =
      RunOp(OH_NN_OPS_L2_NORMALIZE, {F32({2, 2}, {-3, 0, 0, 4})},
            {ScalarParam<int8_t>(OH_NN_L2_NORMALIZE_ACTIVATION_TYPE, OH_NN_INT8, 1)}, F32({2, 2}, {}));
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{0, 0, 0, 0.8f}));
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
