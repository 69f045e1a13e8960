#include "conformance/specs/nn/lstm_bounds.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "conformance/generators.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace cts {
namespace {

// The absolute part of one rounding near underflow, in units of u: half a
// subnormal step = the smallest normal times u. float16's (2^-14) for every
// type, since under enableFloat16 a float32 model may be computed in float16.
const double kUnderflow = std::ldexp(1.0, -14);

double Sigmoid(double z) { return 1.0 / (1.0 + std::exp(-z)); }
// TOSA SIGMOID / TANH abs-error bounds in units of u (quantization_semantics
// 5.2; the float32 TANH base 3 for both precisions).
double SigmoidError(double z, double s) { return s == 0.0 ? 0.0 : 2.0 * (1.0 + std::fabs(z)) * std::fabs(s); }
double TanhError(double z, double t) { return std::max(4.0 * (3.0 + 2.0 * std::fabs(z)) * std::fabs(t), 0.5); }
// The bound of an activation of z: derivative bound x E(z) + its own error. An
// infinite z comes from an infinite term every implementation has too, and the
// activation of ±inf is exact (0, ±1), so it carries no error.
double GateError(double z, double ez, double slope, double own) {
  if (std::isinf(ez)) return ez;
  return std::isinf(z) ? 0.0 : slope * ez + own + kUnderflow;
}
// coefficient x error, where a zero coefficient carries no error (also an infinite one).
double Amp(double coefficient, double error) { return coefficient == 0.0 ? 0.0 : std::fabs(coefficient) * error; }

struct Sizes {
  int64_t seq, batch, in, hidden, layers, dirs;
  bool bias;
  double zoneout_cell, zoneout_hidden;
};

// A sequence of values with their error bounds.
struct Tracked {
  std::vector<double> v, e;
};

struct Weights {
  const double* w_ih;
  const double* w_hh;
  const double* bias;  // nullptr without hasBias
};

// One term v * w of a gate sum. An infinite term of exact operands is exact
// in every implementation (it adds no magnitude); an infinite weight on an
// inexact value (one an implementation may hold as 0, giving 0 * inf = NaN)
// leaves the sum without any bound.
void AddTerm(double v, double ev, double w, double* acc, double* magnitude, double* propagated) {
  const double p = v * w;
  *acc += p;
  if (std::isinf(w) && ev > 0.0) *propagated = std::numeric_limits<double>::infinity();
  if (!(std::isinf(p) && ev == 0.0)) *magnitude += std::fabs(p);
  *propagated += Amp(w, ev);
}

// Pre-activation of gate row `row` (value, bound): the dot products in the
// kernel's order; bound = terms * sum|terms| + the propagated input errors.
void GateRow(const Sizes& s, const Weights& w, const double* x, const double* ex, const Tracked& h, int64_t b,
             int64_t row, double* z, double* ez) {
  double acc = 0.0, magnitude = 0.0, propagated = 0.0;
  for (int64_t i = 0; i < s.in; ++i) AddTerm(x[i], ex[i], w.w_ih[row * s.in + i], &acc, &magnitude, &propagated);
  for (int64_t q = 0; q < s.hidden; ++q) {
    const auto k = static_cast<size_t>(b * s.hidden + q);
    AddTerm(h.v[k], h.e[k], w.w_hh[row * s.hidden + q], &acc, &magnitude, &propagated);
  }
  if (w.bias != nullptr) {
    AddTerm(1.0, 0.0, w.bias[row], &acc, &magnitude, &propagated);
    AddTerm(1.0, 0.0, w.bias[4 * s.hidden + row], &acc, &magnitude, &propagated);
  }
  const auto terms = static_cast<double>(s.in + s.hidden + (w.bias != nullptr ? 2 : 0));
  *z = acc;
  *ez = terms * (magnitude + 2.0 * kUnderflow) + propagated;  // a product and a sum per term
}

// Inference zoneout (C-726) on a value and its bound: two products and a sum.
void Zoneout(double keep, double prev, double prev_e, double* value, double* error) {
  if (keep == 0.0) return;
  if (keep == 1.0) {
    *value = prev;
    *error = prev_e;
    return;
  }
  const double a = keep * prev, b = (1.0 - keep) * *value;
  *error = keep * prev_e + (1.0 - keep) * *error + 3.0 * (std::fabs(a) + std::fabs(b) + kUnderflow);
  *value = a + b;
}

// One step of one batch row: h and c (values and bounds) updated in place.
void Step(const Sizes& s, const Weights& w, const double* x, const double* ex, int64_t b, Tracked* h, Tracked* c) {
  const int64_t n = s.hidden;
  std::vector<double> hv(static_cast<size_t>(n)), he(hv.size()), cv(hv.size()), ce(hv.size());
  for (int64_t j = 0; j < n; ++j) {
    double z[4], ez[4];
    for (int k = 0; k < 4; ++k) GateRow(s, w, x, ex, *h, b, k * n + j, &z[k], &ez[k]);
    const double i = Sigmoid(z[0]), f = Sigmoid(z[1]), g = std::tanh(z[2]), o = Sigmoid(z[3]);
    const double ei = GateError(z[0], ez[0], 0.25, SigmoidError(z[0], i));
    const double ef = GateError(z[1], ez[1], 0.25, SigmoidError(z[1], f));
    const double eg = GateError(z[2], ez[2], 1.0, TanhError(z[2], g));
    const double eo = GateError(z[3], ez[3], 0.25, SigmoidError(z[3], o));
    const auto k = static_cast<size_t>(b * n + j);
    const double cp = c->v[k], fc = f * cp, ig = i * g;
    double c_new = fc + ig;
    double c_err = Amp(cp, ef) + Amp(f, c->e[k]) + Amp(g, ei) + Amp(i, eg) + 3.0 * (std::fabs(fc) + std::fabs(ig) + kUnderflow);
    Zoneout(s.zoneout_cell, cp, c->e[k], &c_new, &c_err);
    const double t = std::tanh(c_new);
    double h_new = o * t;
    double h_err =
        Amp(t, eo) + Amp(o, GateError(c_new, c_err, 1.0, TanhError(c_new, t))) + std::fabs(h_new) + kUnderflow;
    Zoneout(s.zoneout_hidden, h->v[k], h->e[k], &h_new, &h_err);
    const auto jj = static_cast<size_t>(j);
    hv[jj] = h_new;
    he[jj] = h_err;
    cv[jj] = c_new;
    ce[jj] = c_err;
  }
  for (int64_t j = 0; j < n; ++j) {
    const auto k = static_cast<size_t>(b * n + j), jj = static_cast<size_t>(j);
    h->v[k] = hv[jj];
    h->e[k] = he[jj];
    c->v[k] = cv[jj];
    c->e[k] = ce[jj];
  }
}

Tracked Slab(const std::vector<double>& v, int64_t s, int64_t size) {
  Tracked t;
  t.v.assign(v.begin() + s * size, v.begin() + (s + 1) * size);
  t.e.assign(t.v.size(), 0.0);
  return t;
}

// The bounds of y, hy and cy (in that order), layer by layer as the kernel runs.
std::vector<std::vector<double>> LstmBounds(const Sizes& s, const std::vector<std::vector<double>>& in) {
  const int64_t state = s.batch * s.hidden;
  Tracked layer_in{in[0], std::vector<double>(in[0].size(), 0.0)};
  std::vector<double> hy(in[4].size()), cy(in[5].size());
  for (int64_t layer = 0; layer < s.layers; ++layer) {
    const size_t out_size = static_cast<size_t>(s.seq * s.batch * s.dirs * s.hidden);
    Tracked out{std::vector<double>(out_size), std::vector<double>(out_size)};
    for (int64_t d = 0; d < s.dirs; ++d) {
      const int64_t slab = layer * s.dirs + d;
      const Weights w{in[1].data() + slab * 4 * s.hidden * s.in, in[2].data() + slab * 4 * s.hidden * s.hidden,
                      s.bias ? in[3].data() + slab * 8 * s.hidden : nullptr};
      Tracked h = Slab(in[4], slab, state), c = Slab(in[5], slab, state);
      for (int64_t n = 0; n < s.seq; ++n) {
        const int64_t t = d == 0 ? n : s.seq - 1 - n;
        for (int64_t b = 0; b < s.batch; ++b) {
          const size_t at = static_cast<size_t>((t * s.batch + b) * s.in);
          Step(s, w, layer_in.v.data() + at, layer_in.e.data() + at, b, &h, &c);
          for (int64_t j = 0; j < s.hidden; ++j) {
            const auto o = static_cast<size_t>(((t * s.batch + b) * s.dirs + d) * s.hidden + j);
            out.v[o] = h.v[static_cast<size_t>(b * s.hidden + j)];
            out.e[o] = h.e[static_cast<size_t>(b * s.hidden + j)];
          }
        }
      }
      std::copy(h.e.begin(), h.e.end(), hy.begin() + slab * state);
      std::copy(c.e.begin(), c.e.end(), cy.begin() + slab * state);
    }
    layer_in = std::move(out);
  }
  return {layer_in.e, hy, cy};
}

}  // namespace

