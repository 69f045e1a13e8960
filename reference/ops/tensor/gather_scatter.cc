#include "reference/ops/tensor/gather_scatter.h"

#include <cstring>
#include <string>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/index_checks.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

const char kGatherX[] = "input 0 (x)";
const char kGatherIndices[] = "input 1 (indices)";
const char kGatherAxis[] = "input 2 (axis)";

// GATHER's axis: one int32/int64 element in [-rank, rank), negative counted
// from the end (C-352).
Status ReadGatherAxis(const TensorArg& axis, int32_t rank, int32_t* resolved) {
  NNRT_RETURN_IF_ERROR(CheckIndexTensorType(axis, kGatherAxis));
  if (!IsDynamic(axis.dims) && ElementCount(axis.dims).value_or(0) != 1) {
    return InvalidModel(std::string(kGatherAxis) + " must hold exactly one element, got dims " +
                        DimsToString(axis.dims));
  }
  std::vector<int64_t> v;
  NNRT_RETURN_IF_ERROR(ReadIntTensor(axis, kGatherAxis, &v));
  if (v.size() != 1) return InvalidModel(std::string(kGatherAxis) + " must hold exactly one element");
  const int64_t a = v[0];
  if (a < -static_cast<int64_t>(rank) || a >= rank) {
    return IndexValueError(axis, "GATHER axis " + std::to_string(a) + " is outside [" + std::to_string(-rank) + ", " +
                                std::to_string(rank) + ") for " + kGatherX + " of rank " + std::to_string(rank) +
                                " (C-352)");
  }
  *resolved = static_cast<int32_t>(a < 0 ? a + rank : a);
  return Status::Ok();
}

}  // namespace

Status InferGather(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& indices = ctx.inputs[1];
  const TensorArg& axis = ctx.inputs[2];
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(x, ctx.outputs[0], "GATHER", kGatherX));
  NNRT_RETURN_IF_ERROR(CheckIndexTensorType(indices, kGatherIndices));
  const int32_t rank = static_cast<int32_t>(x.dims.size());
  if (rank < 1) return InvalidModel(std::string(kGatherX) + " must have rank >= 1, got a scalar");
  const size_t out_rank = x.dims.size() - 1 + indices.dims.size();
  if (out_rank > NNRT_HAL_MAX_RANK) {
    return InvalidModel("GATHER output rank " + std::to_string(out_rank) + " (rank(x) - 1 + rank(indices)) exceeds " +
                        std::to_string(NNRT_HAL_MAX_RANK));
  }
  if (axis.data == nullptr) {
    // The axis is a run-time value: only the output rank is known (C-353).
    NNRT_RETURN_IF_ERROR(CheckIndexTensorType(axis, kGatherAxis));
    ctx.outputs[0].dims = Dims(out_rank, -1);
    return Status::Ok();
  }
  int32_t a = 0;
  NNRT_RETURN_IF_ERROR(ReadGatherAxis(axis, rank, &a));
  Dims out(x.dims.begin(), x.dims.begin() + a);
  out.insert(out.end(), indices.dims.begin(), indices.dims.end());
  out.insert(out.end(), x.dims.begin() + a + 1, x.dims.end());
  ctx.outputs[0].dims = out;
  if (indices.data == nullptr || IsDynamic(x.dims)) return Status::Ok();

  GatherParams p;
  const int64_t n = x.dims[static_cast<size_t>(a)];
  p.axis_dim = n;
  p.outer = OuterSize(x.dims, a);
  p.inner = InnerSize(x.dims, a);
  NNRT_RETURN_IF_ERROR(ReadIntTensor(indices, kGatherIndices, &p.indices));
  // C-351: every index must lie in [0, x.dims[axis]); negative indices are
  // out of range (not counted from the end).
  for (size_t j = 0; j < p.indices.size(); ++j) {
    const int64_t i = p.indices[j];
    if (i < 0 || i >= n) {
      return IndexValueError(indices, "GATHER " + std::string(kGatherIndices) + "[" + std::to_string(j) + "] = " +
                                     std::to_string(i) + " is outside [0, " + std::to_string(n) +
                                     ") (x.dims[axis], axis " + std::to_string(a) + "; C-351)");
    }
  }
  ctx.SetParams(std::move(p));
  return Status::Ok();
}

