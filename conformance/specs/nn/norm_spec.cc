// The normalisations and the scale family: LAYER_NORM_FUSION (ops_catalog
// #49), FUSED_BATCH_NORM (#3), INSTANCE_NORM (#67), SCALE_FUSION (#26) and
// BIAS_ADD (#5). Layer norm: rank 1..4, beginNormAxis and beginParamsAxis
// anywhere in [-rank, rank) (negative axes, 0 = everything, C-570),
// elementwiseAffine both ways (C-571), epsilon 0 / 1e-7 / 1e-5 / 0.5
// (C-573, C-574), constant rows (C-573). Batch norm: channel last, rank 1..4
// (C-576), variance >= 0 but sometimes negative (C-577). Instance norm:
// [N, C, D1..] rank 3..5, float only (C-578, C-583). Scale: axis anywhere
// with scale rank 1..rank-axis (C-579), fused activation. BiasAdd: rank 2..5
// (C-581). L2 normalize: axis lists of 1..rank axes or [] (every axis,
// C-585), epsilon 0 / 1e-12 / 1e-6 / 0.5 (C-586), groups of zeros, float
// only. Float data includes the edge values (NaN, ±Inf, ±0, subnormals)
// in a quarter of the cases; the float extremes are left out so that the
// accumulated bounds check something.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include <rapidcheck.h>

