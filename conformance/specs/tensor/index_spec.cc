// Index-driven data movement (family "gather_scatter"): GATHER (ops_catalog
// #16; HDI Gather, no attributes; inputs x, indices, axis) and GATHER_ND
// (#108; inputs x, indices of tuples) and SCATTER_ND (#103; indices,
// updates, shape) and ONE_HOT (#23; indices, depth, onValue, offValue; axis). Valid cases draw
// indices in [0, x.dims[axis]) with the boundaries 0 and n-1 and duplicates
// favoured (C-351), negative and positive axes (C-352), indices of rank 0..2
// as constants or run-time inputs, and data with NaN (payload-carrying), ±0
// and the type limits; the output keeps x's type and quant params (C-350).
#include <cstddef>
#include <cstring>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

// Indices in [0, n): mostly the boundaries and repeats.
std::vector<int64_t> GenIndices(size_t count, int64_t n) {
  std::vector<int64_t> v(count);
  for (int64_t& i : v) {
    i = *rc::gen::weightedOneOf<int64_t>(
        {{2, rc::gen::inRange<int64_t>(0, n)}, {1, rc::gen::just<int64_t>(0)}, {1, rc::gen::just<int64_t>(n - 1)}});
  }
  return v;
}

GeneratedCase GenerateGather(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  const Dims x_dims = GenShape(1, 4, 4);
  const int32_t rank = static_cast<int32_t>(x_dims.size());
  const int32_t axis = *rc::gen::inRange(-rank, rank);
  const int64_t n = x_dims[static_cast<size_t>(axis < 0 ? axis + rank : axis)];
  const int index_rank = *rc::gen::inRange(0, 3);
  Dims idx_dims;
  for (int i = 0; i < index_rank; ++i) idx_dims.push_back(*rc::gen::inRange(1, 4));
  const std::vector<int64_t> indices = GenIndices(ElementsOf(idx_dims), n);
  const DataType index_type = *rc::gen::element(DataType::kInt32, DataType::kInt64);
  const DataType axis_type = *rc::gen::element(DataType::kInt32, DataType::kInt64);

  std::vector<QuantParam> q;
  if (g.quantized) q = {GenQuantParam(dtype)};
  SingleNodeCase b(NodeType::GATHER, spec.name);
  b.In("x", dtype, x_dims, GenMovedData(dtype, ElementsOf(x_dims), g.quantized ? q[0].zero_point : 0), q);
  if (DirectedCaseIndex() || *rc::gen::arbitrary<bool>()) {  // run-time at the directed cases (index probes, C-913)
    b.In("indices", index_type, idx_dims, IntBytes(index_type, indices), {});
  } else {
    b.Const("indices", index_type, idx_dims, IntBytes(index_type, indices), {});
  }
  b.Const("axis", axis_type, {1}, IntBytes(axis_type, {axis}), {});
  const size_t a = static_cast<size_t>(axis < 0 ? axis + rank : axis);
  Dims y_dims(x_dims.begin(), x_dims.begin() + static_cast<std::ptrdiff_t>(a));
  y_dims.insert(y_dims.end(), idx_dims.begin(), idx_dims.end());
  y_dims.insert(y_dims.end(), x_dims.begin() + static_cast<std::ptrdiff_t>(a) + 1, x_dims.end());
  b.Out("y", dtype, y_dims, q);
  g.test_case = b.Build();
  return g;
}

