#include "reference/ops/kernels/depthwise_kernel.h"

#include <algorithm>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "reference/numerics/numerics.h"
#include "reference/ops/kernels/binary64_lanes.h"
#include "reference/ops/kernels/cpu_clones.h"
#include "reference/ops/kernels/packed_dot.h"

namespace nnrt {
namespace {

// Output channels per block of accumulators; rows and weights are laid out
// with the channel count rounded up to a whole block (the extra lanes hold 0
// and their results are never written).
constexpr int64_t kBlock = 8;

int64_t RoundUpToBlock(int64_t c) { return (c + kBlock - 1) / kBlock * kBlock; }

// Input rows converted to T (binary64 for floats, exactly; the centred
// 8-bit codes, in [-255, 255], as int16 or binary64, exactly), each input channel repeated M times so that
// lane oc of a row holds the input of output channel oc. Rows are converted
// on first use and kept in slot ih mod slots: the rows one output row reads,
// ih = base + ky * dilation, differ by less than kH * dilation (and all lie
// in [0, inH)), so they never share a slot.
template <typename T>
class ConvertedRows {
 public:
  ConvertedRows(const TensorArg& x, const ConvGeometry& g, int64_t dilation_h, bool quantized)
      : x_(x),
        g_(g),
        width_(RoundUpToBlock(g.out_c)),
        slots_(std::min<int64_t>(g.k_h * dilation_h, g.in_h)),
        zero_point_(quantized ? x.quant().zero_point : 0),
        quantized_(quantized),
        tags_(static_cast<size_t>(slots_), -1),
        data_(static_cast<size_t>(slots_ * g.in_w * width_), T{0}),
        pixel_(static_cast<size_t>(g.in_c)) {}

  // Channel stride of a converted row.
  int64_t width() const { return width_; }

  // Row ih of batch n: in_w pixels of width() lanes. Inlined into each copy
  // of the loop nest, so that the conversion is compiled for its target too.
  __attribute__((always_inline)) const T* Row(int64_t n, int64_t ih) {
    const int64_t slot = ih % slots_;
    T* row = data_.data() + slot * g_.in_w * width_;
    const int64_t tag = n * g_.in_h + ih;
    if (tags_[static_cast<size_t>(slot)] != tag) {
      Convert(tag, row);
      tags_[static_cast<size_t>(slot)] = tag;
    }
    return row;
  }

 private:
  __attribute__((always_inline)) void Convert(int64_t tag, T* row) {
    const int64_t multiplier = g_.out_c_per_group;
    for (int64_t iw = 0; iw < g_.in_w; ++iw) {
      const size_t first = static_cast<size_t>((tag * g_.in_w + iw) * g_.in_c);
      if constexpr (std::is_same_v<T, double>) {
        if (multiplier == 1 && x_.dtype() == DataType::kFloat32) {  // the common case, in blocks of 8
          ConvertFloat32Pixel(reinterpret_cast<const float*>(x_.data) + first, row + iw * width_);
          continue;
        }
      }
      LoadPixel(first);
      T* out = row + iw * width_;
      if (multiplier == 1) {
        std::memcpy(out, pixel_.data(), pixel_.size() * sizeof(T));
        continue;
      }
      for (int64_t ic = 0; ic < g_.in_c; ++ic) {
        for (int64_t m = 0; m < multiplier; ++m) out[ic * multiplier + m] = pixel_[static_cast<size_t>(ic)];
      }
    }
  }

  // The in_c float32 values at f as binary64 (exact) at out: blocks of 8 of
  // fixed length, which gcc packs (one vcvtps2pd per 4 lanes under AVX2).
  __attribute__((always_inline)) void ConvertFloat32Pixel(const float* f, double* out) const {
    const int64_t n = g_.in_c;
    int64_t i = 0;
    for (; i + kBlock <= n; i += kBlock) {
#pragma GCC unroll 8
      for (int64_t j = 0; j < kBlock; ++j) out[i + j] = static_cast<double>(f[i + j]);
    }
    for (; i < n; ++i) out[i] = static_cast<double>(f[i]);
  }

  // The in_c values of one input pixel starting at flat element `first`.
  __attribute__((always_inline)) void LoadPixel(size_t first) {
    const size_t n = pixel_.size();
    switch (x_.dtype()) {
      case DataType::kFloat32: {
        const float* f = reinterpret_cast<const float*>(x_.data) + first;
        for (size_t i = 0; i < n; ++i) pixel_[i] = static_cast<T>(f[i]);
        return;
      }
      case DataType::kInt8: {
        const int8_t* q = reinterpret_cast<const int8_t*>(x_.data) + first;
        for (size_t i = 0; i < n; ++i) pixel_[i] = static_cast<T>(int32_t{q[i]} - zero_point_);
        return;
      }
      case DataType::kUint8: {
        const uint8_t* q = x_.data + first;
        for (size_t i = 0; i < n; ++i) pixel_[i] = static_cast<T>(int32_t{q[i]} - zero_point_);
        return;
      }
      default:
        for (size_t i = 0; i < n; ++i) pixel_[i] = static_cast<T>(LoadAsDouble(x_.dtype(), x_.data, first + i));
    }
  }

