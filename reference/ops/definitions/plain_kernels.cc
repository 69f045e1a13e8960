#include "reference/ops/definitions/plain_kernels.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "reference/numerics/numerics.h"
#include "reference/ops/kernels/conv2d_kernel.h"
#include "reference/ops/nn/full_connection.h"
#include "reference/ops/nn/matmul.h"
#include "reference/ops/nn/pool.h"
#include "reference/ops/nn/softmax.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/kernels/quant_accumulate.h"

namespace nnrt {
namespace testing {
namespace {

// Calls tap(input_offset, weight_offset) for every in-bounds tap of output
// (n, oh, ow, oc) in the order ky, kx, ic (quantization_semantics 4.10);
// taps that fall in the padding contribute nothing (zero / zero point).
template <typename Tap>
void ForEachConvTap(const ConvGeometry& g, const Conv2DAttrs& p, const ConvPads& pads, int64_t n, int64_t oh,
                    int64_t ow, int64_t oc, Tap tap) {
  const int64_t first_ic = (oc / g.out_c_per_group) * g.group_in_c;
  for (int64_t ky = 0; ky < g.k_h; ++ky) {
    const int64_t ih = oh * p.stride_h - pads.top + ky * p.dilation_h;
    if (ih < 0 || ih >= g.in_h) continue;
    for (int64_t kx = 0; kx < g.k_w; ++kx) {
      const int64_t iw = ow * p.stride_w - pads.left + kx * p.dilation_w;
      if (iw < 0 || iw >= g.in_w) continue;
      for (int64_t ic = 0; ic < g.group_in_c; ++ic) {
        const int64_t x_off = ((n * g.in_h + ih) * g.in_w + iw) * g.in_c + first_ic + ic;
        const int64_t w_off = ((oc * g.k_h + ky) * g.k_w + kx) * g.group_in_c + ic;
        tap(static_cast<size_t>(x_off), static_cast<size_t>(w_off));
      }
    }
  }
}

template <typename Body>
void ForEachConvOutput(const ConvGeometry& g, Body body) {
  for (int64_t n = 0; n < g.batch; ++n)
    for (int64_t oh = 0; oh < g.out_h; ++oh)
      for (int64_t ow = 0; ow < g.out_w; ++ow)
        for (int64_t oc = 0; oc < g.out_c; ++oc) {
          body(n, oh, ow, oc, static_cast<size_t>(((n * g.out_h + oh) * g.out_w + ow) * g.out_c + oc));
        }
}

void PlainFloatConv(OpContext& ctx, const Conv2DAttrs& p, const ConvPads& pads, const ConvGeometry& g) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& w = ctx.inputs[1];
  TensorArg& y = ctx.outputs[0];
  const bool has_bias = ctx.inputs.size() > 2;
  ForEachConvOutput(g, [&](int64_t n, int64_t oh, int64_t ow, int64_t oc, size_t out_index) {
    double acc = 0.0;
    ForEachConvTap(g, p, pads, n, oh, ow, oc, [&](size_t xi, size_t wi) {
      acc += LoadAsDouble(x.dtype(), x.data, xi) * LoadAsDouble(w.dtype(), w.data, wi);
    });
    if (has_bias) acc += LoadAsDouble(ctx.inputs[2].dtype(), ctx.inputs[2].data, static_cast<size_t>(oc));
    StoreDouble(y.dtype(), y.mutable_data, out_index, ApplyFusedActivation(p.activation, acc));
  });
}

void PlainQuantConv(OpContext& ctx, const Conv2DAttrs& p, const ConvPads& pads, const ConvGeometry& g) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& w = ctx.inputs[1];
  TensorArg& y = ctx.outputs[0];
  const bool has_bias = ctx.inputs.size() > 2;
  const QuantParam& xq = x.quant();
  const QuantParam& yq = y.quant();
  const std::vector<QuantParam>& wq = w.decl->quant_params;
  const QuantRange range = FusedActivationQuantRange(p.activation, y.dtype(), yq);
  ForEachConvOutput(g, [&](int64_t n, int64_t oh, int64_t ow, int64_t oc, size_t out_index) {
    const QuantParam& wc = wq.size() == 1 ? wq[0] : wq[static_cast<size_t>(oc)];
    int64_t acc = 0;  // exact (quantization_semantics 4.5); padding adds 0
    ForEachConvTap(g, p, pads, n, oh, ow, oc, [&](size_t xi, size_t wi) {
      acc += (LoadAsInt64(x.dtype(), x.data, xi) - xq.zero_point) * (LoadAsInt64(w.dtype(), w.data, wi) - wc.zero_point);
    });
    if (has_bias) acc += LoadAsInt64(DataType::kInt32, ctx.inputs[2].data, static_cast<size_t>(oc));
    StoreInt64(y.dtype(), y.mutable_data, out_index, RequantizeAccumulator(acc, xq, wc, yq, range));
  });
}

// Calls body(out_index, count, window) for every output in the order n, oh,
// ow, c; window(elem) calls elem(input_index) for the window's input
// elements, rows (ky) then columns (kx) ascending.
template <typename Body>
void ForEachPoolWindow(const PoolParams& g, Body body) {
  ForEachPixelWindow(g, [&](size_t out_offset, int64_t count, auto pixels) {
    for (int64_t c = 0; c < g.channels; ++c) {
      auto window = [&](auto elem) { pixels([&](size_t in_offset) { elem(in_offset + static_cast<size_t>(c)); }); };
      body(out_offset + static_cast<size_t>(c), count, window);
    }
  });
}


void PlainSoftmaxRow(bool log, std::vector<double>* row) {
  std::vector<double>& v = *row;
  // The largest element by x > m in index order (the first of equal ones);
  // NaN anywhere, +inf or all -inf make the row NaN (C-541).
  double m = -std::numeric_limits<double>::infinity();
  bool any_nan = false;
  for (const double x : v) {
    any_nan |= x != x;
    m = x > m ? x : m;
  }
  if (any_nan || std::isinf(m)) {
    std::fill(v.begin(), v.end(), std::numeric_limits<double>::quiet_NaN());
    return;
  }
  double sum = 0.0;
  for (double& x : v) {
    x -= m;  // d <= 0, exactly 0 at the maximum
    sum += std::exp(x);
  }
  const double log_sum = std::log(sum);
  for (double& x : v) x = log ? x - log_sum : std::exp(x) / sum;
}

}  // namespace

