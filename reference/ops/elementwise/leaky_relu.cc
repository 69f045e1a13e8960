#include "reference/ops/elementwise/leaky_relu.h"

#include <string>
#include <vector>

#include "reference/numerics/numerics.h"
#include "reference/ops/elementwise/activation.h"
#include "reference/ops/elementwise/activation_functions.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

struct LeakyReluParams {
  ActivationAttrs params;  // type LEAKY_RELU, alpha = negativeSlope
  NumericKind kind = NumericKind::kFloat;
};

}  // namespace

Status InferLeakyRelu(OpContext& ctx) {
  LeakyReluParams plan;
  plan.params.type = ActivationType::kLeakyRelu;
  plan.params.alpha = FloatAttr(*ctx.node, "negativeSlope");
  NNRT_RETURN_IF_ERROR(CheckAlphaFinite(plan.params).WithContext("LEAKY_RELU negativeSlope (C-700)"));
  NNRT_RETURN_IF_ERROR(ClassifyElementwise({&ctx.inputs[0], &ctx.outputs[0]}, {"input 0", "output 0"}, &plan.kind));
  if (plan.kind == NumericKind::kInteger) {
    return Unsupported(std::string("LEAKY_RELU on plain (non-quantized) ") + DataTypeName(ctx.inputs[0].dtype()) +
                       " tensors is not supported, as ACTIVATION LEAKY_RELU (C-46, C-700)");
  }
  ctx.outputs[0].dims = ctx.inputs[0].dims;
  ctx.SetParams(plan);
  return Status::Ok();
}

Status LeakyReluKernel(OpContext& ctx) {
  const LeakyReluParams& plan = ctx.Params<LeakyReluParams>();
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  const size_t n = static_cast<size_t>(x.elements());
  if (plan.kind == NumericKind::kFloat) {
    for (size_t i = 0; i < n; ++i) {
      StoreDouble(y.dtype(), y.mutable_data, i, LeakyReluActivation(LoadAsDouble(x.dtype(), x.data, i), plan.params));
    }
    return Status::Ok();
  }
  const std::vector<int64_t> table =
      BuildQuantTable(&LeakyReluActivation, plan.params, x.dtype(), x.quant(), y.dtype(), y.quant());
  const int64_t qmin = QuantMin(x.dtype());
  for (size_t i = 0; i < n; ++i) {
    StoreInt64(y.dtype(), y.mutable_data, i, table[static_cast<size_t>(LoadAsInt64(x.dtype(), x.data, i) - qmin)]);
  }
  return Status::Ok();
}

OpDef LeakyReluOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::LEAKY_RELU,
               {Float("negativeSlope", 0.0f)},
               /*inputs=*/1,
               1,
               /*outputs=*/1,
               1,
               &InferLeakyRelu,
               &LeakyReluKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8},
               "activation"};
}

}  // namespace nnrt
