#include "reference/ops/kernels/conv2d_kernel.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "reference/numerics/numerics.h"
#include "reference/ops/kernels/conv2d_quant_kernel.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/kernels/cpu_clones.h"
#include "reference/ops/kernels/depthwise_kernel.h"
#include "reference/ops/kernels/packed_dot.h"

namespace nnrt {
namespace {

// One in-bounds tap (ky, kx) of an output pixel: the offset of the input
// pixel it reads (channel 0) and its row in the packed weights (ky*kW + kx)*inC/group.
struct Tap {
  int64_t x_offset;
  int64_t row;
};

// The in-bounds taps of output pixel (n, oh, ow) in the order ky, kx; taps in
// the padding are left out (they contribute nothing).
void ValidTaps(const ConvGeometry& g, const Conv2DAttrs& p, const ConvPads& pads, int64_t n, int64_t oh, int64_t ow,
               std::vector<Tap>* taps) {
  taps->clear();
  for (int64_t ky = 0; ky < g.k_h; ++ky) {
    const int64_t ih = oh * p.stride_h - pads.top + ky * p.dilation_h;
    if (ih < 0 || ih >= g.in_h) continue;
    for (int64_t kx = 0; kx < g.k_w; ++kx) {
      const int64_t iw = ow * p.stride_w - pads.left + kx * p.dilation_w;
      if (iw < 0 || iw >= g.in_w) continue;
      taps->push_back(Tap{((n * g.in_h + ih) * g.in_w + iw) * g.in_c, (ky * g.k_w + kx) * g.group_in_c});
    }
  }
}

bool SameRows(const std::vector<Tap>& a, const std::vector<Tap>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].row != b[i].row) return false;
  }
  return true;
}

// Compiled twice (gcc target_clones; the loader picks the AVX2 copy on a CPU
// that has it): the same binary64 multiplies and adds, 4 lanes per instruction
// instead of SSE2's 2; AVX2 does not include FMA and -ffp-contract=off forbids
// contraction anyway, so every product and sum is the same IEEE operation
// (docs/semantics.md "Why the fast loop orders give the same bits").
// Groups with more than one input channel (depthwise, one input channel
// per group, runs in depthwise_kernel.cc): per output pixel and block of kPackWidth output channels, the
// accumulators run over the taps (ky, kx) and then ic, in that order.
NNRT_CPU_CLONES void RunGroupedConv(const ConvGeometry& g, const Conv2DAttrs& p, const ConvPads& pads, const std::vector<double>& x,
                    const std::vector<double>& w, const AccumulatorWriter& out) {
  const int64_t rows = g.k_h * g.k_w * g.group_in_c;
  std::vector<PackedWeights> packed;
  for (int64_t gi = 0; gi < p.group; ++gi) {
    const double* wg = w.data() + gi * g.out_c_per_group * rows;
    packed.push_back(PackWeights(rows, g.out_c_per_group, [&](int64_t r, int64_t c) { return wg[c * rows + r]; }));
  }
  std::vector<Tap> taps, next_taps;
  double acc0[kPackWidth], acc1[kPackWidth];
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t oh = 0; oh < g.out_h; ++oh) {
      for (int64_t ow = 0; ow < g.out_w; ++ow) {
        ValidTaps(g, p, pads, n, oh, ow, &taps);
        // Two neighbouring pixels with the same taps share each weight load.
        bool pair = false;
        if (ow + 1 < g.out_w) {
          ValidTaps(g, p, pads, n, oh, ow + 1, &next_taps);
          pair = SameRows(taps, next_taps);
        }
        const size_t out0 = static_cast<size_t>(((n * g.out_h + oh) * g.out_w + ow) * g.out_c);
        for (int64_t gi = 0; gi < p.group; ++gi) {
          const int64_t ic0 = gi * g.group_in_c;
          for (int64_t b = 0; b < packed[gi].blocks(); ++b) {
            for (int64_t j = 0; j < kPackWidth; ++j) acc0[j] = acc1[j] = 0.0;
            const double* wb = packed[gi].Block(b);
            for (size_t t = 0; t < taps.size(); ++t) {
              const double* w_rows = wb + taps[t].row * kPackWidth;
              if (pair) {
                AccumulateBlock2(&x[taps[t].x_offset + ic0], &x[next_taps[t].x_offset + ic0], w_rows, g.group_in_c,
                                 acc0, acc1);
              } else {
                AccumulateBlock(&x[taps[t].x_offset + ic0], w_rows, g.group_in_c, acc0);
              }
            }
            const int64_t first = gi * g.out_c_per_group + b * kPackWidth;
            const int64_t lanes = std::min<int64_t>(kPackWidth, g.out_c_per_group - b * kPackWidth);
            if (lanes == kPackWidth) {  // a whole block: packed writes (AccumulatorWriter::WriteBlock)
              out.WriteBlock<kPackWidth>(out0 + static_cast<size_t>(first), first, acc0);
              if (pair) out.WriteBlock<kPackWidth>(out0 + static_cast<size_t>(g.out_c + first), first, acc1);
              continue;
            }
            for (int64_t j = 0; j < lanes; ++j) {
              out.Write(out0 + static_cast<size_t>(first + j), first + j, acc0[j]);
              if (pair) out.Write(out0 + static_cast<size_t>(g.out_c + first + j), first + j, acc1[j]);
            }
          }
        }
        if (pair) ++ow;
      }
    }
  }
}

}  // namespace

ConvGeometry MakeConvGeometry(const OpContext& ctx, const Conv2DAttrs& p) {
  const Dims& x = ctx.inputs[0].dims;
  const Dims& w = ctx.inputs[1].dims;
  const Dims& y = ctx.outputs[0].dims;
  return ConvGeometry{x[0], x[1], x[2], x[3], y[1], y[2], w[0], w[1], w[2], w[3], w[0] / p.group};
}

void RunConv2DLoops(OpContext& ctx, const Conv2DAttrs& p, const ConvPads& pads, bool quantized) {
  const ConvGeometry g = MakeConvGeometry(ctx, p);
  if (IsDepthwiseGeometry(g)) {
    RunDepthwiseConvLoops(ctx, g, p, pads, quantized);
    return;
  }
  if (quantized && UsesQuantizedPatchKernel(g, p)) return RunQuantizedConv2DPatches(ctx, p, pads);
  const TensorArg& xt = ctx.inputs[0];
  const TensorArg& wt = ctx.inputs[1];
  const std::vector<double> x = quantized ? CentredCodesAsDoubles(xt, 0) : FloatsAsDoubles(xt);
  const std::vector<double> w =
      quantized ? CentredCodesAsDoubles(wt, g.k_h * g.k_w * g.group_in_c) : FloatsAsDoubles(wt);
  const AccumulatorWriter out(ctx, p.activation, quantized, ctx.inputs.size() > 2);
  RunGroupedConv(g, p, pads, x, w, out);
}

}  // namespace nnrt
