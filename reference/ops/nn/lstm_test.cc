#include "reference/ops/nn/lstm.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/expect_values.h"
#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::EncodeAs;
using testing::ExpectSameValues;
using testing::OpHarness;

// One LSTM node: sizes, attributes and data (an empty vector reads as zeros).
struct LstmCase {
  DataType dtype = DataType::kFloat32;
  int32_t seq = 1, batch = 1, in = 1, hidden = 1, layers = 1;
  bool bidirectional = false, has_bias = false;
  int64_t directions = 0;  // 0: derived from bidirectional
  int64_t proj = 0;
  float dropout = 0, zoneout_cell = 0, zoneout_hidden = 0;
  std::vector<double> x, w_ih, w_hh, bias, hx, cx;
  std::vector<std::pair<size_t, Dims>> dims_override;  // input index -> dims
};

std::unique_ptr<OpHarness> Build(const LstmCase& c) {
  const int32_t d = c.bidirectional ? 2 : 1, s = d * c.layers, h4 = 4 * c.hidden;
  std::vector<Dims> dims{{c.seq, c.batch, c.in}, {s, h4, c.in},          {s, h4, c.hidden},
                         {s, 2 * h4},            {s, c.batch, c.hidden}, {s, c.batch, c.hidden}};
  for (const auto& [i, dd] : c.dims_override) dims[i] = dd;
  const std::vector<const std::vector<double>*> data{&c.x, &c.w_ih, &c.w_hh, &c.bias, &c.hx, &c.cx};
  auto h = std::make_unique<OpHarness>(NodeType::LSTM);
  for (size_t i = 0; i < 6; ++i) {
    std::vector<double> v = *data[i];
    const auto count = ElementCount(dims[i]);
    if (v.empty() && count) v.assign(static_cast<size_t>(*count), 0.0);
    h->Input(c.dtype, dims[i], EncodeAs(c.dtype, v));
  }
  h->Output(c.dtype).Output(c.dtype).Output(c.dtype);
  h->Attr(Attr::Bool("bidirectional", c.bidirectional))
      .Attr(Attr::Bool("hasBias", c.has_bias))
      .Attr(Attr::Int64("inputSize", c.in))
      .Attr(Attr::Int64("hiddenSize", c.hidden))
      .Attr(Attr::Int64("numLayers", c.layers))
      .Attr(Attr::Int64("numDirections", c.directions != 0 ? c.directions : d))
      .Attr(Attr::Float("dropout", c.dropout))
      .Attr(Attr::Float("zoneoutCell", c.zoneout_cell))
      .Attr(Attr::Float("zoneoutHidden", c.zoneout_hidden))
      .Attr(Attr::Int64("projSize", c.proj));
  return h;
}

double Sig(double z) { return 1.0 / (1.0 + std::exp(-z)); }
double F32(double v) { return RoundToType(DataType::kFloat32, v); }

// One unit, one step: the gates from x, h0 and the rows i, f, g, o.
struct OneUnit {
  double h, c;
};
OneUnit Step(double x, double h0, double c0, const std::vector<double>& wi, const std::vector<double>& wh,
             const std::vector<double>& b = {0, 0, 0, 0, 0, 0, 0, 0}) {
  double z[4];
  for (int k = 0; k < 4; ++k) z[k] = x * wi[k] + h0 * wh[k] + b[k] + b[4 + k];
  const double c = Sig(z[1]) * c0 + Sig(z[0]) * std::tanh(z[2]);
  return {Sig(z[3]) * std::tanh(c), c};
}

const std::vector<double> kWi{0.5, -0.25, 1.0, 2.0}, kWh{0.125, 0.25, -0.375, 0.5};

