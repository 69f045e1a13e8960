#include "reference/ops/nn/layer_norm.h"

#include <string>
#include <vector>

#include "reference/ops/core/attr_schema.h"
#include "reference/ops/nn/norm_common.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

int64_t ProductFrom(const Dims& dims, int64_t axis) {
  int64_t p = 1;
  for (size_t i = static_cast<size_t>(axis); i < dims.size(); ++i) p *= dims[i];
  return p;
}

// C-570: gamma and beta have exactly the input dims [beginParamsAxis, rank).
Status CheckParamShape(const TensorArg& x, const TensorArg& t, const char* role, int64_t params_axis) {
  const Dims expected(x.dims.begin() + params_axis, x.dims.end());
  if (t.dims.size() != expected.size()) {
    return InvalidModel(std::string("LAYER_NORM_FUSION ") + role + " dims " + DimsToString(t.dims) +
                        " must equal the input dims from beginParamsAxis " + std::to_string(params_axis) + ", " +
                        DimsToString(expected) + " (C-570)");
  }
  for (size_t i = 0; i < expected.size(); ++i) {
    if (t.dims[i] >= 0 && expected[i] >= 0 && t.dims[i] != expected[i]) {
      return InvalidModel(std::string("LAYER_NORM_FUSION ") + role + " dims " + DimsToString(t.dims) +
                          " must equal the input dims from beginParamsAxis " + std::to_string(params_axis) + ", " +
                          DimsToString(expected) + " (C-570)");
    }
  }
  return Status::Ok();
}

}  // namespace

Status InferLayerNorm(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  const Node& node = *ctx.node;
  LayerNormParams plan;
  NNRT_RETURN_IF_ERROR(ClassifyNormOperands(ctx, "LAYER_NORM_FUSION",
                                            {"input 0 (x)", "input 1 (gamma)", "input 2 (beta)"}, true,
                                            &plan.quantized));
  if (x.dims.empty()) return InvalidModel("LAYER_NORM_FUSION input 0 (x) must have rank >= 1, got a scalar (C-570)");
  int64_t norm_axis = 0, params_axis = 0;
  NNRT_RETURN_IF_ERROR(NormalizeAxis(IntAttr(node, "beginNormAxis"), x.dims.size(),
                                     "LAYER_NORM_FUSION beginNormAxis", "C-570", &norm_axis));
  NNRT_RETURN_IF_ERROR(NormalizeAxis(IntAttr(node, "beginParamsAxis"), x.dims.size(),
                                     "LAYER_NORM_FUSION beginParamsAxis", "C-570", &params_axis));
  NNRT_RETURN_IF_ERROR(CheckParamShape(x, ctx.inputs[1], "input 1 (gamma)", params_axis));
  NNRT_RETURN_IF_ERROR(CheckParamShape(x, ctx.inputs[2], "input 2 (beta)", params_axis));
  NNRT_RETURN_IF_ERROR(ReadEpsilon(node, "LAYER_NORM_FUSION", &plan.epsilon));
  plan.affine = BoolAttr(node, "elementwiseAffine");
  ctx.outputs[0].dims = x.dims;
  if (!IsDynamic(x.dims)) {
    plan.row_length = ProductFrom(x.dims, norm_axis);
    plan.rows = ProductFrom(x.dims, 0) / plan.row_length;
    plan.param_size = ProductFrom(x.dims, params_axis);
    plan.variance_divisor = plan.row_length;
  }
  ctx.SetParams(plan);
  return Status::Ok();
}

Status LayerNormKernel(OpContext& ctx) { return RunLayerNormWithParams(ctx, ctx.Params<LayerNormParams>()); }

Status RunLayerNormWithParams(OpContext& ctx, const LayerNormParams& p) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& gamma = ctx.inputs[1];
  const TensorArg& beta = ctx.inputs[2];
  TensorArg& y = ctx.outputs[0];
  std::vector<double> row(static_cast<size_t>(p.row_length));
  for (int64_t r = 0; r < p.rows; ++r) {
    const int64_t base = r * p.row_length;
    for (int64_t j = 0; j < p.row_length; ++j) {
      row[static_cast<size_t>(j)] = LoadReal(x, static_cast<size_t>(base + j), p.quantized);
    }
    const RowMoments m = ComputeRowMoments(row, p.epsilon, static_cast<double>(p.variance_divisor));
    for (int64_t j = 0; j < p.row_length; ++j) {
      const auto i = static_cast<size_t>(base + j);
      double v = Normalized(row[static_cast<size_t>(j)], m.mean, m.inv_std);
      if (p.affine) {
        const auto k = static_cast<size_t>((base + j) % p.param_size);
        v = v * LoadReal(gamma, k, p.quantized) + LoadReal(beta, k, p.quantized);
      }
      StoreReal(y, i, v, p.quantized);
    }
  }
  return Status::Ok();
}

OpDef LayerNormOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::LAYER_NORM_FUSION,
               {Int64("beginNormAxis", 1), Float("epsilon", 1e-7f), Bool("elementwiseAffine", true),
                Int64("beginParamsAxis", 1)},
               /*inputs=*/3, 3, /*outputs=*/1, 1, &InferLayerNorm, &LayerNormKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}, "norm"};
}

}  // namespace nnrt
