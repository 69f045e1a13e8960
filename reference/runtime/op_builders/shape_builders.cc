// Builders of the data-movement and shape ops (ops_catalog 4: #4, 6, 7, 13,
// 14, 16, 23, 24, 27, 29, 31, 32, 35-37, 40, 41, 43, 45, 55, 57, 64, 65, 68,
// 69, 88, 91, 98, 103, 104, 108).
#include <cstring>
#include <string>
#include <vector>

#include "reference/runtime/op_builders/op_builder.h"

namespace nnrt {
namespace rt {
namespace {

Status Reject(const ParamSpec& spec, const std::string& why) {
  return Status(NNRT_INVALID_PARAMETER, std::string(TensorTypeName(spec.tensor_type)) + ": " + why);
}

// INT64 parameter with an exact shape (SpaceToBatchND, ops_catalog #31) or an
// exact element count (BatchToSpaceND crops: 4 values are read, so fewer
// would be an out-of-bounds read; docs/clarifications.md C-116).
Status CheckInt64Shape(const ModelTensor& p, const ParamSpec& spec, size_t rank, uint64_t count) {
  if (p.data_type != OH_NN_INT64) return Reject(spec, "data type must be OH_NN_INT64");
  if (!p.has_data) return Reject(spec, "parameter has no value (call OH_NNModel_SetTensorData)");
  if (rank != 0 && p.dims.size() != rank) {
    return Reject(spec, "must have rank " + std::to_string(rank) + ", got " + std::to_string(p.dims.size()));
  }
  if (p.ElementCount() != count) {
    return Reject(spec, "must have " + std::to_string(count) + " elements, got " + std::to_string(p.ElementCount()));
  }
  return Status::Ok();
}

Status ReadBatchToSpaceCrops(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckInt64Shape(p, spec, 0, 4));
  state->Set(Attr::Int64s(spec.attr, Int64Values(p)));
  return Status::Ok();
}

Status ReadSpaceToBatchBlockShape(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckInt64Shape(p, spec, 1, 2));
  state->Set(Attr::Int64s(spec.attr, Int64Values(p)));
  return Status::Ok();
}

// Both rows of the paddings are lowered ([[p00,p01],[p10,p11]] row-major);
// OpenHarmony copies the first row twice (ops_catalog 1.4 / #31;
// docs/clarifications.md C-109).
Status ReadSpaceToBatchPaddings(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckInt64Shape(p, spec, 2, 4));
  state->Set(Attr::Int64s(spec.attr, Int64Values(p)));
  return Status::Ok();
}

// DepthToSpace mode: OH_NN_INT32, 0 -> "DCR", 1 -> "CRD"; the element count is
// not checked, the first value is used (ops_catalog #65).
Status ReadDepthToSpaceMode(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  if (p.data_type != OH_NN_INT32) return Reject(spec, "data type must be OH_NN_INT32");
  if (!p.has_data || p.data.size() < sizeof(int32_t)) return Reject(spec, "parameter has no value");
  int32_t v;
  std::memcpy(&v, p.data.data(), sizeof(v));
  if (v != 0 && v != 1) return Reject(spec, "mode must be 0 (DCR) or 1 (CRD), got " + std::to_string(v));
  state->Set(Attr::String(spec.attr, v == 0 ? "DCR" : "CRD"));
  return Status::Ok();
}

// Cast reads its target type from input 2's constant data: one integer that is
// an OH_NN_DataType value 0..12 (ops_catalog #6).
Status CastTargetType(const BuildRequest& request, BuildState*) {
  std::vector<int64_t> values;
  if (!ReadIntegerData(request.input(1), &values) || values.size() != 1) {
    return Status(NNRT_INVALID_PARAMETER, "input 2 (type) must be a constant integer scalar");
  }
  if (values[0] < OH_NN_UNKNOWN || values[0] > OH_NN_FLOAT64) {
    return Status(NNRT_INVALID_PARAMETER,
                  "input 2 (type) must hold an OH_NN_DataType 0..12, got " + std::to_string(values[0]));
  }
  return Status::Ok();
}

// PadFusion.paddings carries the pad amounts when input 2 is constant (it
// stays an input as well); OpenHarmony always lowers an empty list
// (ops_catalog 1.4 / #24; docs/clarifications.md C-110).
Status PadPaddingsFromInput(const BuildRequest& request, BuildState* state) {
  std::vector<int64_t> values;
  if (ReadIntegerData(request.input(1), &values)) state->Set(Attr::Int64s("paddings", values));
  return Status::Ok();
}

}  // namespace

