#include "reference/ops/nn/pool.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/kernels/pool_kernel.h"
#include "reference/ops/kernels/quant_accumulate.h"

namespace nnrt {
namespace {

const char kInput[] = "input 0 (x)";
const char kOutput[] = "output 0";

const char* OpName(NodeType t) { return t == NodeType::MAX_POOL_FUSION ? "MAX_POOL_FUSION" : "AVGPOOL_FUSION"; }

// C-520: one 4-D NHWC input; an input declared NCHW is not a layout the
// reference computes (the `format` attribute is always NCHW after lowering,
// ops_catalog 1.4, and is not read).
Status CheckShape(const OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  if (x.dims.size() != 4) {
    return InvalidModel(std::string(OpName(ctx.node->type)) + " " + kInput + " must be 4-D NHWC, got " +
                        DimsToString(x.dims) + " (C-520)");
  }
  if (x.decl->format == Format::kNchw) {
    return Unsupported(std::string(kInput) + " has format NCHW; " + OpName(ctx.node->type) +
                       " is defined on NHWC (C-520)");
  }
  return Status::Ok();
}

// C-520: float32 / float16 with the output of the same type, or int8 / uint8
// with per-tensor quant params (zero points inside the type, C-300).
// MAX_POOL_FUSION selects a stored code, so its output has x's type and quant
// params (different ones would be a requantization, C-528); AVGPOOL_FUSION
// requantizes anyway, so its output may be int8 or uint8 with any params.
Status CheckDataTypes(const OpContext& ctx, bool* quantized) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& y = ctx.outputs[0];
  const bool max_pool = ctx.node->type == NodeType::MAX_POOL_FUSION;
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(x, kInput));
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(y, kOutput));
  NNRT_RETURN_IF_ERROR(
      CheckDataTypeIn(x, kInput, {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}));
  *quantized = IsQuant8Type(x.dtype());
  if (!*quantized) return CheckSameDataType(x, kInput, y, kOutput);
  if (!x.quantized() || !y.quantized()) {
    return InvalidModel(std::string(OpName(ctx.node->type)) + " on " + DataTypeName(x.dtype()) +
                        " needs quant params on " + kInput + " and " + kOutput + " (C-520)");
  }
  NNRT_RETURN_IF_ERROR(CheckPerTensorQuant(x, kInput));
  NNRT_RETURN_IF_ERROR(CheckPerTensorQuant(y, kOutput));
  NNRT_RETURN_IF_ERROR(CheckZeroPointsInRange(x, kInput));
  NNRT_RETURN_IF_ERROR(CheckZeroPointsInRange(y, kOutput));
  if (!max_pool) return CheckDataTypeIn(y, kOutput, {DataType::kInt8, DataType::kUint8});
  NNRT_RETURN_IF_ERROR(CheckSameDataType(x, kInput, y, kOutput));
  if (!(x.quant() == y.quant())) {
    return Unsupported("MAX_POOL_FUSION with output quant params (scale " + std::to_string(y.quant().scale) +
                       ", zero point " + std::to_string(y.quant().zero_point) + ") different from the input's (" +
                       std::to_string(x.quant().scale) + ", " + std::to_string(x.quant().zero_point) +
                       ") is a requantization the reference does not implement (C-528)");
  }
  return Status::Ok();
}

// C-524: a pad as large as the kernel would leave a window holding only padding.
Status CheckPadBelowKernel(int64_t pad, const char* pad_name, int64_t kernel, const char* axis) {
  if (pad >= kernel) {
    return InvalidModel("pad " + std::string(pad_name) + " " + std::to_string(pad) + " must be smaller than the kernel " +
                        axis + " " + std::to_string(kernel) + ": a window would hold only padding (C-524)");
  }
  return Status::Ok();
}

// One spatial axis of the plan; in == -1 (unknown at prepare time) gives -1.
Status PlanAxis(const PoolAttrs& p, bool height, int64_t in, int64_t* kernel, int64_t* stride, int64_t* pad_before,
                int64_t* out) {
  const char* axis = height ? "height" : "width";
  *kernel = height ? p.kernel_h : p.kernel_w;
  *stride = height ? p.stride_h : p.stride_w;
  *pad_before = 0;
  if (in < 0) {
    *out = p.global ? 1 : -1;
    return Status::Ok();
  }
  if (p.global) {  // C-521: one window over the whole axis
    *kernel = in;
    *stride = 1;
    *out = 1;
    return Status::Ok();
  }
  int64_t after = 0;
  ComputeConvPadsAxis(p.pad_mode, in, *kernel, *stride, 1, height ? p.explicit_pads.top : p.explicit_pads.left,
                      height ? p.explicit_pads.bottom : p.explicit_pads.right, pad_before, &after);
  *out = PoolOutputSize(in, *kernel, *stride, *pad_before, after, p.ceil_mode && p.pad_mode != PadMode::kSame);
  if (*out < 1) {
    return InvalidModel("kernel " + std::string(axis) + " " + std::to_string(*kernel) +
                        " is larger than the padded input " + axis + " " + std::to_string(in + *pad_before + after) +
                        " (input " + std::to_string(in) + ", pads " + std::to_string(*pad_before) + " and " +
                        std::to_string(after) + ") (C-525)");
  }
  if (*out > kMaxWindowGeometry) return InvalidModel("pooling output " + std::string(axis) + " exceeds 2^31-1");
  return Status::Ok();
}

