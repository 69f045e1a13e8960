// The parametrised ActivationType rows (activation_functions.cc), run
// through NODE_TYPE_ACTIVATION: hand-computed values, catalog examples, edges.
#include "reference/ops/elementwise/activation_functions.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "reference/ops/testing/expect_values.h"
#include "reference/ops/testing/op_harness.h"

namespace nnrt {
namespace {

using testing::Bytes;
using testing::ExpectSameValues;  // NaN == NaN, -0 != +0
using testing::OpHarness;
using testing::QP;

constexpr float kInfF = std::numeric_limits<float>::infinity();
constexpr float kNanF = std::numeric_limits<float>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

double F32(double v) { return static_cast<double>(static_cast<float>(v)); }

std::vector<double> RunActivation(ActivationType type, std::vector<float> x, std::vector<Attr> attrs = {}) {
  OpHarness h(NodeType::ACTIVATION);
  h.Attr(Attr::Int8("activationType", static_cast<int8_t>(type)));
  for (Attr& a : attrs) h.Attr(a);
  h.Input(DataType::kFloat32, {static_cast<int32_t>(x.size())}, Bytes(x)).Output(DataType::kFloat32);
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  return h.OutDoubles();
}

std::vector<int64_t> RunQuantActivation(ActivationType type, std::vector<int64_t> x, QuantParam qx, QuantParam qy,
                                        std::vector<Attr> attrs = {}) {
  std::vector<uint8_t> bytes;
  for (int64_t v : x) bytes.push_back(static_cast<uint8_t>(v));
  OpHarness h(NodeType::ACTIVATION);
  h.Attr(Attr::Int8("activationType", static_cast<int8_t>(type)));
  for (Attr& a : attrs) h.Attr(a);
  h.Input(DataType::kInt8, {static_cast<int32_t>(x.size())}, bytes, {qx}).Output(DataType::kInt8, {qy});
  const Status s = h.Run();
  EXPECT_TRUE(s.ok()) << s.ToString();
  return h.OutInts();
}

void ExpectNear(const std::vector<double>& got, const std::vector<double>& want, double tol) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << "element " << i;
}

// ops_catalog #58 XTS model 1.
TEST(ActivationFunctionsTest, AbsCatalogExample) {
  ExpectSameValues(RunActivation(ActivationType::kAbs, {-3, -2.5f, -1, 0, 1, 2, 3}), {3, 2.5, 1, 0, 1, 2, 3});
  ExpectSameValues(RunActivation(ActivationType::kAbs, {-0.0f, -kInfF}), {0.0, kInf});
}

// C-163: ABS is the one ACTIVATION type with a plain-integer path; it wraps.
TEST(ActivationFunctionsTest, AbsOnIntegersWrapsC163) {
  OpHarness h(NodeType::ACTIVATION);
  h.Attr(Attr::Int8("activationType", 6))
      .Input(DataType::kInt32, {3}, Bytes(std::vector<int32_t>{INT32_MIN, -5, 7}))
      .Output(DataType::kInt32);
  ASSERT_TRUE(h.Run().ok());
  EXPECT_EQ(h.OutInts(), (std::vector<int64_t>{INT32_MIN, 5, 7}));
  OpHarness u64(NodeType::ACTIVATION);
  u64.Attr(Attr::Int8("activationType", 6)).Input(DataType::kUint64, {1}, Bytes(std::vector<uint64_t>{1})).Output(DataType::kUint64);
  EXPECT_EQ(u64.Infer().code(), NNRT_UNSUPPORTED_OP);
  OpHarness relu(NodeType::ACTIVATION);
  relu.Attr(Attr::Int8("activationType", 12)).Input(DataType::kInt32, {1}, Bytes(std::vector<int32_t>{1})).Output(DataType::kInt32);
  EXPECT_EQ(relu.Infer().code(), NNRT_UNSUPPORTED_OP);
}

// int8 (0.5, 0) -> (0.5, 0): |-64| = 64 -> 128 saturates to 127.
TEST(ActivationFunctionsTest, QuantizedAbsSaturates) {
  EXPECT_EQ(RunQuantActivation(ActivationType::kAbs, {-128, -3, 4}, QP(0.5, 0), QP(0.5, 0)),
            (std::vector<int64_t>{127, 3, 4}));
}

// ops_catalog #74 XTS models 1-3 (slope 0.01: 0.01f * 0.5 is exactly float(0.005)).
TEST(ActivationFunctionsTest, LeakyReluCatalogExamples) {
  const Attr slope = Attr::Float("alpha", 0.01f);
  ExpectSameValues(RunActivation(ActivationType::kLeakyRelu, {0.5f, 1, 1.5f}, {slope}), {0.5, 1, 1.5});
  ExpectSameValues(RunActivation(ActivationType::kLeakyRelu, {-0.5f, -1}, {slope}), {F32(-0.005), F32(-0.01)});
  const std::vector<double> zero = RunActivation(ActivationType::kLeakyRelu, {-0.5f, -1, -1.5f}, {Attr::Float("alpha", 0)});
  for (double v : zero) EXPECT_EQ(v, 0.0);
  ExpectSameValues(RunActivation(ActivationType::kLeakyRelu, {-0.0f, kNanF, -kInfF}, {slope}), {-0.0, NAN, -kInf});
}

TEST(ActivationFunctionsTest, NonFiniteAlphaIsInvalidC164) {
  OpHarness h(NodeType::ACTIVATION);
  h.Attr(Attr::Int8("activationType", 5)).Attr(Attr::Float("alpha", kNanF))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1})).Output(DataType::kFloat32);
  EXPECT_EQ(h.Infer().code(), NNRT_INVALID_MODEL);
  OpHarness t(NodeType::ACTIVATION);
  t.Attr(Attr::Int8("activationType", 16)).Attr(Attr::Float("maxVal", kInfF))
      .Input(DataType::kFloat32, {1}, Bytes(std::vector<float>{1})).Output(DataType::kFloat32);
  EXPECT_EQ(t.Infer().code(), NNRT_INVALID_MODEL);
}

