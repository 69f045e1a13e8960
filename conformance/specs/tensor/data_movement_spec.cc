// Axis-driven data movement (family "data_movement"): TRANSPOSE (ops_catalog
// #41, perm a constant or run-time input), CONCAT (#7) and SPLIT (#32),
// STACK (#36) and UNSTACK (#57), FLATTEN (#64), SQUEEZE (#35), UNSQUEEZE
// (#55) and EXPAND_DIMS (#13); BROADCAST_TO, TILE_FUSION, SHAPE and RANK are in
// repeat_shape_spec.cc. Valid cases draw negative and positive axes
// (the boundaries -rank and rank-1 favoured), size-1 dims, 2..4 pieces and
// data with NaN (payload-carrying), ±0 and the type limits; every output
// keeps the input's type and quant params (C-600), judged exactly.
#include <cstring>
#include <numeric>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "conformance/specs/tensor/data_movement_gen.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

using namespace data_movement_gen;  // NOLINT: the family's helpers

GeneratedCase GenerateTranspose(const NodeSpec& spec, DataType dtype) {
  CaseStart s = Start(dtype);
  const Dims x = GenShape(1, 5, 4);
  std::vector<int64_t> perm(x.size());
  std::iota(perm.begin(), perm.end(), 0);
  // Fisher-Yates with shrinkable draws: a draw of 0 keeps the element in
  // place, so shrinking moves towards the identity.
  for (size_t i = perm.size(); i > 1; --i) std::swap(perm[i - 1], perm[i - 1 - *rc::gen::inRange<size_t>(0, i)]);
  Dims y;
  for (int64_t p : perm) y.push_back(x[static_cast<size_t>(p)]);
  const DataType perm_type = *rc::gen::element(DataType::kInt32, DataType::kInt64);
  SingleNodeCase b(spec.type, spec.name);
  b.In("x", dtype, x, GenMovedData(dtype, x, s.zero_point), s.q);
  const Dims perm_dims{static_cast<int32_t>(perm.size())};
  if (*rc::gen::inRange(0, 4) == 0) {
    b.In("perm", perm_type, perm_dims, IntBytes(perm_type, perm), {});  // a run-time perm
  } else {
    b.Const("perm", perm_type, perm_dims, IntBytes(perm_type, perm), {});
  }
  b.Out("y", dtype, y, s.q);
  s.g.test_case = b.Build();
  return s.g;
}

GeneratedCase GenerateConcat(const NodeSpec& spec, DataType dtype) {
  CaseStart s = Start(dtype);
  const Dims base = GenShape(1, 4, 4);
  const int64_t rank = static_cast<int64_t>(base.size());
  const int64_t axis = GenAxis(rank);
  const size_t at = static_cast<size_t>(Resolved(axis, rank));
  const int n = *rc::gen::inRange(2, 5);
  SingleNodeCase b(spec.type, spec.name);
  Dims y = base;
  y[at] = 0;
  for (int i = 0; i < n; ++i) {
    Dims d = base;
    d[at] = *rc::gen::inRange(1, 4);
    y[at] += d[at];
    b.In("x" + std::to_string(i), dtype, d, GenMovedData(dtype, d, s.zero_point), s.q);
  }
  b.WithAttr(Attr::Int64("axis", axis));
  b.Out("y", dtype, y, s.q);
  s.g.test_case = b.Build();
  return s.g;
}

// Equal pieces (sizeSplits empty or all 0) or explicit sizes, one of them -1
// one time in three; outputNum 0 or the output count (C-603).
GeneratedCase GenerateSplit(const NodeSpec& spec, DataType dtype) {
  CaseStart s = Start(dtype);
  Dims x = GenShape(1, 4, 4);
  const int64_t rank = static_cast<int64_t>(x.size());
  const int64_t axis = GenAxis(rank);
  const size_t at = static_cast<size_t>(Resolved(axis, rank));
  const int n = *rc::gen::inRange(1, 5);
  std::vector<int64_t> sizes(static_cast<size_t>(n));
  std::vector<int64_t> size_splits;
  const int form = *rc::gen::inRange(0, 3);
  if (form == 0) {
    const int64_t each = *rc::gen::inRange(1, 3);
    for (int64_t& v : sizes) v = each;
    if (*rc::gen::inRange(0, 2) == 0) size_splits.assign(static_cast<size_t>(n), 0);
  } else {
    for (int64_t& v : sizes) v = *rc::gen::inRange(1, 4);
    size_splits = sizes;
    if (form == 2) size_splits[*rc::gen::inRange<size_t>(0, sizes.size())] = -1;
  }
  x[at] = static_cast<int32_t>(std::accumulate(sizes.begin(), sizes.end(), int64_t{0}));
  SingleNodeCase b(spec.type, spec.name);
  b.In("x", dtype, x, GenMovedData(dtype, x, s.zero_point), s.q);
  b.WithAttr(Attr::Int64("outputNum", *rc::gen::inRange(0, 2) == 0 ? 0 : n));
  b.WithAttr(Attr::Int64s("sizeSplits", size_splits));
  b.WithAttr(Attr::Int64("axis", axis));
  for (int i = 0; i < n; ++i) {
    Dims y = x;
    y[at] = static_cast<int32_t>(sizes[static_cast<size_t>(i)]);
    b.Out("y" + std::to_string(i), dtype, y, s.q);
  }
  s.g.test_case = b.Build();
  return s.g;
}

