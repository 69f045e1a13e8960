#include "reference/ops/elementwise/quant_dtype_cast.h"

#include <cstring>
#include <string>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

// C-187: the conversion is chosen by the tensors (data types and quant
// params), not by srcT/dstT, whose value space the documents leave open.
enum class QuantCastKind { kQuantize, kDequantize, kRequantize, kCopy };

Status ClassifyQuantCast(const TensorArg& x, const TensorArg& y, QuantCastKind* kind) {
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(x, "input 0"));
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(y, "output 0"));
  const bool xq = x.quantized();
  const bool yq = y.quantized();
  if (!xq && yq && IsFloatType(x.dtype())) {
    *kind = QuantCastKind::kQuantize;
  } else if (xq && !yq && IsFloatType(y.dtype())) {
    *kind = QuantCastKind::kDequantize;
  } else if (xq && yq) {
    *kind = QuantCastKind::kRequantize;
  } else if (!xq && !yq && x.dtype() == y.dtype() && x.dtype() != DataType::kUnknown) {
    *kind = QuantCastKind::kCopy;  // C-188: nothing to convert
  } else {
    return InvalidModel(std::string("QUANT_DTYPE_CAST converts float -> quantized int8/uint8, quantized -> float or "
                                    "quantized -> quantized; got input ") +
                        DataTypeName(x.dtype()) + (xq ? " (quantized)" : "") + " and output " +
                        DataTypeName(y.dtype()) + (yq ? " (quantized)" : "") + " (C-187)");
  }
  return Status::Ok();
}

// C-189: `axis` (default 0, negative counts from the end) names the channel
// axis of a tensor with more than one quant param; it must then have exactly
// dims[axis] params. Per-tensor tensors ignore it. `dims` are the input's
// (the output has the same shape and its declared dims may not be known yet).
Status CheckPerAxisParams(const TensorArg& t, const Dims& dims, const std::string& role, int64_t axis,
                          int32_t* normalized_axis) {
  const size_t count = t.decl->quant_params.size();
  if (count <= 1) return Status::Ok();
  const int64_t rank = static_cast<int64_t>(dims.size());
  if (axis < -rank || axis >= rank) {
    return InvalidModel("QUANT_DTYPE_CAST axis " + std::to_string(axis) + " is out of range for " + role + " of rank " +
                        std::to_string(rank) + " (C-189)");
  }
  *normalized_axis = static_cast<int32_t>(axis < 0 ? axis + rank : axis);
  const int32_t dim = dims[static_cast<size_t>(*normalized_axis)];
  if (dim >= 0 && static_cast<size_t>(dim) != count) {
    return InvalidModel(role + " has " + std::to_string(count) + " quant params but dim " +
                        std::to_string(*normalized_axis) + " is " + std::to_string(dim) + " (C-189)");
  }
  return Status::Ok();
}

struct CastParams {
  QuantCastKind kind;
  int32_t axis = -1;  // channel axis when any side is per-axis
};

Status PlanQuantCast(const OpContext& ctx, CastParams* plan) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& y = ctx.outputs[0];
  NNRT_RETURN_IF_ERROR(ClassifyQuantCast(x, y, &plan->kind));
  const int64_t axis = IntAttr(*ctx.node, "axis");
  int32_t x_axis = -1;
  int32_t y_axis = -1;
  NNRT_RETURN_IF_ERROR(CheckPerAxisParams(x, x.dims, "input 0", axis, &x_axis));
  NNRT_RETURN_IF_ERROR(CheckPerAxisParams(y, x.dims, "output 0", axis, &y_axis));
  const size_t xc = x.decl->quant_params.size();
  const size_t yc = y.decl->quant_params.size();
  if (xc > 1 && yc > 1 && xc != yc) {
    return InvalidModel("QUANT_DTYPE_CAST input 0 has " + std::to_string(xc) + " quant params and output 0 has " +
                        std::to_string(yc) + "; per-axis params must match (C-189)");
  }
  plan->axis = x_axis >= 0 ? x_axis : y_axis;
  return Status::Ok();
}

// The quant param of element i: per-tensor, or the one of its channel.
const QuantParam& ParamOf(const TensorArg& t, int64_t channel) {
  const auto& params = t.decl->quant_params;
  return params.size() == 1 ? params[0] : params[static_cast<size_t>(channel)];
}

// One element, per quantization_semantics 4.3 (quantize), 4.4 (dequantize:
// fl64((q - zp) * scale), then the single rounding to the float type) and 4.6
// (requantize: t = fl64((q - zx) * fl64(sx / sy)), RHA(t + zy), clamp).
void ConvertElement(QuantCastKind kind, const TensorArg& x, TensorArg& y, size_t i, int64_t channel) {
  const DataType yt = y.dtype();
  switch (kind) {
    case QuantCastKind::kQuantize: {
      const QuantParam& q = ParamOf(y, channel);
      StoreInt64(yt, y.mutable_data, i,
                 QuantizeHalfAwayFromZero(LoadAsDouble(x.dtype(), x.data, i), q.scale, q.zero_point, QuantMin(yt),
                                          QuantMax(yt)));
      return;
    }
    case QuantCastKind::kDequantize: {
      const QuantParam& q = ParamOf(x, channel);
      StoreDouble(yt, y.mutable_data, i, Dequantize(LoadAsInt64(x.dtype(), x.data, i), q.scale, q.zero_point));
      return;
    }
    case QuantCastKind::kRequantize: {
      const QuantParam& qx = ParamOf(x, channel);
      const QuantParam& qy = ParamOf(y, channel);
      const double multiplier = qx.scale / qy.scale;
      const double t = static_cast<double>(LoadAsInt64(x.dtype(), x.data, i) - qx.zero_point) * multiplier;
      StoreInt64(yt, y.mutable_data, i, RoundAddZeroPointAndClamp(t, qy.zero_point, QuantMin(yt), QuantMax(yt)));
      return;
    }
    case QuantCastKind::kCopy: {
      const size_t size = DataTypeSize(yt);
      std::memcpy(y.mutable_data + i * size, x.data + i * size, size);
      return;
    }
  }
}

}  // namespace

Status InferQuantDTypeCast(OpContext& ctx) {
  CastParams plan;
  NNRT_RETURN_IF_ERROR(PlanQuantCast(ctx, &plan));
  ctx.outputs[0].dims = ctx.inputs[0].dims;
  ctx.SetParams(plan);
  return Status::Ok();
}

Status QuantDTypeCastKernel(OpContext& ctx) {
  // Per-axis counts were checked against dims[axis] with the actual dims by InferQuantDTypeCast.
  const CastParams& plan = ctx.Params<CastParams>();
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  const int64_t n = x.elements();
  const int64_t channels = plan.axis < 0 ? 1 : x.dims[static_cast<size_t>(plan.axis)];
  const int64_t inner = plan.axis < 0 ? 1 : InnerSize(x.dims, plan.axis);
  for (int64_t i = 0; i < n; ++i) {
    ConvertElement(plan.kind, x, y, static_cast<size_t>(i), (i / inner) % channels);
  }
  return Status::Ok();
}

OpDef QuantDTypeCastOpDef(NodeType type) {
  using namespace schema;  // NOLINT
  // 113 is lowered with the QuantDTypeCastV2 payload (ops_catalog 1.4), so both
  // node types take {srcT, dstT, axis} (C-40).
  return OpDef{type, {Int64("srcT", 0), Int64("dstT", 0), Int64("axis", 0)},
               /*inputs=*/1, 1, /*outputs=*/1, 1, &InferQuantDTypeCast, &QuantDTypeCastKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}, "cast"};
}

}  // namespace nnrt
