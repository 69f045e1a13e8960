#include "reference/ops/elementwise/binary_math.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/expect_values.h"
#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::ExpectSameValues;
using testing::OpHarness;
using testing::QP;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

std::vector<double> RunFloat(NodeType type, const std::vector<float>& a, Dims da, const std::vector<float>& b, Dims db,
                             Dims* out = nullptr) {
  OpHarness h(type);
  h.Input(DataType::kFloat32, std::move(da), Bytes(a)).Input(DataType::kFloat32, std::move(db), Bytes(b))
      .Output(DataType::kFloat32);
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  if (out != nullptr) *out = h.OutDims();
  return s.ok() ? h.OutDoubles() : std::vector<double>{};
}

template <typename T>
std::vector<int64_t> RunInt(NodeType type, DataType t, const std::vector<T>& a, Dims da, const std::vector<T>& b,
                            Dims db, Status* status = nullptr) {
  OpHarness h(type);
  h.Input(t, std::move(da), Bytes(a)).Input(t, std::move(db), Bytes(b)).Output(t);
  const Status s = h.Run();
  if (status != nullptr) {
    *status = s;
  } else {
    EXPECT_TRUE(s.ok()) << s.ToString();
  }
  return s.ok() ? h.OutInts() : std::vector<int64_t>{};
}

// ops_catalog #97 XTS model 1, #34 [UT] shapes, #83 XTS model 1 ([3] mod [1]).
TEST(BinaryMathTest, CatalogModels) {
  EXPECT_EQ(RunFloat(NodeType::MINIMUM, {1, 3, 5}, {3}, {2, 2, 4}, {3}), (std::vector<double>{1, 2, 4}));
  EXPECT_EQ(RunFloat(NodeType::MAXIMUM, {1, 3, 5}, {3}, {2, 2, 4}, {3}), (std::vector<double>{2, 3, 5}));
  EXPECT_EQ(RunFloat(NodeType::SQUARED_DIFFERENCE, {1, 3, -5}, {3}, {2, 2, 4}, {3}), (std::vector<double>{1, 1, 81}));
  EXPECT_EQ(RunInt<int64_t>(NodeType::MOD, DataType::kInt64, {10, 20, 30}, {3}, {3}, {1}),
            (std::vector<int64_t>{1, 2, 0}));
}

// C-688: NaN wins in MAXIMUM and MINIMUM; +0 > -0; infinities order.
TEST(BinaryMathTest, MaxMinNanAndSignedZeroC688) {
  const float nan = static_cast<float>(kNaN), inf = static_cast<float>(kInf);
  const std::vector<float> a = {nan, 1, -0.0f, 0.0f, -inf, 2};
  const std::vector<float> b = {1, nan, 0.0f, -0.0f, 3, inf};
  ExpectSameValues(RunFloat(NodeType::MAXIMUM, a, {6}, b, {6}), {kNaN, kNaN, 0.0, 0.0, 3, kInf});
  ExpectSameValues(RunFloat(NodeType::MINIMUM, a, {6}, b, {6}), {kNaN, kNaN, -0.0, -0.0, -kInf, 2});
}

// C-689: quantized MAXIMUM / MINIMUM / SQUARED_DIFFERENCE requantize the real
// result in binary64 (operands with different scales, int8 and uint8 mixed).
TEST(BinaryMathTest, QuantizedRequantizesInDoubleC689) {
  OpHarness h(NodeType::MAXIMUM);
  // x1 int8 s=0.5: [1.0, -2.0]; x2 uint8 s=0.25 zp=128: [1.25, -3.0]; y int8 s=0.1 -> [1.25, -2.0].
  h.Input(DataType::kInt8, {2}, Bytes(std::vector<int8_t>{2, -4}), {QP(0.5, 0)})
      .Input(DataType::kUint8, {2}, Bytes(std::vector<uint8_t>{133, 116}), {QP(0.25, 128)})
      .Output(DataType::kInt8, {QP(0.1, 0)});
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{13, -20}));  // 12.5 rounds half away from zero
  OpHarness sq(NodeType::SQUARED_DIFFERENCE);
  sq.Input(DataType::kInt8, {2}, Bytes(std::vector<int8_t>{6, -127}), {QP(0.5, 0)})
      .Input(DataType::kInt8, {2}, Bytes(std::vector<int8_t>{2, 127}), {QP(0.5, 0)})
      .Output(DataType::kInt8, {QP(1.0, -128)});
  ASSERT_TRUE(sq.Run().ok());
  EXPECT_EQ(sq.OutInts(), (std::vector<int64_t>{-124, 127}));  // (3-1)^2 = 4 -> 4-128; 127^2 saturates
}

