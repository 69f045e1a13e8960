#include "reference/ops/elementwise/arithmetic.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include <vector>

#include <gtest/gtest.h>

#include "reference/numerics/numerics.h"
#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::HalfBytes;
using testing::OpHarness;
using testing::QP;

constexpr int8_t kRelu = 1;
constexpr int8_t kRelu6 = 3;

OpHarness Float32Binary(NodeType type, Dims a_dims, std::vector<float> a, Dims b_dims, std::vector<float> b,
                        int8_t act = 0) {
  OpHarness h(type);
  h.Attr(Attr::Int8("activationType", act))
      .Input(DataType::kFloat32, a_dims, Bytes(a))
      .Input(DataType::kFloat32, b_dims, Bytes(b))
      .Output(DataType::kFloat32);
  return h;
}

// NNRt XTS AddModel (ops_catalog #1): [0,1,2,3] + [0,1,2,3] = [0,2,4,6].
TEST(ArithmeticTest, AddModelFromTheNnrtDocs) {
  OpHarness h = Float32Binary(NodeType::ADD_FUSION, {1, 2, 2, 1}, {0, 1, 2, 3}, {1, 2, 2, 1}, {0, 1, 2, 3});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{1, 2, 2, 1}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{0, 2, 4, 6}));
  EXPECT_TRUE(h.GuardIntact());
}

TEST(ArithmeticTest, BroadcastsNumpyStyle) {
  OpHarness h = Float32Binary(NodeType::ADD_FUSION, {2, 3}, {1, 2, 3, 4, 5, 6}, {3}, {10, 20, 30});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDims(), (Dims{2, 3}));
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{11, 22, 33, 14, 25, 36}));

  OpHarness m = Float32Binary(NodeType::MUL_FUSION, {2, 1}, {2, 3}, {1, 3}, {1, 10, 100});
  ASSERT_TRUE(m.Run().ok());
  EXPECT_EQ(m.OutDims(), (Dims{2, 3}));
  EXPECT_EQ(m.OutDoubles(), (std::vector<double>{2, 20, 200, 3, 30, 300}));

  OpHarness s = Float32Binary(NodeType::SUB_FUSION, {}, {10}, {2, 2}, {1, 2, 3, 4});
  ASSERT_TRUE(s.Run().ok());
  EXPECT_EQ(s.OutDims(), (Dims{2, 2}));
  EXPECT_EQ(s.OutDoubles(), (std::vector<double>{9, 8, 7, 6}));
}

TEST(ArithmeticTest, BroadcastWithUnknownDimsAtPrepareTime) {
  OpHarness h(NodeType::ADD_FUSION);
  h.Input(DataType::kFloat32, {-1, 3}, {}).Input(DataType::kFloat32, {3}, {}).Output(DataType::kFloat32);
  ASSERT_TRUE(h.Infer().ok());
  EXPECT_EQ(h.OutDims(), (Dims{-1, 3}));
  OpHarness g(NodeType::ADD_FUSION);
  g.Input(DataType::kFloat32, {-1}, {}).Input(DataType::kFloat32, {4}, {}).Output(DataType::kFloat32);
  ASSERT_TRUE(g.Infer().ok());
  EXPECT_EQ(g.OutDims(), (Dims{4}));
}

TEST(ArithmeticTest, RejectsShapesThatDoNotBroadcast) {
  OpHarness h = Float32Binary(NodeType::ADD_FUSION, {2, 3}, {1, 2, 3, 4, 5, 6}, {2}, {1, 2});
  EXPECT_EQ(h.Infer().code(), NNRT_INVALID_MODEL);
}

TEST(ArithmeticTest, FusedReluAndRelu6OnFloat) {
  OpHarness r = Float32Binary(NodeType::SUB_FUSION, {4}, {-3, 0, 2, 9}, {4}, {0, 1, 0, 0}, kRelu);
  ASSERT_TRUE(r.Run().ok());
  EXPECT_EQ(r.OutDoubles(), (std::vector<double>{0, 0, 2, 9}));
  OpHarness r6 = Float32Binary(NodeType::MUL_FUSION, {4}, {-3, 1, 2, 7}, {4}, {1, 5.5f, 3, 1}, kRelu6);
  ASSERT_TRUE(r6.Run().ok());
  EXPECT_EQ(r6.OutDoubles(), (std::vector<double>{0, 5.5, 6, 6}));
}

