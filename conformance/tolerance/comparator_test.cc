// Unit tests of the comparator and the tolerance table, including the skip,
// NaN, +-0, infinity and flush-to-zero rules (conformance_anchors 1.1 (b):
// "unit-test the comparator itself, including its skip logic").
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "conformance/tolerance/compare.h"
#include "conformance/tolerance/tolerance.h"

namespace nnrt {
namespace cts {
namespace {

template <typename T>
OutputView View(DataType dtype, const std::vector<T>& v) {
  return OutputView{dtype, reinterpret_cast<const uint8_t*>(v.data()), v.size()};
}

OutputView F32(const std::vector<float>& v) { return View(DataType::kFloat32, v); }

Tolerance Row(NodeType type, DataType dtype, bool quantized = false, CompareMode mode = CompareMode::kConformance,
              ActivationType act = ActivationType::kNone, bool fp16 = false) {
  ToleranceKey key;
  key.node_type = type;
  key.activation = act;
  key.dtype = dtype;
  key.quantized = quantized;
  key.enable_float16 = fp16;
  key.mode = mode;
  return LookupTolerance(key);
}

float NextUp(float x, int steps = 1) {
  for (int i = 0; i < steps; ++i) x = std::nextafter(x, std::numeric_limits<float>::infinity());
  return x;
}

// ---- Table -------------------------------------------------------------------

TEST(ToleranceTable, QuantizedRequantizingOpsAllowOneLsbAndNoneInStrictMode) {
  for (NodeType t : {NodeType::ADD_FUSION, NodeType::SUB_FUSION, NodeType::MUL_FUSION, NodeType::DIV_FUSION,
                     NodeType::CONV2D_FUSION}) {
    Tolerance c = Row(t, DataType::kInt8, true);
    EXPECT_EQ(c.kind, ToleranceKind::kLsb);
    EXPECT_EQ(c.lsb, 1) << NodeTypeName(t);
    EXPECT_EQ(Row(t, DataType::kUint8, true, CompareMode::kStrict).lsb, 0) << NodeTypeName(t);
  }
}

TEST(ToleranceTable, QuantizedNonlinearOpsKeepOneLsbInStrictMode) {
  EXPECT_EQ(Row(NodeType::ACTIVATION, DataType::kInt8, true, CompareMode::kStrict, ActivationType::kSigmoid).lsb, 1);
  EXPECT_EQ(Row(NodeType::ACTIVATION, DataType::kUint8, true, CompareMode::kStrict, ActivationType::kTanh).lsb, 1);
}

TEST(ToleranceTable, DataMovementAndIntegersAreExact) {
  EXPECT_EQ(Row(NodeType::RESHAPE, DataType::kFloat32).kind, ToleranceKind::kExact);
  EXPECT_EQ(Row(NodeType::RESHAPE, DataType::kInt8, true).kind, ToleranceKind::kExact);
  EXPECT_EQ(Row(NodeType::ADD_FUSION, DataType::kInt32).kind, ToleranceKind::kExact);
  EXPECT_EQ(Row(NodeType::ACTIVATION, DataType::kFloat32, false, CompareMode::kConformance, ActivationType::kRelu6)
                .kind,
            ToleranceKind::kExact);
}

TEST(ToleranceTable, FloatRowsFollowQuantizationSemantics52) {
  EXPECT_EQ(Row(NodeType::ADD_FUSION, DataType::kFloat32).kind, ToleranceKind::kUlp);
  EXPECT_EQ(Row(NodeType::ADD_FUSION, DataType::kFloat32).ulps, 0.5);
  EXPECT_EQ(Row(NodeType::DIV_FUSION, DataType::kFloat32).ulps, 1.0);
  EXPECT_EQ(Row(NodeType::CONV2D_FUSION, DataType::kFloat32).kind, ToleranceKind::kDotProduct);
  EXPECT_EQ(Row(NodeType::CONV2D_FUSION, DataType::kFloat16).fraction_bits, 10);
  EXPECT_EQ(Row(NodeType::ACTIVATION, DataType::kFloat32, false, CompareMode::kConformance, ActivationType::kTanh)
                .kind,
            ToleranceKind::kAbsError);
  // A node type without a conformance spec has no row: nothing is accepted.
  EXPECT_EQ(Row(NodeType::NONE, DataType::kFloat32).kind, ToleranceKind::kNoRow);
  // SOFTMAX: the decomposition bound in the dot-product form; quantized +-1 also in strict mode.
  EXPECT_EQ(Row(NodeType::SOFTMAX, DataType::kFloat32).kind, ToleranceKind::kDotProduct);
  EXPECT_EQ(Row(NodeType::LOG_SOFTMAX, DataType::kInt8, true, CompareMode::kStrict).lsb, 1);
  EXPECT_EQ(Row(NodeType::REDUCE_FUSION, DataType::kFloat32).kind, ToleranceKind::kDotProduct);
  Tolerance fp16 = Row(NodeType::ADD_FUSION, DataType::kFloat32, false, CompareMode::kConformance,
                       ActivationType::kNone, /*fp16=*/true);
  EXPECT_TRUE(fp16.fp16_relaxed);
  EXPECT_EQ(fp16.fraction_bits, 10);
}

TEST(ToleranceTable, StrictFloatIsBitExact) {
  Tolerance t = Row(NodeType::CONV2D_FUSION, DataType::kFloat32, false, CompareMode::kStrict);
  EXPECT_EQ(t.kind, ToleranceKind::kExact);
  EXPECT_TRUE(t.strict);
}

TEST(ToleranceTable, TosaAbsErrorBounds) {
  const double u = std::ldexp(1.0, -23);
  EXPECT_DOUBLE_EQ(SigmoidAbsBound(0.0, 0.5, u), 2 * u * 0.5);
  EXPECT_DOUBLE_EQ(SigmoidAbsBound(-3.0, 0.25, u), 2 * 4 * u * 0.25);
  EXPECT_DOUBLE_EQ(TanhAbsBound(1.0, 0.5, u), 4 * 5 * u * 0.5);
  EXPECT_DOUBLE_EQ(TanhAbsBound(0.0, 0.0, u), 0.5 * u);  // floor
  const double u16 = std::ldexp(1.0, -10);
  EXPECT_DOUBLE_EQ(TanhAbsBound(1.0, 0.5, u16), 4 * 3 * u16 * 0.5);  // base 1 for fp16
}

// ---- Helpers -------------------------------------------------------------------

TEST(Ulp, MatchesQuantizationSemantics52Definition) {
  EXPECT_EQ(UlpOf(1.0, 23), std::ldexp(1.0, -23));
  EXPECT_EQ(UlpOf(1.5, 23), std::ldexp(1.0, -23));
  EXPECT_EQ(UlpOf(-2.0, 23), std::ldexp(1.0, -22));
  EXPECT_EQ(UlpOf(0.0, 23), std::ldexp(1.0, -149));      // floored at the smallest normal's ulp
  EXPECT_EQ(UlpOf(1e-40, 23), std::ldexp(1.0, -149));
  EXPECT_EQ(UlpOf(1.0, 10), std::ldexp(1.0, -10));
  EXPECT_EQ(UlpOf(0.0, 10), std::ldexp(1.0, -24));
}

// ---- Integers and quantized ---------------------------------------------------

TEST(CompareIntegers, ExactRowRejectsAnyDifferenceAndReportsWorstElement) {
  std::vector<int32_t> e = {1, 2, 3, 4}, a = {1, 2, 5, 4};
  CompareResult r = CompareTensor(Row(NodeType::ADD_FUSION, DataType::kInt32), View(DataType::kInt32, e),
                                  View(DataType::kInt32, a), {});
  EXPECT_FALSE(r.pass);
  EXPECT_EQ(r.mismatches, 1u);
  EXPECT_EQ(r.worst_index, 2);
  EXPECT_EQ(r.worst_expected, 3);
  EXPECT_EQ(r.worst_actual, 5);
  EXPECT_EQ(r.worst_error, 2);
  EXPECT_NE(r.message.find("worst element 2"), std::string::npos) << r.message;
}

TEST(CompareIntegers, QuantizedOneLsbPassesInConformanceFailsInStrict) {
  std::vector<int8_t> e = {-128, 0, 5, 127}, a = {-127, 0, 4, 127};
  Tolerance conf = Row(NodeType::ADD_FUSION, DataType::kInt8, true);
  CompareResult r = CompareTensor(conf, View(DataType::kInt8, e), View(DataType::kInt8, a), {});
  EXPECT_TRUE(r.pass) << r.ToString();
  EXPECT_EQ(r.plus_one, 1u);
  EXPECT_EQ(r.minus_one, 1u);
  EXPECT_DOUBLE_EQ(r.mean_signed_error, 0.0);
  CompareResult s = CompareTensor(Row(NodeType::ADD_FUSION, DataType::kInt8, true, CompareMode::kStrict),
                                  View(DataType::kInt8, e), View(DataType::kInt8, a), {});
  EXPECT_FALSE(s.pass);
  EXPECT_EQ(s.mismatches, 2u);
}

TEST(CompareIntegers, QuantizedTwoLsbFails) {
  std::vector<uint8_t> e = {10, 20}, a = {10, 22};
  CompareResult r = CompareTensor(Row(NodeType::CONV2D_FUSION, DataType::kUint8, true), View(DataType::kUint8, e),
                                  View(DataType::kUint8, a), {});
  EXPECT_FALSE(r.pass);
  EXPECT_EQ(r.worst_index, 1);
  EXPECT_EQ(r.worst_error, 2);
  EXPECT_EQ(r.worst_allowed, 1);
}

TEST(CompareIntegers, SystematicBiasIsReportedOnPass) {
  std::vector<int8_t> e = {0, 1, 2, 3}, a = {1, 2, 3, 4};
  CompareResult r = CompareTensor(Row(NodeType::ADD_FUSION, DataType::kInt8, true), View(DataType::kInt8, e),
                                  View(DataType::kInt8, a), {});
  EXPECT_TRUE(r.pass);
  EXPECT_EQ(r.plus_one, 4u);
  EXPECT_DOUBLE_EQ(r.mean_signed_error, 1.0);
}

TEST(CompareIntegers, SkippedElementsAreCountedNotChecked) {
  std::vector<int8_t> e = {0, 1, 2}, a = {0, 100, 2};
  ReferenceAux aux;
  aux.skip = {false, true, false};
  CompareResult r = CompareTensor(Row(NodeType::ADD_FUSION, DataType::kInt8, true, CompareMode::kStrict),
                                  View(DataType::kInt8, e), View(DataType::kInt8, a), aux);
  EXPECT_TRUE(r.pass) << r.ToString();
  EXPECT_EQ(r.skipped, 1u);
  aux.skip = {false, false, false};
  EXPECT_FALSE(CompareTensor(Row(NodeType::ADD_FUSION, DataType::kInt8, true), View(DataType::kInt8, e),
                             View(DataType::kInt8, a), aux)
                   .pass);
}

TEST(CompareIntegers, BoolIsExact) {
  std::vector<uint8_t> e = {1, 0}, a = {1, 1};
  EXPECT_FALSE(CompareTensor(Row(NodeType::EQUAL, DataType::kBool), View(DataType::kBool, e),
                             View(DataType::kBool, a), {})
                   .pass);
}

TEST(CompareShape, DifferentTypeOrCountFails) {
  std::vector<float> e = {1, 2};
  std::vector<float> a = {1};
  EXPECT_FALSE(CompareTensor(Row(NodeType::ADD_FUSION, DataType::kFloat32), F32(e), F32(a), {}).pass);
  std::vector<int32_t> ai = {1, 2};
  CompareResult r =
      CompareTensor(Row(NodeType::ADD_FUSION, DataType::kFloat32), F32(e), View(DataType::kInt32, ai), {});
  EXPECT_FALSE(r.pass);
  EXPECT_NE(r.message.find("data type"), std::string::npos);
}

// ---- Floats ----------------------------------------------------------------------

TEST(CompareFloats, CorrectlyRoundedRowRequiresTheReferenceValue) {
  Tolerance add = Row(NodeType::ADD_FUSION, DataType::kFloat32);
  std::vector<float> e = {1.0f, 3.5f};
  EXPECT_TRUE(CompareTensor(add, F32(e), F32(e), {}).pass);
  std::vector<float> a = {1.0f, NextUp(3.5f)};
  CompareResult r = CompareTensor(add, F32(e), F32(a), {});
  EXPECT_FALSE(r.pass);
  EXPECT_EQ(r.worst_index, 1);
  EXPECT_DOUBLE_EQ(r.worst_error, 1.0);
}

TEST(CompareFloats, DivAllowsOneUlpNotTwo) {
  Tolerance div = Row(NodeType::DIV_FUSION, DataType::kFloat32);
  std::vector<float> e = {0.3f};
  EXPECT_TRUE(CompareTensor(div, F32(e), F32({NextUp(0.3f)}), {}).pass);
  EXPECT_FALSE(CompareTensor(div, F32(e), F32({NextUp(0.3f, 2)}), {}).pass);
}

TEST(CompareFloats, SignedZerosEqualExceptInStrictMode) {
  std::vector<float> e = {0.0f}, a = {-0.0f};
  EXPECT_TRUE(CompareTensor(Row(NodeType::ADD_FUSION, DataType::kFloat32), F32(e), F32(a), {}).pass);
  EXPECT_TRUE(CompareTensor(Row(NodeType::CLIP, DataType::kFloat32), F32(e), F32(a), {}).pass);
  CompareResult s =
      CompareTensor(Row(NodeType::ADD_FUSION, DataType::kFloat32, false, CompareMode::kStrict), F32(e), F32(a), {});
  EXPECT_FALSE(s.pass);
}

// C-430: NEG, ABS, MUL and data movement define the sign of a zero result, so
// the wrong zero fails also in conformance mode; quantized outputs have no -0.
TEST(CompareFloats, OpsThatDefineTheZeroSignCheckItOutsideStrictMode) {
  const std::vector<float> e = {-0.0f, 1.0f}, a = {0.0f, 1.0f};
  for (NodeType t : {NodeType::NEG, NodeType::ABS, NodeType::MUL_FUSION, NodeType::RESHAPE}) {
    const Tolerance tol = Row(t, DataType::kFloat32);
    EXPECT_TRUE(tol.signed_zero) << NodeTypeName(t);
    const CompareResult r = CompareTensor(tol, F32(e), F32(a), {});
    EXPECT_FALSE(r.pass) << NodeTypeName(t);
    EXPECT_EQ(r.worst_index, 0) << NodeTypeName(t);
    EXPECT_TRUE(CompareTensor(tol, F32(e), F32(e), {}).pass) << NodeTypeName(t);
  }
  EXPECT_FALSE(Row(NodeType::ADD_FUSION, DataType::kFloat32).signed_zero);
  EXPECT_FALSE(Row(NodeType::RESHAPE, DataType::kInt8, true).signed_zero);
}

// C-431: the sign test on the +-1 differences. Floor instead of round (every
// difference -1) fails once 32 elements differ; a balanced mix of +1 and -1,
// or too few differences to judge, passes.
TEST(CompareIntegers, RoundingBiasFailsOneSidedDifferencesOnly) {
  const Tolerance mul = Row(NodeType::MUL_FUSION, DataType::kInt8, true);
  EXPECT_TRUE(mul.bias_check);
  std::vector<int8_t> e(64), floor_like(64), balanced(64), few(64);
  for (int i = 0; i < 64; ++i) {
    e[i] = static_cast<int8_t>(i - 32);
    floor_like[i] = static_cast<int8_t>(i % 2 == 0 ? i - 33 : i - 32);  // 32 elements one LSB low
    balanced[i] = static_cast<int8_t>(i % 4 == 0 ? i - 33 : (i % 4 == 1 ? i - 31 : i - 32));
    few[i] = static_cast<int8_t>(i < 31 ? i - 33 : i - 32);  // 31 low: too few to judge
  }
  const CompareResult biased = CompareTensor(mul, View(DataType::kInt8, e), View(DataType::kInt8, floor_like), {});
  EXPECT_FALSE(biased.pass);
  EXPECT_NE(biased.message.find("systematic rounding bias"), std::string::npos) << biased.message;
  EXPECT_LT(biased.bias_p_value, 1e-9);
  EXPECT_TRUE(CompareTensor(mul, View(DataType::kInt8, e), View(DataType::kInt8, balanced), {}).pass);
  EXPECT_TRUE(CompareTensor(mul, View(DataType::kInt8, e), View(DataType::kInt8, few), {}).pass);
  // Strict mode judges every difference anyway; no sign test there.
  EXPECT_FALSE(Row(NodeType::MUL_FUSION, DataType::kInt8, true, CompareMode::kStrict).bias_check);
}

TEST(CompareFloats, NanReferenceRequiresSomeNan) {
  const float qnan = std::numeric_limits<float>::quiet_NaN();
  float other_nan;
  const uint32_t bits = 0xFFC00001u;  // negative NaN with a payload
  std::memcpy(&other_nan, &bits, 4);
  Tolerance add = Row(NodeType::ADD_FUSION, DataType::kFloat32);
  EXPECT_TRUE(CompareTensor(add, F32({qnan}), F32({other_nan}), {}).pass);
  EXPECT_FALSE(CompareTensor(add, F32({qnan}), F32({0.0f}), {}).pass);
  EXPECT_FALSE(CompareTensor(add, F32({qnan}), F32({std::numeric_limits<float>::infinity()}), {}).pass);
  // A NaN where the reference is a number is always wrong, whatever the bound.
  EXPECT_FALSE(CompareTensor(Row(NodeType::ACTIVATION, DataType::kFloat32, false, CompareMode::kConformance,
                                 ActivationType::kGelu),
                             F32({1.0f}), F32({qnan}), {})
                   .pass);
  // Strict mode accepts any NaN too (payloads are not specified).
  EXPECT_TRUE(CompareTensor(Row(NodeType::ADD_FUSION, DataType::kFloat32, false, CompareMode::kStrict), F32({qnan}),
                            F32({other_nan}), {})
                  .pass);
}

TEST(CompareFloats, InfinitiesMustMatchUnlessTheBoundOverflows) {
  const float inf = std::numeric_limits<float>::infinity();
  const float max = std::numeric_limits<float>::max();
  Tolerance add = Row(NodeType::ADD_FUSION, DataType::kFloat32);
  EXPECT_TRUE(CompareTensor(add, F32({inf, -inf}), F32({inf, -inf}), {}).pass);
  EXPECT_FALSE(CompareTensor(add, F32({inf}), F32({max}), {}).pass);
  EXPECT_FALSE(CompareTensor(add, F32({inf}), F32({-inf}), {}).pass);
  // Correctly rounded add: FLT_MAX must stay FLT_MAX.
  EXPECT_FALSE(CompareTensor(add, F32({max}), F32({inf}), {}).pass);
  // Div allows 1 ulp: the interval around FLT_MAX reaches past it, so +inf is accepted, -inf not.
  Tolerance div = Row(NodeType::DIV_FUSION, DataType::kFloat32);
  EXPECT_TRUE(CompareTensor(div, F32({max}), F32({inf}), {}).pass);
  EXPECT_FALSE(CompareTensor(div, F32({max}), F32({-inf}), {}).pass);
}

TEST(CompareFloats, FlushToZeroAcceptedOnlyBelowSmallestNormalAndNotInStrictMode) {
  const float sub = 1e-40f;  // subnormal
  Tolerance add = Row(NodeType::ADD_FUSION, DataType::kFloat32);
  EXPECT_TRUE(CompareTensor(add, F32({sub, -sub}), F32({0.0f, 0.0f}), {}).pass);
  EXPECT_TRUE(CompareTensor(Row(NodeType::RESHAPE, DataType::kFloat32), F32({sub}), F32({-0.0f}), {}).pass);
  EXPECT_FALSE(CompareTensor(add, F32({1e-30f}), F32({0.0f}), {}).pass);
  EXPECT_FALSE(CompareTensor(add, F32({sub}), F32({2e-40f}), {}).pass);  // not flushed, just wrong
  EXPECT_FALSE(
      CompareTensor(Row(NodeType::ADD_FUSION, DataType::kFloat32, false, CompareMode::kStrict), F32({sub}),
                    F32({0.0f}), {})
          .pass);
}

TEST(CompareFloats, SkipRuleAppliesToFloatsToo) {
  ReferenceAux aux;
  aux.skip = {true};
  CompareResult r = CompareTensor(Row(NodeType::ADD_FUSION, DataType::kFloat32), F32({1.0f}), F32({2.0f}), aux);
  EXPECT_TRUE(r.pass);
  EXPECT_EQ(r.skipped, 1u);
}

TEST(CompareFloats, SigmoidUsesTheTosaAbsErrorBoundFromTheInput) {
  Tolerance sig =
      Row(NodeType::ACTIVATION, DataType::kFloat32, false, CompareMode::kConformance, ActivationType::kSigmoid);
  ReferenceAux aux;
  aux.input_x = {0.0};
  // Bound 2*(1+0)*2^-23*0.5 + half ulp(0.5) = 2.5 ulps of 0.5 (ulp 2^-24).
  EXPECT_TRUE(CompareTensor(sig, F32({0.5f}), F32({NextUp(0.5f, 2)}), aux).pass);
  EXPECT_FALSE(CompareTensor(sig, F32({0.5f}), F32({NextUp(0.5f, 3)}), aux).pass);
  // A larger |x| widens the bound.
  aux.input_x = {3.0};
  EXPECT_TRUE(CompareTensor(sig, F32({0.5f}), F32({NextUp(0.5f, 8)}), aux).pass);
}

TEST(CompareFloats, MissingAuxDataIsAComparatorErrorNotAPass) {
  Tolerance sig =
      Row(NodeType::ACTIVATION, DataType::kFloat32, false, CompareMode::kConformance, ActivationType::kTanh);
  CompareResult r = CompareTensor(sig, F32({0.5f}), F32({0.5f}), {});
  EXPECT_FALSE(r.pass);
  EXPECT_NE(r.message.find("input x"), std::string::npos);
  CompareResult d = CompareTensor(Row(NodeType::CONV2D_FUSION, DataType::kFloat32), F32({0.5f}), F32({0.5f}), {});
  EXPECT_FALSE(d.pass);
}

TEST(CompareFloats, DotProductBoundScalesWithMagnitudeAndTerms) {
  Tolerance conv = Row(NodeType::CONV2D_FUSION, DataType::kFloat32);
  ReferenceAux aux;
  aux.magnitude = {100.0};
  aux.dot_terms = 4;
  const float ref = 1.0f;  // heavy cancellation: 100 of magnitude gives 1.0
  // allowed = 6 * 4 * 100 * 2^-24 + half ulp(1) = 2400.5 * 2^-24 (~ 1200 ulps of 1.0).
  const float ok = static_cast<float>(1.0 + 1000 * std::ldexp(1.0, -24));
  const float bad = static_cast<float>(1.0 + 3000 * std::ldexp(1.0, -24));
  EXPECT_TRUE(CompareTensor(conv, F32({ref}), F32({ok}), aux).pass);
  EXPECT_FALSE(CompareTensor(conv, F32({ref}), F32({bad}), aux).pass);
  aux.dot_terms = 16;  // more terms, wider bound
  EXPECT_TRUE(CompareTensor(conv, F32({ref}), F32({bad}), aux).pass);
}

TEST(CompareFloats, DotProductWithZeroMagnitudeMustBeExactlyZero) {
  Tolerance conv = Row(NodeType::CONV2D_FUSION, DataType::kFloat32);
  ReferenceAux aux;
  aux.magnitude = {0.0};
  aux.dot_terms = 9;
  EXPECT_TRUE(CompareTensor(conv, F32({0.0f}), F32({-0.0f}), aux).pass);
  EXPECT_FALSE(CompareTensor(conv, F32({0.0f}), F32({1e-3f}), aux).pass);
}

// C-964: products below the smallest normal err absolutely, s_min / 2 each.
// Two terms, exact 4 s_min: 3 s_min (one product rounded down) passes, 2 s_min
// does not (allowed 2 * s_min / 2 + the reference's half s_min + a negligible
// relative part).
TEST(CompareFloats, DotProductUnderflowAllowsHalfTheSmallestSubnormalPerTermC964) {
  Tolerance conv = Row(NodeType::CONV2D_FUSION, DataType::kFloat32);
  const double s_min = std::ldexp(1.0, -149);
  ReferenceAux aux;
  aux.magnitude = {4 * s_min};
  aux.dot_terms = 2;
  const float ref = static_cast<float>(4 * s_min);
  EXPECT_TRUE(CompareTensor(conv, F32({ref}), F32({static_cast<float>(3 * s_min)}), aux).pass);
  EXPECT_TRUE(CompareTensor(conv, F32({ref}), F32({static_cast<float>(5 * s_min)}), aux).pass);
  EXPECT_FALSE(CompareTensor(conv, F32({ref}), F32({static_cast<float>(2 * s_min)}), aux).pass);
  // A normal-sized output is untouched by the term: one ulp of 1.0 with magnitude 1 and 2 terms is
  // still judged by the relative bound alone (6 * 2 * 2^-24 + half an ulp = 13 * 2^-24 < 16 ulps).
  aux.magnitude = {1.0};
  EXPECT_FALSE(CompareTensor(conv, F32({1.0f}), F32({static_cast<float>(1.0 + 16 * std::ldexp(1.0, -23))}), aux).pass);
}

// C-965: a normalisation's intermediate rounded into the subnormal range errs
// by s_min / 2 and reaches y through the aux's underflow gain. With sigma =
// 2^-10 the gain is >= 1/sigma = 1024: 300 s_min off passes only with the gain,
// 600 s_min off (beyond 1024 * s_min / 2 + the other parts, ~4 s_min) still fails.
TEST(CompareFloats, NormalisationUnderflowGainAllowsHalfTheSmallestSubnormalTimesTheGainC965) {
  Tolerance norm = Row(NodeType::INSTANCE_NORM, DataType::kFloat32);
  const double s_min = std::ldexp(1.0, -149);
  ReferenceAux aux;
  aux.magnitude = {1000 * s_min};
  aux.dot_terms = 6;  // a row of 2, + 4
  const float ref = static_cast<float>(1000 * s_min);
  const float near = static_cast<float>(1300 * s_min), far = static_cast<float>(1600 * s_min);
  EXPECT_FALSE(CompareTensor(norm, F32({ref}), F32({near}), aux).pass);  // without the gain
  aux.underflow_gain = {1024 + 1};
  EXPECT_TRUE(CompareTensor(norm, F32({ref}), F32({near}), aux).pass);
  EXPECT_FALSE(CompareTensor(norm, F32({ref}), F32({far}), aux).pass);
  // A normal-sized output is untouched: one ulp of 1.0 with the same gain still fails
  // against magnitude 2^-20 (relative part 6 * 6 * 2^-20 * 2^-24 + half an ulp).
  aux.magnitude = {std::ldexp(1.0, -20)};
  EXPECT_FALSE(CompareTensor(norm, F32({1.0f}), F32({static_cast<float>(1.0 + std::ldexp(1.0, -23))}), aux).pass);
}

TEST(CompareFloats, DotProductVarianceCheckCatchesSystematicError) {
  Tolerance conv = Row(NodeType::CONV2D_FUSION, DataType::kFloat32);
  ReferenceAux aux;
  const size_t n = 1000;  // TOSA MIN_DOT_PRODUCTS: fewer outputs skip the variance check
  aux.magnitude.assign(n, 1.0);
  aux.dot_terms = 1;
  std::vector<float> e(n, 0.75f), a(n, static_cast<float>(0.75 + 5 * std::ldexp(1.0, -24)));
  // Each element is within 6*2^-24 + half ulp, but sum(err^2) = 25 T > 1.6 T.
  CompareResult r = CompareTensor(conv, F32(e), F32(a), aux);
  EXPECT_EQ(r.mismatches, 0u);
  EXPECT_TRUE(r.rms_checked);
  EXPECT_FALSE(r.pass);
  EXPECT_NE(r.message.find("variance"), std::string::npos);
  // One element off by 5 units among 1000 exact ones passes both checks.
  std::vector<float> one = e;
  one[3] = a[3];
  EXPECT_TRUE(CompareTensor(conv, F32(e), F32(one), aux).pass);
  // Below 1000 outputs the statistic is not judged.
  aux.magnitude.resize(999);
  e.resize(999);
  a.resize(999);
  CompareResult small = CompareTensor(conv, F32(e), F32(a), aux);
  EXPECT_FALSE(small.rms_checked);
  EXPECT_TRUE(small.pass);
}

TEST(CompareFloats, Float16TensorsUseHalfUlps) {
  // 1.0 and the next half (1 + 2^-10) as raw binary16 bits.
  std::vector<uint16_t> e = {0x3C00}, a = {0x3C01}, a2 = {0x3C02};
  Tolerance add = Row(NodeType::ADD_FUSION, DataType::kFloat16);
  EXPECT_FALSE(CompareTensor(add, View(DataType::kFloat16, e), View(DataType::kFloat16, a), {}).pass);
  Tolerance div = Row(NodeType::DIV_FUSION, DataType::kFloat16);
  EXPECT_TRUE(CompareTensor(div, View(DataType::kFloat16, e), View(DataType::kFloat16, a), {}).pass);
  EXPECT_FALSE(CompareTensor(div, View(DataType::kFloat16, e), View(DataType::kFloat16, a2), {}).pass);
}

TEST(CompareFloats, EnableFloat16RelaxesFloat32ByOperandMagnitude) {
  // A float32 add computed in fp16: 1 + 2^-20 comes back as 1.0.
  const float ref = static_cast<float>(1.0 + std::ldexp(1.0, -20));
  Tolerance strict32 = Row(NodeType::ADD_FUSION, DataType::kFloat32);
  Tolerance fp16 = Row(NodeType::ADD_FUSION, DataType::kFloat32, false, CompareMode::kConformance,
                       ActivationType::kNone, true);
  ReferenceAux aux;
  aux.magnitude = {1.0 + std::ldexp(1.0, -20)};
  EXPECT_FALSE(CompareTensor(strict32, F32({ref}), F32({1.0f}), aux).pass);
  EXPECT_TRUE(CompareTensor(fp16, F32({ref}), F32({1.0f}), aux).pass);
  // ... but an error of 2^-6 is far beyond fp16 precision.
  EXPECT_FALSE(CompareTensor(fp16, F32({ref}), F32({1.015625f}), aux).pass);
}

TEST(CompareFloats, CompositeActivationRowUsesAtolAndRtol) {
  Tolerance t = Row(NodeType::ACTIVATION, DataType::kFloat32, false, CompareMode::kConformance, ActivationType::kGelu);
  EXPECT_TRUE(CompareTensor(t, F32({1.0f}), F32({1.00001f}), {}).pass);
  EXPECT_FALSE(CompareTensor(t, F32({1.0f}), F32({1.001f}), {}).pass);
}

TEST(CompareFloats, NodeTypeWithoutRowFailsEveryComparisonNamingTheGap) {
  const CompareResult r = CompareTensor(Row(NodeType::NONE, DataType::kFloat32), F32({1.0f}), F32({1.0f}), {});
  EXPECT_FALSE(r.pass);
  EXPECT_NE(r.message.find("no tolerance row"), std::string::npos) << r.message;
}

}  // namespace
}  // namespace cts
}  // namespace nnrt
