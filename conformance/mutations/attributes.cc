// Invalid-model mutation families on node attributes (mutations.h): values
// outside their domains, wrong types and counts, missing and unknown names.
#include "conformance/mutations/internal.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace cts {
namespace mutations_internal {

// ---- Attributes (HDI NodeAttrTypes, OpDef schema, NodeSpec AttrDomain) ---------------------

namespace {

bool SetIntAttrOutsideDomain(const NodeSpec& spec, MutatedCase* out, const char* name, size_t element, int64_t value) {
  Attr* a = DomainAttr(spec, out, name);
  if (a == nullptr || a->ints.size() <= element) return false;
  if (ValueInDomain(*FindAttrDomain(spec, name), value)) return false;  // must leave the generator's domain
  a->ints[element] = value;
  out->detail = std::string(name) + "[" + std::to_string(element) + "] = " + std::to_string(value);
  return true;
}

}  // namespace

// HDI ActivationType ends at 20 (UNKNOWN).
bool AttrActivationTypeInvalid(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  return Begin(valid, out) && SetIntAttrOutsideDomain(spec, out, "activationType", 0, 99);
}
NNRT_MUTATION_FAMILY(540, "attr_activation_type_invalid", kNode, "HDI ActivationType 0..20", AttrActivationTypeInvalid);

// HDI PadMode: PAD 0, SAME 1, VALID 2.
bool AttrPadModeInvalid(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  return Begin(valid, out) && SetIntAttrOutsideDomain(spec, out, "padMode", 0, 7);
}
NNRT_MUTATION_FAMILY(550, "attr_pad_mode_invalid", kNode, "HDI PadMode 0..2", AttrPadModeInvalid);

// Conv2DFusion names the attribute `stride`, the pooling structs `strides`.
bool AttrStrideZero(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  return Begin(valid, out) &&
         (SetIntAttrOutsideDomain(spec, out, "stride", 0, 0) || SetIntAttrOutsideDomain(spec, out, "strides", 0, 0));
}
NNRT_MUTATION_FAMILY(560, "attr_stride_zero", kNode,
                     "ops_catalog #8 / #2: stride (pooling: strides) >= 1",
                     AttrStrideZero);

// C-52, C-522: a pad list (Conv2DFusion `padList`, pooling `pad`) has 4
// elements [top, bottom, left, right] or none; 3 is neither.
bool AttrPadListLength(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  for (const char* name : {"padList", "pad"}) {
    Attr* a = DomainAttr(spec, out, name);
    if (a == nullptr || a->ints.size() != 4) continue;
    a->ints.pop_back();
    out->detail = std::string(name) + " with 3 elements";
    return true;
  }
  return false;
}
NNRT_MUTATION_FAMILY(570, "attr_pad_list_length", kNode,
                     "C-52, C-522: padList / pad has 4 elements [top, bottom, left, right]",
                     AttrPadListLength);

// C-525: a pooling kernel larger than the padded input leaves no window. The
// node is made a VALID, non-global pool whose kernel height is H + 1.
bool PoolKernelLargerThanPaddedInput(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if ((spec.type != NodeType::AVGPOOL_FUSION && spec.type != NodeType::MAX_POOL_FUSION) || !Begin(valid, out)) {
    return false;
  }
  Tensor* x = NodeModelInput0(out);
  Attr* kernel = DomainAttr(spec, out, "kernelSize");
  Attr* pad = DomainAttr(spec, out, "pad");
  Attr* pad_mode = DomainAttr(spec, out, "padMode");
  Attr* global = DomainAttr(spec, out, "global");
  if (x == nullptr || x->dims.size() != 4 || x->dims[1] < 1 || kernel == nullptr || kernel->ints.size() != 2 ||
      pad == nullptr || pad_mode == nullptr || global == nullptr) {
    return false;
  }
  kernel->ints[0] = static_cast<int64_t>(x->dims[1]) + 1;
  pad->ints.assign(4, 0);
  pad_mode->ints = {2};  // VALID
  global->ints = {0};
  out->detail = "kernel height " + std::to_string(kernel->ints[0]) + " over input " + DimsToString(x->dims) + " (VALID)";
  return true;
}
NNRT_MUTATION_FAMILY(580, "pool_kernel_larger_than_padded_input", kNode,
                     "C-525: the pooling kernel fits the padded input",
                     PoolKernelLargerThanPaddedInput);

bool AttrDilationNegative(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  return Begin(valid, out) && SetIntAttrOutsideDomain(spec, out, "dilation", 1, -1);
}
NNRT_MUTATION_FAMILY(810, "attr_dilation_negative", kNode, "ops_catalog #8: dilation >= 1", AttrDilationNegative);

// C-698: ELTWISE mode is PROD, SUM or MAXIMUM; UNKNOWN (3), which the OH_NN
// builder accepts, is rejected.
bool AttrEltwiseModeInvalid(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  return spec.type == NodeType::ELTWISE && Begin(valid, out) && SetIntAttrOutsideDomain(spec, out, "mode", 0, 3);
}
NNRT_MUTATION_FAMILY(630, "attr_eltwise_mode_invalid", kNode,
                     "C-698: ELTWISE mode 0..2 (UNKNOWN 3 rejected)",
                     AttrEltwiseModeInvalid);

// C-694 (POW_FUSION) and EXPFUSION: scale and shift are finite; the scale
// becomes NaN (added when the node leaves it at its default).
bool AttrScaleNotFinite(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if ((spec.type != NodeType::POW_FUSION && spec.type != NodeType::EXPFUSION) || !Begin(valid, out)) return false;
  SetFloatAttr(out, "scale", std::numeric_limits<float>::quiet_NaN());
  out->detail = "scale = NaN";
  return true;
}
NNRT_MUTATION_FAMILY(640, "attr_scale_not_finite", kNode,
                     "C-694 (POW_FUSION), EXPFUSION: scale and shift finite",
                     AttrScaleNotFinite);

// C-357: ONE_HOT's axis lies in [-(r+1), r] for indices of rank r <= 3; 99 never does.
bool AttrOneHotAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  return spec.type == NodeType::ONE_HOT && Begin(valid, out) && SetIntAttrOutsideDomain(spec, out, "axis", 0, 99);
}
NNRT_MUTATION_FAMILY(590, "attr_one_hot_axis_out_of_range", kNode,
                     "ops_catalog #23, C-357: axis in [-(r+1), r]",
                     AttrOneHotAxisOutOfRange);