void GatherCopy(const TensorArg& x, const GatherParams& p, TensorArg& y) {
  const size_t es = DataTypeSize(x.dtype());
  const size_t row = static_cast<size_t>(p.inner) * es;
  const size_t nidx = p.indices.size();
  for (int64_t o = 0; o < p.outer; ++o) {
    for (size_t j = 0; j < nidx; ++j) {
      const size_t src = (static_cast<size_t>(o) * static_cast<size_t>(p.axis_dim) + static_cast<size_t>(p.indices[j])) * row;
      const size_t dst = (static_cast<size_t>(o) * nidx + j) * row;
      if (row > 0) std::memcpy(y.mutable_data + dst, x.data + src, row);
    }
  }
}

Status GatherKernel(OpContext& ctx) {
  GatherCopy(ctx.inputs[0], ctx.Params<GatherParams>(), ctx.outputs[0]);
  return Status::Ok();
}

Status InferGatherNd(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& indices = ctx.inputs[1];
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(x, ctx.outputs[0], "GATHER_ND", kGatherX));
  NNRT_RETURN_IF_ERROR(CheckIndexTensorType(indices, kGatherIndices));
  if (indices.dims.empty()) return InvalidModel(std::string(kGatherIndices) + " of GATHER_ND must have rank >= 1");
  const int32_t k = indices.dims.back();
  if (k < 0) {
    // The tuple length is known only at run time: so is the output rank.
    ctx.outputs[0].dims = ctx.outputs[0].decl->dims;
    return Status::Ok();
  }
  if (k == 0) return InvalidModel("GATHER_ND " + std::string(kGatherIndices) + " tuples must not be empty");
  if (static_cast<size_t>(k) > x.dims.size()) {
    return InvalidModel("GATHER_ND " + std::string(kGatherIndices) + " tuples have " + std::to_string(k) +
                        " elements (indices.dims[-1]), more than rank(x) = " + std::to_string(x.dims.size()));
  }
  Dims out(indices.dims.begin(), indices.dims.end() - 1);
  out.insert(out.end(), x.dims.begin() + k, x.dims.end());
  if (out.size() > NNRT_HAL_MAX_RANK) {
    return InvalidModel("GATHER_ND output rank " + std::to_string(out.size()) + " exceeds " +
                        std::to_string(NNRT_HAL_MAX_RANK));
  }
  ctx.outputs[0].dims = out;
  if (indices.data == nullptr || IsDynamic(x.dims)) return Status::Ok();

  std::vector<int64_t> values;
  NNRT_RETURN_IF_ERROR(ReadIntTensor(indices, kGatherIndices, &values));
  const std::vector<int64_t> strides = RowMajorStrides(x.dims);
  GatherNdParams p;
  p.inner = 1;
  for (size_t d = static_cast<size_t>(k); d < x.dims.size(); ++d) p.inner *= x.dims[d];
  const size_t tuples = k > 0 ? values.size() / static_cast<size_t>(k) : 0;
  p.offsets.resize(tuples, 0);
  // C-354: each component t of a tuple must lie in [0, x.dims[t]), as GATHER's
  // indices (C-351).
  for (size_t m = 0; m < tuples; ++m) {
    int64_t offset = 0;
    for (int32_t t = 0; t < k; ++t) {
      const int64_t i = values[m * static_cast<size_t>(k) + static_cast<size_t>(t)];
      const int64_t n = x.dims[static_cast<size_t>(t)];
      if (i < 0 || i >= n) {
        return IndexValueError(indices, "GATHER_ND " + std::string(kGatherIndices) + " tuple " + std::to_string(m) +
                                       " component " + std::to_string(t) + " = " + std::to_string(i) +
                                       " is outside [0, " + std::to_string(n) + ") (x.dims[" + std::to_string(t) +
                                       "]; C-354)");
      }
      offset += i * strides[static_cast<size_t>(t)];
    }
    p.offsets[m] = offset;
  }
  ctx.SetParams(std::move(p));
  return Status::Ok();
}