// C-44: NaN passes through RELU/RELU6, -0 stays -0.
TEST(ArithmeticTest, FusedReluKeepsNanAndNegativeZero) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  OpHarness r = Float32Binary(NodeType::ADD_FUSION, {2}, {nan, -0.0f}, {2}, {1, -0.0f}, kRelu6);
  ASSERT_TRUE(r.Run().ok());
  const std::vector<double> out = r.OutDoubles();
  EXPECT_TRUE(std::isnan(out[0]));
  EXPECT_EQ(out[1], 0.0);
  EXPECT_TRUE(std::signbit(out[1]));
}

// C-433: every float32 NaN result is stored as the canonical quiet NaN,
// whatever the operands' payloads and signs, on the contiguous and on the
// broadcast (step 0) row.
TEST(ArithmeticTest, Float32NanResultsAreCanonical) {
  float payload_nan, negative_nan;
  const uint32_t payload_bits = 0x7FA00001u, negative_bits = 0xFFC12345u;
  std::memcpy(&payload_nan, &payload_bits, 4);
  std::memcpy(&negative_nan, &negative_bits, 4);
  const float inf = std::numeric_limits<float>::infinity();
  for (const bool broadcast : {false, true}) {
    OpHarness h = broadcast ? Float32Binary(NodeType::MUL_FUSION, {3}, {payload_nan, negative_nan, inf}, {1}, {0})
                            : Float32Binary(NodeType::ADD_FUSION, {3}, {payload_nan, negative_nan, inf}, {3}, {1, 1, -inf});
    ASSERT_TRUE(h.Run().ok());
    for (size_t i = 0; i < 3; ++i) {
      uint32_t bits;
      std::memcpy(&bits, h.OutBytes().data() + i * 4, 4);
      EXPECT_EQ(bits, kCanonicalFloatNan) << "element " << i << (broadcast ? " (broadcast)" : "");
    }
  }
}

TEST(ArithmeticTest, RejectsFusedActivationOtherThanNoneReluRelu6) {
  for (int8_t act : {2, 4, 10, 19, 20, -1}) {
    OpHarness h = Float32Binary(NodeType::ADD_FUSION, {1}, {1}, {1}, {1}, act);
    EXPECT_EQ(h.Infer().code(), NNRT_INVALID_MODEL) << int(act);
  }
}

// C-43: IEEE float division by zero.
TEST(ArithmeticTest, FloatDivisionByZeroIsIeee) {
  OpHarness h = Float32Binary(NodeType::DIV_FUSION, {4}, {1, -1, 0, 7}, {4}, {0, 0, 0, 2});
  ASSERT_TRUE(h.Run().ok());
  const std::vector<double> out = h.OutDoubles();
  EXPECT_EQ(out[0], std::numeric_limits<double>::infinity());
  EXPECT_EQ(out[1], -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(out[2]));
  EXPECT_EQ(out[3], 3.5);
}

// Float32 results are the double result rounded once: 1/3 in float32.
TEST(ArithmeticTest, Float32DivisionIsCorrectlyRounded) {
  OpHarness h = Float32Binary(NodeType::DIV_FUSION, {1}, {1}, {1}, {3});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDoubles()[0], static_cast<double>(1.0f / 3.0f));
}

// fp16: 1 + 2^-11 is a tie between 1 and 1 + 2^-10 -> even (1); 1 + 3*2^-11 -> 1 + 2^-9.
TEST(ArithmeticTest, Float16RoundsOnceToNearestEven) {
  OpHarness h(NodeType::ADD_FUSION);
  h.Input(DataType::kFloat16, {2}, HalfBytes({1.0, 1.0 + std::ldexp(1.0, -10)}))
      .Input(DataType::kFloat16, {2}, HalfBytes({std::ldexp(1.0, -11), std::ldexp(1.0, -11)}))
      .Output(DataType::kFloat16);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDoubles(), (std::vector<double>{1.0, 1.0 + std::ldexp(1.0, -9)}));
}