// C-508: FULL_CONNECTION's axis lies in [-rank, rank-1] for x of rank <= 4
// (and must be 0 without useAxis, C-509); 99 never does.
bool AttrFcAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  return spec.type == NodeType::FULL_CONNECTION && Begin(valid, out) &&
         SetIntAttrOutsideDomain(spec, out, "axis", 0, 99);
}
NNRT_MUTATION_FAMILY(600, "attr_fc_axis_out_of_range", kNode,
                     "ops_catalog #15, C-508: axis in [-rank, rank-1]",
                     AttrFcAxisOutOfRange);

// C-570 / C-579 / C-585: LAYER_NORM_FUSION's beginNormAxis, SCALE_FUSION's
// axis and L2_NORMALIZE_FUSION's first axis lie in [-rank, rank) for inputs of
// rank <= 4; 99 never does (an empty L2 axis list has nothing to change).
bool AttrNormAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type == NodeType::LAYER_NORM_FUSION) {
    return Begin(valid, out) && SetIntAttrOutsideDomain(spec, out, "beginNormAxis", 0, 99);
  }
  const bool axis_attr = spec.type == NodeType::SCALE_FUSION || spec.type == NodeType::L2_NORMALIZE_FUSION;
  return axis_attr && Begin(valid, out) && SetIntAttrOutsideDomain(spec, out, "axis", 0, 99);
}
NNRT_MUTATION_FAMILY(620, "attr_norm_axis_out_of_range", kNode,
                     "ops_catalog #49 / #26 / #94, C-570, C-579, C-585: axes in [-rank, rank)",
                     AttrNormAxisOutOfRange);

