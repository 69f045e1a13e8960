// End-to-end tests of OH_NN_OPS_LRN (-> NODE_TYPE_LRN) through the OH_NN C
// API: build a one-operation model, check OH_NNModel_GetAvailableOperations,
// compile it for the reference device, run it with OH_NNExecutor_RunSync, and
// check the values and shape.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/runtime/op_e2e_tests/op_e2e_util.h"

namespace nnrt {
namespace rt {
namespace {

using e2e::As;
using e2e::Operand;
using e2e::Raw;
using e2e::ScalarParam;

// ops_catalog #96 [XTS] LrnModel1: x [1,3,2,2] = 1..12, depthRadius 1, bias 2,
// alpha 1e-4, beta 0.75, normRegion 0. The tensor has no format: NHWC, the
// channels are the last dim (C-591); windows hold both channels (C-592).
TEST(LrnEndToEnd, CatalogModel) {
  std::vector<float> x(12);
  for (int i = 0; i < 12; ++i) x[static_cast<size_t>(i)] = static_cast<float>(i + 1);
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_LRN, {Operand{OH_NN_FLOAT32, {1, 3, 2, 2}, Raw(x)}},
      {ScalarParam<int64_t>(OH_NN_LRN_DEPTH_RADIUS, OH_NN_INT64, 1),
       ScalarParam<float>(OH_NN_LRN_BIAS, OH_NN_FLOAT32, 2),
       ScalarParam<float>(OH_NN_LRN_ALPHA, OH_NN_FLOAT32, 1e-4f),
       ScalarParam<float>(OH_NN_LRN_BETA, OH_NN_FLOAT32, 0.75f),
       ScalarParam<int32_t>(OH_NN_LRN_NORM_REGION, OH_NN_INT32, 0)},
      {Operand{OH_NN_FLOAT32, {1, 3, 2, 2}}});
  ASSERT_EQ(r.outputs.size(), 1u);
  std::vector<float> want;
  for (size_t i = 0; i < x.size(); i += 2) {
    const double s = static_cast<double>(x[i]) * x[i] + static_cast<double>(x[i + 1]) * x[i + 1];
    const double d = std::pow(2.0 + static_cast<double>(1e-4f) * s, 0.75);
    want.push_back(static_cast<float>(x[i] / d));
    want.push_back(static_cast<float>(x[i + 1] / d));
  }
  EXPECT_EQ(As<float>(r.outputs[0]), want);
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{1, 3, 2, 2}));
}

// The builder defaults (depthRadius 0, bias = alpha = beta = 0): y = x (C-593).
TEST(LrnEndToEnd, BuilderDefaultsAreTheIdentity) {
  const std::vector<float> x{-1.5f, 0, 2, 7};
  const e2e::RunResult r = e2e::RunSupportedOperation(OH_NN_OPS_LRN, {Operand{OH_NN_FLOAT32, {1, 1, 2, 2}, Raw(x)}},
                                                      {}, {Operand{OH_NN_FLOAT32, {1, 1, 2, 2}}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), x);
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
