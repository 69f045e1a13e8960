#include "reference/ops/elementwise/scale_bias.h"

#include <string>
#include <vector>

#include "reference/ops/core/attr_schema.h"
#include "reference/ops/nn/norm_common.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

// C-579: scale has rank >= 1 and its dims equal the input dims
// [axis, axis + rank(scale)); bias has the dims of scale.
Status CheckScaleShape(const TensorArg& x, const TensorArg& scale, const TensorArg& bias, int64_t axis) {
  const size_t s = scale.dims.size();
  if (s == 0 || axis + static_cast<int64_t>(s) > static_cast<int64_t>(x.dims.size())) {
    return InvalidModel("SCALE_FUSION input 1 (scale) dims " + DimsToString(scale.dims) +
                        " must be non-empty and fit the input dims " + DimsToString(x.dims) + " from axis " +
                        std::to_string(axis) + " (C-579)");
  }
  for (size_t i = 0; i < s; ++i) {
    const int32_t want = x.dims[static_cast<size_t>(axis) + i];
    if (scale.dims[i] >= 0 && want >= 0 && scale.dims[i] != want) {
      return InvalidModel("SCALE_FUSION input 1 (scale) dims " + DimsToString(scale.dims) +
                          " differ from the input dims " + DimsToString(x.dims) + " from axis " +
                          std::to_string(axis) + " (C-579)");
    }
  }
  bool same = bias.dims.size() == s;
  for (size_t i = 0; same && i < s; ++i) {
    same = bias.dims[i] < 0 || scale.dims[i] < 0 || bias.dims[i] == scale.dims[i];
  }
  if (!same) {
    return InvalidModel("SCALE_FUSION input 2 (bias) dims " + DimsToString(bias.dims) +
                        " must equal the scale dims " + DimsToString(scale.dims) + " (C-579)");
  }
  return Status::Ok();
}

int64_t Product(const Dims& dims, size_t from, size_t to) {
  int64_t p = 1;
  for (size_t i = from; i < to; ++i) p *= dims[i];
  return p;
}

}  // namespace

Status InferScale(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  ScaleBiasParams plan;
  NNRT_RETURN_IF_ERROR(ClassifyNormOperands(ctx, "SCALE_FUSION", {"input 0 (x)", "input 1 (scale)", "input 2 (bias)"},
                                            true, &plan.quantized));
  if (x.dims.empty()) return InvalidModel("SCALE_FUSION input 0 (x) must have rank >= 1, got a scalar (C-579)");
  int64_t axis = 0;
  NNRT_RETURN_IF_ERROR(NormalizeAxis(IntAttr(*ctx.node, "axis"), x.dims.size(), "SCALE_FUSION axis", "C-579", &axis));
  NNRT_RETURN_IF_ERROR(CheckScaleShape(x, ctx.inputs[1], ctx.inputs[2], axis));
  NNRT_RETURN_IF_ERROR(ReadFusedActivation(*ctx.node, &plan.activation));
  ctx.outputs[0].dims = x.dims;
  if (!IsDynamic(x.dims)) {
    const size_t end = static_cast<size_t>(axis) + ctx.inputs[1].dims.size();
    plan.size = Product(x.dims, static_cast<size_t>(axis), end);
    plan.inner = Product(x.dims, end, x.dims.size());
  }
  ctx.SetParams(plan);
  return Status::Ok();
}

Status InferBiasAdd(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& bias = ctx.inputs[1];
  ScaleBiasParams plan;
  plan.has_scale = false;
  NNRT_RETURN_IF_ERROR(
      ClassifyNormOperands(ctx, "BIAS_ADD", {"input 0 (x)", "input 1 (bias)"}, true, &plan.quantized));
  if (x.dims.size() < 2 || x.dims.size() > 5) {
    return InvalidModel("BIAS_ADD input 0 (x) must have rank 2..5, got dims " + DimsToString(x.dims) + " (C-581)");
  }
  const int32_t channels = x.dims.back();
  if (bias.dims.size() != 1 || (channels >= 0 && bias.dims[0] >= 0 && bias.dims[0] != channels)) {
    return InvalidModel("BIAS_ADD input 1 (bias) must be 1-D [C] with C = the last input dim " +
                        std::to_string(channels) + ", got dims " + DimsToString(bias.dims) + " (C-581)");
  }
  ctx.outputs[0].dims = x.dims;
  plan.size = channels;
  plan.inner = 1;
  ctx.SetParams(plan);
  return Status::Ok();
}

Status ScaleBiasKernel(OpContext& ctx) { return RunScaleBiasWithParams(ctx, ctx.Params<ScaleBiasParams>()); }

Status RunScaleBiasWithParams(OpContext& ctx, const ScaleBiasParams& p) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& bias = ctx.inputs[p.has_scale ? 2 : 1];
  TensorArg& y = ctx.outputs[0];
  const bool q = p.quantized;
  const int64_t n = x.elements();
  for (int64_t i = 0; i < n; ++i) {
    const auto k = static_cast<size_t>((i / p.inner) % p.size);
    const auto e = static_cast<size_t>(i);
    double v = LoadReal(x, e, q);
    if (p.has_scale) v = v * LoadReal(ctx.inputs[1], k, q);
    v = v + LoadReal(bias, k, q);
    StoreReal(y, e, ApplyFusedActivation(p.activation, v), q);
  }
  return Status::Ok();
}

OpDef ScaleOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::SCALE_FUSION, {Int64("axis", 0), FusedActivation()},
               /*inputs=*/3, 3, /*outputs=*/1, 1, &InferScale, &ScaleBiasKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}, "scale_bias"};
}

OpDef BiasAddOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::BIAS_ADD, {},
               /*inputs=*/2, 2, /*outputs=*/1, 1, &InferBiasAdd, &ScaleBiasKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}, "scale_bias"};
}

}  // namespace nnrt