// For each index tuple m (row-major), the `inner` elements of x from its
// offset go to y at m * inner: a byte copy.
Status GatherNdKernel(OpContext& ctx) {
  const GatherNdParams& p = ctx.Params<GatherNdParams>();
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  const size_t es = DataTypeSize(x.dtype());
  const size_t row = static_cast<size_t>(p.inner) * es;
  for (size_t m = 0; m < p.offsets.size(); ++m) {
    if (row > 0) std::memcpy(y.mutable_data + m * row, x.data + static_cast<size_t>(p.offsets[m]) * es, row);
  }
  return Status::Ok();
}

OpDef GatherNdOpDef() {
  // No attributes (HDI GatherNd {}).
  return OpDef{NodeType::GATHER_ND, {},
               /*inputs=*/2, 2, /*outputs=*/1, 1, &InferGatherNd, &GatherNdKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32,
                DataType::kInt64, DataType::kBool},
               "gather_scatter"};
}

namespace {

const char kScatterIndices[] = "input 0 (indices)";
const char kScatterUpdates[] = "input 1 (updates)";
const char kScatterShape[] = "input 2 (shape)";

}  // namespace

Status TupleOffsets(const TensorArg& indices, size_t k, const Dims& dims, const std::string& what,
                    const char* clarification, NNRT_ReturnCode code, std::vector<int64_t>* offsets) {
  std::vector<int64_t> values;
  NNRT_RETURN_IF_ERROR(ReadIntTensor(indices, what, &values));
  const std::vector<int64_t> strides = RowMajorStrides(dims);
  const size_t tuples = values.size() / k;
  offsets->assign(tuples, 0);
  for (size_t m = 0; m < tuples; ++m) {
    int64_t offset = 0;
    for (size_t t = 0; t < k; ++t) {
      const int64_t i = values[m * k + t];
      const int64_t n = dims[t];
      if (i < 0 || i >= n) {
        return Status(code, what + " tuple " + std::to_string(m) + " component " + std::to_string(t) + " = " +
                                std::to_string(i) + " is outside [0, " + std::to_string(n) + ") (shape[" +
                                std::to_string(t) + "]; " + clarification + ")");
      }
      offset += i * strides[t];
    }
    (*offsets)[m] = offset;
  }
  return Status::Ok();
}

