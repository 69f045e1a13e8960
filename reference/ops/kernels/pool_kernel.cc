#include "reference/ops/kernels/pool_kernel.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/kernels/block_requantize.h"
#include "reference/ops/kernels/packed_dot.h"

namespace nnrt {
namespace {

// Calls lane(c) for c < channels: whole blocks of kBlock unrolled (the
// compiler turns each block into packed SSE2 operations; every channel is
// still its own computation), then the rest.
template <size_t kBlock = 8, typename Lane>
inline void ForEachChannelInBlocks(size_t channels, Lane lane) {
  size_t c = 0;
  for (; c + kBlock <= channels; c += kBlock) {
#pragma GCC unroll 16
    for (size_t j = 0; j < kBlock; ++j) lane(c + j);
  }
  for (; c < channels; ++c) lane(c);
}

// Every window's channel maxima (and NaN flags) in the stored type T: the
// comparisons v > best give the same answers on T as on its exact binary64
// value. `lowest` starts each maximum (an empty window keeps it).
template <typename T, typename Write>
void MaxPoolLoop(const PoolParams& plan, const T* x, T lowest, Write write) {
  const size_t channels = static_cast<size_t>(plan.channels);
  std::vector<T> best(channels);
  std::vector<uint8_t> nan(channels);
  ForEachPixelWindow(plan, [&](size_t out_offset, int64_t, auto window) {
    std::fill(best.begin(), best.end(), lowest);
    std::fill(nan.begin(), nan.end(), 0);
    // C-528: NaN anywhere gives NaN; otherwise the first largest element (of
    // equal zeros the first one, so its sign) in window order.
    window([&](size_t in_offset) {
      const T* v = x + in_offset;
      T* b = best.data();
      uint8_t* n = nan.data();
      // Blocks of 16 bytes for the 8-bit codes (one SSE2 register), else 8 lanes.
      ForEachChannelInBlocks<sizeof(T) == 1 ? 16 : 8>(channels, [&](size_t c) {
        const T a = v[c];
        if constexpr (std::is_floating_point_v<T>) n[c] |= static_cast<uint8_t>(a != a);  // only floats hold NaN
        b[c] = a > b[c] ? a : b[c];
      });
    });
    write(out_offset, best.data(), nan.data());
  });
}

// Float maxima: NaN if flagged, the fused activation, one rounding to y's type.
template <typename T>
void MaxPoolFloat(OpContext& ctx, const PoolParams& plan, const T* x) {
  TensorArg& y = ctx.outputs[0];
  const ActivationType act = plan.params.activation;
  const bool float32 = y.dtype() == DataType::kFloat32;
  if (std::is_same<T, float>::value && float32) {
    // float32 to float32: the activation's comparisons with 0 and 6 and the
    // rounding of a float are exact, so float arithmetic gives the bits of
    // the binary64 steps below.
    const bool relu = act == ActivationType::kRelu || act == ActivationType::kRelu6;
    const bool relu6 = act == ActivationType::kRelu6;
    MaxPoolLoop<T>(plan, x, -std::numeric_limits<T>::infinity(), [&](size_t out, const T* best, const uint8_t* nan) {
      uint8_t* dst = y.mutable_data + out * 4;
      for (size_t c = 0; c < static_cast<size_t>(plan.channels); ++c) {
        float r = static_cast<float>(best[c]);
        if (relu && r < 0.0f) r = 0.0f;
        if (relu6 && r > 6.0f) r = 6.0f;
        std::memcpy(dst + c * 4, nan[c] ? static_cast<const void*>(&kCanonicalFloatNan) : &r, 4);  // C-433
      }
    });
    return;
  }
  MaxPoolLoop<T>(plan, x, -std::numeric_limits<T>::infinity(), [&](size_t out, const T* best, const uint8_t* nan) {
    for (size_t c = 0; c < static_cast<size_t>(plan.channels); ++c) {
      const double r = ApplyFusedActivation(act, nan[c] ? std::numeric_limits<double>::quiet_NaN() : best[c]);
      if (float32) {
        StoreDoubleAsFloat32(y.mutable_data, out + c, r);
      } else {
        StoreDouble(y.dtype(), y.mutable_data, out + c, r);
      }
    }
  });
}

// Quantized maxima (equal params, C-528): the largest code, clamped to the
// activation's range (4.8); an empty window (only a test driver's plan can
// make one) keeps the lowest code of the type, clamped.
template <typename T>
void MaxPoolQuant(OpContext& ctx, const PoolParams& plan) {
  TensorArg& y = ctx.outputs[0];
  const QuantRange range = FusedActivationQuantRange(plan.params.activation, y.dtype(), y.quant());
  const T lo = static_cast<T>(range.lo), hi = static_cast<T>(range.hi);
  T* out_codes = reinterpret_cast<T*>(y.mutable_data);
  MaxPoolLoop<T>(plan, reinterpret_cast<const T*>(ctx.inputs[0].data), std::numeric_limits<T>::lowest(),
                 [&](size_t out, const T* best, const uint8_t*) {
                   for (size_t c = 0; c < static_cast<size_t>(plan.channels); ++c) {
                     out_codes[out + c] = std::clamp(best[c], lo, hi);
                   }
                 });
}

// Every window's channel sums in Acc, terms in window order from Acc{0}:
// per block of 8 channels, the 8 sums stay in registers over the window's
// pixels (listed once per window).
template <typename Acc, typename T, typename Finish>
void WindowSumLoop(const PoolParams& plan, const T* x, Finish finish) {
  constexpr size_t kBlock = 8;
  const size_t channels = static_cast<size_t>(plan.channels);
  std::vector<Acc> sum(channels);
  std::vector<size_t> pixels;
  ForEachPixelWindow(plan, [&](size_t out_offset, int64_t count, auto window) {
    pixels.clear();
    window([&](size_t in_offset) { pixels.push_back(in_offset); });
    size_t c = 0;
    for (; c + kBlock <= channels; c += kBlock) {
      Acc a[kBlock] = {};
      for (size_t in_offset : pixels) {
        const T* v = x + in_offset + c;
#pragma GCC unroll 8
        for (size_t j = 0; j < kBlock; ++j) a[j] += static_cast<Acc>(v[j]);
      }
      for (size_t j = 0; j < kBlock; ++j) sum[c + j] = a[j];
    }
    for (; c < channels; ++c) {
      Acc a{0};
      for (size_t in_offset : pixels) a += static_cast<Acc>(x[in_offset + c]);
      sum[c] = a;
    }
    finish(out_offset, count, sum.data());
  });
}

double AvgDivisor(const PoolParams& plan, AvgPoolDivisor divisor, int64_t count) {
  return static_cast<double>(divisor == AvgPoolDivisor::kKernelArea ? plan.kernel_h * plan.kernel_w : count);
}

// C-526: the binary64 sum in window order / the count, the activation, one rounding.
template <typename T>
void AvgPoolFloat(OpContext& ctx, const PoolParams& plan, AvgPoolDivisor divisor, const T* x) {
  TensorArg& y = ctx.outputs[0];
  const ActivationType act = plan.params.activation;
  const bool float32 = y.dtype() == DataType::kFloat32;
  std::vector<double> mean(static_cast<size_t>(plan.channels));
  std::vector<uint32_t> bits(float32 ? mean.size() : 0);
  WindowSumLoop<double>(plan, x, [&](size_t out, int64_t count, const double* sum) {
    const double div = AvgDivisor(plan, divisor, count);
    // In blocks the compiler packs; each division is correctly rounded either way.
    ForEachChannelInBlocks(mean.size(), [&](size_t c) { mean[c] = ApplyFusedActivation(act, sum[c] / div); });
    if (float32) {  // StoreDoubleAsFloat32, in blocks
      ForEachChannelInBlocks(mean.size(), [&](size_t c) {
        const float f = static_cast<float>(mean[c]);
        uint32_t b;
        std::memcpy(&b, &f, 4);
        bits[c] = mean[c] != mean[c] ? kCanonicalFloatNan : b;  // C-433
      });
      std::memcpy(y.mutable_data + out * 4, bits.data(), bits.size() * 4);
      return;
    }
    for (size_t c = 0; c < mean.size(); ++c) StoreDouble(y.dtype(), y.mutable_data, out + c, mean[c]);
  });
}

// C-527: the sum of the centred codes q - z_x is an exact integer (the sum
// of the codes minus count * z_x); t = fl64(fl64(sum * fl64(s_x / s_y)) /
// count), y = clamp(RHA(t + z_y)) (4.6, 4.8). Acc holds the code sums
// exactly (int32 while count * 255 < 2^31).
template <typename Acc, typename T>
void AvgPoolQuant(OpContext& ctx, const PoolParams& plan, AvgPoolDivisor divisor) {
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  const double multiplier = x.quant().scale / y.quant().scale;
  const int64_t x_zero = x.quant().zero_point;
  const int32_t y_zero = y.quant().zero_point;
  const QuantRange range = FusedActivationQuantRange(plan.params.activation, y.dtype(), y.quant());
  const auto channels = static_cast<size_t>(plan.channels);
  WindowSumLoop<Acc>(plan, reinterpret_cast<const T*>(x.data), [&](size_t out, int64_t count, const Acc* sum) {
    const double div = AvgDivisor(plan, divisor, count);
    const auto t_of = [&](size_t c) {
      const double centred = static_cast<double>(static_cast<int64_t>(sum[c]) - count * x_zero);
      return (centred * multiplier) / div;
    };
    // y is int8 or uint8 (C-520): the code's byte. Blocks of 8 whose every
    // |t| <= 2^30 round in int32 lanes (RoundAddZeroPointToBytes, the same
    // codes; docs/semantics.md "Block writes").
    constexpr size_t kBlock = 8;
    size_t c = 0;
    for (; c + kBlock <= channels; c += kBlock) {
      double t[kBlock];
      for (size_t j = 0; j < kBlock; ++j) t[j] = t_of(c + j);
      RoundBlockToBytes<kBlock>(t, y_zero, range.lo, range.hi, y.mutable_data + out + c);
    }
    for (; c < channels; ++c) {
      y.mutable_data[out + c] = static_cast<uint8_t>(RoundAddZeroPointAndClamp(t_of(c), y_zero, range.lo, range.hi));
    }
  });
}

template <typename T>
void AvgPoolQuantTyped(OpContext& ctx, const PoolParams& plan, AvgPoolDivisor divisor) {
  constexpr int64_t kInt32Terms = int64_t{1} << 23;  // 2^23 * 255 < 2^31
  if (plan.kernel_h * plan.kernel_w <= kInt32Terms) {
    AvgPoolQuant<int32_t, T>(ctx, plan, divisor);
  } else {
    AvgPoolQuant<int64_t, T>(ctx, plan, divisor);
  }
}

}  // namespace

void RunMaxPoolLoops(OpContext& ctx, const PoolParams& plan) {
  const TensorArg& x = ctx.inputs[0];
  switch (x.dtype()) {
    case DataType::kFloat32: return MaxPoolFloat<float>(ctx, plan, reinterpret_cast<const float*>(x.data));
    case DataType::kInt8: return MaxPoolQuant<int8_t>(ctx, plan);
    case DataType::kUint8: return MaxPoolQuant<uint8_t>(ctx, plan);
    default: {
      const std::vector<double> xd = FloatsAsDoubles(x);  // float16: exact in binary64
      return MaxPoolFloat<double>(ctx, plan, xd.data());
    }
  }
}

void RunAvgPoolLoops(OpContext& ctx, const PoolParams& plan, AvgPoolDivisor divisor) {
  const TensorArg& x = ctx.inputs[0];
  switch (x.dtype()) {
    case DataType::kInt8: return AvgPoolQuantTyped<int8_t>(ctx, plan, divisor);
    case DataType::kUint8: return AvgPoolQuantTyped<uint8_t>(ctx, plan, divisor);
    case DataType::kFloat32:
      // When the windows read each input about twice or more, it is
      // converted to binary64 (exactly) once, below, not at every read.
      if (plan.out_h * plan.out_w * plan.kernel_h * plan.kernel_w < 2 * plan.in_h * plan.in_w) {
        return AvgPoolFloat<float>(ctx, plan, divisor, reinterpret_cast<const float*>(x.data));
      }
      [[fallthrough]];
    default: {
      const std::vector<double> xd = FloatsAsDoubles(x);
      return AvgPoolFloat<double>(ctx, plan, divisor, xd.data());
    }
  }
}

}  // namespace nnrt
