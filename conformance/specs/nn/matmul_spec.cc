// MATMUL_FUSION (ops_catalog #19) and FULL_CONNECTION (#15), family "matmul".
// MATMUL: a [..., M, K] / b [..., K, N] with transposeA / transposeB, batch
// dims of rank 0..4 broadcast numpy-style (size-1 and missing dims, C-501),
// fused activation; float32 / float16, int8 / uint8 per tensor (C-503).
// FULL_CONNECTION: x of rank 1..4 flattened by useAxis / axis (negative axes,
// axis 0 = all dims, C-508) or into rows of K (C-508), weight [outC, K]
// constant, bias present or absent and hasBias drawn independently of it when
// present (C-507), per-tensor or per-channel weights with int32 bias (C-510).
// Data includes the edge values (ValueProfile: NaN, ±Inf, ±0, subnormals;
// directed sweeps C-432); float extremes are left out of most cases so that
// the dot-product bound checks something. In random graphs both reduce the
// chain tensor's last dim with a constant weight (GraphKind::kDense).
#include <cmath>

#include <rapidcheck.h>

#include "conformance/generators.h"
#include "conformance/node_spec.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace cts {
namespace {

bool IsQuant(DataType t) { return t == DataType::kInt8 || t == DataType::kUint8; }

ValueProfile DotProfile() {
  ValueProfile profile;
  profile.type_extremes = false;  // keep most sums finite
  profile.nan_inf = *rc::gen::inRange(0, 4) == 0;
  return profile;
}

// Output params centred on the typical magnitude of a K-term sum.
QuantParam GenOutputParam(DataType dtype, double sx, double sw, int64_t k) {
  const double centre = sx * sw * 48.0 * std::sqrt(static_cast<double>(k));
  return GenQuantParamWithScale(dtype, centre / 4, centre * 4);
}

GeneratedCase GenerateMatMul(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = IsQuant(dtype);
  const bool ta = GenAttrValue(*FindAttrDomain(spec, "transposeA")) != 0;
  const bool tb = GenAttrValue(*FindAttrDomain(spec, "transposeB")) != 0;
  const int64_t activation = GenAttrValue(*FindAttrDomain(spec, "activationType"));
  const int32_t m = *rc::gen::inRange(1, 5), k = *rc::gen::inRange(1, 9), n = *rc::gen::inRange(1, 5);
  const Dims batch = GenShape(0, 4, 3);
  Dims a_dims = GenBroadcastPartner(batch), b_dims = GenBroadcastPartner(batch);
  Dims out_batch;
  if (!BroadcastShapes(a_dims, b_dims, &out_batch).ok()) out_batch = batch;  // partners of one shape always broadcast
  a_dims.push_back(ta ? k : m);
  a_dims.push_back(ta ? m : k);
  b_dims.push_back(tb ? n : k);
  b_dims.push_back(tb ? k : n);
  Dims y_dims = out_batch;
  y_dims.push_back(m);
  y_dims.push_back(n);
  std::vector<QuantParam> qa, qb, qy;
  if (g.quantized) {
    qa = {GenQuantParam(dtype)};
    qb = {GenQuantParamWithScale(dtype, 1.0 / 512, 0.25)};
    qy = {GenOutputParam(dtype, qa[0].scale, qb[0].scale, k)};
  }
  const ValueProfile profile = DotProfile();
  SingleNodeCase b(NodeType::MATMUL_FUSION, spec.name);
  b.In("a", dtype, a_dims, GenTensorData(dtype, ElementsOf(a_dims), profile, g.quantized ? qa[0].zero_point : 0), qa);
  const std::vector<uint8_t> b_data =
      GenTensorData(dtype, ElementsOf(b_dims), profile, g.quantized ? qb[0].zero_point : 0);
  if (*rc::gen::inRange(0, 2) == 0) {
    b.Const("b", dtype, b_dims, b_data, qb);
  } else {
    b.In("b", dtype, b_dims, b_data, qb);
  }
  b.Out("y", dtype, y_dims, qy);
  b.WithAttrs({Attr::Bool("transposeA", ta), Attr::Bool("transposeB", tb),
               Attr::Int8("activationType", static_cast<int8_t>(activation))});
  g.test_case = b.Build();
  return g;
}

std::vector<int32_t> Divisors(int64_t total) {
  std::vector<int32_t> out;
  for (int32_t d = 1; d <= total && d <= 64; ++d) {
    if (total % d == 0) out.push_back(d);
  }
  return out;
}

GeneratedCase GenerateFullConnection(const NodeSpec& spec, DataType dtype) {
  GeneratedCase g;
  g.dtype = dtype;
  g.quantized = IsQuant(dtype);
  const int64_t activation = GenAttrValue(*FindAttrDomain(spec, "activationType"));
  const bool use_axis = GenAttrValue(*FindAttrDomain(spec, "useAxis")) != 0;
  const Dims x_dims = GenShape(1, 4, 4);
  const auto rank = static_cast<int64_t>(x_dims.size());
  const int32_t out_c = *rc::gen::inRange(1, 6);
  int64_t axis = 0;
  int32_t k = 0;
  Dims y_dims;
  if (use_axis) {
    axis = *rc::gen::inRange<int64_t>(-rank, rank);
    const int64_t a = axis < 0 ? axis + rank : axis;
    k = static_cast<int32_t>(ElementsOf(Dims(x_dims.begin() + a, x_dims.end())));
    y_dims = Dims(x_dims.begin(), x_dims.begin() + a);
    y_dims.push_back(out_c);
  } else {
    const auto total = static_cast<int64_t>(ElementsOf(x_dims));
    k = *rc::gen::elementOf(Divisors(total));
    y_dims = Dims{static_cast<int32_t>(total / k), out_c};
  }
  const Dims w_dims{out_c, k};
  const bool bias_input = *rc::gen::inRange(0, 5) != 0;
  const bool has_bias = bias_input && GenAttrValue(*FindAttrDomain(spec, "hasBias")) != 0;
  std::vector<QuantParam> qx, qw, qy;
  if (g.quantized) {
    qx = {GenQuantParam(dtype)};
    const int channels = *rc::gen::inRange(0, 2) == 0 ? out_c : 1;  // per-channel along axis 0, or per tensor
    for (int c = 0; c < channels; ++c) qw.push_back(GenQuantParamWithScale(dtype, 1.0 / 512, 0.25));
    qy = {GenOutputParam(dtype, qx[0].scale, qw[0].scale, k)};
  }
  const ValueProfile profile = DotProfile();
  SingleNodeCase b(NodeType::FULL_CONNECTION, spec.name);
  b.In("x", dtype, x_dims, GenTensorData(dtype, ElementsOf(x_dims), profile, g.quantized ? qx[0].zero_point : 0), qx);
  b.Const("w", dtype, w_dims, GenTensorData(dtype, ElementsOf(w_dims), profile, g.quantized ? qw[0].zero_point : 0),
          qw);
  if (bias_input) {
    if (g.quantized) {
      const auto values = *rc::gen::container<std::vector<int32_t>>(static_cast<size_t>(out_c),
                                                                   rc::gen::inRange(-4096, 4097));
      std::vector<uint8_t> bias(values.size() * 4);
      for (size_t i = 0; i < values.size(); ++i) StoreInt64(DataType::kInt32, bias.data(), i, values[i]);
      b.Const("bias", DataType::kInt32, {out_c}, std::move(bias));
    } else {
      b.Const("bias", dtype, {out_c}, GenTensorData(dtype, static_cast<size_t>(out_c), profile));
    }
  }
  b.Out("y", dtype, y_dims, qy);
  b.WithAttrs({Attr::Bool("hasBias", has_bias), Attr::Bool("useAxis", use_axis), Attr::Int64("axis", axis),
               Attr::Int8("activationType", static_cast<int8_t>(activation))});
  g.test_case = b.Build();
  return g;
}

// Terms per output: K (a's reduction dim).
Status MatMulReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                          ReferenceAux* aux) {
  int64_t terms = 0;
  if (node.inputs.size() >= 2) {
    const Dims a = ActualDims(c, node.inputs[0]);  // -1 dims in dynamic-shape mode
    if (a.size() >= 2) terms = GetBoolAttr(node, "transposeA", false) ? a[a.size() - 2] : a[a.size() - 1];
  }
  return DotProductAux(c, output_index, want_magnitude, terms, aux);
}