GeneratedCase GenerateStack(const NodeSpec& spec, DataType dtype) {
  CaseStart s = Start(dtype);
  const Dims piece = GenShape(0, 3, 4);
  const int64_t out_rank = static_cast<int64_t>(piece.size()) + 1;
  const int64_t axis = GenAxis(out_rank);
  const int n = *rc::gen::inRange(2, 5);
  SingleNodeCase b(spec.type, spec.name);
  for (int i = 0; i < n; ++i) {
    b.In("x" + std::to_string(i), dtype, piece, GenMovedData(dtype, piece, s.zero_point), s.q);
  }
  Dims y = piece;
  y.insert(y.begin() + Resolved(axis, out_rank), n);
  b.WithAttr(Attr::Int64("axis", axis));
  b.Out("y", dtype, y, s.q);
  s.g.test_case = b.Build();
  return s.g;
}

GeneratedCase GenerateUnstack(const NodeSpec& spec, DataType dtype) {
  CaseStart s = Start(dtype);
  const Dims x = GenShape(1, 4, 4);
  const int64_t rank = static_cast<int64_t>(x.size());
  const int64_t axis = GenAxis(rank);
  const size_t at = static_cast<size_t>(Resolved(axis, rank));
  SingleNodeCase b(spec.type, spec.name);
  b.In("x", dtype, x, GenMovedData(dtype, x, s.zero_point), s.q);
  b.WithAttr(Attr::Int64("axis", axis));
  Dims y = x;
  y.erase(y.begin() + static_cast<std::ptrdiff_t>(at));
  for (int32_t i = 0; i < x[at]; ++i) b.Out("y" + std::to_string(i), dtype, y, s.q);
  s.g.test_case = b.Build();
  return s.g;
}

// axis in [-rank, rank] (C-607), both ends included.
GeneratedCase GenerateFlatten(const NodeSpec& spec, DataType dtype) {
  CaseStart s = Start(dtype);
  const Dims x = GenShape(1, 4, 4);
  const int64_t rank = static_cast<int64_t>(x.size());
  const int64_t axis = *rc::gen::inRange<int64_t>(-rank, rank + 1);
  const size_t at = static_cast<size_t>(axis < 0 ? axis + rank : axis);
  int32_t rows = 1, cols = 1;
  for (size_t i = 0; i < x.size(); ++i) (i < at ? rows : cols) *= x[i];
  SingleNodeCase b(spec.type, spec.name);
  b.In("x", dtype, x, GenMovedData(dtype, x, s.zero_point), s.q);
  b.WithAttr(Attr::Int64("axis", axis));
  b.Out("y", dtype, Dims{rows, cols}, s.q);
  s.g.test_case = b.Build();
  return s.g;
}

// A shape with some size-1 dims: SQUEEZE lists some of them (or none = all,
// C-608); UNSQUEEZE / EXPAND_DIMS insert at positions of the output.
Dims GenShapeWithOnes() {
  Dims x = GenShape(1, 4, 4);
  for (int32_t& d : x) {
    if (*rc::gen::inRange(0, 3) == 0) d = 1;
  }
  return x;
}

GeneratedCase GenerateSqueeze(const NodeSpec& spec, DataType dtype) {
  CaseStart s = Start(dtype);
  const Dims x = GenShapeWithOnes();
  const int64_t rank = static_cast<int64_t>(x.size());
  std::vector<int64_t> axes;
  const bool all = *rc::gen::inRange(0, 3) == 0;
  Dims y;
  std::vector<bool> removed(x.size(), false);
  for (int64_t d = 0; d < rank; ++d) {
    const bool one = x[static_cast<size_t>(d)] == 1;
    const bool listed = !all && one && *rc::gen::inRange(0, 3) != 0;
    if (listed) axes.push_back(*rc::gen::inRange(0, 2) == 0 ? d : d - rank);
    removed[static_cast<size_t>(d)] = all ? one : listed;
  }
  // No dim listed is the empty list: every size-1 dim goes (C-608).
  for (size_t d = 0; d < x.size(); ++d) {
    if (!(removed[d] || (axes.empty() && x[d] == 1))) y.push_back(x[d]);
  }
  SingleNodeCase b(spec.type, spec.name);
  b.In("x", dtype, x, GenMovedData(dtype, x, s.zero_point), s.q);
  b.WithAttr(Attr::Int64s("axis", axes));
  b.Out("y", dtype, y, s.q);
  s.g.test_case = b.Build();
  return s.g;
}