Status InferPool(OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(CheckShape(ctx));
  PoolParams plan;
  NNRT_RETURN_IF_ERROR(ReadPoolAttrs(*ctx.node, &plan.params));
  NNRT_RETURN_IF_ERROR(CheckDataTypes(ctx, &plan.quantized));
  const PoolAttrs& p = plan.params;
  if (plan.quantized && ctx.node->type == NodeType::AVGPOOL_FUSION && !p.global) {
    // C-301: at most 2^32 centred terms per output (each |q - z| <= 255).
    NNRT_RETURN_IF_ERROR(CheckQuantTermCount("AVGPOOL_FUSION", p.kernel_h * p.kernel_w,
                                             "kernel " + std::to_string(p.kernel_h) + "x" + std::to_string(p.kernel_w)));
  }
  const Dims& x = ctx.inputs[0].dims;
  NNRT_RETURN_IF_ERROR(PlanAxis(p, true, x[1], &plan.kernel_h, &plan.stride_h, &plan.pad_top, &plan.out_h));
  NNRT_RETURN_IF_ERROR(PlanAxis(p, false, x[2], &plan.kernel_w, &plan.stride_w, &plan.pad_left, &plan.out_w));
  if (plan.quantized && p.global && x[1] > 0 && x[2] > 0) {
    NNRT_RETURN_IF_ERROR(CheckQuantTermCount("AVGPOOL_FUSION", int64_t{x[1]} * x[2], "global over " + DimsToString(x)));
  }
  plan.batch = x[0];
  plan.in_h = x[1];
  plan.in_w = x[2];
  plan.channels = x[3];
  ctx.outputs[0].dims = Dims{x[0], static_cast<int32_t>(plan.out_h), static_cast<int32_t>(plan.out_w), x[3]};
  ctx.SetParams(plan);
  return Status::Ok();
}


// C-760: the element visits of ForEachWindow, batch x channels x (window
// rows summed over the output rows) x (window columns summed over the output
// columns), charged before the loops.
Status ChargeWindowVisits(OpContext& ctx, const PoolParams& g) {
  int64_t rows = 0, cols = 0, begin = 0, end = 0;
  for (int64_t oh = 0; oh < g.out_h; ++oh) {
    PoolWindowRange(oh, g.stride_h, g.pad_top, g.kernel_h, g.in_h, &begin, &end);
    rows += std::max<int64_t>(end - begin, 0);
  }
  for (int64_t ow = 0; ow < g.out_w; ++ow) {
    PoolWindowRange(ow, g.stride_w, g.pad_left, g.kernel_w, g.in_w, &begin, &end);
    cols += std::max<int64_t>(end - begin, 0);
  }
  return ChargeWork(ctx, {g.batch, g.channels, rows, cols},
                    "window element visits, kernel " + std::to_string(g.kernel_h) + "x" + std::to_string(g.kernel_w) +
                        " over " + DimsToString(ctx.inputs[0].dims));
}

Status CheckPlanFitsOutput(const OpContext& ctx, const PoolParams& g) {
  const Dims& x = ctx.inputs[0].dims;
  if (g.batch != x[0] || g.in_h != x[1] || g.in_w != x[2] || g.channels != x[3]) {
    return InvalidInput("pooling plan was made for another input than " + DimsToString(x));
  }
  if (g.out_h < 0 || g.out_w < 0 || g.batch * g.out_h * g.out_w * g.channels > ctx.outputs[0].elements()) {
    return InvalidInput("pooling plan writes more than the output " + DimsToString(ctx.outputs[0].dims) + " holds");
  }
  return Status::Ok();
}

}  // namespace

void PoolWindowRange(int64_t o, int64_t stride, int64_t pad_before, int64_t kernel, int64_t in, int64_t* begin,
                     int64_t* end) {
  const int64_t start = o * stride - pad_before;
  *begin = std::max<int64_t>(start, 0);
  *end = std::min<int64_t>(start + kernel, in);
}

int64_t PoolOutputSize(int64_t in, int64_t kernel, int64_t stride, int64_t before, int64_t after, bool ceil_mode) {
  if (in < 0) return -1;
  const int64_t span = in + before + after - kernel;
  if (span < 0) return 0;
  if (!ceil_mode) return span / stride + 1;
  int64_t out = (span + stride - 1) / stride + 1;
  // C-523: a last window starting past the input (in the end padding or
  // beyond the padded input) holds no input element and is dropped.
  if ((out - 1) * stride - before >= in) --out;
  return out;
}

