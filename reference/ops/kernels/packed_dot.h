// Typed building blocks of the accumulating kernels (CONV2D_FUSION,
// FULL_CONNECTION, MATMUL_FUSION): operands converted to binary64 (whole, or
// for the matrix products a bounded panel at a time), weights packed in blocks
// of kPackWidth output channels, and the dot-product
// loop that keeps one independent binary64 accumulator per output channel.
// Every accumulator receives its terms in the documented order, one product
// and one addition at a time, so the bits equal the straightforward loop
// (docs/semantics.md "Why the fast loop orders give the same bits").
#ifndef NNRT_REFERENCE_OPS_PACKED_DOT_H_
#define NNRT_REFERENCE_OPS_PACKED_DOT_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_def.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/kernels/binary64_lanes.h"
#include "reference/ops/kernels/block_requantize.h"

namespace nnrt {

// Output channels per packed block (one block = kPackWidth accumulators).
constexpr int64_t kPackWidth = 8;

// The elements of a float tensor as binary64 (exact conversion), in order.
std::vector<double> FloatsAsDoubles(const TensorArg& t);

// The codes of a quantized int8/uint8 tensor centred on their zero points,
// q - z, as binary64 (exact). `per_channel_run` is the number of consecutive
// elements sharing one quant param when the tensor has one param per channel
// along axis 0 (ignored for a single param).
std::vector<double> CentredCodesAsDoubles(const TensorArg& t, int64_t per_channel_run);

// A [rows x cols] weight matrix packed as column blocks of kPackWidth:
// data[(block * rows + r) * kPackWidth + j] = value(r, block * kPackWidth + j),
// 0.0 in the lanes past `cols` (lanes whose results are never read).
struct PackedWeights {
  int64_t rows = 0;
  int64_t cols = 0;
  std::vector<double> data;
  int64_t blocks() const { return (cols + kPackWidth - 1) / kPackWidth; }
  const double* Block(int64_t block) const { return data.data() + block * rows * kPackWidth; }
};

// Packs value(r, c) for r < rows, c < cols into *p, reusing its storage;
// `value` is called once per element.
template <typename ValueFn>
void PackWeightsInto(int64_t rows, int64_t cols, ValueFn value, PackedWeights* p) {
  p->rows = rows;
  p->cols = cols;
  p->data.assign(static_cast<size_t>(p->blocks() * rows * kPackWidth), 0.0);
  for (int64_t c = 0; c < cols; ++c) {
    double* lane = p->data.data() + (c / kPackWidth) * rows * kPackWidth + c % kPackWidth;
    for (int64_t r = 0; r < rows; ++r) lane[r * kPackWidth] = value(r, c);
  }
}

template <typename ValueFn>
PackedWeights PackWeights(int64_t rows, int64_t cols, ValueFn value) {
  PackedWeights p;
  PackWeightsInto(rows, cols, value, &p);
  return p;
}

// Calls fn(load) with load(i) = element i of the float tensor t as binary64
// (exact), typed once per call instead of once per element.
template <typename Fn>
void WithFloatLoader(const TensorArg& t, Fn fn) {
  const uint8_t* data = t.data;
  switch (t.dtype()) {
    case DataType::kFloat32:
      fn([data](int64_t i) {
        float v;
        std::memcpy(&v, data + i * 4, 4);
        return static_cast<double>(v);
      });
      return;
    case DataType::kFloat16:
      fn([data](int64_t i) {
        uint16_t bits;
        std::memcpy(&bits, data + i * 2, 2);
        return HalfBitsToDouble(bits);
      });
      return;
    default: {
      const DataType dtype = t.dtype();
      fn([data, dtype](int64_t i) { return LoadAsDouble(dtype, data, static_cast<size_t>(i)); });
    }
  }
}

// acc[j] += x[t] * w[t * kPackWidth + j] for t = 0 .. len-1 in ascending
// order, each lane j on its own: the terms of every accumulator in t order.
// The lanes are held as two Binary64x4 (binary64_lanes.h: lane-wise IEEE
// products and sums), so they stay in registers whatever else the compiler
// inlines around the call.
static_assert(kPackWidth == 8, "a block is two groups of four lanes");
__attribute__((always_inline)) inline void AccumulateBlock(const double* x, const double* w, int64_t len,
                                                           double* acc) {
  Binary64x4 a0, a1;
  LoadLanes(acc, &a0);
  LoadLanes(acc + 4, &a1);
  for (int64_t t = 0; t < len; ++t) {
    const double xv = x[t];
    Binary64x4 w0, w1;
    LoadLanes(w + t * kPackWidth, &w0);
    LoadLanes(w + t * kPackWidth + 4, &w1);
    a0 += xv * w0;
    a1 += xv * w1;
  }
  std::memcpy(acc, &a0, sizeof(a0));
  std::memcpy(acc + 4, &a1, sizeof(a1));
}

// The same for two x rows sharing the weights (two outputs per lane), each
// accumulator still on its own.
__attribute__((always_inline)) inline void AccumulateBlock2(const double* x0, const double* x1, const double* w,
                                                            int64_t len, double* acc0, double* acc1) {
  Binary64x4 a0, a1, b0, b1;
  LoadLanes(acc0, &a0);
  LoadLanes(acc0 + 4, &a1);
  LoadLanes(acc1, &b0);
  LoadLanes(acc1 + 4, &b1);
  for (int64_t t = 0; t < len; ++t) {
    const double xa = x0[t];
    const double xb = x1[t];
    Binary64x4 w0, w1;
    LoadLanes(w + t * kPackWidth, &w0);
    LoadLanes(w + t * kPackWidth + 4, &w1);
    a0 += xa * w0;
    a1 += xa * w1;
    b0 += xb * w0;
    b1 += xb * w1;
  }
  std::memcpy(acc0, &a0, sizeof(a0));
  std::memcpy(acc0 + 4, &a1, sizeof(a1));
  std::memcpy(acc1, &b0, sizeof(b0));
  std::memcpy(acc1 + 4, &b1, sizeof(b1));
}

// Writes finished accumulators to output 0 of an accumulating node (inputs
// x, weight, optional bias): float: + bias, fused activation, one rounding;
// quantized: the exact integer (|acc| < 2^48, C-301) + int32 bias,
// RequantizeAccumulator with the weight's per-tensor or per-channel params.
class AccumulatorWriter {
 public:
  AccumulatorWriter(const OpContext& ctx, ActivationType act, bool quantized, bool has_bias);
  void Write(size_t out_index, int64_t channel, double acc) const {
    if (float32_out_) {  // StoreDouble's float32 case, inline
      if (has_bias_) acc += bias_[static_cast<size_t>(channel)];
      const double v = ApplyFusedActivation(act_, acc);
      const float f = static_cast<float>(v);
      std::memcpy(y_data_ + out_index * 4, v != v ? static_cast<const void*>(&kCanonicalFloatNan) : &f, 4);  // C-433
      return;
    }
    if (quant8_out_) {  // q in the 8-bit type's range: its two's complement byte
      y_data_[out_index] = static_cast<uint8_t>(Requantize(channel, acc));
      return;
    }
    WriteAnyType(out_index, channel, acc);
  }

