// The list of node specs the suite runs: one per implemented node type (one
// per activation type for NODE_TYPE_ACTIVATION, whose tolerance differs).
// Adding an operator to the suite = its family constructor (or a new one in
// specs/<family>_spec.cc) and one line here. The order is the graph
// generator's offer order: the simplest signatures first, so that shrinking
// moves towards them.
#include <algorithm>

#include "conformance/node_spec.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace cts {

const std::vector<NodeSpec>& AllNodeSpecs() {
  static const std::vector<NodeSpec>* const specs = new std::vector<NodeSpec>{
      ElementwiseArithmeticSpec(NodeType::ADD_FUSION),
      ActivationSpec(ActivationType::kRelu),
      ElementwiseArithmeticSpec(NodeType::SUB_FUSION),
      ElementwiseArithmeticSpec(NodeType::MUL_FUSION),
      Conv2DSpec(),
      ReshapeSpec(),
      ActivationSpec(ActivationType::kRelu6),
      ActivationSpec(ActivationType::kSigmoid),
      ActivationSpec(ActivationType::kTanh),
      ElementwiseArithmeticSpec(NodeType::DIV_FUSION),
      UnaryMathSpec(NodeType::ABS),
      UnaryMathSpec(NodeType::NEG),
      UnaryMathSpec(NodeType::FLOOR),
      UnaryMathSpec(NodeType::CEIL),
      UnaryMathSpec(NodeType::SQUARE),
      UnaryMathSpec(NodeType::SIN),
      UnaryMathSpec(NodeType::COS),
      UnaryMathSpec(NodeType::EXPFUSION),
      UnaryMathSpec(NodeType::LOG),
      UnaryMathSpec(NodeType::SQRT),
      UnaryMathSpec(NodeType::RSQRT),
      UnaryMathSpec(NodeType::RECIPROCAL),
      UnaryMathSpec(NodeType::ERF),
      UnaryMathSpec(NodeType::ROUND),
      ParametrisedActivationSpec(ActivationType::kElu),
      ParametrisedActivationSpec(ActivationType::kLeakyRelu),
      ParametrisedActivationSpec(ActivationType::kAbs),
      ParametrisedActivationSpec(ActivationType::kRelu1),
      ParametrisedActivationSpec(ActivationType::kSoftsign),
      ParametrisedActivationSpec(ActivationType::kSoftplus),
      ParametrisedActivationSpec(ActivationType::kSelu),
      ParametrisedActivationSpec(ActivationType::kHswish),
      ParametrisedActivationSpec(ActivationType::kHsigmoid),
      ParametrisedActivationSpec(ActivationType::kThresholdRelu),
      ParametrisedActivationSpec(ActivationType::kLinear),
      ParametrisedActivationSpec(ActivationType::kHardTanh),
      ParametrisedActivationSpec(ActivationType::kSign),
      ParametrisedActivationSpec(ActivationType::kSwish),
      ParametrisedActivationSpec(ActivationType::kGelu),
      ClipSpec(),
      PReluSpec(),
      CastSpec(),
      QuantDTypeCastSpec(NodeType::QUANT_DTYPE_CAST),
      QuantDTypeCastSpec(NodeType::QUANT_DTYPE_CAST_V2),
      GatherSpec(),
      GatherNdSpec(),
      ScatterNdSpec(),
      OneHotSpec(),
      SelectWhereSpec(NodeType::SELECT),
      SelectWhereSpec(NodeType::WHERE),
      ComparisonSpec(NodeType::EQUAL),
      ComparisonSpec(NodeType::NOT_EQUAL),
      ComparisonSpec(NodeType::GREATER),
      ComparisonSpec(NodeType::GREATER_EQUAL),
      ComparisonSpec(NodeType::LESS),
      ComparisonSpec(NodeType::LESS_EQUAL),
      LogicalSpec(NodeType::LOGICAL_AND),
      LogicalSpec(NodeType::LOGICAL_OR),
      LogicalSpec(NodeType::LOGICAL_NOT),
      BinaryMathSpec(NodeType::MAXIMUM),
      BinaryMathSpec(NodeType::MINIMUM),
      BinaryMathSpec(NodeType::SQUARED_DIFFERENCE),
      BinaryMathSpec(NodeType::MOD),
      BinaryMathSpec(NodeType::REAL_DIV),
      PowSpec(),
      EltwiseSpec(),
      LeakyReluNodeSpec(),
      MatMulSpec(),
      FullConnectionSpec(),
      Conv2DTransposeSpec(),
      MaxPoolSpec(),
      AvgPoolSpec(),
      LayerNormSpec(),
      BatchNormSpec(),
      InstanceNormSpec(),
      ScaleSpec(),
      BiasAddSpec(),
      L2NormalizeSpec(),
      TransposeSpec(),
      ConcatSpec(),
      SplitSpec(),
      StackSpec(),
      UnstackSpec(),
      ShapeOpSpec(NodeType::FLATTEN),
      ShapeOpSpec(NodeType::SQUEEZE),
      ShapeOpSpec(NodeType::UNSQUEEZE),
      ShapeOpSpec(NodeType::EXPAND_DIMS),
      ShapeRankSpec(NodeType::SHAPE),
      ShapeRankSpec(NodeType::RANK),
      BroadcastToSpec(),
      TileSpec(),
      SoftmaxSpec(NodeType::SOFTMAX),
      SoftmaxSpec(NodeType::LOG_SOFTMAX),
      ReduceSpec(),
      ArgMaxSpec(),
      TopKSpec(),
      LrnSpec(),
      PadSpec(),
      SliceSpec(),
      CropSpec(),
      DepthSpaceSpec(NodeType::DEPTH_TO_SPACE),
      DepthSpaceSpec(NodeType::SPACE_TO_DEPTH),
      BatchSpaceSpec(NodeType::BATCH_TO_SPACE_ND),
      BatchSpaceSpec(NodeType::SPACE_TO_BATCH_ND),
      DetectionPostProcessSpec(),
      ResizeSpec(),
      StridedSliceSpec(),
      SparseToDenseSpec(),
      LstmSpec(),
      FillSpec(),
      ConstantOfShapeSpec(),
      RangeSpec(),
      AllSpec(),
      AssertSpec(),
  };
  return *specs;
}

