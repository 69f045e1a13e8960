#include "reference/ops/slice.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/attr_schema.h"
#include "reference/ops/index_checks.h"
#include "reference/ops/op_util.h"

namespace nnrt {
namespace {

const char kSliceX[] = "input 0 (x)";
const char kBegin[] = "input 1 (begin)";
const char kSize[] = "input 2 (size)";

// begin and size: int32/int64 of dims [count] (C-655).
Status CheckWindowVector(const TensorArg& t, const char* role, size_t count) {
  NNRT_RETURN_IF_ERROR(CheckIndexTensorType(t, role));
  const Dims& d = t.dims;
  if (d.size() != 1 || (d[0] >= 0 && d[0] != static_cast<int32_t>(count))) {
    return InvalidModel("SLICE_FUSION " + std::string(role) + " must have dims [" + std::to_string(count) +
                        "] (one entry per sliced axis), got " + DimsToString(d) + " (C-655)");
  }
  return Status::Ok();
}

// The values of a begin/size input, or empty when not known yet.
Status KnownValues(const TensorArg& t, const char* role, std::vector<int64_t>* values) {
  values->clear();
  if (t.data == nullptr || IsDynamic(t.dims)) return Status::Ok();
  return ReadIntTensor(t, role, values);
}

// C-655: begin in [0, n-1]; size -1 (to the end) or 1 <= size <= n - begin.
// Sets *extent to the resolved size (-1 when n is unknown).
Status CheckWindow(const TensorArg& begin_t, const TensorArg& size_t_arg, size_t dim, int64_t begin, int64_t size,
                   int32_t n, int64_t* extent) {
  const std::string where = "SLICE_FUSION on dim " + std::to_string(dim) + " (size " + std::to_string(n) + "): ";
  if (begin < 0 || (n >= 0 && begin >= n)) {
    return IndexValueError(begin_t, where + "begin " + std::to_string(begin) + " is outside [0, " +
                                        (n >= 0 ? std::to_string(n - 1) : std::string("dim - 1")) + "] (C-655)");
  }
  if (size == -1) {
    *extent = n >= 0 ? n - begin : -1;
    return Status::Ok();
  }
  if (size < 1 || (n >= 0 && size > n - begin)) {
    return IndexValueError(size_t_arg, where + "size " + std::to_string(size) + " with begin " +
                                           std::to_string(begin) + " is not -1 (to the end) or in [1, " +
                                           (n >= 0 ? std::to_string(n - begin) : std::string("dim - begin")) +
                                           "] (C-655)");
  }
  *extent = size;
  return Status::Ok();
}

}  // namespace

Status ResolveSliceAxes(const std::vector<int64_t>& axes, size_t rank, std::vector<size_t>* dims) {
  dims->clear();
  const int64_t r = static_cast<int64_t>(rank);
  if (axes.empty()) {
    for (size_t d = 0; d < rank; ++d) dims->push_back(d);
    return Status::Ok();
  }
  std::vector<bool> seen(rank, false);
  for (int64_t a : axes) {
    if (a < -r || a >= r) {
      return InvalidModel("SLICE_FUSION axes value " + std::to_string(a) + " is outside [" + std::to_string(-r) +
                          ", " + std::to_string(r - 1) + "] for x of rank " + std::to_string(rank) + " (C-654)");
    }
    const size_t d = static_cast<size_t>(a < 0 ? a + r : a);
    if (seen[d]) return InvalidModel("SLICE_FUSION axes name dim " + std::to_string(d) + " twice (C-654)");
    seen[d] = true;
    dims->push_back(d);
  }
  return Status::Ok();
}

Status InferSlice(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& begin_t = ctx.inputs[1];
  const TensorArg& size_t_arg = ctx.inputs[2];
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(x, ctx.outputs[0], "SLICE_FUSION", kSliceX));
  const size_t rank = x.dims.size();
  if (rank == 0) return InvalidModel("SLICE_FUSION " + std::string(kSliceX) + " must have rank >= 1 (C-654)");
  std::vector<size_t> dims;
  NNRT_RETURN_IF_ERROR(ResolveSliceAxes(IntsAttr(*ctx.node, "axes"), rank, &dims));
  NNRT_RETURN_IF_ERROR(CheckWindowVector(begin_t, kBegin, dims.size()));
  NNRT_RETURN_IF_ERROR(CheckWindowVector(size_t_arg, kSize, dims.size()));
  std::vector<int64_t> begin, size;
  NNRT_RETURN_IF_ERROR(KnownValues(begin_t, kBegin, &begin));
  NNRT_RETURN_IF_ERROR(KnownValues(size_t_arg, kSize, &size));
  SliceParams p;
  p.in = x.dims;
  p.out = x.dims;
  p.start.assign(rank, 0);
  for (size_t k = 0; k < dims.size(); ++k) {
    const size_t d = dims[k];
    if (begin.empty() || size.empty()) {
      // Unknown until run time; a known positive size still gives the dim.
      p.out[d] = !size.empty() && size[k] >= 1 ? static_cast<int32_t>(std::min<int64_t>(size[k], kMaxDimValue)) : -1;
      continue;
    }
    int64_t extent = -1;
    NNRT_RETURN_IF_ERROR(CheckWindow(begin_t, size_t_arg, d, begin[k], size[k], x.dims[d], &extent));
    p.start[d] = begin[k];
    p.out[d] = static_cast<int32_t>(extent);
  }
  ctx.outputs[0].dims = p.out;
  ctx.SetParams(std::move(p));
  return Status::Ok();
}

