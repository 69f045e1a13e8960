// ARGMAX_FUSION (ops_catalog #54), family "argmax", and TOPK_FUSION (#53),
// family "topk", which rank alike (C-554 / C-589).
// ARGMAX_FUSION: rank 1..4, any axis
// including negative ones, topK from 1 to the axis extent, keepDims,
// outMaxValue (indices int32 / int64, or the values in the input's type);
// float32 / float16 with the edge values, int8 / uint8 (values requantized
// to the output's params, C-553) and int32. Half the cases draw every value
// from {-2, ..., 2}, so that rows hold ties (C-554: the lower index first).
#include <algorithm>
#include <cstddef>
#include <optional>
#include <vector>

#include <rapidcheck.h>

#include "conformance/directed_edges.h"
#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

bool IsQuant(DataType t) { return t == DataType::kInt8 || t == DataType::kUint8; }

// Values in {-2, ..., 2} (codes zp - 2 .. zp + 2, clamped, for quantized types).
std::vector<uint8_t> GenTieData(DataType dtype, size_t count, int32_t zero_point) {
  const auto picks = *rc::gen::container<std::vector<int>>(count, rc::gen::inRange(-2, 3));
  std::vector<uint8_t> bytes(count * DataTypeSize(dtype));
  for (size_t i = 0; i < count; ++i) {
    if (IsFloatType(dtype)) {
      StoreDouble(dtype, bytes.data(), i, picks[i]);
    } else {
      const int64_t v = IsQuant(dtype) ? std::min(std::max<int64_t>(zero_point + picks[i], QuantMin(dtype)),
                                                  QuantMax(dtype))
                                       : picks[i];
      StoreInt64(dtype, bytes.data(), i, v);
    }
  }
  return bytes;
}

// Directed case k: rows of DirectedRowLength(k) along DirectedRowLayout(k)'s
// axis (C-912); the even cases carry NaN, ±inf and −0 / +0 in their rows
// (C-911), the odd ones repeated maxima (C-914).
struct DirectedRank {
  Dims dims;
  int64_t axis;
};
DirectedRank DirectedRankPlan(size_t k) {
  const DirectedRowShape row = DirectedRowLayout(k);
  const auto rank = static_cast<int64_t>(row.dims.size());
  return {row.dims, row.row_axis - (k % 4 == 1 ? rank : 0)};
}

std::vector<uint8_t> DirectedRankData(DataType dtype, const DirectedRank& plan, size_t k, int32_t zp) {
  const size_t count = ElementsOf(plan.dims);
  if (!DirectedSpecialsCase(k)) return DirectedTieData(dtype, count, k, zp);
  std::vector<uint8_t> x = DirectedRowData(dtype, count, k, zp);
  std::vector<bool> reduced(plan.dims.size(), false);
  reduced[static_cast<size_t>(plan.axis < 0 ? plan.axis + static_cast<int64_t>(plan.dims.size()) : plan.axis)] = true;
  PlantWindowSpecials(dtype, plan.dims, reduced, k, &x);
  return x;
}

GeneratedCase GenerateArgMax(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = IsQuant(dtype);
  const std::optional<size_t> directed = DirectedCaseIndex();
  const DirectedRank plan = DirectedRankPlan(directed.value_or(0));
  const Dims dims = directed ? plan.dims : GenShape(1, 4, 6);
  const auto rank = static_cast<int64_t>(dims.size());
  const int64_t axis = directed ? plan.axis : *rc::gen::inRange<int64_t>(-rank, rank);
  const int32_t extent = dims[static_cast<size_t>(axis < 0 ? axis + rank : axis)];
  const int64_t top_k = directed ? ((*directed / 2) % 2 == 0 ? 1 : std::min<int64_t>(extent, 4))
                        : *rc::gen::inRange(0, 2) == 0 ? 1
                                                       : *rc::gen::inRange<int64_t>(1, extent + 1);
  const bool keep = GenAttrValue(*FindAttrDomain(spec, "keepDims")) != 0;
  const bool values = GenAttrValue(*FindAttrDomain(spec, "outMaxValue")) != 0;
  Dims y_dims = dims;
  const auto a = static_cast<size_t>(axis < 0 ? axis + rank : axis);
  y_dims[a] = static_cast<int32_t>(top_k);
  if (top_k == 1 && !keep) y_dims.erase(y_dims.begin() + static_cast<std::ptrdiff_t>(a));
  std::vector<QuantParam> qx, qy;
  if (g.quantized) {
    qx = {GenQuantParam(dtype)};
    if (values) qy = {*rc::gen::inRange(0, 2) == 0 ? qx[0] : GenQuantParam(dtype)};
  }
  const int32_t zp = g.quantized ? qx[0].zero_point : 0;
  const bool ties = !directed && *rc::gen::inRange(0, 2) == 0;
  SingleNodeCase b(NodeType::ARGMAX_FUSION, spec.name);
  b.In("x", dtype, dims,
       directed ? DirectedRankData(dtype, plan, *directed, zp)
       : ties   ? GenTieData(dtype, ElementsOf(dims), zp)
                : GenTensorData(dtype, ElementsOf(dims), ValueProfile(), zp),
       qx);
  const DataType index_type = *rc::gen::inRange(0, 2) == 0 ? DataType::kInt32 : DataType::kInt64;
  b.Out("y", values ? dtype : index_type, y_dims, qy);
  b.WithAttrs({Attr::Int64("axis", axis), Attr::Int64("topK", top_k), Attr::Bool("keepDims", keep),
               Attr::Bool("outMaxValue", values)});
  g.test_case = b.Build();
  return g;
}

