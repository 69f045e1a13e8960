#include "reference/ops/nn/conv2d_transpose.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/kernels/quant_accumulate.h"

namespace nnrt {
namespace {

constexpr int64_t kMaxGeometry = std::numeric_limits<int32_t>::max();
const char kInput[] = "input 0 (x)";
const char kWeight[] = "input 1 (weight)";
const char kBias[] = "input 2 (bias)";
const char kOutput[] = "output 0";

// C-513: outputPaddings [] = [0, 0], [p] = [p, p], [h, w]; each 0 <= p < stride.
Status ReadOutputPaddings(const Node& node, const Conv2DAttrs& p, Conv2DTransposeParams* plan) {
  const std::vector<int64_t> list = IntsAttr(node, "outputPaddings");
  if (list.size() > 2) {
    return InvalidModel("outputPaddings must have 0, 1 or 2 elements, got " + std::to_string(list.size()) + " (C-513)");
  }
  plan->output_padding_h = list.empty() ? 0 : list[0];
  plan->output_padding_w = list.empty() ? 0 : list.back();
  const int64_t pads[2] = {plan->output_padding_h, plan->output_padding_w};
  const int64_t strides[2] = {p.stride_h, p.stride_w};
  for (int i = 0; i < 2; ++i) {
    if (pads[i] < 0 || pads[i] >= strides[i]) {
      return InvalidModel("outputPaddings[" + std::to_string(i) + "] = " + std::to_string(pads[i]) +
                          " must be in [0, stride) = [0, " + std::to_string(strides[i]) + ") (C-513)");
    }
  }
  return Status::Ok();
}

struct Geometry {
  int64_t batch, in_h, in_w, in_c, out_h, out_w, out_c, k_h, k_w, group_in_c, out_c_per_group;
};

Geometry MakeGeometry(const OpContext& ctx, const Conv2DAttrs& p) {
  const Dims& x = ctx.inputs[0].dims;
  const Dims& w = ctx.inputs[1].dims;
  const Dims& y = ctx.outputs[0].dims;
  return Geometry{x[0], x[1], x[2], x[3], y[1], y[2], w[0], w[1], w[2], w[3], w[0] / p.group};
}

// One spatial axis of the gather form: the input index a tap (k) of output
// position o reads, or -1 when it falls between input pixels or outside.
int64_t SourceIndex(int64_t o, int64_t k, int64_t stride, int64_t dilation, int64_t before, int64_t in) {
  const int64_t num = o + before - k * dilation;
  if (num < 0 || num % stride != 0) return -1;
  const int64_t i = num / stride;
  return i < in ? i : -1;
}

template <typename Tap>
void ForEachTap(const Geometry& g, const Conv2DTransposeParams& plan, int64_t n, int64_t oh, int64_t ow, int64_t oc,
                Tap tap) {
  const Conv2DAttrs& p = plan.params;
  const int64_t first_ic = (oc / g.out_c_per_group) * g.group_in_c;
  for (int64_t ky = 0; ky < g.k_h; ++ky) {
    const int64_t ih = SourceIndex(oh, ky, p.stride_h, p.dilation_h, plan.pads.top, g.in_h);
    if (ih < 0) continue;
    for (int64_t kx = 0; kx < g.k_w; ++kx) {
      const int64_t iw = SourceIndex(ow, kx, p.stride_w, p.dilation_w, plan.pads.left, g.in_w);
      if (iw < 0) continue;
      for (int64_t ic = 0; ic < g.group_in_c; ++ic) {
        const int64_t x_off = ((n * g.in_h + ih) * g.in_w + iw) * g.in_c + first_ic + ic;
        const int64_t w_off = ((oc * g.k_h + ky) * g.k_w + kx) * g.group_in_c + ic;
        tap(static_cast<size_t>(x_off), static_cast<size_t>(w_off));
      }
    }
  }
}

}  // namespace

int64_t ConvTransposeOutputSize(int64_t in, int64_t kernel, int64_t stride, int64_t dilation, int64_t before,
                                int64_t after, int64_t output_padding) {
  if (in < 0) return -1;
  return (in - 1) * stride + (kernel - 1) * dilation + 1 - before - after + output_padding;
}

void ComputeConvTransposePadsAxis(PadMode mode, int64_t kernel, int64_t stride, int64_t dilation,
                                  int64_t explicit_before, int64_t explicit_after, int64_t* before, int64_t* after) {
  *before = 0;
  *after = 0;
  if (mode == PadMode::kPad) {
    *before = explicit_before;
    *after = explicit_after;
  } else if (mode == PadMode::kSame) {
    // The forward SAME conv pads max(dk - s, 0); a negative total (dk < s)
    // extends the end instead, so that out = in * stride exactly.
    const int64_t total = (kernel - 1) * dilation + 1 - stride;
    *before = total > 0 ? total / 2 : 0;
    *after = total - *before;
  }
}

Status InferConv2DTranspose(OpContext& ctx) {
  Conv2DTransposeParams plan;
  NNRT_RETURN_IF_ERROR(ReadConv2DAttrs(ctx, &plan.params));
  const Conv2DAttrs& p = plan.params;
  if (ctx.inputs[0].decl->format == Format::kNchw) {
    return Unsupported(std::string(kInput) + " has format NCHW; CONV2D_TRANSPOSE_FUSION is defined on NHWC (C-511)");
  }
  NNRT_RETURN_IF_ERROR(ReadOutputPaddings(*ctx.node, p, &plan));
  const TensorArg& w = ctx.inputs[1];
  const AccumulateOperands operands{"CONV2D_TRANSPOSE_FUSION", &ctx.inputs[0], kInput, &w, kWeight, w.dims[0],
                                    ctx.inputs.size() > 2 ? &ctx.inputs[2] : nullptr, kBias, &ctx.outputs[0], kOutput};
  NNRT_RETURN_IF_ERROR(CheckAccumulateDataTypes(operands, &plan.quantized));
  if (plan.quantized) {
    // At most kH * kW * inC/group taps reach one output (C-301).
    NNRT_RETURN_IF_ERROR(CheckQuantTermCount("CONV2D_TRANSPOSE_FUSION", ElementCount(Dims{w.dims[1], w.dims[2], w.dims[3]}),
                                             "weight " + DimsToString(w.dims)));
  }
  ComputeConvTransposePadsAxis(p.pad_mode, p.kernel_h, p.stride_h, p.dilation_h, p.explicit_pads.top,
                               p.explicit_pads.bottom, &plan.pads.top, &plan.pads.bottom);
  ComputeConvTransposePadsAxis(p.pad_mode, p.kernel_w, p.stride_w, p.dilation_w, p.explicit_pads.left,
                               p.explicit_pads.right, &plan.pads.left, &plan.pads.right);
  const Dims& x = ctx.inputs[0].dims;
  const int64_t out_h = ConvTransposeOutputSize(x[1], p.kernel_h, p.stride_h, p.dilation_h, plan.pads.top,
                                                plan.pads.bottom, plan.output_padding_h);
  const int64_t out_w = ConvTransposeOutputSize(x[2], p.kernel_w, p.stride_w, p.dilation_w, plan.pads.left,
                                                plan.pads.right, plan.output_padding_w);
  if (out_h > kMaxGeometry || out_w > kMaxGeometry) {
    return InvalidModel("transposed convolution output size exceeds 2^31-1 for input " + DimsToString(x));
  }
  if ((x[1] >= 0 && out_h < 1) || (x[2] >= 0 && out_w < 1)) {
    return InvalidModel("the pads remove the whole transposed convolution output (" + std::to_string(out_h) + "x" +
                        std::to_string(out_w) + ") for input " + DimsToString(x) + " (C-512)");
  }
  ctx.outputs[0].dims = Dims{x[0], static_cast<int32_t>(out_h), static_cast<int32_t>(out_w), w.dims[0]};
  ctx.SetParams(plan);
  return Status::Ok();
}

Status Conv2DTransposeKernel(OpContext& ctx) {
  return RunConv2DTransposeWithParams(ctx, ctx.Params<Conv2DTransposeParams>());
}

Status RunConv2DTransposeWithParams(OpContext& ctx, const Conv2DTransposeParams& plan) {
  const Conv2DAttrs& p = plan.params;
  const Geometry g = MakeGeometry(ctx, p);
  // C-760: every output walks its kernel rows, columns and group channels.
  NNRT_RETURN_IF_ERROR(ChargeWork(ctx, {g.batch, g.out_h, g.out_w, g.out_c, g.k_h, g.k_w, g.group_in_c},
                                  "kernel taps of " + DimsToString(ctx.inputs[1].dims) + " per output element"));
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& w = ctx.inputs[1];
  TensorArg& y = ctx.outputs[0];
  const TensorArg* bias = ctx.inputs.size() > 2 ? &ctx.inputs[2] : nullptr;
  QuantParam xq, yq;
  QuantRange range{0, 0};
  if (plan.quantized) {
    xq = x.quant();
    yq = y.quant();
    range = FusedActivationQuantRange(p.activation, y.dtype(), yq);
  }
  const std::vector<QuantParam>& wq = w.decl->quant_params;
  const bool float32 = !plan.quantized && x.dtype() == DataType::kFloat32 && w.dtype() == DataType::kFloat32;
  const float* xf = reinterpret_cast<const float*>(x.data);
  const float* wf = reinterpret_cast<const float*>(w.data);
  size_t out_index = 0;
  for (int64_t n = 0; n < g.batch; ++n)
    for (int64_t oh = 0; oh < g.out_h; ++oh)
      for (int64_t ow = 0; ow < g.out_w; ++ow)
        for (int64_t oc = 0; oc < g.out_c; ++oc, ++out_index) {
          if (plan.quantized) {
            const QuantParam& wc = wq.size() == 1 ? wq[0] : wq[static_cast<size_t>(oc)];
            int64_t acc = 0;  // exact (quantization_semantics 4.5; C-301 bounds it below 2^48)
            ForEachTap(g, plan, n, oh, ow, oc, [&](size_t xi, size_t wi) {
              acc += (LoadAsInt64(x.dtype(), x.data, xi) - xq.zero_point) *
                     (LoadAsInt64(w.dtype(), w.data, wi) - wc.zero_point);
            });
            if (bias != nullptr) acc += LoadAsInt64(DataType::kInt32, bias->data, static_cast<size_t>(oc));
            StoreInt64(y.dtype(), y.mutable_data, out_index, RequantizeAccumulator(acc, xq, wc, yq, range));
          } else if (float32) {
            // The same terms in the same order, the floats read in place
            // (LoadAsDouble's float32 case: the exact binary64 value).
            double acc = 0.0;
            ForEachTap(g, plan, n, oh, ow, oc, [&](size_t xi, size_t wi) {
              acc += static_cast<double>(xf[xi]) * static_cast<double>(wf[wi]);
            });
            if (bias != nullptr) acc += LoadAsDouble(bias->dtype(), bias->data, static_cast<size_t>(oc));
            StoreDouble(y.dtype(), y.mutable_data, out_index, ApplyFusedActivation(p.activation, acc));
          } else {
            double acc = 0.0;
            ForEachTap(g, plan, n, oh, ow, oc, [&](size_t xi, size_t wi) {
              acc += LoadAsDouble(x.dtype(), x.data, xi) * LoadAsDouble(w.dtype(), w.data, wi);
            });
            if (bias != nullptr) acc += LoadAsDouble(bias->dtype(), bias->data, static_cast<size_t>(oc));
            StoreDouble(y.dtype(), y.mutable_data, out_index, ApplyFusedActivation(p.activation, acc));
          }
        }
  return Status::Ok();
}

OpDef Conv2DTransposeOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::CONV2D_TRANSPOSE_FUSION,
               {Int64List("kernelSize"), Int64List("stride"), Int64List("dilation"), Enum("padMode", 0, {0, 1, 2}),
                Int64List("padList"), Int64("group", 1), Int64("inChannel", 0), Int64("outChannel", 0),
                FusedActivation(), Int64List("outputPaddings")},
               /*inputs=*/3, 3, /*outputs=*/1, 1, &InferConv2DTranspose, &Conv2DTransposeKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}, "conv2d"};
}

}  // namespace nnrt