// C-42: integers wrap (two's complement) to the output width.
TEST(ArithmeticTest, IntegerArithmeticWraps) {
  OpHarness a(NodeType::ADD_FUSION);
  a.Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{INT32_MAX, -5}))
      .Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{1, 3}))
      .Output(DataType::kInt32);
  ASSERT_TRUE(a.Run().ok());
  EXPECT_EQ(a.OutInts(), (std::vector<int64_t>{INT32_MIN, -2}));

  OpHarness u(NodeType::ADD_FUSION);  // plain uint8, no quant params
  u.Input(DataType::kUint8, {1}, Bytes(std::vector<uint8_t>{250}))
      .Input(DataType::kUint8, {1}, Bytes(std::vector<uint8_t>{10}))
      .Output(DataType::kUint8);
  ASSERT_TRUE(u.Run().ok());
  EXPECT_EQ(u.OutInts(), (std::vector<int64_t>{4}));

  OpHarness m(NodeType::MUL_FUSION);
  m.Input(DataType::kInt64, {1}, Bytes(std::vector<int64_t>{INT64_MAX}))
      .Input(DataType::kInt64, {1}, Bytes(std::vector<int64_t>{2}))
      .Output(DataType::kInt64);
  ASSERT_TRUE(m.Run().ok());
  EXPECT_EQ(m.OutInts(), (std::vector<int64_t>{-2}));
}

TEST(ArithmeticTest, IntegerFusedRelu6) {
  OpHarness a(NodeType::SUB_FUSION);
  a.Attr(Attr::Int8("activationType", kRelu6))
      .Input(DataType::kInt16, {3}, Bytes(std::vector<int16_t>{-4, 3, 100}))
      .Input(DataType::kInt16, {3}, Bytes(std::vector<int16_t>{0, 0, 0}))
      .Output(DataType::kInt16);
  ASSERT_TRUE(a.Run().ok());
  EXPECT_EQ(a.OutInts(), (std::vector<int64_t>{0, 3, 6}));
}

// C-42: integer DIV truncates toward zero; INT_MIN / -1 wraps; / 0 fails the run.
TEST(ArithmeticTest, IntegerDivisionTruncatesTowardZero) {
  OpHarness d(NodeType::DIV_FUSION);
  d.Input(DataType::kInt32, {4}, Bytes(std::vector<int32_t>{7, -7, 7, INT32_MIN}))
      .Input(DataType::kInt32, {4}, Bytes(std::vector<int32_t>{2, 2, -2, -1}))
      .Output(DataType::kInt32);
  ASSERT_TRUE(d.Run().ok());
  EXPECT_EQ(d.OutInts(), (std::vector<int64_t>{3, -3, -3, INT32_MIN}));

  OpHarness l(NodeType::DIV_FUSION);
  l.Input(DataType::kInt64, {1}, Bytes(std::vector<int64_t>{INT64_MIN}))
      .Input(DataType::kInt64, {1}, Bytes(std::vector<int64_t>{-1}))
      .Output(DataType::kInt64);
  ASSERT_TRUE(l.Run().ok());
  EXPECT_EQ(l.OutInts(), (std::vector<int64_t>{INT64_MIN}));

  OpHarness u(NodeType::DIV_FUSION);
  u.Input(DataType::kUint64, {1}, Bytes(std::vector<uint64_t>{UINT64_MAX}))
      .Input(DataType::kUint64, {1}, Bytes(std::vector<uint64_t>{2}))
      .Output(DataType::kUint64);
  ASSERT_TRUE(u.Run().ok());
  EXPECT_EQ(static_cast<uint64_t>(u.OutInts()[0]), UINT64_MAX / 2);
}

TEST(ArithmeticTest, IntegerDivisionByZeroFailsTheRun) {
  OpHarness d(NodeType::DIV_FUSION);
  d.Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{1, 2}))
      .Input(DataType::kInt32, {2}, Bytes(std::vector<int32_t>{1, 0}))
      .Output(DataType::kInt32);
  const Status s = d.Run();
  EXPECT_EQ(s.code(), NNRT_INVALID_INPUT);
  EXPECT_NE(s.message().find("element 1"), std::string::npos) << s.message();
}