void PlainConv2D(OpContext& ctx, const Conv2DAttrs& p, const ConvPads& pads) {
  const ConvGeometry g = MakeConvGeometry(ctx, p);
  if (ctx.inputs[0].quantized()) {
    PlainQuantConv(ctx, p, pads, g);
  } else {
    PlainFloatConv(ctx, p, pads, g);
  }
}

Status PlainFullConnection(OpContext& ctx, const FullConnectionParams& p) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& w = ctx.inputs[1];
  TensorArg& y = ctx.outputs[0];
  const TensorArg* bias = p.has_bias && ctx.inputs.size() > 2 ? &ctx.inputs[2] : nullptr;
  if (p.quantized) {
    const QuantParam& xq = x.quant();
    const QuantParam& yq = y.quant();
    const std::vector<QuantParam>& wq = w.decl->quant_params;
    const QuantRange range = FusedActivationQuantRange(p.activation, y.dtype(), yq);
    for (int64_t r = 0; r < p.rows; ++r) {
      for (int64_t o = 0; o < p.out_c; ++o) {
        const QuantParam& wc = wq.size() == 1 ? wq[0] : wq[static_cast<size_t>(o)];
        // Exact int64 sum (quantization_semantics 4.5), K <= 2^32 (C-301); int32 bias added (4.7).
        int64_t acc = 0;
        for (int64_t k = 0; k < p.k; ++k) {
          acc += (LoadAsInt64(x.dtype(), x.data, static_cast<size_t>(r * p.k + k)) - xq.zero_point) *
                 (LoadAsInt64(w.dtype(), w.data, static_cast<size_t>(o * p.k + k)) - wc.zero_point);
        }
        if (bias != nullptr) acc += LoadAsInt64(DataType::kInt32, bias->data, static_cast<size_t>(o));
        StoreInt64(y.dtype(), y.mutable_data, static_cast<size_t>(r * p.out_c + o),
                   RequantizeAccumulator(acc, xq, wc, yq, range));
      }
    }
    return Status::Ok();
  }
  for (int64_t r = 0; r < p.rows; ++r) {
    for (int64_t o = 0; o < p.out_c; ++o) {
      // Exact products in double, summed in k order; bias after the sum; rounded once.
      double acc = 0.0;
      for (int64_t k = 0; k < p.k; ++k) {
        acc += LoadAsDouble(x.dtype(), x.data, static_cast<size_t>(r * p.k + k)) *
               LoadAsDouble(w.dtype(), w.data, static_cast<size_t>(o * p.k + k));
      }
      if (bias != nullptr) acc += LoadAsDouble(bias->dtype(), bias->data, static_cast<size_t>(o));
      StoreDouble(y.dtype(), y.mutable_data, static_cast<size_t>(r * p.out_c + o),
                  ApplyFusedActivation(p.activation, acc));
    }
  }
  return Status::Ok();
}

