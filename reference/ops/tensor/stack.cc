#include "reference/ops/tensor/stack.h"

#include <cstring>
#include <string>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/axis_util.h"
#include "reference/ops/core/index_checks.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {

// C-605: inputs of one shape (any rank, scalars included), axis in
// [-(rank+1), rank+1) counted against the output rank.
Status InferStack(OpContext& ctx) {
  const TensorArg& y = ctx.outputs[0];
  Dims piece = ctx.inputs[0].dims;
  for (size_t i = 0; i < ctx.inputs.size(); ++i) {
    const std::string role = "input " + std::to_string(i);
    NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(ctx.inputs[i], y, "STACK", role.c_str()));
    NNRT_RETURN_IF_ERROR(CheckDimsAgree(piece, "input 0", ctx.inputs[i].dims, role, -1, "STACK", "C-605"));
    for (size_t k = 0; k < piece.size(); ++k) {
      if (piece[k] < 0) piece[k] = ctx.inputs[i].dims[k];
    }
  }
  const int64_t out_rank = static_cast<int64_t>(piece.size()) + 1;
  if (out_rank > static_cast<int64_t>(NNRT_HAL_MAX_RANK)) {
    return InvalidModel("STACK output rank " + std::to_string(out_rank) + " exceeds " +
                        std::to_string(NNRT_HAL_MAX_RANK));
  }
  int32_t axis = 0;
  NNRT_RETURN_IF_ERROR(ResolveAxis(IntAttr(*ctx.node, "axis"), out_rank, "STACK", "C-605", &axis));
  Dims out = piece;
  out.insert(out.begin() + axis, static_cast<int32_t>(ctx.inputs.size()));
  ctx.outputs[0].dims = out;
  if (!IsDynamic(piece)) {
    ctx.SetParams(StackParams{DimProduct(piece, 0, static_cast<size_t>(axis)),
                              DimProduct(piece, static_cast<size_t>(axis), piece.size())});
  }
  return Status::Ok();
}

// C-606: x of rank >= 1, axis in [-rank, rank); the node has exactly
// x.dims[axis] outputs, each x.dims without the axis.
Status InferUnstack(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  for (size_t i = 0; i < ctx.outputs.size(); ++i) {
    NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(x, ctx.outputs[i], "UNSTACK", "input 0 (x)"));
  }
  int32_t axis = 0;
  NNRT_RETURN_IF_ERROR(
      ResolveAxis(IntAttr(*ctx.node, "axis"), static_cast<int64_t>(x.dims.size()), "UNSTACK", "C-606", &axis));
  const int32_t n = x.dims[static_cast<size_t>(axis)];
  if (n >= 0 && static_cast<size_t>(n) != ctx.outputs.size()) {
    const std::string m = "UNSTACK x " + DimsToString(x.dims) + " has " + std::to_string(n) + " slices along axis " +
                          std::to_string(axis) + ", the node has " + std::to_string(ctx.outputs.size()) +
                          " outputs (C-606)";
    return x.decl->dims[static_cast<size_t>(axis)] >= 0 ? InvalidModel(m) : InvalidInput(m);
  }
  Dims out = x.dims;
  out.erase(out.begin() + axis);
  for (TensorArg& y : ctx.outputs) y.dims = out;
  if (!IsDynamic(x.dims)) {
    ctx.SetParams(StackParams{DimProduct(x.dims, 0, static_cast<size_t>(axis)),
                              DimProduct(x.dims, static_cast<size_t>(axis) + 1, x.dims.size())});
  }
  return Status::Ok();
}

Status StackKernel(OpContext& ctx) {
  const StackParams& p = ctx.Params<StackParams>();
  const size_t bytes = static_cast<size_t>(p.inner) * DataTypeSize(ctx.outputs[0].dtype());
  uint8_t* dst = ctx.outputs[0].mutable_data;
  for (int64_t o = 0; o < p.outer; ++o) {
    for (const TensorArg& in : ctx.inputs) {
      std::memcpy(dst, in.data + static_cast<size_t>(o) * bytes, bytes);
      dst += bytes;
    }
  }
  return Status::Ok();
}

Status UnstackKernel(OpContext& ctx) {
  const StackParams& p = ctx.Params<StackParams>();
  const size_t bytes = static_cast<size_t>(p.inner) * DataTypeSize(ctx.inputs[0].dtype());
  const uint8_t* src = ctx.inputs[0].data;
  for (int64_t o = 0; o < p.outer; ++o) {
    for (TensorArg& out : ctx.outputs) {
      std::memcpy(out.mutable_data + static_cast<size_t>(o) * bytes, src, bytes);
      src += bytes;
    }
  }
  return Status::Ok();
}

OpDef StackOpDef() {
  using namespace schema;  // NOLINT: the schema reads as the IDL
  return OpDef{NodeType::STACK, {Int64("axis", 0)}, /*inputs=*/2, kAny, /*outputs=*/1, 1, &InferStack, &StackKernel,
               DataMovementTypes(), "data_movement"};
}

OpDef UnstackOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::UNSTACK, {Int64("axis", 0)}, /*inputs=*/1, 1, /*outputs=*/1, kAny, &InferUnstack,
               &UnstackKernel, DataMovementTypes(), "data_movement"};
}

}  // namespace nnrt
