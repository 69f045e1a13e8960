// Shared checks of the data-movement lowerings (lower_data_movement.h).
#include "cts_driver/drivers/armnn/lowering/tensor/data_movement.h"

#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace armnn_driver {

Status CheckMovedTypes(LoweringContext& ctx, uint32_t xt, uint32_t yt) {
  const Tensor& x = ctx.T(xt);
  const Tensor& y = ctx.T(yt);
  if (x.data_type != y.data_type || x.IsQuantized() != y.IsQuantized()) {
    return Unsupported(ctx.Label() + ": x and y of different types");
  }
  if (!x.IsQuantized()) {
    if (x.data_type != DataType::kFloat32) return Unsupported(ctx.Label() + ": float32 or quantized int8/uint8 only");
    return Status::Ok();
  }
  if (x.data_type != DataType::kInt8 && x.data_type != DataType::kUint8) {
    return Unsupported(ctx.Label() + ": quantized int8/uint8 only");
  }
  if (x.quant_params.size() != 1 || y.quant_params.size() != 1 || !(x.quant_params[0] == y.quant_params[0])) {
    return Unsupported(ctx.Label() + ": x and y must share one per-tensor scale and zero point");
  }
  return Status::Ok();
}

Status ConstantInts(LoweringContext& ctx, size_t input, std::vector<int64_t>* values) {
  const Node& n = ctx.node();
  if (input >= n.inputs.size()) return Unsupported(ctx.Label() + ": missing input " + std::to_string(input));
  if (!ctx.T(n.inputs[input]).HasData()) {
    return Unsupported(ctx.Label() + ": input " + std::to_string(input) + " must be a constant");
  }
  TensorArg arg = ctx.OpCtx().inputs[input];
  arg.byte_size = ctx.T(n.inputs[input]).data.size();  // OpCtx leaves it 0
  const Status s = ReadIntTensor(arg, "input " + std::to_string(input), values);
  if (!s.ok()) return Unsupported(ctx.Label() + ": " + s.message());
  return Status::Ok();
}

}  // namespace armnn_driver
}  // namespace nnrt
