// End-to-end tests of OH_NN_OPS_TOP_K (-> NODE_TYPE_TOPK_FUSION) through the
// OH_NN C API: build a one-operation model with its two outputs, check
// OH_NNModel_GetAvailableOperations, compile it for the reference device, run
// it with OH_NNExecutor_RunSync, and check both outputs and their shapes.
#include <gtest/gtest.h>

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

// ops_catalog #53 [XTS] TopKModel: x [1,6] = [0..5], k an INT8 constant of
// shape [] = 2, sorted true; with axis -1 (C-588) -> values [5,4], indices [5,4].
TEST(TopKEndToEnd, CatalogModelLastAxis) {
  const Operand x{OH_NN_FLOAT32, {1, 6}, Raw(std::vector<float>{0, 1, 2, 3, 4, 5})};
  const Operand k{OH_NN_INT8, {}, Raw(std::vector<int8_t>{2}), true};
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_TOP_K, {x, k},
      {ScalarParam<uint8_t>(OH_NN_TOP_K_SORTED, OH_NN_BOOL, true),
       ScalarParam<int64_t>(OH_NN_TOP_K_AXIS, OH_NN_INT64, -1)},
      {Operand{OH_NN_FLOAT32, {1, 2}}, Operand{OH_NN_INT32, {1, 2}}});
  ASSERT_EQ(r.outputs.size(), 2u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{5, 4}));
  EXPECT_EQ(As<int32_t>(r.outputs[1]), (std::vector<int32_t>{5, 4}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{1, 2}));
  EXPECT_EQ(r.shapes[1], (std::vector<int32_t>{1, 2}));
}

// C-587 / C-589: k bound at run time; sorted false gives the k largest
// smallest first (ties by ascending index); the builder default axis 0.
TEST(TopKEndToEnd, RuntimeKUnsorted) {
  const Operand x{OH_NN_FLOAT32, {4, 2}, Raw(std::vector<float>{3, 0, 1, 0, 4, 2, 1, 2})};
  const Operand k{OH_NN_INT32, {1}, Raw(std::vector<int32_t>{3})};
  const e2e::RunResult r =
      e2e::RunSupportedOperation(OH_NN_OPS_TOP_K, {x, k}, {ScalarParam<uint8_t>(OH_NN_TOP_K_SORTED, OH_NN_BOOL, false)},
                                 {Operand{OH_NN_FLOAT32, {3, 2}}, Operand{OH_NN_INT64, {3, 2}}});
  ASSERT_EQ(r.outputs.size(), 2u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{1, 0, 3, 2, 4, 2}));
  EXPECT_EQ(As<int64_t>(r.outputs[1]), (std::vector<int64_t>{1, 0, 0, 2, 2, 3}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{3, 2}));
}

// C-588: the XTS model as written sets no axis; the builder default 0 makes
// k 2 larger than the axis (1): the model does not compile.
TEST(TopKEndToEnd, CatalogModelWithoutAxisIsRejected) {
  const Operand x{OH_NN_FLOAT32, {1, 6}, Raw(std::vector<float>{0, 1, 2, 3, 4, 5})};
  const Operand k{OH_NN_INT8, {}, Raw(std::vector<int8_t>{2}), true};
  const e2e::RunResult r =
      e2e::RunOperation(OH_NN_OPS_TOP_K, {x, k}, {ScalarParam<uint8_t>(OH_NN_TOP_K_SORTED, OH_NN_BOOL, true)},
                        {Operand{OH_NN_FLOAT32, {1, 2}}, Operand{OH_NN_INT32, {1, 2}}});
  EXPECT_NE(r.build, OH_NN_SUCCESS);
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
