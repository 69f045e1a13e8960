// Property tests (rapidcheck) of the unary math, activation and cast operators: each property is stated
// in the test name and checked on random inputs through the registry.
#include <cmath>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "reference/numerics/numerics.h"
#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::OpHarness;
using testing::QP;

// NEG twice is the identity on every int8 value, including -128 (wrap, C-173).
RC_GTEST_PROP(UnaryProperties, NegIsAnInvolutionOnInt8, (std::vector<int8_t> x)) {
  RC_PRE(!x.empty());
  OpHarness once(NodeType::NEG);
  once.Input(DataType::kInt8, {static_cast<int32_t>(x.size())}, Bytes(x)).Output(DataType::kInt8);
  RC_ASSERT(once.Run().ok());
  std::vector<int8_t> y;
  for (int64_t v : once.OutInts()) y.push_back(static_cast<int8_t>(v));
  OpHarness twice(NodeType::NEG);
  twice.Input(DataType::kInt8, {static_cast<int32_t>(y.size())}, Bytes(y)).Output(DataType::kInt8);
  RC_ASSERT(twice.Run().ok());
  for (size_t i = 0; i < x.size(); ++i) RC_ASSERT(twice.OutInts()[i] == x[i]);
}

// ROUND gives an integral value within 1/2 of x, and on an exact tie the even one (C-172).
RC_GTEST_PROP(UnaryProperties, RoundIsIntegralWithinHalfAndEvenOnTies, (std::vector<int32_t> halves)) {
  RC_PRE(!halves.empty());
  std::vector<float> x;
  for (int32_t h : halves) x.push_back(static_cast<float>(h % 100000) * 0.5f);
  OpHarness h(NodeType::ROUND);
  h.Input(DataType::kFloat32, {static_cast<int32_t>(x.size())}, Bytes(x)).Output(DataType::kFloat32);
  RC_ASSERT(h.Run().ok());
  const std::vector<double> y = h.OutDoubles();
  for (size_t i = 0; i < x.size(); ++i) {
    RC_ASSERT(y[i] == std::floor(y[i]));
    RC_ASSERT(std::fabs(y[i] - x[i]) <= 0.5);
    if (std::fabs(y[i] - x[i]) == 0.5) RC_ASSERT(std::fmod(y[i], 2.0) == 0.0);
  }
}

// Quantize then dequantize returns a value within scale/2 of every in-range real
// (quantization_semantics 4.3 / 4.4), for int8 and uint8 alike.
RC_GTEST_PROP(UnaryProperties, QuantizeThenDequantizeIsWithinHalfAScale, (int32_t raw, bool unsigned_type)) {
  const DataType t = unsigned_type ? DataType::kUint8 : DataType::kInt8;
  const QuantParam q = QP(0.125, unsigned_type ? 100 : -3);
  const double lo = (QuantMin(t) - q.zero_point) * q.scale;
  const double hi = (QuantMax(t) - q.zero_point) * q.scale;
  const float r = static_cast<float>(lo + (hi - lo) * ((static_cast<uint32_t>(raw) % 100001) / 100000.0));
  OpHarness quantize(NodeType::QUANT_DTYPE_CAST);
  quantize.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{r})).Output(t, {q});
  RC_ASSERT(quantize.Run().ok());
  const int64_t code = quantize.OutInts()[0];
  OpHarness dequantize(NodeType::QUANT_DTYPE_CAST);
  dequantize.Input(t, {1}, {static_cast<uint8_t>(code)}, {q}).Output(DataType::kFloat32);
  RC_ASSERT(dequantize.Run().ok());
  RC_ASSERT(std::fabs(dequantize.OutDoubles()[0] - r) <= q.scale / 2);
}

// CAST float32 -> int32 -> float32 returns trunc(x) for every |x| < 2^24 (C-182, C-183).
RC_GTEST_PROP(UnaryProperties, CastToInt32AndBackTruncates, (int32_t bits)) {
  const float x = static_cast<float>(bits % (1 << 24)) / 8.0f;
  OpHarness to_int(NodeType::CAST);
  to_int.Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{x}))
      .Input(DataType::kInt32, {}, Bytes(std::vector<int32_t>{DataTypeToOhnn(DataType::kInt32)}))
      .Output(DataType::kInt32);
  RC_ASSERT(to_int.Run().ok());
  RC_ASSERT(static_cast<double>(to_int.OutInts()[0]) == std::trunc(static_cast<double>(x)));
}

}  // namespace
}  // namespace nnrt
