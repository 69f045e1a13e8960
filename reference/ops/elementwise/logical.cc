#include "reference/ops/elementwise/logical.h"

#include <string>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

// C-686: bool and the plain integer types (non-zero = true), in any mix.
Status CheckLogicalOperand(const TensorArg& t, const std::string& role) {
  if (IsFloatType(t.dtype())) {
    return Unsupported(role + " is " + DataTypeName(t.dtype()) +
                       "; the truth of a float (NaN, -0) is undocumented, so logic ops take bool or plain "
                       "integers (C-686)");
  }
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(t, role,
                                       {DataType::kBool, DataType::kInt8, DataType::kUint8, DataType::kInt16,
                                        DataType::kInt32, DataType::kInt64}));
  if (t.quantized()) {
    return Unsupported(role + " is quantized; the truth of a quantized value (its code or its real value) is "
                              "undocumented, so logic ops take bool or plain integers (C-686)");
  }
  return Status::Ok();
}

// Truth of element i: a non-zero value (a non-zero bool byte reads as 1, C-293).
bool Truth(const TensorArg& t, size_t i) { return LoadAsInt64(t.dtype(), t.data, i) != 0; }

}  // namespace

Status InferLogical(OpContext& ctx) {
  for (size_t i = 0; i < ctx.inputs.size(); ++i) {
    NNRT_RETURN_IF_ERROR(CheckLogicalOperand(ctx.inputs[i], "input " + std::to_string(i)));
  }
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(ctx.outputs[0], "output 0", {DataType::kBool}));
  if (ctx.outputs[0].quantized()) return InvalidModel("output 0 is bool and must not carry quant params");
  if (ctx.node->type == NodeType::LOGICAL_NOT) {
    ctx.outputs[0].dims = ctx.inputs[0].dims;
    return Status::Ok();
  }
  return BroadcastShapes(ctx.inputs[0].dims, ctx.inputs[1].dims, &ctx.outputs[0].dims);
}

Status LogicalKernel(OpContext& ctx) {
  TensorArg& y = ctx.outputs[0];
  const TensorArg& x1 = ctx.inputs[0];
  if (ctx.node->type == NodeType::LOGICAL_NOT) {
    const int64_t n = y.elements();
    for (int64_t i = 0; i < n; ++i) {
      StoreInt64(DataType::kBool, y.mutable_data, static_cast<size_t>(i), Truth(x1, static_cast<size_t>(i)) ? 0 : 1);
    }
    return Status::Ok();
  }
  const TensorArg& x2 = ctx.inputs[1];
  const bool is_and = ctx.node->type == NodeType::LOGICAL_AND;
  ForEachBroadcastPair(x1.dims, x2.dims, y.dims, [&](size_t i1, size_t i2, size_t o) {
    const bool a = Truth(x1, i1), b = Truth(x2, i2);
    StoreInt64(DataType::kBool, y.mutable_data, o, (is_and ? (a && b) : (a || b)) ? 1 : 0);
  });
  return Status::Ok();
}

OpDef LogicalOpDef(NodeType type) {
  const int32_t inputs = type == NodeType::LOGICAL_NOT ? 1 : 2;
  return OpDef{type,           {},
               inputs,         inputs,
               /*outputs=*/1,  1,
               &InferLogical,  &LogicalKernel,
               {DataType::kBool, DataType::kInt32, DataType::kInt64},
               "logical"};
}

}  // namespace nnrt
