// THE list of node types: one entry for every HDI v2.1 NodeType (ops_catalog
// 2.3), in enum order. An implemented node type is one line naming its
// operator module (reference/ops/<op>.cc exports its OpDef: attribute schema
// with defaults and domains, data-type signatures, shape inference, kernel);
// a node type the reference does not implement yet is an explicit
// NotImplemented entry that still carries its HDI attribute schema, because
// the OH_NN front end lowers to it and models using it must validate.
//
// Everything else is derived from this list: the interpreter's dispatch, the
// HAL's supported-operation answer, the builder defaults of the runtime
// (DefaultAttrs), the conformance attribute domains and the coverage line
// "node types N/96, OH_NN operations N/108".
//
// Schema conventions: attribute names and types are the HDI NodeAttrTypes.idl
// fields (ops_catalog 2.5): IDL long -> int64 (long[] and long[][] -> int64
// list, row-major), float -> float32, boolean -> bool, String -> string, the
// byte enums -> int8. Every attribute is optional and takes its default (the
// OH_NN builder default) when absent, except ACTIVATION.activationType (C-40).
// Input/output counts are the exact counts of ops_catalog section 3 (C-40).
#include <vector>

#include "reference/ops/elementwise/activation.h"
#include "reference/ops/tensor/all_assert.h"
#include "reference/ops/tensor/argmax.h"
#include "reference/ops/elementwise/arithmetic.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/nn/batch_instance_norm.h"
#include "reference/ops/tensor/batch_space.h"
#include "reference/ops/elementwise/binary_math.h"
#include "reference/ops/tensor/broadcast_tile.h"
#include "reference/ops/elementwise/cast.h"
#include "reference/ops/elementwise/clip.h"
#include "reference/ops/elementwise/comparison.h"
#include "reference/ops/tensor/concat_split.h"
#include "reference/ops/nn/conv2d.h"
#include "reference/ops/nn/conv2d_transpose.h"
#include "reference/ops/tensor/depth_space.h"
#include "reference/ops/nn/detection_post_process.h"
#include "reference/ops/nn/full_connection.h"
#include "reference/ops/elementwise/eltwise.h"
#include "reference/ops/tensor/fill.h"
#include "reference/ops/tensor/gather_scatter.h"
#include "reference/ops/nn/l2_normalize.h"
#include "reference/ops/nn/layer_norm.h"
#include "reference/ops/elementwise/leaky_relu.h"
#include "reference/ops/elementwise/logical.h"
#include "reference/ops/nn/lrn.h"
#include "reference/ops/nn/lstm.h"
#include "reference/ops/nn/matmul.h"
#include "reference/ops/core/op_def.h"
#include "reference/ops/tensor/pad.h"
#include "reference/ops/nn/pool.h"
#include "reference/ops/elementwise/pow.h"
#include "reference/ops/elementwise/prelu.h"
#include "reference/ops/elementwise/quant_dtype_cast.h"
#include "reference/ops/tensor/range.h"
#include "reference/ops/tensor/reduce.h"
#include "reference/ops/tensor/reshape.h"
#include "reference/ops/nn/resize.h"
#include "reference/ops/elementwise/scale_bias.h"
#include "reference/ops/elementwise/select_where.h"
#include "reference/ops/tensor/shape_ops.h"
#include "reference/ops/tensor/shape_rank.h"
#include "reference/ops/tensor/slice.h"
#include "reference/ops/nn/softmax.h"
#include "reference/ops/tensor/sparse_to_dense.h"
#include "reference/ops/tensor/stack.h"
#include "reference/ops/tensor/topk.h"
#include "reference/ops/tensor/strided_slice.h"
#include "reference/ops/tensor/transpose.h"
#include "reference/ops/elementwise/unary_math.h"

