#include "reference/ops/elementwise/prelu.h"

#include <string>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

// C-180: the channel axis is dim 1 for an NCHW input and the last dim
// otherwise (NHWC, and FORMAT_NONE/ND which the front end lowers to NHWC;
// ops_catalog 1.3, #46 "[BatchSize, ..., Channels]"). Rank < 2 has no channel
// axis (-1).
int32_t ChannelAxis(const TensorArg& x) {
  const int32_t rank = static_cast<int32_t>(x.dims.size());
  if (rank < 2) return -1;
  return x.decl->format == Format::kNchw ? 1 : rank - 1;
}

// C-181: the slope holds 1 element (shared) or one per channel, as a 1-D
// tensor or any shape whose dims are all 1 except one (e.g. [1,1,1,C]).
Status CheckSlopeShape(const OpContext& ctx, bool channel_shared) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& slope = ctx.inputs[1];
  if (IsDynamic(slope.dims)) return Status::Ok();  // not known yet: checked at run time
  int non_unit_dims = 0;
  for (int32_t d : slope.dims) {
    if (d != 1) ++non_unit_dims;
  }
  if (non_unit_dims > 1) {
    return InvalidModel("PRELU_FUSION slope must be 1-D (or all dims 1 but one), got dims " +
                        DimsToString(slope.dims) + " (C-181)");
  }
  const auto element_count = ElementCount(slope.dims);
  if (!element_count) return InvalidModel("PRELU_FUSION slope dims " + DimsToString(slope.dims) + " are too large");
  const int64_t count = *element_count;
  if (count == 1) return Status::Ok();
  if (channel_shared) {
    return InvalidModel("PRELU_FUSION channelShared is true but the slope has " + std::to_string(count) +
                        " elements; it must have 1 (C-181)");
  }
  const int32_t axis = ChannelAxis(x);
  if (axis < 0) {
    return InvalidModel("PRELU_FUSION input of rank " + std::to_string(x.dims.size()) +
                        " has no channel axis, so the slope must have 1 element, got " + std::to_string(count));
  }
  const int32_t channels = x.dims[static_cast<size_t>(axis)];
  if (channels >= 0 && count != channels) {
    return InvalidModel("PRELU_FUSION slope has " + std::to_string(count) + " elements; it must have 1 or " +
                        std::to_string(channels) + " (the channel dim " + std::to_string(axis) + " of input " +
                        DimsToString(x.dims) + ", C-180)");
  }
  return Status::Ok();
}

Status CheckPReluTypes(const OpContext& ctx, NumericKind* kind) {
  NNRT_RETURN_IF_ERROR(ClassifyElementwise({&ctx.inputs[0], &ctx.inputs[1], &ctx.outputs[0]},
                                           {"input 0 (x)", "input 1 (slope)", "output 0"}, kind));
  if (*kind == NumericKind::kInteger) {
    return Unsupported("PRELU_FUSION on plain integer tensors is not supported (C-181)");
  }
  return Status::Ok();
}

// What the kernel needs, decided once by InferPRelu.
struct PReluParams {
  NumericKind kind;
};

// x < 0 rather than x >= 0 so that -0 and NaN pass through unchanged (C-44).
double PRelu(double x, double slope) { return x < 0.0 ? slope * x : x; }

}  // namespace

Status InferPRelu(OpContext& ctx) {
  PReluParams p;
  NNRT_RETURN_IF_ERROR(CheckPReluTypes(ctx, &p.kind));
  NNRT_RETURN_IF_ERROR(CheckSlopeShape(ctx, BoolAttr(*ctx.node, "channelShared")));
  ctx.outputs[0].dims = ctx.inputs[0].dims;
  ctx.SetParams(p);
  return Status::Ok();
}

Status PReluKernel(OpContext& ctx) {
  const NumericKind kind = ctx.Params<PReluParams>().kind;
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& slope = ctx.inputs[1];
  TensorArg& y = ctx.outputs[0];
  const int64_t n = x.elements();
  const int64_t slopes = slope.elements();
  const int32_t axis = ChannelAxis(x);
  const int64_t inner = axis < 0 ? 1 : InnerSize(x.dims, axis);
  // Quantized: Q_out(f(DQ(x), DQ(slope[c]))) evaluated in binary64 per element
  // (quantization_semantics 4.9, two operands so no single table).
  for (int64_t i = 0; i < n; ++i) {
    const size_t c = static_cast<size_t>(slopes == 1 ? 0 : (i / inner) % slopes);
    const size_t k = static_cast<size_t>(i);
    if (kind == NumericKind::kFloat) {
      StoreDouble(y.dtype(), y.mutable_data, k,
                  PRelu(LoadAsDouble(x.dtype(), x.data, k), LoadAsDouble(slope.dtype(), slope.data, c)));
      continue;
    }
    const double r = Dequantize(LoadAsInt64(x.dtype(), x.data, k), x.quant().scale, x.quant().zero_point);
    const double s = Dequantize(LoadAsInt64(slope.dtype(), slope.data, c), slope.quant().scale, slope.quant().zero_point);
    StoreInt64(y.dtype(), y.mutable_data, k,
               QuantizeHalfAwayFromZero(PRelu(r, s), y.quant().scale, y.quant().zero_point, QuantMin(y.dtype()),
                                        QuantMax(y.dtype())));
  }
  return Status::Ok();
}

OpDef PReluOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::PRELU_FUSION, {Bool("channelShared", false)},
               /*inputs=*/2, 2, /*outputs=*/1, 1, &InferPRelu, &PReluKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}, "activation"};
}

}  // namespace nnrt
