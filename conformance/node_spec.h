// Per-node-type conformance specs: what the suite knows about a node type in
// one declarative record, built by one constructor per family (element-wise,
// activation, sliding window, reshape, cast, ...). From the record come the
// single-node generator (data types, attribute domains), the node's place in
// the random-graph generator (GraphRole), its tolerance row (ToleranceClass)
// and the invalid-model mutations of its attributes. Attribute types, counts
// and legal values come from the node type's schema in the operator list
// (reference/ops/registry.cc); a spec only narrows what it generates.
#ifndef NNRT_CONFORMANCE_NODE_SPEC_H_
#define NNRT_CONFORMANCE_NODE_SPEC_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "conformance/tolerance/reference_aux.h"
#include "conformance/tolerance/tolerance.h"
#include "reference/hal/hal_model_view.h"
#include "reference/ir/ir.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {

// The legal values of one attribute (HDI NodeAttrTypes field).
struct AttrDomain {
  const char* name;
  AttrType type;
  // Enumerated legal values for scalar enums / small ints (empty = see range).
  std::vector<int64_t> choices;
  // Inclusive range for free integers (used when choices is empty).
  int64_t min = 0;
  int64_t max = 0;
  // Element count: 1 scalar, n fixed list, -1 any.
  int32_t count = 1;
};

// What the generator hands to the runner: a one-node model with its inputs
// (TestCase.expected is left empty; the reference fills it).
struct GeneratedCase {
  TestCase test_case;
  ModelConfig config;
  DataType dtype = DataType::kUnknown;  // the case's primary data type (coverage table column)
  bool quantized = false;
};

// How a node type connects in a random graph (RGG "operation signature"):
// the operand roles and how the output shape follows.
enum class GraphKind {
  kNotChainable,  // not used by the graph generator; GraphRole::reason says why
  kBinary,        // two broadcastable operands of the same type
  kUnary,         // one operand, same shape out, default attributes
  kActivation,    // NODE_TYPE_ACTIVATION with the spec's activation type
  kConv,          // NHWC rank-4 input, constant weights and bias
  kReshape,       // data + constant target shape
  kDense,         // MATMUL_FUSION / FULL_CONNECTION over the last dim with a constant weight
  kConvTranspose, // CONV2D_TRANSPOSE_FUSION on an NHWC rank-4 input, constant weights and bias
  kPool,          // AVGPOOL_FUSION / MAX_POOL_FUSION on an NHWC rank-4 input, small windows
  kNormalize,     // keeps the dims: the normalisations, SCALE, BIAS_ADD (constant parameter tensors)
  kTranspose,     // data + constant perm (a permutation of the chain tensor's axes)
  kConcat,        // the chain tensor joined with a second operand along one axis
  kReduce,        // REDUCE_FUSION with keepDims over constant axes (the rank is kept)
  kSoftmax,       // SOFTMAX / LOG_SOFTMAX over one axis of the chain tensor (dims kept)
  kWindow,        // PAD_FUSION / SLICE_FUSION / STRIDED_SLICE on the last dim with constant int64 windows
  kSplit,         // SPLIT along one axis into 1-3 pieces, every piece a usable tensor
  kTile,          // TILE_FUSION with run-time multiples: output dims depend on an input's values
  kBatchSpace,    // BATCH_TO_SPACE_ND / SPACE_TO_BATCH_ND on a rank-4 NHWC tensor, small blocks, crops, paddings
  kResize,        // RESIZE on an NHWC rank-4 input: every method and transform, H and W 1..2x
};

struct GraphRole {
  GraphKind kind = GraphKind::kNotChainable;
  bool quantized_ok = false;  // runs quantized inside a graph
  // The output may be Inf/NaN on ordinary values (RGG doNotConnect: DIV,
  // EXP, LOG, SQRT, RSQRT, RECIPROCAL overflow or leave their domain).
  bool hazard = false;
  const char* reason = "";  // kNotChainable: why (a spec must say)
};

GraphRole Chainable(GraphKind kind, bool quantized_ok, bool hazard = false);
GraphRole NotChainable(const char* reason);