// GATHER_ND: tuples of length k in 1..rank(x), each component in [0, x.dims[t])
// with the boundaries and repeats favoured (C-354).
GeneratedCase GenerateGatherNd(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  const Dims x_dims = GenShape(1, 4, 4);
  const int32_t k = *rc::gen::inRange<int32_t>(1, static_cast<int32_t>(x_dims.size()) + 1);
  Dims idx_dims;
  const int batch_rank = *rc::gen::inRange(0, 3);
  for (int i = 0; i < batch_rank; ++i) idx_dims.push_back(*rc::gen::inRange(1, 4));
  const size_t tuples = ElementsOf(idx_dims);
  idx_dims.push_back(k);
  std::vector<int64_t> indices;
  for (size_t m = 0; m < tuples; ++m) {
    for (int32_t t = 0; t < k; ++t) indices.push_back(GenIndices(1, x_dims[static_cast<size_t>(t)])[0]);
  }
  const DataType index_type = *rc::gen::element(DataType::kInt32, DataType::kInt64);
  std::vector<QuantParam> q;
  if (g.quantized) q = {GenQuantParam(dtype)};
  SingleNodeCase b(NodeType::GATHER_ND, spec.name);
  b.In("x", dtype, x_dims, GenMovedData(dtype, ElementsOf(x_dims), g.quantized ? q[0].zero_point : 0), q);
  if (DirectedCaseIndex() || *rc::gen::arbitrary<bool>()) {  // run-time at the directed cases (index probes, C-913)
    b.In("indices", index_type, idx_dims, IntBytes(index_type, indices), {});
  } else {
    b.Const("indices", index_type, idx_dims, IntBytes(index_type, indices), {});
  }
  Dims y_dims(idx_dims.begin(), idx_dims.end() - 1);
  y_dims.insert(y_dims.end(), x_dims.begin() + k, x_dims.end());
  b.Out("y", dtype, y_dims, q);
  g.test_case = b.Build();
  return g;
}

// SCATTER_ND: a constant or run-time shape of rank 1..4, tuples of length
// k in 1..rank with duplicates favoured (the later one wins, C-355).
GeneratedCase GenerateScatterNd(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  const Dims y_dims = GenShape(1, 4, 4);
  const int32_t k = *rc::gen::inRange<int32_t>(1, static_cast<int32_t>(y_dims.size()) + 1);
  Dims idx_dims;
  const int batch_rank = *rc::gen::inRange(1, 3);
  for (int i = 0; i < batch_rank; ++i) idx_dims.push_back(*rc::gen::inRange(1, 4));
  const size_t tuples = ElementsOf(idx_dims);
  Dims upd_dims = idx_dims;
  upd_dims.insert(upd_dims.end(), y_dims.begin() + k, y_dims.end());
  idx_dims.push_back(k);
  std::vector<int64_t> indices;
  for (size_t m = 0; m < tuples; ++m) {
    for (int32_t t = 0; t < k; ++t) indices.push_back(GenIndices(1, y_dims[static_cast<size_t>(t)])[0]);
  }
  const DataType index_type = *rc::gen::element(DataType::kInt32, DataType::kInt64);
  std::vector<QuantParam> q;
  if (g.quantized) q = {GenQuantParam(dtype)};
  SingleNodeCase b(NodeType::SCATTER_ND, spec.name);
  if (DirectedCaseIndex() || *rc::gen::arbitrary<bool>()) {  // run-time at the directed cases (index probes, C-913)
    b.In("indices", index_type, idx_dims, IntBytes(index_type, indices), {});
  } else {
    b.Const("indices", index_type, idx_dims, IntBytes(index_type, indices), {});
  }
  b.In("updates", dtype, upd_dims, GenMovedData(dtype, ElementsOf(upd_dims), g.quantized ? q[0].zero_point : 0), q);
  const std::vector<int64_t> shape(y_dims.begin(), y_dims.end());
  b.Const("shape", index_type, {static_cast<int32_t>(shape.size())}, IntBytes(index_type, shape), {});
  b.Out("y", dtype, y_dims, q);
  g.test_case = b.Build();
  return g;
}

