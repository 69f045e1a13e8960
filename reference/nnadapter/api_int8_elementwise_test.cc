// NNAdapter API end to end on the reference, quantised operands of the
// element-wise operations not covered in api_elementwise_test.cc: the
// activations evaluated through a table (section 6 of docs/quantization.md),
// DIV and the comparisons, int8 symmetric and uint8 asymmetric. Expected codes
// come from testing/quant_expectations.h (the documented formulas), never from
// the reference.
#include <gtest/gtest.h>

#include <cmath>

#include "reference/nnadapter/testing/api_model_builder.h"
#include "reference/nnadapter/testing/comparison_cases.h"
#include "reference/nnadapter/testing/quant_expectations.h"

namespace nnrt {
namespace nna {
namespace testing {
namespace {

using Extra = std::function<std::vector<NNAdapterOperand*>(ApiModelBuilder&)>;

bool IsUint8(const QuantCode& c) { return c.qmin == 0; }

NNAdapterOperandType QuantType(const QuantCode& c, int32_t n) {
  return IsUint8(c) ? Type(NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER, {n}, c.scale, c.zero_point)
                    : Type(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {n}, c.scale);
}

HostBuffer Codes(const QuantCode& c, const std::vector<int64_t>& q) {
  const int32_t n = static_cast<int32_t>(q.size());
  if (IsUint8(c)) return Buffer<uint8_t>({n}, std::vector<uint8_t>(q.begin(), q.end()));
  return Buffer<int8_t>({n}, std::vector<int8_t>(q.begin(), q.end()));
}

std::vector<int64_t> CodesOf(const QuantCode& c, const HostBuffer& b) {
  std::vector<int64_t> v;
  if (IsUint8(c)) {
    for (uint8_t q : Values<uint8_t>(b)) v.push_back(q);
  } else {
    for (int8_t q : Values<int8_t>(b)) v.push_back(q);
  }
  return v;
}

// y = op(x, extra...) with quantised x and y.
std::vector<int64_t> RunUnary(int32_t op, const QuantCode& in, const QuantCode& out, const std::vector<int64_t>& x,
                              const Extra& extra = nullptr) {
  ApiModelBuilder m;
  const int32_t n = static_cast<int32_t>(x.size());
  NNAdapterOperand* input = m.Operand(QuantType(in, n));
  NNAdapterOperand* y = m.Operand(QuantType(out, n));
  std::vector<NNAdapterOperand*> ins = {input};
  if (extra) {
    for (NNAdapterOperand* o : extra(m)) ins.push_back(o);
  }
  EXPECT_EQ(m.Operation(op, ins, {y}), NNADAPTER_NO_ERROR);
  EXPECT_EQ(m.Compile({input}, {y}), NNADAPTER_NO_ERROR) << op;
  std::vector<HostBuffer> result(1);
  EXPECT_EQ(m.Run({Codes(in, x)}, &result), NNADAPTER_NO_ERROR) << op;
  return CodesOf(out, result[0]);
}

// y = op(a, b, fuse) with a, b and y all quantised with q.
std::vector<int64_t> RunBinary(int32_t op, const QuantCode& q, const std::vector<int64_t>& a,
                               const std::vector<int64_t>& b, int32_t fuse) {
  ApiModelBuilder m;
  const int32_t n = static_cast<int32_t>(a.size());
  NNAdapterOperand* x0 = m.Operand(QuantType(q, n));
  NNAdapterOperand* x1 = m.Operand(QuantType(q, n));
  NNAdapterOperand* y = m.Operand(QuantType(q, n));
  EXPECT_EQ(m.Operation(op, {x0, x1, m.Int32(fuse)}, {y}), NNADAPTER_NO_ERROR);
  EXPECT_EQ(m.Compile({x0, x1}, {y}), NNADAPTER_NO_ERROR) << op;
  std::vector<HostBuffer> result(1);
  EXPECT_EQ(m.Run({Codes(q, a), Codes(q, b)}, &result), NNADAPTER_NO_ERROR) << op;
  return CodesOf(q, result[0]);
}

const std::vector<int64_t> kInt8Codes = {-128, -77, -20, -3, -1, 0, 1, 5, 33, 90, 127};
const std::vector<int64_t> kUint8Codes = {0, 51, 108, 125, 127, 128, 129, 133, 161, 218, 255};

double Sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

struct TableCase {
  const char* name;
  int32_t op;
  std::function<double(double)> f;
  Extra extra;
};

// Each activation, for int8 (scale 1/16 in, its own scale out) and uint8
// (zero point 128 +- offsets), equals Q_out(f(DQ_in(q))) code for code. The
// clamp types (RELU, RELU6) requantise t = a * (s_in / s_out) and clamp to
// [Q(lo), Q(hi)], the same codes as Q(f(r)) since Q is monotonic and the
// scales here are powers of two (every product exact).
TEST(NNAdapterInt8Elementwise, TableActivationsEqualQuantisedFunctionOfDequantisedInput) {
  const std::vector<TableCase> cases = {
      {"RELU", NNADAPTER_RELU, [](double x) { return x < 0 ? 0.0 : x; }, nullptr},
      {"RELU6", NNADAPTER_RELU6, [](double x) { return x < 0 ? 0.0 : (x > 6 ? 6.0 : x); }, nullptr},
      {"ABS", NNADAPTER_ABS, [](double x) { return std::fabs(x); }, nullptr},
      {"SIGMOID", NNADAPTER_SIGMOID, Sigmoid, nullptr},
      {"TANH", NNADAPTER_TANH, [](double x) { return std::tanh(x); }, nullptr},
      {"SWISH", NNADAPTER_SWISH, [](double x) { return x * Sigmoid(x); }, nullptr},
      {"GELU", NNADAPTER_GELU, [](double x) { return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))); },
       [](ApiModelBuilder& m) { return std::vector<NNAdapterOperand*>{m.Bool(false)}; }},
      {"EXP", NNADAPTER_EXP, [](double x) { return std::exp(x); }, nullptr},
      {"LOG", NNADAPTER_LOG, [](double x) { return std::log(x); }, nullptr},
      {"LEAKY_RELU", NNADAPTER_LEAKY_RELU, [](double x) { return x < 0 ? 0.25 * x : x; },
       [](ApiModelBuilder& m) { return std::vector<NNAdapterOperand*>{m.Float32(0.25f)}; }},
  };
  const QuantCode i8_in = Int8Code(1.0f / 16), i8_out = Int8Code(1.0f / 32);
  const QuantCode u8_in = Uint8Code(1.0f / 16, 128), u8_out = Uint8Code(1.0f / 32, 100);
  for (const TableCase& c : cases) {
    EXPECT_EQ(RunUnary(c.op, i8_in, i8_out, kInt8Codes, c.extra), ExpectTable(c.f, kInt8Codes, i8_in, i8_out))
        << c.name << " int8";
    EXPECT_EQ(RunUnary(c.op, u8_in, u8_out, kUint8Codes, c.extra), ExpectTable(c.f, kUint8Codes, u8_in, u8_out))
        << c.name << " uint8";
  }
}

// A hand-checked row of the table: SIGMOID int8, x scale 1/16, y scale 1/256.
// q = 0 -> 0.5 * 256 = 128 saturates to 127; q = -128 (x = -8) ->
// 256 / (1 + e^8) = 0.0858 -> 0; q = 16 (x = 1) -> 187.14 -> 127.
TEST(NNAdapterInt8Elementwise, SigmoidInt8HandChecked) {
  EXPECT_EQ(RunUnary(NNADAPTER_SIGMOID, Int8Code(1.0f / 16), Int8Code(1.0f / 256), {0, -128, -64, 16}),
            (std::vector<int64_t>{127, 0, 5, 127}));  // x = -4: 256 * 0.017986 = 4.60 -> 5
}

// DIV: t = fl64(fl64(DQ(a) / DQ(b)) / s_y) (C-43); x / 0 saturates by sign.
TEST(NNAdapterInt8Elementwise, DivInt8AndUint8) {
  for (const QuantCode& q : {Int8Code(0.5f), Uint8Code(0.5f, 120)}) {
    const int64_t z = q.zero_point;
    // reals a = {2, -3, 1.5, -1}, b = {1, 2, 0, 3}
    const std::vector<int64_t> qa = {z + 4, z - 6, z + 3, z - 2}, qb = {z + 2, z + 4, z, z + 6};
    // 2 -> 4; -1.5 -> -3; +inf -> qmax; -1/3 / 0.5 = -0.667 -> -1.
    EXPECT_EQ(RunBinary(NNADAPTER_DIV, q, qa, qb, NNADAPTER_FUSED_NONE),
              (std::vector<int64_t>{z + 4, z - 3, q.qmax, z - 1}))
        << q.qmin;
  }
}

// Comparisons dequantise each operand with its own params (C-683): the codes
// of a and b differ where the reals are equal.
TEST(NNAdapterInt8Elementwise, ComparisonsOfDequantisedValues) {
  // a = {1, 2, 3} (int8 scale 0.5; uint8 scale 0.5, zero point 128), b = {2, 2, 2} (scale 0.25).
  const std::vector<std::pair<QuantCode, QuantCode>> types = {{Int8Code(0.5f), Int8Code(0.25f)},
                                                              {Uint8Code(0.5f, 128), Uint8Code(0.25f, 10)}};
  for (const auto& [qa, qb] : types) {
    for (const ComparisonCase& c : ComparisonsOf123Against222()) {
      ApiModelBuilder m;
      NNAdapterOperand* a = m.Operand(QuantType(qa, 3));
      NNAdapterOperand* b = m.Operand(QuantType(qb, 3));
      NNAdapterOperand* y = m.Operand(Type(NNADAPTER_BOOL8, {3}));
      ASSERT_EQ(m.Operation(c.op, {a, b}, {y}), NNADAPTER_NO_ERROR);
      ASSERT_EQ(m.Compile({a, b}, {y}), NNADAPTER_NO_ERROR) << c.op;
      std::vector<HostBuffer> out(1);
      const int64_t za = qa.zero_point, zb = qb.zero_point;
      ASSERT_EQ(m.Run({Codes(qa, {za + 2, za + 4, za + 6}), Codes(qb, {zb + 8, zb + 8, zb + 8})}, &out),
                NNADAPTER_NO_ERROR);
      EXPECT_EQ(Values<uint8_t>(out[0]), c.expected) << c.op << " " << qa.qmin;
    }
  }
}

// MAX / MIN with a fuse code on uint8: the real max / min requantised
// (C-689), then the RELU6 clamp [Q(0), Q(6)].
TEST(NNAdapterInt8Elementwise, Uint8MaxMinWithFuseCode) {
  const QuantCode q = Uint8Code(0.25f, 100);
  for (int32_t op : {NNADAPTER_MAX, NNADAPTER_MIN}) {
    // a = {-2, 7, 1}, b = {-1, 8, 3}
    // max {-1, 8, 3} -> {0, 6, 3}; min {-2, 7, 1} -> {0, 6, 1}: codes 100 + 4r.
    const std::vector<int64_t> expected =
        op == NNADAPTER_MAX ? std::vector<int64_t>{100, 124, 112} : std::vector<int64_t>{100, 124, 104};
    EXPECT_EQ(RunBinary(op, q, {92, 128, 104}, {96, 132, 112}, NNADAPTER_FUSED_RELU6), expected) << op;
  }
}

}  // namespace
}  // namespace testing
}  // namespace nna
}  // namespace nnrt
