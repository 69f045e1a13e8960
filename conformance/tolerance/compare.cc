#include "conformance/tolerance/compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {

double SmallestNormal(int fraction_bits) {
  if (fraction_bits == 10) return std::ldexp(1.0, -14);
  if (fraction_bits == 52) return std::numeric_limits<double>::min();
  return std::ldexp(1.0, -126);
}

double UlpOf(double x, int fraction_bits) {
  const double a = std::fabs(x);
  if (std::isinf(a) || std::isnan(a)) return std::numeric_limits<double>::infinity();
  const double min_normal = SmallestNormal(fraction_bits);
  if (a < min_normal) return std::ldexp(min_normal, -fraction_bits);
  return std::ldexp(1.0, std::ilogb(a) - fraction_bits);
}

namespace {

int FractionBitsOf(DataType t) {
  switch (t) {
    case DataType::kFloat16: return 10;
    case DataType::kFloat64: return 52;
    default: return 23;
  }
}

double LargestFinite(DataType t) {
  switch (t) {
    case DataType::kFloat16: return 65504.0;
    case DataType::kFloat64: return std::numeric_limits<double>::max();
    default: return static_cast<double>(std::numeric_limits<float>::max());
  }
}

std::string FormatDouble(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g (%a)", v, v);
  return buf;
}

}  // namespace

// `ref` is the reference rounded to the output type, so every inexact row
// adds half an output ulp for the reference's own rounding (C-82).
double FloatAllowedError(const Tolerance& tol, DataType out_type, double ref, size_t i, const ReferenceAux& aux,
                         std::string* error) {
  const int nf = tol.fraction_bits;
  const double u = std::ldexp(1.0, -nf);
  const double ref_rounding = 0.5 * UlpOf(ref, FractionBitsOf(out_type));
  double allowed = 0;
  switch (tol.kind) {
    case ToleranceKind::kExact:
    case ToleranceKind::kLsb:
      allowed = 0;
      break;
    case ToleranceKind::kUlp:
      // 0.5 ulp = correctly rounded: the RNE reference is the only answer (C-82).
      allowed = tol.ulps <= 0.5 ? 0.0 : tol.ulps * UlpOf(ref, nf) + ref_rounding;
      break;
    case ToleranceKind::kAbsError:
      if (i >= aux.input_x.size() || tol.abs_bound == nullptr) {
        *error = "comparator needs the op input x for element " + std::to_string(i);
        return 0;
      }
      allowed = tol.abs_bound(aux.input_x[i], ref, u) + ref_rounding;
      break;
    case ToleranceKind::kDotProduct: {
      if (i >= aux.magnitude.size()) {
        *error = "comparator needs the dot-product magnitude for element " + std::to_string(i);
        return 0;
      }
      const double mag = aux.magnitude[i];
      // NaN magnitude: a NaN operand, so the reference is NaN and the NaN rule
      // decides; an infinite magnitude: no requirement (TOSA).
      if (std::isnan(mag)) return 0;
      if (std::isinf(mag)) return std::numeric_limits<double>::infinity();
      const double ksb = static_cast<double>(aux.dot_terms > 0 ? aux.dot_terms : 1);
      // TOSA: |err| <= ABS_BOUND in units of mag * 2^(-1-nf); ABS_BOUND = 3*2*ksb
      // for fp32 inputs, 2*ksb otherwise (quantization_semantics 5.2).
      const double factor = nf == 23 ? 6.0 : 2.0;
      allowed = mag == 0 ? 0.0 : factor * ksb * mag * std::ldexp(1.0, -1 - nf) + ref_rounding;
      // Derivation (underflow, C-964): the bound above is relative, which holds
      // while each product a*b computed in the output's precision is normal. A
      // product below the smallest normal rounds with an absolute error of at
      // most s_min / 2 (s_min the smallest subnormal), not |a*b| * 2^-(nf+1);
      // a sum whose exact result is subnormal is exact, and one whose result
      // is normal is covered by the relative term. So ksb products add at most
      // ksb * s_min / 2. It matters only for outputs within ksb * s_min / 2 of
      // the reference (Arm NN's float32 conv: two subnormal products, expected
      // 4 s_min, computed 3 s_min).
      if (mag != 0) allowed += ksb * 0.5 * UlpOf(0.0, nf);
      // Normalisations (C-965): an intermediate rounded into the subnormal
      // range before a division (CpuRef's ((x - mean) * gamma) / sigma) errs
      // by s_min / 2, which reaches y multiplied by the gain the spec's aux
      // derives (conformance/specs/norm_reference_aux.cc).
      if (mag != 0 && i < aux.underflow_gain.size()) allowed += aux.underflow_gain[i] * 0.5 * UlpOf(0.0, nf);
      break;
    }
    case ToleranceKind::kAtolRtol:
      allowed = tol.atol + tol.rtol * std::fabs(ref);
      break;
    case ToleranceKind::kElementBound:
      if (i >= aux.magnitude.size()) {
        *error = "comparator needs the composed bound for element " + std::to_string(i);
        return 0;
      }
      allowed = aux.magnitude[i];
      break;
    case ToleranceKind::kNoRow:
      allowed = 0;
      break;
  }
  if (tol.intermediate_underflow) {
    // Derivation (SOFTMAX): y_j = e_j / S with e_j = fl(exp(d_j)) and S >= 1
    // (the row's maximum gives exp(0) = 1). When e_j is subnormal its rounding
    // error is at most half the smallest subnormal s_min / 2 in absolute terms
    // (not e_j * 2^-(nf+1)); divided by S >= 1 it stays <= s_min / 2 in y_j.
    // The relative bound above covers the other roundings; this term is the
    // rest. It matters only for outputs within a few s_min of 0 (Arm NN's
    // float32 softmax: exp(-100) / S gives 24 s_min where the exact 23.38
    // s_min rounds to 23).
    allowed += 0.5 * UlpOf(0.0, nf);
  }
  if (tol.fp16_relaxed) {
    const double mag = i < aux.magnitude.size() ? aux.magnitude[i] : std::fabs(ref);
    allowed += tol.fp16_relaxed_factor * std::ldexp(1.0, -11) * mag + ref_rounding;
  }
  return allowed;
}

