// The composed end-to-end bound (model_bounds.h; derivation in
// docs/conformance.md "Model-level tolerance", C-781).
#include "conformance/model/bounds.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "conformance/model/graph.h"
#include "conformance/node_spec.h"
#include "conformance/tolerance/compare.h"
#include "conformance/tolerance/reference_aux.h"
#include "conformance/runner.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace cts {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// The bounds runs below evaluate P on the reference, which computes in double
// and rounds once to float32 (docs/semantics.md): the float32 result is at
// most 2^-24 relative below the double one, itself within k 2^-53 of the
// exact sum of k non-negative terms; 2^-22 of slack covers both for k < 2^29.
constexpr double kBoundsRunSlack = 1.0 + 1.0 / (1 << 22);

using Rule = ModelBoundRule;

// The node type's rule, decided on its spec (conformance/specs/); a node type
// without a spec has none.
Rule RuleOf(NodeType t) {
  const NodeSpec* spec = FirstNodeSpecOf(t);
  return spec != nullptr ? spec->model_bound : Rule::kNone;
}

std::vector<double> ToDoubles(const HostTensor& t) {
  const size_t size = DataTypeSize(t.data_type);
  std::vector<double> v(size == 0 ? 0 : t.data.size() / size);
  for (size_t i = 0; i < v.size(); ++i) v[i] = LoadAsDouble(t.data_type, t.data.data(), i);
  return v;
}

size_t ElementsOf(const HostTensor& t) {
  const size_t size = DataTypeSize(t.data_type);
  return size == 0 ? 0 : t.data.size() / size;
}

bool IsZero(const TensorBound& b) {
  return b.derived && std::all_of(b.abs.begin(), b.abs.end(), [](double e) { return e == 0; });
}

// The bound of `b` as a full vector of `n` elements.
std::vector<double> Full(const TensorBound& b, size_t n) { return b.abs.empty() ? std::vector<double>(n, 0.0) : b.abs; }

std::vector<uint8_t> Float32Bytes(const std::vector<double>& v) {
  std::vector<uint8_t> out(v.size() * 4);
  for (size_t i = 0; i < v.size(); ++i) StoreDouble(DataType::kFloat32, out.data(), i, v[i]);
  return out;
}

// Replaces tensor `t`'s values (a bound input of the case, or constant data) by `v` in float32.
void SetValues(TestCase* c, uint32_t t, const std::vector<double>& v) {
  Tensor& tensor = c->model.tensors[t];
  for (HostTensor& n : c->inputs) {
    if (n.name != tensor.name) continue;
    n.data = Float32Bytes(v);
    n.data_type = DataType::kFloat32;
    return;
  }
  tensor.data = Float32Bytes(v);
}

// Runs single-node case `s` on the reference with the float input at
// position p set to values[p] (empty: |its value|), every float tensor in
// float32, SUB as ADD, MINIMUM as MAXIMUM, no fused activation, a constant
// pad value of 0; returns output `out_index` in *out.
Status RunOnBounds(const TestCase& s, const std::vector<std::vector<double>>& values, size_t out_index,
                   std::vector<double>* out) {
  TestCase b = s;
  Node& node = b.model.nodes[0];
  std::vector<std::vector<double>> resolved(node.inputs.size());
  for (size_t p = 0; p < node.inputs.size(); ++p) {
    const uint32_t t = node.inputs[p];
    if (!IsFloatType(s.model.tensors[t].data_type)) continue;
    if (p < values.size() && !values[p].empty()) {
      resolved[p] = values[p];
    } else {
      const std::vector<uint8_t>* data = TensorData(s, t);
      if (data == nullptr) continue;
      const HostTensor h{"", s.model.tensors[t].data_type, {}, *data};
      resolved[p] = ToDoubles(h);
      for (double& x : resolved[p]) x = std::fabs(x);
    }
  }
  for (size_t p = 0; p < node.inputs.size(); ++p) {
    if (!resolved[p].empty()) SetValues(&b, node.inputs[p], resolved[p]);
  }
  for (Tensor& t : b.model.tensors) {
    if (IsFloatType(t.data_type)) t.data_type = DataType::kFloat32;
  }
  if (node.type == NodeType::SUB_FUSION) node.type = NodeType::ADD_FUSION;
  if (node.type == NodeType::MINIMUM) node.type = NodeType::MAXIMUM;
  for (Attr& a : node.attrs) {
    if (a.name == "activationType" && node.type != NodeType::ACTIVATION) a.ints = {0};
    if (a.name == "constantValue") a.floats = {0.0f};
  }
  std::vector<HostTensor> outputs;
  NNRT_RETURN_IF_ERROR(RunReference(b, &outputs).WithContext("model bound run"));
  if (out_index >= outputs.size()) return InvalidModel("model bound run produced too few outputs");
  *out = ToDoubles(outputs[out_index]);
  for (double& x : *out) x *= kBoundsRunSlack;
  return Status::Ok();
}

