#include "reference/ops/kernels/packed_dot.h"

#include <algorithm>
#include <cstring>

#include "reference/numerics/numerics.h"
#include "reference/ops/kernels/cpu_clones.h"
#include "reference/ops/kernels/quant_accumulate.h"

namespace nnrt {
namespace {

template <typename T>
void ConvertTyped(const uint8_t* bytes, size_t n, std::vector<double>* out) {
  for (size_t i = 0; i < n; ++i) {
    T v;
    std::memcpy(&v, bytes + i * sizeof(T), sizeof(T));
    (*out)[i] = static_cast<double>(v);
  }
}

}  // namespace

std::vector<double> FloatsAsDoubles(const TensorArg& t) {
  const size_t n = static_cast<size_t>(t.elements());
  std::vector<double> out(n);
  switch (t.dtype()) {
    case DataType::kFloat32:
      ConvertTyped<float>(t.data, n, &out);
      break;
    case DataType::kFloat64:
      ConvertTyped<double>(t.data, n, &out);
      break;
    case DataType::kFloat16:
      for (size_t i = 0; i < n; ++i) {
        uint16_t bits;
        std::memcpy(&bits, t.data + i * 2, 2);
        out[i] = HalfBitsToDouble(bits);
      }
      break;
    default:
      for (size_t i = 0; i < n; ++i) out[i] = LoadAsDouble(t.dtype(), t.data, i);
  }
  return out;
}

std::vector<double> CentredCodesAsDoubles(const TensorArg& t, int64_t per_channel_run) {
  const size_t n = static_cast<size_t>(t.elements());
  std::vector<double> out(n);
  const std::vector<QuantParam>& q = t.decl->quant_params;
  const bool per_channel = q.size() > 1 && per_channel_run > 0;
  const bool is_int8 = t.dtype() == DataType::kInt8;
  for (size_t i = 0; i < n; ++i) {
    const int64_t code = is_int8 ? static_cast<int64_t>(static_cast<int8_t>(t.data[i])) : static_cast<int64_t>(t.data[i]);
    const int32_t zp = per_channel ? q[i / static_cast<size_t>(per_channel_run)].zero_point : q[0].zero_point;
    out[i] = static_cast<double>(code - zp);
  }
  return out;
}

AccumulatorWriter::AccumulatorWriter(const OpContext& ctx, ActivationType act, bool quantized, bool has_bias)
    : ctx_(ctx), act_(act), quantized_(quantized), has_bias_(has_bias) {
  float32_out_ = !quantized && ctx.outputs[0].dtype() == DataType::kFloat32;
  y_data_ = ctx.outputs[0].mutable_data;
  if (quantized_) {
    range_ = FusedActivationQuantRange(act, ctx.outputs[0].dtype(), ctx.outputs[0].quant());
    // The multiplier of RequantizeAccumulator, once per channel instead of once per output.
    for (const QuantParam& w : ctx.inputs[1].decl->quant_params) {
      multipliers_.push_back((ctx.inputs[0].quant().scale * w.scale) / ctx.outputs[0].quant().scale);
    }
    const DataType y = ctx.outputs[0].dtype();
    quant8_out_ = y == DataType::kInt8 || y == DataType::kUint8;
    zero_point_ = ctx.outputs[0].quant().zero_point;
    if (has_bias_) {
      const size_t n = static_cast<size_t>(ctx.inputs[2].elements());
      bias_codes_.resize(n);
      for (size_t i = 0; i < n; ++i) bias_codes_[i] = LoadAsInt64(DataType::kInt32, ctx.inputs[2].data, i);
      bias_code_doubles_.assign(bias_codes_.begin(), bias_codes_.end());
    }
  } else if (has_bias_) {
    bias_ = FloatsAsDoubles(ctx.inputs[2]);
  }
}

void AccumulatorWriter::WriteAnyType(size_t out_index, int64_t channel, double acc) const {
  const TensorArg& y = ctx_.outputs[0];
  if (!quantized_) {
    if (has_bias_) acc += bias_[static_cast<size_t>(channel)];
    StoreDouble(y.dtype(), y.mutable_data, out_index, ApplyFusedActivation(act_, acc));
    return;
  }
  StoreInt64(y.dtype(), y.mutable_data, out_index, Requantize(channel, acc));
}

int64_t PanelRows(int64_t k) {
  const int64_t rows = kPanelBytes / (8 * std::max<int64_t>(k, 1));
  return std::max<int64_t>(2, rows - rows % 2);
}

int64_t PanelColumns(int64_t k) {
  const int64_t columns = kPanelBytes / (8 * std::max<int64_t>(k, 1));
  return std::max<int64_t>(kPackWidth, columns - columns % kPackWidth);
}

// Compiled twice like conv2d_kernel.cc's grouped loop (target_clones: an AVX2
// copy beside the default; the same IEEE binary64 multiplies and adds, no FMA;
// docs/semantics.md "Why the fast loop orders give the same bits").
NNRT_CPU_CLONES void MultiplyRowsByPacked(const double* x, int64_t rows,
                                                                            const PackedWeights& w,
                                                                            const AccumulatorWriter& out,
                                                                            const OutputPanel& place) {
  double acc0[kPackWidth], acc1[kPackWidth];
  for (int64_t r = 0; r < rows; r += 2) {
    const bool pair = r + 1 < rows;
    const double* x0 = x + r * w.rows;
    for (int64_t b = 0; b < w.blocks(); ++b) {
      for (int64_t j = 0; j < kPackWidth; ++j) acc0[j] = acc1[j] = 0.0;
      if (pair) {
        AccumulateBlock2(x0, x0 + w.rows, w.Block(b), w.rows, acc0, acc1);
      } else {
        AccumulateBlock(x0, w.Block(b), w.rows, acc0);
      }
      const int64_t first = b * kPackWidth;
      const int64_t lanes = std::min<int64_t>(kPackWidth, w.cols - first);
      const int64_t column = place.first_column + first;
      const size_t out0 = place.base + static_cast<size_t>(r * place.row_stride + column);
      if (lanes == kPackWidth) {  // a whole block: packed writes
        out.WriteBlock<kPackWidth>(out0, column, acc0);
        if (pair) out.WriteBlock<kPackWidth>(out0 + static_cast<size_t>(place.row_stride), column, acc1);
        continue;
      }
      for (int64_t j = 0; j < lanes; ++j) {
        out.Write(out0 + static_cast<size_t>(j), column + j, acc0[j]);
        if (pair) out.Write(out0 + static_cast<size_t>(place.row_stride + j), column + j, acc1[j]);
      }
    }
  }
}

namespace {

// MultiplyRowsByUnpacked over weight element i = weight(i) (a binary64 value).
template <typename Weight>
void MultiplyRowsByUnpackedWeights(const double* x, int64_t rows, Weight weight, int64_t k, int64_t cols,
                                   const AccumulatorWriter& out) {
  constexpr int64_t kSide = 4;
  for (int64_t r = 0; r < rows; ++r) {
    const double* xr = x + r * k;
    for (int64_t c0 = 0; c0 < cols; c0 += kSide) {
      const int64_t lanes = std::min<int64_t>(kSide, cols - c0);
      double acc[kSide] = {0.0, 0.0, 0.0, 0.0};
      if (lanes == kSide) {
        const int64_t w0 = c0 * k;
        for (int64_t t = 0; t < k; ++t) {
          const double xv = xr[t];
          acc[0] += xv * weight(w0 + t);
          acc[1] += xv * weight(w0 + k + t);
          acc[2] += xv * weight(w0 + 2 * k + t);
          acc[3] += xv * weight(w0 + 3 * k + t);
        }
      } else {
        for (int64_t j = 0; j < lanes; ++j) {
          for (int64_t t = 0; t < k; ++t) acc[j] += xr[t] * weight((c0 + j) * k + t);
        }
      }
      for (int64_t j = 0; j < lanes; ++j) out.Write(static_cast<size_t>(r * cols + c0 + j), c0 + j, acc[j]);
    }
  }
}

}  // namespace

void MultiplyRowsByUnpacked(const double* x, int64_t rows, const TensorArg& w, int64_t k, int64_t cols,
                            const AccumulatorWriter& out) {
  WithFloatLoader(w, [&](auto weight) { MultiplyRowsByUnpackedWeights(x, rows, weight, k, cols, out); });
}

}  // namespace nnrt
