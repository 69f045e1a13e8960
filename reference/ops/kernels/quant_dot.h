// Integer building blocks of the quantized accumulating kernels
// (CONV2D_FUSION, FULL_CONNECTION, MATMUL_FUSION): codes centred once per run
// on their zero points as int16 rows padded with zeros, the exact integer dot
// products of two sets of such rows, and the requantization of each exact
// accumulator into the int8/uint8 output (RequantizeAccumulator's steps).
// Integer addition is associative, so every summation order gives the one
// exact sum docs/quantization.md defines (docs/semantics.md "Why the fast loop
// orders give the same bits", C-756).
#ifndef NNRT_REFERENCE_OPS_QUANT_DOT_H_
#define NNRT_REFERENCE_OPS_QUANT_DOT_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {

// Row strides are multiples of this many elements; the padding holds zeros,
// which add nothing to an integer sum.
constexpr int64_t kCentredRowAlign = 8;

// Centred codes q - z of one tensor, |q - z| <= 255 (C-300): `rows` rows of
// `depth` values, row r at Row(r), zero from depth up to stride.
class CentredRows {
 public:
  CentredRows(int64_t rows, int64_t depth);
  int64_t rows() const { return rows_; }
  int64_t depth() const { return depth_; }
  int64_t stride() const { return stride_; }
  int16_t* Row(int64_t r) { return data_.data() + r * stride_; }
  const int16_t* Row(int64_t r) const { return data_.data() + r * stride_; }

 private:
  int64_t rows_, depth_, stride_;
  std::vector<int16_t> data_;
};

// out[i] = code(first + i) - zero_point for i < count, codes of an int8 or
// uint8 tensor.
void CentreCodes(const TensorArg& t, int64_t first, int64_t count, int32_t zero_point, int16_t* out);

// Every element of a per-tensor quantized tensor centred on its zero point.
std::vector<int16_t> CentredTensor(const TensorArg& t);

// A weight stored as [rows, depth] row-major (rows = output channels), each
// row centred on its channel's zero point (or the one per-tensor zero point).
CentredRows CentredWeightRows(const TensorArg& w, int64_t rows, int64_t depth);

// The requantization of exact accumulators into output 0 of an accumulating
// node (inputs x, weight, optional int32 bias): acc + bias[c], then
// RequantizeAccumulator's t = fl64(acc * M[c]), M[c] = fl64(fl64(s_x * s_w[c]) / s_y),
// y = clamp(RHA(t + z_y)) to the fused activation's range.
class QuantRequantizer {
 public:
  QuantRequantizer(const OpContext& ctx, ActivationType act, bool has_bias);
  // Writes output elements out_index + j, j < count, from acc[j] of channel
  // channel0 + j: the code's low byte is the int8 or uint8 element (two's
  // complement for int8, as StoreInt64 stores it).
  void WriteRow(size_t out_index, int64_t channel0, const int64_t* acc, int64_t count) const;

 private:
  uint8_t* y_;
  int32_t zero_point_;
  QuantRange range_;
  std::vector<int64_t> bias_;         // empty without a bias
  std::vector<double> multipliers_;   // one, or one per output channel
};

// For i < a_rows, j < b_rows: acc = Σ_k a[i][k] * b[j][k] over the row stride
// (a row i at a + i * stride, b row j at b + j * stride, zero padded), exact,
// written through `out` as output element out_base + i * out_row_stride +
// channel0 + j of channel channel0 + j.
struct RowProducts {
  const int16_t* a;
  int64_t a_rows;
  const int16_t* b;
  int64_t b_rows;
  int64_t stride;
};
void MultiplyAndRequantize(const RowProducts& rows, const QuantRequantizer& out, size_t out_base,
                           int64_t out_row_stride, int64_t channel0);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_QUANT_DOT_H_
