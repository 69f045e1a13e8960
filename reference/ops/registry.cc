// The one registry table: an OpDef for every HDI v2.1 NodeType (ops_catalog
// 2.3). Attribute names and types are the HDI NodeAttrTypes.idl fields
// (ops_catalog 2.5): IDL long -> int64 (long[] and long[][] -> int64 list,
// row-major), float -> float32, boolean -> bool, String -> string, the byte
// enums (ActivationType, PadMode, RoundMode, ReduceMode, EltwiseMode,
// PaddingMode, ResizeMethod, CoordinateTransformMode, NearestMode, Format) ->
// int8. Every attribute is optional and takes the OH_NN builder default when
// absent, except ACTIVATION.activationType (C-40). Input/output counts are the
// exact counts of ops_catalog section 3 (C-40). Node types with
// infer = kernel = nullptr are not implemented yet (NNRT_UNSUPPORTED_OP).
#include <vector>

#include "reference/ops/activation.h"
#include "reference/ops/arithmetic.h"
#include "reference/ops/cast.h"
#include "reference/ops/clip.h"
#include "reference/ops/conv2d.h"
#include "reference/ops/op_def.h"
#include "reference/ops/prelu.h"
#include "reference/ops/quant_dtype_cast.h"
#include "reference/ops/reshape.h"
#include "reference/ops/unary_math.h"