// C-690: integer SQUARED_DIFFERENCE wraps to the width like C-42; MAXIMUM /
// MINIMUM are exact at the int64 limits.
TEST(BinaryMathTest, IntegerWrapAndLimitsC690) {
  const int32_t max32 = std::numeric_limits<int32_t>::max(), min32 = std::numeric_limits<int32_t>::min();
  // (max - min)^2 = (2^32 - 1)^2 = 2^64 - 2^33 + 1 -> 1 modulo 2^32; 46341^2 = 2147488281 wraps negative.
  EXPECT_EQ(RunInt<int32_t>(NodeType::SQUARED_DIFFERENCE, DataType::kInt32, {max32, 46341, -3}, {3}, {min32, 0, 4}, {3}),
            (std::vector<int64_t>{1, 2147488281LL - 4294967296LL, 49}));
  const int64_t min64 = std::numeric_limits<int64_t>::min(), max64 = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(RunInt<int64_t>(NodeType::MAXIMUM, DataType::kInt64, {min64, max64}, {2}, {max64, min64}, {2}),
            (std::vector<int64_t>{max64, max64}));
  EXPECT_EQ(RunInt<int64_t>(NodeType::MINIMUM, DataType::kInt64, {min64, max64}, {2}, {max64, min64}, {2}),
            (std::vector<int64_t>{min64, min64}));
}

// C-691: MOD is the truncated remainder (C fmod / %): the sign of the
// dividend; float x mod 0 and inf mod y are NaN, x mod inf = x; integer MOD by
// zero fails the run; INT_MIN mod -1 = 0.
TEST(BinaryMathTest, ModTruncatedC691) {
  EXPECT_EQ(RunInt<int32_t>(NodeType::MOD, DataType::kInt32, {7, -7, 7, -7, std::numeric_limits<int32_t>::min()}, {5},
                            {3, 3, -3, -3, -1}, {5}),
            (std::vector<int64_t>{1, -1, 1, -1, 0}));
  const float inf = static_cast<float>(kInf);
  ExpectSameValues(RunFloat(NodeType::MOD, {5.5f, -5.5f, 1, inf, 3, -4}, {6}, {2, 2, 0, 2, inf, 2}, {6}),
             {1.5, -1.5, kNaN, kNaN, 3, -0.0});
  Status s;
  RunInt<int32_t>(NodeType::MOD, DataType::kInt32, {1, 2}, {2}, {1, 0}, {2}, &s);
  EXPECT_EQ(s.code(), NNRT_INVALID_INPUT);
}

// C-692: quantized MOD, mixed number types and quantized beside bool are
// unsupported; two bool operands are an invalid model (the documents forbid
// them), so is a bool MOD operand that is not a one-element constant.
TEST(BinaryMathTest, UnsupportedOperandsC692) {
  OpHarness q(NodeType::MOD);
  q.Input(DataType::kInt8, {1}, Bytes(std::vector<int8_t>{1}), {QP(0.5, 0)})
      .Input(DataType::kInt8, {1}, Bytes(std::vector<int8_t>{1}), {QP(0.5, 0)})
      .Output(DataType::kInt8, {QP(0.5, 0)});
  EXPECT_EQ(q.Infer().code(), NNRT_UNSUPPORTED_OP);
  OpHarness b(NodeType::MINIMUM);
  b.Input(DataType::kBool, {1}, {1}).Input(DataType::kBool, {1}, {0}).Output(DataType::kBool);
  EXPECT_EQ(b.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness m(NodeType::MAXIMUM);
  m.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1})).Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{1}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(m.Infer().code(), NNRT_UNSUPPORTED_OP);
  OpHarness qb(NodeType::MAXIMUM);
  qb.Input(DataType::kInt8, {1}, Bytes(std::vector<int8_t>{1}), {QP(0.5, 0)}).Input(DataType::kBool, {1}, {1})
      .Output(DataType::kInt8, {QP(0.5, 0)});
  EXPECT_EQ(qb.Infer().code(), NNRT_UNSUPPORTED_OP);
  OpHarness sq(NodeType::SQUARED_DIFFERENCE);
  sq.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1})).Input(DataType::kBool, {1}, {1})
      .Output(DataType::kFloat32);
  EXPECT_EQ(sq.Infer().code(), NNRT_UNSUPPORTED_OP);
  // MOD: a bool model input (not a constant), and a constant bool of two elements.
  OpHarness mi(NodeType::MOD);
  mi.Input(DataType::kBool, {1}, {1}).Input(DataType::kInt64, {3}, Bytes(std::vector<int64_t>{2, 3, 4}))
      .Output(DataType::kInt64);
  EXPECT_EQ(mi.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness mc(NodeType::MOD);
  mc.Const(DataType::kBool, {2}, {1, 1}).Input(DataType::kInt64, {2}, Bytes(std::vector<int64_t>{2, 3}))
      .Output(DataType::kInt64);
  EXPECT_EQ(mc.Infer().code(), NNRT_INVALID_MODEL);
  // y must have the number operand's type.
  OpHarness wrong(NodeType::MINIMUM);
  wrong.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1})).Input(DataType::kBool, {1}, {1})
      .Output(DataType::kBool);
  EXPECT_EQ(wrong.Infer().code(), NNRT_UNSUPPORTED_OP);
}