// C-720: gate rows i, f, g, o; y = h, hy = last h, cy = last c.
TEST(LstmTest, OneStepGateOrderIfgo) {
  LstmCase c;
  c.x = {1.0};
  c.w_ih = kWi;
  c.w_hh = kWh;
  c.hx = {0.5};
  c.cx = {-1.0};
  auto h = Build(c);
  ASSERT_TRUE(h->Run().ok());
  const OneUnit u = Step(1.0, 0.5, -1.0, kWi, kWh);
  EXPECT_EQ(h->OutDims(0), (Dims{1, 1, 1}));
  ExpectSameValues(h->OutDoubles(0), {F32(u.h)});
  ExpectSameValues(h->OutDoubles(1), {F32(u.h)});
  ExpectSameValues(h->OutDoubles(2), {F32(u.c)});
  // Swapping the i and f rows changes cy: the order is observable.
  const OneUnit swapped = Step(1.0, 0.5, -1.0, {-0.25, 0.5, 1.0, 2.0}, {0.25, 0.125, -0.375, 0.5});
  EXPECT_NE(F32(swapped.c), F32(u.c));
}

// C-720: the cell state and the hidden state carry across time steps.
TEST(LstmTest, StatesCarryAcrossSteps) {
  LstmCase c;
  c.seq = 3;
  c.x = {1.0, -2.0, 0.5};
  c.w_ih = kWi;
  c.w_hh = kWh;
  c.cx = {3.0};
  auto h = Build(c);
  ASSERT_TRUE(h->Run().ok());
  OneUnit u{0.0, 3.0};
  std::vector<double> y;
  for (double x : c.x) {
    u = Step(x, u.h, u.c, kWi, kWh);
    y.push_back(F32(u.h));
  }
  ExpectSameValues(h->OutDoubles(0), y);
  ExpectSameValues(h->OutDoubles(2), {F32(u.c)});
}

// C-720: direction 1 reads the sequence backwards; its hy is its state after t = 0,
// and y holds [forward, backward] per time step.
TEST(LstmTest, BidirectionalLayout) {
  LstmCase c;
  c.seq = 2;
  c.bidirectional = true;
  c.x = {1.0, -1.0};
  c.w_ih = {0.5, -0.25, 1.0, 2.0, /*backward*/ 1.0, 1.0, -1.0, 0.5};
  c.w_hh = {0.125, 0.25, -0.375, 0.5, /*backward*/ 0.0, 0.5, 0.25, -0.5};
  auto h = Build(c);
  ASSERT_TRUE(h->Run().ok());
  const std::vector<double> bwi{1.0, 1.0, -1.0, 0.5}, bwh{0.0, 0.5, 0.25, -0.5};
  const OneUnit f0 = Step(1.0, 0, 0, kWi, kWh), f1 = Step(-1.0, f0.h, f0.c, kWi, kWh);
  const OneUnit b1 = Step(-1.0, 0, 0, bwi, bwh), b0 = Step(1.0, b1.h, b1.c, bwi, bwh);
  EXPECT_EQ(h->OutDims(0), (Dims{2, 1, 2}));
  EXPECT_EQ(h->OutDims(1), (Dims{2, 1, 1}));
  ExpectSameValues(h->OutDoubles(0), {F32(f0.h), F32(b0.h), F32(f1.h), F32(b1.h)});
  ExpectSameValues(h->OutDoubles(1), {F32(f1.h), F32(b0.h)});
  ExpectSameValues(h->OutDoubles(2), {F32(f1.c), F32(b0.c)});
}

// C-722: layer 2 reads layer 1's y (width D*H = inputSize); slab = layer*D + direction.
TEST(LstmTest, TwoLayersFeedForward) {
  LstmCase c;
  c.layers = 2;
  c.x = {0.75};
  c.w_ih = {0.5, -0.25, 1.0, 2.0, /*layer 2*/ 1.0, 1.0, -1.0, 0.5};
  c.w_hh = {0.125, 0.25, -0.375, 0.5, /*layer 2*/ 0.0, 0.5, 0.25, -0.5};
  c.hx = {0.25, -0.5};
  c.cx = {1.0, 2.0};
  auto h = Build(c);
  ASSERT_TRUE(h->Run().ok());
  const OneUnit l1 = Step(0.75, 0.25, 1.0, kWi, kWh);
  const OneUnit l2 = Step(l1.h, -0.5, 2.0, {1.0, 1.0, -1.0, 0.5}, {0.0, 0.5, 0.25, -0.5});
  ExpectSameValues(h->OutDoubles(0), {F32(l2.h)});
  ExpectSameValues(h->OutDoubles(1), {F32(l1.h), F32(l2.h)});
  ExpectSameValues(h->OutDoubles(2), {F32(l1.c), F32(l2.c)});
}

