#include "reference/ops/tensor/all_assert.h"

#include <algorithm>
#include <cstring>
#include <sstream>
#include <string>

#include "reference/ir/ir.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/axis_util.h"
#include "reference/ops/core/index_checks.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/tensor/reduce.h"

namespace nnrt {
namespace {

const char kAllInput[] = "ALL input 0";
const char kCondition[] = "ASSERT input 0 (condition)";
const char kData[] = "ASSERT input 1 (data)";

// "ALL: " before a message of the shared reduction code, which names REDUCE_FUSION.
Status AsAll(const Status& s) {
  return s.ok() ? s : Status(s.code(), "ALL (REDUCE_FUSION's ALL mode): " + s.message());
}

// Entry i of data as text: floats and integers by value (quantized: the code).
std::string EntryText(const TensorArg& data, size_t i) {
  std::ostringstream out;
  if (IsFloatType(data.dtype())) {
    out << LoadAsDouble(data.dtype(), data.data, i);
  } else {
    out << LoadAsInt64(data.dtype(), data.data, i);
  }
  return out.str();
}

}  // namespace

// C-665: bool x and y without quant params; keepDims 0 or 1; the axis input
// as REDUCE_FUSION's (int32/int64, rank 0 or 1, negative from the end, none
// = every axis, constant or run-time).
Status InferAll(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(x, kAllInput, {DataType::kBool}));
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(ctx.outputs[0], "ALL output 0", {DataType::kBool}));
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(x, kAllInput));
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(ctx.outputs[0], "ALL output 0"));
  const int64_t keep = IntAttr(*ctx.node, "keepDims");
  if (keep != 0 && keep != 1) {
    return InvalidModel("ALL keepDims must be 0 or 1, got " + std::to_string(keep) + " (C-665)");
  }
  ReduceParams plan;
  plan.mode = ReduceMode::kAll;
  plan.kind = NumericKind::kInteger;
  NNRT_RETURN_IF_ERROR(AsAll(InferReducedDims(ctx, keep == 1, /*reduce_to_end=*/false, &plan)));
  ctx.SetParams(plan);
  return Status::Ok();
}

Status AllKernel(OpContext& ctx) { return RunReduceWithParams(ctx, ctx.Params<ReduceParams>()); }

// C-667: condition first (the documents' order), one bool element; data of
// any data-movement type; y has data's type, dims and quant params.
Status InferAssert(OpContext& ctx) {
  const TensorArg& condition = ctx.inputs[0];
  const TensorArg& data = ctx.inputs[1];
  TensorArg& y = ctx.outputs[0];
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(condition, kCondition, {DataType::kBool}));
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(condition, kCondition));
  if (!IsDynamic(condition.dims) && condition.elements() != 1) {
    return InvalidModel(std::string(kCondition) + " must hold exactly one element, got dims " +
                        DimsToString(condition.dims) + " (C-667)");
  }
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(data, y, "ASSERT", kData));
  const int64_t summarize = IntAttr(*ctx.node, "summarize");
  if (summarize < 0) {
    return InvalidModel("ASSERT summarize must be >= 0, got " + std::to_string(summarize) + " (C-668)");
  }
  y.dims = data.dims;
  ctx.SetParams(AssertParams{summarize});
  return Status::Ok();
}

Status AssertKernel(OpContext& ctx) {
  const TensorArg& condition = ctx.inputs[0];
  const TensorArg& data = ctx.inputs[1];
  TensorArg& y = ctx.outputs[0];
  const size_t count = static_cast<size_t>(data.elements());
  if (condition.data[0] == 0) {
    const size_t shown = std::min(count, static_cast<size_t>(ctx.Params<AssertParams>().summarize));
    std::string entries;
    for (size_t i = 0; i < shown; ++i) entries += (i == 0 ? "" : ", ") + EntryText(data, i);
    return InvalidInput("ASSERT condition is false; data " + std::string(DataTypeName(data.dtype())) + " " +
                        DimsToString(data.dims) + ", first " + std::to_string(shown) + " of " + std::to_string(count) +
                        " entries: [" + entries + "] (C-668)");
  }
  if (count > 0) std::memcpy(y.mutable_data, data.data, count * DataTypeSize(data.dtype()));
  return Status::Ok();
}

OpDef AllOpDef() {
  using namespace schema;  // NOLINT
  // keepDims is an INT64 in HDI All and the OH_NN builder (ops_catalog #77).
  return OpDef{NodeType::ALL, {Int64("keepDims", 0)}, /*inputs=*/2, 2, /*outputs=*/1, 1, &InferAll, &AllKernel,
               {DataType::kBool}, "bool_checks"};
}

OpDef AssertOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::ASSERT, {Int64("summarize", 0)}, /*inputs=*/2, 2, /*outputs=*/1, 1, &InferAssert,
               &AssertKernel, DataMovementTypes(), "bool_checks"};
}

}  // namespace nnrt
