// LSTM kernel: the layer / direction / time loops and one time step, in
// double; every state stays in double between steps and layers, and each
// result is rounded once to the output type (docs/semantics.md "LSTM").
#include <cmath>
#include <cstdint>
#include <vector>

#include "reference/numerics/numerics.h"
#include "reference/ops/nn/lstm.h"

namespace nnrt {
namespace {

double Sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// Inference zoneout (C-726): keep * prev + (1 - keep) * candidate; a zero
// weight drops its term, so keep 0 is the plain LSTM even for an infinite state.
double Zoneout(double keep, double prev, double candidate) {
  if (keep == 0.0) return candidate;
  if (keep == 1.0) return prev;
  return keep * prev + (1.0 - keep) * candidate;
}

std::vector<double> LoadAll(const TensorArg& t) {
  std::vector<double> v(static_cast<size_t>(t.elements()));
  for (size_t i = 0; i < v.size(); ++i) v[i] = LoadAsDouble(t.dtype(), t.data, i);
  return v;
}

void StoreAll(TensorArg& t, const std::vector<double>& v) {
  for (size_t i = 0; i < v.size(); ++i) StoreDouble(t.dtype(), t.mutable_data, i, v[i]);
}

// Pre-activation of gate row `row` for batch row `b`: x terms, h terms, then the two biases.
double GateSum(const LstmCellWeights& w, const double* x, const std::vector<double>& h, int64_t b, int64_t row) {
  double acc = 0.0;
  const double* wi = w.w_ih + row * w.input_size;
  for (int64_t i = 0; i < w.input_size; ++i) acc += x[b * w.input_size + i] * wi[i];
  const double* wh = w.w_hh + row * w.hidden;
  for (int64_t q = 0; q < w.hidden; ++q) acc += h[static_cast<size_t>(b * w.hidden + q)] * wh[q];
  if (w.bias != nullptr) {
    acc += w.bias[row];
    acc += w.bias[4 * w.hidden + row];
  }
  return acc;
}

}  // namespace

void LstmStep(const LstmCellWeights& w, const double* x, std::vector<double>* h, std::vector<double>* c) {
  const int64_t hidden = w.hidden;
  std::vector<double> h_new(h->size()), c_new(c->size());
  for (int64_t b = 0; b < w.batch; ++b) {
    for (int64_t j = 0; j < hidden; ++j) {
      const double i_gate = Sigmoid(GateSum(w, x, *h, b, 0 * hidden + j));
      const double f_gate = Sigmoid(GateSum(w, x, *h, b, 1 * hidden + j));
      const double g_gate = std::tanh(GateSum(w, x, *h, b, 2 * hidden + j));
      const double o_gate = Sigmoid(GateSum(w, x, *h, b, 3 * hidden + j));
      const auto k = static_cast<size_t>(b * hidden + j);
      const double c_prev = (*c)[k];
      c_new[k] = Zoneout(w.zoneout_cell, c_prev, f_gate * c_prev + i_gate * g_gate);
      h_new[k] = Zoneout(w.zoneout_hidden, (*h)[k], o_gate * std::tanh(c_new[k]));
    }
  }
  *h = std::move(h_new);
  *c = std::move(c_new);
}

Status RunLstmWithStep(OpContext& ctx, const LstmParams& p, LstmStepFn step) {
  // C-760: per layer, direction, time step and batch row, 4 gates x hidden
  // dot products over the input and the hidden state.
  NNRT_RETURN_IF_ERROR(ChargeWork(ctx, {p.layers, p.directions, p.seq, p.batch, 4, p.hidden, p.input_size + p.hidden},
                                  "4 x hiddenSize dot products of inputSize + hiddenSize per step and batch row"));
  const std::vector<double> w_ih = LoadAll(ctx.inputs[1]), w_hh = LoadAll(ctx.inputs[2]);
  const std::vector<double> bias = LoadAll(ctx.inputs[3]), hx = LoadAll(ctx.inputs[4]), cx = LoadAll(ctx.inputs[5]);
  const int64_t hidden = p.hidden, dirs = p.directions, state = p.batch * hidden;
  std::vector<double> layer_in = LoadAll(ctx.inputs[0]);
  std::vector<double> hy(hx.size()), cy(cx.size());
  for (int64_t layer = 0; layer < p.layers; ++layer) {
    std::vector<double> layer_out(static_cast<size_t>(p.seq * p.batch * dirs * hidden));
    for (int64_t d = 0; d < dirs; ++d) {
      const int64_t s = layer * dirs + d;
      LstmCellWeights cell;
      cell.w_ih = w_ih.data() + s * 4 * hidden * p.input_size;
      cell.w_hh = w_hh.data() + s * 4 * hidden * hidden;
      cell.bias = p.has_bias ? bias.data() + s * 8 * hidden : nullptr;
      cell.input_size = p.input_size;
      cell.hidden = hidden;
      cell.batch = p.batch;
      cell.zoneout_cell = p.zoneout_cell;
      cell.zoneout_hidden = p.zoneout_hidden;
      std::vector<double> h(hx.begin() + s * state, hx.begin() + (s + 1) * state);
      std::vector<double> c(cx.begin() + s * state, cx.begin() + (s + 1) * state);
      // Direction 0 runs t = 0..seq-1, direction 1 runs t = seq-1..0 (C-720).
      for (int64_t n = 0; n < p.seq; ++n) {
        const int64_t t = d == 0 ? n : p.seq - 1 - n;
        step(cell, layer_in.data() + t * p.batch * p.input_size, &h, &c);
        for (int64_t b = 0; b < p.batch; ++b) {
          for (int64_t j = 0; j < hidden; ++j) {
            layer_out[static_cast<size_t>(((t * p.batch + b) * dirs + d) * hidden + j)] =
                h[static_cast<size_t>(b * hidden + j)];
          }
        }
      }
      std::copy(h.begin(), h.end(), hy.begin() + s * state);
      std::copy(c.begin(), c.end(), cy.begin() + s * state);
    }
    layer_in = std::move(layer_out);
  }
  StoreAll(ctx.outputs[0], layer_in);
  StoreAll(ctx.outputs[1], hy);
  StoreAll(ctx.outputs[2], cy);
  return Status::Ok();
}

}  // namespace nnrt