OpHarness QuantBinary(NodeType type, DataType t, std::vector<int64_t> a, QuantParam qa, std::vector<int64_t> b,
                      QuantParam qb, QuantParam qy, int8_t act = 0, DataType out_type = DataType::kUnknown) {
  if (out_type == DataType::kUnknown) out_type = t;
  auto bytes = [t](const std::vector<int64_t>& v) {
    std::vector<uint8_t> out;
    for (int64_t x : v) out.push_back(static_cast<uint8_t>(t == DataType::kInt8 ? static_cast<uint8_t>(static_cast<int8_t>(x)) : static_cast<uint8_t>(x)));
    return out;
  };
  OpHarness h(type);
  h.Attr(Attr::Int8("activationType", act))
      .Input(t, {static_cast<int32_t>(a.size())}, bytes(a), {qa})
      .Input(t, {static_cast<int32_t>(b.size())}, bytes(b), {qb})
      .Output(out_type, {qy});
  return h;
}

// quantization_semantics 4.3/4.6: t = a1*(s1/sy) + a2*(s2/sy), q = RHA(t + zy).
// With s1 = s2 = 1, sy = 2, zy = 0: sums 1 and -1 give t = +-0.5 -> +-1 (away from zero).
TEST(ArithmeticTest, QuantizedAddTiesRoundHalfAwayFromZero) {
  OpHarness h = QuantBinary(NodeType::ADD_FUSION, DataType::kInt8, {1, -1, 3, -3}, QP(1, 0), {0, 0, 0, 0}, QP(1, 0),
                            QP(2, 0));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{1, -1, 2, -2}));
}

// The zero point is inside the rounding: zy = -1, t = 0.5 -> RHA(-0.5) = -1
// (adding zy after rounding would give RHA(0.5) - 1 = 0).
TEST(ArithmeticTest, QuantizedAddZeroPointInsideRounding) {
  OpHarness h = QuantBinary(NodeType::ADD_FUSION, DataType::kInt8, {1, 3}, QP(1, 0), {0, 0}, QP(1, 0), QP(2, -1));
  ASSERT_TRUE(h.Run().ok());
  // t = 0.5 -> -0.5 -> -1; t = 1.5 -> 0.5 -> 1.
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{-1, 1}));
}

TEST(ArithmeticTest, QuantizedSubUsesInputZeroPoints) {
  // a1 = 10 - 4 = 6 (s 0.5 -> 3.0), a2 = 2 - (-2) = 4 (s 0.25 -> 1.0): 3 - 1 = 2 / 0.5 = 4, + zy 3 = 7.
  OpHarness h = QuantBinary(NodeType::SUB_FUSION, DataType::kInt8, {10}, QP(0.5, 4), {2}, QP(0.25, -2), QP(0.5, 3));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{7}));
}

TEST(ArithmeticTest, QuantizedSaturatesToTheDataTypeRange) {
  OpHarness s8 = QuantBinary(NodeType::ADD_FUSION, DataType::kInt8, {100, -100}, QP(1, 0), {100, -100}, QP(1, 0),
                             QP(1, 0));
  ASSERT_TRUE(s8.Run().ok());
  EXPECT_EQ(s8.OutInts(), (std::vector<int64_t>{127, -128}));
  OpHarness u8 = QuantBinary(NodeType::ADD_FUSION, DataType::kUint8, {200, 10}, QP(1, 0), {100, 0}, QP(1, 0), QP(1, 0));
  ASSERT_TRUE(u8.Run().ok());
  EXPECT_EQ(u8.OutInts(), (std::vector<int64_t>{255, 10}));
  OpHarness sub = QuantBinary(NodeType::SUB_FUSION, DataType::kUint8, {10}, QP(1, 0), {20}, QP(1, 0), QP(1, 0));
  ASSERT_TRUE(sub.Run().ok());
  EXPECT_EQ(sub.OutInts(), (std::vector<int64_t>{0}));
}

// quantization_semantics 4.8: RELU clamps at Q(0) = zy, RELU6 at Q(6).
TEST(ArithmeticTest, QuantizedFusedRelu6ClampsInTheQuantizedDomain) {
  // y: scale 0.5, zp -128 -> Q(0) = -128, Q(6) = -116. Sums: 10 -> 20-128 = -108 -> clamp -116; 2 -> -124; -4 -> -128.
  OpHarness h = QuantBinary(NodeType::ADD_FUSION, DataType::kInt8, {5, 1, -2}, QP(1, 0), {5, 1, -2}, QP(1, 0),
                            QP(0.5, -128), kRelu6);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{-116, -124, -128}));
  // RELU with zp 10: negative real results clamp to 10.
  OpHarness r = QuantBinary(NodeType::ADD_FUSION, DataType::kInt8, {-5, 5}, QP(1, 0), {0, 0}, QP(1, 0), QP(1, 10), kRelu);
  ASSERT_TRUE(r.Run().ok());
  EXPECT_EQ(r.OutInts(), (std::vector<int64_t>{10, 15}));
}

