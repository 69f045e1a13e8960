#include "cts_driver/drivers/armnn/filter_weights.h"

namespace nnrt {
namespace armnn_driver {

Status CheckFilterTypes(LoweringContext& ctx, uint32_t xt, uint32_t wt, uint32_t yt) {
  const Tensor& x = ctx.T(xt);
  const Tensor& w = ctx.T(wt);
  const Tensor& y = ctx.T(yt);
  if (!w.HasData()) return Unsupported(ctx.Label() + ": weights must be constant");
  if (!x.IsQuantized()) {
    if (x.data_type != DataType::kFloat32 || w.data_type != DataType::kFloat32 || y.data_type != DataType::kFloat32 ||
        w.IsQuantized() || y.IsQuantized()) {
      return Unsupported(ctx.Label() + ": float32 or quantized int8/uint8 only");
    }
    return Status::Ok();
  }
  if (x.data_type != DataType::kInt8 && x.data_type != DataType::kUint8) {
    return Unsupported(ctx.Label() + ": quantized int8/uint8 only");
  }
  if (y.data_type != x.data_type || !y.IsQuantized() || x.quant_params.size() != 1 || y.quant_params.size() != 1) {
    return Unsupported(ctx.Label() + ": x and y must share one per-tensor quantized type");
  }
  if (w.data_type != x.data_type || !w.IsQuantized()) return Unsupported(ctx.Label() + ": weight type differs from x");
  if (w.quant_params.size() > 1 && w.data_type != DataType::kInt8) {
    return Unsupported(ctx.Label() + ": per-channel uint8 weights");
  }
  return Status::Ok();
}

Status FilterWeights(LoweringContext& ctx, uint32_t wt, const armnn::TensorShape& shape, std::vector<uint8_t> bytes,
                     unsigned quant_axis, bool per_channel_allowed, armnn::ConstTensor* out) {
  armnn::TensorInfo info;
  NNRT_RETURN_IF_ERROR(ctx.Info(wt, &info));  // data type and per-tensor quantisation
  const Tensor& w = ctx.T(wt);
  if (w.quant_params.size() > 1) {
    if (!per_channel_allowed) {
      // Arm NN 20.08's FullyConnected support check aborts the process
      // (GetBiasTypeFromWeightsType assertion) on QSymmS8 weights.
      return Unsupported(ctx.Label() + ": per-channel weights (Arm NN aborts on QSymmS8 fully connected weights)");
    }
    std::vector<float> scales;
    for (const QuantParam& q : w.quant_params) {
      if (q.zero_point != 0) return Unsupported(ctx.Label() + ": per-channel weights with a zero point != 0");
      scales.push_back(static_cast<float>(q.scale));
    }
    if (quant_axis >= shape.GetNumDimensions() || shape[quant_axis] != scales.size()) {
      return Unsupported(ctx.Label() + ": per-channel weight scales do not match the output channels");
    }
    info = armnn::TensorInfo(shape, armnn::DataType::QSymmS8, scales, quant_axis);
  } else {
    info.SetShape(shape);
  }
  if (bytes.empty()) bytes = w.data;
  return ctx.Constant(info, std::move(bytes), out);
}

Status FilterBias(LoweringContext& ctx, uint32_t xt, uint32_t wt, uint32_t bt, unsigned out_c, armnn::ConstTensor* out) {
  const Tensor& b = ctx.T(bt);
  if (!b.HasData()) return Unsupported(ctx.Label() + ": bias must be constant");
  const Dims& bd = ctx.dims()[bt];
  if (bd.size() != 1 || bd[0] != static_cast<int32_t>(out_c)) return Unsupported(ctx.Label() + ": bias shape");
  const armnn::TensorShape shape({out_c});
  const Tensor& x = ctx.T(xt);
  if (!x.IsQuantized()) {
    if (b.data_type != DataType::kFloat32 || b.IsQuantized()) return Unsupported(ctx.Label() + ": bias type");
    return ctx.Constant(armnn::TensorInfo(shape, armnn::DataType::Float32), b.data, out);
  }
  if (b.data_type != DataType::kInt32) return Unsupported(ctx.Label() + ": a quantized node needs an int32 bias");
  const Tensor& w = ctx.T(wt);
  const float sx = static_cast<float>(x.quant_params[0].scale);
  armnn::TensorInfo info;
  if (w.quant_params.size() == 1) {
    info = armnn::TensorInfo(shape, armnn::DataType::Signed32, sx * static_cast<float>(w.quant_params[0].scale), 0);
  } else {
    std::vector<float> scales;
    for (const QuantParam& q : w.quant_params) scales.push_back(sx * static_cast<float>(q.scale));
    info = armnn::TensorInfo(shape, armnn::DataType::Signed32, scales, 0);
  }
  return ctx.Constant(info, b.data, out);
}

}  // namespace armnn_driver
}  // namespace nnrt
