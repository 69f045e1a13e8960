#include "conformance/tolerance/accumulation_bounds.h"

#include <cmath>
#include <functional>
#include <limits>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_def.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/tensor/reduce.h"
#include "reference/ops/nn/softmax.h"

namespace nnrt {
namespace cts {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// Row k of the softmax: element j at base + j * inner.
void SoftmaxRowBounds(bool log, const std::vector<double>& x, int64_t base, int64_t n, int64_t inner,
                      std::vector<double>* mag) {
  auto at = [&](int64_t j) { return static_cast<size_t>(base + j * inner); };
  double m = -kInf;
  bool nan = false;
  for (int64_t j = 0; j < n; ++j) {
    nan = nan || std::isnan(x[at(j)]);
    if (x[at(j)] > m) m = x[at(j)];
  }
  if (nan || std::isinf(m)) {  // the reference row is NaN (C-541): the NaN rule decides
    for (int64_t j = 0; j < n; ++j) (*mag)[at(j)] = kNaN;
    return;
  }
  double sum = 0;
  for (int64_t j = 0; j < n; ++j) sum += std::exp(x[at(j)] - m);
  // A = sum y|d| (exp error carried into the sum), C = |m| + sum y|x| (input
  // rounding under enableFloat16); terms with y = 0 contribute nothing.
  double a = 0, c = std::fabs(m);
  for (int64_t j = 0; j < n; ++j) {
    const double d = x[at(j)] - m, y = std::exp(d) / sum;
    if (y > 0) {
      a += y * std::fabs(d);
      c += y * std::fabs(x[at(j)]);
    }
  }
  const double log_sum = std::fabs(std::log(sum));
  for (int64_t j = 0; j < n; ++j) {
    const double d = x[at(j)] - m, y = std::exp(d) / sum;
    const double spread = 1 + std::fabs(d) + a + std::fabs(x[at(j)]) + c;
    if (log) {
      (*mag)[at(j)] = std::isinf(d) ? 0.0 : 2 * (spread + log_sum);  // -inf entries are exact
    } else {
      (*mag)[at(j)] = y > 0 ? 2 * y * spread : 0.0;  // exact zeros stay exact
    }
  }
}

double LargestFinite(DataType t) {
  return t == DataType::kFloat16 ? 65504.0 : static_cast<double>(std::numeric_limits<float>::max());
}

double SmallestNormal(DataType t) { return t == DataType::kFloat16 ? std::ldexp(1.0, -14) : std::ldexp(1.0, -126); }

// The magnitude of one reduced set (docs/operators/reduce.md "REDUCE_FUSION bound").
double ReduceMagnitude(ReduceMode mode, const std::vector<double>& v, DataType out_type, double coeff,
                       bool coeff_applies) {
  double sum_abs = 0, sum_sq = 0, prod = 1, grow = 1;
  bool inf = false;
  for (double x : v) {
    if (std::isnan(x)) return kNaN;
    inf = inf || std::isinf(x);
    sum_abs += std::fabs(x);
    sum_sq += x * x;
    prod *= std::fabs(x);
    grow *= std::max(std::fabs(x), 1.0);
  }
  const double c = std::fabs(coeff);
  switch (mode) {
    case ReduceMode::kMax:
    case ReduceMode::kMin: {
      if (!coeff_applies || coeff == 1.0) return 0.0;  // exact: a selected input
      double r = 0;
      for (double x : v) r = std::max(r, std::fabs(x));
      return r * c;  // one rounded product
    }
    case ReduceMode::kProd:
      if (inf) return 0.0;  // +-inf or NaN in every order: exact
      // Some order's partial product may overflow: no requirement then.
      if (grow > LargestFinite(out_type)) return kInf;
      return (prod + grow * SmallestNormal(out_type)) * c;
    case ReduceMode::kMean: return sum_abs / static_cast<double>(v.size()) * c;
    case ReduceMode::kSumSquare: return sum_sq * c;
    case ReduceMode::kL2: return std::sqrt(sum_sq) * c;
    default: return sum_abs * c;  // SUM, ASUM
  }
}

}  // namespace

Status SoftmaxBounds(const Node& node, const Dims& dims, const std::vector<double>& x, ReferenceAux* aux) {
  int32_t axis = 0;
  NNRT_RETURN_IF_ERROR(SoftmaxAxis(node, dims.size(), &axis));
  const int64_t n = dims[static_cast<size_t>(axis)], inner = InnerSize(dims, axis);
  aux->magnitude.assign(x.size(), 0.0);
  const int64_t outer = n * inner == 0 ? 0 : static_cast<int64_t>(x.size()) / (n * inner);
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      SoftmaxRowBounds(node.type == NodeType::LOG_SOFTMAX, x, o * n * inner + i, n, inner, &aux->magnitude);
    }
  }
  // Terms: n - 1 additions, exp, division (log), the subtraction of the max,
  // with margin (docs/conformance.md).
  aux->dot_terms = n + 8;
  return Status::Ok();
}

