#include "reference/ops/tensor/shape_rank.h"

#include <string>

#include "reference/ir/ir.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/axis_util.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

const char kX[] = "input 0 (x)";

// C-611: x of any data-movement type (its quant params are irrelevant); y
// int32 or int64 without quant params.
Status CheckShapeTypes(const OpContext& ctx, const char* op) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& y = ctx.outputs[0];
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(x, kX,
                                       {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8,
                                        DataType::kInt32, DataType::kInt64, DataType::kBool}));
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(x, kX));
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(y, std::string(op) + " output 0", {DataType::kInt32, DataType::kInt64}));
  if (y.quantized()) return InvalidModel(std::string(op) + " output 0 must not carry quant params (C-611)");
  return Status::Ok();
}

}  // namespace

// C-612: a rank-0 x has no dims, and a 1-D tensor of length 0 is not a legal
// tensor (dims >= 1), so SHAPE of a scalar is NNRT_INVALID_MODEL.
Status InferShape(OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(CheckShapeTypes(ctx, "SHAPE"));
  const size_t rank = ctx.inputs[0].dims.size();
  if (rank == 0) return InvalidModel("SHAPE of a scalar would be an empty tensor (C-612)");
  ctx.outputs[0].dims = Dims{static_cast<int32_t>(rank)};
  return Status::Ok();
}

Status InferRank(OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(CheckShapeTypes(ctx, "RANK"));
  ctx.outputs[0].dims = Dims{};
  return Status::Ok();
}

Status ShapeKernel(OpContext& ctx) {
  TensorArg& y = ctx.outputs[0];
  const Dims& dims = ctx.inputs[0].dims;
  for (size_t i = 0; i < dims.size(); ++i) StoreInt64(y.dtype(), y.mutable_data, i, dims[i]);
  return Status::Ok();
}

Status RankKernel(OpContext& ctx) {
  TensorArg& y = ctx.outputs[0];
  StoreInt64(y.dtype(), y.mutable_data, 0, static_cast<int64_t>(ctx.inputs[0].dims.size()));
  return Status::Ok();
}

OpDef ShapeOpDef() {
  return OpDef{NodeType::SHAPE, {}, /*inputs=*/1, 1, /*outputs=*/1, 1, &InferShape, &ShapeKernel, DataMovementTypes(),
               "data_movement"};
}

OpDef RankOpDef() {
  return OpDef{NodeType::RANK, {}, /*inputs=*/1, 1, /*outputs=*/1, 1, &InferRank, &RankKernel, DataMovementTypes(),
               "data_movement"};
}

}  // namespace nnrt