// C-723: LSTM's numDirections is 2 when bidirectional, else 1; the other value contradicts it.
bool AttrLstmDirectionsInconsistent(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::LSTM || !Begin(valid, out)) return false;
  Attr* a = DomainAttr(spec, out, "numDirections");
  if (a == nullptr || a->ints.size() != 1) return false;
  a->ints[0] = a->ints[0] == 2 ? 1 : 2;
  out->detail = "numDirections = " + std::to_string(a->ints[0]) + " with bidirectional = " +
                (GetBoolAttr(TheNode(out), "bidirectional", false) ? "true" : "false");
  return true;
}
NNRT_MUTATION_FAMILY(610, "attr_lstm_directions_inconsistent", kNode,
                     "ops_catalog #75, C-723: numDirections = 2 iff bidirectional",
                     AttrLstmDirectionsInconsistent);

// C-540: SOFTMAX's / LOG_SOFTMAX's axis lies in [-rank, rank) for rank <= 4; 99 never does.
bool AttrSoftmaxAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  return (spec.type == NodeType::SOFTMAX || spec.type == NodeType::LOG_SOFTMAX) && Begin(valid, out) &&
         SetIntAttrOutsideDomain(spec, out, "axis", 0, 99);
}
NNRT_MUTATION_FAMILY(750, "attr_softmax_axis_out_of_range", kNode,
                     "ops_catalog #30 / #95, C-540: axis in [-rank, rank)",
                     AttrSoftmaxAxisOutOfRange);

// C-552: ARGMAX_FUSION's axis lies in [-rank, rank) for rank <= 4; 99 never does.
bool AttrArgMaxAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  return spec.type == NodeType::ARGMAX_FUSION && Begin(valid, out) && SetIntAttrOutsideDomain(spec, out, "axis", 0, 99);
}
NNRT_MUTATION_FAMILY(760, "attr_argmax_axis_out_of_range", kNode,
                     "ops_catalog #54, C-552: axis in [-rank, rank)",
                     AttrArgMaxAxisOutOfRange);

// C-742: DETECTION_POST_PROCESS scores' last dim is numClasses or
// numClasses + 1 (background column); numClasses = that dim + 1 is neither.
bool DetectionNumClassesMismatch(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::DETECTION_POST_PROCESS || !Begin(valid, out)) return false;
  Node& n = TheNode(out);
  const Dims& scores = M(out).tensors[n.inputs[1]].dims;
  Attr* num_classes = FindMutableAttr(n, "numClasses");
  if (scores.size() != 3 || scores[2] < 1 || num_classes == nullptr || num_classes->ints.empty()) return false;
  num_classes->ints[0] = scores[2] + 1;
  out->detail = "numClasses " + std::to_string(num_classes->ints[0]) + " with scores " + DimsToString(scores);
  return true;
}
NNRT_MUTATION_FAMILY(150, "detection_num_classes_mismatch", kNode,
                     "ops_catalog #92, C-742: scores' last dim is numClasses or numClasses + 1",
                     DetectionNumClassesMismatch);

// C-588: TOPK_FUSION's axis lies in [-rank, rank) for rank <= 4; 99 never does.
bool AttrTopKAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  return spec.type == NodeType::TOPK_FUSION && Begin(valid, out) && SetIntAttrOutsideDomain(spec, out, "axis", 0, 99);
}
NNRT_MUTATION_FAMILY(770, "attr_topk_axis_out_of_range", kNode,
                     "ops_catalog #53, C-588: axis in [-rank, rank)",
                     AttrTopKAxisOutOfRange);

// C-593: LRN depthRadius >= 0; -1 never is.
bool AttrLrnDepthRadiusNegative(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  return spec.type == NodeType::LRN && Begin(valid, out) && SetIntAttrOutsideDomain(spec, out, "depthRadius", 0, -1);
}
NNRT_MUTATION_FAMILY(790, "attr_lrn_depth_radius_negative", kNode,
                     "ops_catalog #96, C-593: depthRadius >= 0",
                     AttrLrnDepthRadiusNegative);