// Lipschitz factor of a fused activation (1 for none, 0 when not derived).
double FusedActivationFactor(const Node& n) {
  if (n.type == NodeType::ACTIVATION) return 1;
  const int64_t a = GetIntAttr(n, "activationType", 0);
  return a == 0 ? 1 : ActivationLipschitz(static_cast<ActivationType>(a), 0.0f);
}

struct Propagation {
  bool derived = true;
  std::string why_not;
  std::vector<double> abs;  // P per output element
};

Propagation NotDerived(const Node& n, const std::string& why) {
  Propagation p;
  p.derived = false;
  p.why_not = std::string(NodeTypeName(n.type)) + " node '" + n.name + "': " + why;
  return p;
}

// P for the bilinear rule: M(E_a, |b| + E_b) + M(|a|, E_b), bias inputs zero.
Status BilinearPropagation(const TestCase& s, const std::vector<std::vector<double>>& e,
                           const std::vector<std::vector<double>>& x, size_t out_index, std::vector<double>* p) {
  const Node& n = s.model.nodes[0];
  std::vector<std::vector<double>> first(n.inputs.size()), second(n.inputs.size());
  for (size_t k = 2; k < n.inputs.size(); ++k) {
    first[k] = second[k] = std::vector<double>(e[k].size(), 0.0);
  }
  first[0] = e[0];
  first[1] = x[1];
  for (size_t i = 0; i < first[1].size(); ++i) first[1][i] = std::fabs(first[1][i]) + e[1][i];
  NNRT_RETURN_IF_ERROR(RunOnBounds(s, first, out_index, p));
  if (std::all_of(e[1].begin(), e[1].end(), [](double v) { return v == 0; })) return Status::Ok();
  second[1] = e[1];  // second[0] empty: |a|
  std::vector<double> q;
  NNRT_RETURN_IF_ERROR(RunOnBounds(s, second, out_index, &q));
  for (size_t i = 0; i < p->size() && i < q.size(); ++i) (*p)[i] += q[i];
  return Status::Ok();
}

}  // namespace

std::vector<double> SoftmaxPerturbationBound(const std::vector<double>& s, int64_t len, int64_t inner,
                                             const std::vector<double>& e) {
  std::vector<double> out(s.size(), 0.0);
  const int64_t outer = static_cast<int64_t>(s.size()) / std::max<int64_t>(1, len * inner);
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      double m = 0;
      for (int64_t k = 0; k < len; ++k) m = std::max(m, e[static_cast<size_t>((o * len + k) * inner + i)]);
      const double grow = std::expm1(2 * m);
      for (int64_t k = 0; k < len; ++k) {
        const auto at = static_cast<size_t>((o * len + k) * inner + i);
        out[at] = std::fabs(s[at]) * grow;
      }
    }
  }
  return out;
}

std::vector<double> LayerNormPerturbationBound(const std::vector<double>& x, size_t row,
                                               const std::vector<double>& gamma, double eps,
                                               const std::vector<double>& e) {
  std::vector<double> out(x.size(), kInf);
  for (size_t r0 = 0; row > 0 && r0 + row <= x.size(); r0 += row) {
    double mean = 0, var = 0, m = 0;
    for (size_t j = 0; j < row; ++j) mean += x[r0 + j];
    mean /= static_cast<double>(row);
    for (size_t j = 0; j < row; ++j) {
      var += (x[r0 + j] - mean) * (x[r0 + j] - mean);
      m = std::max(m, e[r0 + j]);
    }
    const double sigma = std::sqrt(var / static_cast<double>(row) + eps);
    if (!(m < sigma)) continue;  // no bound: the perturbed std may reach 0
    for (size_t j = 0; j < row; ++j) {
      const double g = gamma.empty() ? 1.0 : std::fabs(gamma[(r0 + j) % gamma.size()]);
      out[r0 + j] = g * (2 * m / (sigma - m) + std::fabs(x[r0 + j] - mean) * m / (sigma * (sigma - m)));
    }
  }
  return out;
}

