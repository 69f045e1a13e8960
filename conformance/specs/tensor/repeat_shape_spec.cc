// Repeating and shape-reading data movement (family "data_movement"):
// BROADCAST_TO (ops_catalog #69), TILE_FUSION (#40), SHAPE (#27) and RANK
// (#98). Valid cases draw size-1 dims to stretch, -1 targets, left-padding
// multiples (constant or run-time), the dims attribute's "every dim" forms,
// and int32/int64 shape outputs; judged exactly (C-600, C-611..C-614).
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

// SHAPE (x of rank >= 1, C-612) and RANK (rank 0 included): an int32 or
// int64 output; x's elements are irrelevant but drawn as for the others.
GeneratedCase GenerateShapeRank(const NodeSpec& spec, DataType dtype) {
  CaseStart s = Start(dtype);
  const bool shape = spec.type == NodeType::SHAPE;
  const Dims x = GenShape(shape ? 1 : 0, 5, 4);
  const DataType out_type = *rc::gen::element(DataType::kInt32, DataType::kInt64);
  SingleNodeCase b(spec.type, spec.name);
  b.In("x", dtype, x, GenMovedData(dtype, x, s.zero_point), s.q);
  b.Out("y", out_type, shape ? Dims{static_cast<int32_t>(x.size())} : Dims{}, {});
  s.g.test_case = b.Build();
  return s.g;
}

// x with some size-1 dims broadcast to a shape with 0-2 leading dims; a
// target dim equal to x's is given as -1 one time in four (C-613).
GeneratedCase GenerateBroadcastTo(const NodeSpec& spec, DataType dtype) {
  CaseStart s = Start(dtype);
  Dims x = GenShape(0, 3, 3);
  for (int32_t& d : x) {
    if (*rc::gen::inRange(0, 2) == 0) d = 1;
  }
  std::vector<int64_t> shape;
  Dims y;
  const int lead = *rc::gen::inRange(0, 3);
  for (int i = 0; i < lead; ++i) {
    shape.push_back(*rc::gen::inRange(1, 4));
    y.push_back(static_cast<int32_t>(shape.back()));
  }
  for (int32_t d : x) {
    const int32_t target = d == 1 ? *rc::gen::inRange(1, 4) : d;
    shape.push_back(target == d && *rc::gen::inRange(0, 4) == 0 ? -1 : target);
    y.push_back(target);
  }
  if (shape.empty()) {  // a scalar to [n]
    shape.push_back(*rc::gen::inRange(1, 4));
    y.push_back(static_cast<int32_t>(shape.back()));
  }
  SingleNodeCase b(spec.type, spec.name);
  b.In("x", dtype, x, GenMovedData(dtype, x, s.zero_point), s.q);
  b.WithAttr(Attr::Int64s("shape", shape));
  b.Out("y", dtype, y, s.q);
  s.g.test_case = b.Build();
  return s.g;
}

// multiples of length rank(x) or rank(x) + 1 (left-padding), values 1-3,
// constant or run-time; dims absent, [0], [] or [0..m-1] (C-614).
GeneratedCase GenerateTile(const NodeSpec& spec, DataType dtype) {
  CaseStart s = Start(dtype);
  const Dims x = GenShape(0, 3, 3);
  const size_t m = x.size() + static_cast<size_t>(x.empty() ? 1 : *rc::gen::inRange(0, 2));
  std::vector<int64_t> multiples(m);
  Dims y;
  for (size_t k = 0; k < m; ++k) {
    multiples[k] = *rc::gen::inRange(1, 4);
    const int32_t xd = k >= m - x.size() ? x[k - (m - x.size())] : 1;
    y.push_back(static_cast<int32_t>(xd * multiples[k]));
  }
  const DataType t = *rc::gen::element(DataType::kInt32, DataType::kInt64);
  SingleNodeCase b(spec.type, spec.name);
  b.In("x", dtype, x, GenMovedData(dtype, x, s.zero_point), s.q);
  const Dims mdims{static_cast<int32_t>(m)};
  if (*rc::gen::inRange(0, 4) == 0) {
    b.In("multiples", t, mdims, IntBytes(t, multiples), {});
  } else {
    b.Const("multiples", t, mdims, IntBytes(t, multiples), {});
  }
  switch (*rc::gen::inRange(0, 4)) {
    case 0: break;
    case 1: b.WithAttr(Attr::Int64s("dims", {0})); break;
    case 2: b.WithAttr(Attr::Int64s("dims", {})); break;
    default: {
      std::vector<int64_t> all(m);
      std::iota(all.begin(), all.end(), 0);
      b.WithAttr(Attr::Int64s("dims", all));
    }
  }
  b.Out("y", dtype, y, s.q);
  s.g.test_case = b.Build();
  return s.g;
}

}  // namespace

NodeSpec BroadcastToSpec() {
  NodeSpec s = DataMovementBase(NodeType::BROADCAST_TO, GenerateBroadcastTo);
  s.attrs = {SchemaRange(NodeType::BROADCAST_TO, "shape", -1, 3, -1)};
  s.graph = NotChainable("the binary signatures already broadcast the chain tensor");
  s.model_bound = ModelBoundRule::kSameOp;
  return s;
}

NodeSpec TileSpec() {
  NodeSpec s = DataMovementBase(NodeType::TILE_FUSION, GenerateTile);
  s.attrs = {SchemaRange(NodeType::TILE_FUSION, "dims", 0, 3, -1)};
  // Run-time multiples (a value-dependent output shape), repeating one axis
  // twice only while the result stays small.
  s.graph = Chainable(GraphKind::kTile, true);
  s.model_bound = ModelBoundRule::kSameOp;
  s.keeps_input_quant = true;
  return s;
}

NodeSpec ShapeRankSpec(NodeType type) {
  NodeSpec s = DataMovementBase(type, GenerateShapeRank);
  s.graph = NotChainable("its output is an int32/int64 vector of dims, not a tensor of the chain's data type");
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(880, ShapeRankSpec(NodeType::SHAPE));
NNRT_NODE_SPEC(890, ShapeRankSpec(NodeType::RANK));
NNRT_NODE_SPEC(900, BroadcastToSpec());
NNRT_NODE_SPEC(910, TileSpec());

}  // namespace cts
}  // namespace nnrt