  const TensorArg& x_;
  const ConvGeometry& g_;
  int64_t width_;
  int64_t slots_;
  int32_t zero_point_;
  bool quantized_;
  std::vector<int64_t> tags_;
  std::vector<T> data_;
  std::vector<T> pixel_;
};

// The weights as T (binary64, or int16 for centred 8-bit codes; exactly),
// [ky * kW + kx][oc] with rows of `width` lanes.
template <typename T>
std::vector<T> TapMajorWeights(const TensorArg& wt, const ConvGeometry& g, int64_t width, bool quantized) {
  const int64_t taps = g.k_h * g.k_w;
  const std::vector<double> w = quantized ? CentredCodesAsDoubles(wt, taps) : FloatsAsDoubles(wt);
  std::vector<T> out(static_cast<size_t>(taps * width), T{0});
  for (int64_t oc = 0; oc < g.out_c; ++oc) {
    for (int64_t t = 0; t < taps; ++t) {
      out[static_cast<size_t>(t * width + oc)] = static_cast<T>(w[static_cast<size_t>(oc * taps + t)]);
    }
  }
  return out;
}

// The in-bounds kernel columns [begin, end) of output column ow (input
// columns ow * stride - left + kx * dilation inside [0, inW)).
struct ColumnTaps {
  int64_t begin = 0, end = 0;
};

std::vector<ColumnTaps> ColumnTapRanges(const ConvGeometry& g, const Conv2DAttrs& p, const ConvPads& pads) {
  std::vector<ColumnTaps> out(static_cast<size_t>(g.out_w));
  for (int64_t ow = 0; ow < g.out_w; ++ow) {
    ColumnTaps& t = out[static_cast<size_t>(ow)];
    t.begin = g.k_w;
    for (int64_t kx = 0; kx < g.k_w; ++kx) {
      const int64_t iw = ow * p.stride_w - pads.left + kx * p.dilation_w;
      if (iw < 0 || iw >= g.in_w) continue;
      t.begin = std::min(t.begin, kx);
      t.end = kx + 1;
    }
    if (t.end == 0) t.begin = 0;  // no column in bounds: an empty range
  }
  return out;
}

// One in-bounds kernel row of an output row: its converted input row and
// its first weight row.
template <typename T>
struct RowTap {
  const T* x_row;
  const T* w_row;
};

// acc[p][j] = sum over the row taps (ky order) and their columns
// [cols.begin, cols.end) (kx order) of x * w for lane `lane` + j of pixel p,
// each lane its own sum; x_first is the offset of pixel 0's first column's
// lane 0 in the input rows, pixel p starts p * x_pixel_step further. Pixels
// whose column ranges are equal share the weight loads, and their sums are
// independent chains the CPU overlaps; each sum is the same as for one pixel.
// Acc is binary64 (T double; 1, 2 or 4 pixels) or int32 (T int16: exact
// integer sums; 1 or 2 pixels).
template <typename T, typename Acc, int kPixels>
__attribute__((always_inline)) inline void AccumulatePixelBlocks(const RowTap<T>* rows, size_t row_count,
                                                                 ColumnTaps cols, int64_t x_first,
                                                                 int64_t x_pixel_step, int64_t lane, int64_t x_step,
                                                                 int64_t w_step, Acc (*acc)[kBlock]) {
  if constexpr (std::is_same_v<Acc, double>) {
    // binary64: the lanes in Binary64x4 vectors (binary64_lanes.h), which
    // stay in registers and reach the block write by whole-vector stores.
    // Four pixels give eight independent chains of additions, enough to
    // hide the latency of each.
    static_assert(kPixels == 1 || kPixels == 2 || kPixels == 4, "one pixel, a pair or four");
    static_assert(kBlock == 8, "two groups of four lanes");
    Binary64x4 sums[kPixels][2];
#pragma GCC unroll 4
    for (int q = 0; q < kPixels; ++q) sums[q][0] = sums[q][1] = Binary64x4{};
    for (size_t r = 0; r < row_count; ++r) {
      const double* xs = rows[r].x_row + x_first + lane;
      const double* ws = rows[r].w_row + cols.begin * w_step + lane;
      for (int64_t kx = cols.begin; kx < cols.end; ++kx) {
        Binary64x4 w[2];
        LoadLanes(ws, &w[0]);
        LoadLanes(ws + 4, &w[1]);
#pragma GCC unroll 4
        for (int q = 0; q < kPixels; ++q) {
          Binary64x4 x[2];
          LoadLanes(xs + q * x_pixel_step, &x[0]);
          LoadLanes(xs + q * x_pixel_step + 4, &x[1]);
          sums[q][0] += x[0] * w[0];
          sums[q][1] += x[1] * w[1];
        }
        xs += x_step;
        ws += w_step;
      }
    }
#pragma GCC unroll 4
    for (int q = 0; q < kPixels; ++q) std::memcpy(acc[q], sums[q], sizeof(sums[q]));
    return;
  }
  static_assert(std::is_same_v<Acc, double> || kPixels == 1 || kPixels == 2, "int32 sums: one pixel or a pair");
  // Two named arrays (not a[2][8]) keep gcc's packing of each 8-lane loop.
  Acc a0[kBlock] = {0, 0, 0, 0, 0, 0, 0, 0};
  Acc a1[kBlock] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (size_t r = 0; r < row_count; ++r) {
    const T* xs = rows[r].x_row + x_first + lane;
    const T* ws = rows[r].w_row + cols.begin * w_step + lane;
    for (int64_t kx = cols.begin; kx < cols.end; ++kx) {
#pragma GCC unroll 8
      for (int64_t j = 0; j < kBlock; ++j) a0[j] += static_cast<Acc>(xs[j]) * static_cast<Acc>(ws[j]);
      if (kPixels == 2) {
        const T* xt = xs + x_pixel_step;
#pragma GCC unroll 8
        for (int64_t j = 0; j < kBlock; ++j) a1[j] += static_cast<Acc>(xt[j]) * static_cast<Acc>(ws[j]);
      }
      xs += x_step;
      ws += w_step;
    }
  }
  for (int64_t j = 0; j < kBlock; ++j) acc[0][j] = a0[j];
  if (kPixels == 2) {
    for (int64_t j = 0; j < kBlock; ++j) acc[1][j] = a1[j];
  }
}

// Writes lanes [0, lanes) of one pixel's block of accumulators, channels c0..
template <typename Acc>
__attribute__((always_inline)) inline void WritePixelBlock(const AccumulatorWriter& out, size_t out0, int64_t c0, int64_t lanes,
                            const Acc* acc) {
  if (lanes == kBlock) {
    if constexpr (std::is_same_v<Acc, double>) {
      out.WriteBlock<kBlock>(out0 + static_cast<size_t>(c0), c0, acc);
      return;
    }
    double block[kBlock];
    for (int64_t j = 0; j < kBlock; ++j) block[j] = static_cast<double>(acc[j]);
    out.WriteBlock<kBlock>(out0 + static_cast<size_t>(c0), c0, block);
    return;
  }
  for (int64_t j = 0; j < lanes; ++j) out.Write(out0 + static_cast<size_t>(c0 + j), c0 + j, static_cast<double>(acc[j]));
}

// The loop nest with rows and weights as T and accumulators Acc (an int32
// sum is converted to binary64 exactly for AccumulatorWriter).
template <typename T, typename Acc>
__attribute__((always_inline)) inline void DepthwiseLoops(OpContext& ctx, const ConvGeometry& g, const Conv2DAttrs& p, const ConvPads& pads,
                    bool quantized) {
  ConvertedRows<T> rows(ctx.inputs[0], g, p.dilation_h, quantized);
  const int64_t width = rows.width();
  const std::vector<T> w = TapMajorWeights<T>(ctx.inputs[1], g, width, quantized);
  const std::vector<ColumnTaps> columns = ColumnTapRanges(g, p, pads);
  const AccumulatorWriter out(ctx, p.activation, quantized, ctx.inputs.size() > 2);
  std::vector<RowTap<T>> row_taps;
  // Pixels computed together: up to four (binary64) or two (int32)
  // neighbours whose in-bounds columns are the same.
  constexpr int64_t kMostPixels = std::is_same_v<Acc, double> ? 4 : 2;
  Acc acc[kMostPixels][kBlock];
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t oh = 0; oh < g.out_h; ++oh) {
      row_taps.clear();
      for (int64_t ky = 0; ky < g.k_h; ++ky) {
        const int64_t ih = oh * p.stride_h - pads.top + ky * p.dilation_h;
        if (ih < 0 || ih >= g.in_h) continue;
        row_taps.push_back(RowTap<T>{rows.Row(n, ih), w.data() + ky * g.k_w * width});
      }
      for (int64_t ow = 0; ow < g.out_w;) {
        const ColumnTaps cols = columns[static_cast<size_t>(ow)];
        const int64_t first_iw = ow * p.stride_w - pads.left + cols.begin * p.dilation_w;
        const size_t out0 = static_cast<size_t>(((n * g.out_h + oh) * g.out_w + ow) * g.out_c);
        int64_t together = 1;
        while (together < kMostPixels && ow + together < g.out_w &&
               columns[static_cast<size_t>(ow + together)].begin == cols.begin &&
               columns[static_cast<size_t>(ow + together)].end == cols.end) {
          ++together;
        }
        if (together == 3) together = 2;
        for (int64_t c0 = 0; c0 < g.out_c; c0 += kBlock) {
          const int64_t lanes = std::min<int64_t>(kBlock, g.out_c - c0);
          if constexpr (kMostPixels == 4) {
            if (together == 4) {
              AccumulatePixelBlocks<T, Acc, 4>(row_taps.data(), row_taps.size(), cols, first_iw * width,
                                               p.stride_w * width, c0, p.dilation_w * width, width, acc);
            }
          }
          if (together == 2) {
            AccumulatePixelBlocks<T, Acc, 2>(row_taps.data(), row_taps.size(), cols, first_iw * width,
                                             p.stride_w * width, c0, p.dilation_w * width, width, acc);
          } else if (together == 1) {
            AccumulatePixelBlocks<T, Acc, 1>(row_taps.data(), row_taps.size(), cols, first_iw * width, 0, c0,
                                             p.dilation_w * width, width, acc);
          }
          for (int64_t q = 0; q < together; ++q) {
            WritePixelBlock(out, out0 + static_cast<size_t>(q * g.out_c), c0, lanes, acc[q]);
          }
        }
        ow += together;
      }
    }
  }
}

