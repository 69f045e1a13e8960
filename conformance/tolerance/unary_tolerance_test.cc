// Tolerance rows and TOSA bounds of the unary math, activation, clip, prelu and cast operators (quantization_semantics 5.1 / 5.2).
#include <cmath>

#include <gtest/gtest.h>

#include "conformance/tolerance/compare.h"
#include "conformance/tolerance/tolerance.h"

namespace nnrt {
namespace cts {
namespace {

Tolerance Float32Row(NodeType type, ActivationType act = ActivationType::kNone) {
  ToleranceKey key;
  key.node_type = type;
  key.activation = act;
  key.dtype = DataType::kFloat32;
  return LookupTolerance(key);
}

Tolerance QuantRow(NodeType type, CompareMode mode, ActivationType act = ActivationType::kNone) {
  ToleranceKey key;
  key.node_type = type;
  key.activation = act;
  key.dtype = DataType::kInt8;
  key.quantized = true;
  key.mode = mode;
  return LookupTolerance(key);
}

TEST(UnaryToleranceTest, FloatRowsFollowSection52) {
  for (NodeType t : {NodeType::ABS, NodeType::NEG, NodeType::FLOOR, NodeType::CEIL, NodeType::ROUND,
                     NodeType::SQUARE, NodeType::PRELU_FUSION}) {
    const Tolerance tol = Float32Row(t);
    EXPECT_EQ(tol.kind, ToleranceKind::kUlp) << NodeTypeName(t);
    EXPECT_EQ(tol.ulps, 0.5) << NodeTypeName(t);
  }
  EXPECT_EQ(Float32Row(NodeType::RECIPROCAL).ulps, 1.0);
  EXPECT_EQ(Float32Row(NodeType::SQRT).ulps, 2.0);
  EXPECT_EQ(Float32Row(NodeType::RSQRT).ulps, 2.0);
  EXPECT_EQ(Float32Row(NodeType::ERF).ulps, 5.0);
  EXPECT_EQ(Float32Row(NodeType::EXPFUSION).abs_bound, &ExpAbsBound);
  EXPECT_EQ(Float32Row(NodeType::LOG).abs_bound, &LogAbsBound);
  EXPECT_EQ(Float32Row(NodeType::SIN).abs_bound, &SinAbsBound);
  EXPECT_EQ(Float32Row(NodeType::COS).abs_bound, &CosAbsBound);
  EXPECT_EQ(Float32Row(NodeType::CLIP).kind, ToleranceKind::kExact);
  EXPECT_EQ(Float32Row(NodeType::CAST).kind, ToleranceKind::kExact);
  EXPECT_EQ(Float32Row(NodeType::QUANT_DTYPE_CAST).ulps, 0.5);
  EXPECT_EQ(Float32Row(NodeType::ACTIVATION, ActivationType::kHardTanh).kind, ToleranceKind::kExact);
  EXPECT_EQ(Float32Row(NodeType::ACTIVATION, ActivationType::kLeakyRelu).ulps, 0.5);
  // Composite activations: the NNAPI fallback x4 of 5.2's "when in doubt" note.
  EXPECT_EQ(Float32Row(NodeType::ACTIVATION, ActivationType::kGelu).kind, ToleranceKind::kAtolRtol);
}

TEST(UnaryToleranceTest, QuantizedRowsFollowSection51) {
  // Nonlinear tables keep +-1 even in strict mode (5.1 row 4).
  EXPECT_EQ(QuantRow(NodeType::LOG, CompareMode::kStrict).lsb, 1);
  EXPECT_EQ(QuantRow(NodeType::ACTIVATION, CompareMode::kStrict, ActivationType::kGelu).lsb, 1);
  // Requantizing (clip, quantize/requantize, neg): +-1, strict exact (5.1 rows 2-3).
  EXPECT_EQ(QuantRow(NodeType::CLIP, CompareMode::kConformance).lsb, 1);
  EXPECT_EQ(QuantRow(NodeType::QUANT_DTYPE_CAST, CompareMode::kConformance).lsb, 1);
  EXPECT_EQ(QuantRow(NodeType::QUANT_DTYPE_CAST, CompareMode::kStrict).lsb, 0);
  // CAST converts stored values: exact.
  EXPECT_EQ(QuantRow(NodeType::CAST, CompareMode::kConformance).kind, ToleranceKind::kExact);
}

// Hand-computed TOSA bounds with u = 2^-23 (fp32) and 2^-10 (fp16).
TEST(UnaryToleranceTest, TosaBoundsByHand) {
  const double u32 = std::ldexp(1.0, -23);
  const double u16 = std::ldexp(1.0, -10);
  const double e2 = std::exp(2.0);
  // EXP: (3 + 2*|ln ref|) u |ref|, x recovered as ln(ref) = 2.
  EXPECT_DOUBLE_EQ(ExpAbsBound(0.0, e2, u32), 7.0 * u32 * e2);
  EXPECT_DOUBLE_EQ(ExpAbsBound(0.0, e2, u16), 5.0 * u16 * e2);
  EXPECT_EQ(ExpAbsBound(0.0, 0.0, u32), 0.0);
  EXPECT_EQ(ExpAbsBound(0.0, INFINITY, u32), 0.0);
  // LOG: max(5 u |ref|, 0.5 u).
  EXPECT_DOUBLE_EQ(LogAbsBound(1.0, 0.0, u32), 0.5 * u32);
  EXPECT_DOUBLE_EQ(LogAbsBound(std::exp(3.0), 3.0, u32), 15.0 * u32);
  // SIN: 2^-11.5 |x| (fp32), 2^-5 |x| (fp16); COS: times (1 + |x|).
  EXPECT_DOUBLE_EQ(SinAbsBound(2.0, 0.9, u32), 2.0 * std::pow(2.0, -11.5));
  EXPECT_DOUBLE_EQ(SinAbsBound(2.0, 0.9, u16), 2.0 / 32);
  EXPECT_DOUBLE_EQ(CosAbsBound(2.0, -0.4, u32), 3.0 * std::pow(2.0, -11.5));
}

// The 2-ulp SQRT row accepts a result 2 ulps away and rejects 3 ulps.
TEST(UnaryToleranceTest, SqrtRowAcceptsTwoUlps) {
  const Tolerance tol = Float32Row(NodeType::SQRT);
  const float ref = 1.5f;
  const float two = std::nextafter(std::nextafter(ref, 2.0f), 2.0f);
  const float three = std::nextafter(two, 2.0f);
  OutputView expected{DataType::kFloat32, reinterpret_cast<const uint8_t*>(&ref), 1};
  OutputView near{DataType::kFloat32, reinterpret_cast<const uint8_t*>(&two), 1};
  OutputView far{DataType::kFloat32, reinterpret_cast<const uint8_t*>(&three), 1};
  EXPECT_TRUE(CompareTensor(tol, expected, near, ReferenceAux()).pass);
  EXPECT_FALSE(CompareTensor(tol, expected, far, ReferenceAux()).pass);
}

}  // namespace
}  // namespace cts
}  // namespace nnrt
