// The reference aux of the normalisation specs (norm_reference_aux.h).
#include "conformance/specs/nn/norm_reference_aux.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {
namespace cts {
namespace {

int64_t DimsProduct(const Dims& d, size_t from) {
  int64_t p = 1;
  for (size_t i = from; i < d.size(); ++i) p *= d[i];
  return p;
}

// Normalisation bound (docs/conformance.md "Normalisation bound"): per element
// m = |g|·(A/σ + 2·|x̂|·Q/σ²) + |g·x̂| + |b| with A = mean |x|, Q = mean x² of
// the row and σ² = variance + epsilon; ksb = row length + 4. A row of zeros
// has no error term (x − mean is exactly 0 everywhere); σ = 0 otherwise
// (constant row, epsilon 0) sets no requirement.
//
// Underflow gain (C-965). The bound above is relative; a rounding whose result
// is subnormal errs instead by up to s_min / 2 (s_min the smallest subnormal),
// and that error reaches y = g·d/σ + b (d = x − mean) multiplied by ∂y/∂(that
// intermediate). Additions and subtractions with a subnormal result are exact,
// so only products, quotients and the two means can err so:
//   - the first of the two roundings in g·d/σ, in any order: g·d (then /σ,
//     gain 1/σ), d/σ (then ·g, gain |g|) or g/σ (then ·d, gain |d|); 1/σ is
//     never subnormal (σ <= 2^64 when the variance is finite in float32);
//   - the last product or quotient, gain 1; "+ b" is exact if y is subnormal;
//   - the mean Σx / n, gain |g| / σ (it shifts d; ∂σ²/∂mean = 0);
//   - σ²: each d² and the division by n add up to s_min / 2 in all (the squares'
//     sum is exact while subnormal), gain |∂y/∂σ²| = |g·x̂| / (2σ²) each, |g·x̂| / σ².
// So gain = max(1/σ, |g|, |d|) + 1 + |g| / σ + |g·x̂| / σ². It matters only for
// outputs within gain · s_min of the reference (Arm NN's CpuRef with g = 1.5 ·
// 2^-148: ((x − mean) · g) rounded, then / σ, one s_min off).
Status RowNorm(const TestCase& c, const Node& n, ReferenceAux* aux) {
  const std::vector<double> x = FloatInput(c, n, 0), g = FloatInput(c, n, 1), b = FloatInput(c, n, 2);
  const Dims xd = ActualDims(c, n.inputs[0]);
  if (x.empty() || g.empty() || b.empty() || xd.empty() || IsDynamic(xd)) return Status::Ok();
  const auto rank = static_cast<int64_t>(xd.size());
  const bool layer = n.type == NodeType::LAYER_NORM_FUSION;
  auto axis = [&](const char* name) {
    const int64_t a = GetIntAttr(n, name, 1);
    return static_cast<size_t>(a < 0 ? a + rank : a);
  };
  const int64_t row = layer ? DimsProduct(xd, axis("beginNormAxis")) : DimsProduct(xd, 2);
  const int64_t params = layer ? DimsProduct(xd, axis("beginParamsAxis")) : 1;
  const bool affine = !layer || GetBoolAttr(n, "elementwiseAffine", true);
  const double eps = GetFloatAttr(n, "epsilon", layer ? 1e-7f : 0.0f);
  if (row <= 0 || x.size() % static_cast<size_t>(row) != 0) return Status::Ok();
  aux->dot_terms = row + 4;
  aux->magnitude.assign(x.size(), 0.0);
  aux->underflow_gain.assign(x.size(), 0.0);
  for (size_t r = 0; r < x.size() / static_cast<size_t>(row); ++r) {
    const size_t base = r * static_cast<size_t>(row);
    double sum = 0, abs_sum = 0, sq_sum = 0;
    for (size_t j = 0; j < static_cast<size_t>(row); ++j) sum += x[base + j];
    const double mean = sum / static_cast<double>(row);
    double var = 0;
    for (size_t j = 0; j < static_cast<size_t>(row); ++j) {
      abs_sum += std::fabs(x[base + j]);
      sq_sum += x[base + j] * x[base + j];
      var += (x[base + j] - mean) * (x[base + j] - mean);
    }
    const double s2 = var / static_cast<double>(row) + eps;
    const double a_mean = abs_sum / static_cast<double>(row), q_mean = sq_sum / static_cast<double>(row);
    const double a_term = a_mean == 0 ? 0.0 : (s2 == 0 ? INFINITY : a_mean / std::sqrt(s2));
    const double q_term = a_mean == 0 || s2 == 0 ? 0.0 : q_mean / s2;
    for (size_t j = 0; j < static_cast<size_t>(row); ++j) {
      const size_t i = base + j;
      const size_t k = layer ? i % static_cast<size_t>(params) : r % g.size();
      const double gi = affine ? g[k % g.size()] : 1.0, bi = affine ? b[k % b.size()] : 0.0;
      const double xh = s2 == 0 ? 0.0 : (x[i] - mean) / std::sqrt(s2);
      aux->magnitude[i] = std::fabs(gi) * (a_term + 2 * std::fabs(xh) * q_term) + std::fabs(gi * xh) + std::fabs(bi);
      if (s2 > 0) {
        const double sigma = std::sqrt(s2), d = std::fabs(x[i] - mean);
        aux->underflow_gain[i] = std::max({1 / sigma, std::fabs(gi), d}) + 1 + std::fabs(gi) / sigma +
                                 std::fabs(gi * xh) / s2;
      }
    }
  }
  return Status::Ok();
}

// FUSED_BATCH_NORM: m = |scale|·(|x| + |mean|)/σ + |offset| per element
// (σ² = variance + epsilon of the channel), ksb = 4 (docs/conformance.md).
Status BatchNorm(const TestCase& c, const Node& n, ReferenceAux* aux) {
  const std::vector<double> x = FloatInput(c, n, 0), scale = FloatInput(c, n, 1), offset = FloatInput(c, n, 2),
                            mean = FloatInput(c, n, 3), var = FloatInput(c, n, 4);
  if (x.empty() || scale.empty() || scale.size() != offset.size() || scale.size() != mean.size() ||
      scale.size() != var.size()) {
    return Status::Ok();
  }
  const double eps = GetFloatAttr(n, "epsilon", 1e-4f);
  aux->dot_terms = 4;
  aux->magnitude.resize(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const size_t ch = i % scale.size();
    const double sigma = std::sqrt(var[ch] + eps);
    aux->magnitude[i] = std::fabs(scale[ch]) * (std::fabs(x[i]) + std::fabs(mean[ch])) / sigma + std::fabs(offset[ch]);
  }
  return Status::Ok();
}

}  // namespace

Status RowNormReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                           ReferenceAux* aux) {
  if (want_magnitude && node.inputs.size() >= 3) return RowNorm(c, node, aux);
  return Status::Ok();
}

Status BatchNormReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                             ReferenceAux* aux) {
  if (want_magnitude && node.inputs.size() >= 5) return BatchNorm(c, node, aux);
  return Status::Ok();
}

// ksb = group size + 4; m = |y| from the bounds-mode run on |x| (docs/conformance.md).
Status L2NormalizeReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                               ReferenceAux* aux) {
  if (node.inputs.empty()) return Status::Ok();
  const Dims xd = ActualDims(c, node.inputs[0]);
  const std::vector<int64_t> axes = GetIntsAttr(node, "axis");
  int64_t n = axes.empty() ? DimsProduct(xd, 0) : 1;
  for (int64_t a : axes) {
    const int64_t k = a < 0 ? a + static_cast<int64_t>(xd.size()) : a;
    if (k >= 0 && k < static_cast<int64_t>(xd.size())) n *= xd[static_cast<size_t>(k)];
  }
  return DotProductAux(c, output_index, want_magnitude, n + 4, aux);
}

Status ScaleReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                         ReferenceAux* aux) {
  return DotProductAux(c, output_index, want_magnitude, 2, aux);  // x·scale + bias
}

}  // namespace cts
}  // namespace nnrt