  // kCount consecutive outputs out_index.. of channels first_channel..: Write
  // for each. The float32 case runs four lanes at a time (binary64_lanes.h):
  // + bias, the fused clamp (ClampLanes, ApplyFusedActivation as bit masks),
  // one rounding, NaN canonical; the same steps with no branch per lane.
  template <int kCount>
  __attribute__((always_inline)) void WriteBlock(size_t out_index, int64_t first_channel, const double* acc) const {
    static_assert(kCount % 4 == 0, "whole groups of four lanes");
    if (quant8_out_) return WriteQuant8Block<kCount>(out_index, first_channel, acc);
    if (!float32_out_) {
      for (int j = 0; j < kCount; ++j) Write(out_index + j, first_channel + j, acc[j]);
      return;
    }
    const int64_t low = ClampLowMask(act_), high = ClampHighMask(act_);
    for (int h = 0; h < kCount; h += 4) {
      Binary64x4 v;
      LoadLanes(acc + h, &v);
      if (has_bias_) {
        Binary64x4 b;
        LoadLanes(bias_.data() + first_channel + h, &b);
        v += b;
      }
      ClampLanes(low, high, &v);
      StoreFloat32Lanes(v, y_data_ + (out_index + h) * 4);
    }
  }

 private:
  // WriteBlock's 8-bit case: Requantize for each lane. acc is an integer
  // below 2^48 (C-301) and the bias an int32 code, so fl64(acc + bias) is the
  // exact sum Requantize converts and t its t; RoundBlockToBytes gives
  // Requantize's codes (in int32 lanes while every |t| <= 2^30).
  template <int kCount>
  __attribute__((always_inline)) void WriteQuant8Block(size_t out_index, int64_t first_channel,
                                                       const double* acc) const {
    const bool one_multiplier = multipliers_.size() == 1;
    double t[kCount];
    for (int j = 0; j < kCount; ++j) {
      const size_t c = static_cast<size_t>(first_channel + j);
      const double sum = has_bias_ ? acc[j] + bias_code_doubles_[c] : acc[j];
      t[j] = sum * (one_multiplier ? multipliers_[0] : multipliers_[c]);
    }
    RoundBlockToBytes<kCount>(t, zero_point_, range_.lo, range_.hi, y_data_ + out_index);
  }

  void WriteAnyType(size_t out_index, int64_t channel, double acc) const;

