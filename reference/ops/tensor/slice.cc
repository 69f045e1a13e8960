#include "reference/ops/tensor/slice.h"

#include <algorithm>
#include <cmath>
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

const char kCropShape[] = "input 1 (shape)";

// C-656: shape is 1-D with one value per dim of x; int32, int64, or float32
// holding whole numbers (ops_catalog #91 XTS models pass float32).
Status CheckCropShapeTensor(const TensorArg& shape, int64_t rank) {
  NNRT_RETURN_IF_ERROR(
      CheckDataTypeIn(shape, kCropShape, {DataType::kInt32, DataType::kInt64, DataType::kFloat32}));
  if (shape.quantized()) return InvalidModel("CROP " + std::string(kCropShape) + " must not carry quant params");
  if (shape.dims.size() != 1 || (shape.dims[0] >= 0 && shape.dims[0] != rank)) {
    return InvalidModel("CROP " + std::string(kCropShape) + " must have dims [" + std::to_string(rank) +
                        "] (one size per dim of x), got " + DimsToString(shape.dims) + " (C-656)");
  }
  return Status::Ok();
}

// The crop sizes, or empty when shape's data is not known yet (a model input
// before the run): then the cropped dims of y are unknown (-1) until run time.
Status CropSizes(const TensorArg& shape, std::vector<int64_t>* sizes) {
  sizes->clear();
  if (shape.data == nullptr || IsDynamic(shape.dims)) return Status::Ok();
  const size_t count = static_cast<size_t>(shape.dims[0]);
  const size_t need = count * DataTypeSize(shape.dtype());
  if (shape.byte_size < need) {
    return InvalidInput("CROP " + std::string(kCropShape) + " holds " + std::to_string(shape.byte_size) +
                        " bytes, needs " + std::to_string(need));
  }
  for (size_t i = 0; i < count; ++i) {
    // Every int32/int64 value is exact in binary64 up to 2^53, past the range.
    const double v = LoadAsDouble(shape.dtype(), shape.data, i);
    if (!(v >= 1 && v <= kMaxDimValue) || v != std::floor(v)) {
      return IndexValueError(shape, "CROP " + std::string(kCropShape) + "[" + std::to_string(i) + "] = " +
                                        (shape.dtype() == DataType::kFloat32
                                             ? std::to_string(v)
                                             : std::to_string(LoadAsInt64(shape.dtype(), shape.data, i))) +
                                        " is not a whole number in [1, 2^31-1] (C-656)");
    }
    sizes->push_back(static_cast<int64_t>(v));
  }
  return Status::Ok();
}

// One dim of CROP: d < axis keeps x's dim (shape's value must equal it);
// d >= axis takes the window [o, o + size) of x (C-656, C-657). `size` < 0 =
// not known yet.
Status CropDim(const TensorArg& shape, size_t d, size_t axis, int32_t n, int64_t size, int64_t o, int32_t* out) {
  if (d < axis) {
    if (n >= 0 && size >= 0 && size != n) {
      return IndexValueError(shape, "CROP " + std::string(kCropShape) + "[" + std::to_string(d) + "] = " +
                                        std::to_string(size) + " must equal x's dim " + std::to_string(n) +
                                        " (dims before axis " + std::to_string(axis) + " are kept, C-656)");
    }
    *out = n;
    return Status::Ok();
  }
  if (o < 0 || (n >= 0 && o >= n)) {
    return InvalidModel("CROP offset " + std::to_string(o) + " on dim " + std::to_string(d) + " is outside x's " +
                        std::to_string(n) + " (C-657)");
  }
  if (n >= 0 && size >= 0 && o + size > n) {
    return IndexValueError(shape, "CROP window on dim " + std::to_string(d) + ": offset " + std::to_string(o) +
                                      " + size " + std::to_string(size) + " must lie inside x's " + std::to_string(n) +
                                      " (C-656, C-657)");
  }
  *out = static_cast<int32_t>(size);
  return Status::Ok();
}

// CROP (C-656, C-657): shape's values are y's dims (one per dim of x; those
// before axis equal x's); offsets: none = 0, one = every cropped dim, or one
// per dim from axis on; each window lies inside x.
Status InferCrop(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& shape = ctx.inputs[1];
  NNRT_RETURN_IF_ERROR(CheckDataMovementTypes(x, ctx.outputs[0], "CROP", kSliceX));
  const int64_t rank = static_cast<int64_t>(x.dims.size());
  if (rank == 0) return InvalidModel("CROP " + std::string(kSliceX) + " must have rank >= 1 (C-657)");
  NNRT_RETURN_IF_ERROR(CheckCropShapeTensor(shape, rank));
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
  std::vector<int64_t> sizes;
  NNRT_RETURN_IF_ERROR(CropSizes(shape, &sizes));
  SliceParams p;
  p.in = x.dims;
  p.out = x.dims;
  p.start.assign(x.dims.size(), 0);
  for (size_t d = 0; d < x.dims.size(); ++d) {
    const int64_t o = d < axis ? 0 : offset.empty() ? 0 : offset.size() == 1 ? offset[0] : offset[d - axis];
    const int64_t size = sizes.empty() ? -1 : sizes[d];
    NNRT_RETURN_IF_ERROR(CropDim(shape, d, axis, x.dims[d], size, o, &p.out[d]));
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
