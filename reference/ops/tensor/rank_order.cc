#include "reference/ops/tensor/rank_order.h"

#include <cmath>
#include <utility>

#include "reference/numerics/numerics.h"

namespace nnrt {

void RankRow::Load(const uint8_t* data, size_t base, size_t stride, int64_t size) {
  const auto n = static_cast<size_t>(size);
  if (integer_) {
    ints_.resize(n);
    for (size_t k = 0; k < n; ++k) ints_[k] = LoadAsInt64(dtype_, data, base + k * stride);
  } else {
    reals_.resize(n);
    for (size_t k = 0; k < n; ++k) reals_[k] = LoadAsDouble(dtype_, data, base + k * stride);
  }
}

// C-554: a is larger; NaN is above every number, two NaNs are equal.
bool RankRow::Above(size_t a, size_t b) const {
  if (integer_) return ints_[a] > ints_[b];
  const double x = reals_[a], y = reals_[b];
  if (std::isnan(x)) return !std::isnan(y);
  if (std::isnan(y)) return false;
  return x > y;
}

// Selection of the first `count` in ranking order: position r takes the
// element of order[r ..] that precedes all others there.
void RankRow::SelectFirst(int64_t count, std::vector<int64_t>* order) const {
  const size_t n = integer_ ? ints_.size() : reals_.size();
  order->resize(n);
  for (size_t k = 0; k < n; ++k) (*order)[k] = static_cast<int64_t>(k);
  for (size_t r = 0; r < static_cast<size_t>(count) && r < n; ++r) {
    size_t best = r;
    for (size_t c = r + 1; c < n; ++c) {
      if (Precedes(static_cast<size_t>((*order)[c]), static_cast<size_t>((*order)[best]))) best = c;
    }
    std::swap((*order)[r], (*order)[best]);
  }
}

void RankRow::StoreTo(size_t k, const TensorArg& x, bool requantize, TensorArg& out, size_t dst) const {
  if (requantize) {
    const double real = Dequantize(ints_[k], x.quant().scale, x.quant().zero_point);
    StoreInt64(out.dtype(), out.mutable_data, dst,
               QuantizeHalfAwayFromZero(real, out.quant().scale, out.quant().zero_point, QuantMin(out.dtype()),
                                        QuantMax(out.dtype())));
  } else if (integer_) {
    StoreInt64(out.dtype(), out.mutable_data, dst, ints_[k]);
  } else {
    StoreDouble(out.dtype(), out.mutable_data, dst, reals_[k]);
  }
}

}  // namespace nnrt