Status LstmReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool, ReferenceAux* aux) {
  if (node.inputs.size() != 6) return InvalidModel("LSTM bounds: the node needs 6 inputs");
  std::vector<std::vector<double>> in;
  for (size_t k = 0; k < 6; ++k) {
    in.push_back(FloatInput(c, node, k));
    if (in.back().empty() && ElementsOf(ActualDims(c, node.inputs[k])) != 0) {
      return InvalidModel("LSTM bounds: input " + std::to_string(k) + " has no float data");
    }
  }
  const Dims x = ActualDims(c, node.inputs[0]);
  if (x.size() != 3) return InvalidModel("LSTM bounds: x must be 3-D");
  Sizes s{x[0],
          x[1],
          x[2],
          IntAttr(node, "hiddenSize"),
          IntAttr(node, "numLayers"),
          IntAttr(node, "numDirections"),
          BoolAttr(node, "hasBias"),
          FloatAttr(node, "zoneoutCell"),
          FloatAttr(node, "zoneoutHidden")};
  const int64_t slabs = s.dirs * s.layers, h4 = 4 * s.hidden, state = slabs * s.batch * s.hidden;
  const std::vector<int64_t> want{s.seq * s.batch * s.in, slabs * h4 * s.in, slabs * h4 * s.hidden, slabs * 2 * h4,
                                  state, state};
  for (size_t k = 0; k < 6; ++k) {
    if (static_cast<int64_t>(in[k].size()) != want[k]) {
      return InvalidModel("LSTM bounds: input " + std::to_string(k) + " does not match the attributes");
    }
  }
  const std::vector<std::vector<double>> bounds = LstmBounds(s, in);
  if (output_index >= bounds.size()) return InvalidModel("LSTM bounds: output index out of range");
  aux->magnitude = bounds[output_index];
  aux->dot_terms = 1;
  return Status::Ok();
}

}  // namespace cts
}  // namespace nnrt
