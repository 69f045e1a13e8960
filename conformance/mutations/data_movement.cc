// Invalid-model mutation families of the axis-driven data movement operators
// (mutations.h): an axis attribute outside its range, CONCAT inputs that
// disagree off the axis (C-602), SPLIT sizes that do not add up (C-603), a
// TRANSPOSE perm that is not a permutation (C-601), STACK inputs of different
// dims (C-605), an UNSTACK output count other than the slices (C-606), a
// SQUEEZE axis of size > 1 (C-608), an EXPAND_DIMS axis out of range (C-610),
// a BROADCAST_TO shape x cannot stretch to (C-613) and a TILE_FUSION multiple
// of 0 (C-614).
#include "conformance/mutations/internal.h"

#include <algorithm>
#include <cstdint>
#include <vector>
#include <string>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace cts {
namespace mutations_internal {

namespace {

bool HasAxisAttribute(NodeType t) {
  return t == NodeType::CONCAT || t == NodeType::SPLIT || t == NodeType::STACK || t == NodeType::UNSTACK ||
         t == NodeType::FLATTEN || t == NodeType::SQUEEZE || t == NodeType::UNSQUEEZE;
}

int64_t ResolvedAxis(int64_t axis, int64_t rank) { return axis < 0 ? axis + rank : axis; }

}  // namespace

// C-602, C-604..C-609: every axis lies within a few of the ranks the
// generators draw (rank <= 5); 99 never does. SQUEEZE with an empty list has
// nothing to change.
bool AttrAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (!HasAxisAttribute(spec.type) || !Begin(valid, out)) return false;
  Attr* a = FindMutableAttr(TheNode(out), "axis");
  if (a == nullptr || a->ints.empty()) return false;
  a->ints[0] = 99;
  out->detail = "axis[0] = 99";
  return true;
}
NNRT_MUTATION_FAMILY(650, "attr_axis_out_of_range", kNode,
                     "ops_catalog #7/#32/#35/#36/#55/#57/#64, C-602..C-609: axis in range",
                     AttrAxisOutOfRange);

// C-602: input 1 of a CONCAT gets one more element along a dim other than the axis.
bool ConcatDimsMismatch(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::CONCAT || !Begin(valid, out)) return false;
  const Node& n = TheNode(out);
  if (n.inputs.size() < 2) return false;
  Tensor& b = M(out).tensors[n.inputs[1]];
  const auto rank = static_cast<int64_t>(b.dims.size());
  if (rank < 2) return false;
  const int64_t axis = ResolvedAxis(GetIntAttr(n, "axis", 0), rank);
  const size_t other = axis == 0 ? 1 : 0;
  b.dims[other] += 1;
  if (b.HasData()) b.data.resize(ElementsOf(b.dims) * DataTypeSize(b.data_type), 0);
  out->detail = "input '" + b.name + "' dims " + DimsToString(b.dims) + " against '" +
                M(out).tensors[n.inputs[0]].name + "' " + DimsToString(M(out).tensors[n.inputs[0]].dims);
  return true;
}
NNRT_MUTATION_FAMILY(660, "concat_dims_mismatch", kNode,
                     "ops_catalog #7, C-602: inputs agree except along the axis",
                     ConcatDimsMismatch);