std::vector<OpBuilderSpec> ShapeBuilders() {
  constexpr int8_t kPaddingModeMax = 3;              // CONSTANT, REFLECT, SYMMETRIC, RESERVED (#24)
  constexpr int8_t kCoordinateTransformModeMax = 2;  // ASYMMETRIC, ALIGN_CORNERS, HALF_PIXEL (#43)
  return {
      OpBuilderSpec{OH_NN_OPS_BATCH_TO_SPACE_ND, "BatchToSpaceND", NodeType::BATCH_TO_SPACE_ND, 1, 1, 1, 1,
                    {},
                    {{OH_NN_BATCH_TO_SPACE_ND_BLOCKSIZE, ReadInt64ListAppend, "blockShape"},
                     {OH_NN_BATCH_TO_SPACE_ND_CROPS, ReadBatchToSpaceCrops, "crops"}},
                    2, nullptr},
      OpBuilderSpec{OH_NN_OPS_CAST, "Cast", NodeType::CAST, 2, 2, 1, 1, {}, {}, 0, CastTargetType},
      OpBuilderSpec{OH_NN_OPS_CONCAT, "Concat", NodeType::CONCAT, 2, -1, 1, 1, {},
                    {{OH_NN_CONCAT_AXIS, ReadInt64Scalar, "axis"}}, 1, nullptr},
      NoParamOp(OH_NN_OPS_EXPAND_DIMS, "ExpandDims", NodeType::EXPAND_DIMS, 2, 1),
      NoParamOp(OH_NN_OPS_FILL, "Fill", NodeType::FILL, 2, 1),
      NoParamOp(OH_NN_OPS_GATHER, "Gather", NodeType::GATHER, 3, 1),
      OpBuilderSpec{OH_NN_OPS_ONE_HOT, "OneHot", NodeType::ONE_HOT, 4, 4, 1, 1, {},
                    {{OH_NN_ONE_HOT_AXIS, ReadInt64First, "axis"}}, 1, nullptr},
      OpBuilderSpec{OH_NN_OPS_PAD, "Pad", NodeType::PAD_FUSION, 2, 2, 1, 1,
                    {},
                    {{OH_NN_PAD_CONSTANT_VALUE, ReadFloatScalar, "constantValue"},
                     {OH_NN_PAD_PADDING_MODE, ReadInt32Enum, "paddingMode", 0, kPaddingModeMax}},
                    2, PadPaddingsFromInput},
      NoParamOp(OH_NN_OPS_SHAPE, "Shape", NodeType::SHAPE, 1, 1),
      OpBuilderSpec{OH_NN_OPS_SLICE, "Slice", NodeType::SLICE_FUSION, 3, 3, 1, 1, {},
                    {{OH_NN_SLICE_AXES, ReadInt64List, "axes"}}, 1, nullptr},
      OpBuilderSpec{OH_NN_OPS_SPACE_TO_BATCH_ND, "SpaceToBatchND", NodeType::SPACE_TO_BATCH_ND, 1, 1, 1, 1,
                    {},
                    {{OH_NN_SPACE_TO_BATCH_ND_BLOCK_SHAPE, ReadSpaceToBatchBlockShape, "blockShape"},
                     {OH_NN_SPACE_TO_BATCH_ND_PADDINGS, ReadSpaceToBatchPaddings, "paddings"}},
                    2, nullptr},
      // Split and Unstack do not compare their output count with the
      // parameters (ops_catalog #32, #57): one or more outputs.
      OpBuilderSpec{OH_NN_OPS_SPLIT, "Split", NodeType::SPLIT, 1, 1, 1, -1,
                    {},
                    {{OH_NN_SPLIT_AXIS, ReadInt64Scalar, "axis"},
                     {OH_NN_SPLIT_OUTPUT_NUM, ReadInt64Scalar, "outputNum"},
                     {OH_NN_SPLIT_SIZE_SPLITS, ReadInt64ListAppend, "sizeSplits"}},
                    3, nullptr},
      OpBuilderSpec{OH_NN_OPS_SQUEEZE, "Squeeze", NodeType::SQUEEZE, 1, 1, 1, 1, {},
                    {{OH_NN_SQUEEZE_AXIS, ReadInt64ListAppend, "axis"}}, 1, nullptr},
      OpBuilderSpec{OH_NN_OPS_STACK, "Stack", NodeType::STACK, 2, -1, 1, 1, {},
                    {{OH_NN_STACK_AXIS, ReadInt64Scalar, "axis"}}, 1, nullptr},
      OpBuilderSpec{OH_NN_OPS_STRIDED_SLICE, "StridedSlice", NodeType::STRIDED_SLICE, 4, 4, 1, 1,
                    {},
                    {{OH_NN_STRIDED_SLICE_BEGIN_MASK, ReadInt64First, "beginMask"},
                     {OH_NN_STRIDED_SLICE_END_MASK, ReadInt64First, "endMask"},
                     {OH_NN_STRIDED_SLICE_ELLIPSIS_MASK, ReadInt64First, "ellipsisMask"},
                     {OH_NN_STRIDED_SLICE_NEW_AXIS_MASK, ReadInt64First, "newAxisMask"},
                     {OH_NN_STRIDED_SLICE_SHRINK_AXIS_MASK, ReadInt64First, "shrinkAxisMask"}},
                    5, nullptr},
      OpBuilderSpec{OH_NN_OPS_TILE, "Tile", NodeType::TILE_FUSION, 2, 2, 1, 1, {},
                    {{OH_NN_TILE_DIMS, ReadInt64List, "dims"}}, 1, nullptr},
      NoParamOp(OH_NN_OPS_TRANSPOSE, "Transpose", NodeType::TRANSPOSE, 2, 1),
      NoParamOp(OH_NN_OPS_RESHAPE, "Reshape", NodeType::RESHAPE, 2, 1),
      OpBuilderSpec{OH_NN_OPS_UNSQUEEZE, "Unsqueeze", NodeType::UNSQUEEZE, 1, 1, 1, 1, {},
                    {{OH_NN_UNSQUEEZE_AXIS, ReadInt64AsList, "axis"}}, 1, nullptr},
      OpBuilderSpec{OH_NN_OPS_UNSTACK, "Unstack", NodeType::UNSTACK, 1, 1, 1, -1, {},
                    {{OH_NN_UNSTACK_AXIS, ReadInt64Scalar, "axis"}}, 1, nullptr},
      OpBuilderSpec{OH_NN_OPS_FLATTEN, "Flatten", NodeType::FLATTEN, 1, 1, 1, 1, {},
                    {{OH_NN_FLATTEN_AXIS, ReadInt64Scalar, "axis"}}, 1, nullptr},
      OpBuilderSpec{OH_NN_OPS_DEPTH_TO_SPACE, "DepthToSpace", NodeType::DEPTH_TO_SPACE, 1, 1, 1, 1,
                    {},
                    {{OH_NN_DEPTH_TO_SPACE_BLOCK_SIZE, ReadInt64Scalar, "blockSize"},
                     {OH_NN_DEPTH_TO_SPACE_MODE, ReadDepthToSpaceMode, "mode"}},
                    2, nullptr},
      OpBuilderSpec{OH_NN_OPS_SPACE_TO_DEPTH, "SpaceToDepth", NodeType::SPACE_TO_DEPTH, 1, 1, 1, 1,
                    {},
                    {{OH_NN_SPACE_TO_DEPTH_BLOCK_SIZE, ReadInt64Scalar, "blockSize"}}, 1, nullptr},
      OpBuilderSpec{OH_NN_OPS_BROADCAST_TO, "BroadcastTo", NodeType::BROADCAST_TO, 1, 1, 1, 1,
                    {}, {{OH_NN_BROADCAST_TO_SHAPE, ReadInt64List, "shape"}}, 1, nullptr},
      NoParamOp(OH_NN_OPS_SPARSE_TO_DENSE, "SparseToDense", NodeType::SPARSE_TO_DENSE, 3, 1),
      OpBuilderSpec{OH_NN_OPS_CROP, "Crop", NodeType::CROP, 2, 2, 1, 1,
                    {},
                    {{OH_NN_CROP_AXIS, ReadInt64Scalar, "axis"}, {OH_NN_CROP_OFFSET, ReadInt64List, "offset"}}, 2,
                    nullptr},
      NoParamOp(OH_NN_OPS_RANK, "Rank", NodeType::RANK, 1, 1),
      NoParamOp(OH_NN_OPS_SCATTER_ND, "ScatterND", NodeType::SCATTER_ND, 3, 1),
      NoParamOp(OH_NN_OPS_GATHER_ND, "GatherND", NodeType::GATHER_ND, 2, 1),
      OpBuilderSpec{OH_NN_OPS_RESIZE_BILINEAR, "ResizeBilinear", NodeType::RESIZE, 1, 1, 1, 1,
                    {},
                    {{OH_NN_RESIZE_BILINEAR_NEW_HEIGHT, ReadInt64Scalar, "newHeight"},
                     {OH_NN_RESIZE_BILINEAR_NEW_WIDTH, ReadInt64Scalar, "newWidth"},
                     {OH_NN_RESIZE_BILINEAR_PRESERVE_ASPECT_RATIO, ReadBoolScalar, "preserveAspectRatio"},
                     {OH_NN_RESIZE_BILINEAR_COORDINATE_TRANSFORM_MODE, ReadInt8Enum, "coordinateTransformMode", 0,
                      kCoordinateTransformModeMax},
                     {OH_NN_RESIZE_BILINEAR_EXCLUDE_OUTSIDE, ReadInt64Scalar, "excludeOutside"}},
                    5, nullptr},
      OpBuilderSpec{OH_NN_OPS_CONSTANT_OF_SHAPE, "ConstantOfShape", NodeType::CONSTANT_OF_SHAPE, 1, 1, 1, 1,
                    {},
                    {{OH_NN_CONSTANT_OF_SHAPE_DATA_TYPE, ReadInt64Scalar, "dataType"},
                     {OH_NN_CONSTANT_OF_SHAPE_VALUE, ReadFloatList, "value"}},
                    2, nullptr},
  };
}

}  // namespace rt
}  // namespace nnrt
