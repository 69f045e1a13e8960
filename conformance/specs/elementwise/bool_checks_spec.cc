// The bool checks (family "bool_checks"): ALL (ops_catalog #77; inputs x and
// axis, attribute keepDims, C-665..C-666) and ASSERT (#78; inputs condition
// and data, attribute summarize, C-667..C-668). ALL draws mostly-true bool
// data (so that reductions are not all false), axes of rank 0 or 1 with
// negative values, duplicates and every axis, constant or run-time (-1 dims
// until Run with keepDims), and both keepDims. ASSERT's valid cases hold a
// true condition (a false one fails the run, which the golden cases pin) and
// data with the edge values of every data-movement type.
#include <algorithm>
#include <vector>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"

namespace nnrt {
namespace cts {
namespace {

GeneratedCase GenerateAll(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  const Dims x_dims = GenShape(1, 4, 4);
  const auto rank = static_cast<int64_t>(x_dims.size());
  const std::vector<uint8_t> x = GenBoolBytes(ElementsOf(x_dims), 8);
  std::vector<int64_t> axes;
  const int64_t n_axes = *rc::gen::inRange<int64_t>(1, rank + 2);  // rank + 1: a duplicate
  for (int64_t i = 0; i < n_axes; ++i) axes.push_back(*rc::gen::inRange<int64_t>(-rank, rank));
  const bool scalar_axis = axes.size() == 1 && *rc::gen::arbitrary<bool>();
  const int64_t keep = *rc::gen::inRange<int64_t>(0, 2);
  std::vector<bool> reduced(x_dims.size(), false);
  for (int64_t a : axes) reduced[static_cast<size_t>(a < 0 ? a + rank : a)] = true;
  Dims y_dims;
  for (size_t d = 0; d < x_dims.size(); ++d) {
    if (!reduced[d]) y_dims.push_back(x_dims[d]);
    if (reduced[d] && keep == 1) y_dims.push_back(1);
  }
  const DataType index_type = *rc::gen::element(DataType::kInt32, DataType::kInt64);
  const Dims axis_dims = scalar_axis ? Dims{} : Dims{static_cast<int32_t>(axes.size())};
  SingleNodeCase b(NodeType::ALL, spec.name);
  b.In("x", DataType::kBool, x_dims, x, {});
  if (*rc::gen::arbitrary<bool>()) {
    b.In("axis", index_type, axis_dims, IntBytes(index_type, axes), {});
  } else {
    b.Const("axis", index_type, axis_dims, IntBytes(index_type, axes), {});
  }
  b.WithAttr(Attr::Int64("keepDims", keep));
  b.Out("y", DataType::kBool, y_dims, {});
  g.test_case = b.Build();
  return g;
}

GeneratedCase GenerateAssert(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  std::vector<QuantParam> q;
  if (g.quantized) q = {GenQuantParam(dtype)};
  const Dims data_dims = GenShape(0, 4, 4);
  const Dims condition_dims = *rc::gen::element(Dims{}, Dims{1});
  SingleNodeCase b(NodeType::ASSERT, spec.name);
  if (*rc::gen::arbitrary<bool>()) {
    b.In("condition", DataType::kBool, condition_dims, {*rc::gen::element<uint8_t>(1, 2, 127, 255)}, {});
  } else {
    b.Const("condition", DataType::kBool, condition_dims, {1}, {});
  }
  b.In("data", dtype, data_dims, GenMovedData(dtype, ElementsOf(data_dims), g.quantized ? q[0].zero_point : 0), q);
  b.WithAttr(Attr::Int64("summarize", *rc::gen::inRange<int64_t>(0, 6)));
  b.Out("y", dtype, data_dims, q);
  g.test_case = b.Build();
  return g;
}

}  // namespace

NodeSpec AllSpec() {
  NodeSpec s;
  s.name = "ALL";
  s.type = NodeType::ALL;
  s.dtypes = {DataType::kBool};
  s.attrs = {SchemaRange(NodeType::ALL, "keepDims", 0, 1)};
  s.generate = GenerateAll;
  s.tolerance = ToleranceClass::kDataMovement;
  s.graph = NotChainable("it takes and gives bool tensors, which no other chainable operator of the graph "
                         "generator consumes or produces");
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

NodeSpec AssertSpec() {
  NodeSpec s;
  s.name = "ASSERT";
  s.type = NodeType::ASSERT;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
              DataType::kInt32,   DataType::kInt64,   DataType::kBool};
  s.generate = GenerateAssert;
  s.tolerance = ToleranceClass::kDataMovement;
  s.signed_zero_exact = true;
  s.graph = NotChainable("it needs a bool condition operand, which the graph generator has no role for");
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(1130, AllSpec());
NNRT_NODE_SPEC(1140, AssertSpec());

}  // namespace cts
}  // namespace nnrt
