// Builders of the remaining ops: Scale (#26), QuantDTypeCast (#52), Range
// (#66), LSTM (#75), Assert (#78), DetectionPostProcess (#92) (ops_catalog 4).
#include <string>

#include "reference/runtime/op_builders/op_builder.h"

namespace nnrt {
namespace rt {
namespace {

Status RequireGiven(const BuildState& state, const char* attr, const char* param) {
  if (!state.WasGiven(attr)) {
    return Status(NNRT_INVALID_PARAMETER, std::string("required parameter ") + param + " is missing");
  }
  return Status::Ok();
}

// Scale's axis has no default: OpenHarmony dereferences it unconditionally
// (ops_catalog #26), so a missing axis is rejected (docs/clarifications.md C-114).
Status ScaleAxisRequired(const BuildRequest&, BuildState* state) {
  return RequireGiven(*state, "axis", "OH_NN_SCALE_AXIS");
}

// srcT and dstT are required (ops_catalog #52; docs/clarifications.md C-114).
Status QuantCastTypesRequired(const BuildRequest&, BuildState* state) {
  NNRT_RETURN_IF_ERROR(RequireGiven(*state, "srcT", "OH_NN_QUANT_DTYPE_CAST_SRC_T"));
  return RequireGiven(*state, "dstT", "OH_NN_QUANT_DTYPE_CAST_DST_T");
}

}  // namespace

std::vector<OpBuilderSpec> MiscBuilders() {
  return {
      OpBuilderSpec{OH_NN_OPS_SCALE, "Scale", NodeType::SCALE_FUSION, 3, 3, 1, 1,
                    {},
                    {{OH_NN_SCALE_AXIS, ReadInt64Scalar, "axis"},
                     {OH_NN_SCALE_ACTIVATIONTYPE, ReadFuseType, "activationType"}},
                    2, ScaleAxisRequired},
      // NODE_TYPE_QUANT_DTYPE_CAST (113) with the QuantDTypeCastV2 fields
      // {srcT, dstT, axis} (ops_catalog 1.4, #52).
      OpBuilderSpec{OH_NN_OPS_QUANT_DTYPE_CAST, "QuantDTypeCast", NodeType::QUANT_DTYPE_CAST, 1, 1, 1, 1,
                    {},
                    {{OH_NN_QUANT_DTYPE_CAST_SRC_T, ReadInt64First, "srcT"},
                     {OH_NN_QUANT_DTYPE_CAST_DST_T, ReadInt64First, "dstT"},
                     {OH_NN_QUANT_DTYPE_CAST_AXIS, ReadInt64First, "axis"}},
                    3, QuantCastTypesRequired},
      OpBuilderSpec{OH_NN_OPS_RANGE, "Range", NodeType::RANGE, 1, 1, 1, 1,
                    {},
                    {{OH_NN_RANGE_START, ReadInt64Scalar, "start"},
                     {OH_NN_RANGE_LIMIT, ReadInt64Scalar, "limit"},
                     {OH_NN_RANGE_DELTA, ReadInt64Scalar, "delta"}},
                    3, nullptr},
      // projSize is lowered as given; OpenHarmony reinterprets its bytes as a
      // float and loses it (ops_catalog 1.4 / #75; docs/clarifications.md C-112).
      OpBuilderSpec{OH_NN_OPS_LSTM, "LSTM", NodeType::LSTM, 6, 6, 3, 3,
                    {},
                    {{OH_NN_LSTM_BIDIRECTIONAL, ReadBoolScalar, "bidirectional"},
                     {OH_NN_LSTM_HAS_BIAS, ReadBoolScalar, "hasBias"},
                     {OH_NN_LSTM_INPUT_SIZE, ReadInt64Scalar, "inputSize"},
                     {OH_NN_LSTM_HIDDEN_SIZE, ReadInt64Scalar, "hiddenSize"},
                     {OH_NN_LSTM_NUM_LAYERS, ReadInt64Scalar, "numLayers"},
                     {OH_NN_LSTM_NUM_DIRECTIONS, ReadInt64Scalar, "numDirections"},
                     {OH_NN_LSTM_DROPOUT, ReadFloatScalar, "dropout"},
                     {OH_NN_LSTM_ZONEOUT_CELL, ReadFloatScalar, "zoneoutCell"},
                     {OH_NN_LSTM_ZONEOUT_HIDDEN, ReadFloatScalar, "zoneoutHidden"},
                     {OH_NN_LSTM_PROJ_SIZE, ReadInt64Scalar, "projSize"}},
                    10, nullptr},
      OpBuilderSpec{OH_NN_OPS_ASSERT, "Assert", NodeType::ASSERT, 2, 2, 1, 1, {},
                    {{OH_NN_ASSERT_SUMMARIZE, ReadInt64Scalar, "summarize"}}, 1, nullptr},
      OpBuilderSpec{OH_NN_OPS_DETECTION_POST_PROCESS, "DetectionPostProcess", NodeType::DETECTION_POST_PROCESS, 3, 3,
                    4, 4,
                    {},
                    {{OH_NN_DETECTION_POST_PROCESS_INPUT_SIZE, ReadInt64Scalar, "inputSize"},
                     {OH_NN_DETECTION_POST_PROCESS_SCALE, ReadFloatList, "scale"},
                     {OH_NN_DETECTION_POST_PROCESS_NMS_IOU_THRESHOLD, ReadFloatScalar, "nmsIoUThreshold"},
                     {OH_NN_DETECTION_POST_PROCESS_NMS_SCORE_THRESHOLD, ReadFloatScalar, "nmsScoreThreshold"},
                     {OH_NN_DETECTION_POST_PROCESS_MAX_DETECTIONS, ReadInt64Scalar, "maxDetections"},
                     {OH_NN_DETECTION_POST_PROCESS_DETECTIONS_PER_CLASS, ReadInt64Scalar, "detectionsPerClass"},
                     {OH_NN_DETECTION_POST_PROCESS_MAX_CLASSES_PER_DETECTION, ReadInt64Scalar,
                      "maxClassesPerDetection"},
                     {OH_NN_DETECTION_POST_PROCESS_NUM_CLASSES, ReadInt64Scalar, "numClasses"},
                     {OH_NN_DETECTION_POST_PROCESS_USE_REGULAR_NMS, ReadBoolScalar, "useRegularNms"},
                     {OH_NN_DETECTION_POST_PROCESS_OUT_QUANTIZED, ReadBoolScalar, "outQuantized"}},
                    10, nullptr},
  };
}

}  // namespace rt
}  // namespace nnrt