// MUL: t = (a1*a2) * fl64(fl64(s1*s2)/sy).
TEST(ArithmeticTest, QuantizedMul) {
  // 3*5 = 15, M = (0.5*0.25)/0.125 = 1 -> 15; with sy = 0.5: 15*0.25 = 3.75 -> 4; -15*0.25 = -3.75 -> -4.
  OpHarness h = QuantBinary(NodeType::MUL_FUSION, DataType::kInt8, {3, -3}, QP(0.5, 0), {5, 5}, QP(0.25, 0), QP(0.125, 0));
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{15, -15}));
  OpHarness g = QuantBinary(NodeType::MUL_FUSION, DataType::kInt8, {3, -3}, QP(0.5, 0), {5, 5}, QP(0.25, 0), QP(0.5, 0));
  ASSERT_TRUE(g.Run().ok());
  EXPECT_EQ(g.OutInts(), (std::vector<int64_t>{4, -4}));
}

// C-43: quantized DIV: real quotient, quantized; x/0 saturates by sign, 0/0 -> zero point.
TEST(ArithmeticTest, QuantizedDivIncludingDivisionByZero) {
  OpHarness h = QuantBinary(NodeType::DIV_FUSION, DataType::kInt8, {6, 5, -5, 0}, QP(1, 0), {4, 0, 0, 0}, QP(1, 0),
                            QP(0.5, 2));
  ASSERT_TRUE(h.Run().ok());
  // 6/4 = 1.5 -> 3 + 2 = 5; 5/0 = +inf -> 127; -5/0 -> -128; 0/0 = NaN -> zp 2.
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{5, 127, -128, 2}));
}

// quantization_semantics 6.17: int8 and uint8 operands may be mixed; each uses its own range.
TEST(ArithmeticTest, QuantizedInt8InputsUint8Output) {
  OpHarness h = QuantBinary(NodeType::ADD_FUSION, DataType::kInt8, {-10, 100}, QP(1, 0), {0, 100}, QP(1, 0), QP(1, 128),
                            0, DataType::kUint8);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{118, 255}));
}

int64_t RoundHalfEvenForTest(double t, int32_t zp, int64_t lo, int64_t hi) {
  const int64_t q = static_cast<int64_t>(std::nearbyint(t)) + zp;
  return q < lo ? lo : (q > hi ? hi : q);
}

// The mutation hook: swapping the quantizing step changes the tie results and nothing else.
TEST(ArithmeticTest, RunArithmeticWithRoundingSwapsOnlyTheQuantizeStep) {
  OpHarness h = QuantBinary(NodeType::ADD_FUSION, DataType::kInt8, {1, 3, 4}, QP(1, 0), {0, 0, 0}, QP(1, 0), QP(2, 0));
  ASSERT_TRUE(h.Infer().ok());
  std::vector<uint8_t> out(3);
  h.ctx().outputs[0].mutable_data = out.data();
  h.ctx().outputs[0].byte_size = out.size();
  ASSERT_TRUE(RunArithmeticWithRounding(h.ctx(), NodeType::ADD_FUSION, &RoundHalfEvenForTest).ok());
  EXPECT_EQ(std::vector<int>(out.begin(), out.end()), (std::vector<int>{0, 2, 2}));
  ASSERT_TRUE(RunArithmeticWithRounding(h.ctx(), NodeType::ADD_FUSION, &RoundAddZeroPointAndClamp).ok());
  EXPECT_EQ(std::vector<int>(out.begin(), out.end()), (std::vector<int>{1, 2, 2}));
  ASSERT_TRUE(RunArithmeticWithRounding(h.ctx(), NodeType::SUB_FUSION, &RoundAddZeroPointAndClamp).ok());
  EXPECT_EQ(std::vector<int>(out.begin(), out.end()), (std::vector<int>{1, 2, 2}));
}

