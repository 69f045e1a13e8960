#include "reference/ops/elementwise/clip.h"

#include <cmath>
#include <string>

#include "reference/numerics/numerics.h"
#include "reference/ops/elementwise/activation.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

struct ClipBounds {
  double min;
  double max;
};

// Absent bounds are 0.0 (the schema defaults in ClipOpDef).
ClipBounds ReadClipBounds(const Node& node) { return ClipBounds{FloatAttr(node, "min"), FloatAttr(node, "max")}; }

// What the kernel needs, decided once by InferClip.
struct ClipParams {
  ClipBounds bounds;
  NumericKind kind;
};

// C-169: NaN bounds are rejected; +-inf means an open side.
Status CheckClipBounds(const ClipBounds& b) {
  if (std::isnan(b.min) || std::isnan(b.max)) {
    return InvalidModel("CLIP min and max must not be NaN (C-169)");
  }
  return Status::Ok();
}

// Lower bound first, then the upper one: with min > max every element becomes
// max (numpy.clip's rule, C-168). Comparisons keep NaN and -0 (C-44).
double ClampReal(double x, const ClipBounds& b) {
  const double y = x < b.min ? b.min : x;
  return y > b.max ? b.max : y;
}

// C-169: on integers the bounds are rounded inward (ceil(min), floor(max)) and
// saturated to the type, then the same lower-then-upper clamp applies.
int64_t SaturatedBound(double v, DataType t) {
  const double lo = static_cast<double>(QuantMin(t));
  const double hi = static_cast<double>(QuantMax(t));
  if (v <= lo) return QuantMin(t);
  if (v >= hi) return QuantMax(t);
  return static_cast<int64_t>(v);
}

Status CheckClipTypes(const OpContext& ctx, NumericKind* kind) {
  NNRT_RETURN_IF_ERROR(ClassifyElementwise({&ctx.inputs[0], &ctx.outputs[0]}, {"input 0", "output 0"}, kind));
  if (*kind == NumericKind::kInteger && ctx.inputs[0].dtype() == DataType::kUint64) {
    return Unsupported("CLIP on uint64 is not supported (C-169)");
  }
  return Status::Ok();
}

}  // namespace

Status InferClip(OpContext& ctx) {
  ClipParams p;
  p.bounds = ReadClipBounds(*ctx.node);
  NNRT_RETURN_IF_ERROR(CheckClipBounds(p.bounds));
  NNRT_RETURN_IF_ERROR(CheckClipTypes(ctx, &p.kind));
  ctx.outputs[0].dims = ctx.inputs[0].dims;
  ctx.SetParams(p);
  return Status::Ok();
}

Status ClipKernel(OpContext& ctx) {
  const ClipParams& p = ctx.Params<ClipParams>();
  const ClipBounds& b = p.bounds;
  const NumericKind kind = p.kind;
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  const size_t n = static_cast<size_t>(x.elements());
  if (kind == NumericKind::kQuantized) {
    QuantClampKernel(x, y, b.min, b.max);
    return Status::Ok();
  }
  if (kind == NumericKind::kFloat && x.dtype() == DataType::kFloat32 && y.dtype() == DataType::kFloat32) {
    // StoreDouble's float32 case inline, the float read as its exact binary64:
    // the same clamp and the same single rounding as the loop below.
    const float* xf = reinterpret_cast<const float*>(x.data);
    for (size_t i = 0; i < n; ++i) StoreDoubleAsFloat32(y.mutable_data, i, ClampReal(static_cast<double>(xf[i]), b));
    return Status::Ok();
  }
  if (kind == NumericKind::kFloat) {
    for (size_t i = 0; i < n; ++i) StoreDouble(y.dtype(), y.mutable_data, i, ClampReal(LoadAsDouble(x.dtype(), x.data, i), b));
    return Status::Ok();
  }
  const int64_t lo = SaturatedBound(std::ceil(b.min), x.dtype());
  const int64_t hi = SaturatedBound(std::floor(b.max), x.dtype());
  for (size_t i = 0; i < n; ++i) {
    int64_t v = LoadAsInt64(x.dtype(), x.data, i);
    v = v < lo ? lo : v;
    v = v > hi ? hi : v;
    StoreInt64(y.dtype(), y.mutable_data, i, v);
  }
  return Status::Ok();
}

OpDef ClipOpDef() {
  using namespace schema;  // NOLINT
  // Both bounds default to 0.0 (the builder's defaults, ops_catalog #76): an
  // unparametrised CLIP maps everything to 0. HDI Clip lists max first.
  return OpDef{NodeType::CLIP, {Float("max", 0.0f), Float("min", 0.0f)},
               /*inputs=*/1, 1, /*outputs=*/1, 1, &InferClip, &ClipKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32},
               "activation"};
}

}  // namespace nnrt