// How the composed end-to-end bound (conformance/model/bounds.h, docs/conformance.md
// "Model-level tolerance", C-781) carries its inputs' error bounds through the node.
// Every spec decides: kUndecided fails operator_completeness_test, and kNone
// (an explicit "no rule": the bound is not derived past this node) is a decision.
enum class ModelBoundRule {
  kUndecided,
  kNone,
  kBilinear,   // bilinear in two operands (CONV, MATMUL, FULL_CONNECTION, MUL)
  kSum,        // a sum of the operands (ADD, SUB, BIAS_ADD)
  kSameOp,     // monotone data movement / selection: the node run on the bounds
  kLipschitz,  // element-wise with a Lipschitz constant (activations, CLIP, ABS, NEG)
  kSoftmax,
  kLayerNorm,
};

struct NodeSpec;
// Builds one valid case. Runs inside a rapidcheck property and draws its
// choices with `*gen`, so rapidcheck can shrink every choice.
using CaseGenerator = GeneratedCase (*)(const NodeSpec& spec, DataType dtype);

struct NodeSpec {
  std::string name;  // "ADD_FUSION", "ACTIVATION_SIGMOID" (gtest test name)
  NodeType type = NodeType::NONE;
  ActivationType activation = ActivationType::kNone;  // NODE_TYPE_ACTIVATION only
  // Data types the generator produces; int8/uint8 mean quantized tensors.
  std::vector<DataType> dtypes;
  std::vector<AttrDomain> attrs;
  CaseGenerator generate = nullptr;
  // The row of the tolerance table this node type is judged by (no default:
  // a spec without one fails the completeness test and every comparison).
  std::optional<ToleranceClass> tolerance;
  // The sign of a zero result is defined exactly (NEG, ABS, data movement,
  // MUL): the comparator then checks it (Tolerance::signed_zero).
  bool signed_zero_exact = false;
  GraphRole graph;
  // The per-element data its tolerance row reads (input values, bounds-mode
  // magnitudes, dot-product term counts); nullptr: the row needs none.
  ReferenceAuxFn reference_aux = nullptr;
  // Run-time index inputs (tensor names) whose values have a documented range,
  // a value outside it failing Run with NNRT_INVALID_INPUT (C-351): the run
  // probes index_negative and index_past_end rewrite them (conformance/mutations/index_probes.h).
  std::vector<std::string> index_inputs;
  // The model-level bound's rule for this node type (see ModelBoundRule).
  ModelBoundRule model_bound = ModelBoundRule::kUndecided;
  // Quantized graphs: the output keeps the input's quantization parameters
  // (data movement, docs/quantization.md; C-235, C-350, C-528, C-600, C-644)
  // instead of taking them from the real range the reference computes.
  bool keeps_input_quant = false;
  // Two numpy-broadcast operands (C-48, C-684, C-687): the invalid-model
  // family broadcast_incompatible mutates them.
  bool broadcasting_binary = false;
  // Why no invalid-model family breaks a rule of this operator's own although
  // it has attributes (their values are not interpreted, or their rules need
  // operands this spec's cases never carry), citing the decision; nullptr when
  // a family does. operator_completeness_test checks that one of the two holds.
  const char* no_own_invalid_model_family = nullptr;
};

// Adds a spec to AllNodeSpecs() at position `order` (ascending; unique). A
// spec file registers its specs itself with NNRT_NODE_SPEC; conformance_lib
// is linked whole (alwayslink) so that every registration runs.
struct NodeSpecRegistration {
  NodeSpecRegistration(int order, NodeSpec (*make)());
};
// The order keys of the registered specs, in AllNodeSpecs() order.
std::vector<int> NodeSpecOrderKeys();