#include "conformance/directed_edges.h"
#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "conformance/specs/nn/norm_reference_aux.h"
#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {
namespace {

bool IsQuant(DataType t) { return t == DataType::kInt8 || t == DataType::kUint8; }

// epsilon attribute values by domain index (C-574).
float EpsilonOf(int64_t index) {
  static const float kValues[] = {0.0f, 1e-7f, 1e-5f, 0.5f};
  return kValues[index < 0 || index > 3 ? 0 : index];
}

ValueProfile DataProfile() {
  ValueProfile p;
  p.type_extremes = false;
  p.nan_inf = *rc::gen::inRange(0, 4) == 0;
  return p;
}

ValueProfile ParamProfile() {
  ValueProfile p;
  p.type_extremes = false;
  p.nan_inf = false;
  return p;
}

std::vector<QuantParam> QuantOrNone(bool quantized, DataType dtype, double min_scale, double max_scale) {
  if (!quantized) return {};
  return {GenQuantParamWithScale(dtype, min_scale, max_scale)};
}

std::vector<uint8_t> Data(DataType dtype, const Dims& dims, const ValueProfile& profile,
                          const std::vector<QuantParam>& q) {
  return GenTensorData(dtype, ElementsOf(dims), profile, q.empty() ? 0 : q[0].zero_point);
}

// One value repeated (a constant row everywhere, C-573) in one case of six.
void MaybeConstant(DataType dtype, std::vector<uint8_t>* bytes) {
  if (*rc::gen::inRange(0, 6) != 0) return;
  const size_t size = DataTypeSize(dtype);
  for (size_t i = size; i < bytes->size(); ++i) (*bytes)[i] = (*bytes)[i % size];
}

// Every value 0 (a group of zeros, C-586) in one case of six.
void MaybeZero(DataType dtype, std::vector<uint8_t>* bytes) {
  if (*rc::gen::inRange(0, 6) == 0) std::fill(bytes->begin(), bytes->end(), uint8_t{0});
}

// L2_NORMALIZE_FUSION epsilon values by domain index (C-586): 0.5 floors typical sums.
float L2EpsilonOf(int64_t index) {
  static const float kValues[] = {0.0f, 1e-12f, 1e-6f, 0.5f};
  return kValues[index < 0 || index > 3 ? 0 : index];
}

// Directed case k (C-911, C-912): x has DirectedRowLayout(k)'s dims (rows of
// DirectedRowLength(k)) or, for INSTANCE_NORM, [1, 2, L]; `reduced` marks the
// normalised axes, which hold the specials in the even cases.
std::vector<uint8_t> DirectedNormData(DataType dtype, const Dims& dims, const std::vector<bool>& reduced, size_t k,
                                      const std::vector<QuantParam>& q) {
  std::vector<uint8_t> x = DirectedRowData(dtype, ElementsOf(dims), k, q.empty() ? 0 : q[0].zero_point);
  if (DirectedSpecialsCase(k)) PlantWindowSpecials(dtype, dims, reduced, k, &x);
  return x;
}

// Axes from `first` on are reduced.
std::vector<bool> TrailingAxes(size_t rank, size_t first) {
  std::vector<bool> r(rank, false);
  for (size_t a = first; a < rank; ++a) r[a] = true;
  return r;
}

// Constant or model input, drawn.
void Param(SingleNodeCase* b, const char* name, DataType dtype, const Dims& dims, std::vector<uint8_t> data,
           const std::vector<QuantParam>& q) {
  if (*rc::gen::inRange(0, 3) != 0) {
    b->Const(name, dtype, dims, std::move(data), q);
  } else {
    b->In(name, dtype, dims, std::move(data), q);
  }
}

GeneratedCase GenerateLayerNorm(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = IsQuant(dtype);
  const std::optional<size_t> directed = DirectedCaseIndex();
  const DirectedRowShape row = DirectedRowLayout(directed.value_or(0));
  const Dims x = directed ? row.dims : GenShape(1, 4, 5);
  const auto rank = static_cast<int64_t>(x.size());
  const int64_t norm_axis = directed ? row.row_axis : *rc::gen::inRange<int64_t>(-rank, rank);
  const int64_t params_axis = directed ? row.row_axis - rank : *rc::gen::inRange<int64_t>(-rank, rank);
  const Dims p(x.begin() + (params_axis < 0 ? params_axis + rank : params_axis), x.end());
  const bool affine = GenAttrValue(*FindAttrDomain(spec, "elementwiseAffine")) != 0;
  const float epsilon = EpsilonOf(GenAttrValue(*FindAttrDomain(spec, "epsilon")));
  const std::vector<QuantParam> qx = QuantOrNone(g.quantized, dtype, 1.0 / 256, 1.0);
  const std::vector<QuantParam> qp = QuantOrNone(g.quantized, dtype, 1.0 / 64, 0.25);
  const std::vector<QuantParam> qy = QuantOrNone(g.quantized, dtype, 1.0 / 64, 0.25);
  std::vector<uint8_t> x_data = Data(dtype, x, DataProfile(), qx);
  MaybeConstant(dtype, &x_data);
  if (directed) x_data = DirectedNormData(dtype, x, TrailingAxes(x.size(), row.row_axis), *directed, qx);
  SingleNodeCase b(NodeType::LAYER_NORM_FUSION, spec.name);
  b.In("x", dtype, x, std::move(x_data), qx);
  Param(&b, "gamma", dtype, p, Data(dtype, p, ParamProfile(), qp), qp);
  Param(&b, "beta", dtype, p, Data(dtype, p, ParamProfile(), qp), qp);
  b.Out("y", dtype, x, qy);
  b.WithAttrs({Attr::Int64("beginNormAxis", norm_axis), Attr::Float("epsilon", epsilon),
               Attr::Bool("elementwiseAffine", affine), Attr::Int64("beginParamsAxis", params_axis)});
  g.test_case = b.Build();
  return g;
}

// Variance data: |v| (float) or q >= zero point (quantized) in four cases of
// five; otherwise as drawn, negative values included (C-577).
std::vector<uint8_t> VarianceData(DataType dtype, const Dims& dims, const std::vector<QuantParam>& q) {
  std::vector<uint8_t> v = Data(dtype, dims, ParamProfile(), q);
  if (*rc::gen::inRange(0, 5) == 0) return v;
  for (size_t i = 0; i < ElementsOf(dims); ++i) {
    if (q.empty()) {
      StoreDouble(dtype, v.data(), i, std::fabs(LoadAsDouble(dtype, v.data(), i)));
    } else if (LoadAsInt64(dtype, v.data(), i) < q[0].zero_point) {
      StoreInt64(dtype, v.data(), i, q[0].zero_point);
    }
  }
  return v;
}

GeneratedCase GenerateBatchNorm(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = IsQuant(dtype);
  const Dims x = GenShape(1, 4, 5);
  const Dims c{x.back()};
  const float epsilon = EpsilonOf(GenAttrValue(*FindAttrDomain(spec, "epsilon")));
  const std::vector<QuantParam> qx = QuantOrNone(g.quantized, dtype, 1.0 / 256, 1.0);
  const std::vector<QuantParam> qp = QuantOrNone(g.quantized, dtype, 1.0 / 64, 0.25);
  const std::vector<QuantParam> qy = QuantOrNone(g.quantized, dtype, 1.0 / 64, 0.5);
  SingleNodeCase b(NodeType::FUSED_BATCH_NORM, spec.name);
  b.In("x", dtype, x, Data(dtype, x, DataProfile(), qx), qx);
  Param(&b, "scale", dtype, c, Data(dtype, c, ParamProfile(), qp), qp);
  Param(&b, "offset", dtype, c, Data(dtype, c, ParamProfile(), qp), qp);
  Param(&b, "mean", dtype, c, Data(dtype, c, ParamProfile(), qp), qp);
  Param(&b, "variance", dtype, c, VarianceData(dtype, c, qp), qp);
  b.Out("y", dtype, x, qy);
  b.WithAttrs({Attr::Float("epsilon", epsilon)});
  g.test_case = b.Build();
  return g;
}

GeneratedCase GenerateInstanceNorm(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  const std::optional<size_t> directed = DirectedCaseIndex();
  const Dims x = directed ? Dims{1, 2, DirectedRowLength(*directed)} : GenShape(3, 5, 4);
  const Dims c{x[1]};
  const float epsilon = EpsilonOf(GenAttrValue(*FindAttrDomain(spec, "epsilon")));
  std::vector<uint8_t> x_data = Data(dtype, x, DataProfile(), {});
  MaybeConstant(dtype, &x_data);
  if (directed) x_data = DirectedNormData(dtype, x, TrailingAxes(x.size(), 2), *directed, {});
  SingleNodeCase b(NodeType::INSTANCE_NORM, spec.name);
  b.In("x", dtype, x, std::move(x_data));
  Param(&b, "scale", dtype, c, Data(dtype, c, ParamProfile(), {}), {});
  Param(&b, "bias", dtype, c, Data(dtype, c, ParamProfile(), {}), {});
  b.Out("y", dtype, x);
  b.WithAttrs({Attr::Float("epsilon", epsilon)});
  g.test_case = b.Build();
  return g;
}

GeneratedCase GenerateScale(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = IsQuant(dtype);
  const Dims x = GenShape(1, 4, 5);
  const auto rank = static_cast<int64_t>(x.size());
  const int64_t axis = *rc::gen::inRange<int64_t>(-rank, rank);
  const int64_t a = axis < 0 ? axis + rank : axis;
  const int64_t s = *rc::gen::inRange<int64_t>(1, rank - a + 1);
  const Dims sd(x.begin() + a, x.begin() + a + s);
  const int64_t activation = GenAttrValue(*FindAttrDomain(spec, "activationType"));
  const std::vector<QuantParam> qx = QuantOrNone(g.quantized, dtype, 1.0 / 256, 1.0);
  const std::vector<QuantParam> qp = QuantOrNone(g.quantized, dtype, 1.0 / 64, 0.25);
  const std::vector<QuantParam> qy = QuantOrNone(g.quantized, dtype, 1.0 / 64, 1.0);
  SingleNodeCase b(NodeType::SCALE_FUSION, spec.name);
  b.In("x", dtype, x, Data(dtype, x, DataProfile(), qx), qx);
  Param(&b, "scale", dtype, sd, Data(dtype, sd, DataProfile(), qp), qp);
  Param(&b, "bias", dtype, sd, Data(dtype, sd, DataProfile(), qp), qp);
  b.Out("y", dtype, x, qy);
  b.WithAttrs({Attr::Int64("axis", axis), Attr::Int8("activationType", static_cast<int8_t>(activation))});
  g.test_case = b.Build();
  return g;
}

GeneratedCase GenerateBiasAdd(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = IsQuant(dtype);
  const Dims x = GenShape(2, 5, 4);
  const Dims c{x.back()};
  const std::vector<QuantParam> qx = QuantOrNone(g.quantized, dtype, 1.0 / 256, 1.0);
  const std::vector<QuantParam> qb = QuantOrNone(g.quantized, dtype, 1.0 / 256, 1.0);
  const std::vector<QuantParam> qy = QuantOrNone(g.quantized, dtype, 1.0 / 128, 2.0);
  SingleNodeCase b(NodeType::BIAS_ADD, spec.name);
  b.In("x", dtype, x, Data(dtype, x, ValueProfile(), qx), qx);
  Param(&b, "bias", dtype, c, Data(dtype, c, ValueProfile(), qb), qb);
  b.Out("y", dtype, x, qy);
  g.test_case = b.Build();
  return g;
}

GeneratedCase GenerateL2Normalize(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  const std::optional<size_t> directed = DirectedCaseIndex();
  const DirectedRowShape row = DirectedRowLayout(directed.value_or(0));
  const Dims x = directed ? row.dims : GenShape(1, 4, 5);
  const auto rank = static_cast<int64_t>(x.size());
  std::vector<int64_t> axes;
  if (directed) {
    axes = {row.row_axis};
  } else if (*rc::gen::inRange(0, 4) != 0) {  // else [] = every axis (C-585)
    for (int64_t a = 0; a < rank; ++a) {
      if (*rc::gen::inRange(0, 2) == 0) axes.push_back(*rc::gen::inRange(0, 2) == 0 ? a - rank : a);
    }
    if (axes.empty()) axes.push_back(rank - 1 - rank * *rc::gen::inRange<int64_t>(0, 2));
  }
  const float epsilon = L2EpsilonOf(GenAttrValue(*FindAttrDomain(spec, "epsilon")));
  const int64_t activation = GenAttrValue(*FindAttrDomain(spec, "activationType"));
  std::vector<uint8_t> x_data = Data(dtype, x, DataProfile(), {});
  MaybeZero(dtype, &x_data);
  if (directed) {
    std::vector<bool> reduced(x.size(), false);
    reduced[static_cast<size_t>(row.row_axis)] = true;
    x_data = DirectedNormData(dtype, x, reduced, *directed, {});
  }
  SingleNodeCase b(NodeType::L2_NORMALIZE_FUSION, spec.name);
  b.In("x", dtype, x, std::move(x_data));
  b.Out("y", dtype, x);
  b.WithAttrs({Attr::Int64s("axis", axes), Attr::Float("epsilon", epsilon),
               Attr::Int8("activationType", static_cast<int8_t>(activation))});
  g.test_case = b.Build();
  return g;
}

const std::vector<DataType> kFloatAndQuant = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8,
                                              DataType::kUint8};

}  // namespace

