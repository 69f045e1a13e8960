// End-to-end test of OH_NN_OPS_DETECTION_POST_PROCESS
// (-> NODE_TYPE_DETECTION_POST_PROCESS) through the OH_NN C API: build a
// one-operation model with every parameter of ops_catalog #92, check
// OH_NNModel_GetAvailableOperations, compile it for the reference device, run
// it with OH_NNExecutor_RunSync, and check the four outputs and their shapes.
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

// Four anchors of size 1 (zero encodings decode to them): box0 [0,0,1,1],
// box1 [0,0.25,1,1.25] (IoU 0.6 with box0), box2 [3,3,4,4], box3 [0,1,1,2];
// two classes, no background column; the XTS parameters otherwise.
e2e::RunResult RunFourBoxes(bool regular) {
  const std::vector<float> anchors{0.5f, 0.5f, 1, 1, 0.5f, 0.75f, 1, 1, 3.5f, 3.5f, 1, 1, 0.5f, 1.5f, 1, 1};
  const std::vector<float> scores{0.875f, 0.25f, 0.75f, 0.625f, 0.375f, 0.5f, 0.0625f, 0.625f};
  return e2e::RunSupportedOperation(
      OH_NN_OPS_DETECTION_POST_PROCESS,
      {Operand{OH_NN_FLOAT32, {1, 4, 4}, Raw(std::vector<float>(16, 0.0f))},
       Operand{OH_NN_FLOAT32, {1, 4, 2}, Raw(scores)}, Operand{OH_NN_FLOAT32, {4, 4}, Raw(anchors)}},
      {ScalarParam<int64_t>(OH_NN_DETECTION_POST_PROCESS_INPUT_SIZE, OH_NN_INT64, 45),
       VectorParam<float>(OH_NN_DETECTION_POST_PROCESS_SCALE, OH_NN_FLOAT32, {10, 10, 5, 5}),
       ScalarParam<float>(OH_NN_DETECTION_POST_PROCESS_NMS_IOU_THRESHOLD, OH_NN_FLOAT32, 0.5f),
       ScalarParam<float>(OH_NN_DETECTION_POST_PROCESS_NMS_SCORE_THRESHOLD, OH_NN_FLOAT32, 0.1f),
       ScalarParam<int64_t>(OH_NN_DETECTION_POST_PROCESS_MAX_DETECTIONS, OH_NN_INT64, 3),
       ScalarParam<int64_t>(OH_NN_DETECTION_POST_PROCESS_DETECTIONS_PER_CLASS, OH_NN_INT64, 2),
       ScalarParam<int64_t>(OH_NN_DETECTION_POST_PROCESS_MAX_CLASSES_PER_DETECTION, OH_NN_INT64, 1),
       ScalarParam<int64_t>(OH_NN_DETECTION_POST_PROCESS_NUM_CLASSES, OH_NN_INT64, 2),
       ScalarParam<uint8_t>(OH_NN_DETECTION_POST_PROCESS_USE_REGULAR_NMS, OH_NN_BOOL, regular ? 1 : 0),
       ScalarParam<uint8_t>(OH_NN_DETECTION_POST_PROCESS_OUT_QUANTIZED, OH_NN_BOOL, 0)},
      {Operand{OH_NN_FLOAT32, {1, 3, 4}}, Operand{OH_NN_FLOAT32, {1, 3}}, Operand{OH_NN_FLOAT32, {1, 3}},
       Operand{OH_NN_FLOAT32, {1}}});
}

// Regular NMS (C-749): box0 class 0, box1 and box3 class 1 (equal scores:
// lower box index first, C-743).
TEST(DetectionEndToEnd, RegularNms) {
  const e2e::RunResult r = RunFourBoxes(true);
  ASSERT_EQ(r.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{0, 0, 1, 1, 0, 0.25f, 1, 1.25f, 0, 1, 1, 2}));
  EXPECT_EQ(As<float>(r.outputs[1]), (std::vector<float>{0, 1, 1}));
  EXPECT_EQ(As<float>(r.outputs[2]), (std::vector<float>{0.875f, 0.625f, 0.625f}));
  EXPECT_EQ(As<float>(r.outputs[3]), (std::vector<float>{3}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{1, 3, 4}));
  EXPECT_EQ(r.shapes[3], (std::vector<int32_t>{1}));
}

// Fast NMS (C-747): one class-agnostic NMS on each box's best score.
TEST(DetectionEndToEnd, FastNms) {
  const e2e::RunResult r = RunFourBoxes(false);
  ASSERT_EQ(r.run, OH_NN_SUCCESS);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{0, 0, 1, 1, 0, 1, 1, 2, 3, 3, 4, 4}));
  EXPECT_EQ(As<float>(r.outputs[1]), (std::vector<float>{0, 1, 1}));
  EXPECT_EQ(As<float>(r.outputs[2]), (std::vector<float>{0.875f, 0.625f, 0.5f}));
  EXPECT_EQ(As<float>(r.outputs[3]), (std::vector<float>{3}));
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
