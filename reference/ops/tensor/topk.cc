#include "reference/ops/tensor/topk.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/index_checks.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/tensor/rank_order.h"

namespace nnrt {
namespace {

const char kInput[] = "TOPK_FUSION input 0";
const char kK[] = "TOPK_FUSION input 1 (k)";
const char kValues[] = "TOPK_FUSION output 0 (values)";
const char kIndices[] = "TOPK_FUSION output 1 (indices)";

// C-590: x is float32/float16, int8/uint8 quantized per tensor or a plain
// integer; the values output has x's type (quantized: its own per-tensor
// params, requantized when they differ); indices are int32 or int64.
Status CheckTopKTypes(const OpContext& ctx, bool* requantize) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& values = ctx.outputs[0];
  const TensorArg& indices = ctx.outputs[1];
  if (!(IsFloatType(x.dtype()) || IsIntegerType(x.dtype()))) {
    return InvalidModel(std::string(kInput) + " must be a number type, got " + DataTypeName(x.dtype()) + " (C-590)");
  }
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(x, kInput));
  if (values.dtype() != x.dtype()) {
    return InvalidModel(std::string(kValues) + " must have the input's type " + DataTypeName(x.dtype()) + ", got " +
                        DataTypeName(values.dtype()) + " (C-590)");
  }
  if (x.quantized() != values.quantized()) {
    return InvalidModel(std::string(kValues) + (x.quantized() ? " needs" : " must not have") +
                        " quant params, as " + kInput + " (C-590)");
  }
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(values, kValues));
  if (x.quantized()) {
    NNRT_RETURN_IF_ERROR(CheckPerTensorQuant(x, kInput));
    NNRT_RETURN_IF_ERROR(CheckPerTensorQuant(values, kValues));
    *requantize = x.quant().scale != values.quant().scale || x.quant().zero_point != values.quant().zero_point;
  }
  if (indices.dtype() != DataType::kInt32 && indices.dtype() != DataType::kInt64) {
    return InvalidModel(std::string(kIndices) + " must be int32 or int64, got " + DataTypeName(indices.dtype()) +
                        " (C-590)");
  }
  return CheckNoQuantOnNonQuantType(indices, kIndices);
}

// C-587: k is one integer (dims [] or [1], any integer type without quant
// params); its value, when known, lies in [1, extent of the axis].
Status CheckKType(const TensorArg& k) {
  if (!IsIntegerType(k.dtype()) || k.quantized()) {
    return InvalidModel(std::string(kK) + " must be a plain integer without quant params, got " +
                        DataTypeName(k.dtype()) + (k.quantized() ? " with quant params" : "") + " (C-587)");
  }
  if (!(k.dims.empty() || (k.dims.size() == 1 && k.dims[0] == 1))) {
    return InvalidModel(std::string(kK) + " must hold one value (dims [] or [1]), got " + DimsToString(k.dims) +
                        " (C-587)");
  }
  return Status::Ok();
}

Status ReadK(const TensorArg& k, int32_t extent, int64_t* value) {
  if (k.byte_size < DataTypeSize(k.dtype())) return InvalidInput(std::string(kK) + " holds no value");
  *value = LoadAsInt64(k.dtype(), k.data, 0);
  if (*value < 1 || (extent >= 0 && *value > extent)) {
    return IndexValueError(k, std::string(kK) + " = " + std::to_string(*value) + " must be in [1, " +
                                  (extent >= 0 ? std::to_string(extent) : std::string("extent")) +
                                  "] (the extent of the axis) (C-587)");
  }
  return Status::Ok();
}

}  // namespace

Status InferTopK(OpContext& ctx) {
  const Node& node = *ctx.node;
  TopKParams plan;
  plan.sorted = BoolAttr(node, "sorted");
  NNRT_RETURN_IF_ERROR(CheckTopKTypes(ctx, &plan.requantize));
  const TensorArg& k = ctx.inputs[1];
  NNRT_RETURN_IF_ERROR(CheckKType(k));
  const Dims& d = ctx.inputs[0].dims;
  const auto rank = static_cast<int64_t>(d.size());
  const int64_t axis = IntAttr(node, "axis");
  if (rank == 0 || axis < -rank || axis >= rank) {
    return InvalidModel("TOPK_FUSION axis " + std::to_string(axis) + " is out of range [" + std::to_string(-rank) +
                        ", " + std::to_string(rank) + ") for " + kInput + " " + DimsToString(d) + " (C-588)");
  }
  plan.axis = static_cast<int32_t>(axis < 0 ? axis + rank : axis);
  const int32_t extent = d[static_cast<size_t>(plan.axis)];
  // C-587: a run-time k leaves the axis -1 until Run re-infers with its value.
  Dims out = d;
  out[static_cast<size_t>(plan.axis)] = -1;
  if (k.data != nullptr) {
    NNRT_RETURN_IF_ERROR(ReadK(k, extent, &plan.k));
    out[static_cast<size_t>(plan.axis)] = static_cast<int32_t>(plan.k);
  }
  ctx.outputs[0].dims = out;
  ctx.outputs[1].dims = out;
  if (!IsDynamic(d)) {
    plan.axis_size = extent;
    plan.inner = InnerSize(d, plan.axis);
    plan.outer = OuterSize(d, plan.axis);
  }
  ctx.SetParams(plan);
  return Status::Ok();
}

Status TopKKernel(OpContext& ctx) { return RunTopKWithParams(ctx, ctx.Params<TopKParams>()); }

// Per row (row-major over the other dims): the first k of the ranking
// (C-589); with sorted false the same k re-ordered smallest first, equal
// values still by ascending index. Values keep their value (a requantized
// code when the params differ, C-590; float NaN is the canonical NaN).
Status RunTopKWithParams(OpContext& ctx, const TopKParams& p) {
  const TensorArg& x = ctx.inputs[0];
  TensorArg& values = ctx.outputs[0];
  TensorArg& indices = ctx.outputs[1];
  RankRow row(x.dtype());
  // The first k of row (o, i) go to values and indices [o, 0 .. k, i].
  auto store_row = [&](int64_t o, int64_t i, std::vector<int64_t>& order) {
    if (!p.sorted) {
      std::stable_sort(order.begin(), order.begin() + p.k, [&row](int64_t a, int64_t b) {
        return row.Above(static_cast<size_t>(b), static_cast<size_t>(a));
      });
    }
    for (int64_t r = 0; r < p.k; ++r) {
      const auto src = static_cast<size_t>(order[static_cast<size_t>(r)]);
      const auto dst = static_cast<size_t>((o * p.k + r) * p.inner + i);
      StoreInt64(indices.dtype(), indices.mutable_data, dst, static_cast<int64_t>(src));
      row.StoreTo(src, x, p.requantize, values, dst);
    }
  };
  ForEachRankedRow(x, p.outer, p.axis_size, p.inner, p.k, row, store_row);
  return Status::Ok();
}

OpDef TopKOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::TOPK_FUSION,
               {Bool("sorted", true), Int64("axis", 0)},
               /*inputs=*/2, 2, /*outputs=*/2, 2, &InferTopK, &TopKKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32},
               "topk"};
}

}  // namespace nnrt
