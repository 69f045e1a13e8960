#include "conformance/directed_edges.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "reference/numerics/numerics.h"

namespace nnrt {
namespace cts {

namespace {

bool IsQuantizedType(DataType t) { return t == DataType::kInt8 || t == DataType::kUint8; }

// Integer value v stored in `dtype`, offset by the zero point for the 8-bit
// (quantized) types and clamped to the type's range.
void StoreDirectedInt(DataType dtype, uint8_t* bytes, size_t i, int64_t v, int32_t zero_point) {
  const int64_t code = IsQuantizedType(dtype) ? zero_point + v : v;
  StoreInt64(dtype, bytes, i, std::min(std::max(code, QuantMin(dtype)), QuantMax(dtype)));
}

std::vector<uint8_t> PatternData(DataType dtype, size_t count, int32_t zero_point, double step,
                                 int64_t (*value)(size_t i, size_t k), size_t k) {
  std::vector<uint8_t> bytes(count * DataTypeSize(dtype));
  for (size_t i = 0; i < count; ++i) {
    const int64_t v = value(i, k);
    if (IsFloatType(dtype)) {
      StoreDouble(dtype, bytes.data(), i, static_cast<double>(v) * step);
    } else {
      StoreDirectedInt(dtype, bytes.data(), i, v, zero_point);
    }
  }
  return bytes;
}

int64_t RowValue(size_t i, size_t k) { return static_cast<int64_t>((37 * i + 11 * k) % 29) - 14; }
int64_t TieValue(size_t i, size_t k) { return static_cast<int64_t>((3 * i + k) % 5) - 2; }

}  // namespace

int32_t DirectedRowLength(size_t k) {
  static const int32_t kLengths[] = {67, 9, 17, 33, 65, 1, 5, 64};
  return kLengths[(k / 2) % (sizeof(kLengths) / sizeof(kLengths[0]))];
}

bool DirectedSpecialsCase(size_t k) { return k % 2 == 0; }

DirectedRowShape DirectedRowLayout(size_t k) {
  const int32_t n = DirectedRowLength(k);
  switch ((k / 2) % 3) {
    case 0: return {{2, n}, 1};
    case 1: return {{n, 3}, 0};
    default: return {{3, n}, 1};
  }
}

std::vector<uint8_t> DirectedRowData(DataType dtype, size_t count, size_t k, int32_t zero_point) {
  return PatternData(dtype, count, zero_point, 0.25, &RowValue, k);
}

std::vector<uint8_t> DirectedTieData(DataType dtype, size_t count, size_t k, int32_t zero_point) {
  return PatternData(dtype, count, zero_point, 1.0, &TieValue, k);
}

void PlantWindowSpecials(DataType dtype, const Dims& dims, const std::vector<bool>& reduced, size_t k,
                         std::vector<uint8_t>* bytes) {
  if (!IsFloatType(dtype) || dims.size() != reduced.size()) return;
  // Row-major walk: window = index over the kept axes, position = index over
  // the reduced axes.
  size_t window_size = 1, windows = 1;
  for (size_t a = 0; a < dims.size(); ++a) (reduced[a] ? window_size : windows) *= static_cast<size_t>(dims[a]);
  std::vector<std::vector<size_t>> members(windows);
  std::vector<size_t> coord(dims.size(), 0);
  const size_t total = windows * window_size;
  for (size_t e = 0; e < total; ++e) {
    size_t w = 0;
    for (size_t a = 0; a < dims.size(); ++a) {
      if (!reduced[a]) w = w * static_cast<size_t>(dims[a]) + coord[a];
    }
    members[w].push_back(e);  // in row-major order = the window's own row-major order
    for (size_t a = dims.size(); a-- > 0;) {
      if (++coord[a] < static_cast<size_t>(dims[a])) break;
      coord[a] = 0;
    }
  }
  const double inf = std::numeric_limits<double>::infinity();
  for (size_t w = 0; w < windows; ++w) {
    const std::vector<size_t>& m = members[w];
    if (m.empty()) continue;
    const size_t n = m.size();
    const size_t p = (7 * w + k) % n, q = (p + 1) % n;
    switch ((w + k / 2) % 6) {
      case 0: StoreDouble(dtype, bytes->data(), m[p], std::nan("")); break;
      case 1: StoreDouble(dtype, bytes->data(), m[p], inf); break;
      case 2: StoreDouble(dtype, bytes->data(), m[p], -inf); break;
      case 3:
        for (size_t e : m) StoreDouble(dtype, bytes->data(), e, -std::fabs(LoadAsDouble(dtype, bytes->data(), e)));
        StoreDouble(dtype, bytes->data(), m[p], -0.0);
        if (n > 1) StoreDouble(dtype, bytes->data(), m[q], 0.0);
        break;
      case 4:
        StoreDouble(dtype, bytes->data(), m[p], inf);
        if (n > 1) StoreDouble(dtype, bytes->data(), m[q], -inf);
        break;
      default: break;
    }
  }
}

void PlantPixelSpecials(DataType dtype, const Dims& nhwc, size_t k, std::vector<uint8_t>* bytes) {
  if (!IsFloatType(dtype) || nhwc.size() != 4) return;
  const double inf = std::numeric_limits<double>::infinity();
  const double specials[] = {std::nan(""), inf, -inf, -0.0, 0.0};
  size_t e = 0;
  for (int32_t n = 0; n < nhwc[0]; ++n) {
    for (int32_t h = 0; h < nhwc[1]; ++h) {
      for (int32_t w = 0; w < nhwc[2]; ++w) {
        for (int32_t c = 0; c < nhwc[3]; ++c, ++e) {
          const size_t cls = (static_cast<size_t>(h + 2 * w + 3 * c + n) + k / 2) % 7;
          if (cls < 5) StoreDouble(dtype, bytes->data(), e, specials[cls]);
        }
      }
    }
  }
}

}  // namespace cts
}  // namespace nnrt