#define NNRT_NODE_SPEC_CONCAT_INNER(a, b) a##b
#define NNRT_NODE_SPEC_CONCAT(a, b) NNRT_NODE_SPEC_CONCAT_INNER(a, b)
// NNRT_NODE_SPEC(order, expression yielding a NodeSpec) at namespace scope.
#define NNRT_NODE_SPEC(order, ...)                                                     \
  static const ::nnrt::cts::NodeSpecRegistration NNRT_NODE_SPEC_CONCAT(kNodeSpec, __LINE__)( \
      order, [] { return ::nnrt::cts::NodeSpec(__VA_ARGS__); })

// The generation domain of attribute `name` of node type `type`: type and
// count from the operator list's schema, values from the schema's legal
// domain (enumerations, bools) unless narrowed by `choices` or a range.
// An attribute the schema does not have yields a domain with an empty name,
// which the completeness test reports.
AttrDomain SchemaDomain(NodeType type, const char* name);
AttrDomain SchemaDomain(NodeType type, const char* name, std::vector<int64_t> choices);
AttrDomain SchemaRange(NodeType type, const char* name, int64_t min, int64_t max, int32_t count = 1);

// Every spec, one per implemented node type (and activation type), in the
// order the graph generator offers them (simplest first, for shrinking): the
// registrations sorted by their order keys.
const std::vector<NodeSpec>& AllNodeSpecs();
const NodeSpec* FindNodeSpec(const std::string& name);
// The spec of a node type (for ACTIVATION: of that activation type), nullptr if none.
const NodeSpec* FindNodeSpecFor(NodeType type, ActivationType activation);
// The first spec of a node type, nullptr if none: for the per-node-type facts
// (model_bound, keeps_input_quant, broadcasting_binary), which every spec of a
// node type agrees on (operator_completeness_test).
const NodeSpec* FirstNodeSpecOf(NodeType type);
// The names of AllNodeSpecs() in order (the gtest parameters of the suite's tests).
std::vector<std::string> AllNodeSpecNames();

