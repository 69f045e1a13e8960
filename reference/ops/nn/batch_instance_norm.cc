#include "reference/ops/nn/batch_instance_norm.h"

#include <cmath>
#include <iterator>
#include <string>
#include <vector>

#include "reference/ops/core/attr_schema.h"
#include "reference/ops/nn/norm_common.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

// A per-channel parameter: 1-D with `channels` elements (C-576, C-578).
Status CheckChannelParam(const char* op, const TensorArg& t, const std::string& role, int32_t channels,
                         const char* clarification) {
  if (t.dims.size() != 1) {
    return InvalidModel(std::string(op) + " " + role + " must be 1-D [C], got dims " + DimsToString(t.dims) + " (" +
                        clarification + ")");
  }
  if (channels >= 0 && t.dims[0] >= 0 && t.dims[0] != channels) {
    return InvalidModel(std::string(op) + " " + role + " has " + std::to_string(t.dims[0]) +
                        " elements; it must have C = " + std::to_string(channels) + " (" + clarification + ")");
  }
  return Status::Ok();
}

const char* const kBatchNormRoles[] = {"input 0 (x)", "input 1 (scale)", "input 2 (offset)", "input 3 (mean)",
                                       "input 4 (variance)"};

}  // namespace

Status InferBatchNorm(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  BatchNormParams plan;
  const std::vector<std::string> roles(std::begin(kBatchNormRoles), std::end(kBatchNormRoles));
  NNRT_RETURN_IF_ERROR(ClassifyNormOperands(ctx, "FUSED_BATCH_NORM", roles, true, &plan.quantized));
  if (x.dims.empty()) {
    return InvalidModel("FUSED_BATCH_NORM input 0 (x) must have rank >= 1 ([N, ..., C]), got a scalar (C-576)");
  }
  const int32_t channels = x.dims.back();
  for (size_t i = 1; i < 5; ++i) {
    NNRT_RETURN_IF_ERROR(CheckChannelParam("FUSED_BATCH_NORM", ctx.inputs[i], kBatchNormRoles[i], channels, "C-576"));
  }
  NNRT_RETURN_IF_ERROR(ReadEpsilon(*ctx.node, "FUSED_BATCH_NORM", &plan.epsilon));
  plan.variance_offset = plan.epsilon;
  plan.channels = channels;
  ctx.outputs[0].dims = x.dims;
  ctx.SetParams(plan);
  return Status::Ok();
}

Status BatchNormKernel(OpContext& ctx) { return RunBatchNormWithParams(ctx, ctx.Params<BatchNormParams>()); }

Status RunBatchNormWithParams(OpContext& ctx, const BatchNormParams& p) {
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  const bool q = p.quantized;
  // Per channel: the statistics and affine parameters as reals.
  std::vector<double> mean, inv_std, scale, offset;
  for (int64_t c = 0; c < p.channels; ++c) {
    const auto k = static_cast<size_t>(c);
    scale.push_back(LoadReal(ctx.inputs[1], k, q));
    offset.push_back(LoadReal(ctx.inputs[2], k, q));
    mean.push_back(LoadReal(ctx.inputs[3], k, q));
    inv_std.push_back(1.0 / std::sqrt(LoadReal(ctx.inputs[4], k, q) + p.variance_offset));
  }
  const int64_t n = x.elements();
  for (int64_t i = 0; i < n; ++i) {
    const auto c = static_cast<size_t>(i % p.channels);
    const auto k = static_cast<size_t>(i);
    StoreReal(y, k, Normalized(LoadReal(x, k, q), mean[c], inv_std[c]) * scale[c] + offset[c], q);
  }
  return Status::Ok();
}

OpDef BatchNormOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::FUSED_BATCH_NORM, {Float("epsilon", 1e-4f)},
               /*inputs=*/5, 5, /*outputs=*/1, 1, &InferBatchNorm, &BatchNormKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}, "norm"};
}

Status InferInstanceNorm(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  InstanceNormParams plan;
  bool quantized = false;
  NNRT_RETURN_IF_ERROR(ClassifyNormOperands(ctx, "INSTANCE_NORM", {"input 0 (x)", "input 1 (scale)", "input 2 (bias)"},
                                            false, &quantized));
  if (x.dims.size() < 3) {
    return InvalidModel("INSTANCE_NORM input 0 (x) must have rank >= 3 ([N, C, D1, ...]), got dims " +
                        DimsToString(x.dims) + " (C-578)");
  }
  const int32_t channels = x.dims[1];
  NNRT_RETURN_IF_ERROR(CheckChannelParam("INSTANCE_NORM", ctx.inputs[1], "input 1 (scale)", channels, "C-578"));
  NNRT_RETURN_IF_ERROR(CheckChannelParam("INSTANCE_NORM", ctx.inputs[2], "input 2 (bias)", channels, "C-578"));
  NNRT_RETURN_IF_ERROR(ReadEpsilon(*ctx.node, "INSTANCE_NORM", &plan.epsilon));
  ctx.outputs[0].dims = x.dims;
  if (!IsDynamic(x.dims)) {
    plan.batch = x.dims[0];
    plan.channels = channels;
    plan.spatial = 1;
    for (size_t i = 2; i < x.dims.size(); ++i) plan.spatial *= x.dims[i];
  }
  ctx.SetParams(plan);
  return Status::Ok();
}

Status InstanceNormKernel(OpContext& ctx) {
  const InstanceNormParams& p = ctx.Params<InstanceNormParams>();
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& scale = ctx.inputs[1];
  const TensorArg& bias = ctx.inputs[2];
  TensorArg& y = ctx.outputs[0];
  std::vector<double> row(static_cast<size_t>(p.spatial));
  // Rows (n, c) in row-major order; each row is contiguous in [N, C, D1..Dn].
  for (int64_t r = 0; r < p.batch * p.channels; ++r) {
    const int64_t base = r * p.spatial;
    for (int64_t j = 0; j < p.spatial; ++j) {
      row[static_cast<size_t>(j)] = LoadReal(x, static_cast<size_t>(base + j), false);
    }
    const RowMoments m = ComputeRowMoments(row, p.epsilon, static_cast<double>(p.spatial));
    const auto c = static_cast<size_t>(r % p.channels);
    const double g = LoadReal(scale, c, false), b = LoadReal(bias, c, false);
    for (int64_t j = 0; j < p.spatial; ++j) {
      StoreReal(y, static_cast<size_t>(base + j), Normalized(row[static_cast<size_t>(j)], m.mean, m.inv_std) * g + b,
                false);
    }
  }
  return Status::Ok();
}

OpDef InstanceNormOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::INSTANCE_NORM, {Float("epsilon", 0.0f)},
               /*inputs=*/3, 3, /*outputs=*/1, 1, &InferInstanceNorm, &InstanceNormKernel,
               {DataType::kFloat32, DataType::kFloat16}, "norm"};
}

}  // namespace nnrt
