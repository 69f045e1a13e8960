// AVGPOOL_FUSION and MAX_POOL_FUSION (HDI structs AvgPoolFusion,
// MaxPoolFusion; ops_catalog #2 OH_NN_OPS_AVG_POOL, #21 OH_NN_OPS_MAX_POOL).
// 2-D pooling of an NHWC input over kernelSize windows moved by strides, with
// padMode PAD (explicit pad [top, bottom, left, right]) / SAME / VALID,
// roundMode FLOOR / CEIL for the output size, `global` (one window over the
// whole H x W) and a fused activation. Padding never counts: a window holds
// the input elements it covers (C-524, C-526).
// Semantics: docs/semantics.md "AVGPOOL_FUSION", "MAX_POOL_FUSION";
// decisions C-520..C-528.
#ifndef NNRT_REFERENCE_OPS_POOL_H_
#define NNRT_REFERENCE_OPS_POOL_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "reference/ops/core/op_def.h"
#include "reference/ops/kernels/spatial_window.h"

namespace nnrt {

// The validated attributes of a pooling node (defaults applied).
struct PoolAttrs {
  bool global = false;
  int64_t kernel_h = 0;
  int64_t kernel_w = 0;
  int64_t stride_h = 1;
  int64_t stride_w = 1;
  PadMode pad_mode = PadMode::kPad;
  ConvPads explicit_pads;  // `pad` (PAD mode only; zeros otherwise)
  bool ceil_mode = false;  // roundMode CEIL (C-522)
  ActivationType activation = ActivationType::kNone;
};

// What the kernels need, decided by the inference on concrete dims: the
// effective window (global: the whole input), its stride and leading pads,
// and the output size. Output (n, oh, ow, c) pools input rows
// [oh*stride_h - pad_top, + kernel_h) and columns [ow*stride_w - pad_left,
// + kernel_w), clipped to the input.
struct PoolParams {
  PoolAttrs params;
  bool quantized = false;
  int64_t batch = 0, in_h = 0, in_w = 0, channels = 0;
  int64_t out_h = 0, out_w = 0;
  int64_t kernel_h = 0, kernel_w = 0, stride_h = 1, stride_w = 1;
  int64_t pad_top = 0, pad_left = 0;
};

// Output size of one axis (C-522, C-523): SAME ceil(in / stride); PAD and
// VALID floor((in + before + after - kernel) / stride) + 1, or with ceil mode
// ceil(...) + 1 minus a last window that would start past the input.
// -1 when in is unknown; <= 0 when the kernel is larger than the padded input.
int64_t PoolOutputSize(int64_t in, int64_t kernel, int64_t stride, int64_t before, int64_t after, bool ceil_mode);

// The input rows (or columns) [*begin, *end) that output index o pools along
// one axis: [o*stride - pad_before, + kernel) clipped to [0, in).
void PoolWindowRange(int64_t o, int64_t stride, int64_t pad_before, int64_t kernel, int64_t in, int64_t* begin,
                     int64_t* end);

// Calls body(out_offset, count, window) for every output pixel in the order
// n, oh, ow: out_offset is the flat index of its channel 0, count the input
// elements of its window, and window(elem) calls elem(offset) with the flat
// index of channel 0 of each window pixel, rows (ky) then columns (kx)
// ascending. The kernels run the channels innermost: each output channel
// still sees its window in that order.
template <typename Body>
void ForEachPixelWindow(const PoolParams& g, Body body) {
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t oh = 0; oh < g.out_h; ++oh) {
      int64_t h0, h1;
      PoolWindowRange(oh, g.stride_h, g.pad_top, g.kernel_h, g.in_h, &h0, &h1);
      for (int64_t ow = 0; ow < g.out_w; ++ow) {
        int64_t w0, w1;
        PoolWindowRange(ow, g.stride_w, g.pad_left, g.kernel_w, g.in_w, &w0, &w1);
        const int64_t count = std::max<int64_t>(h1 - h0, 0) * std::max<int64_t>(w1 - w0, 0);
        auto window = [&](auto elem) {
          for (int64_t ih = h0; ih < h1; ++ih) {
            for (int64_t iw = w0; iw < w1; ++iw) elem(static_cast<size_t>(((n * g.in_h + ih) * g.in_w + iw) * g.channels));
          }
        };
        body(static_cast<size_t>(((n * g.out_h + oh) * g.out_w + ow) * g.channels), count, window);
      }
    }
  }
}

// Reads and validates the attributes (kernelSize, strides, pad, padMode,
// roundMode, global, activationType) of a pooling node.
Status ReadPoolAttrs(const Node& node, PoolAttrs* params);

Status InferMaxPool(OpContext& ctx);
Status InferAvgPool(OpContext& ctx);
// y = act(max over the window) (C-528): NaN if any element is NaN; quantized
// codes are compared directly (output params equal the input's).
Status MaxPoolKernel(OpContext& ctx);
// y = act(sum over the window / count of input elements in it) (C-526, C-527).
Status AvgPoolKernel(OpContext& ctx);

// The loop nests with a caller-given plan (the reference passes the one the
// inference stored), so that a deliberately wrong test driver can change only
// the geometry. Writes plan.out_h x plan.out_w outputs row-major.
Status RunMaxPoolWithParams(OpContext& ctx, const PoolParams& plan);
// What the average divides by: the reference divides by the input elements
// of the window; a test driver may divide by the full kernel area.
enum class AvgPoolDivisor { kInputElements, kKernelArea };
Status RunAvgPoolWithParams(OpContext& ctx, const PoolParams& plan, AvgPoolDivisor divisor);

// HDI AvgPoolFusion {kernelSize, strides, pad, padMode, roundMode, format,
// global, activationType}; MaxPoolFusion lists format before roundMode.
std::vector<AttrSpec> PoolAttrSchema(NodeType type);

// The modules' entries in the node-type list (registry.cc).
OpDef MaxPoolOpDef();
OpDef AvgPoolOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_POOL_H_