// The binary64 loop nest, compiled twice like conv2d_kernel.cc's grouped loop
// (target_clones: an AVX2 copy beside the default; the same IEEE binary64
// multiplies and adds, no FMA; docs/semantics.md "Why the fast loop orders
// give the same bits").
NNRT_CPU_CLONES void DepthwiseBinary64Loops(OpContext& ctx, const ConvGeometry& g,
                                                                              const Conv2DAttrs& p,
                                                                              const ConvPads& pads, bool quantized) {
  DepthwiseLoops<double, double>(ctx, g, p, pads, quantized);
}

// The exact-integer loop nest of 8-bit codes, compiled twice the same way
// (integer multiplies and adds: every copy gives the same sums).
NNRT_CPU_CLONES void DepthwiseInt16Loops(OpContext& ctx, const ConvGeometry& g,
                                                                           const Conv2DAttrs& p, const ConvPads& pads,
                                                                           bool quantized) {
  DepthwiseLoops<int16_t, int32_t>(ctx, g, p, pads, quantized);
}

// The largest |q - z| of an 8-bit tensor's codes q over its zero points z
// (every quant param); -1 for any other type.
int64_t LargestCentredCode(const TensorArg& t) {
  if (t.dtype() != DataType::kInt8 && t.dtype() != DataType::kUint8) return -1;
  const int64_t lo = t.dtype() == DataType::kInt8 ? -128 : 0, hi = lo + 255;
  int64_t largest = 0;
  for (const QuantParam& q : t.decl->quant_params) {
    largest = std::max({largest, std::abs(lo - q.zero_point), std::abs(hi - q.zero_point)});
  }
  return largest;
}

}  // namespace

void RunDepthwiseConvLoops(OpContext& ctx, const ConvGeometry& g, const Conv2DAttrs& p, const ConvPads& pads,
                           bool quantized) {
  // 8-bit codes: the centred codes fit int16 (|q - z| <= 255 for a zero
  // point in the type's range) and while kH * kW products of the largest
  // magnitudes stay below 2^31 every int32 partial sum is the exact integer
  // the binary64 sum holds (C-301), so the requantized code is the same.
  const DataType y = ctx.outputs[0].dtype();
  if (quantized && (y == DataType::kInt8 || y == DataType::kUint8)) {
    const int64_t x_max = LargestCentredCode(ctx.inputs[0]), w_max = LargestCentredCode(ctx.inputs[1]);
    const int64_t kInt32Max = (int64_t{1} << 31) - 1;
    if (x_max >= 0 && w_max >= 0 && x_max <= 32767 && w_max <= 32767 &&
        g.k_h * g.k_w <= kInt32Max / std::max<int64_t>(1, x_max * w_max)) {
      return DepthwiseInt16Loops(ctx, g, p, pads, quantized);
    }
  }
  DepthwiseBinary64Loops(ctx, g, p, pads, quantized);
}

}  // namespace nnrt