namespace nnrt {
namespace {

constexpr int32_t kAny = -1;

AttrSpec Int64(const char* name) { return {name, AttrType::kInt64, 1, false}; }
AttrSpec Int64List(const char* name) { return {name, AttrType::kInt64, kAny, false}; }
AttrSpec Float(const char* name) { return {name, AttrType::kFloat32, 1, false}; }
AttrSpec FloatList(const char* name) { return {name, AttrType::kFloat32, kAny, false}; }
AttrSpec Bool(const char* name) { return {name, AttrType::kBool, 1, false}; }
AttrSpec Enum(const char* name) { return {name, AttrType::kInt8, 1, false}; }  // HDI byte enum
// A string is one value of any length: Attr::Count() of a string is its length (HAL char[count]).
AttrSpec String(const char* name) { return {name, AttrType::kString, kAny, false}; }
AttrSpec Required(AttrSpec s) {
  s.required = true;
  return s;
}

OpDef Op(NodeType type, std::vector<AttrSpec> attrs, int32_t min_in, int32_t max_in, int32_t min_out,
         int32_t max_out, InferFn infer = nullptr, KernelFn kernel = nullptr) {
  return OpDef{type, std::move(attrs), min_in, max_in, min_out, max_out, infer, kernel};
}

// Shorthand for the many attribute-less 1-in/1-out and 2-in/1-out node types.
OpDef Unary(NodeType type) { return Op(type, {}, 1, 1, 1, 1); }
OpDef Binary(NodeType type) { return Op(type, {}, 2, 2, 1, 1); }

std::vector<OpDef> BuildTable() {
  using T = NodeType;
  const AttrSpec act = Enum("activationType");
  const std::vector<AttrSpec> pool = {Int64List("kernelSize"), Int64List("strides"), Int64List("pad"),
                                      Enum("padMode"),         Enum("roundMode"),     Enum("format"),
                                      Bool("global"),          act};
  const std::vector<AttrSpec> conv = {Int64List("kernelSize"), Int64List("stride"), Int64List("dilation"),
                                      Enum("padMode"),         Int64List("padList"), Int64("group"),
                                      Int64("inChannel"),      Int64("outChannel"), act};
  std::vector<AttrSpec> deconv = conv;
  deconv.push_back(Int64List("outputPaddings"));
  const std::vector<AttrSpec> none;

  std::vector<OpDef> t = {
      // NONE is not an operator; it has an entry so that lookups never fail (C-40).
      Op(T::NONE, none, 0, kAny, 0, kAny),
      Op(T::ABS, none, 1, 1, 1, 1, &InferUnaryMath, &UnaryMathKernel),
      Op(T::ACTIVATION,
         {Required(Enum("activationType")), Float("alpha"), Float("minVal"), Float("maxVal"), Bool("approximate")}, 1,
         1, 1, 1, &InferActivation, &ActivationKernel),
      Op(T::ADD_FUSION, {act}, 2, 2, 1, 1, &InferArithmetic, &AddKernel),
      Op(T::ALL, {Int64("keepDims")}, 2, 2, 1, 1),
      Op(T::ARGMAX_FUSION, {Int64("axis"), Int64("topK"), Bool("keepDims"), Bool("outMaxValue")}, 1, 1, 1, 1),
      Op(T::ASSERT, {Int64("summarize")}, 2, 2, 1, 1),
      Op(T::AVGPOOL_FUSION, pool, 1, 1, 1, 1),
      Op(T::BATCH_TO_SPACE_ND, {Int64List("blockShape"), Int64List("crops")}, 1, 1, 1, 1),
      Binary(T::BIAS_ADD),
      Op(T::BROADCAST_TO, {Int64List("shape")}, 1, 1, 1, 1),
      Op(T::CAST, none, 2, 2, 1, 1, &InferCast, &CastKernel),
      Op(T::CEIL, none, 1, 1, 1, 1, &InferUnaryMath, &UnaryMathKernel),
      Op(T::CLIP, {Float("max"), Float("min")}, 1, 1, 1, 1, &InferClip, &ClipKernel),
      Op(T::CONCAT, {Int64("axis")}, 2, kAny, 1, 1),
      // Bias is optional: 2 or 3 inputs (C-50).
      Op(T::CONV2D_FUSION, conv, 2, 3, 1, 1, &InferConv2D, &Conv2DKernel),
      Op(T::CONV2D_TRANSPOSE_FUSION, deconv, 3, 3, 1, 1),
      Op(T::COS, none, 1, 1, 1, 1, &InferUnaryMath, &UnaryMathKernel),
      Op(T::CONSTANT_OF_SHAPE, {Int64("dataType"), FloatList("value")}, 1, 1, 1, 1),
      Op(T::CROP, {Int64("axis"), Int64List("offset")}, 2, 2, 1, 1),
      Op(T::DEPTH_TO_SPACE, {Int64("blockSize"), Enum("format"), String("mode")}, 1, 1, 1, 1),
      Op(T::DETECTION_POST_PROCESS,
         {Enum("format"), Int64("inputSize"), FloatList("scale"), Float("nmsIoUThreshold"), Float("nmsScoreThreshold"),
          Int64("maxDetections"), Int64("detectionsPerClass"), Int64("maxClassesPerDetection"), Int64("numClasses"),
          Bool("useRegularNms"), Bool("outQuantized")},
         3, 3, 4, 4),
      Op(T::DIV_FUSION, {act}, 2, 2, 1, 1, &InferArithmetic, &DivKernel),
      Op(T::ELTWISE, {Enum("mode")}, 2, 2, 1, 1),
      Binary(T::EQUAL),
      Op(T::EXPFUSION, {Float("base"), Float("scale"), Float("shift")}, 1, 1, 1, 1, &InferExpFusion, &ExpFusionKernel),
      Binary(T::EXPAND_DIMS),
      Op(T::FLATTEN, {Int64("axis")}, 1, 1, 1, 1),
      Op(T::FLOOR, none, 1, 1, 1, 1, &InferUnaryMath, &UnaryMathKernel),
      Binary(T::FILL),
      Op(T::FULL_CONNECTION, {Bool("hasBias"), Bool("useAxis"), Int64("axis"), act}, 2, 3, 1, 1),
      Op(T::FUSED_BATCH_NORM, {Float("epsilon")}, 5, 5, 1, 1),
      Op(T::GATHER, none, 3, 3, 1, 1),
      Binary(T::GATHER_ND),
      Binary(T::GREATER),
      Binary(T::GREATER_EQUAL),
      Op(T::INSTANCE_NORM, {Float("epsilon")}, 3, 3, 1, 1),
      Op(T::LAYER_NORM_FUSION,
         {Int64("beginNormAxis"), Float("epsilon"), Bool("elementwiseAffine"), Int64("beginParamsAxis")}, 3, 3, 1, 1),
      Op(T::LEAKY_RELU, {Float("negativeSlope")}, 1, 1, 1, 1),
      Binary(T::LESS),
      Binary(T::LESS_EQUAL),
      Op(T::LOG, none, 1, 1, 1, 1, &InferUnaryMath, &UnaryMathKernel),
      Binary(T::LOGICAL_AND),
      Unary(T::LOGICAL_NOT),
      Binary(T::LOGICAL_OR),
      Op(T::LRN, {Int64("depthRadius"), Float("bias"), Float("alpha"), Float("beta"), String("normRegion")}, 1, 1, 1, 1),
      Op(T::LSTM,
         {Bool("bidirectional"), Bool("hasBias"), Int64("inputSize"), Int64("hiddenSize"), Int64("numLayers"),
          Int64("numDirections"), Float("dropout"), Float("zoneoutCell"), Float("zoneoutHidden"), Int64("projSize")},
         6, 6, 3, 3),
      Op(T::L2_NORMALIZE_FUSION, {Int64List("axis"), Float("epsilon"), act}, 1, 1, 1, 1),
      Op(T::MATMUL_FUSION, {Bool("transposeA"), Bool("transposeB"), act}, 2, 2, 1, 1),
      Binary(T::MAXIMUM),
      Op(T::MAX_POOL_FUSION, pool, 1, 1, 1, 1),
      Binary(T::MINIMUM),
      Binary(T::MOD),
      Op(T::MUL_FUSION, {act}, 2, 2, 1, 1, &InferArithmetic, &MulKernel),
      Op(T::NEG, none, 1, 1, 1, 1, &InferUnaryMath, &UnaryMathKernel),
      Binary(T::NOT_EQUAL),
      Op(T::ONE_HOT, {Int64("axis")}, 4, 4, 1, 1),
      Op(T::PAD_FUSION, {Int64List("paddings"), Enum("paddingMode"), Float("constantValue")}, 2, 2, 1, 1),
      Op(T::POW_FUSION, {Float("scale"), Float("shift")}, 2, 2, 1, 1),
      Op(T::PRELU_FUSION, {Bool("channelShared")}, 2, 2, 1, 1, &InferPRelu, &PReluKernel),
      // Lowered with the QuantDTypeCastV2 payload (ops_catalog 1.4), so `axis` is accepted too (C-40).
      Op(T::QUANT_DTYPE_CAST, {Int64("srcT"), Int64("dstT"), Int64("axis")}, 1, 1, 1, 1, &InferQuantDTypeCast,
         &QuantDTypeCastKernel),
      Unary(T::RANK),
      Op(T::RANGE, {Int64("dataType"), Int64("start"), Int64("limit"), Int64("delta")}, 1, 1, 1, 1),
      Op(T::RECIPROCAL, none, 1, 1, 1, 1, &InferUnaryMath, &UnaryMathKernel),
      Binary(T::REAL_DIV),
      Op(T::REDUCE_FUSION, {Bool("keepDims"), Enum("mode"), Bool("reduceToEnd"), Float("coeff")}, 2, 2, 1, 1),
      Op(T::RESHAPE, none, 2, 2, 1, 1, &InferReshape, &ReshapeKernel),
      Op(T::RESIZE,
         {Enum("method"), Int64("newHeight"), Int64("newWidth"), Bool("preserveAspectRatio"),
          Enum("coordinateTransformMode"), Float("cubicCoeff"), Int64("excludeOutside"), Float("extrapolationValue"),
          Enum("nearestMode")},
         1, 1, 1, 1),
      Op(T::ROUND, none, 1, 1, 1, 1, &InferUnaryMath, &UnaryMathKernel),
      Op(T::RSQRT, none, 1, 1, 1, 1, &InferUnaryMath, &UnaryMathKernel),
      Op(T::SCALE_FUSION, {Int64("axis"), act}, 3, 3, 1, 1),
      Op(T::SCATTER_ND, none, 3, 3, 1, 1),
      Unary(T::SHAPE),
      Op(T::SIN, none, 1, 1, 1, 1, &InferUnaryMath, &UnaryMathKernel),
      Op(T::SLICE_FUSION, {Int64List("axes")}, 3, 3, 1, 1),
      Op(T::SOFTMAX, {Int64List("axis")}, 1, 1, 1, 1),
      Op(T::SPACE_TO_BATCH_ND, {Int64List("blockShape"), Int64List("paddings")}, 1, 1, 1, 1),
      Op(T::SPACE_TO_DEPTH, {Int64("blockSize"), Enum("format")}, 1, 1, 1, 1),
      Op(T::SPARSE_TO_DENSE, none, 3, 3, 1, 1),
      Op(T::SPLIT, {Int64("outputNum"), Int64List("sizeSplits"), Int64("axis")}, 1, 1, 1, kAny),
      Op(T::SQRT, none, 1, 1, 1, 1, &InferUnaryMath, &UnaryMathKernel),
      Op(T::SQUEEZE, {Int64List("axis")}, 1, 1, 1, 1),
      Op(T::SQUARE, none, 1, 1, 1, 1, &InferUnaryMath, &UnaryMathKernel),
      Binary(T::SQUARED_DIFFERENCE),
      Op(T::STACK, {Int64("axis")}, 2, kAny, 1, 1),
      Op(T::STRIDED_SLICE,
         {Int64("beginMask"), Int64("endMask"), Int64("ellipsisMask"), Int64("newAxisMask"), Int64("shrinkAxisMask")}, 4,
         4, 1, 1),
      Op(T::SUB_FUSION, {act}, 2, 2, 1, 1, &InferArithmetic, &SubKernel),
      Op(T::TILE_FUSION, {Int64List("dims")}, 2, 2, 1, 1),
      Op(T::TOPK_FUSION, {Bool("sorted"), Int64("axis")}, 2, 2, 2, 2),
      Binary(T::TRANSPOSE),
      Op(T::UNSQUEEZE, {Int64List("axis")}, 1, 1, 1, 1),
      Op(T::UNSTACK, {Int64("axis")}, 1, 1, 1, kAny),
      Op(T::WHERE, none, 3, 3, 1, 1),
      Op(T::SELECT, none, 3, 3, 1, 1),
      Op(T::ERF, none, 1, 1, 1, 1, &InferUnaryMath, &UnaryMathKernel),
      Op(T::LOG_SOFTMAX, {Int64("axis")}, 1, 1, 1, 1),
      Op(T::QUANT_DTYPE_CAST_V2, {Int64("srcT"), Int64("dstT"), Int64("axis")}, 1, 1, 1, 1, &InferQuantDTypeCast,
         &QuantDTypeCastKernel),
  };
  return t;
}

}  // namespace

const std::vector<OpDef>& AllOpDefs() {
  static const std::vector<OpDef>* const table = new std::vector<OpDef>(BuildTable());
  return *table;
}

const OpDef* FindOpDef(NodeType type) {
  for (const OpDef& def : AllOpDefs()) {
    if (def.type == type) return &def;
  }
  return nullptr;
}

}  // namespace nnrt