// ONE_HOT: indices of rank 0..3 in [-1, depth] (the ends give all-off rows,
// C-357), every axis, depth constant or run-time, on/off values from the
// edge values of the type.
GeneratedCase GenerateOneHot(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = dtype == DataType::kInt8 || dtype == DataType::kUint8;
  Dims idx_dims;
  const int rank = *rc::gen::inRange(0, 4);
  for (int i = 0; i < rank; ++i) idx_dims.push_back(*rc::gen::inRange(1, 4));
  const int64_t depth = *rc::gen::inRange<int64_t>(1, 5);
  std::vector<int64_t> indices(ElementsOf(idx_dims));
  for (int64_t& i : indices) i = *rc::gen::inRange<int64_t>(-1, depth + 1);
  const int64_t axis = *rc::gen::inRange<int64_t>(-(rank + 1), rank + 1);
  const DataType index_type = *rc::gen::element(DataType::kInt32, DataType::kInt64);
  std::vector<QuantParam> q;
  if (g.quantized) q = {GenQuantParam(dtype)};
  const int32_t zp = g.quantized ? q[0].zero_point : 0;
  SingleNodeCase b(NodeType::ONE_HOT, spec.name);
  b.WithAttr(Attr::Int64("axis", axis));
  if (*rc::gen::arbitrary<bool>()) {
    b.In("indices", index_type, idx_dims, IntBytes(index_type, indices), {});
  } else {
    b.Const("indices", index_type, idx_dims, IntBytes(index_type, indices), {});
  }
  if (*rc::gen::arbitrary<bool>()) {
    b.In("depth", index_type, {1}, IntBytes(index_type, {depth}), {});
  } else {
    b.Const("depth", index_type, {1}, IntBytes(index_type, {depth}), {});
  }
  b.In("on_value", dtype, {1}, GenMovedData(dtype, 1, zp), q);  // a model input in every case
  b.Const("off_value", dtype, {1}, GenMovedData(dtype, 1, zp), q);
  const size_t a = static_cast<size_t>(axis < 0 ? axis + rank + 1 : axis);
  Dims y_dims(idx_dims.begin(), idx_dims.begin() + static_cast<std::ptrdiff_t>(a));
  y_dims.push_back(static_cast<int32_t>(depth));
  y_dims.insert(y_dims.end(), idx_dims.begin() + static_cast<std::ptrdiff_t>(a), idx_dims.end());
  b.Out("y", dtype, y_dims, q);
  g.test_case = b.Build();
  return g;
}

}  // namespace

NodeSpec OneHotSpec() {
  NodeSpec s;
  s.name = "ONE_HOT";
  s.type = NodeType::ONE_HOT;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
              DataType::kInt32,   DataType::kInt64,   DataType::kBool};
  s.attrs = {SchemaRange(NodeType::ONE_HOT, "axis", -4, 3)};
  s.generate = GenerateOneHot;
  s.tolerance = ToleranceClass::kDataMovement;
  s.graph = NotChainable("its data operands are an index tensor, a depth and two one-element values; the graph "
                         "generator has no operand role for them");
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

NodeSpec ScatterNdSpec() {
  NodeSpec s;
  s.name = "SCATTER_ND";
  s.type = NodeType::SCATTER_ND;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
              DataType::kInt32,   DataType::kInt64,   DataType::kBool};
  s.generate = GenerateScatterNd;
  s.tolerance = ToleranceClass::kDataMovement;
  s.index_inputs = {"indices"};  // C-351 / C-354 / C-355: the index probes
  s.graph = NotChainable("its output shape is a shape tensor's values and its indices must lie inside them; "
                         "the graph generator has no operand role for either");
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

NodeSpec GatherNdSpec() {
  NodeSpec s;
  s.name = "GATHER_ND";
  s.type = NodeType::GATHER_ND;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
              DataType::kInt32,   DataType::kInt64,   DataType::kBool};
  s.generate = GenerateGatherNd;
  s.tolerance = ToleranceClass::kDataMovement;
  s.index_inputs = {"indices"};  // C-351 / C-354 / C-355: the index probes
  s.graph = NotChainable("needs an index tensor whose tuples lie inside x's dims; the graph generator has no "
                         "operand role for it");
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

NodeSpec GatherSpec() {
  NodeSpec s;
  s.name = "GATHER";
  s.type = NodeType::GATHER;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
              DataType::kInt32,   DataType::kInt64,   DataType::kBool};
  s.generate = GenerateGather;
  s.tolerance = ToleranceClass::kDataMovement;
  s.index_inputs = {"indices"};  // C-351 / C-354 / C-355: the index probes
  s.graph = NotChainable("needs an index tensor whose values lie in [0, x.dims[axis]) and an axis input; "
                         "the graph generator has no operand role for either");
  s.model_bound = ModelBoundRule::kSameOp;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(450, GatherSpec());
NNRT_NODE_SPEC(460, GatherNdSpec());
NNRT_NODE_SPEC(470, ScatterNdSpec());
NNRT_NODE_SPEC(480, OneHotSpec());

}  // namespace cts
}  // namespace nnrt
