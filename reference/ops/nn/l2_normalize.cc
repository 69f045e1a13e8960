#include "reference/ops/nn/l2_normalize.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "reference/ops/core/attr_schema.h"
#include "reference/ops/nn/norm_common.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

// C-585: the axes in [-rank, rank), distinct; an empty list = every axis.
Status ReadAxes(const Node& node, size_t rank, std::vector<bool>* reduced) {
  const std::vector<int64_t> axes = IntsAttr(node, "axis");
  reduced->assign(rank, axes.empty());
  for (int64_t a : axes) {
    int64_t n = 0;
    NNRT_RETURN_IF_ERROR(NormalizeAxis(a, rank, "L2_NORMALIZE_FUSION axis", "C-585", &n));
    if ((*reduced)[static_cast<size_t>(n)]) {
      return InvalidModel("L2_NORMALIZE_FUSION axis " + std::to_string(n) + " is listed twice (C-585)");
    }
    (*reduced)[static_cast<size_t>(n)] = true;
  }
  return Status::Ok();
}

// Calls `fn` with the flat offsets of every group, groups in row-major order
// of the kept dims; inside a group the reduced dims row-major (the summation
// order, C-586). Only one group's offsets exist at a time.
void ForEachGroup(const Dims& dims, const std::vector<bool>& reduced,
                  const std::function<void(const std::vector<int64_t>&)>& fn) {
  Dims kept_dims, inner;
  for (size_t i = 0; i < dims.size(); ++i) {
    kept_dims.push_back(reduced[i] ? 1 : dims[i]);
    inner.push_back(reduced[i] ? dims[i] : 1);
  }
  const std::vector<int64_t> strides = RowMajorStrides(dims);
  std::vector<int64_t> offsets;
  ForEachIndex(kept_dims, [&](const std::vector<int64_t>& kept, int64_t) {
    offsets.clear();
    ForEachIndex(inner, [&](const std::vector<int64_t>& r, int64_t) {
      std::vector<int64_t> index(dims.size());
      for (size_t i = 0; i < dims.size(); ++i) index[i] = reduced[i] ? r[i] : kept[i];
      offsets.push_back(OffsetOf(index, strides));
    });
    fn(offsets);
  });
}

}  // namespace

Status InferL2Normalize(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  L2NormalizeParams plan;
  bool quantized = false;
  NNRT_RETURN_IF_ERROR(ClassifyNormOperands(ctx, "L2_NORMALIZE_FUSION", {"input 0 (x)"}, false, &quantized));
  NNRT_RETURN_IF_ERROR(ReadAxes(*ctx.node, x.dims.size(), &plan.reduced));
  NNRT_RETURN_IF_ERROR(ReadEpsilon(*ctx.node, "L2_NORMALIZE_FUSION", &plan.epsilon));
  NNRT_RETURN_IF_ERROR(ReadFusedActivation(*ctx.node, &plan.activation));
  ctx.outputs[0].dims = x.dims;
  ctx.SetParams(std::move(plan));
  return Status::Ok();
}

Status L2NormalizeKernel(OpContext& ctx) { return RunL2NormalizeWithParams(ctx, ctx.Params<L2NormalizeParams>()); }

Status RunL2NormalizeWithParams(OpContext& ctx, const L2NormalizeParams& p) {
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  if (p.reduced.size() != x.dims.size()) {
    return InvalidModel("L2_NORMALIZE_FUSION: the plan's axes do not match the input rank");
  }
  ForEachGroup(x.dims, p.reduced, [&](const std::vector<int64_t>& group) {
    double sum = 0.0;
    for (int64_t i : group) {
      const double v = LoadReal(x, static_cast<size_t>(i), false);
      sum += v * v;
    }
    const double denominator = p.epsilon_as_floor ? std::sqrt(std::max(sum, p.epsilon)) : std::sqrt(sum + p.epsilon);
    for (int64_t i : group) {
      const double v = LoadReal(x, static_cast<size_t>(i), false);
      // C-586: 0 / 0 (a group of zeros with epsilon 0) is 0.
      const double r = v == 0.0 && denominator == 0.0 ? 0.0 : v / denominator;
      StoreReal(y, static_cast<size_t>(i), ApplyFusedActivation(p.activation, r), false);
    }
  });
  return Status::Ok();
}

OpDef L2NormalizeOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::L2_NORMALIZE_FUSION, {Int64List("axis"), Float("epsilon", 1e-6f), FusedActivation()},
               /*inputs=*/1, 1, /*outputs=*/1, 1, &InferL2Normalize, &L2NormalizeKernel,
               {DataType::kFloat32, DataType::kFloat16}, "norm"};
}

}  // namespace nnrt