Status PlainMatMul(OpContext& ctx, const MatMulParams& p) {
  const TensorArg& a = ctx.inputs[0];
  const TensorArg& b = ctx.inputs[1];
  TensorArg& y = ctx.outputs[0];
  if (p.a_offsets.size() != p.b_offsets.size()) return InvalidInput("MATMUL_FUSION plan has mismatched batches");
  QuantParam aq, bq, yq;
  QuantRange range{0, 0};
  if (p.quantized) {
    aq = a.quant();
    bq = b.quant();
    yq = y.quant();
    range = FusedActivationQuantRange(p.activation, y.dtype(), yq);
  }
  size_t out_index = 0;
  for (size_t batch = 0; batch < p.a_offsets.size(); ++batch) {
    const int64_t a0 = p.a_offsets[batch], b0 = p.b_offsets[batch];
    for (int64_t i = 0; i < p.m; ++i) {
      for (int64_t j = 0; j < p.n; ++j, ++out_index) {
        if (p.quantized) {
          // Exact int64 sum (quantization_semantics 4.5), K <= 2^32 (C-301).
          int64_t acc = 0;
          for (int64_t kk = 0; kk < p.k; ++kk) {
            const auto ai = static_cast<size_t>(a0 + i * p.a_m_stride + kk * p.a_k_stride);
            const auto bi = static_cast<size_t>(b0 + kk * p.b_k_stride + j * p.b_n_stride);
            acc += (LoadAsInt64(a.dtype(), a.data, ai) - aq.zero_point) *
                   (LoadAsInt64(b.dtype(), b.data, bi) - bq.zero_point);
          }
          StoreInt64(y.dtype(), y.mutable_data, out_index, RequantizeAccumulator(acc, aq, bq, yq, range));
        } else {
          // Products of float32/float16 values are exact in double; summed in k order, rounded once.
          double acc = 0.0;
          for (int64_t kk = 0; kk < p.k; ++kk) {
            const auto ai = static_cast<size_t>(a0 + i * p.a_m_stride + kk * p.a_k_stride);
            const auto bi = static_cast<size_t>(b0 + kk * p.b_k_stride + j * p.b_n_stride);
            acc += LoadAsDouble(a.dtype(), a.data, ai) * LoadAsDouble(b.dtype(), b.data, bi);
          }
          StoreDouble(y.dtype(), y.mutable_data, out_index, ApplyFusedActivation(p.activation, acc));
        }
      }
    }
  }
  return Status::Ok();
}

Status PlainMaxPool(OpContext& ctx, const PoolParams& plan) {
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  const ActivationType act = plan.params.activation;
  if (plan.quantized) {
    // Equal params (C-528): the largest code, clamped to the activation's range (4.8).
    const QuantRange range = FusedActivationQuantRange(act, y.dtype(), y.quant());
    ForEachPoolWindow(plan, [&](size_t out_index, int64_t, auto window) {
      int64_t best = std::numeric_limits<int64_t>::min();
      window([&](size_t i) { best = std::max(best, LoadAsInt64(x.dtype(), x.data, i)); });
      StoreInt64(y.dtype(), y.mutable_data, out_index, std::clamp(best, range.lo, range.hi));
    });
    return Status::Ok();
  }
  ForEachPoolWindow(plan, [&](size_t out_index, int64_t, auto window) {
    // C-528: NaN anywhere gives NaN; otherwise the first largest element
    // (of equal zeros the first one, so its sign) in window order.
    double best = -std::numeric_limits<double>::infinity();
    bool nan = false;
    window([&](size_t i) {
      const double v = LoadAsDouble(x.dtype(), x.data, i);
      if (std::isnan(v)) {
        nan = true;
      } else if (v > best) {
        best = v;
      }
    });
    const double result = nan ? std::numeric_limits<double>::quiet_NaN() : best;
    StoreDouble(y.dtype(), y.mutable_data, out_index, ApplyFusedActivation(act, result));
  });
  return Status::Ok();
}

