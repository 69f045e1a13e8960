// End-to-end tests of OH_NN_OPS_LSTM (-> NODE_TYPE_LSTM) through the OH_NN C
// API: build a one-operation model with all ten parameters, check
// OH_NNModel_GetAvailableOperations, compile it for the reference device, run
// it and check the three outputs (docs/semantics.md "LSTM", C-720..C-728).
#include <cmath>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/runtime/op_e2e_tests/op_e2e_util.h"

namespace nnrt {
namespace rt {
namespace {

using e2e::As;
using e2e::Operand;
using e2e::Param;
using e2e::Raw;
using e2e::ScalarParam;

Operand F32(std::vector<int32_t> shape, std::vector<float> values, bool constant = false) {
  return Operand{OH_NN_FLOAT32, std::move(shape), Raw(values), constant};
}

struct LstmE2eShape {
  bool bidirectional = false;
  bool has_bias = false;
  int64_t input_size = 1, hidden = 1, layers = 1, directions = 1, proj = 0;
  float dropout = 0, zoneout_cell = 0, zoneout_hidden = 0;
};

std::vector<Param> Params(const LstmE2eShape& p) {
  return {ScalarParam<uint8_t>(OH_NN_LSTM_BIDIRECTIONAL, OH_NN_BOOL, p.bidirectional ? 1 : 0),
          ScalarParam<uint8_t>(OH_NN_LSTM_HAS_BIAS, OH_NN_BOOL, p.has_bias ? 1 : 0),
          ScalarParam<int64_t>(OH_NN_LSTM_INPUT_SIZE, OH_NN_INT64, p.input_size),
          ScalarParam<int64_t>(OH_NN_LSTM_HIDDEN_SIZE, OH_NN_INT64, p.hidden),
          ScalarParam<int64_t>(OH_NN_LSTM_NUM_LAYERS, OH_NN_INT64, p.layers),
          ScalarParam<int64_t>(OH_NN_LSTM_NUM_DIRECTIONS, OH_NN_INT64, p.directions),
          ScalarParam<float>(OH_NN_LSTM_DROPOUT, OH_NN_FLOAT32, p.dropout),
          ScalarParam<float>(OH_NN_LSTM_ZONEOUT_CELL, OH_NN_FLOAT32, p.zoneout_cell),
          ScalarParam<float>(OH_NN_LSTM_ZONEOUT_HIDDEN, OH_NN_FLOAT32, p.zoneout_hidden),
          ScalarParam<int64_t>(OH_NN_LSTM_PROJ_SIZE, OH_NN_INT64, p.proj)};
}

double Sig(double z) { return 1.0 / (1.0 + std::exp(-z)); }

// One unit, one step with gate rows i, f, g, o and biases b_ih + b_hh.
void Step(double x, const double* wi, const double* wh, const double* b, double* h, double* c) {
  double z[4];
  for (int k = 0; k < 4; ++k) z[k] = x * wi[k] + *h * wh[k] + b[k] + b[4 + k];
  *c = Sig(z[1]) * *c + Sig(z[0]) * std::tanh(z[2]);
  *h = Sig(z[3]) * std::tanh(*c);
}

// Bidirectional, hasBias, seqLen 2, constant weights: y = [fwd, bwd] per step.
TEST(LstmEndToEnd, BidirectionalWithBias) {
  const std::vector<float> x{1.0f, -0.5f};
  const std::vector<float> w_ih{0.5f, -0.25f, 1.0f, 2.0f, 1.0f, 1.0f, -1.0f, 0.5f};
  const std::vector<float> w_hh{0.125f, 0.25f, -0.375f, 0.5f, 0.0f, 0.5f, 0.25f, -0.5f};
  const std::vector<float> bias{0.5f, 0.25f, -1.0f, 0.0f, -0.5f, 1.0f, 0.125f, 2.0f,
                                0.0f, 0.0f, 0.0f,  0.0f, 0.25f, 0.0f, 0.0f,   -1.0f};
  const std::vector<float> hx{0.25f, -0.5f}, cx{1.0f, 2.0f};
  LstmE2eShape p;
  p.bidirectional = true;
  p.has_bias = true;
  p.directions = 2;
  p.dropout = 0.5f;  // ignored at inference (C-725)
  const e2e::RunResult r = e2e::RunSupportedOperation(
      OH_NN_OPS_LSTM,
      {F32({2, 1, 1}, x), F32({2, 4, 1}, w_ih, true), F32({2, 4, 1}, w_hh, true), F32({2, 8}, bias, true),
       F32({2, 1, 1}, hx), F32({2, 1, 1}, cx)},
      Params(p), {F32({2, 1, 2}, {}), F32({2, 1, 1}, {}), F32({2, 1, 1}, {})});
  ASSERT_EQ(r.outputs.size(), 3u);
  std::vector<double> wi(w_ih.begin(), w_ih.end()), wh(w_hh.begin(), w_hh.end()), b(bias.begin(), bias.end());
  double fh = hx[0], fc = cx[0], bh = hx[1], bc = cx[1];
  Step(x[0], &wi[0], &wh[0], &b[0], &fh, &fc);
  const double f0 = fh;
  Step(x[1], &wi[0], &wh[0], &b[0], &fh, &fc);
  Step(x[1], &wi[4], &wh[4], &b[8], &bh, &bc);
  const double b1 = bh;
  Step(x[0], &wi[4], &wh[4], &b[8], &bh, &bc);
  EXPECT_EQ(As<float>(r.outputs[0]), (std::vector<float>{static_cast<float>(f0), static_cast<float>(bh),
                                                         static_cast<float>(fh), static_cast<float>(b1)}));
  EXPECT_EQ(As<float>(r.outputs[1]), (std::vector<float>{static_cast<float>(fh), static_cast<float>(bh)}));
  EXPECT_EQ(As<float>(r.outputs[2]), (std::vector<float>{static_cast<float>(fc), static_cast<float>(bc)}));
  EXPECT_EQ(r.shapes[0], (std::vector<int32_t>{2, 1, 2}));
}

// C-727: projSize > 0 has no projection weight among the inputs; C-723:
// numDirections must follow bidirectional. Both fail at compilation.
TEST(LstmEndToEnd, ProjSizeAndInconsistentDirectionsRejected) {
  const std::vector<Operand> inputs{F32({1, 1, 1}, {1}),           F32({1, 4, 1}, {0, 0, 0, 0}, true),
                                    F32({1, 4, 1}, {0, 0, 0, 0}, true), F32({1, 8}, std::vector<float>(8, 0), true),
                                    F32({1, 1, 1}, {0}),           F32({1, 1, 1}, {0})};
  const std::vector<Operand> outputs{F32({1, 1, 1}, {}), F32({1, 1, 1}, {}), F32({1, 1, 1}, {})};
  LstmE2eShape p;
  p.proj = 1;
  EXPECT_NE(e2e::RunOperation(OH_NN_OPS_LSTM, inputs, Params(p), outputs).build, OH_NN_SUCCESS);
  p.proj = 0;
  p.directions = 2;
  EXPECT_NE(e2e::RunOperation(OH_NN_OPS_LSTM, inputs, Params(p), outputs).build, OH_NN_SUCCESS);
  p.directions = 1;
  const e2e::RunResult ok = e2e::RunSupportedOperation(OH_NN_OPS_LSTM, inputs, Params(p), outputs);
  ASSERT_EQ(ok.outputs.size(), 3u);
  // All gates 0.5, g = 0: c = 0, h = 0.
  EXPECT_EQ(As<float>(ok.outputs[2]), (std::vector<float>{0.0f}));
}

}  // namespace
}  // namespace rt
}  // namespace nnrt