namespace {

// Float acceptance rules of quantization_semantics 5.2 (TOSA general rules).
bool FloatElementOk(const Tolerance& tol, DataType out_type, double ref, double act, double allowed) {
  // An infinite bound (the magnitude overflowed) sets no requirement: the
  // result may overflow, or not, depending on the summation order (TOSA).
  if (std::isinf(allowed) && !tol.strict) return true;
  if (std::isnan(ref)) return std::isnan(act);
  if (std::isnan(act)) return false;
  if (tol.strict) return ref == act && std::signbit(ref) == std::signbit(act);
  // +0 == -0 (TOSA EXACT), unless the op defines the sign of zero exactly.
  if (ref == act) return !(tol.signed_zero && ref == 0 && std::signbit(ref) != std::signbit(act));
  if (std::isinf(ref)) return false;
  if (std::isnan(allowed)) return false;
  if (std::isinf(act)) {
    // An infinity is acceptable only when the bound itself reaches past the
    // largest finite value in that direction.
    return std::signbit(act) == std::signbit(ref) && std::fabs(ref) + allowed > LargestFinite(out_type);
  }
  if (std::fabs(act - ref) <= allowed) return true;
  // Flush-to-zero hardware: an output 0 is fine when the reference interval
  // reaches below the smallest normal.
  if (act == 0 && std::fabs(ref) - allowed < SmallestNormal(FractionBitsOf(out_type))) return true;
  return false;
}

void RecordWorst(CompareResult* r, size_t i, double ratio, double* worst_ratio, double expected, double actual,
                 double error, double allowed) {
  if (r->worst_index >= 0 && !(ratio > *worst_ratio)) return;
  *worst_ratio = ratio;
  r->worst_index = static_cast<int64_t>(i);
  r->worst_expected = expected;
  r->worst_actual = actual;
  r->worst_error = error;
  r->worst_allowed = allowed;
}

// Sign test on the +-1 differences (docs/conformance.md "Rounding bias"): an
// unbiased implementation's near-tie differences are +1 or -1 with equal
// probability, so with n of them the count k on the rarer side follows
// Binomial(n, 1/2). The tensor fails when the two-sided tail 2 P(X <= k) is
// below kBiasFalseAlarm and n >= kMinBiasSample; floor instead of round
// (every difference -1) is flagged once 32 elements differ.
constexpr size_t kMinBiasSample = 32;
constexpr double kBiasFalseAlarm = 1e-9;

// log P(X <= k) for X ~ Binomial(n, 1/2), summed in the log domain.
double LogBinomialHalfTail(size_t n, size_t k) {
  const double log_half_n = static_cast<double>(n) * std::log(0.5);
  double log_sum = -std::numeric_limits<double>::infinity();
  for (size_t i = 0; i <= k; ++i) {
    const double log_term = std::lgamma(static_cast<double>(n) + 1) - std::lgamma(static_cast<double>(i) + 1) -
                            std::lgamma(static_cast<double>(n - i) + 1) + log_half_n;
    const double hi = std::max(log_sum, log_term);
    log_sum = hi + std::log(std::exp(log_sum - hi) + std::exp(log_term - hi));
  }
  return log_sum;
}

void CheckRoundingBias(CompareResult* r) {
  const size_t n = r->plus_one + r->minus_one;
  if (n < kMinBiasSample || !r->pass || r->mismatches > 0) return;
  const size_t k = std::min(r->plus_one, r->minus_one);
  r->bias_p_value = std::min(1.0, 2.0 * std::exp(LogBinomialHalfTail(n, k)));
  if (r->bias_p_value >= kBiasFalseAlarm) return;
  r->pass = false;
  r->message = "systematic rounding bias: of " + std::to_string(n) + " elements off by one LSB, " +
               std::to_string(r->plus_one) + " are +1 and " + std::to_string(r->minus_one) +
               " are -1 (sign test p = " + std::to_string(r->bias_p_value) +
               " < 1e-9); e.g. floor or truncation instead of rounding to nearest (quantization_semantics 4.3)";
}

void CompareIntegers(const Tolerance& tol, const OutputView& e, const OutputView& a, const ReferenceAux& aux,
                     CompareResult* r) {
  const int64_t lsb = tol.kind == ToleranceKind::kLsb ? tol.lsb : 0;
  double worst_ratio = 0;
  double signed_sum = 0;
  size_t compared = 0;
  r->unit = "lsb";
  for (size_t i = 0; i < e.elements; ++i) {
    if (i < aux.skip.size() && aux.skip[i]) {
      ++r->skipped;
      continue;
    }
    double diff;
    double ev, av;
    if (e.dtype == DataType::kUint64) {
      const uint64_t eu = LoadAsUint64(e.data, i), au = LoadAsUint64(a.data, i);
      ev = static_cast<double>(eu);
      av = static_cast<double>(au);
      diff = eu == au ? 0.0 : (au > eu ? static_cast<double>(au - eu) : -static_cast<double>(eu - au));
    } else {
      const int64_t ei = LoadAsInt64(e.dtype, e.data, i), ai = LoadAsInt64(a.dtype, a.data, i);
      ev = static_cast<double>(ei);
      av = static_cast<double>(ai);
      // Difference in double: exact for 8/16/32-bit types, monotone for int64.
      diff = static_cast<double>(ai) - static_cast<double>(ei);
    }
    ++compared;
    signed_sum += diff;
    if (diff == 1) ++r->plus_one;
    if (diff == -1) ++r->minus_one;
    const double err = std::fabs(diff);
    if (err > static_cast<double>(lsb)) ++r->mismatches;
    if (err > 0) {
      const double ratio = lsb == 0 ? std::numeric_limits<double>::infinity() : err / static_cast<double>(lsb);
      RecordWorst(r, i, ratio, &worst_ratio, ev, av, err, static_cast<double>(lsb));
    }
  }
  r->mean_signed_error = compared > 0 ? signed_sum / static_cast<double>(compared) : 0.0;
  if (tol.bias_check) CheckRoundingBias(r);
}

constexpr size_t kMinDotProductsForVariance = 1000;

void CompareFloats(const Tolerance& tol, const OutputView& e, const OutputView& a, const ReferenceAux& aux,
                   CompareResult* r) {
  const int nf_out = FractionBitsOf(e.dtype);
  double worst_ratio = 0;
  r->unit = "ulp";
  const bool dot = tol.kind == ToleranceKind::kDotProduct && !tol.strict;
  const double ksb = static_cast<double>(aux.dot_terms > 0 ? aux.dot_terms : 1);
  size_t rms_count = 0;
  for (size_t i = 0; i < e.elements; ++i) {
    if (i < aux.skip.size() && aux.skip[i]) {
      ++r->skipped;
      continue;
    }
    const double ev = LoadAsDouble(e.dtype, e.data, i);
    const double av = LoadAsDouble(a.dtype, a.data, i);
    std::string aux_error;
    const double allowed = FloatAllowedError(tol, e.dtype, ev, i, aux, &aux_error);
    if (!aux_error.empty()) {
      r->pass = false;
      r->message = aux_error;
      return;
    }
    const bool ok = FloatElementOk(tol, e.dtype, ev, av, allowed);
    const double ulp = UlpOf(ev, nf_out);
    double err_ulp;
    if (std::isnan(ev) && std::isnan(av)) {
      err_ulp = 0;
    } else if (std::isnan(ev) || std::isnan(av) || std::isinf(ev) || std::isinf(av)) {
      err_ulp = (ev == av) ? 0 : std::numeric_limits<double>::infinity();
    } else {
      err_ulp = std::fabs(av - ev) / ulp;
      if ((tol.strict || tol.signed_zero) && err_ulp == 0 && std::signbit(ev) != std::signbit(av)) {
        err_ulp = 1;  // -0 vs +0
      }
    }
    if (!ok) ++r->mismatches;
    if (err_ulp > 0) {
      // Failing elements rank above passing ones, then by error in ulps.
      const double ratio = !ok ? 1e30 + (std::isinf(err_ulp) ? 1e30 : err_ulp)
                               : (allowed > 0 ? std::fabs(av - ev) / allowed : 0.0);
      RecordWorst(r, i, ratio, &worst_ratio, ev, av, err_ulp, allowed / ulp);
    }
    if (dot && std::isfinite(ev) && std::isfinite(av) && i < aux.magnitude.size() &&
        std::isfinite(aux.magnitude[i])) {
      const double unit = std::max(aux.magnitude[i] * std::ldexp(1.0, -1 - tol.fraction_bits),
                                   SmallestNormal(tol.fraction_bits));
      const double err = (av - ev) / unit;
      r->rms_sum += err * err;
      ++rms_count;
    }
  }
  // TOSA only judges the variance over at least MIN_DOT_PRODUCTS = 1000
  // outputs; below that the statistic is noise (conformance_anchors 1.2 (a)).
  if (dot && rms_count >= kMinDotProductsForVariance) {
    r->rms_checked = true;
    r->rms_limit = 1.6 * ksb * static_cast<double>(rms_count);
    if (r->rms_sum > r->rms_limit && r->mismatches == 0) {
      r->pass = false;
      r->message = "dot-product error variance too large: sum(err^2) = " + std::to_string(r->rms_sum) +
                   " > 1.6*ksb*T = " + std::to_string(r->rms_limit) + " (TOSA, quantization_semantics 5.2)";
    }
  }
}

}  // namespace