// C-603: sizeSplits with one more slice than the axis holds (equal splits and
// a -1 piece become explicit sizes first).
bool SplitSizesNotAddingUp(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::SPLIT || !Begin(valid, out)) return false;
  Node& n = TheNode(out);
  const Dims& x = M(out).tensors[n.inputs[0]].dims;
  const auto rank = static_cast<int64_t>(x.size());
  const int64_t axis = ResolvedAxis(GetIntAttr(n, "axis", 0), rank);
  if (axis < 0 || axis >= rank || x[static_cast<size_t>(axis)] < 0) return false;
  const auto pieces = static_cast<int64_t>(n.outputs.size());
  std::vector<int64_t> sizes = GetIntsAttr(n, "sizeSplits");
  const bool explicit_sizes = std::any_of(sizes.begin(), sizes.end(), [](int64_t s) { return s != 0; });
  if (!explicit_sizes) sizes.assign(static_cast<size_t>(pieces), x[static_cast<size_t>(axis)] / pieces);
  // The -1 piece made explicit (the rest of the axis), then piece 0 one
  // slice larger: the sizes add up to the axis length + 1.
  int64_t known = 0;
  for (int64_t s : sizes) known += s > 0 ? s : 0;
  for (int64_t& s : sizes) {
    if (s == -1) s = x[static_cast<size_t>(axis)] - known;
  }
  if (!sizes.empty()) ++sizes[0];
  Attr* a = FindMutableAttr(n, "sizeSplits");
  if (a == nullptr) {
    n.attrs.push_back(Attr::Int64s("sizeSplits", sizes));
  } else {
    a->ints = sizes;
  }
  std::string list;
  for (int64_t s : sizes) list += (list.empty() ? "" : ",") + std::to_string(s);
  out->detail = "sizeSplits [" + list + "] for axis length " + std::to_string(x[static_cast<size_t>(axis)]);
  return true;
}
NNRT_MUTATION_FAMILY(670, "split_sizes_not_adding_up", kNode,
                     "ops_catalog #32, C-603: sizeSplits sum to the axis length",
                     SplitSizesNotAddingUp);

// C-601: a constant perm with an axis repeated (rank >= 2) or out of range (rank 1).
bool TransposePermNotAPermutation(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::TRANSPOSE || !Begin(valid, out)) return false;
  const Node& n = TheNode(out);
  if (n.inputs.size() < 2) return false;
  Tensor& perm = M(out).tensors[n.inputs[1]];
  if (!perm.HasData() || perm.dims.size() != 1 || perm.dims[0] < 1) return false;
  const int64_t first = LoadAsInt64(perm.data_type, perm.data.data(), 0);
  if (perm.dims[0] == 1) {
    StoreInt64(perm.data_type, perm.data.data(), 0, 1);
  } else {
    StoreInt64(perm.data_type, perm.data.data(), 1, first);
  }
  out->detail = "perm '" + perm.name + "' is not a permutation of its axes";
  return true;
}
NNRT_MUTATION_FAMILY(680, "transpose_perm_not_a_permutation", kNode,
                     "ops_catalog #41, C-601: perm permutes 0..rank-1",
                     TransposePermNotAPermutation);

// C-605: STACK input 1 gets one more element along its first dim (a scalar
// input becomes [2]).
bool StackInputDimsDiffer(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::STACK || !Begin(valid, out)) return false;
  const Node& n = TheNode(out);
  if (n.inputs.size() < 2) return false;
  Tensor& b = M(out).tensors[n.inputs[1]];
  if (b.dims.empty()) {
    b.dims = {2};
  } else {
    b.dims[0] += 1;
  }
  if (b.HasData()) b.data.resize(ElementsOf(b.dims) * DataTypeSize(b.data_type), 0);
  out->detail = "input '" + b.name + "' dims " + DimsToString(b.dims);
  return true;
}
NNRT_MUTATION_FAMILY(690, "stack_input_dims_differ", kNode,
                     "ops_catalog #36, C-605: inputs of identical shape",
                     StackInputDimsDiffer);

// C-606: UNSTACK with one output fewer than x.dims[axis] (one more when
// x.dims[axis] is 1).
bool UnstackOutputCountWrong(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::UNSTACK || !Begin(valid, out)) return false;
  Node& n = TheNode(out);
  Model& m = M(out);
  if (n.outputs.empty()) return false;
  if (n.outputs.size() > 1) {
    const uint32_t dropped = n.outputs.back();
    n.outputs.pop_back();
    m.outputs.erase(std::remove(m.outputs.begin(), m.outputs.end(), dropped), m.outputs.end());
  } else {
    Tensor extra = m.tensors[n.outputs[0]];
    extra.name += "_extra";
    m.tensors.push_back(extra);
    n.outputs.push_back(static_cast<uint32_t>(m.tensors.size() - 1));
    m.outputs.push_back(n.outputs.back());
  }
  out->detail = "node has " + std::to_string(n.outputs.size()) + " outputs";
  return true;
}
NNRT_MUTATION_FAMILY(700, "unstack_output_count_wrong", kNode,
                     "ops_catalog #57, C-606: one output per slice along the axis",
                     UnstackOutputCountWrong);