// Terms per output: K (weight dim 1), + 1 for a bias.
Status FullConnectionReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                                  ReferenceAux* aux) {
  int64_t terms = 0;
  if (node.inputs.size() >= 2) {
    const Dims& w = c.model.tensors[node.inputs[1]].dims;
    if (w.size() == 2) terms = int64_t{w[1]} + (node.inputs.size() > 2 ? 1 : 0);
  }
  return DotProductAux(c, output_index, want_magnitude, terms, aux);
}

}  // namespace

NodeSpec MatMulSpec() {
  NodeSpec s;
  s.name = "MATMUL_FUSION";
  s.type = NodeType::MATMUL_FUSION;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
  const NodeType t = NodeType::MATMUL_FUSION;
  s.attrs = {SchemaDomain(t, "transposeA"), SchemaDomain(t, "transposeB"), SchemaDomain(t, "activationType")};
  s.generate = GenerateMatMul;
  s.tolerance = ToleranceClass::kDotProduct;
  s.graph = Chainable(GraphKind::kDense, true);
  s.reference_aux = MatMulReferenceAux;
  s.model_bound = ModelBoundRule::kBilinear;
  return s;
}

NodeSpec FullConnectionSpec() {
  NodeSpec s;
  s.name = "FULL_CONNECTION";
  s.type = NodeType::FULL_CONNECTION;
  s.dtypes = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};
  const NodeType t = NodeType::FULL_CONNECTION;
  s.attrs = {SchemaDomain(t, "hasBias"), SchemaDomain(t, "useAxis"), SchemaRange(t, "axis", -4, 3),
             SchemaDomain(t, "activationType")};
  s.generate = GenerateFullConnection;
  s.tolerance = ToleranceClass::kDotProduct;
  s.graph = Chainable(GraphKind::kDense, true);
  s.reference_aux = FullConnectionReferenceAux;
  s.model_bound = ModelBoundRule::kBilinear;
  return s;
}

// This file's specs in the suite's spec list; the key orders the list
// (AllNodeSpecs(), pinned by spec_order_test).
NNRT_NODE_SPEC(680, MatMulSpec());
NNRT_NODE_SPEC(690, FullConnectionSpec());

}  // namespace cts
}  // namespace nnrt
