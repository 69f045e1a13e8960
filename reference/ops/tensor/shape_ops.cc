#include "reference/ops/tensor/shape_ops.h"

#include <algorithm>
#include <string>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/axis_util.h"
#include "reference/ops/core/index_checks.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/tensor/reshape.h"

namespace nnrt {
namespace {

const char kX[] = "input 0 (x)";
const char kAxisInput[] = "input 1 (axis)";

// Product of dims[begin, end), -1 when one of them is unknown.
int64_t KnownProduct(const Dims& dims, size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i) {
    if (dims[i] < 0) return -1;
  }
  return DimProduct(dims, begin, end);
}

// Resolves every axis of `axes` against `rank` and rejects repeats.
Status ResolveAxisList(const std::vector<int64_t>& axes, int64_t rank, const std::string& op,
                       const char* clarification, std::vector<int32_t>* resolved) {
  resolved->clear();
  for (int64_t a : axes) {
    int32_t r = 0;
    NNRT_RETURN_IF_ERROR(ResolveAxis(a, rank, op, clarification, &r));
    if (std::find(resolved->begin(), resolved->end(), r) != resolved->end()) {
      return InvalidModel(op + " axis list names dim " + std::to_string(r) + " twice (" + clarification + ")");
    }
    resolved->push_back(r);
  }
  return Status::Ok();
}

}  // namespace

Status SqueezeDims(const Dims& x, const std::vector<int64_t>& axes, Dims* out) {
  std::vector<int32_t> resolved;
  NNRT_RETURN_IF_ERROR(ResolveAxisList(axes, static_cast<int64_t>(x.size()), "SQUEEZE", "C-608", &resolved));
  out->clear();
  for (size_t d = 0; d < x.size(); ++d) {
    const bool listed = std::find(resolved.begin(), resolved.end(), static_cast<int32_t>(d)) != resolved.end();
    if (listed && x[d] > 1) {
      return InvalidModel("SQUEEZE axis " + std::to_string(d) + " has size " + std::to_string(x[d]) +
                          ", only dims of size 1 can be removed (C-608)");
    }
    const bool remove = axes.empty() ? x[d] == 1 : listed;
    if (!remove) out->push_back(x[d]);
  }
  return Status::Ok();
}

Status InsertUnitDims(const Dims& x, const std::vector<int64_t>& axes, const char* op, const char* clarification,
                      Dims* out) {
  const int64_t out_rank = static_cast<int64_t>(x.size() + axes.size());
  if (out_rank > static_cast<int64_t>(NNRT_HAL_MAX_RANK)) {
    return InvalidModel(std::string(op) + " output rank " + std::to_string(out_rank) + " exceeds " +
                        std::to_string(NNRT_HAL_MAX_RANK));
  }
  std::vector<int32_t> resolved;
  NNRT_RETURN_IF_ERROR(ResolveAxisList(axes, out_rank, op, clarification, &resolved));
  out->clear();
  size_t next = 0;
  for (int32_t d = 0; d < out_rank; ++d) {
    const bool inserted = std::find(resolved.begin(), resolved.end(), d) != resolved.end();
    out->push_back(inserted ? 1 : x[next++]);
  }
  return Status::Ok();
}

// C-607: axis in [-rank, rank] (negative + rank); y = [prod(dims[0, axis)),
// prod(dims[axis, rank))], always rank 2.
Status InferFlatten(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(x, ctx.outputs[0], "FLATTEN", kX));
  const int64_t rank = static_cast<int64_t>(x.dims.size());
  const int64_t axis_attr = IntAttr(*ctx.node, "axis");
  if (axis_attr < -rank || axis_attr > rank) {
    return InvalidModel("FLATTEN axis " + std::to_string(axis_attr) + " is outside [" + std::to_string(-rank) + ", " +
                        std::to_string(rank) + "] (C-607)");
  }
  const size_t axis = static_cast<size_t>(axis_attr < 0 ? axis_attr + rank : axis_attr);
  const int64_t rows = KnownProduct(x.dims, 0, axis);
  const int64_t cols = KnownProduct(x.dims, axis, x.dims.size());
  if (rows > kMaxDimValue || cols > kMaxDimValue) return InvalidModel("FLATTEN output dim overflows");
  ctx.outputs[0].dims = Dims{static_cast<int32_t>(rows), static_cast<int32_t>(cols)};
  return Status::Ok();
}

Status InferSqueeze(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(x, ctx.outputs[0], "SQUEEZE", kX));
  return SqueezeDims(x.dims, IntsAttr(*ctx.node, "axis"), &ctx.outputs[0].dims);
}

// C-609: a non-empty axis list (the OH_NN builder passes exactly one value).
Status InferUnsqueeze(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(x, ctx.outputs[0], "UNSQUEEZE", kX));
  const std::vector<int64_t> axes = IntsAttr(*ctx.node, "axis");
  if (axes.empty()) return InvalidModel("UNSQUEEZE needs at least one axis (C-609)");
  return InsertUnitDims(x.dims, axes, "UNSQUEEZE", "C-609", &ctx.outputs[0].dims);
}

// C-610: input 1 holds one int32/int64 value in [-rank-1, rank].
Status InferExpandDims(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& axis = ctx.inputs[1];
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(x, ctx.outputs[0], "EXPAND_DIMS", kX));
  NNRT_RETURN_IF_ERROR(CheckIndexTensorType(axis, kAxisInput));
  if (!IsDynamic(axis.dims) && ElementCount(axis.dims).value_or(0) != 1) {
    return InvalidModel("EXPAND_DIMS " + std::string(kAxisInput) + " must hold exactly one element, got dims " +
                        DimsToString(axis.dims) + " (C-610)");
  }
  if (axis.data == nullptr) {
    ctx.outputs[0].dims = Dims(x.dims.size() + 1, -1);
    return Status::Ok();
  }
  std::vector<int64_t> v;
  NNRT_RETURN_IF_ERROR(ReadIntTensor(axis, kAxisInput, &v));
  if (v.size() != 1) return InvalidModel("EXPAND_DIMS " + std::string(kAxisInput) + " must hold exactly one element");
  const Status s = InsertUnitDims(x.dims, v, "EXPAND_DIMS", "C-610", &ctx.outputs[0].dims);
  return s.ok() ? s : IndexValueError(axis, s.message());
}

OpDef FlattenOpDef() {
  using namespace schema;  // NOLINT: the schema reads as the IDL
  return OpDef{NodeType::FLATTEN, {Int64("axis", 1)}, /*inputs=*/1, 1, /*outputs=*/1, 1, &InferFlatten, &ReshapeKernel,
               DataMovementTypes(), "data_movement"};
}

OpDef SqueezeOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::SQUEEZE, {Int64List("axis")}, /*inputs=*/1, 1, /*outputs=*/1, 1, &InferSqueeze,
               &ReshapeKernel, DataMovementTypes(), "data_movement"};
}

OpDef UnsqueezeOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::UNSQUEEZE, {Int64List("axis")}, /*inputs=*/1, 1, /*outputs=*/1, 1, &InferUnsqueeze,
               &ReshapeKernel, DataMovementTypes(), "data_movement"};
}

OpDef ExpandDimsOpDef() {
  return OpDef{NodeType::EXPAND_DIMS, {}, /*inputs=*/2, 2, /*outputs=*/1, 1, &InferExpandDims, &ReshapeKernel,
               DataMovementTypes(), "data_movement"};
}

}  // namespace nnrt