Status ReadPoolAttrs(const Node& node, PoolAttrs* params) {
  PoolAttrs p;
  p.global = BoolAttr(node, "global");
  NNRT_RETURN_IF_ERROR(ReadFusedActivation(node, &p.activation));
  const int64_t round_mode = IntAttr(node, "roundMode");
  if (round_mode != 0 && round_mode != 1) {
    return InvalidModel("roundMode must be FLOOR (0) or CEIL (1), got " + std::to_string(round_mode));
  }
  p.ceil_mode = round_mode == 1;
  // C-521: strides absent or [] = [1, 1]; pad absent or [] = zeros (C-522).
  if (!IntsAttr(node, "strides").empty()) NNRT_RETURN_IF_ERROR(ReadWindowPair(node, "strides", &p.stride_h, &p.stride_w));
  NNRT_RETURN_IF_ERROR(ReadPadModeAndList(node, "pad", &p.pad_mode, &p.explicit_pads));
  if (p.global) {  // C-521: the window is the whole input; kernelSize is not read
    *params = p;
    return Status::Ok();
  }
  if (IntsAttr(node, "kernelSize").size() != 2) {
    return InvalidModel("kernelSize must have 2 elements [h, w] unless global is true, got " +
                        std::to_string(IntsAttr(node, "kernelSize").size()) + " (C-521)");
  }
  NNRT_RETURN_IF_ERROR(ReadWindowPair(node, "kernelSize", &p.kernel_h, &p.kernel_w));
  NNRT_RETURN_IF_ERROR(CheckPadBelowKernel(p.explicit_pads.top, "top", p.kernel_h, "height"));
  NNRT_RETURN_IF_ERROR(CheckPadBelowKernel(p.explicit_pads.bottom, "bottom", p.kernel_h, "height"));
  NNRT_RETURN_IF_ERROR(CheckPadBelowKernel(p.explicit_pads.left, "left", p.kernel_w, "width"));
  NNRT_RETURN_IF_ERROR(CheckPadBelowKernel(p.explicit_pads.right, "right", p.kernel_w, "width"));
  *params = p;
  return Status::Ok();
}

Status InferMaxPool(OpContext& ctx) { return InferPool(ctx); }
Status InferAvgPool(OpContext& ctx) { return InferPool(ctx); }

Status MaxPoolKernel(OpContext& ctx) { return RunMaxPoolWithParams(ctx, ctx.Params<PoolParams>()); }

Status AvgPoolKernel(OpContext& ctx) {
  return RunAvgPoolWithParams(ctx, ctx.Params<PoolParams>(), AvgPoolDivisor::kInputElements);
}

Status RunMaxPoolWithParams(OpContext& ctx, const PoolParams& plan) {
  NNRT_RETURN_IF_ERROR(CheckPlanFitsOutput(ctx, plan));
  NNRT_RETURN_IF_ERROR(ChargeWindowVisits(ctx, plan));
  RunMaxPoolLoops(ctx, plan);
  return Status::Ok();
}

Status RunAvgPoolWithParams(OpContext& ctx, const PoolParams& plan, AvgPoolDivisor divisor) {
  NNRT_RETURN_IF_ERROR(CheckPlanFitsOutput(ctx, plan));
  NNRT_RETURN_IF_ERROR(ChargeWindowVisits(ctx, plan));
  RunAvgPoolLoops(ctx, plan, divisor);
  return Status::Ok();
}

std::vector<AttrSpec> PoolAttrSchema(NodeType type) {
  using namespace schema;  // NOLINT
  constexpr int8_t kNchw = 0;  // HDI Format NCHW, what the front end always writes (ops_catalog 1.4)
  // HDI PadMode PAD 0, SAME 1, VALID 2; RoundMode FLOOR 0, CEIL 1.
  const AttrSpec round_mode = Enum("roundMode", 0, {0, 1});
  const AttrSpec format = Enum("format", kNchw, {0, 1});
  std::vector<AttrSpec> a = {Int64List("kernelSize"), Int64List("strides"), Int64List("pad"),
                             Enum("padMode", 0, {0, 1, 2})};
  // AvgPoolFusion lists roundMode before format, MaxPoolFusion format before roundMode.
  if (type == NodeType::MAX_POOL_FUSION) {
    a.push_back(format);
    a.push_back(round_mode);
  } else {
    a.push_back(round_mode);
    a.push_back(format);
  }
  a.push_back(Bool("global", false));
  a.push_back(FusedActivation());
  return a;
}

OpDef MaxPoolOpDef() {
  return OpDef{NodeType::MAX_POOL_FUSION, PoolAttrSchema(NodeType::MAX_POOL_FUSION),
               /*inputs=*/1, 1, /*outputs=*/1, 1, &InferMaxPool, &MaxPoolKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}, "pool"};
}

OpDef AvgPoolOpDef() {
  return OpDef{NodeType::AVGPOOL_FUSION, PoolAttrSchema(NodeType::AVGPOOL_FUSION),
               /*inputs=*/1, 1, /*outputs=*/1, 1, &InferAvgPool, &AvgPoolKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}, "pool"};
}

}  // namespace nnrt