NodeSpec LayerNormSpec() {
  NodeSpec s;
  s.name = "LAYER_NORM_FUSION";
  s.type = NodeType::LAYER_NORM_FUSION;
  s.dtypes = kFloatAndQuant;
  const NodeType t = NodeType::LAYER_NORM_FUSION;
  s.attrs = {SchemaRange(t, "beginNormAxis", -4, 3), SchemaRange(t, "epsilon", 0, 3),
             SchemaDomain(t, "elementwiseAffine"), SchemaRange(t, "beginParamsAxis", -4, 3)};
  s.generate = GenerateLayerNorm;
  s.tolerance = ToleranceClass::kDotProduct;  // normalisation bound, docs/conformance.md
  s.graph = Chainable(GraphKind::kNormalize, true);
  s.reference_aux = RowNormReferenceAux;
  s.model_bound = ModelBoundRule::kLayerNorm;
  return s;
}

NodeSpec BatchNormSpec() {
  NodeSpec s;
  s.name = "FUSED_BATCH_NORM";
  s.type = NodeType::FUSED_BATCH_NORM;
  s.dtypes = kFloatAndQuant;
  s.attrs = {SchemaRange(NodeType::FUSED_BATCH_NORM, "epsilon", 0, 3)};
  s.generate = GenerateBatchNorm;
  s.tolerance = ToleranceClass::kDotProduct;
  s.graph = Chainable(GraphKind::kNormalize, true);
  s.reference_aux = BatchNormReferenceAux;
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

NodeSpec InstanceNormSpec() {
  NodeSpec s;
  s.name = "INSTANCE_NORM";
  s.type = NodeType::INSTANCE_NORM;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16};
  s.attrs = {SchemaRange(NodeType::INSTANCE_NORM, "epsilon", 0, 3)};
  s.generate = GenerateInstanceNorm;
  s.tolerance = ToleranceClass::kDotProduct;
  s.graph = Chainable(GraphKind::kNormalize, false);
  s.reference_aux = RowNormReferenceAux;
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

NodeSpec ScaleSpec() {
  NodeSpec s;
  s.name = "SCALE_FUSION";
  s.type = NodeType::SCALE_FUSION;
  s.dtypes = kFloatAndQuant;
  const NodeType t = NodeType::SCALE_FUSION;
  s.attrs = {SchemaRange(t, "axis", -4, 3), SchemaDomain(t, "activationType")};
  s.generate = GenerateScale;
  s.tolerance = ToleranceClass::kDotProduct;  // x*scale + bias: two terms
  s.graph = Chainable(GraphKind::kNormalize, true);
  s.reference_aux = ScaleReferenceAux;
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

NodeSpec BiasAddSpec() {
  NodeSpec s;
  s.name = "BIAS_ADD";
  s.type = NodeType::BIAS_ADD;
  s.dtypes = kFloatAndQuant;
  s.generate = GenerateBiasAdd;
  s.tolerance = ToleranceClass::kAddSubMul;
  s.graph = Chainable(GraphKind::kNormalize, true);
  s.reference_aux = BoundsMagnitudeAux;
  s.model_bound = ModelBoundRule::kSum;
  return s;
}

NodeSpec L2NormalizeSpec() {
  NodeSpec s;
  s.name = "L2_NORMALIZE_FUSION";
  s.type = NodeType::L2_NORMALIZE_FUSION;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16};
  const NodeType t = NodeType::L2_NORMALIZE_FUSION;
  s.attrs = {SchemaRange(t, "axis", -4, 3, -1), SchemaRange(t, "epsilon", 0, 3), SchemaDomain(t, "activationType")};
  s.generate = GenerateL2Normalize;
  s.tolerance = ToleranceClass::kDotProduct;  // sum of squares, docs/conformance.md
  s.graph = Chainable(GraphKind::kNormalize, false);
  s.reference_aux = L2NormalizeReferenceAux;
  s.model_bound = ModelBoundRule::kNone;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(730, LayerNormSpec());
NNRT_NODE_SPEC(740, BatchNormSpec());
NNRT_NODE_SPEC(750, InstanceNormSpec());
NNRT_NODE_SPEC(760, ScaleSpec());
NNRT_NODE_SPEC(770, BiasAddSpec());
NNRT_NODE_SPEC(780, L2NormalizeSpec());

}  // namespace cts
}  // namespace nnrt
