#include "reference/ops/kernels/conv2d_quant_kernel.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "reference/ops/kernels/quant_dot.h"

namespace nnrt {
namespace {

// Output pixels whose patches are gathered at a time (the patch rows stay in cache).
constexpr int64_t kPixelBlock = 32;

// Row `pixel` (n, oh, ow in row-major order) of the patch matrix of group gi:
// for ky, kx the group's input channels of the tap, or zeros for a tap in the
// padding (a centred 0 adds nothing). `patch` has depth kH * kW * inC/group.
void GatherPatch(const ConvGeometry& g, const Conv2DAttrs& p, const ConvPads& pads, const std::vector<int16_t>& x,
                 int64_t pixel, int64_t gi, int16_t* patch) {
  const int64_t ow = pixel % g.out_w;
  const int64_t oh = (pixel / g.out_w) % g.out_h;
  const int64_t n = pixel / (g.out_w * g.out_h);
  const size_t run_bytes = static_cast<size_t>(g.group_in_c) * sizeof(int16_t);
  for (int64_t ky = 0; ky < g.k_h; ++ky) {
    const int64_t ih = oh * p.stride_h - pads.top + ky * p.dilation_h;
    for (int64_t kx = 0; kx < g.k_w; ++kx) {
      const int64_t iw = ow * p.stride_w - pads.left + kx * p.dilation_w;
      int16_t* dst = patch + (ky * g.k_w + kx) * g.group_in_c;
      if (ih < 0 || ih >= g.in_h || iw < 0 || iw >= g.in_w) {
        std::memset(dst, 0, run_bytes);
      } else {
        std::memcpy(dst, &x[static_cast<size_t>(((n * g.in_h + ih) * g.in_w + iw) * g.in_c + gi * g.group_in_c)],
                    run_bytes);
      }
    }
  }
}

}  // namespace

bool UsesQuantizedPatchKernel(const ConvGeometry& g, const Conv2DAttrs& p) {
  return p.group == 1 || g.group_in_c > 1;
}

void RunQuantizedConv2DPatches(OpContext& ctx, const Conv2DAttrs& p, const ConvPads& pads) {
  const ConvGeometry g = MakeConvGeometry(ctx, p);
  const int64_t depth = g.k_h * g.k_w * g.group_in_c;
  const std::vector<int16_t> x = CentredTensor(ctx.inputs[0]);
  // Weight [outC, kH, kW, inC/group]: row oc is output channel oc's taps in the order ky, kx, ic.
  const CentredRows w = CentredWeightRows(ctx.inputs[1], g.out_c, depth);
  const QuantRequantizer out(ctx, p.activation, ctx.inputs.size() > 2);
  CentredRows patches(std::min(kPixelBlock, g.batch * g.out_h * g.out_w), depth);
  const int64_t pixels = g.batch * g.out_h * g.out_w;
  for (int64_t first = 0; first < pixels; first += kPixelBlock) {
    const int64_t count = std::min(kPixelBlock, pixels - first);
    for (int64_t gi = 0; gi < p.group; ++gi) {
      for (int64_t i = 0; i < count; ++i) GatherPatch(g, p, pads, x, first + i, gi, patches.Row(i));
      const int64_t channel0 = gi * g.out_c_per_group;
      MultiplyAndRequantize(RowProducts{patches.Row(0), count, w.Row(channel0), g.out_c_per_group, w.stride()}, out,
                            static_cast<size_t>(first * g.out_c), g.out_c, channel0);
    }
  }
}

}  // namespace nnrt