// C-593: LRN normRegion is "ACROSS_CHANNELS" only; Caffe's other region is not defined for NNRt.
bool AttrLrnNormRegionUnknown(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::LRN || !Begin(valid, out)) return false;
  Attr* a = FindMutableAttr(TheNode(out), "normRegion");
  if (a == nullptr) return false;
  a->str = "WITHIN_CHANNEL";
  out->detail = "normRegion = \"WITHIN_CHANNEL\"";
  return true;
}
NNRT_MUTATION_FAMILY(800, "attr_lrn_norm_region_unknown", kNode,
                     "ops_catalog #96, C-593: normRegion is ACROSS_CHANNELS",
                     AttrLrnNormRegionUnknown);

// C-587: a constant k one above the extent of the axis.
bool TopKKAboveExtent(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::TOPK_FUSION || !Begin(valid, out)) return false;
  const Node& n = TheNode(out);
  Tensor& k = M(out).tensors[n.inputs[1]];
  const Dims& x = M(out).tensors[n.inputs[0]].dims;
  if (!k.HasData() || k.data.empty() || x.empty()) return false;
  const auto rank = static_cast<int64_t>(x.size());
  const int64_t axis = GetIntAttr(n, "axis", 0);
  const int64_t extent = x[static_cast<size_t>(axis < 0 ? axis + rank : axis)];
  StoreInt64(k.data_type, k.data.data(), 0, extent + 1);
  out->detail = "k '" + k.name + "' = " + std::to_string(extent + 1) + " for an axis of " + std::to_string(extent);
  return true;
}
NNRT_MUTATION_FAMILY(780, "topk_k_above_extent", kNode,
                     "ops_catalog #53, C-587: k in [1, extent of the axis]",
                     TopKKAboveExtent);

// ops_catalog #8: group must divide the input channels; C + 1 never divides C.
bool AttrGroupNotDividingChannels(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  Tensor* x = NodeModelInput0(out);
  Attr* g = DomainAttr(spec, out, "group");
  if (x == nullptr || g == nullptr || g->ints.empty() || x->dims.size() != 4) return false;
  g->ints[0] = static_cast<int64_t>(x->dims[3]) + 1;
  out->detail = "group " + std::to_string(g->ints[0]) + " with " + std::to_string(x->dims[3]) + " input channels";
  return true;
}
NNRT_MUTATION_FAMILY(820, "attr_group_not_dividing_channels", kNode,
                     "ops_catalog #8: group divides the input channels",
                     AttrGroupNotDividingChannels);

bool AttrWrongType(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out) || TheNode(out).attrs.empty()) return false;
  Attr& a = TheNode(out).attrs[0];
  const AttrType before = a.type;
  if (a.type == AttrType::kFloat32) {
    a.ints.assign(a.floats.size(), 1);
    a.floats.clear();
    a.type = AttrType::kInt64;
  } else if (a.type == AttrType::kInt64) {
    a.floats.assign(a.ints.begin(), a.ints.end());
    a.ints.clear();
    a.type = AttrType::kFloat32;
  } else if (a.type == AttrType::kString) {
    a.ints = {1};
    a.str.clear();
    a.type = AttrType::kInt64;
  } else {
    a.type = AttrType::kInt64;  // bool / int8 -> int64, same values
  }
  out->detail = "attribute '" + a.name + "' " + AttrTypeName(before) + " -> " + AttrTypeName(a.type);
  return true;
}
NNRT_MUTATION_FAMILY(890, "attr_wrong_type", kNode, "OpDef attribute types (HDI NodeAttrTypes)", AttrWrongType);

bool AttrRequiredMissing(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  const OpDef* def = FindOpDef(spec.type);
  if (def == nullptr || !Begin(valid, out)) return false;
  Node& n = TheNode(out);
  for (const AttrSpec& s : def->attrs) {
    if (!s.required) continue;
    auto it = std::find_if(n.attrs.begin(), n.attrs.end(), [&](const Attr& a) { return a.name == s.name; });
    if (it == n.attrs.end()) continue;
    n.attrs.erase(it);
    out->detail = std::string("required attribute '") + s.name + "' removed";
    return true;
  }
  return false;
}
NNRT_MUTATION_FAMILY(900, "attr_required_missing", kNode,
                     "OpDef required attributes (HDI NodeAttrTypes)",
                     AttrRequiredMissing);

