// REDUCE_FUSION (ops_catalog #42, 50, 51, 99, 100, 101, 106), family
// "reduce": every mode, keepDims, reduceToEnd and coeff (0 = no scaling,
// C-547); the axis a constant int32 / int64 input of rank 1 (or a scalar),
// with negative, duplicate and all axes (C-545); float32 / float16 with the
// edge values, int8 / uint8 with output params scaled to the mode's typical
// result (C-551), int32 for the exact modes and bool for ALL (C-548). Float
// results are judged by a dot-product-form bound over the reduced set
// (docs/operators/reduce.md "REDUCE_FUSION bound"). In random graphs it reduces
// the chain tensor with keepDims (GraphKind::kReduce).
#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include <rapidcheck.h>

#include "conformance/directed_edges.h"
#include "conformance/generators.h"
#include "conformance/tolerance/accumulation_bounds.h"
#include "conformance/node_spec.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/tensor/reduce.h"

namespace nnrt {
namespace cts {
namespace {

bool IsQuant(DataType t) { return t == DataType::kInt8 || t == DataType::kUint8; }

// C-548: ALL only on bool; MEAN and L2 have no plain-integer form.
ReduceMode ModeFor(DataType dtype, int64_t drawn) {
  auto mode = static_cast<ReduceMode>(drawn);
  if (dtype == DataType::kBool) return ReduceMode::kAll;
  if (mode == ReduceMode::kAll) return ReduceMode::kSum;
  if (dtype == DataType::kInt32 && (mode == ReduceMode::kMean || mode == ReduceMode::kL2)) return ReduceMode::kMax;
  return mode;
}

// Axis values: one to rank+1 of them, negative and duplicate ones included;
// one case in four lists every axis.
std::vector<int64_t> GenAxes(int64_t rank) {
  if (*rc::gen::inRange(0, 4) == 0) {
    std::vector<int64_t> all;
    for (int64_t i = 0; i < rank; ++i) all.push_back(*rc::gen::inRange(0, 2) == 0 ? i : i - rank);
    return all;
  }
  const int count = *rc::gen::inRange(1, static_cast<int>(rank) + 2);
  return *rc::gen::container<std::vector<int64_t>>(static_cast<size_t>(count), rc::gen::inRange<int64_t>(-rank, rank));
}

// Output params centred on the mode's typical result for inputs of about 64 steps.
QuantParam GenOutputParam(DataType dtype, ReduceMode mode, double sx, int64_t count, double coeff) {
  const double v = 64 * sx, n = static_cast<double>(count);
  double m = v;
  switch (mode) {
    case ReduceMode::kSum:
    case ReduceMode::kAsum: m = v * n / 2; break;
    case ReduceMode::kSumSquare: m = v * v * n; break;
    case ReduceMode::kL2: m = v * std::sqrt(n); break;
    case ReduceMode::kProd: m = std::pow(v, std::min(n, 4.0)); break;
    default: break;
  }
  const double centre = std::min(std::max(m * std::fabs(coeff) / 64, 1e-6), 1e6);
  return GenQuantParamWithScale(dtype, centre / 4, centre * 4);
}

std::vector<uint8_t> AxesBytes(DataType t, const std::vector<int64_t>& axes) {
  std::vector<uint8_t> out(axes.size() * DataTypeSize(t));
  for (size_t i = 0; i < axes.size(); ++i) StoreInt64(t, out.data(), i, axes[i]);
  return out;
}

// Directed case k (C-911, C-912): a row of DirectedRowLength(k) reduced along
// DirectedRowLayout(k)'s row axis (every axis when k/2 is a multiple of 4), the
// modes in turn with MAX and MIN on the longest rows.
struct DirectedReduce {
  Dims dims;
  std::vector<int64_t> axes;
  int64_t mode;
};
DirectedReduce DirectedReducePlan(size_t k) {
  static const ReduceMode kModes[] = {ReduceMode::kMax,  ReduceMode::kMin, ReduceMode::kSum,       ReduceMode::kMean,
                                      ReduceMode::kProd, ReduceMode::kL2,  ReduceMode::kSumSquare, ReduceMode::kAsum};
  const DirectedRowShape row = DirectedRowLayout(k);
  DirectedReduce d{row.dims, {row.row_axis}, static_cast<int64_t>(kModes[(k / 2) % 8])};
  if ((k / 2) % 4 == 3) d.axes = {0, -1};
  return d;
}

GeneratedCase GenerateReduce(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = IsQuant(dtype);
  const std::optional<size_t> directed = DirectedCaseIndex();
  const DirectedReduce plan = DirectedReducePlan(directed.value_or(0));
  const ReduceMode mode = ModeFor(dtype, directed ? plan.mode : GenAttrValue(*FindAttrDomain(spec, "mode")));
  const bool keep = GenAttrValue(*FindAttrDomain(spec, "keepDims")) != 0;
  const bool to_end = !directed && *rc::gen::inRange(0, 3) == 0;
  const Dims dims = directed ? plan.dims : GenShape(1, 4, 5);
  const auto rank = static_cast<int64_t>(dims.size());
  std::vector<int64_t> axes = directed ? plan.axes : GenAxes(rank);
  const bool scalar_axis = axes.size() == 1 && *rc::gen::inRange(0, 4) == 0;
  // coeff in halves; integer and bool results take only 0 or 1 (C-547).
  const bool exact_type = dtype == DataType::kInt32 || dtype == DataType::kBool;
  const float coeff = exact_type ? static_cast<float>(*rc::gen::inRange(0, 2))
                                 : static_cast<float>(*rc::gen::inRange(-4, 5)) / 2.0f;
  std::vector<bool> reduced;
  if (!ReducedAxes(axes, dims.size(), to_end, &reduced).ok()) reduced.assign(dims.size(), true);
  Dims y_dims;
  int64_t count = 1;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (!reduced[i]) y_dims.push_back(dims[i]);
    if (reduced[i] && keep) y_dims.push_back(1);
    if (reduced[i]) count *= dims[i];
  }
  std::vector<QuantParam> qx, qy;
  if (g.quantized) {
    qx = {GenQuantParam(dtype)};
    const bool same = (mode == ReduceMode::kMax || mode == ReduceMode::kMin) && *rc::gen::inRange(0, 2) == 0;
    qy = {same ? qx[0] : GenOutputParam(dtype, mode, qx[0].scale, count, to_end && coeff != 0 ? coeff : 1.0)};
  }
  ValueProfile profile;
  profile.nan_inf = *rc::gen::inRange(0, 3) == 0;
  profile.type_extremes = *rc::gen::inRange(0, 2) == 0;
  const int32_t zp = g.quantized ? qx[0].zero_point : 0;
  std::vector<uint8_t> x;
  if (dtype == DataType::kBool) {
    x = GenBoolBytes(ElementsOf(dims), 8);  // mostly true
  } else if (directed) {
    x = DirectedRowData(dtype, ElementsOf(dims), *directed, zp);
    if (DirectedSpecialsCase(*directed)) PlantWindowSpecials(dtype, dims, reduced, *directed, &x);
  } else {
    x = GenTensorData(dtype, ElementsOf(dims), profile, zp);
  }
  SingleNodeCase b(NodeType::REDUCE_FUSION, spec.name);
  b.In("x", dtype, dims, std::move(x), qx);
  const DataType axis_type = *rc::gen::inRange(0, 2) == 0 ? DataType::kInt32 : DataType::kInt64;
  b.Const("axis", axis_type, scalar_axis ? Dims{} : Dims{static_cast<int32_t>(axes.size())},
          AxesBytes(axis_type, axes));
  b.Out("y", dtype, y_dims, qy);
  b.WithAttrs({Attr::Bool("keepDims", keep), Attr::Int8("mode", static_cast<int8_t>(mode)),
               Attr::Bool("reduceToEnd", to_end), Attr::Float("coeff", coeff)});
  g.test_case = b.Build();
  return g;
}

}  // namespace

NodeSpec ReduceSpec() {
  NodeSpec s;
  s.name = "REDUCE_FUSION";
  s.type = NodeType::REDUCE_FUSION;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32,
              DataType::kBool};
  const NodeType t = NodeType::REDUCE_FUSION;
  s.attrs = {SchemaDomain(t, "keepDims"), SchemaDomain(t, "mode"), SchemaDomain(t, "reduceToEnd"),
             SchemaRange(t, "coeff", -2, 2)};
  s.generate = GenerateReduce;
  s.tolerance = ToleranceClass::kDotProduct;
  s.graph = Chainable(GraphKind::kReduce, true);
  s.reference_aux = ReduceReferenceAux;
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(940, ReduceSpec());

}  // namespace cts
}  // namespace nnrt