CompareResult CompareTensor(const Tolerance& tol, const OutputView& expected, const OutputView& actual,
                            const ReferenceAux& aux) {
  CompareResult r;
  r.elements = expected.elements;
  if (tol.kind == ToleranceKind::kNoRow) {
    r.pass = false;
    r.message = std::string("no tolerance row: ") + tol.anchor;
    return r;
  }
  if (expected.dtype != actual.dtype) {
    r.pass = false;
    r.message = std::string("data type differs: expected ") + DataTypeName(expected.dtype) + ", got " +
                DataTypeName(actual.dtype);
    return r;
  }
  if (expected.elements != actual.elements) {
    r.pass = false;
    r.message = "element count differs: expected " + std::to_string(expected.elements) + ", got " +
                std::to_string(actual.elements);
    return r;
  }
  if (expected.elements > 0 && (expected.data == nullptr || actual.data == nullptr)) {
    r.pass = false;
    r.message = "missing output data";
    return r;
  }
  if (IsFloatType(expected.dtype)) {
    CompareFloats(tol, expected, actual, aux, &r);
  } else {
    CompareIntegers(tol, expected, actual, aux, &r);
  }
  if (!r.message.empty()) return r;  // comparator error or RMS failure already set
  if (r.mismatches > 0) {
    r.pass = false;
    std::ostringstream os;
    os << r.mismatches << " of " << r.elements << " elements outside the bound (" << DescribeTolerance(tol)
       << "); worst element " << r.worst_index << ": expected " << FormatDouble(r.worst_expected) << ", got "
       << FormatDouble(r.worst_actual) << ", error " << r.worst_error << " " << r.unit << " (allowed "
       << r.worst_allowed << " " << r.unit << ")";
    r.message = os.str();
  }
  return r;
}

std::string CompareResult::ToString() const {
  std::ostringstream os;
  os << (pass ? "PASS" : "FAIL") << ": " << elements << " elements, " << mismatches << " mismatches, " << skipped
     << " skipped";
  if (worst_index >= 0) {
    os << "; worst element " << worst_index << ": expected " << FormatDouble(worst_expected) << ", got "
       << FormatDouble(worst_actual) << ", error " << worst_error << " " << unit << " (allowed " << worst_allowed
       << " " << unit << ")";
  }
  if (plus_one + minus_one > 0) {
    os << "; +1: " << plus_one << ", -1: " << minus_one << ", mean signed error " << mean_signed_error;
  }
  if (rms_checked) os << "; sum err^2 " << rms_sum << " <= " << rms_limit << "?";
  if (!message.empty()) os << "; " << message;
  return os.str();
}

}  // namespace cts
}  // namespace nnrt
