// Builders of the windowed and matrix ops: Conv2D (#8), Conv2DTranspose (#9),
// DepthwiseConv2dNative (#10), AvgPool (#2), MaxPool (#21), FullConnection
// (#15), MatMul (#19) (ops_catalog 4).
#include <string>

#include "reference/runtime/op_builders/op_builder.h"

namespace nnrt {
namespace rt {
namespace {

Status RequireRank4(const ModelTensor& t, const char* role) {
  if (t.dims.size() != 4) {
    return Status(NNRT_INVALID_PARAMETER,
                  std::string(role) + " must have rank 4, got rank " + std::to_string(t.dims.size()));
  }
  return Status::Ok();
}

// Conv2D / Conv2DTranspose: kernelSize, inChannel and outChannel come from the
// weight [outChannel, kernelH, kernelW, inChannel/group] (ops_catalog #8, #9).
Status ConvFromWeight(const BuildRequest& request, BuildState* state) {
  const ModelTensor& weight = request.input(1);
  NNRT_RETURN_IF_ERROR(RequireRank4(weight, "weight"));
  state->Set(Attr::Int64s("kernelSize", {weight.dims[1], weight.dims[2]}));
  state->Set(Attr::Int64("inChannel", weight.dims[3]));
  state->Set(Attr::Int64("outChannel", weight.dims[0]));
  return Status::Ok();
}

// Depthwise lowers to Conv2DFusion with group = inChannel = input channels
// (NHWC dim 3), outChannel = weight dim 0 (ops_catalog #10).
Status DepthwiseFromShapes(const BuildRequest& request, BuildState* state) {
  const ModelTensor& input = request.input(0);
  const ModelTensor& weight = request.input(1);
  NNRT_RETURN_IF_ERROR(RequireRank4(input, "input"));
  NNRT_RETURN_IF_ERROR(RequireRank4(weight, "weight"));
  state->Set(Attr::Int64s("kernelSize", {weight.dims[1], weight.dims[2]}));
  state->Set(Attr::Int64("group", input.dims[3]));
  state->Set(Attr::Int64("inChannel", input.dims[3]));
  state->Set(Attr::Int64("outChannel", weight.dims[0]));
  return Status::Ok();
}

// Giving an axis switches useAxis on; an explicit useAxis = false together
// with an axis is contradictory and rejected (ops_catalog #15).
Status FullConnectionAxis(const BuildRequest&, BuildState* state) {
  if (!state->WasGiven("axis")) return Status::Ok();
  const Attr* use_axis = state->Find("useAxis");
  if (state->WasGiven("useAxis") && use_axis->ints[0] == 0) {
    return Status(NNRT_INVALID_PARAMETER, "useAxis is false but an axis was given");
  }
  state->Set(Attr::Bool("useAxis", true));
  return Status::Ok();
}

// The pooling builder accepts both the AVG_POOL_* and the MAX_POOL_* tensor
// types with the same meaning (ops_catalog #2, #21).
std::vector<ParamSpec> PoolAttrs() {
  std::vector<ParamSpec> p;
  for (auto t : {OH_NN_AVG_POOL_KERNEL_SIZE, OH_NN_MAX_POOL_KERNEL_SIZE}) p.push_back({t, ReadInt64List, "kernelSize"});
  for (auto t : {OH_NN_AVG_POOL_STRIDE, OH_NN_MAX_POOL_STRIDE}) p.push_back({t, ReadInt64List, "strides"});
  for (auto t : {OH_NN_AVG_POOL_PAD_MODE, OH_NN_AVG_POOL_PAD, OH_NN_MAX_POOL_PAD_MODE, OH_NN_MAX_POOL_PAD}) {
    p.push_back({t, ReadPadModeOrList, "pad"});
  }
  for (auto t : {OH_NN_AVG_POOL_ACTIVATION_TYPE, OH_NN_MAX_POOL_ACTIVATION_TYPE}) {
    p.push_back({t, ReadFuseType, "activationType"});
  }
  for (auto t : {OH_NN_AVG_POOL_ROUND_MODE, OH_NN_MAX_POOL_ROUND_MODE}) p.push_back({t, ReadRoundMode, "roundMode"});
  for (auto t : {OH_NN_AVG_POOL_GLOBAL, OH_NN_MAX_POOL_GLOBAL}) p.push_back({t, ReadBoolScalar, "global"});
  return p;
}

}  // namespace

std::vector<OpBuilderSpec> ConvPoolBuilders() {
  // MaxPool's roundMode is lowered as given (OpenHarmony drops it, ops_catalog
  // 1.4; docs/clarifications.md C-113).
  return {
      OpBuilderSpec{OH_NN_OPS_AVG_POOL, "AvgPool", NodeType::AVGPOOL_FUSION, 1, 1, 1, 1,
                    {},
                    PoolAttrs(), 7, nullptr},
      OpBuilderSpec{OH_NN_OPS_MAX_POOL, "MaxPool", NodeType::MAX_POOL_FUSION, 1, 1, 1, 1,
                    {},
                    PoolAttrs(), 7, nullptr},
      OpBuilderSpec{OH_NN_OPS_CONV2D, "Conv2D", NodeType::CONV2D_FUSION, 3, 3, 1, 1, {},
                    {{OH_NN_CONV2D_STRIDES, ReadInt64List, "stride"},
                     {OH_NN_CONV2D_PAD, ReadPadModeOrList, "padList"},
                     {OH_NN_CONV2D_DILATION, ReadInt64List, "dilation"},
                     {OH_NN_CONV2D_PAD_MODE, ReadPadModeOrList, "padList"},
                     {OH_NN_CONV2D_ACTIVATION_TYPE, ReadFuseType, "activationType"},
                     {OH_NN_CONV2D_GROUP, ReadInt64Scalar, "group"}},
                    6, ConvFromWeight},
      OpBuilderSpec{OH_NN_OPS_CONV2D_TRANSPOSE, "Conv2DTranspose", NodeType::CONV2D_TRANSPOSE_FUSION, 3, 3, 1, 1,
                    {},
                    {{OH_NN_CONV2D_TRANSPOSE_STRIDES, ReadInt64List, "stride"},
                     {OH_NN_CONV2D_TRANSPOSE_PAD, ReadPadModeOrList, "padList"},
                     {OH_NN_CONV2D_TRANSPOSE_DILATION, ReadInt64List, "dilation"},
                     {OH_NN_CONV2D_TRANSPOSE_OUTPUT_PADDINGS, ReadInt64List, "outputPaddings"},
                     {OH_NN_CONV2D_TRANSPOSE_PAD_MODE, ReadPadModeOrList, "padList"},
                     {OH_NN_CONV2D_TRANSPOSE_ACTIVATION_TYPE, ReadFuseType, "activationType"},
                     {OH_NN_CONV2D_TRANSPOSE_GROUP, ReadInt64Scalar, "group"}},
                    7, ConvFromWeight},
      OpBuilderSpec{OH_NN_OPS_DEPTHWISE_CONV2D_NATIVE, "DepthwiseConv2dNative", NodeType::CONV2D_FUSION, 3, 3, 1, 1,
                    {},
                    {{OH_NN_DEPTHWISE_CONV2D_NATIVE_STRIDES, ReadInt64List, "stride"},
                     {OH_NN_DEPTHWISE_CONV2D_NATIVE_PAD, ReadPadModeOrList, "padList"},
                     {OH_NN_DEPTHWISE_CONV2D_NATIVE_DILATION, ReadInt64List, "dilation"},
                     {OH_NN_DEPTHWISE_CONV2D_NATIVE_PAD_MODE, ReadPadModeOrList, "padList"},
                     {OH_NN_DEPTHWISE_CONV2D_NATIVE_ACTIVATION_TYPE, ReadFuseType, "activationType"}},
                    5, DepthwiseFromShapes},
      // FullConnection does not check its input count (ops_catalog #15): 1 or more.
      OpBuilderSpec{OH_NN_OPS_FULL_CONNECTION, "FullConnection", NodeType::FULL_CONNECTION, 1, -1, 1, 1,
                    {},
                    {{OH_NN_FULL_CONNECTION_AXIS, ReadInt64Scalar, "axis"},
                     {OH_NN_FULL_CONNECTION_ACTIVATIONTYPE, ReadFuseType, "activationType"},
                     {OH_NN_FULL_CONNECTION_HAS_BIAS, ReadBoolScalar, "hasBias"},
                     {OH_NN_FULL_CONNECTION_USE_AXIS, ReadBoolScalar, "useAxis"}},
                    4, FullConnectionAxis},
      OpBuilderSpec{OH_NN_OPS_MATMUL, "MatMul", NodeType::MATMUL_FUSION, 2, 2, 1, 1,
                    {},
                    {{OH_NN_MATMUL_TRANSPOSE_A, ReadBoolScalar, "transposeA"},
                     {OH_NN_MATMUL_TRANSPOSE_B, ReadBoolScalar, "transposeB"},
                     {OH_NN_MATMUL_ACTIVATION_TYPE, ReadFuseType, "activationType"}},
                    3, nullptr},
  };
}

}  // namespace rt
}  // namespace nnrt