double ActivationLipschitz(ActivationType type, float alpha) {
  switch (type) {
    case ActivationType::kRelu: case ActivationType::kRelu6: case ActivationType::kRelu1:
    case ActivationType::kAbs: case ActivationType::kTanh: case ActivationType::kHardTanh:
    case ActivationType::kSoftplus: case ActivationType::kSoftsign: case ActivationType::kLinear:
      return 1;
    case ActivationType::kSigmoid: return 0.25;
    case ActivationType::kHsigmoid: return 1.0 / 6;
    case ActivationType::kHswish: return 1.5;   // (2x + 3) / 6 on (-3, 3)
    case ActivationType::kSwish: return 1.1;    // x sigmoid(x): max slope 1.0998 at x = 2.40
    case ActivationType::kGelu: return 1.13;    // Phi(x) + x phi(x): max 1.1289 at x = sqrt(2)
    case ActivationType::kLeakyRelu: return std::max(1.0, std::fabs(static_cast<double>(alpha)));
    default: return 0;
  }
}

namespace {

Propagation SoftmaxPropagation(const Node& n, const Dims& dims, const std::vector<double>& e,
                               const std::vector<double>& s) {
  const auto rank = static_cast<int64_t>(dims.size());
  const std::vector<int64_t> axes = GetIntsAttr(n, "axis", {-1});
  int64_t axis = axes.empty() ? -1 : axes[0];
  if (axis < 0) axis += rank;
  if (axis < 0 || axis >= rank || s.size() != e.size()) return NotDerived(n, "axis or sizes out of range");
  int64_t inner = 1;
  for (int64_t d = axis + 1; d < rank; ++d) inner *= dims[d];
  Propagation p;
  p.abs = SoftmaxPerturbationBound(s, dims[axis], inner, e);
  return p;
}

Propagation LayerNormPropagation(const Node& n, const Dims& dims, const std::vector<double>& x,
                                 const std::vector<double>& e, const std::vector<double>& gamma) {
  const auto rank = static_cast<int64_t>(dims.size());
  int64_t norm_axis = GetIntAttr(n, "beginNormAxis", -1);
  if (norm_axis < 0) norm_axis += rank;
  if (norm_axis < 0 || norm_axis >= rank || x.size() != e.size()) return NotDerived(n, "axis or sizes out of range");
  size_t row = 1;
  for (int64_t d = norm_axis; d < rank; ++d) row *= static_cast<size_t>(dims[d]);
  const bool affine = GetBoolAttr(n, "elementwiseAffine", true);
  if (affine && gamma.empty()) return NotDerived(n, "gamma is not a constant");
  Propagation p;
  p.abs = LayerNormPerturbationBound(x, row, affine ? gamma : std::vector<double>(), GetFloatAttr(n, "epsilon", 1e-5f), e);
  return p;
}

// How node 0 of single-node case `s` amplifies its inputs' bounds `e` (per
// input position, full vectors), for output `out_index`.
Propagation Propagate(const TestCase& s, const std::vector<std::vector<double>>& e,
                      const std::vector<HostTensor>& in_values, const HostTensor& out_value, size_t out_index) {
  const Node& n = s.model.nodes[0];
  const double fused = FusedActivationFactor(n);
  if (fused == 0) return NotDerived(n, "no Lipschitz bound for its fused activation");
  std::vector<std::vector<double>> x(in_values.size());
  for (size_t k = 0; k < in_values.size(); ++k) x[k] = ToDoubles(in_values[k]);
  Propagation p;
  Status st;
  switch (RuleOf(n.type)) {
    case Rule::kBilinear:
      if (n.inputs.size() < 2 || n.inputs[0] == n.inputs[1]) return NotDerived(n, "the same tensor on both operands");
      st = BilinearPropagation(s, e, x, out_index, &p.abs);
      break;
    case Rule::kSum:
    case Rule::kSameOp:
      st = RunOnBounds(s, e, out_index, &p.abs);
      break;
    case Rule::kLipschitz: {
      double l = 1;
      if (n.type == NodeType::ACTIVATION) {
        l = ActivationLipschitz(static_cast<ActivationType>(GetIntAttr(n, "activationType", 0)),
                                GetFloatAttr(n, "alpha", 0.0f));
      } else if (n.type == NodeType::LEAKY_RELU) {
        l = std::max(1.0, std::fabs(static_cast<double>(GetFloatAttr(n, "negativeSlope", 0.0f))));
      }
      if (l == 0) return NotDerived(n, "no Lipschitz bound for this activation");
      if (e[0].size() != ElementsOf(out_value)) return NotDerived(n, "input and output sizes differ");
      p.abs = e[0];
      for (double& v : p.abs) v *= l;
      break;
    }
    case Rule::kSoftmax: return SoftmaxPropagation(n, out_value.dims, e[0], ToDoubles(out_value));
    case Rule::kLayerNorm:
      if (e.size() < 3 || !IsConstantTensor(s.model, n.inputs[1]) || !IsConstantTensor(s.model, n.inputs[2])) {
        return NotDerived(n, "gamma / beta are not constants");
      }
      return LayerNormPropagation(n, in_values[0].dims, x[0], e[0], x[1]);
    case Rule::kUndecided:
    case Rule::kNone: return NotDerived(n, "no propagation rule derived for this node type");
  }
  if (!st.ok()) return NotDerived(n, st.ToString());
  for (double& v : p.abs) v *= fused;
  return p;
}

// The node's own row evaluated at the reference's inputs (what CompareTensor allows).
Status OwnBound(const TestCase& s, size_t out_index, const ModelConfig& config, CompareMode mode,
                std::vector<double>* own, bool* derived) {
  const Tolerance tol = ToleranceForCase(s, out_index, config, mode);
  const HostTensor& ref = s.expected[out_index];
  *derived = IsFloatType(ref.data_type) && tol.kind != ToleranceKind::kNoRow;
  if (!*derived) return Status::Ok();
  ReferenceAux aux;
  const bool want_magnitude = tol.kind == ToleranceKind::kDotProduct || tol.fp16_relaxed;
  NNRT_RETURN_IF_ERROR(ComputeReferenceAux(s, out_index, want_magnitude, &aux));
  const HostTensor h{"", ref.data_type, ref.dims, ref.data};
  const std::vector<double> r = ToDoubles(h);
  own->resize(r.size());
  for (size_t i = 0; i < r.size(); ++i) {
    std::string error;
    (*own)[i] = FloatAllowedError(tol, ref.data_type, r[i], i, aux, &error);
    if (!error.empty()) return InvalidInput(error);
  }
  return Status::Ok();
}

}  // namespace