// C-692: a bool operand beside a number reads 0 or 1 (any non-zero byte is
// true, C-293) in the number's type; y has that type. ops_catalog #97 XTS
// model 3 (float32 [] vs bool []) and #83 XTS model 2 with the bool a constant.
TEST(BinaryMathTest, BoolBesideANumberC692) {
  OpHarness xts(NodeType::MINIMUM);
  xts.Input(DataType::kFloat32, {}, Bytes(std::vector<float>{1})).Input(DataType::kBool, {}, {0})
      .Output(DataType::kFloat32);
  ASSERT_TRUE(xts.Run().ok());
  EXPECT_EQ(xts.OutDims(), Dims{});
  EXPECT_EQ(xts.OutDoubles(), (std::vector<double>{0}));
  OpHarness mn(NodeType::MINIMUM);
  mn.Input(DataType::kFloat32, {4}, Bytes(std::vector<float>{-0.5f, 0.5f, 2, -0.0f}))
      .Input(DataType::kBool, {4}, {2, 255, 1, 0})
      .Output(DataType::kFloat32);
  ASSERT_TRUE(mn.Run().ok());
  ExpectSameValues(mn.OutDoubles(), {-0.5, 0.5, 1, -0.0});
  OpHarness mx(NodeType::MAXIMUM);
  mx.Input(DataType::kBool, {3}, {0, 7, 0}).Input(DataType::kInt32, {3}, Bytes(std::vector<int32_t>{-3, -3, 5}))
      .Output(DataType::kInt32);
  ASSERT_TRUE(mx.Run().ok());
  EXPECT_EQ(mx.OutInts(), (std::vector<int64_t>{0, 1, 5}));
  OpHarness mod(NodeType::MOD);
  mod.Const(DataType::kBool, {1}, {1}).Input(DataType::kInt64, {3}, Bytes(std::vector<int64_t>{2, 3, 4}))
      .Output(DataType::kInt64);
  ASSERT_TRUE(mod.Run().ok());
  EXPECT_EQ(mod.OutDims(), (Dims{3}));
  EXPECT_EQ(mod.OutInts(), (std::vector<int64_t>{1, 1, 1}));
  OpHarness fmod(NodeType::MOD);
  fmod.Input(DataType::kFloat32, {2}, Bytes(std::vector<float>{2.5f, -2.5f})).Const(DataType::kBool, {}, {1})
      .Output(DataType::kFloat32);
  ASSERT_TRUE(fmod.Run().ok());
  ExpectSameValues(fmod.OutDoubles(), {0.5, -0.5});
  // A false divisor is MOD by zero: integer runs fail (C-691).
  OpHarness zero(NodeType::MOD);
  zero.Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{5})).Const(DataType::kBool, {1}, {0})
      .Output(DataType::kInt32);
  EXPECT_EQ(zero.Run().code(), NNRT_INVALID_INPUT);
}

// C-692: unsigned integers compare and divide as unsigned, up to 2^64 - 1;
// float64 is exact.
TEST(BinaryMathTest, UnsignedAndFloat64C692) {
  const uint64_t big = std::numeric_limits<uint64_t>::max();
  OpHarness mx(NodeType::MAXIMUM);
  mx.Input(DataType::kUint64, {2}, Bytes(std::vector<uint64_t>{big, 1})).Input(DataType::kUint64, {2},
                                                                                Bytes(std::vector<uint64_t>{1, 2}))
      .Output(DataType::kUint64);
  ASSERT_TRUE(mx.Run().ok());
  std::vector<uint64_t> got(2);
  std::memcpy(got.data(), mx.ctx().outputs[0].mutable_data, 16);
  EXPECT_EQ(got, (std::vector<uint64_t>{big, 2}));
  OpHarness mod(NodeType::MOD);
  mod.Input(DataType::kUint64, {1}, Bytes(std::vector<uint64_t>{big})).Input(DataType::kUint64, {1},
                                                                            Bytes(std::vector<uint64_t>{10}))
      .Output(DataType::kUint64);
  ASSERT_TRUE(mod.Run().ok());
  std::memcpy(got.data(), mod.ctx().outputs[0].mutable_data, 8);
  EXPECT_EQ(got[0], big % 10);
  EXPECT_EQ(RunInt<uint32_t>(NodeType::MINIMUM, DataType::kUint32, {4000000000u, 3}, {2}, {5, 4000000000u}, {2}),
            (std::vector<int64_t>{5, 3}));
  EXPECT_EQ(RunInt<uint16_t>(NodeType::MOD, DataType::kUint16, {65535, 7}, {2}, {256, 65535}, {2}),
            (std::vector<int64_t>{255, 7}));
  Status s;
  RunInt<uint16_t>(NodeType::MOD, DataType::kUint16, {1}, {1}, {0}, {1}, &s);
  EXPECT_EQ(s.code(), NNRT_INVALID_INPUT);
  OpHarness d(NodeType::MOD);
  d.Input(DataType::kFloat64, {2}, Bytes(std::vector<double>{1e300, -7.25}))
      .Input(DataType::kFloat64, {2}, Bytes(std::vector<double>{3, 2}))
      .Output(DataType::kFloat64);
  ASSERT_TRUE(d.Run().ok());
  ExpectSameValues(d.OutDoubles(), {std::fmod(1e300, 3.0), -1.25});
}