// The family constructors of the spec files (conformance/specs/*.cc).
NodeSpec ElementwiseArithmeticSpec(NodeType type);
// RELU, RELU6, SIGMOID, TANH (specs/activation_spec.cc): the activation types
// with the fused-activation pipelines, generated over their full quantized range.
NodeSpec ActivationSpec(ActivationType activation);
NodeSpec Conv2DSpec();
// CONV2D_FUSION / CONV2D_TRANSPOSE_FUSION: kH * kW * inC/group terms (+1 bias) per output.
Status ConvReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                        ReferenceAux* aux);
NodeSpec ReshapeSpec();
// specs/unary_spec.cc: unary math node types (ABS, CEIL, COS, ERF, EXPFUSION,
// FLOOR, LOG, NEG, RECIPROCAL, ROUND, RSQRT, SIN, SQRT, SQUARE), the
// parametrised ACTIVATION types (ELU, LEAKY_RELU, ..., GELU), CLIP,
// PRELU_FUSION, CAST, QUANT_DTYPE_CAST (113) / QUANT_DTYPE_CAST_V2 (999).
NodeSpec UnaryMathSpec(NodeType type);
NodeSpec ParametrisedActivationSpec(ActivationType activation);
NodeSpec ClipSpec();
NodeSpec PReluSpec();
NodeSpec CastSpec();
NodeSpec QuantDTypeCastSpec(NodeType type);
// specs/index_spec.cc: index-driven data movement (GATHER, GATHER_ND, SCATTER_ND,
// ONE_HOT).
NodeSpec GatherSpec();
NodeSpec GatherNdSpec();
NodeSpec ScatterNdSpec();
NodeSpec OneHotSpec();
// specs/select_where_spec.cc: SELECT and WHERE.
NodeSpec SelectWhereSpec(NodeType type);
// specs/comparison_spec.cc: EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS,
// LESS_EQUAL (bool output).
NodeSpec ComparisonSpec(NodeType type);
// specs/logical_spec.cc: LOGICAL_AND, LOGICAL_OR, LOGICAL_NOT.
NodeSpec LogicalSpec(NodeType type);
// specs/binary_math_spec.cc: MAXIMUM, MINIMUM, SQUARED_DIFFERENCE, MOD, REAL_DIV.
NodeSpec BinaryMathSpec(NodeType type);
// specs/binary_math_spec.cc too: POW_FUSION and ELTWISE.
NodeSpec PowSpec();
NodeSpec EltwiseSpec();
// specs/leaky_relu_spec.cc: the LEAKY_RELU node type (76).
NodeSpec LeakyReluNodeSpec();
// specs/matmul_spec.cc: MATMUL_FUSION and FULL_CONNECTION.
NodeSpec MatMulSpec();
NodeSpec FullConnectionSpec();
// specs/conv2d_transpose_spec.cc: CONV2D_TRANSPOSE_FUSION.
NodeSpec Conv2DTransposeSpec();
// specs/pool_spec.cc: MAX_POOL_FUSION and AVGPOOL_FUSION.
NodeSpec MaxPoolSpec();
NodeSpec AvgPoolSpec();
// specs/norm_spec.cc: LAYER_NORM_FUSION, FUSED_BATCH_NORM, INSTANCE_NORM,
// SCALE_FUSION, BIAS_ADD and L2_NORMALIZE_FUSION.
NodeSpec LayerNormSpec();
NodeSpec BatchNormSpec();
NodeSpec InstanceNormSpec();
NodeSpec ScaleSpec();
NodeSpec BiasAddSpec();
NodeSpec L2NormalizeSpec();
// specs/data_movement_spec.cc: TRANSPOSE, CONCAT, SPLIT, STACK, UNSTACK, and
// ShapeOpSpec for FLATTEN, SQUEEZE, UNSQUEEZE, EXPAND_DIMS, ShapeRankSpec for
// SHAPE and RANK, BROADCAST_TO, TILE_FUSION.
NodeSpec TransposeSpec();
NodeSpec ConcatSpec();
NodeSpec SplitSpec();
NodeSpec StackSpec();
NodeSpec UnstackSpec();
NodeSpec ShapeOpSpec(NodeType type);
NodeSpec ShapeRankSpec(NodeType type);
NodeSpec BroadcastToSpec();
NodeSpec TileSpec();
// specs/softmax_spec.cc: SOFTMAX and LOG_SOFTMAX.
NodeSpec SoftmaxSpec(NodeType type);
// specs/reduce_spec.cc: REDUCE_FUSION.
NodeSpec ReduceSpec();
// specs/argmax_spec.cc: ARGMAX_FUSION.
NodeSpec ArgMaxSpec();
// specs/argmax_spec.cc: TOPK_FUSION.
NodeSpec TopKSpec();
// specs/lrn_spec.cc: LRN.
NodeSpec LrnSpec();
// specs/slice_pad_spec.cc: PAD_FUSION, SLICE_FUSION and CROP.
NodeSpec PadSpec();
NodeSpec SliceSpec();
NodeSpec CropSpec();
// specs/block_space_spec.cc: DEPTH_TO_SPACE and SPACE_TO_DEPTH (DepthSpaceSpec),
// BATCH_TO_SPACE_ND and SPACE_TO_BATCH_ND (BatchSpaceSpec).
NodeSpec DepthSpaceSpec(NodeType type);
NodeSpec BatchSpaceSpec(NodeType type);
// specs/detection_spec.cc: DETECTION_POST_PROCESS.
NodeSpec DetectionPostProcessSpec();
// specs/resize_spec.cc: RESIZE.
NodeSpec ResizeSpec();
// specs/strided_slice_spec.cc: STRIDED_SLICE and SPARSE_TO_DENSE.
NodeSpec StridedSliceSpec();
NodeSpec SparseToDenseSpec();
// specs/lstm_spec.cc: LSTM.
NodeSpec LstmSpec();
// specs/generators_spec.cc: FILL, CONSTANT_OF_SHAPE and RANGE.
NodeSpec FillSpec();
NodeSpec ConstantOfShapeSpec();
NodeSpec RangeSpec();
// specs/bool_checks_spec.cc: ALL and ASSERT.
NodeSpec AllSpec();
NodeSpec AssertSpec();

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_NODE_SPEC_H_