Status ComposeBounds(const TestCase& c, const std::vector<uint32_t>& order, const std::vector<HostTensor>& values,
                     const ModelConfig& config, CompareMode mode, std::vector<TensorBound>* bounds) {
  const Model& m = c.model;
  bounds->assign(m.tensors.size(), TensorBound{true, {}, ""});
  for (uint32_t k : order) {
    const Node& n = m.nodes[k];
    const TestCase s = SingleNodeCase(c, k, values);
    std::vector<std::vector<double>> e(n.inputs.size());
    std::vector<HostTensor> in_values(n.inputs.size());
    bool inputs_zero = true;
    std::string upstream;
    for (size_t p = 0; p < n.inputs.size(); ++p) {
      const TensorBound& b = (*bounds)[n.inputs[p]];
      in_values[p] = values[n.inputs[p]];
      e[p] = Full(b, ElementsOf(in_values[p]));
      inputs_zero = inputs_zero && IsZero(b);
      if (!b.derived && upstream.empty()) upstream = b.why_not;
    }
    for (size_t o = 0; o < n.outputs.size(); ++o) {
      TensorBound& out = (*bounds)[n.outputs[o]];
      if (!upstream.empty()) {
        out = TensorBound{false, {}, upstream};
        continue;
      }
      std::vector<double> own;
      bool own_derived = false;
      NNRT_RETURN_IF_ERROR(OwnBound(s, o, config, mode, &own, &own_derived));
      const bool exact_output = !own_derived && inputs_zero && !IsFloatType(values[n.outputs[o]].data_type) &&
                                !m.tensors[n.outputs[o]].IsQuantized();
      if (exact_output) continue;  // integer output of exact inputs: exact (zero bound)
      if (!own_derived) {
        out = TensorBound{false, {}, std::string(NodeTypeName(n.type)) + " node '" + n.name +
                                         "': quantized or integer output (no derived bound)"};
        continue;
      }
      Propagation p;
      if (!inputs_zero) p = Propagate(s, e, in_values, values[n.outputs[o]], o);
      if (!p.derived) {
        out = TensorBound{false, {}, p.why_not};
        continue;
      }
      out.derived = true;
      out.abs = own;
      for (size_t i = 0; i < out.abs.size() && i < p.abs.size(); ++i) out.abs[i] += p.abs[i];
      for (double& v : out.abs) {
        if (std::isnan(v)) v = kInf;
      }
    }
  }
  return Status::Ok();
}

}  // namespace cts
}  // namespace nnrt
