// ONE_HOT (family "gather_scatter", declared in gather_scatter.h).
#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/tensor/gather_scatter.h"
#include "reference/ops/core/index_checks.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {

namespace {

const char kOneHotIndices[] = "input 0 (indices)";
const char kOneHotDepth[] = "input 1 (depth)";
const char kOneHotOn[] = "input 2 (onValue)";
const char kOneHotOff[] = "input 3 (offValue)";

// onValue and offValue: one element each, the output's type and quant params
// (their stored values are copied, C-358).
Status CheckOneHotValues(const OpContext& ctx) {
  const TensorArg& y = ctx.outputs[0];
  for (int i = 2; i < 4; ++i) {
    const TensorArg& v = ctx.inputs[static_cast<size_t>(i)];
    const char* role = i == 2 ? kOneHotOn : kOneHotOff;
    NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(v, y, "ONE_HOT", role));
    if (!IsDynamic(v.dims) && ElementCount(v.dims).value_or(0) != 1) {
      return InvalidModel("ONE_HOT " + std::string(role) + " must hold exactly one element, got dims " +
                          DimsToString(v.dims));
    }
  }
  return Status::Ok();
}

}  // namespace

Status InferOneHot(OpContext& ctx) {
  const TensorArg& indices = ctx.inputs[0];
  const TensorArg& depth = ctx.inputs[1];
  NNRT_RETURN_IF_ERROR(CheckIndexTensorType(indices, kOneHotIndices));
  NNRT_RETURN_IF_ERROR(CheckIndexTensorType(depth, kOneHotDepth));
  NNRT_RETURN_IF_ERROR(CheckOneHotValues(ctx));
  if (!IsDynamic(depth.dims) && ElementCount(depth.dims).value_or(0) != 1) {
    return InvalidModel("ONE_HOT " + std::string(kOneHotDepth) + " must hold exactly one element, got dims " +
                        DimsToString(depth.dims));
  }
  const int64_t out_rank = static_cast<int64_t>(indices.dims.size()) + 1;
  if (out_rank > static_cast<int64_t>(NNRT_HAL_MAX_RANK)) {
    return InvalidModel("ONE_HOT output rank " + std::to_string(out_rank) + " exceeds " +
                        std::to_string(NNRT_HAL_MAX_RANK));
  }
  // C-357: axis in [-(rank+1), rank], negative counted from the end of the output.
  const int64_t axis_attr = IntAttr(*ctx.node, "axis");
  if (axis_attr < -out_rank || axis_attr >= out_rank) {
    return InvalidModel("ONE_HOT axis " + std::to_string(axis_attr) + " is outside [" + std::to_string(-out_rank) +
                        ", " + std::to_string(out_rank) + ") for an output of rank " + std::to_string(out_rank) +
                        " (C-357)");
  }
  const size_t axis = static_cast<size_t>(axis_attr < 0 ? axis_attr + out_rank : axis_attr);
  OneHotParams p;
  p.depth = -1;
  if (depth.data != nullptr) {
    std::vector<int64_t> v;
    NNRT_RETURN_IF_ERROR(ReadIntTensor(depth, kOneHotDepth, &v));
    if (v.size() != 1 || v[0] < 1 || v[0] > kMaxDimValue) {
      return IndexValueError(depth, "ONE_HOT " + std::string(kOneHotDepth) + " = " +
                                   (v.empty() ? std::string("nothing") : std::to_string(v[0])) +
                                   " is not a dim in [1, 2^31-1] (C-357)");
    }
    p.depth = v[0];
  }
  Dims out(indices.dims.begin(), indices.dims.begin() + static_cast<std::ptrdiff_t>(axis));
  out.push_back(static_cast<int32_t>(p.depth));
  out.insert(out.end(), indices.dims.begin() + static_cast<std::ptrdiff_t>(axis), indices.dims.end());
  ctx.outputs[0].dims = out;
  if (p.depth < 0 || indices.data == nullptr || IsDynamic(indices.dims)) return Status::Ok();
  for (size_t d = 0; d < axis; ++d) p.outer *= indices.dims[d];
  for (size_t d = axis; d < indices.dims.size(); ++d) p.inner *= indices.dims[d];
  NNRT_RETURN_IF_ERROR(ReadIntTensor(indices, kOneHotIndices, &p.indices));
  ctx.SetParams(std::move(p));
  return Status::Ok();
}

// y[o, d, i] = indices[o, i] == d ? onValue : offValue, o outer, d depth,
// i inner, in that loop order; the element bytes are copied.
Status OneHotKernel(OpContext& ctx) {
  const OneHotParams& p = ctx.Params<OneHotParams>();
  TensorArg& y = ctx.outputs[0];
  const size_t es = DataTypeSize(y.dtype());
  const uint8_t* on = ctx.inputs[2].data;
  const uint8_t* off = ctx.inputs[3].data;
  size_t at = 0;
  for (int64_t o = 0; o < p.outer; ++o) {
    for (int64_t d = 0; d < p.depth; ++d) {
      for (int64_t i = 0; i < p.inner; ++i) {
        const int64_t index = p.indices[static_cast<size_t>(o * p.inner + i)];
        std::memcpy(y.mutable_data + at * es, index == d ? on : off, es);
        ++at;
      }
    }
  }
  return Status::Ok();
}

OpDef OneHotOpDef() {
  using namespace schema;  // NOLINT
  // axis defaults to -1 (the builder default, ops_catalog #23): the new axis is last.
  return OpDef{NodeType::ONE_HOT, {Int64("axis", -1)},
               /*inputs=*/4, 4, /*outputs=*/1, 1, &InferOneHot, &OneHotKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32,
                DataType::kInt64, DataType::kBool},
               "gather_scatter"};
}

}  // namespace nnrt