// C-724: the bias is b_ih then b_hh, both added with hasBias; ignored without.
TEST(LstmTest, HasBiasDecidesWhetherTheBiasIsAdded) {
  LstmCase c;
  c.x = {1.0};
  c.w_ih = kWi;
  c.w_hh = kWh;
  c.hx = {0.5};
  c.bias = {0.5, 0.25, -1.0, 0.0, -0.5, 1.0, 0.125, 2.0};
  auto without = Build(c);
  ASSERT_TRUE(without->Run().ok());
  ExpectSameValues(without->OutDoubles(2), {F32(Step(1.0, 0.5, 0, kWi, kWh).c)});
  c.has_bias = true;
  auto with = Build(c);
  ASSERT_TRUE(with->Run().ok());
  ExpectSameValues(with->OutDoubles(2), {F32(Step(1.0, 0.5, 0, kWi, kWh, c.bias).c)});
}

// C-725 / C-726: dropout is ignored; zoneout keeps a share of the previous state.
TEST(LstmTest, DropoutIgnoredZoneoutMixesStates) {
  LstmCase c;
  c.x = {1.0};
  c.w_ih = kWi;
  c.w_hh = kWh;
  c.hx = {0.5};
  c.cx = {-1.0};
  c.dropout = 0.75f;
  auto plain = Build(c);
  ASSERT_TRUE(plain->Run().ok());
  const OneUnit u = Step(1.0, 0.5, -1.0, kWi, kWh);
  ExpectSameValues(plain->OutDoubles(0), {F32(u.h)});
  c.zoneout_cell = 0.25f;
  c.zoneout_hidden = 0.5f;
  auto zoned = Build(c);
  ASSERT_TRUE(zoned->Run().ok());
  const double cz = 0.25 * -1.0 + 0.75 * u.c;
  const double o = Sig(2.0 + 0.5 * 0.5);
  ExpectSameValues(zoned->OutDoubles(2), {F32(cz)});
  ExpectSameValues(zoned->OutDoubles(1), {F32(0.5 * 0.5 + 0.5 * (o * std::tanh(cz)))});
}

// C-726: zoneout 0 drops the previous state, so 0 * inf never turns an infinite state into NaN.
TEST(LstmTest, ZeroZoneoutKeepsAnInfiniteState) {
  LstmCase c;
  c.cx = {std::numeric_limits<double>::infinity()};
  auto h = Build(c);
  ASSERT_TRUE(h->Run().ok());
  // All gates sigmoid(0) = 0.5, g = tanh(0) = 0: c = 0.5 * inf + 0.5 * 0, h = 0.5 * tanh(inf).
  ExpectSameValues(h->OutDoubles(2), {std::numeric_limits<double>::infinity()});
  ExpectSameValues(h->OutDoubles(1), {0.5});
}

TEST(LstmTest, DynamicSeqAndBatchAtPrepare) {
  LstmCase c;
  c.hidden = 3;
  c.dims_override = {{0, Dims{-1, -1, 1}}, {4, Dims{1, -1, 3}}, {5, Dims{1, -1, 3}}};
  auto h = Build(c);
  ASSERT_TRUE(h->Infer().ok()) << h->Infer().ToString();
  EXPECT_EQ(h->OutDims(0), (Dims{-1, -1, 3}));
  EXPECT_EQ(h->OutDims(1), (Dims{1, -1, 3}));
}

void ExpectRejected(const LstmCase& c, NNRT_ReturnCode code, const std::string& part) {
  auto h = Build(c);
  const Status st = h->Infer();
  EXPECT_EQ(st.code(), code) << st.ToString();
  EXPECT_NE(st.ToString().find(part), std::string::npos) << st.ToString();
}