GeneratedCase GenerateUnsqueeze(const NodeSpec& spec, DataType dtype) {
  CaseStart s = Start(dtype);
  const Dims x = GenShape(0, 4, 4);
  const bool expand = spec.type == NodeType::EXPAND_DIMS;
  const int64_t out_rank = static_cast<int64_t>(x.size()) + 1;
  const int64_t axis = GenAxis(out_rank);
  Dims y = x;
  y.insert(y.begin() + Resolved(axis, out_rank), 1);
  SingleNodeCase b(spec.type, spec.name);
  b.In("x", dtype, x, GenMovedData(dtype, x, s.zero_point), s.q);
  if (expand) {
    const DataType t = *rc::gen::element(DataType::kInt32, DataType::kInt64);
    b.Const("axis", t, *rc::gen::element(Dims{}, Dims{1}), IntBytes(t, {axis}), {});
  } else {
    b.WithAttr(Attr::Int64s("axis", {axis}));
  }
  b.Out("y", dtype, y, s.q);
  s.g.test_case = b.Build();
  return s.g;
}

}  // namespace

NodeSpec TransposeSpec() {
  NodeSpec s = DataMovementBase(NodeType::TRANSPOSE, GenerateTranspose);
  s.graph = Chainable(GraphKind::kTranspose, true);
  s.model_bound = ModelBoundRule::kSameOp;
  s.keeps_input_quant = true;
  return s;
}

NodeSpec ConcatSpec() {
  NodeSpec s = DataMovementBase(NodeType::CONCAT, GenerateConcat);
  s.attrs = {SchemaRange(NodeType::CONCAT, "axis", -4, 3)};
  // Float graphs only: quantized operands would need the output's params
  // (C-600), which a graph gives only its intermediates after planning.
  s.graph = Chainable(GraphKind::kConcat, false);
  s.model_bound = ModelBoundRule::kSameOp;
  return s;
}

NodeSpec SplitSpec() {
  NodeSpec s = DataMovementBase(NodeType::SPLIT, GenerateSplit);
  s.attrs = {SchemaRange(NodeType::SPLIT, "outputNum", 0, 4), SchemaRange(NodeType::SPLIT, "sizeSplits", -1, 3, -1),
             SchemaRange(NodeType::SPLIT, "axis", -4, 3)};
  s.graph = Chainable(GraphKind::kSplit, true);
  s.model_bound = ModelBoundRule::kSameOp;
  s.keeps_input_quant = true;
  return s;
}

NodeSpec StackSpec() {
  NodeSpec s = DataMovementBase(NodeType::STACK, GenerateStack);
  s.attrs = {SchemaRange(NodeType::STACK, "axis", -4, 3)};
  s.graph = NotChainable("needs two or more operands of one shape; the graph generator has no role for them");
  s.model_bound = ModelBoundRule::kSameOp;
  return s;
}

NodeSpec UnstackSpec() {
  NodeSpec s = DataMovementBase(NodeType::UNSTACK, GenerateUnstack);
  s.attrs = {SchemaRange(NodeType::UNSTACK, "axis", -4, 3)};
  s.graph = NotChainable("has one output per slice; the graph generator's nodes have one output");
  s.model_bound = ModelBoundRule::kSameOp;
  return s;
}

NodeSpec ShapeOpSpec(NodeType type) {
  switch (type) {
    case NodeType::FLATTEN: {
      NodeSpec s = DataMovementBase(type, GenerateFlatten);
      s.model_bound = ModelBoundRule::kSameOp;
      s.attrs = {SchemaRange(type, "axis", -4, 4)};
      s.graph = NotChainable("RESHAPE already chains the rank changes");
      return s;
    }
    case NodeType::SQUEEZE: {
      NodeSpec s = DataMovementBase(type, GenerateSqueeze);
      s.model_bound = ModelBoundRule::kSameOp;
      s.attrs = {SchemaRange(type, "axis", -4, 3, -1)};
      s.graph = NotChainable("RESHAPE already chains the rank changes");
      return s;
    }
    case NodeType::UNSQUEEZE: {
      NodeSpec s = DataMovementBase(type, GenerateUnsqueeze);
      s.model_bound = ModelBoundRule::kSameOp;
      s.attrs = {SchemaRange(type, "axis", -5, 4, 1)};
      s.graph = NotChainable("RESHAPE already chains the rank changes");
      return s;
    }
    default: {
      NodeSpec s = DataMovementBase(NodeType::EXPAND_DIMS, GenerateUnsqueeze);
      s.model_bound = ModelBoundRule::kSameOp;
      s.graph = NotChainable("RESHAPE already chains the rank changes");
      return s;
    }
  }
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(790, TransposeSpec());
NNRT_NODE_SPEC(800, ConcatSpec());
NNRT_NODE_SPEC(810, SplitSpec());
NNRT_NODE_SPEC(820, StackSpec());
NNRT_NODE_SPEC(830, UnstackSpec());
NNRT_NODE_SPEC(840, ShapeOpSpec(NodeType::FLATTEN));
NNRT_NODE_SPEC(850, ShapeOpSpec(NodeType::SQUEEZE));
NNRT_NODE_SPEC(860, ShapeOpSpec(NodeType::UNSQUEEZE));
NNRT_NODE_SPEC(870, ShapeOpSpec(NodeType::EXPAND_DIMS));

}  // namespace cts
}  // namespace nnrt
