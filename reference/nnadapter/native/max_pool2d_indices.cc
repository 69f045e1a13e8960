#include "reference/nnadapter/native/max_pool2d_indices.h"

#include <cstring>
#include <string>
#include <type_traits>

#include "reference/numerics/numerics.h"

namespace nnrt {
namespace nna {
namespace {

// One axis: output o reads input rows [o*s - before, o*s - before + k) within [0, in).
struct AxisWindow {
  int64_t first = 0, last = 0;  // [first, last)
};

AxisWindow WindowOf(int64_t o, int64_t s, int64_t before, int64_t k, int64_t in) {
  const int64_t start = o * s - before;
  AxisWindow w;
  w.first = start < 0 ? 0 : start;
  w.last = start + k > in ? in : start + k;
  return w;
}

int64_t OutputSize(int64_t in, int64_t k, int64_t s, int64_t before, int64_t after, bool ceil_mode) {
  const int64_t span = in + before + after - k;
  if (span < 0) return 0;
  return (ceil_mode ? (span + s - 1) / s : span / s) + 1;
}

// The plane-local position of the window's maximum (C-903, values as C-528).
template <typename T>
int64_t ArgMaxOfWindow(const T* plane, int64_t w_in, const AxisWindow& rows, const AxisWindow& cols) {
  int64_t best = -1;
  for (int64_t h = rows.first; h < rows.last; ++h) {
    for (int64_t w = cols.first; w < cols.last; ++w) {
      const int64_t at = h * w_in + w;
      const T v = plane[at];
      if (v != v) return at;  // the first NaN (never for integer codes)
      if (best < 0 || v > plane[best]) best = at;
    }
  }
  return best;
}

void StoreIndex(DataType dtype, int64_t value, size_t i, uint8_t* out) {
  if (dtype == DataType::kInt64) {
    std::memcpy(out + 8 * i, &value, 8);
  } else {
    const int32_t v = static_cast<int32_t>(value);
    std::memcpy(out + 4 * i, &v, 4);
  }
}

template <typename T>
void Pool(const MaxPool2DIndicesParams& p, const HostTensor& x, const Dims& yd, HostTensor* y, HostTensor* indices) {
  const int64_t n = x.dims[0], c = x.dims[1], h_in = x.dims[2], w_in = x.dims[3];
  const auto* xs = reinterpret_cast<const T*>(x.data.data());
  size_t out = 0;
  for (int64_t b = 0; b < n; ++b) {
    for (int64_t ch = 0; ch < c; ++ch) {
      const T* plane = xs + (b * c + ch) * h_in * w_in;
      for (int64_t oh = 0; oh < yd[2]; ++oh) {
        const AxisWindow rows = WindowOf(oh, p.strides[0], p.pads[0], p.kernel[0], h_in);
        for (int64_t ow = 0; ow < yd[3]; ++ow, ++out) {
          const AxisWindow cols = WindowOf(ow, p.strides[1], p.pads[2], p.kernel[1], w_in);
          const int64_t at = ArgMaxOfWindow(plane, w_in, rows, cols);
          if constexpr (std::is_same<T, float>::value) {
            StoreDoubleAsFloat32(y->data.data(), out, plane[at]);  // a NaN as the canonical quiet NaN (C-433)
          } else {
            std::memcpy(y->data.data() + out * sizeof(T), &plane[at], sizeof(T));
          }
          StoreIndex(p.index_dtype, at, out, indices->data.data());
        }
      }
    }
  }
}

}  // namespace

Status MaxPool2DIndicesOutputDims(const MaxPool2DIndicesParams& p, const Dims& x, Dims* y) {
  if (x.size() != 4) return InvalidModel("MAX_POOL_2D input must be 4-D NCHW, got " + DimsToString(x));
  *y = {x[0], x[1], -1, -1};
  for (int axis = 0; axis < 2; ++axis) {
    const int64_t in = x[2 + axis];
    if (in < 0) continue;
    const int64_t before = p.pads[2 * axis], after = p.pads[2 * axis + 1], k = p.kernel[axis], s = p.strides[axis];
    const int64_t size = OutputSize(in, k, s, before, after, p.ceil_mode);
    if (size < 1) return InvalidModel("MAX_POOL_2D kernel is larger than the padded input (C-525)");
    const AxisWindow first = WindowOf(0, s, before, k, in), last = WindowOf(size - 1, s, before, k, in);
    if (first.last <= first.first || last.last <= last.first) {
      return Unsupported("MAX_POOL_2D with indices: a window holds no input element (a pad as large as the kernel, "
                         "or ceil_mode keeping a last window in the padding), so it has no index (C-523, C-524, C-903)");
    }
    (*y)[2 + axis] = static_cast<int32_t>(size);
  }
  return Status::Ok();
}

Status RunMaxPool2DWithIndices(const MaxPool2DIndicesParams& p, const HostTensor& x, HostTensor* y,
                               HostTensor* indices) {
  Dims yd;
  NNRT_RETURN_IF_ERROR(MaxPool2DIndicesOutputDims(p, x.dims, &yd));
  const auto count = ElementCount(x.dims);
  if (!count || x.data.size() != static_cast<size_t>(*count) * DataTypeSize(x.data_type)) {
    return InvalidInput("MAX_POOL_2D input holds " + std::to_string(x.data.size()) + " bytes for dims " +
                        DimsToString(x.dims));
  }
  const auto out_count = ElementCount(yd);
  if (!out_count) return InvalidInput("MAX_POOL_2D output dims " + DimsToString(yd));
  y->data_type = x.data_type;
  y->dims = yd;
  y->data.assign(static_cast<size_t>(*out_count) * DataTypeSize(x.data_type), 0);
  indices->data_type = p.index_dtype;
  indices->dims = yd;
  indices->data.assign(static_cast<size_t>(*out_count) * DataTypeSize(p.index_dtype), 0);
  switch (x.data_type) {
    case DataType::kFloat32: Pool<float>(p, x, yd, y, indices); break;
    case DataType::kInt8: Pool<int8_t>(p, x, yd, y, indices); break;
    case DataType::kUint8: Pool<uint8_t>(p, x, yd, y, indices); break;
    default: return InvalidInput(std::string("MAX_POOL_2D with indices: input type ") + DataTypeName(x.data_type));
  }
  return Status::Ok();
}

}  // namespace nna
}  // namespace nnrt
