#include "reference/ops/elementwise/pow.h"

#include <cmath>
#include <string>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {

Status InferPow(OpContext& ctx) {
  PowParams p;
  p.scale = FloatAttr(*ctx.node, "scale");
  p.shift = FloatAttr(*ctx.node, "shift");
  if (!std::isfinite(p.scale) || !std::isfinite(p.shift)) {
    return InvalidModel("POW_FUSION scale and shift must be finite, got " + std::to_string(p.scale) + " and " +
                        std::to_string(p.shift) + " (C-694)");
  }
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(ctx.inputs[0], "input 0 (x)",
                                       {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
                                        DataType::kInt32, DataType::kInt64, DataType::kBool}));
  NumericKind kind;
  NNRT_RETURN_IF_ERROR(ClassifyElementwise({&ctx.inputs[0], &ctx.inputs[1], &ctx.outputs[0]},
                                           {"input 0 (x)", "input 1 (exponent)", "output 0 (y)"}, &kind));
  if (kind == NumericKind::kInteger) {
    return Unsupported("POW_FUSION on plain integers is not supported: the result of a real scale, shift and a "
                       "negative exponent is not an integer (C-697)");
  }
  p.quantized = kind == NumericKind::kQuantized;
  NNRT_RETURN_IF_ERROR(BroadcastShapes(ctx.inputs[0].dims, ctx.inputs[1].dims, &ctx.outputs[0].dims));
  ctx.SetParams(p);
  return Status::Ok();
}

double PowElement(const PowParams& p, double x, double e) {
  // fl64(shift + fl64(scale * x)): no fused multiply-add (-ffp-contract=off).
  const double base = p.shift + p.scale * x;
  return std::pow(base, e);
}

Status PowKernel(OpContext& ctx) {
  const PowParams& p = ctx.Params<PowParams>();
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& e = ctx.inputs[1];
  TensorArg& y = ctx.outputs[0];
  ForEachBroadcastPair(x.dims, e.dims, y.dims, [&](size_t ix, size_t ie, size_t o) {
    if (!p.quantized) {
      StoreDouble(y.dtype(), y.mutable_data, o,
                  PowElement(p, LoadAsDouble(x.dtype(), x.data, ix), LoadAsDouble(e.dtype(), e.data, ie)));
      return;
    }
    // quantize(f(dequantize)) in binary64 (C-697): NaN -> zero point, +-inf saturate.
    const double r = PowElement(p, Dequantize(LoadAsInt64(x.dtype(), x.data, ix), x.quant().scale, x.quant().zero_point),
                                Dequantize(LoadAsInt64(e.dtype(), e.data, ie), e.quant().scale, e.quant().zero_point));
    StoreInt64(y.dtype(), y.mutable_data, o,
               RoundAddZeroPointAndClamp(r / y.quant().scale, y.quant().zero_point, QuantMin(y.dtype()),
                                         QuantMax(y.dtype())));
  });
  return Status::Ok();
}

OpDef PowOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::POW_FUSION,
               {Float("scale", 1.0f), Float("shift", 0.0f)},
               /*inputs=*/2,
               2,
               /*outputs=*/1,
               1,
               &InferPow,
               &PowKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8},
               "pow"};
}

}  // namespace nnrt
