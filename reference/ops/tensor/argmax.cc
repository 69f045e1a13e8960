#include "reference/ops/tensor/argmax.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/tensor/rank_order.h"

namespace nnrt {
namespace {

const char kInput[] = "ARGMAX_FUSION input 0";
const char kOutput[] = "ARGMAX_FUSION output 0";

// C-553: the input is float32/float16, int8/uint8 quantized per tensor or a
// plain integer; indices are int32 or int64; values have the input's type
// (quantized values take the output's params).
Status CheckArgMaxTypes(const OpContext& ctx, bool out_values, bool* quantized) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& y = ctx.outputs[0];
  if (x.dtype() == DataType::kBool || !(IsFloatType(x.dtype()) || IsIntegerType(x.dtype()))) {
    return InvalidModel(std::string(kInput) + " must be a number type, got " + DataTypeName(x.dtype()) + " (C-553)");
  }
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(x, kInput));
  *quantized = x.quantized();
  if (*quantized) NNRT_RETURN_IF_ERROR(CheckPerTensorQuant(x, kInput));
  if (!out_values) {
    if (y.dtype() != DataType::kInt32 && y.dtype() != DataType::kInt64) {
      return InvalidModel(std::string(kOutput) + " holds indices: int32 or int64, got " + DataTypeName(y.dtype()) +
                          " (C-553)");
    }
    return CheckNoQuantOnNonQuantType(y, kOutput);
  }
  if (*quantized) {
    if (!IsQuant8Type(y.dtype()) || !y.quantized()) {
      return InvalidModel(std::string(kOutput) + " holds the values of a quantized input: int8/uint8 with quant "
                          "params, got " + DataTypeName(y.dtype()) + " (C-553)");
    }
    return CheckPerTensorQuant(y, kOutput);
  }
  if (y.dtype() != x.dtype() || y.quantized()) {
    return InvalidModel(std::string(kOutput) + " holds the values: it must have the input's type " +
                        DataTypeName(x.dtype()) + ", got " + DataTypeName(y.dtype()) + " (C-553)");
  }
  return Status::Ok();
}

}  // namespace

Status InferArgMax(OpContext& ctx) {
  const Node& node = *ctx.node;
  ArgMaxParams plan;
  plan.out_values = BoolAttr(node, "outMaxValue");
  NNRT_RETURN_IF_ERROR(CheckArgMaxTypes(ctx, plan.out_values, &plan.quantized));
  const Dims& d = ctx.inputs[0].dims;
  const auto rank = static_cast<int64_t>(d.size());
  const int64_t axis = IntAttr(node, "axis");
  if (rank == 0 || axis < -rank || axis >= rank) {
    return InvalidModel("ARGMAX_FUSION axis " + std::to_string(axis) + " is out of range [" + std::to_string(-rank) +
                        ", " + std::to_string(rank) + ") for " + kInput + " " + DimsToString(d) + " (C-552)");
  }
  plan.axis = static_cast<int32_t>(axis < 0 ? axis + rank : axis);
  plan.top_k = IntAttr(node, "topK");
  const int32_t extent = d[static_cast<size_t>(plan.axis)];
  if (plan.top_k < 1 || (extent >= 0 && plan.top_k > extent)) {
    return InvalidModel("ARGMAX_FUSION topK " + std::to_string(plan.top_k) + " must be in [1, " +
                        std::to_string(extent) + "] (the extent of axis " + std::to_string(plan.axis) + ") (C-552)");
  }
  // C-552: the axis becomes topK; with topK 1 and keepDims false it is removed.
  Dims out = d;
  out[static_cast<size_t>(plan.axis)] = static_cast<int32_t>(plan.top_k);
  if (plan.top_k == 1 && !BoolAttr(node, "keepDims")) out.erase(out.begin() + plan.axis);
  ctx.outputs[0].dims = out;
  if (!IsDynamic(d)) {
    plan.axis_size = extent;
    plan.inner = InnerSize(d, plan.axis);
    plan.outer = OuterSize(d, plan.axis);
  }
  ctx.SetParams(plan);
  return Status::Ok();
}

Status ArgMaxKernel(OpContext& ctx) { return RunArgMaxWithParams(ctx, ctx.Params<ArgMaxParams>()); }

Status RunArgMaxWithParams(OpContext& ctx, const ArgMaxParams& p) {
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  // The ranking of C-554 (rank_order.h): integers compare exactly as int64
  // (codes of one per-tensor scale are monotone in the real value), floats as
  // doubles; the topK first in (value descending, index ascending).
  RankRow row(x.dtype());
  // The first topK of row (o, i) go to y[o, 0 .. topK, i]: indices, or values.
  auto store_row = [&](int64_t o, int64_t i, const std::vector<int64_t>& order) {
    for (int64_t r = 0; r < p.top_k; ++r) {
      const auto src = static_cast<size_t>(order[static_cast<size_t>(r)]);
      const auto dst = static_cast<size_t>((o * p.top_k + r) * p.inner + i);
      if (!p.out_values) {
        StoreInt64(y.dtype(), y.mutable_data, dst, static_cast<int64_t>(src));
      } else {
        row.StoreTo(src, x, p.quantized, y, dst);
      }
    }
  };
  ForEachRankedRow(x, p.outer, p.axis_size, p.inner, p.top_k, row, store_row);
  return Status::Ok();
}

OpDef ArgMaxOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::ARGMAX_FUSION,
               {Int64("axis", -1), Int64("topK", 1), Bool("keepDims", false), Bool("outMaxValue", false)},
               /*inputs=*/1, 1, /*outputs=*/1, 1, &InferArgMax, &ArgMaxKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32},
               "argmax"};
}

}  // namespace nnrt
