#include "reference/ops/elementwise/eltwise.h"

#include <string>
#include <utility>

#include "reference/ops/elementwise/arithmetic.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/elementwise/binary_math.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {

Status InferEltwise(OpContext& ctx) {
  const int64_t mode = IntAttr(*ctx.node, "mode");
  if (mode < 0 || mode > 2) {
    return InvalidModel("ELTWISE mode must be PROD (0), SUM (1) or MAXIMUM (2), got " + std::to_string(mode) +
                        " (C-698)");
  }
  EltwiseParams p;
  p.mode = static_cast<EltwiseMode>(mode);
  if (p.mode == EltwiseMode::kMaximum) {
    NNRT_RETURN_IF_ERROR(InferBinaryMathAs(ctx, NodeType::MAXIMUM));
  } else {
    NNRT_RETURN_IF_ERROR(InferArithmeticWithoutActivation(ctx));
  }
  p.inner = std::move(ctx.params);
  ctx.SetParams(std::move(p));
  return Status::Ok();
}

Status EltwiseKernel(OpContext& ctx) {
  const EltwiseParams& p = ctx.Params<EltwiseParams>();
  OpContext inner = ctx;
  inner.params = p.inner;
  switch (p.mode) {
    case EltwiseMode::kProd: return MulKernel(inner);
    case EltwiseMode::kSum: return AddKernel(inner);
    case EltwiseMode::kMaximum: return BinaryMathKernel(inner);
  }
  return InvalidModel("ELTWISE mode out of range");
}

OpDef EltwiseOpDef() {
  using namespace schema;  // NOLINT
  // HDI EltwiseMode PROD 0, SUM 1, MAXIMUM 2.
  return OpDef{NodeType::ELTWISE,
               {Enum("mode", 0, {0, 1, 2})},
               /*inputs=*/2,
               2,
               /*outputs=*/1,
               1,
               &InferEltwise,
               &EltwiseKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32,
                DataType::kInt64},
               "binary_math"};
}

}  // namespace nnrt