namespace nnrt {
namespace {

using namespace schema;  // NOLINT: the list reads as the IDL

constexpr int8_t kNchw = 0;  // HDI Format NCHW, the default of the format fields (ops_catalog 1.4)

// A node type without a reference implementation: schema and counts only.
OpDef NotImplemented(NodeType type, std::vector<AttrSpec> attrs, int32_t min_in, int32_t max_in, int32_t min_out,
                     int32_t max_out) {
  return OpDef{type, std::move(attrs), min_in, max_in, min_out, max_out, nullptr, nullptr, {}};
}

std::vector<OpDef> BuildList() {
  using T = NodeType;
  std::vector<OpDef> t = {
      // NONE is not an operator; it has an entry so that lookups never fail (C-40).
      NotImplemented(T::NONE, {}, 0, kAny, 0, kAny),
      UnaryMathOpDef(T::ABS),
      ActivationOpDef(),
      ArithmeticOpDef(T::ADD_FUSION),
      AllOpDef(),
      ArgMaxOpDef(),
      AssertOpDef(),
      AvgPoolOpDef(),
      BatchToSpaceOpDef(),
      BiasAddOpDef(),
      BroadcastToOpDef(),
      CastOpDef(),
      UnaryMathOpDef(T::CEIL),
      ClipOpDef(),
      ConcatOpDef(),
      Conv2DOpDef(),
      Conv2DTransposeOpDef(),
      UnaryMathOpDef(T::COS),
      ConstantOfShapeOpDef(),
      CropOpDef(),
      DepthToSpaceOpDef(),
      DetectionPostProcessOpDef(),
      ArithmeticOpDef(T::DIV_FUSION),
      EltwiseOpDef(),
      ComparisonOpDef(T::EQUAL),
      UnaryMathOpDef(T::EXPFUSION),
      ExpandDimsOpDef(),
      FlattenOpDef(),
      UnaryMathOpDef(T::FLOOR),
      FillOpDef(),
      FullConnectionOpDef(),
      BatchNormOpDef(),
      GatherOpDef(),
      GatherNdOpDef(),
      ComparisonOpDef(T::GREATER),
      ComparisonOpDef(T::GREATER_EQUAL),
      InstanceNormOpDef(),
      LayerNormOpDef(),
      LeakyReluOpDef(),
      ComparisonOpDef(T::LESS),
      ComparisonOpDef(T::LESS_EQUAL),
      UnaryMathOpDef(T::LOG),
      LogicalOpDef(T::LOGICAL_AND),
      LogicalOpDef(T::LOGICAL_NOT),
      LogicalOpDef(T::LOGICAL_OR),
      LrnOpDef(),
      LstmOpDef(),
      L2NormalizeOpDef(),
      MatMulOpDef(),
      BinaryMathOpDef(T::MAXIMUM),
      MaxPoolOpDef(),
      BinaryMathOpDef(T::MINIMUM),
      BinaryMathOpDef(T::MOD),
      ArithmeticOpDef(T::MUL_FUSION),
      UnaryMathOpDef(T::NEG),
      ComparisonOpDef(T::NOT_EQUAL),
      OneHotOpDef(),
      PadOpDef(),
      PowOpDef(),
      PReluOpDef(),
      QuantDTypeCastOpDef(T::QUANT_DTYPE_CAST),
      RankOpDef(),
      RangeOpDef(),
      UnaryMathOpDef(T::RECIPROCAL),
      BinaryMathOpDef(T::REAL_DIV),
      ReduceOpDef(),
      ReshapeOpDef(),
      ResizeOpDef(),
      UnaryMathOpDef(T::ROUND),
      UnaryMathOpDef(T::RSQRT),
      ScaleOpDef(),
      ScatterNdOpDef(),
      ShapeOpDef(),
      UnaryMathOpDef(T::SIN),
      SliceOpDef(),
      SoftmaxOpDef(),
      SpaceToBatchOpDef(),
      SpaceToDepthOpDef(),
      SparseToDenseOpDef(),
      SplitOpDef(),
      UnaryMathOpDef(T::SQRT),
      SqueezeOpDef(),
      UnaryMathOpDef(T::SQUARE),
      BinaryMathOpDef(T::SQUARED_DIFFERENCE),
      StackOpDef(),
      StridedSliceOpDef(),
      ArithmeticOpDef(T::SUB_FUSION),
      TileOpDef(),
      TopKOpDef(),
      TransposeOpDef(),
      UnsqueezeOpDef(),
      UnstackOpDef(),
      WhereOpDef(),
      SelectOpDef(),
      UnaryMathOpDef(T::ERF),
      LogSoftmaxOpDef(),
      QuantDTypeCastOpDef(T::QUANT_DTYPE_CAST_V2),
  };
  return t;
}

}  // namespace

const std::vector<OpDef>& AllOpDefs() {
  static const std::vector<OpDef>* const table = new std::vector<OpDef>(BuildList());
  return *table;
}

const OpDef* FindOpDef(NodeType type) {
  for (const OpDef& def : AllOpDefs()) {
    if (def.type == type) return &def;
  }
  return nullptr;
}

}  // namespace nnrt