// CROP (C-656, C-657): y.dims = shape.dims (rank of x; dims before axis equal
// to x's); offsets: none = 0, one = every cropped dim, or one per dim from
// axis on; each window lies inside x.
Status InferCrop(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& shape = ctx.inputs[1];
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(x, ctx.outputs[0], "CROP", kSliceX));
  const int64_t rank = static_cast<int64_t>(x.dims.size());
  if (rank == 0) return InvalidModel("CROP " + std::string(kSliceX) + " must have rank >= 1 (C-657)");
  if (static_cast<int64_t>(shape.dims.size()) != rank) {
    return InvalidModel("CROP input 1 (shape) " + DimsToString(shape.dims) + " must have x's rank " +
                        std::to_string(rank) + ": its dims are the output dims (C-656)");
  }
  const int64_t axis_attr = IntAttr(*ctx.node, "axis");
  if (axis_attr < -rank || axis_attr >= rank) {
    return InvalidModel("CROP axis " + std::to_string(axis_attr) + " is outside [" + std::to_string(-rank) + ", " +
                        std::to_string(rank - 1) + "] (C-657)");
  }
  const size_t axis = static_cast<size_t>(axis_attr < 0 ? axis_attr + rank : axis_attr);
  const std::vector<int64_t> offset = IntsAttr(*ctx.node, "offset");
  const size_t cropped = static_cast<size_t>(rank) - axis;
  if (offset.size() > 1 && offset.size() != cropped) {
    return InvalidModel("CROP offset holds " + std::to_string(offset.size()) + " values; it needs none, one, or " +
                        std::to_string(cropped) + " (one per dim from axis " + std::to_string(axis) + ") (C-657)");
  }
  SliceParams p;
  p.in = x.dims;
  p.out = shape.dims;
  p.start.assign(x.dims.size(), 0);
  for (size_t d = 0; d < x.dims.size(); ++d) {
    const int32_t n = x.dims[d], m = shape.dims[d];
    if (d < axis) {
      if (n >= 0 && m >= 0 && n != m) {
        return InvalidModel("CROP shape dim " + std::to_string(d) + " = " + std::to_string(m) + " must equal x's " +
                            std::to_string(n) + " (dims before axis " + std::to_string(axis) + " are kept, C-656)");
      }
      if (m < 0) p.out[d] = n;
      continue;
    }
    const int64_t o = offset.empty() ? 0 : offset.size() == 1 ? offset[0] : offset[d - axis];
    if (o < 0 || (n >= 0 && m >= 0 && o + m > n)) {
      return InvalidModel("CROP window on dim " + std::to_string(d) + ": offset " + std::to_string(o) + " + size " +
                          std::to_string(m) + " must lie inside x's " + std::to_string(n) + " (C-657)");
    }
    p.start[d] = o;
  }
  ctx.outputs[0].dims = p.out;
  ctx.SetParams(std::move(p));
  return Status::Ok();
}

Status SliceKernel(OpContext& ctx) {
  const SliceParams& p = ctx.Params<SliceParams>();
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  const size_t es = DataTypeSize(y.dtype());
  const std::vector<int64_t> strides = RowMajorStrides(p.in);
  ForEachIndex(p.out, [&](const std::vector<int64_t>& index, int64_t flat) {
    int64_t offset = 0;
    for (size_t d = 0; d < index.size(); ++d) offset += (index[d] + p.start[d]) * strides[d];
    std::memcpy(y.mutable_data + static_cast<size_t>(flat) * es, x.data + static_cast<size_t>(offset) * es, es);
  });
  return Status::Ok();
}

OpDef SliceOpDef() {
  return OpDef{NodeType::SLICE_FUSION,
               {schema::Int64List("axes")},
               /*inputs=*/3,
               3,
               /*outputs=*/1,
               1,
               &InferSlice,
               &SliceKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32,
                DataType::kInt64, DataType::kBool},
               "slice_pad"};
}

OpDef CropOpDef() {
  return OpDef{NodeType::CROP,
               {schema::Int64("axis", 0), schema::Int64List("offset")},
               /*inputs=*/2,
               2,
               /*outputs=*/1,
               1,
               &InferCrop,
               &SliceKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8, DataType::kInt32,
                DataType::kInt64, DataType::kBool},
               "slice_pad"};
}

}  // namespace nnrt
