#include "reference/ops/nn/lrn.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "reference/ops/core/attr_schema.h"
#include "reference/ops/nn/norm_common.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

const char kAcrossChannels[] = "ACROSS_CHANNELS";

// C-593: bias, alpha and beta are finite (any sign).
Status ReadFiniteAttr(const Node& node, const char* name, double* value) {
  *value = FloatAttr(node, name);
  if (!std::isfinite(*value)) {
    return InvalidModel(std::string("LRN ") + name + " must be finite, got " + std::to_string(*value) + " (C-593)");
  }
  return Status::Ok();
}

Status ReadLrnAttrs(const Node& node, LrnParams* plan) {
  const std::string region = StringAttr(node, "normRegion");
  if (region != kAcrossChannels) {
    return InvalidModel("LRN normRegion \"" + region + "\" is not defined: the only region is \"" + kAcrossChannels +
                        "\" (C-593)");
  }
  plan->radius = IntAttr(node, "depthRadius");
  if (plan->radius < 0) {
    return InvalidModel("LRN depthRadius " + std::to_string(plan->radius) + " must be >= 0 (C-593)");
  }
  NNRT_RETURN_IF_ERROR(ReadFiniteAttr(node, "bias", &plan->bias));
  NNRT_RETURN_IF_ERROR(ReadFiniteAttr(node, "alpha", &plan->alpha));
  return ReadFiniteAttr(node, "beta", &plan->beta);
}

}  // namespace

Status InferLrn(OpContext& ctx) {
  bool quantized = false;
  // C-594: float32 / float16 only; a quantized operand is NNRT_UNSUPPORTED_OP.
  NNRT_RETURN_IF_ERROR(ClassifyNormOperands(ctx, "LRN", {"input 0"}, /*allow_quantized=*/false, &quantized));
  LrnParams plan;
  NNRT_RETURN_IF_ERROR(ReadLrnAttrs(*ctx.node, &plan));
  const TensorArg& x = ctx.inputs[0];
  const Dims& d = x.dims;
  if (d.size() != 4) return InvalidModel("LRN input 0 must be 4-D, got " + DimsToString(d) + " (C-591)");
  // C-591: channels are dim 1 of an NCHW tensor, else the last dim (NHWC).
  const int32_t axis = x.decl->format == Format::kNchw ? 1 : 3;
  ctx.outputs[0].dims = d;
  if (!IsDynamic(d)) {
    plan.channels = d[static_cast<size_t>(axis)];
    plan.inner = InnerSize(d, axis);
    plan.outer = OuterSize(d, axis);
  }
  ctx.SetParams(plan);
  return Status::Ok();
}

// C-592: the channels [c - radius, c + radius] that exist.
LrnWindow ClippedLrnWindow(int64_t c, int64_t radius, int64_t channels) {
  return LrnWindow{std::max<int64_t>(0, c - radius), std::min<int64_t>(channels - 1, c + radius)};
}

Status LrnKernel(OpContext& ctx) { return RunLrnWithParams(ctx, ctx.Params<LrnParams>(), &ClippedLrnWindow); }

// For every (outer, c, inner) in row-major order: S = Σ x[j]² over the
// window's channels j in ascending order, each square and sum in binary64;
// y = x / pow(bias + alpha·S, beta) in binary64 (libm pow), rounded once
// (C-592; NaN canonical).
Status RunLrnWithParams(OpContext& ctx, const LrnParams& p, LrnWindowFn window) {
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  // C-760: at most 2 * radius + 1 channels (and at most all of them) per output element.
  const int64_t width = std::min(p.channels, 2 * std::min(std::max<int64_t>(p.radius, 0), p.channels) + 1);
  NNRT_RETURN_IF_ERROR(ChargeWork(ctx, {p.outer, p.channels, p.inner, width},
                                  "a window of up to " + std::to_string(width) + " channels per output element"));
  for (int64_t o = 0; o < p.outer; ++o) {
    for (int64_t c = 0; c < p.channels; ++c) {
      const LrnWindow w = window(c, p.radius, p.channels);
      for (int64_t i = 0; i < p.inner; ++i) {
        double sum = 0;
        for (int64_t j = w.first; j <= w.last; ++j) {
          const double v = LoadReal(x, static_cast<size_t>((o * p.channels + j) * p.inner + i), false);
          sum += v * v;
        }
        const auto at = static_cast<size_t>((o * p.channels + c) * p.inner + i);
        StoreReal(y, at, LoadReal(x, at, false) / std::pow(p.bias + p.alpha * sum, p.beta), false);
      }
    }
  }
  return Status::Ok();
}

OpDef LrnOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::LRN,
               {Int64("depthRadius", 0), Float("bias", 0.0f), Float("alpha", 0.0f), Float("beta", 0.0f),
                String("normRegion", kAcrossChannels)},
               /*inputs=*/1, 1, /*outputs=*/1, 1, &InferLrn, &LrnKernel, {DataType::kFloat32, DataType::kFloat16},
               "lrn"};
}

}  // namespace nnrt