Status ReduceBounds(const Node& node, const Dims& dims, const std::vector<double>& x,
                    const std::vector<int64_t>& axes, DataType out_type, ReferenceAux* aux) {
  std::vector<bool> reduced;
  NNRT_RETURN_IF_ERROR(ReducedAxes(axes, dims.size(), GetBoolAttr(node, "reduceToEnd", false), &reduced));
  const auto mode = static_cast<ReduceMode>(GetIntAttr(node, "mode", 0));
  const double coeff = GetFloatAttr(node, "coeff", 0.0f);
  const bool coeff_applies = GetBoolAttr(node, "reduceToEnd", false) && coeff != 0.0;
  Dims kept = dims, over = dims;
  for (size_t i = 0; i < dims.size(); ++i) (reduced[i] ? kept[i] : over[i]) = 1;
  const std::vector<int64_t> strides = RowMajorStrides(dims);
  std::vector<int64_t> offsets;
  ForEachIndex(over, [&](const std::vector<int64_t>& index, int64_t) { offsets.push_back(OffsetOf(index, strides)); });
  std::vector<double> v(offsets.size());
  aux->magnitude.clear();
  ForEachIndex(kept, [&](const std::vector<int64_t>& index, int64_t) {
    const int64_t base = OffsetOf(index, strides);
    for (size_t k = 0; k < offsets.size(); ++k) v[k] = x[static_cast<size_t>(base + offsets[k])];
    aux->magnitude.push_back(ReduceMagnitude(mode, v, out_type, coeff_applies ? coeff : 1.0, coeff_applies));
  });
  // Terms: one rounding per reduced element, + 1 for MEAN's division, L2's
  // square root or the coeff product.
  aux->dot_terms = static_cast<int64_t>(offsets.size()) + 1;
  return Status::Ok();
}

Status SoftmaxReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                           ReferenceAux* aux) {
  const std::vector<double> x = FloatInput(c, node, 0);
  if (x.empty()) return Status::Ok();
  return SoftmaxBounds(node, ActualDims(c, node.inputs[0]), x, aux);
}

Status ReduceReferenceAux(const TestCase& c, const Node& node, size_t output_index, bool want_magnitude,
                          ReferenceAux* aux) {
  const std::vector<double> x = FloatInput(c, node, 0);
  if (x.empty() || node.inputs.size() < 2 || output_index >= c.model.outputs.size()) return Status::Ok();
  const Tensor& axes_tensor = c.model.tensors[node.inputs[1]];
  const std::vector<uint8_t>* axes_data = TensorData(c, node.inputs[1]);
  if (axes_data == nullptr || !IsIntegerType(axes_tensor.data_type)) return Status::Ok();
  std::vector<int64_t> axes(axes_data->size() / DataTypeSize(axes_tensor.data_type));
  for (size_t i = 0; i < axes.size(); ++i) axes[i] = LoadAsInt64(axes_tensor.data_type, axes_data->data(), i);
  const DataType out_type = c.model.tensors[c.model.outputs[output_index]].data_type;
  return ReduceBounds(node, ActualDims(c, node.inputs[0]), x, axes, out_type, aux);
}

}  // namespace cts
}  // namespace nnrt
