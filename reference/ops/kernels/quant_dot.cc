#include "reference/ops/kernels/quant_dot.h"

#include <algorithm>
#include <cstring>

#include "reference/numerics/numerics.h"
#include "reference/ops/kernels/block_requantize.h"
#include "reference/ops/kernels/cpu_clones.h"

// The dot loops below are integer sums, which any vectorization leaves exact.
// gcc's -O2 vectorizes only loops whose trip count is a known multiple of the
// vector length ("very cheap" cost model); the "cheap" model also takes these
// reductions (widening int16 products into int32 sums, SSE2 pmaddwd). No
// floating-point code is in this file; clang has no such switch and needs none.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("vect-cost-model=cheap")
#endif

namespace nnrt {
namespace {

// Terms one int32 partial sum takes: 2^15 * 255 * 255 = 2130739200 < 2^31 - 1,
// so no partial sum can overflow (C-756); the partial sums add up in int64.
constexpr int64_t kTermsPerInt32Sum = int64_t{1} << 15;
static_assert(kTermsPerInt32Sum % kCentredRowAlign == 0, "chunks keep the row alignment");
static_assert(kTermsPerInt32Sum * 255 * 255 <= INT32_MAX, "an int32 partial sum cannot overflow");

// Output rows of one requantization block: its accumulators stay in cache.
constexpr int64_t kRowBlock = 16;

template <typename Code>
void CentreTyped(const uint8_t* bytes, int64_t count, int32_t zero_point, int16_t* out) {
  for (int64_t i = 0; i < count; ++i) {
    out[i] = static_cast<int16_t>(static_cast<int32_t>(static_cast<Code>(bytes[i])) - zero_point);
  }
}

int32_t Dot1(const int16_t* a, const int16_t* b, int64_t len) {
  int32_t s = 0;
  for (int64_t k = 0; k < len; ++k) s += int32_t{a[k]} * int32_t{b[k]};
  return s;
}

// acc_r[c] += Σ_k a_r[k] * b_c[k] for two a rows and four b rows (b row c at
// b + c * b_stride): each loaded value feeds several sums. The sums go to
// acc straight from registers (through an int32 array they would be stored
// per element and loaded as a vector, a stalled store forwarding).
void Dot2x4(const int16_t* a0, const int16_t* a1, const int16_t* b, int64_t b_stride, int64_t len, int64_t* acc0,
            int64_t* acc1) {
  const int16_t* b0 = b;
  const int16_t* b1 = b0 + b_stride;
  const int16_t* b2 = b1 + b_stride;
  const int16_t* b3 = b2 + b_stride;
  int32_t s00 = 0, s01 = 0, s02 = 0, s03 = 0, s10 = 0, s11 = 0, s12 = 0, s13 = 0;
  for (int64_t k = 0; k < len; ++k) {
    const int32_t x0 = a0[k], x1 = a1[k];
    s00 += x0 * b0[k];
    s01 += x0 * b1[k];
    s02 += x0 * b2[k];
    s03 += x0 * b3[k];
    s10 += x1 * b0[k];
    s11 += x1 * b1[k];
    s12 += x1 * b2[k];
    s13 += x1 * b3[k];
  }
  acc0[0] += s00, acc0[1] += s01, acc0[2] += s02, acc0[3] += s03;
  acc1[0] += s10, acc1[1] += s11, acc1[2] += s12, acc1[3] += s13;
}

// acc[i * m.b_rows + j] += the terms k0 .. k0 + len - 1 of output (i, j).
__attribute__((always_inline)) inline void AddDots(const RowProducts& m, int64_t k0, int64_t len, int64_t* acc) {
  const int64_t n = m.b_rows;
  int64_t i = 0;
  for (; i + 2 <= m.a_rows; i += 2) {
    const int16_t* a0 = m.a + i * m.stride + k0;
    const int16_t* a1 = a0 + m.stride;
    int64_t j = 0;
    for (; j + 4 <= n; j += 4) {
      Dot2x4(a0, a1, m.b + j * m.stride + k0, m.stride, len, acc + i * n + j, acc + (i + 1) * n + j);
    }
    for (; j < n; ++j) {
      const int16_t* bj = m.b + j * m.stride + k0;
      acc[i * n + j] += Dot1(a0, bj, len);
      acc[(i + 1) * n + j] += Dot1(a1, bj, len);
    }
  }
  for (; i < m.a_rows; ++i) {
    for (int64_t j = 0; j < n; ++j) acc[i * n + j] += Dot1(m.a + i * m.stride + k0, m.b + j * m.stride + k0, len);
  }
}

}  // namespace

CentredRows::CentredRows(int64_t rows, int64_t depth)
    : rows_(rows),
      depth_(depth),
      stride_((depth + kCentredRowAlign - 1) / kCentredRowAlign * kCentredRowAlign),
      data_(static_cast<size_t>(rows * stride_), 0) {}

void CentreCodes(const TensorArg& t, int64_t first, int64_t count, int32_t zero_point, int16_t* out) {
  if (t.dtype() == DataType::kInt8) {
    CentreTyped<int8_t>(t.data + first, count, zero_point, out);
  } else {
    CentreTyped<uint8_t>(t.data + first, count, zero_point, out);
  }
}

std::vector<int16_t> CentredTensor(const TensorArg& t) {
  std::vector<int16_t> out(static_cast<size_t>(t.elements()));
  CentreCodes(t, 0, t.elements(), t.quant().zero_point, out.data());
  return out;
}

CentredRows CentredWeightRows(const TensorArg& w, int64_t rows, int64_t depth) {
  CentredRows out(rows, depth);
  const std::vector<QuantParam>& q = w.decl->quant_params;
  for (int64_t r = 0; r < rows; ++r) {
    CentreCodes(w, r * depth, depth, q[q.size() == 1 ? 0 : static_cast<size_t>(r)].zero_point, out.Row(r));
  }
  return out;
}

QuantRequantizer::QuantRequantizer(const OpContext& ctx, ActivationType act, bool has_bias)
    : y_(ctx.outputs[0].mutable_data),
      zero_point_(ctx.outputs[0].quant().zero_point),
      range_(FusedActivationQuantRange(act, ctx.outputs[0].dtype(), ctx.outputs[0].quant())) {
  // RequantizeAccumulator's multiplier, once per channel instead of once per output.
  const double s_x = ctx.inputs[0].quant().scale, s_y = ctx.outputs[0].quant().scale;
  for (const QuantParam& w : ctx.inputs[1].decl->quant_params) multipliers_.push_back((s_x * w.scale) / s_y);
  if (has_bias) {
    const TensorArg& b = ctx.inputs[2];
    for (int64_t c = 0; c < b.elements(); ++c) bias_.push_back(LoadAsInt64(DataType::kInt32, b.data, static_cast<size_t>(c)));
  }
}

// Inlined into each copy of MultiplyAndRequantize (its only caller).
__attribute__((always_inline)) inline void QuantRequantizer::WriteRow(size_t out_index, int64_t channel0,
                                                                      const int64_t* acc, int64_t count) const {
  // Locals: the byte stores may alias anything, so members would be reloaded per element.
  uint8_t* y = y_ + out_index;
  const int64_t* bias = bias_.empty() ? nullptr : bias_.data() + channel0;
  const int64_t m_step = multipliers_.size() > 1 ? 1 : 0;  // per channel or per tensor
  const double* m = multipliers_.data() + m_step * channel0;
  const int32_t zero_point = zero_point_;
  const int64_t lo = range_.lo, hi = range_.hi;
  // t = fl64(sum * M[c]) of outputs j0 .. j0 + n - 1 into t[0, n): |sum| <
  // 2^48 (C-301), so the conversion to double is exact. The per-tensor and
  // per-channel multipliers in loops of their own, which gcc packs.
  constexpr int kBlock = 8;
  const auto fill_t = [&](int64_t j0, int n, double* t) {
    for (int k = 0; k < n; ++k) {
      t[k] = static_cast<double>(bias != nullptr ? acc[j0 + k] + bias[j0 + k] : acc[j0 + k]);
    }
    if (m_step == 0) {
      for (int k = 0; k < n; ++k) t[k] *= m[0];
    } else {
      for (int k = 0; k < n; ++k) t[k] *= m[j0 + k];
    }
  };
  // fill_t of a whole block in lanes: acc + bias in int64 (exact), converted
  // exactly (|sum| < 2^48 + 2^31 < 2^51, SmallInt64LanesToBinary64), times
  // M[c]. The scalar loop converts one value at a time and stores each, and
  // the vector multiply then stalls reloading them.
  const auto fill_block = [&](int64_t j0, double* t) {
    for (int k = 0; k < kBlock; k += 4) {
      Int64x4 sum;
      std::memcpy(&sum, acc + j0 + k, sizeof(sum));
      if (bias != nullptr) {
        Int64x4 b;
        std::memcpy(&b, bias + j0 + k, sizeof(b));
        sum += b;
      }
      Binary64x4 d, multiplier;
      SmallInt64LanesToBinary64(sum, &d);
      if (m_step == 0) {
        multiplier = Binary64x4{} + m[0];
      } else {
        LoadLanes(m + j0 + k, &multiplier);
      }
      d *= multiplier;
      std::memcpy(t + k, &d, sizeof(d));
    }
  };
  // Blocks of 8 rounded in int32 lanes while every |t| <= 2^30 (the same
  // codes, block_requantize.h); other blocks and the tail one by one.
  double t[kBlock];
  int64_t j = 0;
  for (; j + kBlock <= count; j += kBlock) {
    fill_block(j, t);
    RoundBlockToBytes<kBlock>(t, zero_point, lo, hi, y + j);
  }
  const int tail = static_cast<int>(count - j);
  fill_t(j, tail, t);
  for (int k = 0; k < tail; ++k) y[j + k] = static_cast<uint8_t>(RoundAddZeroPointAndClamp(t[k], zero_point, lo, hi));
}

// Compiled twice (NNRT_CPU_CLONES): exact integer sums and the same rounding steps in both copies.
NNRT_CPU_CLONES void MultiplyAndRequantize(const RowProducts& rows, const QuantRequantizer& out, size_t out_base,
                           int64_t out_row_stride, int64_t channel0) {
  std::vector<int64_t> acc(static_cast<size_t>(std::min(kRowBlock, rows.a_rows) * rows.b_rows));
  for (int64_t first = 0; first < rows.a_rows; first += kRowBlock) {
    RowProducts block = rows;
    block.a = rows.a + first * rows.stride;
    block.a_rows = std::min(kRowBlock, rows.a_rows - first);
    std::fill(acc.begin(), acc.end(), 0);
    for (int64_t k0 = 0; k0 < rows.stride; k0 += kTermsPerInt32Sum) {
      AddDots(block, k0, std::min(kTermsPerInt32Sum, rows.stride - k0), acc.data());
    }
    for (int64_t i = 0; i < block.a_rows; ++i) {
      out.WriteRow(out_base + static_cast<size_t>((first + i) * out_row_stride + channel0), channel0,
                   acc.data() + i * rows.b_rows, rows.b_rows);
    }
  }
}

}  // namespace nnrt