// C-693: REAL_DIV is DIV_FUSION without an activation: IEEE float division,
// truncating integer division, broadcasting.
TEST(BinaryMathTest, RealDivIsDivC693) {
  Dims dims;
  ExpectSameValues(RunFloat(NodeType::REAL_DIV, {1, -1, 0, 6}, {2, 2}, {0, 3}, {2}, &dims), {kInf, static_cast<double>(static_cast<float>(-1.0 / 3.0)), kNaN, 2});
  EXPECT_EQ(dims, (Dims{2, 2}));
  EXPECT_EQ(RunInt<int32_t>(NodeType::REAL_DIV, DataType::kInt32, {-7, 7}, {2}, {2, 2}, {2}), (std::vector<int64_t>{-3, 3}));
  OpHarness act(NodeType::REAL_DIV);
  act.Attr(Attr::Int8("activationType", 1))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1}))
      .Output(DataType::kFloat32);
  EXPECT_EQ(act.Infer().code(), NNRT_INVALID_MODEL);
}

// C-48: broadcasting with a size-1 dim inside the shape.
TEST(BinaryMathTest, Broadcasting) {
  Dims dims;
  EXPECT_EQ(RunFloat(NodeType::MAXIMUM, {1, 5, 2, 8}, {2, 1, 2}, {3, 4}, {2, 1}, &dims),
            (std::vector<double>{3, 5, 4, 5, 3, 8, 4, 8}));
  EXPECT_EQ(dims, (Dims{2, 2, 2}));
}

class BinaryMathEveryDataType : public ::testing::TestWithParam<DataType> {};

TEST_P(BinaryMathEveryDataType, FourOpsInTheType) {
  const DataType t = GetParam();
  const std::vector<QuantParam> q = testing::QuantFor(t, QP(0.5, t == DataType::kUint8 ? 16 : 0));
  // Unsigned types hold no -1.
  const std::vector<double> a = {IsIntegerType(t) && !IsSignedIntegerType(t) ? 1.0 : -1.0, 2, 7}, b = {2, 2, 4};
  for (NodeType type : {NodeType::MAXIMUM, NodeType::MINIMUM, NodeType::SQUARED_DIFFERENCE, NodeType::MOD,
                        NodeType::REAL_DIV}) {
    const std::vector<DataType>& sig = BinaryMathOpDef(type).data_types;
    if (std::find(sig.begin(), sig.end(), t) == sig.end()) continue;
    OpHarness h(type);
    h.Input(t, {3}, testing::EncodeAs(t, a, q), q).Input(t, {3}, testing::EncodeAs(t, b, q), q).Output(t, q);
    ASSERT_TRUE(h.Run().ok()) << NodeTypeName(type);
    std::vector<double> want;
    for (size_t i = 0; i < 3; ++i) {
      double r = type == NodeType::REAL_DIV ? a[i] / b[i] : BinaryMathDouble(type, a[i], b[i]);
      if (type == NodeType::REAL_DIV && !IsFloatType(t) && q.empty()) r = std::trunc(r);
      if (!q.empty()) r = std::round(r / 0.5) * 0.5;  // the output grid
      want.push_back(r);
    }
    if (t == DataType::kUint8) {
      for (double& w : want) w = std::max(w, -8.0);  // uint8 zp 16, s 0.5: lowest real -8
    }
    EXPECT_EQ(h.OutReals(), want) << NodeTypeName(type) << " " << DataTypeName(t);
    EXPECT_TRUE(h.GuardIntact());
  }
}

INSTANTIATE_TEST_SUITE_P(Signatures, BinaryMathEveryDataType,
                         ::testing::ValuesIn(BinaryMathOpDef(NodeType::MAXIMUM).data_types), testing::DataTypeParamName);

}  // namespace
}  // namespace nnrt