TEST(LstmTest, AttributeChecks) {
  LstmCase c;
  c.directions = 2;  // C-723
  ExpectRejected(c, NNRT_INVALID_MODEL, "numDirections 2 must be 1");
  c = LstmCase();
  c.hidden = 0;  // C-722: the schema defaults are not a usable LSTM
  c.dims_override = {{1, Dims{1, 4, 1}}, {2, Dims{1, 4, 1}}, {3, Dims{1, 8}}, {4, Dims{1, 1, 1}}, {5, Dims{1, 1, 1}}};
  ExpectRejected(c, NNRT_INVALID_MODEL, "hiddenSize 0");
  c = LstmCase();
  c.layers = 2;  // C-722: inputSize 1 != D*H = 2
  c.hidden = 2;
  ExpectRejected(c, NNRT_INVALID_MODEL, "needs inputSize = numDirections*hiddenSize = 2");
  c = LstmCase();
  c.proj = 3;  // C-727
  ExpectRejected(c, NNRT_INVALID_MODEL, "projSize 3");
  c = LstmCase();
  c.zoneout_cell = 1.5f;  // C-726
  ExpectRejected(c, NNRT_INVALID_MODEL, "zoneoutCell");
  c = LstmCase();
  c.dropout = std::numeric_limits<float>::quiet_NaN();  // C-725
  ExpectRejected(c, NNRT_INVALID_MODEL, "dropout");
}

TEST(LstmTest, ShapeChecks) {
  LstmCase c;
  c.hidden = 2;
  c.dims_override = {{1, Dims{1, 4, 1}}};  // 4 rows are H = 1, not 2
  ExpectRejected(c, NNRT_INVALID_MODEL, "input 1 (wIh) must be");
  c.dims_override = {{2, Dims{1, 8, 1}}};  // wHh ends in H (the documents' inputSize is a typo)
  c.in = 3;
  ExpectRejected(c, NNRT_INVALID_MODEL, "input 2 (wHh) must be");
  c = LstmCase();
  c.dims_override = {{3, Dims{1, 4}}};  // 8H: b_ih and b_hh
  ExpectRejected(c, NNRT_INVALID_MODEL, "input 3 (bias) must be");
  c = LstmCase();
  c.dims_override = {{4, Dims{1, 2, 1}}};
  ExpectRejected(c, NNRT_INVALID_MODEL, "input 4 (hx) must be");
  c = LstmCase();  // C-720: the XTS model's 2-D weights without the slab dim
  c.dims_override = {{1, Dims{4, 1}}};
  ExpectRejected(c, NNRT_INVALID_MODEL, "input 1 (wIh) must be");
}

TEST(LstmTest, QuantizedAndIntegerRejected) {
  OpHarness h(NodeType::LSTM);
  for (int i = 0; i < 6; ++i) h.Input(DataType::kInt8, {1, 1, 1}, {0}, {testing::QP(0.5, 0)});
  h.Output(DataType::kInt8).Output(DataType::kInt8).Output(DataType::kInt8);
  const Status st = h.Infer();
  EXPECT_EQ(st.code(), NNRT_UNSUPPORTED_OP);
  EXPECT_NE(st.ToString().find("C-721"), std::string::npos) << st.ToString();
}

class LstmEveryDataType : public ::testing::TestWithParam<DataType> {};

// Every signature: the one-step case, rounded once to the output type.
TEST_P(LstmEveryDataType, OneStepRoundedOnce) {
  LstmCase c;
  c.dtype = GetParam();
  c.x = {1.0};
  c.w_ih = kWi;
  c.w_hh = {0.125, 0.25, 0.375, 0.5};
  c.hx = {0.5};
  c.cx = {-1.0};
  auto h = Build(c);
  ASSERT_TRUE(h->Run().ok());
  const OneUnit u = Step(1.0, 0.5, -1.0, kWi, c.w_hh);
  ExpectSameValues(h->OutDoubles(0), {RoundToType(c.dtype, u.h)});
  ExpectSameValues(h->OutDoubles(2), {RoundToType(c.dtype, u.c)});
}

INSTANTIATE_TEST_SUITE_P(Signatures, LstmEveryDataType, ::testing::ValuesIn(LstmOpDef().data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