// x * ReLU6(x+3) / 6: -4 -> -0, -1 -> -1/3, 1 -> 2/3, 3 -> 3, 4 -> 4.
TEST(ActivationFunctionsTest, HswishValues) {
  ExpectSameValues(RunActivation(ActivationType::kHswish, {-4, -1, 0, 1, 3, 4, kNanF}),
                   {-0.0, F32(-1.0 / 3.0), 0, F32(2.0 / 3.0), 3, 4, NAN});
}

// int8 (0.1, 0) -> (0.05, 0): x=1 -> 2/3 / 0.05 = 13.3 -> 13; x=-1 -> -6.67 -> -7; x=4 -> 80; x=-4 -> 0.
TEST(ActivationFunctionsTest, QuantizedHswishTable) {
  EXPECT_EQ(RunQuantActivation(ActivationType::kHswish, {10, -10, 40, -40}, QP(0.1, 0), QP(0.05, 0)),
            (std::vector<int64_t>{13, -7, 80, 0}));
}

// ops_catalog #107 XTS: 0 -> 0.5, 1 -> 4/6 (no ONNX alpha 0.2 / beta 0.5, C-166).
TEST(ActivationFunctionsTest, HardSigmoidCatalogExamplesC166) {
  ExpectSameValues(RunActivation(ActivationType::kHsigmoid, {0, 1, -3, 3, -10, 10, kNanF}),
                   {0.5, F32(4.0 / 6.0), 0, 1, 0, 1, NAN});
}

// ops_catalog #105 XTS model 2 (6-digit expectations from the catalog).
TEST(ActivationFunctionsTest, SwishCatalogExample) {
  ExpectNear(RunActivation(ActivationType::kSwish, {-1, 0, 1, 2, -2, 3}),
             {-0.268941, 0, 0.731059, 1.761594, -0.238406, 2.857722}, 1e-6);
  ExpectSameValues(RunActivation(ActivationType::kSwish, {-kInfF, kInfF, -0.0f}), {-0.0, kInf, -0.0});
}

// C-160: erf form for approximate = false; x*Phi(x) with Phi(1) = 0.8413447460685429,
// Phi(2) = 0.9772498680518208.
TEST(ActivationFunctionsTest, GeluExactFormC160) {
  ExpectSameValues(RunActivation(ActivationType::kGelu, {0, 1, -1, 2}),
                   {0, F32(0.8413447460685429), F32(-0.15865525393145707), F32(1.9544997361036416)});
  ExpectSameValues(RunActivation(ActivationType::kGelu, {-kInfF, kInfF, kNanF, -0.0f}), {-0.0, kInf, NAN, -0.0});
}