bool AttrUnknownName(const NodeSpec&, const GeneratedCase& valid, MutatedCase* out) {
  if (!Begin(valid, out)) return false;
  TheNode(out).attrs.push_back(Attr::Int64("notAnHdiAttribute", 1));
  out->detail = "attribute 'notAnHdiAttribute' added";
  return true;
}
NNRT_MUTATION_FAMILY(910, "attr_unknown_name", kNode, "OpDef attribute names: unknown names rejected", AttrUnknownName);

// One element more than the schema's fixed count (a scalar becomes a 2-list).
bool AttrWrongCount(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  const OpDef* def = FindOpDef(spec.type);
  if (def == nullptr || !Begin(valid, out)) return false;
  for (const AttrSpec& s : def->attrs) {
    if (s.count < 1) continue;
    Attr* a = FindMutableAttr(TheNode(out), s.name);
    if (a == nullptr) continue;
    if (a->type == AttrType::kFloat32) {
      a->floats.push_back(a->floats.empty() ? 0.0f : a->floats.back());
    } else if (a->type == AttrType::kString) {
      continue;
    } else {
      a->ints.push_back(a->ints.empty() ? 0 : a->ints.back());
    }
    out->detail = std::string("attribute '") + s.name + "' has " + std::to_string(a->Count()) + " elements, needs " +
                  std::to_string(s.count);
    return true;
  }
  return false;
}
NNRT_MUTATION_FAMILY(920, "attr_wrong_count", kNode,
                     "OpDef attribute element counts (HDI NodeAttrTypes)",
                     AttrWrongCount);

// C-701: RESIZE newHeight / newWidth >= 1 (0 is the OH_NN builder's default
// when the param is left out).
bool ResizeNewSizeZero(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::RESIZE || !Begin(valid, out)) return false;
  Attr* h = DomainAttr(spec, out, "newHeight");
  Attr* w = DomainAttr(spec, out, "newWidth");
  if (h == nullptr || w == nullptr || h->ints.empty() || w->ints.empty()) return false;
  Attr* zeroed = h->ints[0] % 2 == 0 ? h : w;  // either one, from the valid case's own values
  zeroed->ints[0] = 0;
  out->detail = std::string(zeroed == h ? "newHeight" : "newWidth") + " = 0";
  return true;
}
NNRT_MUTATION_FAMILY(160, "resize_new_size_zero", kNode,
                     "ops_catalog #43, C-701: RESIZE newHeight and newWidth >= 1",
                     ResizeNewSizeZero);

// C-708: RESIZE method (UNKNOWN -1 included), coordinateTransformMode and
// nearestMode outside their HDI enums; which one follows the valid case.
bool AttrResizeEnumInvalid(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::RESIZE || !Begin(valid, out)) return false;
  Attr* w = DomainAttr(spec, out, "newWidth");
  const int64_t pick = w != nullptr && !w->ints.empty() ? w->ints[0] % 4 : 0;
  switch (pick) {
    case 0: return SetIntAttrOutsideDomain(spec, out, "method", 0, -1);
    case 1: return SetIntAttrOutsideDomain(spec, out, "method", 0, 3);
    case 2: return SetIntAttrOutsideDomain(spec, out, "coordinateTransformMode", 0, 3);
    default: return SetIntAttrOutsideDomain(spec, out, "nearestMode", 0, 5);
  }
}
NNRT_MUTATION_FAMILY(170, "attr_resize_enum_invalid", kNode,
                     "HDI ResizeMethod 0..2, CoordinateTransformMode 0..2, NearestMode 0..4 (C-708)",
                     AttrResizeEnumInvalid);

}  // namespace mutations_internal
}  // namespace cts
}  // namespace nnrt
