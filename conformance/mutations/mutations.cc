// The invalid-model mutation families (conformance/mutations/mutations.h). Every family
// starts from a copy of a valid one-node case (node 0 is the node under test,
// its input 0 a model input) and breaks exactly one rule, cited in `rule`.
// This file: the helpers the families share, the model-config families and
// the table of all families; the others are in mutations_operands.cc,
// mutations_graph.cc and mutations_attributes.cc.
#include "conformance/mutations/mutations.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "conformance/generators.h"
#include "conformance/mutations/internal.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace cts {
namespace mutations_internal {

// ---- Shared helpers ------------------------------------------------------------------

bool Begin(const GeneratedCase& valid, MutatedCase* out) {
  if (valid.test_case.model.nodes.empty()) return false;
  out->test_case = valid.test_case;
  out->config = valid.config;
  out->mutated_node = 0;
  out->detail.clear();
  return true;
}

Model& M(MutatedCase* out) { return out->test_case.model; }

Node& TheNode(MutatedCase* out) { return out->test_case.model.nodes[0]; }

// Input 0 of the node when it is a model input without data (every spec's "x").
Tensor* NodeModelInput0(MutatedCase* out) {
  Model& m = M(out);
  const Node& n = m.nodes[0];
  if (n.inputs.empty() || n.inputs[0] >= m.tensors.size()) return nullptr;
  const uint32_t t = n.inputs[0];
  if (std::find(m.inputs.begin(), m.inputs.end(), t) == m.inputs.end()) return nullptr;
  return m.tensors[t].HasData() ? nullptr : &m.tensors[t];
}

Tensor* NodeOutput0(MutatedCase* out) {
  Model& m = M(out);
  const Node& n = m.nodes[0];
  if (n.outputs.empty() || n.outputs[0] >= m.tensors.size()) return nullptr;
  return &m.tensors[n.outputs[0]];
}

Tensor* ConstantNodeInput(MutatedCase* out, size_t index) {
  const Node& n = TheNode(out);
  if (n.inputs.size() <= index || n.inputs[index] >= M(out).tensors.size()) return nullptr;
  Tensor& t = M(out).tensors[n.inputs[index]];
  return t.HasData() ? &t : nullptr;
}

bool IsCastLike(NodeType t) {
  return t == NodeType::CAST || t == NodeType::QUANT_DTYPE_CAST || t == NodeType::QUANT_DTYPE_CAST_V2;
}

Attr* FindMutableAttr(Node& n, const char* name) {
  for (Attr& a : n.attrs) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

// An attribute the spec declares (AttrDomain) and the generated node carries.
Attr* DomainAttr(const NodeSpec& spec, MutatedCase* out, const char* name) {
  if (FindAttrDomain(spec, name) == nullptr) return nullptr;
  return FindMutableAttr(TheNode(out), name);
}

bool ValueInDomain(const AttrDomain& d, int64_t v) {
  if (!d.choices.empty()) return std::find(d.choices.begin(), d.choices.end(), v) != d.choices.end();
  return v >= d.min && v <= d.max;
}

// ---- Model config (HDI PerformanceMode 0..4, Priority 0..3) ---------------------------------

namespace {

bool ConfigPerformanceModeInvalid(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  out->config.performance_mode = 9;
  out->mutated_node = -1;
  out->detail = "ModelConfig.mode 9";
  return true;
}

bool ConfigPriorityInvalid(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  out->config.priority = -1;
  out->mutated_node = -1;
  out->detail = "ModelConfig.priority -1";
  return true;
}

}  // namespace
}  // namespace mutations_internal

const char* MutationLevelName(MutationLevel level) {
  switch (level) {
    case MutationLevel::kStructure: return "structure";
    case MutationLevel::kNode: return "node";
    case MutationLevel::kConfig: return "config";
  }
  return "?";
}

const std::vector<MutationFamily>& AllMutationFamilies() {
  using namespace mutations_internal;  // the families
  using L = MutationLevel;
  static const std::vector<MutationFamily>* const families = new std::vector<MutationFamily>{
      {"operand_type_not_allowed", L::kNode, "ops_catalog data-type tuples: bool operand, non-bool result",
       OperandTypeNotAllowed},
      {"data_type_not_in_hdi", L::kStructure, "HDI DataType enum (ValidateModelStructure)", DataTypeNotInHdi},
      {"rank_above_max", L::kStructure, "rank <= NNRT_HAL_MAX_RANK (nnrt_hal.h)", RankAboveMax},
      {"rank_wrong_for_operator", L::kNode, "ops_catalog #8: Conv2D input is rank 4 NHWC", RankWrongForOperator},
      {"reduction_dim_mismatch", L::kNode, "ops_catalog #19 / #15, C-502, C-508: the reduction dims agree",
       ReductionDimMismatch},
      {"lstm_weight_shape_mismatch", L::kNode, "ops_catalog #75, C-720: wHh is [D*L, 4*hiddenSize, hiddenSize]",
       LstmWeightShapeMismatch},
      {"norm_param_shape_mismatch", L::kNode,
       "ops_catalog #49 / #3 / #67 / #26 / #5, C-570, C-576, C-578, C-579, C-581: parameter dims follow the input",
       NormParamShapeMismatch},
      {"broadcast_incompatible", L::kNode, "C-48, C-684, C-687: the operands of a broadcasting element-wise op broadcast",
       BroadcastIncompatible},
      {"reduce_axis_out_of_range", L::kNode, "ops_catalog #42, C-545: axis values in [-rank, rank)",
       ReduceAxisOutOfRange},
      {"paddings_wrong_shape", L::kNode, "ops_catalog #24, C-650: PAD_FUSION paddings are [rank, 2]",
       PaddingsWrongShape},
      {"pad_reflect_amount_too_large", L::kNode, "ops_catalog 2.4, C-651: REFLECT pads at most dim - 1",
       PadReflectAmountTooLarge},
      {"slice_size_past_end", L::kNode, "ops_catalog #29, C-655: begin + size <= dim", SliceSizePastEnd},
      {"crop_window_past_end", L::kNode, "ops_catalog #91, C-657: offset + shape dim <= x dim", CropWindowPastEnd},
      {"detection_anchor_count_mismatch", L::kNode, "ops_catalog #92, C-740: one anchor per box",
       DetectionAnchorCountMismatch},
      {"detection_num_classes_mismatch", L::kNode,
       "ops_catalog #92, C-742: scores' last dim is numClasses or numClasses + 1", DetectionNumClassesMismatch},
      {"resize_new_size_zero", L::kNode, "ops_catalog #43, C-701: RESIZE newHeight and newWidth >= 1",
       ResizeNewSizeZero},
      {"attr_resize_enum_invalid", L::kNode,
       "HDI ResizeMethod 0..2, CoordinateTransformMode 0..2, NearestMode 0..4 (C-708)", AttrResizeEnumInvalid},
      {"strided_slice_two_ellipsis_bits", L::kNode, "ops_catalog #37, C-616: at most one ellipsisMask bit",
       StridedSliceTwoEllipsisBits},
      {"strided_slice_entry_lengths_differ", L::kNode, "ops_catalog #37, C-615: begin, end, strides of one length",
       StridedSliceEntryLengthsDiffer},
      {"strided_slice_stride_zero", L::kNode, "ops_catalog #37 [I], C-617: strides are non-zero",
       StridedSliceStrideZero},
      {"sparse_to_dense_index_out_of_range", L::kNode, "ops_catalog #88, C-622: indices inside sparseShape",
       SparseToDenseIndexOutOfRange},
      {"shape_operand_not_1d", L::kNode, "ops_catalog #14 / #68, C-658: the shape operand is 1-D", ShapeOperandNot1D},
      {"constant_value_two_elements", L::kNode, "ops_catalog #68, C-661: value holds at most one element",
       ConstantValueTwoElements},
      {"range_delta_zero", L::kNode, "ops_catalog #66, C-663: delta != 0", RangeDeltaZero},
      {"all_keep_dims_two", L::kNode, "ops_catalog #77, C-665: keepDims is 0 or 1", AllKeepDimsTwo},
      {"assert_condition_two_elements", L::kNode, "ops_catalog #78, C-667: the condition holds one element",
       AssertConditionTwoElements},
      {"dim_zero", L::kStructure, "dims > 0 or -1 (ValidateModelStructure)", DimZero},
      {"dim_below_minus_one", L::kStructure, "dims > 0 or -1 (ValidateModelStructure)", DimBelowMinusOne},
      {"quant_scale_zero", L::kStructure, "quantization_semantics 4.2: scale 0 only on all-zero constants",
       QuantScaleZero},
      {"quant_scale_negative", L::kStructure, "quantization_semantics 4.2: finite scale >= 0", QuantScaleNegative},
      {"quant_scale_nan", L::kStructure, "quantization_semantics 4.2: finite scale >= 0", QuantScaleNan},
      {"quant_scale_inf", L::kStructure, "quantization_semantics 4.2: finite scale >= 0", QuantScaleInf},
      {"quant_num_bits_not_8", L::kStructure, "quantization_semantics 4.2: numBits == 8", QuantNumBitsNot8},
      {"quant_zero_point_out_of_range", L::kStructure, "C-300: a zero point lies in its data type's range",
       QuantZeroPointOutOfRange},
      {"quant_output_float", L::kNode, "quantization_semantics 4.5: quantized op, quantized result of the same type",
       QuantOutputFloat},
      {"too_few_inputs", L::kNode, "OpDef input count (HDI node inputs)", TooFewInputs},
      {"too_many_inputs", L::kNode, "OpDef input count (HDI node inputs)", TooManyInputs},
      {"no_outputs", L::kStructure, "C-1: every model output is produced by a node", NoOutputs},
      {"too_many_outputs", L::kNode, "OpDef output count (HDI node outputs)", TooManyOutputs},
      {"node_input_index_out_of_range", L::kStructure, "tensor indices in range (ValidateModelStructure)",
       NodeInputIndexOutOfRange},
      {"node_output_index_out_of_range", L::kStructure, "tensor indices in range (ValidateModelStructure)",
       NodeOutputIndexOutOfRange},
      {"model_input_index_out_of_range", L::kStructure, "tensor indices in range (ValidateModelStructure)",
       ModelInputIndexOutOfRange},
      {"model_output_index_out_of_range", L::kStructure, "tensor indices in range (ValidateModelStructure)",
       ModelOutputIndexOutOfRange},
      {"cycle", L::kStructure, "the graph is acyclic (ValidateModelStructure)", Cycle},
      {"tensor_written_twice", L::kStructure, "no tensor produced twice (ValidateModelStructure)",
       TensorWrittenTwice},
      {"node_removed", L::kStructure, "C-1: every model output is produced by a node", NodeRemoved},
      {"tensor_removed", L::kStructure, "tensor indices in range (ValidateModelStructure)", TensorRemoved},
      {"model_input_listed_twice", L::kStructure, "each model input listed once (ValidateModelStructure)",
       ModelInputListedTwice},
      {"model_input_with_data", L::kStructure, "model inputs carry no data (ValidateModelStructure)", ModelInputWithData},
      {"model_output_is_model_input", L::kStructure, "C-1: a model output is produced by a node",
       ModelOutputIsModelInput},
      {"constant_data_length", L::kStructure, "constant data = element count x type size (ValidateModelStructure)",
       ConstantDataLength},
      {"node_type_not_in_hdi", L::kStructure, "HDI NodeType enum", NodeTypeNotInHdi},
      {"subgraph_node_out_of_range", L::kStructure, "subgraph node indices in range (ValidateModelStructure)",
       SubGraphNodeOutOfRange},
      {"attr_activation_type_invalid", L::kNode, "HDI ActivationType 0..20", AttrActivationTypeInvalid},
      {"attr_pad_mode_invalid", L::kNode, "HDI PadMode 0..2", AttrPadModeInvalid},
      {"attr_stride_zero", L::kNode, "ops_catalog #8 / #2: stride (pooling: strides) >= 1", AttrStrideZero},
      {"attr_pad_list_length", L::kNode, "C-52, C-522: padList / pad has 4 elements [top, bottom, left, right]",
       AttrPadListLength},
      {"pool_kernel_larger_than_padded_input", L::kNode, "C-525: the pooling kernel fits the padded input",
       PoolKernelLargerThanPaddedInput},
      {"attr_one_hot_axis_out_of_range", L::kNode, "ops_catalog #23, C-357: axis in [-(r+1), r]",
       AttrOneHotAxisOutOfRange},
      {"attr_fc_axis_out_of_range", L::kNode, "ops_catalog #15, C-508: axis in [-rank, rank-1]",
       AttrFcAxisOutOfRange},
      {"attr_lstm_directions_inconsistent", L::kNode, "ops_catalog #75, C-723: numDirections = 2 iff bidirectional",
       AttrLstmDirectionsInconsistent},
      {"attr_norm_axis_out_of_range", L::kNode, "ops_catalog #49 / #26 / #94, C-570, C-579, C-585: axes in [-rank, rank)",
       AttrNormAxisOutOfRange},
      {"attr_eltwise_mode_invalid", L::kNode, "C-698: ELTWISE mode 0..2 (UNKNOWN 3 rejected)", AttrEltwiseModeInvalid},
      {"attr_scale_not_finite", L::kNode, "C-694 (POW_FUSION), EXPFUSION: scale and shift finite", AttrScaleNotFinite},
      {"attr_axis_out_of_range", L::kNode, "ops_catalog #7/#32/#35/#36/#55/#57/#64, C-602..C-609: axis in range",
       AttrAxisOutOfRange},
      {"concat_dims_mismatch", L::kNode, "ops_catalog #7, C-602: inputs agree except along the axis",
       ConcatDimsMismatch},
      {"split_sizes_not_adding_up", L::kNode, "ops_catalog #32, C-603: sizeSplits sum to the axis length",
       SplitSizesNotAddingUp},
      {"transpose_perm_not_a_permutation", L::kNode, "ops_catalog #41, C-601: perm permutes 0..rank-1",
       TransposePermNotAPermutation},
      {"stack_input_dims_differ", L::kNode, "ops_catalog #36, C-605: inputs of identical shape",
       StackInputDimsDiffer},
      {"unstack_output_count_wrong", L::kNode, "ops_catalog #57, C-606: one output per slice along the axis",
       UnstackOutputCountWrong},
      {"squeeze_axis_not_unit", L::kNode, "ops_catalog #35, C-608: listed dims have size 1", SqueezeAxisNotUnit},
      {"expand_dims_axis_out_of_range", L::kNode, "ops_catalog #13, C-610: axis in [-rank-1, rank]",
       ExpandDimsAxisOutOfRange},
      {"broadcast_to_shape_incompatible", L::kNode, "ops_catalog #69, C-613: x's dims are 1 or the target's",
       BroadcastToShapeIncompatible},
      {"tile_multiples_zero", L::kNode, "ops_catalog #40, C-614: multiples >= 1", TileMultiplesZero},
      {"attr_softmax_axis_out_of_range", L::kNode, "ops_catalog #30 / #95, C-540: axis in [-rank, rank)",
       AttrSoftmaxAxisOutOfRange},
      {"attr_argmax_axis_out_of_range", L::kNode, "ops_catalog #54, C-552: axis in [-rank, rank)",
       AttrArgMaxAxisOutOfRange},
      {"attr_topk_axis_out_of_range", L::kNode, "ops_catalog #53, C-588: axis in [-rank, rank)",
       AttrTopKAxisOutOfRange},
      {"topk_k_above_extent", L::kNode, "ops_catalog #53, C-587: k in [1, extent of the axis]", TopKKAboveExtent},
      {"attr_lrn_depth_radius_negative", L::kNode, "ops_catalog #96, C-593: depthRadius >= 0",
       AttrLrnDepthRadiusNegative},
      {"attr_lrn_norm_region_unknown", L::kNode, "ops_catalog #96, C-593: normRegion is ACROSS_CHANNELS",
       AttrLrnNormRegionUnknown},
      {"attr_dilation_negative", L::kNode, "ops_catalog #8: dilation >= 1", AttrDilationNegative},
      {"attr_group_not_dividing_channels", L::kNode, "ops_catalog #8: group divides the input channels",
       AttrGroupNotDividingChannels},
      {"block_size_below_two", L::kNode, "ops_catalog #65 / #104, C-631: blockSize >= 2", BlockSizeBelowTwo},
      {"depth_space_dim_not_divisible", L::kNode,
       "ops_catalog #65 / #104, C-631: channels divisible by blockSize^2 / H and W by blockSize",
       DepthSpaceDimNotDivisible},
      {"depth_to_space_mode_unknown", L::kNode, "ops_catalog #65, C-632: mode \"\", \"DCR\" or \"CRD\"",
       DepthToSpaceModeUnknown},
      {"block_shape_zero", L::kNode, "ops_catalog #4 / #31, C-641: blockShape values >= 1", BlockShapeZero},
      {"batch_space_dim_not_divisible", L::kNode,
       "ops_catalog #4 / #31, C-641, C-643: batch divisible by b0 * b1 / padded H and W by their blocks",
       BatchSpaceDimNotDivisible},
      {"batch_to_space_crops_too_large", L::kNode, "ops_catalog #4, C-642: crops leave at least one row and column",
       BatchToSpaceCropsTooLarge},
      {"attr_wrong_type", L::kNode, "OpDef attribute types (HDI NodeAttrTypes)", AttrWrongType},
      {"attr_required_missing", L::kNode, "OpDef required attributes (HDI NodeAttrTypes)", AttrRequiredMissing},
      {"attr_unknown_name", L::kNode, "OpDef attribute names: unknown names rejected", AttrUnknownName},
      {"attr_wrong_count", L::kNode, "OpDef attribute element counts (HDI NodeAttrTypes)", AttrWrongCount},
      {"config_performance_mode_invalid", L::kConfig, "HDI PerformanceMode 0..4", ConfigPerformanceModeInvalid},
      {"config_priority_invalid", L::kConfig, "HDI Priority 0..3", ConfigPriorityInvalid},
  };
  return *families;
}

const MutationFamily* FindMutationFamily(const std::string& name) {
  for (const MutationFamily& f : AllMutationFamilies()) {
    if (name == f.name) return &f;
  }
  return nullptr;
}

}  // namespace cts
}  // namespace nnrt
