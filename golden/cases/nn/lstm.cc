// Golden cases of LSTM (ops_catalog #75; clarifications C-720..C-728). x
// [seqLen, batch, inputSize], wIh [D*L, 4H, inputSize], wHh [D*L, 4H, H],
// bias [D*L, 8H], hx / cx [D*L, batch, H]; gate rows i, f, g, o.
#include <cmath>
#include <cstdint>

#include "golden/case_builder.h"

namespace nnrt {
namespace golden {
namespace {

using DT = DataType;

struct LstmSpec {
  DT dt = DT::kFloat32;
  int32_t seq = 1, batch = 1, in = 1, hidden = 1, layers = 1;
  bool bidirectional = false, has_bias = false;
  int64_t directions = 1, proj = 0;
  float dropout = 0, zoneout_cell = 0, zoneout_hidden = 0;
  std::vector<double> x, w_ih, w_hh, bias, hx, cx;  // empty: zeros
  std::vector<std::pair<size_t, Dims>> dims_override;
  uint64_t seed = 0;  // != 0: every empty operand drawn from [-1, 1)
};

TestCase Lstm(const LstmSpec& s) {
  const int32_t d = s.bidirectional ? 2 : 1, slabs = d * s.layers, h4 = 4 * s.hidden;
  std::vector<Dims> dims{{s.seq, s.batch, s.in}, {slabs, h4, s.in},         {slabs, h4, s.hidden},
                         {slabs, 2 * h4},        {slabs, s.batch, s.hidden}, {slabs, s.batch, s.hidden}};
  for (const auto& [i, dd] : s.dims_override) dims[i] = dd;
  const char* names[] = {"x", "w_ih", "w_hh", "bias", "hx", "cx"};
  const std::vector<const std::vector<double>*> data{&s.x, &s.w_ih, &s.w_hh, &s.bias, &s.hx, &s.cx};
  GoldenRng rng(s.seed);
  SingleNodeCase c(NodeType::LSTM, "lstm");
  for (size_t i = 0; i < 6; ++i) {
    std::vector<double> v = *data[i];
    if (v.empty()) v = s.seed != 0 ? rng.Uniforms(Count(dims[i]), -1.0, 1.0) : std::vector<double>(Count(dims[i]));
    if (i == 0 || i >= 4) {
      c.In(names[i], s.dt, dims[i], Values(s.dt, v));
    } else {
      c.Const(names[i], s.dt, dims[i], Values(s.dt, v));
    }
  }
  c.Out("y", s.dt, {s.seq, s.batch, d * s.hidden}).Out("hy", s.dt, dims[4]).Out("cy", s.dt, dims[5]);
  c.WithAttrs({Attr::Bool("bidirectional", s.bidirectional), Attr::Bool("hasBias", s.has_bias),
               Attr::Int64("inputSize", s.in), Attr::Int64("hiddenSize", s.hidden),
               Attr::Int64("numLayers", s.layers), Attr::Int64("numDirections", s.directions),
               Attr::Float("dropout", s.dropout), Attr::Float("zoneoutCell", s.zoneout_cell),
               Attr::Float("zoneoutHidden", s.zoneout_hidden), Attr::Int64("projSize", s.proj)});
  if (s.seed != 0) RecordSeed(c, s.seed);
  return c.Build();
}

// x = 1, h0 = 0.5, c0 = 2, wHh = 0; wIh rows i 0, f 100, g 1, o 100: i = 0.5,
// f = o = 1 in double (sigmoid(100) = 1 - 4e-44), g = tanh(1).
LstmSpec GateOrderModel() {
  LstmSpec s;
  s.x = {1};
  s.w_ih = {0, 100, 1, 100};
  s.hx = {0.5};
  s.cx = {2};
  return s;
}

std::vector<HostTensor> OneUnit(double h, double c) {
  const DT f32 = DT::kFloat32;
  return {Expect("y", f32, {1, 1, 1}, Values(f32, {h})), Expect("hy", f32, {1, 1, 1}, Values(f32, {h})),
          Expect("cy", f32, {1, 1, 1}, Values(f32, {c}))};
}

void AddRejections(CaseList& list) {
  {
    LstmSpec s;  // ops_catalog #75 [UT]: inputs [2,2,2], every parameter zero / false
    s.seq = s.batch = s.in = 2;
    s.directions = 0;
    s.dims_override = {{1, Dims{2, 2, 2}}, {2, Dims{2, 2, 2}}, {3, Dims{2, 2}}, {4, Dims{2, 2, 2}},
                       {5, Dims{2, 2, 2}}};
    s.hidden = 2;
    TestCase tc = Lstm(s);
    for (Attr& a : tc.model.nodes[0].attrs) {
      if (a.type == AttrType::kInt64) a.ints = {0};
    }
    list.AddError("c722_lstm_catalog_ut_params_zero_rejected",
                  "ops_catalog #75 [UT]: all ten parameters 0 / false build, but hiddenSize 0 is no LSTM (C-722)",
                  std::move(tc), NNRT_INVALID_MODEL);
  }
  {
    LstmSpec s;  // XTS LSTMModel1: 2-D weights without the D*L dim
    s.seq = 5;
    s.batch = 2;
    s.in = 10;
    s.hidden = 2;
    s.dims_override = {{1, Dims{8, 10}}, {2, Dims{8, 2}}, {3, Dims{16}}, {4, Dims{2, 2}}, {5, Dims{2, 2}}};
    list.AddError("c720_lstm_xts_2d_weights_rejected",
                  "ops_catalog #75 [XTS] LSTMModel1 shapes: wIh [8,10] lacks the numDirections*numLayers dim (C-720)",
                  Lstm(s), NNRT_INVALID_MODEL);
  }
  {
    LstmSpec s;
    s.layers = 2;
    s.in = 3;
    list.AddError("c722_lstm_two_layers_need_input_size_d_times_h",
                  "C-722: numLayers 2 with inputSize 3 != numDirections*hiddenSize = 1", Lstm(s), NNRT_INVALID_MODEL);
  }
  {
    LstmSpec s;
    s.directions = 2;
    list.AddError("c723_lstm_num_directions_must_follow_bidirectional",
                  "C-723: numDirections 2 with bidirectional false", Lstm(s), NNRT_INVALID_MODEL);
  }
  {
    LstmSpec s;
    s.proj = 1;
    list.AddError("c727_lstm_proj_size_rejected",
                  "C-727: projSize 1 needs a projection weight none of the six inputs carries", Lstm(s),
                  NNRT_INVALID_MODEL);
  }
  {
    SingleNodeCase c(NodeType::LSTM, "lstm");
    for (const char* n : {"x", "w_ih", "w_hh", "bias", "hx", "cx"}) {
      c.In(n, DT::kInt8, {1, 1, 1}, Ints(DT::kInt8, {0}), {QP(0.5, 0)});
    }
    c.Out("y", DT::kInt8, {1, 1, 1}, {QP(0.5, 0)}).Out("hy", DT::kInt8, {1, 1, 1}, {QP(0.5, 0)});
    c.Out("cy", DT::kInt8, {1, 1, 1}, {QP(0.5, 0)});
    c.WithAttrs({Attr::Int64("inputSize", 1), Attr::Int64("hiddenSize", 1), Attr::Int64("numLayers", 1),
                 Attr::Int64("numDirections", 1)});
    list.AddError("c721_lstm_int8_unsupported", "C-721: quantized LSTM is not documented", c.Build(),
                  NNRT_UNSUPPORTED_OP);
  }
}

}  // namespace

std::vector<GoldenCase> LstmCases() {
  CaseList list("lstm");
  const double g = std::tanh(1.0), c_gate = 2.0 + 0.5 * g;
  list.AddExpect("c720_lstm_gate_order_ifgo",
                 "C-720: rows i, f, g, o: c = 1*2 + 0.5*tanh(1), h = 1*tanh(c); i/f swapped gives c = 1 + tanh(1)",
                 Lstm(GateOrderModel()), OneUnit(std::tanh(c_gate), c_gate));
  {
    LstmSpec s = GateOrderModel();
    s.dropout = 1.0f;
    list.AddExpect("c725_lstm_dropout_ignored", "C-725: dropout 1 changes nothing at inference", Lstm(s),
                   OneUnit(std::tanh(c_gate), c_gate));
  }
  {
    LstmSpec s = GateOrderModel();
    s.zoneout_cell = 0.25f;
    s.zoneout_hidden = 0.5f;
    const double c = 0.25 * 2.0 + 0.75 * c_gate;
    list.AddExpect("c726_lstm_zoneout_mixes_states",
                   "C-726: c = 0.25*c0 + 0.75*(f c0 + i g), h = 0.5*h0 + 0.5*o tanh(c)", Lstm(s),
                   OneUnit(0.5 * 0.5 + 0.5 * std::tanh(c), c));
  }
  {
    LstmSpec s;  // zero weights: every gate 0.5, g = 0
    s.x = {1};
    s.cx = {2};
    s.bias = {5, 5, 5, 5, 5, 5, 5, 5};
    list.AddExpect("c724_lstm_bias_ignored_without_has_bias",
                   "C-724: hasBias false: gates 0.5, c = 0.5*2 = 1, h = 0.5*tanh(1)", Lstm(s),
                   OneUnit(0.5 * std::tanh(1.0), 1.0));
    s.has_bias = true;
    list.Add("c724_lstm_bias_added_with_has_bias", "C-724: hasBias true: b_ih + b_hh = 10 on every gate", Lstm(s));
  }
  {
    LstmSpec s;
    s.seq = 3;
    s.batch = 2;
    s.in = 2;
    s.hidden = 1;
    s.layers = 2;
    s.bidirectional = true;
    s.directions = 2;
    s.has_bias = true;
    s.seed = 7501;
    list.Add("c720_lstm_bidirectional_two_layers",
             "C-720 / C-722: slabs layer*2 + direction, backward reads t = 2..0, layer 2 reads [fwd, bwd] of layer 1",
             Lstm(s));
  }
  {
    LstmSpec s;
    s.dt = DT::kFloat16;
    s.seq = 4;
    s.batch = 2;
    s.in = 3;
    s.hidden = 2;
    s.has_bias = true;
    s.seed = 7502;
    list.Add("c728_lstm_float16_state_kept_in_double",
             "C-728: four steps in double, each output rounded once to float16 (no rounding of the carried state)",
             Lstm(s));
  }
  AddRejections(list);
  return list.Take();
}

NNRT_GOLDEN_FAMILY(LstmCases);

}  // namespace golden
}  // namespace nnrt
