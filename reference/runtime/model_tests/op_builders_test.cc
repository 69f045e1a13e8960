// Table-driven tests of the 108 op builders: each op builds from a valid
// parameter set and lowers to the HDI node type and attribute values written
// below by hand from ops_catalog sections 3 and 4 (never from the code);
// a parameter of the wrong data type and a wrong input count are rejected.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "reference/runtime/model_tests/model_test_util.h"
#include "reference/ops/core/op_def.h"
#include "reference/runtime/op_builders/op_builder.h"

namespace nnrt {
namespace rt {
namespace {

using testing::Bool;
using testing::Bytes;
using testing::Data;
using testing::F32;
using testing::I32;
using testing::I64;
using testing::I8;
using testing::TensorSpec;

struct OpCase {
  OH_NN_OperationType op;
  uint32_t node_type;  // HDI NodeType value (ops_catalog 3)
  std::vector<TensorSpec> inputs;
  int outputs;
  std::vector<TensorSpec> params;  // a valid, mostly non-default parameter set
  std::vector<Attr> expected;      // attributes after lowering
};

TensorSpec X() { return Data(OH_NN_FLOAT32, {1, 2, 2, 1}); }
std::vector<TensorSpec> Xs(int n) { return std::vector<TensorSpec>(n, X()); }

std::vector<Attr> Act(int8_t type) { return {Attr::Int8("activationType", type), Attr::Float("alpha", 0.0f)}; }
std::vector<Attr> Reduce(int8_t mode, bool keep, bool to_end, float coeff) {
  return {Attr::Bool("keepDims", keep), Attr::Int8("mode", mode), Attr::Bool("reduceToEnd", to_end),
          Attr::Float("coeff", coeff)};
}

std::vector<OpCase> Cases() {
  const TensorSpec conv_in = Data(OH_NN_FLOAT32, {1, 4, 4, 3});
  const TensorSpec conv_w = Data(OH_NN_FLOAT32, {2, 3, 5, 3});  // [outC, kH, kW, inC]
  const TensorSpec conv_b = Data(OH_NN_FLOAT32, {2});
  const TensorSpec cast_type{OH_NN_INT32, {}, Bytes<int32_t>({OH_NN_INT32}), OH_NN_TENSOR};
  const TensorSpec pad_amounts{OH_NN_INT32, {4, 2}, Bytes<int32_t>({0, 0, 1, 1, 2, 2, 0, 0}), OH_NN_TENSOR};
  return {
      {OH_NN_OPS_ADD, 5, Xs(2), 1, {I8(OH_NN_ADD_ACTIVATIONTYPE, 2)}, {Attr::Int8("activationType", 3)}},
      {OH_NN_OPS_AVG_POOL, 17, Xs(1), 1,
       {I64(OH_NN_AVG_POOL_KERNEL_SIZE, {2, 2}), I64(OH_NN_AVG_POOL_STRIDE, {1, 1}), I8(OH_NN_AVG_POOL_PAD_MODE, 1),
        I32(OH_NN_AVG_POOL_ROUND_MODE, 1), Bool(OH_NN_AVG_POOL_GLOBAL, true), I8(OH_NN_AVG_POOL_ACTIVATION_TYPE, 1)},
       {Attr::Int64s("kernelSize", {2, 2}), Attr::Int64s("strides", {1, 1}), Attr::Int64s("pad", {}),
        Attr::Int8("padMode", 2), Attr::Int8("roundMode", 1), Attr::Int8("format", 0), Attr::Bool("global", true),
        Attr::Int8("activationType", 1)}},
      {OH_NN_OPS_BATCH_NORM, 68, Xs(5), 1, {F32(OH_NN_BATCH_NORM_EPSILON, {0.5f})}, {Attr::Float("epsilon", 0.5f)}},
      {OH_NN_OPS_BATCH_TO_SPACE_ND, 22, Xs(1), 1,
       {I64(OH_NN_BATCH_TO_SPACE_ND_BLOCKSIZE, {2, 2}), I64(OH_NN_BATCH_TO_SPACE_ND_CROPS, {0, 1, 2, 3}, {2, 2})},
       {Attr::Int64s("blockShape", {2, 2}), Attr::Int64s("crops", {0, 1, 2, 3})}},
      {OH_NN_OPS_BIAS_ADD, 23, Xs(2), 1, {}, {}},
      {OH_NN_OPS_CAST, 28, {X(), cast_type}, 1, {}, {}},
      {OH_NN_OPS_CONCAT, 31, Xs(2), 1, {I64(OH_NN_CONCAT_AXIS, {1})}, {Attr::Int64("axis", 1)}},
      {OH_NN_OPS_CONV2D, 35, {conv_in, conv_w, conv_b}, 1,
       {I64(OH_NN_CONV2D_STRIDES, {2, 1}), I64(OH_NN_CONV2D_PAD, {1, 2, 3, 4}), I64(OH_NN_CONV2D_DILATION, {1, 2}),
        I64(OH_NN_CONV2D_GROUP, {1}), I8(OH_NN_CONV2D_ACTIVATION_TYPE, 1)},
       {Attr::Int64s("kernelSize", {3, 5}), Attr::Int64s("stride", {2, 1}), Attr::Int64s("dilation", {1, 2}),
        Attr::Int8("padMode", 0), Attr::Int64s("padList", {1, 2, 3, 4}), Attr::Int64("group", 1),
        Attr::Int64("inChannel", 3), Attr::Int64("outChannel", 2), Attr::Int8("activationType", 1)}},
      {OH_NN_OPS_CONV2D_TRANSPOSE, 36, {conv_in, conv_w, conv_b}, 1,
       {I64(OH_NN_CONV2D_TRANSPOSE_STRIDES, {2, 2}), I8(OH_NN_CONV2D_TRANSPOSE_PAD_MODE, 0),
        I64(OH_NN_CONV2D_TRANSPOSE_OUTPUT_PADDINGS, {1, 1}), I64(OH_NN_CONV2D_TRANSPOSE_GROUP, {1})},
       {Attr::Int64s("kernelSize", {3, 5}), Attr::Int64s("stride", {2, 2}), Attr::Int8("padMode", 1),
        Attr::Int64("inChannel", 3), Attr::Int64("outChannel", 2), Attr::Int64s("outputPaddings", {1, 1})}},
      {OH_NN_OPS_DEPTHWISE_CONV2D_NATIVE, 35,
       {conv_in, Data(OH_NN_FLOAT32, {6, 3, 3, 1}), Data(OH_NN_FLOAT32, {6})}, 1,
       {I64(OH_NN_DEPTHWISE_CONV2D_NATIVE_STRIDES, {1, 1}), I8(OH_NN_DEPTHWISE_CONV2D_NATIVE_PAD_MODE, 1)},
       {Attr::Int64s("kernelSize", {3, 3}), Attr::Int64s("stride", {1, 1}), Attr::Int8("padMode", 2),
        Attr::Int64("group", 3), Attr::Int64("inChannel", 3), Attr::Int64("outChannel", 6)}},
      {OH_NN_OPS_DIV, 47, Xs(2), 1, {I8(OH_NN_DIV_ACTIVATIONTYPE, 1)}, {Attr::Int8("activationType", 1)}},
      {OH_NN_OPS_ELTWISE, 52, Xs(2), 1, {I8(OH_NN_ELTWISE_MODE, 2)}, {Attr::Int8("mode", 2)}},
      {OH_NN_OPS_EXPAND_DIMS, 56, Xs(2), 1, {}, {}},
      {OH_NN_OPS_FILL, 66, Xs(2), 1, {}, {}},
      {OH_NN_OPS_FULL_CONNECTION, 67, Xs(3), 1,
       {Bool(OH_NN_FULL_CONNECTION_HAS_BIAS, true), I64(OH_NN_FULL_CONNECTION_AXIS, {1}),
        I8(OH_NN_FULL_CONNECTION_ACTIVATIONTYPE, 2)},
       {Attr::Bool("hasBias", true), Attr::Bool("useAxis", true), Attr::Int64("axis", 1),
        Attr::Int8("activationType", 3)}},
      {OH_NN_OPS_GATHER, 69, Xs(3), 1, {}, {}},
      {OH_NN_OPS_HSWISH, 2, Xs(1), 1, {}, Act(12)},
      {OH_NN_OPS_LESS_EQUAL, 78, Xs(2), 1, {}, {}},
      {OH_NN_OPS_MATMUL, 89, Xs(2), 1,
       {Bool(OH_NN_MATMUL_TRANSPOSE_A, true), I8(OH_NN_MATMUL_ACTIVATION_TYPE, 1)},
       {Attr::Bool("transposeA", true), Attr::Bool("transposeB", false), Attr::Int8("activationType", 1)}},
      {OH_NN_OPS_MAXIMUM, 90, Xs(2), 1, {}, {}},
      {OH_NN_OPS_MAX_POOL, 92, Xs(1), 1,
       {I64(OH_NN_MAX_POOL_KERNEL_SIZE, {3, 3}), I64(OH_NN_MAX_POOL_STRIDE, {2, 2}),
        I64(OH_NN_MAX_POOL_PAD, {0, 1, 0, 1}), I32(OH_NN_MAX_POOL_ROUND_MODE, 1),
        I8(OH_NN_MAX_POOL_ACTIVATION_TYPE, 2)},
       {Attr::Int64s("kernelSize", {3, 3}), Attr::Int64s("strides", {2, 2}), Attr::Int64s("pad", {0, 1, 0, 1}),
        Attr::Int8("padMode", 0), Attr::Int8("format", 0), Attr::Int8("roundMode", 1), Attr::Bool("global", false),
        Attr::Int8("activationType", 3)}},
      {OH_NN_OPS_MUL, 99, Xs(2), 1, {I8(OH_NN_MUL_ACTIVATION_TYPE, 2)}, {Attr::Int8("activationType", 3)}},
      {OH_NN_OPS_ONE_HOT, 105, Xs(4), 1, {I64(OH_NN_ONE_HOT_AXIS, {1})}, {Attr::Int64("axis", 1)}},
      {OH_NN_OPS_PAD, 107, {X(), pad_amounts}, 1,
       {F32(OH_NN_PAD_CONSTANT_VALUE, {2.5f}), I32(OH_NN_PAD_PADDING_MODE, 1)},
       {Attr::Int64s("paddings", {0, 0, 1, 1, 2, 2, 0, 0}), Attr::Int8("paddingMode", 1),
        Attr::Float("constantValue", 2.5f)}},
      {OH_NN_OPS_POW, 110, Xs(2), 1, {F32(OH_NN_POW_SCALE, {2.0f}), F32(OH_NN_POW_SHIFT, {1.0f})},
       {Attr::Float("scale", 2.0f), Attr::Float("shift", 1.0f)}},
      {OH_NN_OPS_SCALE, 127, Xs(3), 1, {I64(OH_NN_SCALE_AXIS, {1}), I8(OH_NN_SCALE_ACTIVATIONTYPE, 1)},
       {Attr::Int64("axis", 1), Attr::Int8("activationType", 1)}},
      {OH_NN_OPS_SHAPE, 130, Xs(1), 1, {}, {}},
      {OH_NN_OPS_SIGMOID, 2, Xs(1), 1, {}, Act(2)},
      {OH_NN_OPS_SLICE, 135, Xs(3), 1, {I64(OH_NN_SLICE_AXES, {0, 2})}, {Attr::Int64s("axes", {0, 2})}},
      {OH_NN_OPS_SOFTMAX, 138, Xs(1), 1, {I64(OH_NN_SOFTMAX_AXIS, {-1})}, {Attr::Int64s("axis", {-1})}},
      {OH_NN_OPS_SPACE_TO_BATCH_ND, 141, Xs(1), 1,
       {I64(OH_NN_SPACE_TO_BATCH_ND_BLOCK_SHAPE, {2, 2}), I64(OH_NN_SPACE_TO_BATCH_ND_PADDINGS, {0, 1, 2, 3}, {2, 2})},
       {Attr::Int64s("blockShape", {2, 2}), Attr::Int64s("paddings", {0, 1, 2, 3})}},
      {OH_NN_OPS_SPLIT, 145, Xs(1), 2,
       {I64(OH_NN_SPLIT_AXIS, {1}), I64(OH_NN_SPLIT_OUTPUT_NUM, {2}), I64(OH_NN_SPLIT_SIZE_SPLITS, {1, 1})},
       {Attr::Int64("outputNum", 2), Attr::Int64s("sizeSplits", {1, 1}), Attr::Int64("axis", 1)}},
      {OH_NN_OPS_SQRT, 146, Xs(1), 1, {}, {}},
      {OH_NN_OPS_SQUARED_DIFFERENCE, 149, Xs(2), 1, {}, {}},
      {OH_NN_OPS_SQUEEZE, 147, Xs(1), 1, {I64(OH_NN_SQUEEZE_AXIS, {3})}, {Attr::Int64s("axis", {3})}},
      {OH_NN_OPS_STACK, 150, Xs(2), 1, {I64(OH_NN_STACK_AXIS, {1})}, {Attr::Int64("axis", 1)}},
      {OH_NN_OPS_STRIDED_SLICE, 151, Xs(4), 1,
       {I64(OH_NN_STRIDED_SLICE_BEGIN_MASK, {1}), I64(OH_NN_STRIDED_SLICE_END_MASK, {2}),
        I64(OH_NN_STRIDED_SLICE_SHRINK_AXIS_MASK, {4})},
       {Attr::Int64("beginMask", 1), Attr::Int64("endMask", 2), Attr::Int64("ellipsisMask", 0),
        Attr::Int64("newAxisMask", 0), Attr::Int64("shrinkAxisMask", 4)}},
      {OH_NN_OPS_SUB, 152, Xs(2), 1, {I8(OH_NN_SUB_ACTIVATIONTYPE, 2)}, {Attr::Int8("activationType", 3)}},
      {OH_NN_OPS_TANH, 2, Xs(1), 1, {}, Act(10)},
      {OH_NN_OPS_TILE, 160, Xs(2), 1, {I64(OH_NN_TILE_DIMS, {2, 3})}, {Attr::Int64s("dims", {2, 3})}},
      {OH_NN_OPS_TRANSPOSE, 162, Xs(2), 1, {}, {}},
      {OH_NN_OPS_REDUCE_MEAN, 118, Xs(2), 1,
       {Bool(OH_NN_REDUCE_MEAN_KEEP_DIMS, true), Bool(OH_NN_REDUCE_MEAN_REDUCE_TO_END, true),
        F32(OH_NN_REDUCE_MEAN_COEFF, {0.5f})},
       Reduce(0, true, true, 0.5f)},
      {OH_NN_OPS_RESIZE_BILINEAR, 120, Xs(1), 1,
       {I64(OH_NN_RESIZE_BILINEAR_NEW_HEIGHT, {4}), I64(OH_NN_RESIZE_BILINEAR_NEW_WIDTH, {6}),
        Bool(OH_NN_RESIZE_BILINEAR_PRESERVE_ASPECT_RATIO, true),
        I8(OH_NN_RESIZE_BILINEAR_COORDINATE_TRANSFORM_MODE, 2), I64(OH_NN_RESIZE_BILINEAR_EXCLUDE_OUTSIDE, {1})},
       {Attr::Int8("method", 0), Attr::Int64("newHeight", 4), Attr::Int64("newWidth", 6),
        Attr::Bool("preserveAspectRatio", true), Attr::Int8("coordinateTransformMode", 2),
        Attr::Float("cubicCoeff", 0.0f), Attr::Int64("excludeOutside", 1), Attr::Float("extrapolationValue", 0.0f),
        Attr::Int8("nearestMode", 0)}},
      {OH_NN_OPS_RSQRT, 126, Xs(1), 1, {}, {}},
      {OH_NN_OPS_RESHAPE, 119, Xs(2), 1, {}, {}},
      {OH_NN_OPS_PRELU, 112, {Data(OH_NN_FLOAT32, {1, 2, 2, 3}), Data(OH_NN_FLOAT32, {1})}, 1, {},
       {Attr::Bool("channelShared", true)}},
      {OH_NN_OPS_RELU, 2, Xs(1), 1, {}, Act(1)},
      {OH_NN_OPS_RELU6, 2, Xs(1), 1, {}, Act(3)},
      {OH_NN_OPS_LAYER_NORM, 75,
       {Data(OH_NN_FLOAT32, {2, 3, 4}), Data(OH_NN_FLOAT32, {3, 4}), Data(OH_NN_FLOAT32, {3, 4})}, 1,
       {I64(OH_NN_LAYER_NORM_BEGIN_NORM_AXIS, {1}), F32(OH_NN_LAYER_NORM_EPSILON, {1e-5f}),
        I64(OH_NN_LAYER_NORM_BEGIN_PARAM_AXIS, {1})},
       {Attr::Int64("beginNormAxis", 1), Attr::Float("epsilon", 1e-5f), Attr::Bool("elementwiseAffine", true),
        Attr::Int64("beginParamsAxis", 1)}},
      {OH_NN_OPS_REDUCE_PROD, 118, Xs(2), 1, {Bool(OH_NN_REDUCE_PROD_KEEP_DIMS, true)},
       Reduce(3, true, false, 0.0f)},
      {OH_NN_OPS_REDUCE_ALL, 118, Xs(2), 1, {Bool(OH_NN_REDUCE_ALL_KEEP_DIMS, true)}, Reduce(7, true, false, 0.0f)},
      {OH_NN_OPS_QUANT_DTYPE_CAST, 113, Xs(1), 1,
       {I64(OH_NN_QUANT_DTYPE_CAST_SRC_T, {2}), I64(OH_NN_QUANT_DTYPE_CAST_DST_T, {11}),
        I64(OH_NN_QUANT_DTYPE_CAST_AXIS, {1})},
       {Attr::Int64("srcT", 2), Attr::Int64("dstT", 11), Attr::Int64("axis", 1)}},
      {OH_NN_OPS_TOP_K, 161, Xs(2), 2, {Bool(OH_NN_TOP_K_SORTED, false), I64(OH_NN_TOP_K_AXIS, {-1})},
       {Attr::Bool("sorted", false), Attr::Int64("axis", -1)}},
      {OH_NN_OPS_ARG_MAX, 11, Xs(1), 1,
       {I64(OH_NN_ARG_MAX_AXIS, {1}), Bool(OH_NN_ARG_MAX_KEEPDIMS, true), I64(OH_NN_ARG_MAX_TOP_K, {2}),
        Bool(OH_NN_ARG_MAX_OUT_MAX_VALUE, true)},
       {Attr::Int64("axis", 1), Attr::Int64("topK", 2), Attr::Bool("keepDims", true),
        Attr::Bool("outMaxValue", true)}},
      {OH_NN_OPS_UNSQUEEZE, 165, Xs(1), 1, {I64(OH_NN_UNSQUEEZE_AXIS, {1})}, {Attr::Int64s("axis", {1})}},
      {OH_NN_OPS_GELU, 2, Xs(1), 1, {Bool(OH_NN_GELU_APPROXIMATE, true)},
       {Attr::Int8("activationType", 19), Attr::Bool("approximate", true)}},
      {OH_NN_OPS_UNSTACK, 166, Xs(1), 2, {I64(OH_NN_UNSTACK_AXIS, {1})}, {Attr::Int64("axis", 1)}},
      {OH_NN_OPS_ABS, 2, Xs(1), 1, {}, Act(6)},
      {OH_NN_OPS_ERF, 178, Xs(1), 1, {}, {}},
      {OH_NN_OPS_EXP, 55, Xs(1), 1,
       {F32(OH_NN_EXP_BASE, {2.0f}), F32(OH_NN_EXP_SCALE, {3.0f}), F32(OH_NN_EXP_SHIFT, {4.0f})},
       {Attr::Float("base", 2.0f), Attr::Float("scale", 3.0f), Attr::Float("shift", 4.0f)}},
      {OH_NN_OPS_LESS, 77, Xs(2), 1, {}, {}},
      {OH_NN_OPS_SELECT, 170, Xs(3), 1, {}, {}},
      {OH_NN_OPS_SQUARE, 148, Xs(1), 1, {}, {}},
      {OH_NN_OPS_FLATTEN, 61, Xs(1), 1, {I64(OH_NN_FLATTEN_AXIS, {2})}, {Attr::Int64("axis", 2)}},
      {OH_NN_OPS_DEPTH_TO_SPACE, 45, Xs(1), 1,
       {I64(OH_NN_DEPTH_TO_SPACE_BLOCK_SIZE, {2}), I32(OH_NN_DEPTH_TO_SPACE_MODE, 1)},
       {Attr::Int64("blockSize", 2), Attr::Int8("format", 0), Attr::String("mode", "CRD")}},
      {OH_NN_OPS_RANGE, 115, Xs(1), 1,
       {I64(OH_NN_RANGE_START, {1}), I64(OH_NN_RANGE_LIMIT, {10}), I64(OH_NN_RANGE_DELTA, {3})},
       {Attr::Int64("dataType", 0), Attr::Int64("start", 1), Attr::Int64("limit", 10), Attr::Int64("delta", 3)}},
      {OH_NN_OPS_INSTANCE_NORM, 74, Xs(3), 1, {F32(OH_NN_INSTANCE_NORM_EPSILON, {1e-6f})},
       {Attr::Float("epsilon", 1e-6f)}},
      {OH_NN_OPS_CONSTANT_OF_SHAPE, 38, Xs(1), 1,
       {I64(OH_NN_CONSTANT_OF_SHAPE_DATA_TYPE, {43}), F32(OH_NN_CONSTANT_OF_SHAPE_VALUE, {4.5f})},
       {Attr::Int64("dataType", 43), Attr::Floats("value", {4.5f})}},
      {OH_NN_OPS_BROADCAST_TO, 27, Xs(1), 1, {I64(OH_NN_BROADCAST_TO_SHAPE, {2, 3})}, {Attr::Int64s("shape", {2, 3})}},
      {OH_NN_OPS_EQUAL, 53, Xs(2), 1, {}, {}},
      {OH_NN_OPS_GREATER, 71, Xs(2), 1, {}, {}},
      {OH_NN_OPS_NOT_EQUAL, 103, Xs(2), 1, {}, {}},
      {OH_NN_OPS_GREATER_EQUAL, 72, Xs(2), 1, {}, {}},
      {OH_NN_OPS_LEAKY_RELU, 2, Xs(1), 1, {F32(OH_NN_LEAKY_RELU_NEGATIVE_SLOPE, {0.125f})},
       {Attr::Int8("activationType", 5), Attr::Float("alpha", 0.125f)}},
      {OH_NN_OPS_LSTM, 87, Xs(6), 3,
       {Bool(OH_NN_LSTM_BIDIRECTIONAL, true), Bool(OH_NN_LSTM_HAS_BIAS, true), I64(OH_NN_LSTM_INPUT_SIZE, {10}),
        I64(OH_NN_LSTM_HIDDEN_SIZE, {4}), I64(OH_NN_LSTM_NUM_LAYERS, {1}), I64(OH_NN_LSTM_NUM_DIRECTIONS, {2}),
        F32(OH_NN_LSTM_DROPOUT, {0.25f}), F32(OH_NN_LSTM_ZONEOUT_CELL, {0.5f}), F32(OH_NN_LSTM_ZONEOUT_HIDDEN, {0.75f}),
        I64(OH_NN_LSTM_PROJ_SIZE, {3})},
       {Attr::Bool("bidirectional", true), Attr::Bool("hasBias", true), Attr::Int64("inputSize", 10),
        Attr::Int64("hiddenSize", 4), Attr::Int64("numLayers", 1), Attr::Int64("numDirections", 2),
        Attr::Float("dropout", 0.25f), Attr::Float("zoneoutCell", 0.5f), Attr::Float("zoneoutHidden", 0.75f),
        Attr::Int64("projSize", 3)}},
      {OH_NN_OPS_CLIP, 30, Xs(1), 1, {F32(OH_NN_CLIP_MAX, {6.0f}), F32(OH_NN_CLIP_MIN, {-1.0f})},
       {Attr::Float("max", 6.0f), Attr::Float("min", -1.0f)}},
      {OH_NN_OPS_ALL, 9, Xs(2), 1, {I64(OH_NN_ALL_KEEP_DIMS, {1})}, {Attr::Int64("keepDims", 1)}},
      {OH_NN_OPS_ASSERT, 13, Xs(2), 1, {I64(OH_NN_ASSERT_SUMMARIZE, {3})}, {Attr::Int64("summarize", 3)}},
      {OH_NN_OPS_COS, 37, Xs(1), 1, {}, {}},
      {OH_NN_OPS_LOG, 79, Xs(1), 1, {}, {}},
      {OH_NN_OPS_LOGICAL_AND, 81, Xs(2), 1, {}, {}},
      {OH_NN_OPS_LOGICAL_NOT, 82, Xs(1), 1, {}, {}},
      {OH_NN_OPS_MOD, 98, Xs(2), 1, {}, {}},
      {OH_NN_OPS_NEG, 101, Xs(1), 1, {}, {}},
      {OH_NN_OPS_RECIPROCAL, 116, Xs(1), 1, {}, {}},
      {OH_NN_OPS_SIN, 133, Xs(1), 1, {}, {}},
      {OH_NN_OPS_WHERE, 168, Xs(3), 1, {}, {}},
      {OH_NN_OPS_SPARSE_TO_DENSE, 144, Xs(3), 1, {}, {}},
      {OH_NN_OPS_LOGICAL_OR, 83, Xs(2), 1, {}, {}},
      {OH_NN_OPS_CEIL, 29, Xs(1), 1, {}, {}},
      {OH_NN_OPS_CROP, 39, Xs(2), 1, {I64(OH_NN_CROP_AXIS, {1}), I64(OH_NN_CROP_OFFSET, {0, 1})},
       {Attr::Int64("axis", 1), Attr::Int64s("offset", {0, 1})}},
      {OH_NN_OPS_DETECTION_POST_PROCESS, 46, Xs(3), 4,
       {I64(OH_NN_DETECTION_POST_PROCESS_INPUT_SIZE, {300}),
        F32(OH_NN_DETECTION_POST_PROCESS_SCALE, {10.0f, 10.0f, 5.0f, 5.0f}),
        F32(OH_NN_DETECTION_POST_PROCESS_NMS_IOU_THRESHOLD, {0.5f}),
        F32(OH_NN_DETECTION_POST_PROCESS_NMS_SCORE_THRESHOLD, {0.25f}),
        I64(OH_NN_DETECTION_POST_PROCESS_MAX_DETECTIONS, {5}),
        I64(OH_NN_DETECTION_POST_PROCESS_DETECTIONS_PER_CLASS, {2}),
        I64(OH_NN_DETECTION_POST_PROCESS_MAX_CLASSES_PER_DETECTION, {1}),
        I64(OH_NN_DETECTION_POST_PROCESS_NUM_CLASSES, {5}), Bool(OH_NN_DETECTION_POST_PROCESS_USE_REGULAR_NMS, true),
        Bool(OH_NN_DETECTION_POST_PROCESS_OUT_QUANTIZED, false)},
       {Attr::Int8("format", 0), Attr::Int64("inputSize", 300), Attr::Floats("scale", {10.0f, 10.0f, 5.0f, 5.0f}),
        Attr::Float("nmsIoUThreshold", 0.5f), Attr::Float("nmsScoreThreshold", 0.25f),
        Attr::Int64("maxDetections", 5), Attr::Int64("detectionsPerClass", 2),
        Attr::Int64("maxClassesPerDetection", 1), Attr::Int64("numClasses", 5), Attr::Bool("useRegularNms", true),
        Attr::Bool("outQuantized", false)}},
      {OH_NN_OPS_FLOOR, 63, Xs(1), 1, {}, {}},
      {OH_NN_OPS_L2_NORMALIZE, 88, Xs(1), 1,
       {I64(OH_NN_L2_NORMALIZE_AXIS, {1}), F32(OH_NN_L2_NORMALIZE_EPSILON, {1e-10f}),
        I8(OH_NN_L2_NORMALIZE_ACTIVATION_TYPE, 1)},
       {Attr::Int64s("axis", {1}), Attr::Float("epsilon", 1e-10f), Attr::Int8("activationType", 1)}},
      {OH_NN_OPS_LOG_SOFTMAX, 189, Xs(1), 1, {I64(OH_NN_LOG_SOFTMAX_AXIS, {1})}, {Attr::Int64("axis", 1)}},
      {OH_NN_OPS_LRN, 85, Xs(1), 1,
       {I64(OH_NN_LRN_DEPTH_RADIUS, {1}), F32(OH_NN_LRN_BIAS, {2.0f}), F32(OH_NN_LRN_ALPHA, {1e-4f}),
        F32(OH_NN_LRN_BETA, {0.75f}), I32(OH_NN_LRN_NORM_REGION, 0)},
       {Attr::Int64("depthRadius", 1), Attr::Float("bias", 2.0f), Attr::Float("alpha", 1e-4f),
        Attr::Float("beta", 0.75f), Attr::String("normRegion", "ACROSS_CHANNELS")}},
      {OH_NN_OPS_MINIMUM, 96, Xs(2), 1, {}, {}},
      {OH_NN_OPS_RANK, 114, Xs(1), 1, {}, {}},
      {OH_NN_OPS_REDUCE_MAX, 118, Xs(2), 1, {F32(OH_NN_REDUCE_MAX_COEFF, {2.0f})}, Reduce(1, false, false, 2.0f)},
      {OH_NN_OPS_REDUCE_MIN, 118, Xs(2), 1, {Bool(OH_NN_REDUCE_MIN_REDUCE_TO_END, true)},
       Reduce(2, false, true, 0.0f)},
      {OH_NN_OPS_REDUCE_SUM, 118, Xs(2), 1, {Bool(OH_NN_REDUCE_SUM_KEEP_DIMS, true)}, Reduce(4, true, false, 0.0f)},
      {OH_NN_OPS_ROUND, 125, Xs(1), 1, {}, {}},
      {OH_NN_OPS_SCATTER_ND, 128, Xs(3), 1, {}, {}},
      {OH_NN_OPS_SPACE_TO_DEPTH, 142, Xs(1), 1, {I64(OH_NN_SPACE_TO_DEPTH_BLOCK_SIZE, {2})},
       {Attr::Int64("blockSize", 2), Attr::Int8("format", 0)}},
      {OH_NN_OPS_SWISH, 2, Xs(1), 1, {}, Act(18)},
      {OH_NN_OPS_REDUCE_L2, 118, Xs(2), 1, {Bool(OH_NN_REDUCE_L2_KEEP_DIMS, true)}, Reduce(8, true, false, 0.0f)},
      {OH_NN_OPS_HARD_SIGMOID, 2, Xs(1), 1, {}, Act(13)},
      {OH_NN_OPS_GATHER_ND, 70, Xs(2), 1, {}, {}},
  };
}

std::string CaseName(const ::testing::TestParamInfo<OpCase>& info) { return "op" + std::to_string(info.param.op); }

// The same parameter with another data type of the same element count.
TensorSpec WithWrongDtype(TensorSpec p) {
  const uint64_t n = p.data.size() / (p.dtype == OH_NN_INT64 ? 8 : p.dtype == OH_NN_FLOAT32 || p.dtype == OH_NN_INT32 ? 4 : 1);
  p.dtype = (p.dtype == OH_NN_INT64) ? OH_NN_INT32 : OH_NN_INT64;
  p.data.assign(n * (p.dtype == OH_NN_INT64 ? 8 : 4), 0);
  return p;
}

class OpBuilderTest : public ::testing::TestWithParam<OpCase> {};

TEST_P(OpBuilderTest, BuildsAndLowersToTheCataloguedNode) {
  const OpCase& c = GetParam();
  NNModel model;
  ASSERT_EQ(testing::AddOp(&model, c.op, c.inputs, std::vector<TensorSpec>(c.outputs, X()), c.params), OH_NN_SUCCESS)
      << model.last_error();
  const Node& node = model.operations().back().node;
  EXPECT_EQ(static_cast<uint32_t>(node.type), c.node_type);
  EXPECT_EQ(node.inputs.size(), c.inputs.size());
  EXPECT_EQ(node.outputs.size(), static_cast<size_t>(c.outputs));
  EXPECT_EQ(node.quant_type, QuantType::kNone);
  for (const Attr& want : c.expected) {
    const Attr* got = node.FindAttr(want.name);
    ASSERT_NE(got, nullptr) << "missing attribute " << want.name;
    EXPECT_TRUE(*got == want) << "attribute " << want.name;
  }
}

// The lowered node is what the reference device checks: it must satisfy the
// registry's schema for its node type (attribute names, types, counts, I/O counts).
TEST_P(OpBuilderTest, LoweredNodeSatisfiesTheRegistrySchema) {
  const OpCase& c = GetParam();
  NNModel model;
  ASSERT_EQ(testing::AddOp(&model, c.op, c.inputs, std::vector<TensorSpec>(c.outputs, X()), c.params), OH_NN_SUCCESS);
  const Node& node = model.operations().back().node;
  const OpDef* def = FindOpDef(node.type);
  ASSERT_NE(def, nullptr);
  const Status s = ValidateNodeAgainstSchema(node, *def);
  EXPECT_TRUE(s.ok()) << s.ToString();
}

TEST_P(OpBuilderTest, RejectsAParameterOfTheWrongDataType) {
  const OpCase& c = GetParam();
  std::vector<TensorSpec> params = c.params;
  if (params.empty()) {
    params.push_back(F32(OH_NN_BATCH_NORM_EPSILON, {1.0f}));  // no-parameter ops accept none
    if (c.op == OH_NN_OPS_BATCH_NORM) params[0] = I8(OH_NN_ADD_ACTIVATIONTYPE, 0);
  } else {
    params[0] = WithWrongDtype(params[0]);
  }
  NNModel model;
  EXPECT_EQ(testing::AddOp(&model, c.op, c.inputs, std::vector<TensorSpec>(c.outputs, X()), params),
            OH_NN_INVALID_PARAMETER);
  EXPECT_TRUE(model.operations().empty());
}

TEST_P(OpBuilderTest, RejectsAWrongInputOrOutputCount) {
  const OpCase& c = GetParam();
  const OpBuilderSpec* spec = FindOpBuilder(c.op);
  ASSERT_NE(spec, nullptr);
  std::vector<TensorSpec> inputs = c.inputs;
  int outputs = c.outputs;
  if (spec->max_inputs >= 0) {
    inputs.push_back(X());
  } else if (spec->min_inputs > 1) {
    inputs.resize(spec->min_inputs - 1);
  } else {
    outputs += 1;  // FullConnection: any input count, exactly one output
  }
  NNModel model;
  EXPECT_EQ(testing::AddOp(&model, c.op, inputs, std::vector<TensorSpec>(outputs, X()), c.params),
            OH_NN_INVALID_PARAMETER);
}

INSTANTIATE_TEST_SUITE_P(AllOperations, OpBuilderTest, ::testing::ValuesIn(Cases()), CaseName);

TEST(OpBuilderTable, CoversEveryOperationType1To108Once) {
  std::set<int> seen;
  for (const OpCase& c : Cases()) EXPECT_TRUE(seen.insert(c.op).second) << c.op;
  EXPECT_EQ(seen.size(), 108u);
  EXPECT_EQ(*seen.begin(), 1);
  EXPECT_EQ(*seen.rbegin(), 108);
  EXPECT_EQ(AllOpBuilders().size(), 108u);
  EXPECT_EQ(FindOpBuilder(0), nullptr);
  EXPECT_EQ(FindOpBuilder(109), nullptr);
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