  // The quantized output code: acc holds an integer below 2^48 in magnitude
  // (C-301), so the conversion is exact; + the int32 bias, then
  // RequantizeAccumulator's steps t = fl64(acc * M[c]), q = clamp(RHA(t + z_y)).
  int64_t Requantize(int64_t channel, double acc) const {
    int64_t sum = static_cast<int64_t>(acc);
    if (has_bias_) sum += bias_codes_[static_cast<size_t>(channel)];
    const double m = multipliers_.size() == 1 ? multipliers_[0] : multipliers_[static_cast<size_t>(channel)];
    return RoundAddZeroPointAndClamp(static_cast<double>(sum) * m, zero_point_, range_.lo, range_.hi);
  }

  bool float32_out_ = false;
  bool quant8_out_ = false;  // quantized, output int8 or uint8
  int32_t zero_point_ = 0;           // quantized: the output's
  std::vector<int64_t> bias_codes_;  // quantized with a bias: the int32 bias
  std::vector<double> bias_code_doubles_;  // the same codes as binary64 (exact)
  uint8_t* y_data_ = nullptr;
  const OpContext& ctx_;
  ActivationType act_;
  bool quantized_;
  bool has_bias_;
  QuantRange range_{0, 0};
  std::vector<double> bias_;
  std::vector<double> multipliers_;  // quantized: M[c] = fl64(fl64(s_x * s_w[c]) / s_y)
};

// Where a panel of outputs goes: output (r, c) of the panel is element
// base + r * row_stride + first_column + c, of output channel first_column + c.
struct OutputPanel {
  size_t base = 0;
  int64_t row_stride = 0;
  int64_t first_column = 0;
};

// Output (r, c) = rows x [rows x w.rows] (row r at x + r * w.rows) times
// the packed weights, written where `place` says: every accumulator sums its
// w.rows terms in ascending order; rows advance two at a time.
void MultiplyRowsByPacked(const double* x, int64_t rows, const PackedWeights& w, const AccumulatorWriter& out,
                          const OutputPanel& place);

// Bytes of binary64 that one panel of gathered rows, and one of packed
// weights, holds at most (unless a single row pair or block of kPackWidth
// columns is larger): the operands are converted a panel at a time, never whole.
constexpr int64_t kPanelBytes = 256 * 1024;

// Rows of k terms per panel (at least 2, an even number) and columns per
// panel (at least kPackWidth, a multiple of it).
int64_t PanelRows(int64_t k);
int64_t PanelColumns(int64_t k);

// The storage of MultiplyByPanels, kept across calls (batches) so that a b
// shared by consecutive calls and packed as one panel is packed once.
struct PanelBuffers {
  std::vector<double> rows;
  PackedWeights packed;
  int64_t packed_key = -1;  // the b_key of `packed` when it holds all n columns, else -1
};

// out(i, j) = sum over t < k of a(i, t) * b(t, j) for i < m, j < n, written at
// out_base + i * n + j: the rows of a gathered (and converted) a panel of
// PanelRows at a time, b packed a panel of PanelColumns at a time; every
// accumulator still sums its k terms in ascending t order, so the bits do not
// depend on the panels (docs/semantics.md "Why the fast loop orders give the
// same bits"). `b_key` names b's values (-1: do not reuse a packed panel).
template <typename AFn, typename BFn>
void MultiplyByPanels(int64_t m, int64_t k, int64_t n, AFn a, BFn b, int64_t b_key, const AccumulatorWriter& out,
                      size_t out_base, PanelBuffers* buf) {
  const int64_t panel_rows = PanelRows(k);
  const int64_t panel_columns = PanelColumns(k);
  const bool one_panel = panel_columns >= n;
  for (int64_t i0 = 0; i0 < m; i0 += panel_rows) {
    const int64_t rows = std::min(panel_rows, m - i0);
    buf->rows.resize(static_cast<size_t>(rows * k));
    for (int64_t i = 0; i < rows; ++i) {
      double* row = buf->rows.data() + i * k;
      for (int64_t t = 0; t < k; ++t) row[t] = a(i0 + i, t);
    }
    for (int64_t j0 = 0; j0 < n; j0 += panel_columns) {
      const int64_t columns = std::min(panel_columns, n - j0);
      if (!one_panel || b_key < 0 || buf->packed_key != b_key) {
        PackWeightsInto(k, columns, [&](int64_t t, int64_t c) { return b(t, j0 + c); }, &buf->packed);
        buf->packed_key = one_panel ? b_key : -1;
      }
      MultiplyRowsByPacked(buf->rows.data(), rows, buf->packed, out,
                           OutputPanel{out_base + static_cast<size_t>(i0 * n), n, j0});
    }
  }
}

// The same product with the float weight tensor w as stored, row-major
// [cols][k] (FULL_CONNECTION's weight): for a few rows, packing (or even
// converting) the weights would cost more than it saves; the weights are read
// in place, each converted exactly when used. Four columns advance side
// by side, each accumulator summing its k terms in ascending order.
void MultiplyRowsByUnpacked(const double* x, int64_t rows, const TensorArg& w, int64_t k, int64_t cols,
                            const AccumulatorWriter& out);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_PACKED_DOT_H_