Status PlainAvgPool(OpContext& ctx, const PoolParams& plan, AvgPoolDivisor divisor) {
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  const ActivationType act = plan.params.activation;
  const int64_t area = plan.kernel_h * plan.kernel_w;
  auto divide_by = [&](int64_t count) { return divisor == AvgPoolDivisor::kKernelArea ? area : count; };
  if (plan.quantized) {
    // C-527: sum = Σ (q - z_x) exactly; t = fl64(fl64(sum * fl64(s_x / s_y)) / count);
    // y = clamp(RHA(t + z_y)) to the activation's range (quantization_semantics 4.6, 4.8).
    const QuantParam& xq = x.quant();
    const QuantParam& yq = y.quant();
    const double multiplier = xq.scale / yq.scale;
    const QuantRange range = FusedActivationQuantRange(act, y.dtype(), yq);
    ForEachPoolWindow(plan, [&](size_t out_index, int64_t count, auto window) {
      int64_t sum = 0;
      window([&](size_t i) { sum += LoadAsInt64(x.dtype(), x.data, i) - xq.zero_point; });
      const double t = (static_cast<double>(sum) * multiplier) / static_cast<double>(divide_by(count));
      StoreInt64(y.dtype(), y.mutable_data, out_index, RoundAddZeroPointAndClamp(t, yq.zero_point, range.lo, range.hi));
    });
    return Status::Ok();
  }
  ForEachPoolWindow(plan, [&](size_t out_index, int64_t count, auto window) {
    // C-526: the sum in binary64 in window order, divided by the count of
    // input elements (padding excluded), the activation, one rounding.
    double sum = 0.0;
    window([&](size_t i) { sum += LoadAsDouble(x.dtype(), x.data, i); });
    const double mean = sum / static_cast<double>(divide_by(count));
    StoreDouble(y.dtype(), y.mutable_data, out_index, ApplyFusedActivation(act, mean));
  });
  return Status::Ok();
}

Status PlainSoftmax(OpContext& ctx, const SoftmaxParams& p) {
  // The row walk and the rounding of the outputs are the kernel's; the row
  // arithmetic is the plain one.
  return RunSoftmaxWithRowFn(ctx, p, &PlainSoftmaxRow);
}

Status PlainArithmetic(OpContext& ctx, NodeType type, ActivationType act) {
  const TensorArg& x0 = ctx.inputs[0];
  const TensorArg& x1 = ctx.inputs[1];
  TensorArg& y = ctx.outputs[0];
  if (!x0.quantized()) {
    ForEachBroadcastPair(x0.dims, x1.dims, y.dims, [&](size_t i0, size_t i1, size_t o) {
      const double a = LoadAsDouble(x0.dtype(), x0.data, i0), b = LoadAsDouble(x1.dtype(), x1.data, i1);
      const double r = type == NodeType::ADD_FUSION   ? a + b
                       : type == NodeType::SUB_FUSION ? a - b
                       : type == NodeType::MUL_FUSION ? a * b
                                                      : a / b;
      StoreDouble(y.dtype(), y.mutable_data, o, ApplyFusedActivation(act, r));
    });
    return Status::Ok();
  }
  if (type == NodeType::DIV_FUSION) return InvalidInput("no plain quantized DIV_FUSION");
  const QuantParam& q0 = x0.quant();
  const QuantParam& q1 = x1.quant();
  const QuantParam& qy = y.quant();
  const double m0 = q0.scale / qy.scale, m1 = q1.scale / qy.scale, m_mul = (q0.scale * q1.scale) / qy.scale;
  const QuantRange range = FusedActivationQuantRange(act, y.dtype(), qy);
  ForEachBroadcastPair(x0.dims, x1.dims, y.dims, [&](size_t i0, size_t i1, size_t o) {
    const int64_t a0 = LoadAsInt64(x0.dtype(), x0.data, i0) - q0.zero_point;
    const int64_t a1 = LoadAsInt64(x1.dtype(), x1.data, i1) - q1.zero_point;
    const double t = type == NodeType::ADD_FUSION   ? static_cast<double>(a0) * m0 + static_cast<double>(a1) * m1
                     : type == NodeType::SUB_FUSION ? static_cast<double>(a0) * m0 - static_cast<double>(a1) * m1
                                                    : static_cast<double>(a0 * a1) * m_mul;
    StoreInt64(y.dtype(), y.mutable_data, o, RoundAddZeroPointAndClamp(t, qy.zero_point, range.lo, range.hi));
  });
  return Status::Ok();
}

}  // namespace testing
}  // namespace nnrt