const NodeSpec* FindNodeSpec(const std::string& name) {
  for (const NodeSpec& s : AllNodeSpecs()) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

const NodeSpec* FindNodeSpecFor(NodeType type, ActivationType activation) {
  for (const NodeSpec& s : AllNodeSpecs()) {
    if (s.type == type && (type != NodeType::ACTIVATION || s.activation == activation)) return &s;
  }
  return nullptr;
}

std::vector<std::string> AllNodeSpecNames() {
  std::vector<std::string> names;
  for (const NodeSpec& s : AllNodeSpecs()) names.push_back(s.name);
  return names;
}

GraphRole Chainable(GraphKind kind, bool quantized_ok, bool hazard) {
  GraphRole r;
  r.kind = kind;
  r.quantized_ok = quantized_ok;
  r.hazard = hazard;
  return r;
}

GraphRole NotChainable(const char* reason) {
  GraphRole r;
  r.reason = reason;
  return r;
}

AttrDomain SchemaDomain(NodeType type, const char* name) {
  const OpDef* def = FindOpDef(type);
  const AttrSpec* spec = def != nullptr ? def->FindAttr(name) : nullptr;
  if (spec == nullptr) return AttrDomain{"", AttrType::kInt64, {}};
  AttrDomain d{spec->name, spec->type, spec->domain.choices};
  d.count = spec->count;
  return d;
}

AttrDomain SchemaDomain(NodeType type, const char* name, std::vector<int64_t> choices) {
  AttrDomain d = SchemaDomain(type, name);
  d.choices = std::move(choices);
  if (d.count < 0) d.count = 1;
  return d;
}

AttrDomain SchemaRange(NodeType type, const char* name, int64_t min, int64_t max, int32_t count) {
  AttrDomain d = SchemaDomain(type, name);
  d.choices.clear();
  d.min = min;
  d.max = max;
  d.count = count;
  return d;
}

}  // namespace cts
}  // namespace nnrt