// C-608: SQUEEZE lists a dim whose size is not 1 (x gets a size-2 dim
// where it had a listed size-1 dim).
bool SqueezeAxisNotUnit(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::SQUEEZE || !Begin(valid, out)) return false;
  const Node& n = TheNode(out);
  const std::vector<int64_t> axes = GetIntsAttr(n, "axis");
  Tensor* x = NodeModelInput0(out);
  if (axes.empty() || x == nullptr) return false;
  const int64_t at = ResolvedAxis(axes[0], static_cast<int64_t>(x->dims.size()));
  if (at < 0 || at >= static_cast<int64_t>(x->dims.size())) return false;
  x->dims[static_cast<size_t>(at)] = 2;
  out->detail = "input '" + x->name + "' dims " + DimsToString(x->dims) + " with axis " + std::to_string(axes[0]);
  return true;
}
NNRT_MUTATION_FAMILY(710, "squeeze_axis_not_unit", kNode,
                     "ops_catalog #35, C-608: listed dims have size 1",
                     SqueezeAxisNotUnit);

// C-610: a constant EXPAND_DIMS axis outside [-rank-1, rank].
bool ExpandDimsAxisOutOfRange(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::EXPAND_DIMS || !Begin(valid, out)) return false;
  const Node& n = TheNode(out);
  if (n.inputs.size() < 2) return false;
  Tensor& axis = M(out).tensors[n.inputs[1]];
  if (!axis.HasData() || axis.data.empty()) return false;
  StoreInt64(axis.data_type, axis.data.data(), 0, 99);
  out->detail = "axis '" + axis.name + "' = 99";
  return true;
}
NNRT_MUTATION_FAMILY(720, "expand_dims_axis_out_of_range", kNode,
                     "ops_catalog #13, C-610: axis in [-rank-1, rank]",
                     ExpandDimsAxisOutOfRange);

// C-613: the last target dim becomes one that x's last dim (1 or equal)
// cannot broadcast to: x's dim + 1 when it is > 1, else 0.
bool BroadcastToShapeIncompatible(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::BROADCAST_TO || !Begin(valid, out)) return false;
  Node& n = TheNode(out);
  Attr* a = FindMutableAttr(n, "shape");
  const Dims& x = M(out).tensors[n.inputs[0]].dims;
  if (a == nullptr || a->ints.empty()) return false;
  const int32_t last = x.empty() ? 1 : x.back();
  if (last < 0) return false;
  a->ints.back() = last > 1 ? last + 1 : 0;
  out->detail = "shape[-1] = " + std::to_string(a->ints.back()) + " for x " + DimsToString(x);
  return true;
}
NNRT_MUTATION_FAMILY(730, "broadcast_to_shape_incompatible", kNode,
                     "ops_catalog #69, C-613: x's dims are 1 or the target's",
                     BroadcastToShapeIncompatible);

// C-614: a constant multiples value of 0 (an empty output).
bool TileMultiplesZero(const NodeSpec& spec, const GeneratedCase& valid, MutatedCase* out) {
  if (spec.type != NodeType::TILE_FUSION || !Begin(valid, out)) return false;
  const Node& n = TheNode(out);
  Tensor& multiples = M(out).tensors[n.inputs[1]];
  if (!multiples.HasData() || multiples.data.empty()) return false;
  StoreInt64(multiples.data_type, multiples.data.data(), 0, 0);
  out->detail = "multiples '" + multiples.name + "'[0] = 0";
  return true;
}
NNRT_MUTATION_FAMILY(740, "tile_multiples_zero", kNode, "ops_catalog #40, C-614: multiples >= 1", TileMultiplesZero);

}  // namespace mutations_internal
}  // namespace cts
}  // namespace nnrt