// C-41: mixed data types, bool, and mixed quantized/float are unsupported.
TEST(ArithmeticTest, MixedOrBoolOperandsAreUnsupported) {
  OpHarness mixed(NodeType::ADD_FUSION);
  mixed.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
      .Input(DataType::kFloat16, {1}, HalfBytes({1}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(mixed.Infer().code(), NNRT_UNSUPPORTED_OP);
  OpHarness b(NodeType::ADD_FUSION);
  b.Input(DataType::kBool, {1}, {1}).Input(DataType::kBool, {1}, {1}).Output(DataType::kBool);
  EXPECT_EQ(b.Infer().code(), NNRT_UNSUPPORTED_OP);
  OpHarness q(NodeType::ADD_FUSION);
  q.Input(DataType::kInt8, {1}, {1}, {QP(1, 0)}).Input(DataType::kInt8, {1}, {1}).Output(DataType::kInt8, {QP(1, 0)});
  EXPECT_EQ(q.Infer().code(), NNRT_UNSUPPORTED_OP);
  OpHarness out(NodeType::ADD_FUSION);
  out.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
      .Output(DataType::kInt32);
  EXPECT_EQ(out.Infer().code(), NNRT_UNSUPPORTED_OP);
}

TEST(ArithmeticTest, RejectsQuantParamsOnFloatAndPerChannelActivations) {
  OpHarness f(NodeType::ADD_FUSION);
  f.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}), {QP(1, 0)})
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(f.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness pc(NodeType::ADD_FUSION);
  pc.Input(DataType::kInt8, {2}, {1, 1}, {QP(1, 0), QP(2, 0)})
      .Input(DataType::kInt8, {2}, {1, 1}, {QP(1, 0)})
      .Output(DataType::kInt8, {QP(1, 0)});
  EXPECT_EQ(pc.Infer().code(), NNRT_INVALID_MODEL);
}

TEST(ArithmeticTest, RunNodeRejectsShortBuffersBeforeTheKernel) {
  OpHarness h = Float32Binary(NodeType::ADD_FUSION, {4}, {1, 2, 3, 4}, {4}, {1, 2, 3, 4});
  ASSERT_TRUE(h.Infer().ok());
  std::vector<uint8_t> out(8);
  h.ctx().outputs[0].mutable_data = out.data();
  h.ctx().outputs[0].byte_size = out.size();
  EXPECT_EQ(RunNode(h.Def(), h.ctx()).code(), NNRT_INVALID_INPUT);
  std::vector<uint8_t> full(16);
  h.ctx().outputs[0].mutable_data = full.data();
  h.ctx().outputs[0].byte_size = full.size();
  h.ctx().inputs[1].byte_size = 4;
  EXPECT_EQ(RunNode(h.Def(), h.ctx()).code(), NNRT_INVALID_INPUT);
}

}  // namespace
}  // namespace nnrt

namespace nnrt {
namespace {

TEST(ArithmeticTest, Float16OverflowsToInfinity) {
  testing::OpHarness h(NodeType::ADD_FUSION);
  h.Input(DataType::kFloat16, {1}, testing::HalfBytes({65504}))
      .Input(DataType::kFloat16, {1}, testing::HalfBytes({65504}))
      .Output(DataType::kFloat16);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutDoubles()[0], std::numeric_limits<double>::infinity());
}

}  // namespace
}  // namespace nnrt

// ---- Every data type of the module's signatures (OpDef::data_types) ---------------------------
// Values exact in every type (quantized with scale 0.5, zero point 8 for uint8),
// so the same real result is expected everywhere.
namespace nnrt {
namespace {

std::vector<QuantParam> SignatureQuant(DataType t) {
  return testing::QuantFor(t, testing::QP(0.5, t == DataType::kUint8 ? 8 : 0));
}

class AddEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(AddEveryDataType, SmallIntegersAddExactly) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = SignatureQuant(t);
  testing::OpHarness h(NodeType::ADD_FUSION);
  h.Input(t, {3}, testing::EncodeAs(t, {1, -2, 3}, q), q).Input(t, {3}, testing::EncodeAs(t, {2, 2, -1}, q), q);
  h.Output(t, q);
  ASSERT_TRUE(h.Run().ok()) << DataTypeName(t);
  EXPECT_EQ(h.OutReals(), (std::vector<double>{3, 0, 2})) << DataTypeName(t);
}

INSTANTIATE_TEST_SUITE_P(Signatures, AddEveryDataType,
                         ::testing::ValuesIn(ArithmeticOpDef(NodeType::ADD_FUSION).data_types),
                         testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