Status InferScatterNd(OpContext& ctx) {
  const TensorArg& indices = ctx.inputs[0];
  const TensorArg& updates = ctx.inputs[1];
  const TensorArg& shape = ctx.inputs[2];
  TensorArg& y = ctx.outputs[0];
  NNRT_RETURN_IF_ERROR(CheckIndexTensorType(indices, kScatterIndices));
  NNRT_RETURN_IF_ERROR(CheckIndexTensorType(shape, kScatterShape));
  NNRT_RETURN_IF_ERROR(CheckSameDataType(indices, kScatterIndices, shape, kScatterShape));
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(updates, y, "SCATTER_ND", kScatterUpdates));
  if (indices.dims.size() < 2) {
    return InvalidModel("SCATTER_ND " + std::string(kScatterIndices) + " must have rank >= 2, got " +
                        DimsToString(indices.dims));
  }
  // The output dims are the shape values (C-356): -1 each while they are not known.
  NNRT_RETURN_IF_ERROR(DimsFromShapeValues(shape, "SCATTER_ND " + std::string(kScatterShape), y.decl->dims, &y.dims));
  if (shape.data == nullptr) return Status::Ok();
  const std::vector<int64_t> out(y.dims.begin(), y.dims.end());
  const int32_t k = indices.dims.back();
  if (k < 0) return Status::Ok();
  if (k < 1 || static_cast<size_t>(k) > out.size()) {
    return InvalidModel("SCATTER_ND " + std::string(kScatterIndices) + " tuples have " + std::to_string(k) +
                        " elements (indices.dims[-1]); they must be in [1, rank(shape) = " +
                        std::to_string(out.size()) + "]");
  }
  Dims expected(indices.dims.begin(), indices.dims.end() - 1);
  expected.insert(expected.end(), y.dims.begin() + k, y.dims.end());
  bool match = expected.size() == updates.dims.size();
  for (size_t d = 0; match && d < expected.size(); ++d) {
    match = expected[d] < 0 || updates.dims[d] < 0 || expected[d] == updates.dims[d];
  }
  if (!match) {
    return Status(shape.decl->HasData() && !IsDynamic(indices.dims) ? NNRT_INVALID_MODEL : NNRT_INVALID_INPUT,
                  "SCATTER_ND " + std::string(kScatterUpdates) + " dims " + DimsToString(updates.dims) +
                      " differ from indices.dims[:-1] + shape[k:] = " + DimsToString(expected));
  }
  if (indices.data == nullptr || IsDynamic(indices.dims) || IsDynamic(updates.dims)) return Status::Ok();

  ScatterNdParams p;
  for (size_t d = static_cast<size_t>(k); d < y.dims.size(); ++d) p.inner *= y.dims[d];
  NNRT_RETURN_IF_ERROR(TupleOffsets(indices, static_cast<size_t>(k), y.dims,
                                    "SCATTER_ND " + std::string(kScatterIndices), "C-355",
                                    indices.decl->HasData() ? NNRT_INVALID_MODEL : NNRT_INVALID_INPUT, &p.offsets));
  p.fill_code = updates.quantized() ? updates.quant().zero_point : 0;
  ctx.SetParams(std::move(p));
  return Status::Ok();
}

// Fill y with real 0 (+0.0, integer 0, false, or the zero-point code), then
// for each tuple m in row-major order copy update row m to its offset: a
// later duplicate overwrites an earlier one (C-355).
Status ScatterNdKernel(OpContext& ctx) {
  const ScatterNdParams& p = ctx.Params<ScatterNdParams>();
  const TensorArg& updates = ctx.inputs[1];
  TensorArg& y = ctx.outputs[0];
  const size_t es = DataTypeSize(y.dtype());
  const size_t count = static_cast<size_t>(y.elements());
  if (IsFloatType(y.dtype())) {
    if (count > 0) std::memset(y.mutable_data, 0, count * es);
  } else {
    for (size_t i = 0; i < count; ++i) StoreInt64(y.dtype(), y.mutable_data, i, p.fill_code);
  }
  const size_t row = static_cast<size_t>(p.inner) * es;
  for (size_t m = 0; m < p.offsets.size(); ++m) {
    const size_t from = p.one_update ? 0 : m * row;
    if (row > 0) std::memcpy(y.mutable_data + static_cast<size_t>(p.offsets[m]) * es, updates.data + from, row);
  }
  return Status::Ok();
}

OpDef ScatterNdOpDef() {
  // No attributes (HDI ScatterNd {}); the output shape is input 2.
  return OpDef{NodeType::SCATTER_ND, {},
               /*inputs=*/3, 3, /*outputs=*/1, 1, &InferScatterNd, &ScatterNdKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32,
                DataType::kInt64, DataType::kBool},
               "gather_scatter"};
}

OpDef GatherOpDef() {
  // No attributes (HDI Gather {}); the axis is input 2.
  return OpDef{NodeType::GATHER, {},
               /*inputs=*/3, 3, /*outputs=*/1, 1, &InferGather, &GatherKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32,
                DataType::kInt64, DataType::kBool},
               "gather_scatter"};
}

}  // namespace nnrt
