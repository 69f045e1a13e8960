// Builders of the reduce family (#42, 50, 51, 99, 100, 101, 106, 77),
// normalisations (#3, 49, 67, 94, 96), softmax (#30, 95), ArgMax (#54) and
// TopK (#53) (ops_catalog 4).
#include <cstring>
#include <string>
#include <vector>

#include "reference/runtime/op_builders/op_builder.h"

namespace nnrt {
namespace rt {
namespace {

// HDI ReduceMode values (ops_catalog 2.4).
enum ReduceMode : int8_t { kMean = 0, kMax = 1, kMin = 2, kProd = 3, kSum = 4, kAll = 7, kL2 = 8 };

// ReduceFusion{keepDims, mode, reduceToEnd, coeff}; the axis travels as input 2
// and coeff defaults to 0.0 as in the builder (ops_catalog #42).
OpBuilderSpec Reduce(OH_NN_OperationType op, const char* name, ReduceMode mode, OH_NN_TensorType keep_dims,
                     OH_NN_TensorType reduce_to_end, OH_NN_TensorType coeff) {
  return OpBuilderSpec{op, name, NodeType::REDUCE_FUSION, 2, 2, 1, 1,
                       {Attr::Int8("mode", mode)},
                       {{keep_dims, ReadBoolScalar, "keepDims"},
                        {reduce_to_end, ReadBoolScalar, "reduceToEnd"},
                        {coeff, ReadFloatScalar, "coeff"}},
                       3, nullptr};
}

// LRN normRegion: OH_NN_INT32, only 0 ("ACROSS_CHANNELS") exists (ops_catalog #96).
Status ReadLrnNormRegion(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  const std::string type = TensorTypeName(spec.tensor_type);
  if (p.data_type != OH_NN_INT32) return Status(NNRT_INVALID_PARAMETER, type + ": data type must be OH_NN_INT32");
  if (!p.has_data || p.ElementCount() != 1) {
    return Status(NNRT_INVALID_PARAMETER, type + ": expected one value");
  }
  int32_t v;
  std::memcpy(&v, p.data.data(), sizeof(v));
  if (v != 0) return Status(NNRT_INVALID_PARAMETER, type + ": only 0 (ACROSS_CHANNELS) is defined");
  state->Set(Attr::String(spec.attr, "ACROSS_CHANNELS"));
  return Status::Ok();
}

// LayerNorm: 1 <= beginNormAxis < rank(input), and gamma and beta have the
// shape of input dims [beginNormAxis, rank) (ops_catalog #49, builder checks).
Status LayerNormShapes(const BuildRequest& request, BuildState* state) {
  const ModelTensor& input = request.input(0);
  const int64_t axis = state->Find("beginNormAxis")->ints[0];
  const int64_t rank = static_cast<int64_t>(input.dims.size());
  if (axis < 1 || axis >= rank) {
    return Status(NNRT_INVALID_PARAMETER, "beginNormAxis " + std::to_string(axis) + " outside [1, " +
                                              std::to_string(rank) + ")");
  }
  const std::vector<int32_t> normalized(input.dims.begin() + axis, input.dims.end());
  for (size_t i = 1; i <= 2; ++i) {
    if (request.input(i).dims != normalized) {
      return Status(NNRT_INVALID_PARAMETER, std::string(i == 1 ? "gamma" : "beta") +
                                                " must have the shape of the normalized input dims");
    }
  }
  return Status::Ok();
}

}  // namespace

std::vector<OpBuilderSpec> ReduceNormBuilders() {
  return {
      Reduce(OH_NN_OPS_REDUCE_MEAN, "ReduceMean", kMean, OH_NN_REDUCE_MEAN_KEEP_DIMS, OH_NN_REDUCE_MEAN_REDUCE_TO_END,
             OH_NN_REDUCE_MEAN_COEFF),
      Reduce(OH_NN_OPS_REDUCE_PROD, "ReduceProd", kProd, OH_NN_REDUCE_PROD_KEEP_DIMS, OH_NN_REDUCE_PROD_REDUCE_TO_END,
             OH_NN_REDUCE_PROD_COEFF),
      Reduce(OH_NN_OPS_REDUCE_ALL, "ReduceAll", kAll, OH_NN_REDUCE_ALL_KEEP_DIMS, OH_NN_REDUCE_ALL_REDUCE_TO_END,
             OH_NN_REDUCE_ALL_COEFF),
      Reduce(OH_NN_OPS_REDUCE_MAX, "ReduceMax", kMax, OH_NN_REDUCE_MAX_KEEP_DIMS, OH_NN_REDUCE_MAX_REDUCE_TO_END,
             OH_NN_REDUCE_MAX_COEFF),
      Reduce(OH_NN_OPS_REDUCE_MIN, "ReduceMin", kMin, OH_NN_REDUCE_MIN_KEEP_DIMS, OH_NN_REDUCE_MIN_REDUCE_TO_END,
             OH_NN_REDUCE_MIN_COEFF),
      Reduce(OH_NN_OPS_REDUCE_SUM, "ReduceSum", kSum, OH_NN_REDUCE_SUM_KEEP_DIMS, OH_NN_REDUCE_SUM_REDUCE_TO_END,
             OH_NN_REDUCE_SUM_COEFF),
      Reduce(OH_NN_OPS_REDUCE_L2, "ReduceL2", kL2, OH_NN_REDUCE_L2_KEEP_DIMS, OH_NN_REDUCE_L2_REDUCE_TO_END,
             OH_NN_REDUCE_L2_COEFF),
      // All.keepDims is an HDI long fed by an OH_NN_INT64 parameter (ops_catalog #77).
      OpBuilderSpec{OH_NN_OPS_ALL, "All", NodeType::ALL, 2, 2, 1, 1, {},
                    {{OH_NN_ALL_KEEP_DIMS, ReadInt64Scalar, "keepDims"}}, 1, nullptr},
      OpBuilderSpec{OH_NN_OPS_BATCH_NORM, "BatchNorm", NodeType::FUSED_BATCH_NORM, 5, 5, 1, 1,
                    {}, {{OH_NN_BATCH_NORM_EPSILON, ReadFloatScalar, "epsilon"}}, 1,
                    nullptr},
      // elementwiseAffine is fixed true; OH_NN_LAYER_NORM_ELEMENTWISE_AFFINE is
      // not an accepted parameter (ops_catalog #49).
      OpBuilderSpec{OH_NN_OPS_LAYER_NORM, "LayerNorm", NodeType::LAYER_NORM_FUSION, 3, 3, 1, 1,
                    {},
                    {{OH_NN_LAYER_NORM_BEGIN_NORM_AXIS, ReadInt64StrictScalar, "beginNormAxis"},
                     {OH_NN_LAYER_NORM_EPSILON, ReadFloatStrictScalar, "epsilon"},
                     {OH_NN_LAYER_NORM_BEGIN_PARAM_AXIS, ReadInt64StrictScalar, "beginParamsAxis"}},
                    3, LayerNormShapes},
      OpBuilderSpec{OH_NN_OPS_INSTANCE_NORM, "InstanceNorm", NodeType::INSTANCE_NORM, 3, 3, 1, 1,
                    {}, {{OH_NN_INSTANCE_NORM_EPSILON, ReadFloatScalar, "epsilon"}}, 1,
                    nullptr},
      OpBuilderSpec{OH_NN_OPS_L2_NORMALIZE, "L2Normalize", NodeType::L2_NORMALIZE_FUSION, 1, 1, 1, 1,
                    {},
                    {{OH_NN_L2_NORMALIZE_AXIS, ReadInt64List, "axis"},
                     {OH_NN_L2_NORMALIZE_EPSILON, ReadFloatScalar, "epsilon"},
                     {OH_NN_L2_NORMALIZE_ACTIVATION_TYPE, ReadFuseType, "activationType"}},
                    3, nullptr},
      OpBuilderSpec{OH_NN_OPS_LRN, "LRN", NodeType::LRN, 1, 1, 1, 1,
                    {},
                    {{OH_NN_LRN_DEPTH_RADIUS, ReadInt64Scalar, "depthRadius"},
                     {OH_NN_LRN_BIAS, ReadFloatScalar, "bias"},
                     {OH_NN_LRN_ALPHA, ReadFloatScalar, "alpha"},
                     {OH_NN_LRN_BETA, ReadFloatScalar, "beta"},
                     {OH_NN_LRN_NORM_REGION, ReadLrnNormRegion, "normRegion"}},
                    5, nullptr},
      // Softmax.axis is a one-element list (empty when not given), ops_catalog #30.
      OpBuilderSpec{OH_NN_OPS_SOFTMAX, "Softmax", NodeType::SOFTMAX, 1, 1, 1, 1, {},
                    {{OH_NN_SOFTMAX_AXIS, ReadInt64AsList, "axis"}}, 1, nullptr},
      OpBuilderSpec{OH_NN_OPS_LOG_SOFTMAX, "LogSoftmax", NodeType::LOG_SOFTMAX, 1, 1, 1, 1, {},
                    {{OH_NN_LOG_SOFTMAX_AXIS, ReadInt64Scalar, "axis"}}, 1, nullptr},
      OpBuilderSpec{OH_NN_OPS_ARG_MAX, "ArgMax", NodeType::ARGMAX_FUSION, 1, 1, 1, 1,
                    {},
                    {{OH_NN_ARG_MAX_AXIS, ReadInt64First, "axis"},
                     {OH_NN_ARG_MAX_KEEPDIMS, ReadBoolFirst, "keepDims"},
                     {OH_NN_ARG_MAX_TOP_K, ReadInt64First, "topK"},
                     {OH_NN_ARG_MAX_OUT_MAX_VALUE, ReadBoolFirst, "outMaxValue"}},
                    4, nullptr},
      OpBuilderSpec{OH_NN_OPS_TOP_K, "TopK", NodeType::TOPK_FUSION, 2, 2, 2, 2,
                    {},
                    {{OH_NN_TOP_K_SORTED, ReadBoolFirst, "sorted"}, {OH_NN_TOP_K_AXIS, ReadInt64Scalar, "axis"}}, 2,
                    nullptr},
  };
}

}  // namespace rt
}  // namespace nnrt
