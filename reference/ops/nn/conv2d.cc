#include "reference/ops/nn/conv2d.h"

#include <cstdint>
#include <limits>
#include <string>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/kernels/conv2d_kernel.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/kernels/quant_accumulate.h"

namespace nnrt {
namespace {

constexpr int64_t kMaxGeometry = std::numeric_limits<int32_t>::max();

// Input/weight/bias/output roles used in messages.
const char kInput[] = "input 0 (x)";
const char kWeight[] = "input 1 (weight)";
const char kBias[] = "input 2 (bias)";
const char kOutput[] = "output 0";

bool HasBias(const OpContext& ctx) { return ctx.inputs.size() > 2; }

// NHWC only (ops_catalog #8: "NHWC"); NONE/ND tensors lower to NHWC (1.3).
Status CheckLayout(const TensorArg& x) {
  if (x.decl->format == Format::kNchw) {
    return Unsupported(std::string(kInput) + " has format NCHW; CONV2D_FUSION is defined on NHWC (C-50)");
  }
  return Status::Ok();
}

Status CheckShapes(const OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& w = ctx.inputs[1];
  if (x.dims.size() != 4) return InvalidModel(std::string(kInput) + " must be 4-D NHWC, got " + DimsToString(x.dims));
  if (w.dims.size() != 4) {
    return InvalidModel(std::string(kWeight) + " must be 4-D [outC, kH, kW, inC/group], got " + DimsToString(w.dims));
  }
  for (int32_t d : w.dims) {
    if (d < 1) return InvalidModel(std::string(kWeight) + " dims must be known and >= 1, got " + DimsToString(w.dims));
  }
  if (HasBias(ctx)) {
    const TensorArg& b = ctx.inputs[2];
    if (b.dims.size() != 1 || (b.dims[0] != -1 && b.dims[0] != w.dims[0])) {
      return InvalidModel(std::string(kBias) + " must be 1-D [outC] = [" + std::to_string(w.dims[0]) + "], got " +
                          DimsToString(b.dims));
    }
  }
  return Status::Ok();
}

Status CheckChannels(const OpContext& ctx, const Conv2DAttrs& p) {
  const Node& node = *ctx.node;
  const int64_t in_c = ctx.inputs[0].dims[3];
  const int64_t out_c = ctx.inputs[1].dims[0];
  const int64_t w_in_c = ctx.inputs[1].dims[3];
  if (out_c % p.group != 0) {
    return InvalidModel("group " + std::to_string(p.group) + " must divide outChannel " + std::to_string(out_c));
  }
  if (in_c != -1) {
    if (in_c % p.group != 0) {
      return InvalidModel("group " + std::to_string(p.group) + " must divide the input channels " + std::to_string(in_c));
    }
    if (w_in_c != in_c / p.group) {
      return InvalidModel("weight dim 3 must be inChannel/group = " + std::to_string(in_c) + "/" +
                          std::to_string(p.group) + " = " + std::to_string(in_c / p.group) + ", got " +
                          std::to_string(w_in_c));
    }
  }
  // Attributes are redundant with the tensors; the two lowerings write
  // inChannel differently (Conv2D: weight dim 3, depthwise: input C), C-53.
  const Attr* in_attr = node.FindAttr("inChannel");
  if (in_attr != nullptr && !in_attr->ints.empty()) {
    const int64_t v = in_attr->ints[0];
    if (v != w_in_c && v != in_c) {
      return InvalidModel("inChannel " + std::to_string(v) + " matches neither weight dim 3 (" + std::to_string(w_in_c) +
                          ") nor the input channels (" + std::to_string(in_c) + ")");
    }
  }
  const Attr* out_attr = node.FindAttr("outChannel");
  if (out_attr != nullptr && !out_attr->ints.empty() && out_attr->ints[0] != out_c) {
    return InvalidModel("outChannel " + std::to_string(out_attr->ints[0]) + " differs from weight dim 0 (" +
                        std::to_string(out_c) + ")");
  }
  return Status::Ok();
}

// Float: x, weight, bias and output share one float type. Quantized: x/w/y
// int8 or uint8 with quant params, weight per-tensor or per-channel along
// axis 0, bias int32 (quant_accumulate.h, quantization_semantics 4.7).
Status CheckDataTypes(const OpContext& ctx, bool* quantized) {
  const TensorArg& w = ctx.inputs[1];
  const AccumulateOperands operands{"CONV2D_FUSION", &ctx.inputs[0], kInput, &w, kWeight, w.dims[0],
                                    HasBias(ctx) ? &ctx.inputs[2] : nullptr, kBias, &ctx.outputs[0], kOutput};
  NNRT_RETURN_IF_ERROR(CheckAccumulateDataTypes(operands, quantized));
  if (!*quantized) return Status::Ok();
  // Taps per output = kH * kW * inC/group (weight dims 1..3, each >= 1 here).
  return CheckQuantTermCount("CONV2D_FUSION", ElementCount(Dims{w.dims[1], w.dims[2], w.dims[3]}),
                             "weight " + DimsToString(w.dims));
}

}  // namespace

ConvPads ComputeConvPads(const Conv2DAttrs& p, int64_t in_h, int64_t in_w) {
  ConvPads pads;
  ComputeConvPadsAxis(p.pad_mode, in_h, p.kernel_h, p.stride_h, p.dilation_h, p.explicit_pads.top,
                      p.explicit_pads.bottom, &pads.top, &pads.bottom);
  ComputeConvPadsAxis(p.pad_mode, in_w, p.kernel_w, p.stride_w, p.dilation_w, p.explicit_pads.left,
                      p.explicit_pads.right, &pads.left, &pads.right);
  return pads;
}

Status ReadConv2DAttrs(const OpContext& ctx, Conv2DAttrs* params) {
  NNRT_RETURN_IF_ERROR(CheckShapes(ctx));
  const Node& node = *ctx.node;
  Conv2DAttrs p;
  p.kernel_h = ctx.inputs[1].dims[1];
  p.kernel_w = ctx.inputs[1].dims[2];
  const Attr* ks = node.FindAttr("kernelSize");
  if (ks != nullptr) {
    if (ks->ints.size() != 2 || ks->ints[0] != p.kernel_h || ks->ints[1] != p.kernel_w) {
      return InvalidModel("kernelSize must be [" + std::to_string(p.kernel_h) + "," + std::to_string(p.kernel_w) +
                          "] (weight dims 1..2), got " + std::to_string(ks->ints.size()) + " element(s)" +
                          (ks->ints.size() == 2 ? " [" + std::to_string(ks->ints[0]) + "," + std::to_string(ks->ints[1]) + "]"
                                                : std::string()));
    }
  }
  // stride and dilation default to [1, 1] when absent (C-51).
  NNRT_RETURN_IF_ERROR(ReadWindowPair(node, "stride", &p.stride_h, &p.stride_w));
  NNRT_RETURN_IF_ERROR(ReadWindowPair(node, "dilation", &p.dilation_h, &p.dilation_w));
  NNRT_RETURN_IF_ERROR(ReadPadModeAndList(node, "padList", &p.pad_mode, &p.explicit_pads));
  p.group = IntAttr(node, "group");
  if (p.group < 1 || p.group > kMaxGeometry) {
    return InvalidModel("group must be >= 1, got " + std::to_string(p.group) + " (C-51)");
  }
  NNRT_RETURN_IF_ERROR(ReadFusedActivation(node, &p.activation));
  NNRT_RETURN_IF_ERROR(CheckChannels(ctx, p));
  *params = p;
  return Status::Ok();
}

namespace {

// What the kernel needs, decided once by InferConv2D.
struct Conv2DParams {
  Conv2DAttrs params;
  bool quantized = false;
};

}  // namespace

Status InferConv2D(OpContext& ctx) {
  Conv2DParams plan;
  NNRT_RETURN_IF_ERROR(ReadConv2DAttrs(ctx, &plan.params));
  const Conv2DAttrs& p = plan.params;
  NNRT_RETURN_IF_ERROR(CheckLayout(ctx.inputs[0]));
  NNRT_RETURN_IF_ERROR(CheckDataTypes(ctx, &plan.quantized));
  const Dims& x = ctx.inputs[0].dims;
  const ConvPads pads = ComputeConvPads(p, x[1], x[2]);
  const int64_t out_h = ConvOutputSize(x[1], p.kernel_h, p.stride_h, p.dilation_h, pads.top, pads.bottom);
  const int64_t out_w = ConvOutputSize(x[2], p.kernel_w, p.stride_w, p.dilation_w, pads.left, pads.right);
  if (out_h > kMaxGeometry || out_w > kMaxGeometry) {
    return InvalidModel("convolution output size exceeds 2^31-1 for input " + DimsToString(x));
  }
  if (out_h == 0 || out_w == 0) {
    return InvalidModel("the dilated kernel " + std::to_string((p.kernel_h - 1) * p.dilation_h + 1) + "x" +
                        std::to_string((p.kernel_w - 1) * p.dilation_w + 1) + " does not fit the padded input " +
                        DimsToString(x));
  }
  ctx.outputs[0].dims = Dims{x[0], static_cast<int32_t>(out_h), static_cast<int32_t>(out_w), ctx.inputs[1].dims[0]};
  ctx.SetParams(plan);
  return Status::Ok();
}

Status Conv2DKernel(OpContext& ctx) {
  const Conv2DAttrs& p = ctx.Params<Conv2DParams>().params;
  return RunConv2DWithPads(ctx, ComputeConvPads(p, ctx.inputs[0].dims[1], ctx.inputs[0].dims[2]));
}

Status RunConv2DWithPads(OpContext& ctx, const ConvPads& pads) {
  const Conv2DAttrs& p = ctx.Params<Conv2DParams>().params;
  const bool quantized = ctx.Params<Conv2DParams>().quantized;
  // The pads come from the caller (a test driver may pass its own rule), so the
  // output they give is checked against the output buffer's dims.
  const Dims& x = ctx.inputs[0].dims;
  const Dims& y = ctx.outputs[0].dims;
  if (pads.top < 0 || pads.bottom < 0 || pads.left < 0 || pads.right < 0) return InvalidInput("negative conv pads");
  const int64_t out_h = ConvOutputSize(x[1], p.kernel_h, p.stride_h, p.dilation_h, pads.top, pads.bottom);
  const int64_t out_w = ConvOutputSize(x[2], p.kernel_w, p.stride_w, p.dilation_w, pads.left, pads.right);
  if (out_h < 1 || out_w < 1 || out_h > kMaxGeometry || out_w > kMaxGeometry) {
    return InvalidInput("pads give an empty or oversized convolution output");
  }
  const Dims expected{x[0], static_cast<int32_t>(out_h), static_cast<int32_t>(out_w), ctx.inputs[1].dims[0]};
  if (y != expected) {
    return InvalidInput("output dims " + DimsToString(y) + " differ from the convolution result " +
                        DimsToString(expected));
  }
  const ConvGeometry g = MakeConvGeometry(ctx, p);
  // C-760: every output walks its kernel rows, columns and group channels.
  NNRT_RETURN_IF_ERROR(ChargeWork(ctx, {g.batch, g.out_h, g.out_w, g.out_c, g.k_h, g.k_w, g.group_in_c},
                                  "kernel taps of " + DimsToString(ctx.inputs[1].dims) + " per output element"));
  RunConv2DLoops(ctx, p, pads, quantized);
  return Status::Ok();
}

OpDef Conv2DOpDef() {
  using namespace schema;  // NOLINT
  // Bias is optional: 2 or 3 inputs (C-50). HDI PadMode PAD 0, SAME 1, VALID 2.
  return OpDef{NodeType::CONV2D_FUSION,
               {Int64List("kernelSize"), Int64List("stride"), Int64List("dilation"), Enum("padMode", 0, {0, 1, 2}),
                Int64List("padList"), Int64("group", 1), Int64("inChannel", 0), Int64("outChannel", 0),
                FusedActivation()},
               /*inputs=*/2, 3, /*outputs=*/1, 1, &InferConv2D, &Conv2DKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}, "conv2d"};
}

}  // namespace nnrt