// TOPK_FUSION: rank 1..4, any axis including negative ones, k from 1 to the
// axis extent as an int8 / int32 / int64 of dims [] or [1], a constant or
// (one case in four) a run-time input (C-587); sorted true or false (C-589);
// the values in the input's type (quantized: the input's params or other
// ones, C-590), indices int32 / int64. Half the cases hold ties.
GeneratedCase GenerateTopK(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = IsQuant(dtype);
  const std::optional<size_t> directed = DirectedCaseIndex();
  const DirectedRank plan = DirectedRankPlan(directed.value_or(0));
  const Dims dims = directed ? plan.dims : GenShape(1, 4, 6);
  const auto rank = static_cast<int64_t>(dims.size());
  const int64_t axis = directed ? plan.axis : *rc::gen::inRange<int64_t>(-rank, rank);
  const auto a = static_cast<size_t>(axis < 0 ? axis + rank : axis);
  const int64_t k = directed ? std::min<int64_t>(dims[a], 1 + static_cast<int64_t>(*directed % 4))
                             : *rc::gen::inRange<int64_t>(1, dims[a] + 1);
  const bool sorted = GenAttrValue(*FindAttrDomain(spec, "sorted")) != 0;
  Dims y_dims = dims;
  y_dims[a] = static_cast<int32_t>(k);
  std::vector<QuantParam> qx, qy;
  if (g.quantized) {
    qx = {GenQuantParam(dtype)};
    qy = {*rc::gen::inRange(0, 2) == 0 ? qx[0] : GenQuantParam(dtype)};
  }
  const int32_t zp = g.quantized ? qx[0].zero_point : 0;
  const bool ties = !directed && *rc::gen::inRange(0, 2) == 0;
  SingleNodeCase b(NodeType::TOPK_FUSION, spec.name);
  b.In("x", dtype, dims,
       directed ? DirectedRankData(dtype, plan, *directed, zp)
       : ties   ? GenTieData(dtype, ElementsOf(dims), zp)
                : GenTensorData(dtype, ElementsOf(dims), ValueProfile(), zp),
       qx);
  const DataType k_type = *rc::gen::element(DataType::kInt8, DataType::kInt32, DataType::kInt64);
  const Dims k_dims = *rc::gen::inRange(0, 2) == 0 ? Dims{} : Dims{1};
  if (*rc::gen::inRange(0, 4) == 0) {
    b.In("k", k_type, k_dims, IntBytes(k_type, {k}), {});
  } else {
    b.Const("k", k_type, k_dims, IntBytes(k_type, {k}), {});
  }
  b.Out("values", dtype, y_dims, qy);
  b.Out("indices", *rc::gen::element(DataType::kInt32, DataType::kInt64), y_dims, {});
  b.WithAttrs({Attr::Bool("sorted", sorted), Attr::Int64("axis", axis)});
  g.test_case = b.Build();
  return g;
}

}  // namespace

NodeSpec TopKSpec() {
  NodeSpec s;
  s.name = "TOPK_FUSION";
  s.type = NodeType::TOPK_FUSION;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32};
  const NodeType t = NodeType::TOPK_FUSION;
  s.attrs = {SchemaDomain(t, "sorted"), SchemaRange(t, "axis", -4, 3)};
  s.generate = GenerateTopK;
  // Indices exact; values are copies (float exact) or one requantization
  // (quantized +-1 LSB when the output's params differ, C-590): ARGMAX's row.
  s.tolerance = ToleranceClass::kClampExact;
  s.graph = NotChainable("its second output is int32 / int64 indices and it needs a k operand");
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

NodeSpec ArgMaxSpec() {
  NodeSpec s;
  s.name = "ARGMAX_FUSION";
  s.type = NodeType::ARGMAX_FUSION;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32};
  const NodeType t = NodeType::ARGMAX_FUSION;
  s.attrs = {SchemaRange(t, "axis", -4, 3), SchemaRange(t, "topK", 1, 6), SchemaDomain(t, "keepDims"),
             SchemaDomain(t, "outMaxValue")};
  s.generate = GenerateArgMax;
  // Indices are integers (exact); values are copies (float exact) or one
  // requantization (quantized +-1), the clamp-type row.
  s.tolerance = ToleranceClass::kClampExact;
  s.graph = NotChainable("its default output is int32 / int64 indices, which a single-type chain cannot continue");
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(950, ArgMaxSpec());
NNRT_NODE_SPEC(960, TopKSpec());

}  // namespace cts
}  // namespace nnrt
