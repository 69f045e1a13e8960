#include "reference/ops/elementwise/activation_functions.h"

#include <cmath>
#include <limits>
#include <string>

namespace nnrt {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPi = 3.14159265358979323846;

// SELU constants exactly as printed in HDI NnrtTypes.idl (ops_catalog 2.4).
constexpr double kSeluAlpha = 1.67326324;
constexpr double kSeluScale = 1.05070098;

// Comparisons rather than std::min/max so NaN propagates and -0 survives (C-44).
double ClampReal(double x, double lo, double hi) {
  // Applying lo first then hi gives hi everywhere when lo > hi (C-168).
  double y = x < lo ? lo : x;
  return y > hi ? hi : y;
}

double Sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

}  // namespace

double AbsActivation(double x, const ActivationAttrs&) { return std::fabs(x); }

// x >= 0 ? x : alpha*x, written with x < 0 so that -0 and NaN pass through.
double LeakyReluActivation(double x, const ActivationAttrs& p) {
  return x < 0.0 ? static_cast<double>(p.alpha) * x : x;
}

// alpha*(exp(x)-1) is evaluated as alpha*expm1(x): the same real function
// without the cancellation of exp(x)-1 near 0 (C-165).
double EluActivation(double x, const ActivationAttrs& p) {
  return x < 0.0 ? static_cast<double>(p.alpha) * std::expm1(x) : x;
}

double Relu1Activation(double x, const ActivationAttrs&) { return ClampReal(x, 0.0, 1.0); }

// x/(1+|x|); the limits +-1 at +-inf are returned explicitly (inf/inf is NaN).
double SoftsignActivation(double x, const ActivationAttrs&) {
  if (std::isinf(x)) return x > 0 ? 1.0 : -1.0;
  return x / (1.0 + std::fabs(x));
}

// log(1+exp(x)) in the overflow-free form x + log1p(exp(-x)) for x > 0 (C-165).
double SoftplusActivation(double x, const ActivationAttrs&) {
  if (x > 0.0) return x + std::log1p(std::exp(-x));
  return std::log1p(std::exp(x));
}

double SeluActivation(double x, const ActivationAttrs&) {
  if (x < 0.0) return kSeluScale * (kSeluAlpha * std::expm1(x));
  return kSeluScale * x;
}

// x * ReLU6(x+3) / 6 (ops_catalog #17), evaluated in that order.
double HswishActivation(double x, const ActivationAttrs&) {
  return x * ClampReal(x + 3.0, 0.0, 6.0) / 6.0;
}

// max(0, min(1, (x+3)/6)) (ops_catalog #107: no alpha/beta, C-166).
double HsigmoidActivation(double x, const ActivationAttrs&) { return ClampReal((x + 3.0) / 6.0, 0.0, 1.0); }

// HDI text: min(max(0, x), t) with t = alpha (C-167).
double ThresholdReluActivation(double x, const ActivationAttrs& p) {
  return ClampReal(x, 0.0, static_cast<double>(p.alpha));
}

double LinearActivation(double x, const ActivationAttrs&) { return x; }

double HardTanhActivation(double x, const ActivationAttrs& p) {
  return ClampReal(x, static_cast<double>(p.min_val), static_cast<double>(p.max_val));
}

// -1 / 0 / 1; a zero keeps its sign, NaN stays NaN.
double SignActivation(double x, const ActivationAttrs&) {
  if (x > 0.0) return 1.0;
  if (x < 0.0) return -1.0;
  return x;
}

// x * sigmoid(x); swish(-inf) = -0 (the limit; -inf * 0 would be NaN).
double SwishActivation(double x, const ActivationAttrs&) {
  if (x == -kInf) return -0.0;
  return x * Sigmoid(x);
}

// C-160: approximate = false is the exact GELU x*Phi(x) = 0.5*x*erfc(-x/sqrt 2)
// (erfc avoids the cancellation of 1+erf for negative x); approximate = true is
// the standard tanh form 0.5x(1+tanh(sqrt(2/pi)(x+0.044715x^3))). The formula
// printed in the OH_NN table, 0.5x(1+tanh(x/2)), is not used
// (quantization_semantics 4.10 / 6.13).
double GeluActivation(double x, const ActivationAttrs& p) {
  if (std::isinf(x)) return x > 0 ? x : -0.0;  // the limits; inf*0 would be NaN
  if (p.approximate) {
    const double kSqrt2OverPi = std::sqrt(2.0 / kPi);
    const double inner = kSqrt2OverPi * (x + 0.044715 * (x * x * x));
    return 0.5 * x * (1.0 + std::tanh(inner));
  }
  return 0.5 * x * std::erfc(-x / std::sqrt(2.0));
}

void Relu1Bounds(const ActivationAttrs&, double* lo, double* hi) {
  *lo = 0.0;
  *hi = 1.0;
}
void ThresholdReluBounds(const ActivationAttrs& p, double* lo, double* hi) {
  *lo = 0.0;
  *hi = static_cast<double>(p.alpha);
}
void LinearBounds(const ActivationAttrs&, double* lo, double* hi) {
  *lo = -kInf;
  *hi = kInf;
}
void HardTanhBounds(const ActivationAttrs& p, double* lo, double* hi) {
  *lo = static_cast<double>(p.min_val);
  *hi = static_cast<double>(p.max_val);
}

int64_t AbsActivationInt(int64_t x) {
  // Negate in uint64 (defined modular arithmetic); the store wraps to the width.
  return x < 0 ? static_cast<int64_t>(uint64_t{0} - static_cast<uint64_t>(x)) : x;
}

Status CheckAlphaFinite(const ActivationAttrs& p) {
  if (!std::isfinite(p.alpha)) {
    return InvalidModel("ACTIVATION alpha must be finite, got " + std::to_string(p.alpha) + " (C-164)");
  }
  return Status::Ok();
}

Status CheckHardTanhBounds(const ActivationAttrs& p) {
  if (!std::isfinite(p.min_val) || !std::isfinite(p.max_val)) {
    return InvalidModel("ACTIVATION HARD_TANH minVal and maxVal must be finite, got " + std::to_string(p.min_val) +
                        " and " + std::to_string(p.max_val) + " (C-164)");
  }
  return Status::Ok();
}

}  // namespace nnrt
