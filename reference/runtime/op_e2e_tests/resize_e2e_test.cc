// End-to-end test of OH_NN_OPS_RESIZE_BILINEAR (-> NODE_TYPE_RESIZE with
// method LINEAR) through the OH_NN C API: build a one-operation model, check
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

// Every param of the builder: newHeight, newWidth, preserveAspectRatio,
// coordinateTransformMode (INT8, ALIGN_CORNERS) and excludeOutside; the IDL's
// align-corners example 2x2 -> 3x3.
TEST(ResizeBilinearEndToEnd, AlignCornersWithEveryParam) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_RESIZE_BILINEAR, {Operand{OH_NN_FLOAT32, {1, 2, 2, 1}, Raw(std::vector<float>{1, 2, 3, 4})}},
      {ScalarParam<int64_t>(OH_NN_RESIZE_BILINEAR_NEW_HEIGHT, OH_NN_INT64, 3),
       ScalarParam<int64_t>(OH_NN_RESIZE_BILINEAR_NEW_WIDTH, OH_NN_INT64, 3),
       ScalarParam<uint8_t>(OH_NN_RESIZE_BILINEAR_PRESERVE_ASPECT_RATIO, OH_NN_BOOL, false),
       ScalarParam<int8_t>(OH_NN_RESIZE_BILINEAR_COORDINATE_TRANSFORM_MODE, OH_NN_INT8, 1),
       ScalarParam<int64_t>(OH_NN_RESIZE_BILINEAR_EXCLUDE_OUTSIDE, OH_NN_INT64, 0)},
      {Operand{OH_NN_FLOAT32, {1, 3, 3, 1}}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{1, 1.5f, 2, 2, 2.5f, 3, 3, 3.5f, 4}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{1, 3, 3, 1}));
}

// The default transform (ASYMMETRIC) on two channels, half-pixel upscale of a row.
TEST(ResizeBilinearEndToEnd, HalfPixelTwoChannels) {
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_RESIZE_BILINEAR, {Operand{OH_NN_FLOAT32, {1, 1, 2, 2}, Raw(std::vector<float>{1, 10, 2, 20})}},
      {ScalarParam<int64_t>(OH_NN_RESIZE_BILINEAR_NEW_HEIGHT, OH_NN_INT64, 1),
       ScalarParam<int64_t>(OH_NN_RESIZE_BILINEAR_NEW_WIDTH, OH_NN_INT64, 4),
       ScalarParam<int8_t>(OH_NN_RESIZE_BILINEAR_COORDINATE_TRANSFORM_MODE, OH_NN_INT8, 2)},
      {Operand{OH_NN_FLOAT32, {1, 1, 4, 2}}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{1, 10, 1.25f, 12.5f, 1.75f, 17.5f, 2, 20}));
}

// preserveAspectRatio: 4x6 into 3x3 keeps the ratio, 2x3 (C-707).
TEST(ResizeBilinearEndToEnd, PreserveAspectRatio) {
  std::vector<float> x;
  for (int i = 0; i < 24; ++i) x.push_back(static_cast<float>(i));
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_RESIZE_BILINEAR, {Operand{OH_NN_FLOAT32, {1, 4, 6, 1}, Raw(x)}},
      {ScalarParam<int64_t>(OH_NN_RESIZE_BILINEAR_NEW_HEIGHT, OH_NN_INT64, 3),
       ScalarParam<int64_t>(OH_NN_RESIZE_BILINEAR_NEW_WIDTH, OH_NN_INT64, 3),
       ScalarParam<uint8_t>(OH_NN_RESIZE_BILINEAR_PRESERVE_ASPECT_RATIO, OH_NN_BOOL, true)},
      {Operand{OH_NN_FLOAT32, {1, 2, 3, 1}}});
  ASSERT_EQ(r.outputs.size(), 1u);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{0, 2, 4, 12, 14, 16}));
}

// Without newHeight / newWidth the builder defaults (0) reach the device, which rejects them (C-701).
TEST(ResizeBilinearEndToEnd, MissingNewSizeIsRejected) {
  const e2e::RunResult r = e2e::RunOperation(OH_NN_OPS_RESIZE_BILINEAR,
                                             {Operand{OH_NN_FLOAT32, {1, 2, 2, 1}, Raw(std::vector<float>{1, 2, 3, 4})}},
                                             {}, {Operand{OH_NN_FLOAT32, {1, 2, 2, 1}}});
  EXPECT_FALSE(r.supported);
  EXPECT_NE(r.build, OH_NN_SUCCESS);
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
