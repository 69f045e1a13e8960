// The typed kernels against the plain loop nests (plain_kernels.h) on random
// cases, byte for byte: the fast loop orders must give the same bits as the
// documented accumulation order (docs/semantics.md "Why the fast loop orders
// give the same bits").
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/nn/conv2d.h"
#include "reference/ops/nn/full_connection.h"
#include "reference/ops/nn/matmul.h"
#include "reference/ops/nn/pool.h"
#include "reference/ops/nn/softmax.h"
#include "reference/ops/testing/op_harness.h"
#include "reference/ops/definitions/plain_kernels.h"
#include "reference/ops/testing/random_operands.h"

namespace nnrt {
namespace testing {
namespace {

constexpr int kCasesPerType = 150;
const DataType kTypes[] = {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8};

bool IsQuant(DataType t) { return t == DataType::kInt8 || t == DataType::kUint8; }

// Runs the harness's node through its registry kernel, then `plain` on a copy
// of the context writing a second buffer; expects the two outputs to hold the
// same bytes. Returns false when the random node is not valid (skipped).
template <typename Plain>
bool MatchesPlain(OpHarness& h, Plain plain, const std::string& label) {
  if (!h.Run().ok()) return false;
  const TensorArg& fast = h.ctx().outputs[0];
  OpContext plain_ctx = h.ctx();
  std::vector<uint8_t> plain_out(fast.byte_size, 0xCD);
  plain_ctx.outputs[0].mutable_data = plain_out.data();
  plain(plain_ctx);
  const bool same = std::memcmp(plain_out.data(), fast.mutable_data, fast.byte_size) == 0;
  EXPECT_TRUE(same) << label;
  return true;
}

std::string Describe(DataType t, uint32_t seed) {
  return std::string(DataTypeName(t)) + " seed " + std::to_string(seed);
}

std::vector<QuantParam> QuantIf(RandomOperands& r, DataType t) {
  return IsQuant(t) ? std::vector<QuantParam>{r.Quant(t)} : std::vector<QuantParam>{};
}

// The other operand type of a quantized pair (int8 with uint8 and back) half the
// time, the same type otherwise and for floats.
DataType PartnerType(RandomOperands& r, DataType t) {
  if (!IsQuant(t) || r.Chance(0.5)) return t;
  return t == DataType::kInt8 ? DataType::kUint8 : DataType::kInt8;
}

// A random CONV2D_FUSION node: batch, spatial size, kernel, stride, dilation,
// pads, groups (including depthwise, always when `depthwise_only`: channels
// across several blocks of 8, channel multipliers), output channels per group
// across the packed block width, bias, activation, per-channel weight params.
OpHarness RandomConv(RandomOperands& r, DataType t, bool depthwise_only) {
  const bool depthwise = depthwise_only || r.Chance(0.3);
  const int32_t group = static_cast<int32_t>(depthwise ? r.Int(1, depthwise_only ? 40 : 19) : r.Int(1, 3));
  const int32_t group_in = depthwise ? 1 : static_cast<int32_t>(r.Int(1, 12));
  const int32_t per_group_out = depthwise && r.Chance(0.7) ? 1 : static_cast<int32_t>(r.Int(1, 19));
  const int32_t in_c = group * group_in, out_c = group * per_group_out;
  const int32_t kh = static_cast<int32_t>(r.Int(1, 4)), kw = static_cast<int32_t>(r.Int(1, 4));
  const Dims x_dims{static_cast<int32_t>(r.Int(1, 2)), static_cast<int32_t>(r.Int(1, 9)),
                    static_cast<int32_t>(r.Int(1, 9)), in_c};
  const Dims w_dims{out_c, kh, kw, group_in};
  const double special = r.Chance(0.5) ? 0.02 : 0.0;
  const bool quant = IsQuant(t);
  const DataType wt = quant && r.Chance(0.5) ? (t == DataType::kInt8 ? DataType::kUint8 : DataType::kInt8) : t;
  OpHarness h(NodeType::CONV2D_FUSION);
  std::vector<QuantParam> wq;
  if (quant) {
    const int per_channel = r.Chance(0.5) ? out_c : 1;
    for (int i = 0; i < per_channel; ++i) wq.push_back(r.Quant(wt));
  }
  h.Input(t, x_dims, r.Data(t, ElementCount(x_dims).value(), special), quant ? std::vector<QuantParam>{r.Quant(t)}
                                                                              : std::vector<QuantParam>{});
  h.Input(wt, w_dims, r.Data(wt, ElementCount(w_dims).value(), special), wq);
  if (r.Chance(0.7)) {
    const DataType bt = quant ? DataType::kInt32 : t;
    std::vector<uint8_t> bias = quant ? std::vector<uint8_t>(out_c * 4) : r.Data(t, out_c, special);
    for (int32_t i = 0; quant && i < out_c; ++i) StoreInt64(bt, bias.data(), i, r.Int(-100000, 100000));
    h.Input(bt, {out_c}, bias);
  }
  h.Output(t, quant ? std::vector<QuantParam>{r.Quant(t)} : std::vector<QuantParam>{});
  const int8_t pad_mode = static_cast<int8_t>(r.Int(0, 2));
  std::vector<int64_t> pads{0, 0, 0, 0};
  for (int64_t& p : pads) p = pad_mode == 0 ? r.Int(0, 2) : 0;
  const int8_t activations[] = {0, 1, 3};
  h.Attr(Attr::Int64s("stride", {r.Int(1, 3), r.Int(1, 3)}))
      .Attr(Attr::Int64s("dilation", {r.Int(1, 2), r.Int(1, 2)}))
      .Attr(Attr::Int8("padMode", pad_mode))
      .Attr(Attr::Int64s("padList", pads))
      .Attr(Attr::Int64("group", group))
      .Attr(Attr::Int8("activationType", activations[r.Int(0, 2)]));
  return h;
}

// The ranges of a random matrix product's sizes: rows (M), K and columns (N).
struct ProductSizes {
  int64_t max_rows, min_k, max_k, max_columns;
};
// Both sides of kPackWidth rows and columns, within one panel (packed_dot.h).
constexpr ProductSizes kSmallFullConnections{12, 1, 40, 21};
constexpr ProductSizes kSmallMatMuls{7, 1, 30, 21};
// K so long that a panel holds a few rows and one or two blocks of columns
// (kPanelBytes / (8 K) is 7..16): products across several panels each way.
constexpr ProductSizes kPanelledProducts{24, 2000, 4500, 40};

// A random FULL_CONNECTION node: rows, K, outC across the block width, bias,
// activation, per-channel weight params.
OpHarness RandomFullConnection(RandomOperands& r, DataType t, const ProductSizes& sizes) {
  const int32_t rows = static_cast<int32_t>(r.Int(1, sizes.max_rows));  // both sides of kPackWidth
  const int32_t k = static_cast<int32_t>(r.Int(sizes.min_k, sizes.max_k));
  const int32_t out_c = static_cast<int32_t>(r.Int(1, sizes.max_columns));
  const double special = r.Chance(0.5) ? 0.02 : 0.0;
  const DataType wt = PartnerType(r, t);
  std::vector<QuantParam> wq;
  const int per_channel = r.Chance(0.5) ? out_c : 1;
  for (int i = 0; IsQuant(t) && i < per_channel; ++i) wq.push_back(r.Quant(wt));
  OpHarness h(NodeType::FULL_CONNECTION);
  h.Input(t, {rows, k}, r.Data(t, static_cast<size_t>(rows * k), special), QuantIf(r, t));
  h.Input(wt, {out_c, k}, r.Data(wt, static_cast<size_t>(out_c * k), special), wq);
  const bool bias = r.Chance(0.7);
  if (bias) {
    const DataType bt = IsQuant(t) ? DataType::kInt32 : t;
    std::vector<uint8_t> b = IsQuant(t) ? std::vector<uint8_t>(out_c * 4) : r.Data(t, out_c, special);
    for (int32_t i = 0; IsQuant(t) && i < out_c; ++i) StoreInt64(bt, b.data(), i, r.Int(-100000, 100000));
    h.Input(bt, {out_c}, b);
  }
  h.Output(t, QuantIf(r, t));
  const int8_t activations[] = {0, 1, 3};
  h.Attr(Attr::Bool("hasBias", bias)).Attr(Attr::Int8("activationType", activations[r.Int(0, 2)]));
  return h;
}

// A random MATMUL_FUSION node: batch dims that broadcast, transposes, M, K, N.
OpHarness RandomMatMul(RandomOperands& r, DataType t, const ProductSizes& sizes) {
  const int32_t m = static_cast<int32_t>(r.Int(1, sizes.max_rows)), k = static_cast<int32_t>(r.Int(sizes.min_k, sizes.max_k));
  const int32_t n = static_cast<int32_t>(r.Int(1, sizes.max_columns));
  const bool ta = r.Chance(0.5), tb = r.Chance(0.5);
  const int32_t batch = static_cast<int32_t>(r.Int(1, 3));
  Dims a_dims{ta ? k : m, ta ? m : k}, b_dims{tb ? n : k, tb ? k : n};
  if (r.Chance(0.5)) {  // batch dims: a [batch, ...], b [1, ...] or [batch, ...]
    a_dims.insert(a_dims.begin(), batch);
    b_dims.insert(b_dims.begin(), r.Chance(0.5) ? 1 : batch);
  }
  const double special = r.Chance(0.5) ? 0.02 : 0.0;
  const DataType bt = PartnerType(r, t);
  OpHarness h(NodeType::MATMUL_FUSION);
  h.Input(t, a_dims, r.Data(t, ElementCount(a_dims).value(), special), QuantIf(r, t));
  h.Input(bt, b_dims, r.Data(bt, ElementCount(b_dims).value(), special), QuantIf(r, bt));
  h.Output(t, QuantIf(r, t));
  const int8_t activations[] = {0, 1, 3};
  h.Attr(Attr::Bool("transposeA", ta))
      .Attr(Attr::Bool("transposeB", tb))
      .Attr(Attr::Int8("activationType", activations[r.Int(0, 2)]));
  return h;
}

// A random MAX_POOL_FUSION or AVGPOOL_FUSION node: window, strides, pads
// smaller than the window, pad mode, round mode, global, activation.
OpHarness RandomPool(RandomOperands& r, DataType t, NodeType type) {
  const Dims x_dims{static_cast<int32_t>(r.Int(1, 2)), static_cast<int32_t>(r.Int(1, 9)),
                    static_cast<int32_t>(r.Int(1, 9)), static_cast<int32_t>(r.Int(1, 19))};
  const int64_t kh = r.Int(1, 4), kw = r.Int(1, 4);
  const int8_t pad_mode = static_cast<int8_t>(r.Int(0, 2));
  std::vector<int64_t> pads{0, 0, 0, 0};
  for (size_t i = 0; pad_mode == 0 && i < 4; ++i) pads[i] = r.Int(0, (i < 2 ? kh : kw) - 1);
  const double special = r.Chance(0.5) ? 0.05 : 0.0;
  const std::vector<QuantParam> xq = QuantIf(r, t);
  OpHarness h(type);
  h.Input(t, x_dims, r.Data(t, ElementCount(x_dims).value(), special), xq);
  h.Output(t, type == NodeType::MAX_POOL_FUSION ? xq : QuantIf(r, t));
  const int8_t activations[] = {0, 1, 3};
  h.Attr(Attr::Int64s("kernelSize", {kh, kw}))
      .Attr(Attr::Int64s("strides", {r.Int(1, 3), r.Int(1, 3)}))
      .Attr(Attr::Int64s("pad", pads))
      .Attr(Attr::Int8("padMode", pad_mode))
      .Attr(Attr::Int8("roundMode", static_cast<int8_t>(r.Int(0, 1))))
      .Attr(Attr::Bool("global", r.Chance(0.1)))
      .Attr(Attr::Int8("activationType", activations[r.Int(0, 2)]));
  return h;
}

// A random SOFTMAX or LOG_SOFTMAX node of rank 1..4 over a random axis;
// some have a long last axis (8..40, the rows the blocks of lanes handle)
// and mostly reduce along it.
OpHarness RandomSoftmax(RandomOperands& r, DataType t) {
  Dims dims;
  const int64_t rank = r.Int(1, 4);
  for (int64_t i = 0; i < rank; ++i) dims.push_back(static_cast<int32_t>(r.Int(1, 7)));
  const bool long_rows = r.Chance(0.4);
  if (long_rows) dims.back() = static_cast<int32_t>(r.Int(8, 40));
  const bool log = r.Chance(0.3);
  const int64_t axis = long_rows && r.Chance(0.7) ? -1 : r.Int(-rank, rank - 1);
  OpHarness h(log ? NodeType::LOG_SOFTMAX : NodeType::SOFTMAX);
  h.Input(t, dims, r.Data(t, ElementCount(dims).value(), r.Chance(0.5) ? 0.05 : 0.0), QuantIf(r, t));
  h.Output(t, QuantIf(r, t));
  h.Attr(log ? Attr::Int64("axis", axis) : Attr::Int64s("axis", {axis}));
  return h;
}

// A random ADD_FUSION, SUB_FUSION, MUL_FUSION (or for float types
// DIV_FUSION) node whose operands broadcast: each operand dim is the
// output's or 1, and an operand may have fewer dims; some have a long last
// dim (8..40, rows the blocks of 8 handle).
OpHarness RandomArithmetic(RandomOperands& r, DataType t, NodeType* type, int8_t* activation) {
  const NodeType types[] = {NodeType::ADD_FUSION, NodeType::SUB_FUSION, NodeType::MUL_FUSION, NodeType::DIV_FUSION};
  *type = types[r.Int(0, IsQuant(t) ? 2 : 3)];
  Dims out;
  const int64_t rank = r.Int(1, 4);
  for (int64_t i = 0; i < rank; ++i) out.push_back(static_cast<int32_t>(r.Int(1, 6)));
  if (r.Chance(0.4)) out.back() = static_cast<int32_t>(r.Int(8, 40));
  auto operand = [&]() {
    Dims d(out.begin() + r.Int(0, rank - 1), out.end());
    for (int32_t& v : d) v = r.Chance(0.3) ? 1 : v;
    return d;
  };
  const Dims a = operand(), b = operand();
  const double special = r.Chance(0.5) ? 0.05 : 0.0;
  const DataType bt = PartnerType(r, t);
  const int8_t activations[] = {0, 1, 3};
  *activation = activations[r.Int(0, 2)];
  OpHarness h(*type);
  h.Input(t, a, r.Data(t, ElementCount(a).value(), special), QuantIf(r, t));
  h.Input(bt, b, r.Data(bt, ElementCount(b).value(), special), QuantIf(r, bt));
  h.Output(t, QuantIf(r, t));
  h.Attr(Attr::Int8("activationType", *activation));
  return h;
}

// Runs `kCasesPerType` random nodes of every type through MatchesPlain.
template <typename MakeNode, typename Plain>
void CompareRandomCases(const char* op, uint32_t salt, MakeNode make, Plain plain) {
  for (DataType t : kTypes) {
    int ran = 0;
    for (uint32_t seed = 1; seed <= kCasesPerType; ++seed) {
      RandomOperands r(seed * 7919u + salt * 104729u + static_cast<uint32_t>(t));
      OpHarness h = make(r, t);
      ran += MatchesPlain(h, plain, std::string(op) + " " + Describe(t, seed)) ? 1 : 0;
    }
    EXPECT_GT(ran, kCasesPerType / 2) << op << " " << DataTypeName(t);
  }
}

void PlainFullConnectionOf(OpContext& ctx) {
  ASSERT_TRUE(PlainFullConnection(ctx, ctx.Params<FullConnectionParams>()).ok());
}
void PlainMatMulOf(OpContext& ctx) { ASSERT_TRUE(PlainMatMul(ctx, ctx.Params<MatMulParams>()).ok()); }

TEST(KernelsBitExactTest, FullConnectionMatchesThePlainLoops) {
  CompareRandomCases(
      "FULL_CONNECTION", 2, [](RandomOperands& r, DataType t) { return RandomFullConnection(r, t, kSmallFullConnections); },
      PlainFullConnectionOf);
}

TEST(KernelsBitExactTest, FullConnectionAcrossPanelsMatchesThePlainLoops) {
  CompareRandomCases(
      "FULL_CONNECTION", 5, [](RandomOperands& r, DataType t) { return RandomFullConnection(r, t, kPanelledProducts); },
      PlainFullConnectionOf);
}

TEST(KernelsBitExactTest, MatMulMatchesThePlainLoops) {
  CompareRandomCases(
      "MATMUL_FUSION", 3, [](RandomOperands& r, DataType t) { return RandomMatMul(r, t, kSmallMatMuls); },
      PlainMatMulOf);
}

TEST(KernelsBitExactTest, MatMulAcrossPanelsMatchesThePlainLoops) {
  CompareRandomCases(
      "MATMUL_FUSION", 6, [](RandomOperands& r, DataType t) { return RandomMatMul(r, t, kPanelledProducts); },
      PlainMatMulOf);
}

TEST(KernelsBitExactTest, MaxPoolMatchesThePlainLoops) {
  CompareRandomCases(
      "MAX_POOL_FUSION", 4, [](RandomOperands& r, DataType t) { return RandomPool(r, t, NodeType::MAX_POOL_FUSION); },
      [](OpContext& ctx) { ASSERT_TRUE(PlainMaxPool(ctx, ctx.Params<PoolParams>()).ok()); });
}

TEST(KernelsBitExactTest, AvgPoolMatchesThePlainLoops) {
  CompareRandomCases(
      "AVGPOOL_FUSION", 5, [](RandomOperands& r, DataType t) { return RandomPool(r, t, NodeType::AVGPOOL_FUSION); },
      [](OpContext& ctx) {
        ASSERT_TRUE(PlainAvgPool(ctx, ctx.Params<PoolParams>(), AvgPoolDivisor::kInputElements).ok());
      });
}

TEST(KernelsBitExactTest, SoftmaxMatchesThePlainLoops) {
  CompareRandomCases("SOFTMAX", 6, RandomSoftmax,
                     [](OpContext& ctx) { ASSERT_TRUE(PlainSoftmax(ctx, ctx.Params<SoftmaxParams>()).ok()); });
}

TEST(KernelsBitExactTest, ArithmeticMatchesThePlainLoops) {
  NodeType type = NodeType::ADD_FUSION;
  int8_t activation = 0;
  CompareRandomCases(
      "ADD/SUB/MUL/DIV_FUSION", 7, [&](RandomOperands& r, DataType t) { return RandomArithmetic(r, t, &type, &activation); },
      [&](OpContext& ctx) { ASSERT_TRUE(PlainArithmetic(ctx, type, static_cast<ActivationType>(activation)).ok()); });
}

void PlainConvOfContext(OpContext& ctx) {
  Conv2DAttrs p;
  ASSERT_TRUE(ReadConv2DAttrs(ctx, &p).ok());
  PlainConv2D(ctx, p, ComputeConvPads(p, ctx.inputs[0].dims[1], ctx.inputs[0].dims[2]));
}

TEST(KernelsBitExactTest, Conv2DMatchesThePlainLoops) {
  CompareRandomCases(
      "CONV2D_FUSION", 1, [](RandomOperands& r, DataType t) { return RandomConv(r, t, false); }, PlainConvOfContext);
}

TEST(KernelsBitExactTest, DepthwiseConv2DMatchesThePlainLoops) {
  CompareRandomCases(
      "depthwise CONV2D_FUSION", 8, [](RandomOperands& r, DataType t) { return RandomConv(r, t, true); },
      PlainConvOfContext);
}

// A 1x1 depthwise node over 16 int8 channels (two full blocks of 8) whose
// multiplier s_x * s_w / s_y is exactly 1/2: every odd product lands on a
// tie, on both sides of zero and of every output zero point, so the blocked
// requantizer's tie rule is compared with the plain loops on every lane.
TEST(KernelsBitExactTest, DepthwiseRequantizedTiesMatchThePlainLoops) {
  for (const int32_t y_zero_point : {-100, -1, 0, 1, 100}) {
    for (const bool bias : {false, true}) {
      const int32_t channels = 16;
      const Dims x_dims{1, 4, 4, channels}, w_dims{channels, 1, 1, 1};
      std::vector<uint8_t> x(static_cast<size_t>(ElementCount(x_dims).value()));
      for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<uint8_t>(static_cast<int8_t>(i * 37 % 256 - 128));
      std::vector<uint8_t> w(channels);
      for (int32_t c = 0; c < channels; ++c) w[static_cast<size_t>(c)] = static_cast<uint8_t>(static_cast<int8_t>(c % 2 ? 3 - c : c - 5));
      OpHarness h(NodeType::CONV2D_FUSION);
      h.Input(DataType::kInt8, x_dims, x, {QuantParam{8, 3, 1.0}});
      h.Input(DataType::kInt8, w_dims, w, {QuantParam{8, 0, 0.5}});
      if (bias) {
        std::vector<uint8_t> b(channels * 4);
        for (int32_t c = 0; c < channels; ++c) StoreInt64(DataType::kInt32, b.data(), c, 7 * c - 51);
        h.Input(DataType::kInt32, {channels}, b);
      }
      h.Output(DataType::kInt8, {QuantParam{8, y_zero_point, 1.0}});
      h.Attr(Attr::Int64s("stride", {1, 1}))
          .Attr(Attr::Int64s("dilation", {1, 1}))
          .Attr(Attr::Int8("padMode", 0))
          .Attr(Attr::Int64s("padList", {0, 0, 0, 0}))
          .Attr(Attr::Int64("group", channels))
          .Attr(Attr::Int8("activationType", 0));
      EXPECT_TRUE(MatchesPlain(h, PlainConvOfContext, "ties, zero point " + std::to_string(y_zero_point)));
    }
  }
}

// Quantized ADD/SUB/MUL rows in blocks: with both multipliers exactly 1/2
// (s_x = s_y / 2) half of the t of ADD and SUB are ties, on both sides of 0;
// output zero points on both sides of 0 move where the codes clamp.
TEST(KernelsBitExactTest, QuantizedArithmeticTiesMatchThePlainLoops) {
  const Dims dims{3, 40};
  std::vector<uint8_t> a(static_cast<size_t>(ElementCount(dims).value())), b(a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] = static_cast<uint8_t>(static_cast<int8_t>(i * 37 % 256 - 128));
    b[i] = static_cast<uint8_t>(static_cast<int8_t>(i * 11 % 256 - 128));
  }
  for (const NodeType type : {NodeType::ADD_FUSION, NodeType::SUB_FUSION, NodeType::MUL_FUSION}) {
    for (const int32_t y_zero_point : {-100, -1, 0, 1, 100}) {
      OpHarness h(type);
      h.Input(DataType::kInt8, dims, a, {QuantParam{8, 3, 0.5}});
      h.Input(DataType::kInt8, dims, b, {QuantParam{8, -7, 0.5}});
      h.Output(DataType::kInt8, {QuantParam{8, y_zero_point, type == NodeType::MUL_FUSION ? 0.5 : 1.0}});
      h.Attr(Attr::Int8("activationType", 0));
      EXPECT_TRUE(MatchesPlain(
          h, [type](OpContext& ctx) { ASSERT_TRUE(PlainArithmetic(ctx, type, ActivationType::kNone).ok()); },
          std::string(NodeTypeName(type)) + " ties, zero point " + std::to_string(y_zero_point)));
    }
  }
}

// float32 accumulators of every kind the fused clamp and the rounding treat
// apart (NaNs with a payload and a sign, which must come out canonical;
// negatives; 6 and above; infinities; values that round up) through each
// activation, in the block writes of the depthwise loops (group = channels)
// and of the grouped loops (a 1x1 convolution of two input channels, the
// second 0, to 16 outputs). (An accumulator starts at +0, so it is never -0.)
TEST(KernelsBitExactTest, FloatConvClampsMatchThePlainLoops) {
  float payload_nan, negative_nan;
  const uint32_t payload_bits = 0x7FC12345u, negative_bits = 0xFFC00001u;
  std::memcpy(&payload_nan, &payload_bits, 4);
  std::memcpy(&negative_nan, &negative_bits, 4);
  const float specials[] = {payload_nan, negative_nan, -2.5f, 0.0f, 5.5f, 6.0f, 7.25f,
                            std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(), 1e30f};
  const int32_t outputs = 16;
  for (const bool depthwise : {true, false}) {
    const int32_t in_c = depthwise ? outputs : 2;
    const Dims x_dims{1, 3, 5, in_c}, w_dims{outputs, 1, 1, depthwise ? 1 : in_c};
    std::vector<float> xf(static_cast<size_t>(ElementCount(x_dims).value()));
    for (size_t i = 0; i < xf.size(); ++i) {
      xf[i] = !depthwise && i % 2 == 1 ? 0.0f : specials[(depthwise ? i : i / 2) % 10];
    }
    const std::vector<float> wf(static_cast<size_t>(ElementCount(w_dims).value()), 1.0f);
    std::vector<uint8_t> x(xf.size() * 4), w(wf.size() * 4);
    std::memcpy(x.data(), xf.data(), x.size());
    std::memcpy(w.data(), wf.data(), w.size());
    for (const int8_t activation : {0, 1, 3}) {
      OpHarness h(NodeType::CONV2D_FUSION);
      h.Input(DataType::kFloat32, x_dims, x);
      h.Input(DataType::kFloat32, w_dims, w);
      h.Output(DataType::kFloat32);
      h.Attr(Attr::Int64s("stride", {1, 1}))
          .Attr(Attr::Int64s("dilation", {1, 1}))
          .Attr(Attr::Int8("padMode", 0))
          .Attr(Attr::Int64s("padList", {0, 0, 0, 0}))
          .Attr(Attr::Int64("group", depthwise ? outputs : 1))
          .Attr(Attr::Int8("activationType", activation));
      EXPECT_TRUE(MatchesPlain(h, PlainConvOfContext,
                               std::string(depthwise ? "depthwise" : "grouped") + " clamps, activation " +
                                   std::to_string(activation)));
    }
  }
}

}  // namespace
}  // namespace testing
}  // namespace nnrt
