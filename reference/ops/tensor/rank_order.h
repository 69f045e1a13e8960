// The ranking shared by ARGMAX_FUSION and TOPK_FUSION (C-554, C-589): along
// one row, larger values first, NaN above every number, equal values (−0 and
// +0 included) by ascending index.
#ifndef NNRT_REFERENCE_OPS_RANK_ORDER_H_
#define NNRT_REFERENCE_OPS_RANK_ORDER_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"

namespace nnrt {

// One row of a tensor along an axis. Integer types (int8/uint8 codes of one
// per-tensor scale included, whose order is the real values' order) compare
// exactly as int64; float types as doubles.
class RankRow {
 public:
  explicit RankRow(DataType dtype) : dtype_(dtype), integer_(!IsFloatType(dtype)) {}

  // Loads `size` elements of `data` at base, base + stride, base + 2·stride, ...
  void Load(const uint8_t* data, size_t base, size_t stride, int64_t size);
  // Element a has a larger value than element b (NaN above every number).
  bool Above(size_t a, size_t b) const;
  // Element a comes before element b in the ranking: above it, or neither
  // above the other and a lower index.
  bool Precedes(size_t a, size_t b) const { return Above(a, b) || (!Above(b, a) && a < b); }
  // The first `count` elements of the ranking, in ranking order, in
  // (*order)[0 .. count); the rest of *order holds the other indices.
  void SelectFirst(int64_t count, std::vector<int64_t>* order) const;

  // Writes element k to element `dst` of `out`: requantized from x's quant
  // params to out's (half away from zero) when `requantize`, else the code
  // (integer types) or the value (float types) as it is.
  void StoreTo(size_t k, const TensorArg& x, bool requantize, TensorArg& out, size_t dst) const;

  bool integer() const { return integer_; }
  double real(size_t k) const { return reals_[k]; }
  int64_t code(size_t k) const { return ints_[k]; }

 private:
  DataType dtype_;
  bool integer_;
  std::vector<double> reals_;
  std::vector<int64_t> ints_;
};

// For each row (o, i) of `x` seen as [outer, axis_size, inner], row-major:
// loads it into `row`, puts its first `count` in ranking order at the front
// of `order` (RankRow::SelectFirst) and calls visit(o, i, order).
template <typename Visit>
void ForEachRankedRow(const TensorArg& x, int64_t outer, int64_t axis_size, int64_t inner, int64_t count,
                      RankRow& row, Visit visit) {
  std::vector<int64_t> order;
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      row.Load(x.data, static_cast<size_t>(o * axis_size * inner + i), static_cast<size_t>(inner), axis_size);
      row.SelectFirst(count, &order);
      visit(o, i, order);
    }
  }
}

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_RANK_ORDER_H_