// C-160: approximate = true is 0.5x(1+tanh(sqrt(2/pi)(x+0.044715x^3))) -> 0.841192 at 1, not the
// catalog's printed 0.5x(1+tanh(x/2)) = 0.731059 at 1.
TEST(ActivationFunctionsTest, GeluTanhFormC160) {
  const std::vector<double> y = RunActivation(ActivationType::kGelu, {1, -3}, {Attr::Bool("approximate", true)});
  EXPECT_NEAR(y[0], 0.841192, 1e-6);
  EXPECT_NEAR(y[1], -0.003637, 1e-6);
  EXPECT_GT(std::fabs(y[0] - 0.7310585786300049), 0.1);
}

TEST(ActivationFunctionsTest, EluSeluSoftplusSoftsign) {
  // ELU alpha 1: e^-1 - 1 = -0.6321205588285577.
  ExpectSameValues(RunActivation(ActivationType::kElu, {-1, 0, 2, -kInfF}, {Attr::Float("alpha", 1)}),
                   {F32(-0.6321205588285577), 0, 2, -1});
  // SELU: 1.05070098 at 1; 1.05070098 * 1.67326324 * (e^-1 - 1) = -1.1113307 at -1.
  ExpectNear(RunActivation(ActivationType::kSelu, {1, -1}), {1.05070098, -1.1113307}, 1e-6);
  // softplus(0) = ln 2; large |x| without overflow.
  ExpectSameValues(RunActivation(ActivationType::kSoftplus, {0, 1000, -1000}), {F32(0.6931471805599453), 1000, 0});
  ExpectSameValues(RunActivation(ActivationType::kSoftsign, {1, -3, kInfF, -kInfF}), {0.5, -0.75, 1, -1});
}

TEST(ActivationFunctionsTest, SignRelu1ThresholdReluLinear) {
  ExpectSameValues(RunActivation(ActivationType::kSign, {-2, 0, -0.0f, 3, kNanF}), {-1, 0, -0.0, 1, NAN});
  ExpectSameValues(RunActivation(ActivationType::kRelu1, {-1, 0.5f, 2}), {0, 0.5, 1});
  // C-167: THRESHOLDRELU = min(max(0, x), alpha) as the HDI IDL writes it.
  ExpectSameValues(RunActivation(ActivationType::kThresholdRelu, {-1, 1, 3}, {Attr::Float("alpha", 2)}), {0, 1, 2});
  ExpectSameValues(RunActivation(ActivationType::kLinear, {1.5f, -0.0f, kNanF}), {1.5, -0.0, NAN});
}

// HARD_TANH clamps to [minVal, maxVal]; minVal > maxVal gives maxVal everywhere (C-168).
TEST(ActivationFunctionsTest, HardTanhBoundsC168) {
  const std::vector<Attr> bounds = {Attr::Float("minVal", -1), Attr::Float("maxVal", 1)};
  ExpectSameValues(RunActivation(ActivationType::kHardTanh, {-2, 0.5f, 2}, bounds), {-1, 0.5, 1});
  const std::vector<Attr> crossed = {Attr::Float("minVal", 1), Attr::Float("maxVal", -1)};
  ExpectSameValues(RunActivation(ActivationType::kHardTanh, {-2, 0.5f, 2}, crossed), {-1, -1, -1});
  // Quantized clamp path: (0.5, 0) both sides, bounds Q(-1) = -2, Q(1) = 2.
  EXPECT_EQ(RunQuantActivation(ActivationType::kHardTanh, {-10, -1, 3}, QP(0.5, 0), QP(0.5, 0), bounds),
            (std::vector<int64_t>{-2, -1, 2}));
}

// LINEAR quantized = requantize: (0.5, 0) -> (0.25, 10): q=3 -> 1.5 / 0.25 = 6 -> 16.
TEST(ActivationFunctionsTest, QuantizedLinearRequantizes) {
  EXPECT_EQ(RunQuantActivation(ActivationType::kLinear, {3, -128}, QP(0.5, 0), QP(0.25, 10)),
            (std::vector<int64_t>{16, -128}));
}

TEST(ActivationFunctionsTest, EveryHdiActivationTypeIsImplemented) {
  for (int v = 1; v <= 19; ++v) {
    EXPECT_NE(FindActivationImpl(static_cast<ActivationType>(v)), nullptr) << v;
  }
}

}  // namespace
}  // namespace nnrt
