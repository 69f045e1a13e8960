#include "importers/onnx/onnx_agreement.h"

#include <cmath>
#include <cstdio>

#include "reference/numerics/numerics.h"

namespace nnrt {
namespace onnx_import {
namespace {

std::string Num(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

// Outside C-791's bound only because the peer's absolute resolution near zero
// is coarser than atol (C-895, kNearZeroAbsolute).
bool IsNearZeroDifference(double a, double e, double diff) {
  return diff <= kNearZeroAbsolute && std::fabs(a) <= kNearZeroValues && std::fabs(e) <= kNearZeroValues;
}

// One output; returns false with `line` saying why when it disagrees.
bool CompareOne(const HostTensor& ref, const HostTensor& exp, std::string* line, size_t* near_zero) {
  *line = exp.name + ": ";
  if (ref.data_type != exp.data_type || ref.dims != exp.dims) {
    *line += std::string("reference ") + DataTypeName(ref.data_type) + " " + DimsToString(ref.dims) + ", ONNX " +
             DataTypeName(exp.data_type) + " " + DimsToString(exp.dims);
    return false;
  }
  const size_t n = static_cast<size_t>(ElementCount(exp.dims).value_or(0));
  const bool is_float = IsFloatType(exp.data_type);
  double worst_excess = -1;
  size_t worst = 0;
  double worst_diff = 0, worst_allowed = 0;
  std::string near_zero_text;
  for (size_t i = 0; i < n; ++i) {
    if (!is_float) {
      if (LoadAsInt64(ref.data_type, ref.data.data(), i) != LoadAsInt64(exp.data_type, exp.data.data(), i)) {
        *line += "element " + std::to_string(i) + ": reference " +
                 std::to_string(LoadAsInt64(ref.data_type, ref.data.data(), i)) + ", ONNX " +
                 std::to_string(LoadAsInt64(exp.data_type, exp.data.data(), i)) + " (integers must be equal)";
        return false;
      }
      continue;
    }
    const double a = LoadAsDouble(ref.data_type, ref.data.data(), i);
    const double e = LoadAsDouble(exp.data_type, exp.data.data(), i);
    if (std::isnan(a) && std::isnan(e)) continue;
    const double diff = a == e ? 0.0 : std::fabs(a - e);  // equal infinities agree
    const double allowed = kOnnxAbsoluteTolerance + kOnnxRelativeTolerance * std::fabs(e);
    const double excess = std::isnan(diff) ? INFINITY : diff - allowed;
    if (!(diff <= allowed) && IsNearZeroDifference(a, e, diff)) {
      if (*near_zero < 3) near_zero_text += " [" + std::to_string(i) + "] reference " + Num(a) + ", ONNX " + Num(e) + ";";
      ++*near_zero;
      continue;
    }
    if (excess > worst_excess || worst_excess < 0) {
      worst_excess = excess;
      worst = i;
      worst_diff = diff;
      worst_allowed = allowed;
    }
    if (!(diff <= allowed)) {
      *line += "element " + std::to_string(i) + ": reference " + Num(a) + ", ONNX " + Num(e) + ", |diff| " + Num(diff) +
               " > allowed " + Num(allowed);
      return false;
    }
  }
  *line += "agrees";
  if (is_float && n > 0) *line += " (worst |diff| " + Num(worst_diff) + " at " + std::to_string(worst) + ", allowed " + Num(worst_allowed) + ")";
  if (*near_zero > 0) {
    *line += "; " + std::to_string(*near_zero) + " near-zero difference(s) within 2^-21 (C-895):" + near_zero_text +
             (*near_zero > 3 ? " ..." : "");
  }
  return true;
}

}  // namespace

Agreement CompareWithOnnxExpected(const std::vector<HostTensor>& reference, const std::vector<HostTensor>& onnx_expected) {
  Agreement result;
  for (const HostTensor& exp : onnx_expected) {
    const HostTensor* ref = nullptr;
    for (const HostTensor& r : reference) {
      if (r.name == exp.name) ref = &r;
    }
    std::string line;
    if (ref == nullptr) {
      line = exp.name + ": the imported model has no such output";
      result.agrees = false;
    } else {
      size_t near_zero = 0;
      if (!CompareOne(*ref, exp, &line, &near_zero)) result.agrees = false;
      result.near_zero_differences += near_zero;
    }
    result.report += line + "\n";
  }
  return result;
}

}  // namespace onnx_import
}  // namespace nnrt
