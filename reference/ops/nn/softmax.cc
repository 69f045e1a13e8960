#include "reference/ops/nn/softmax.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "reference/numerics/libm_exp.h"
#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/op_util.h"
#include "reference/ops/kernels/binary64_lanes.h"
#include "reference/ops/kernels/cpu_clones.h"
#include "reference/ops/kernels/packed_dot.h"

namespace nnrt {
namespace {

const char kInput[] = "input 0";
const char kOutput[] = "output 0";

const char* OpName(NodeType type) { return type == NodeType::LOG_SOFTMAX ? "LOG_SOFTMAX" : "SOFTMAX"; }

// C-543: float32/float16 in = out, or int8/uint8 per tensor in and out (the
// two may differ); the output's own quant params are honoured.
Status CheckSoftmaxTypes(const OpContext& ctx, bool* quantized) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& y = ctx.outputs[0];
  const std::string op = OpName(ctx.node->type);
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(x, op + " " + kInput,
                                       {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}));
  NumericKind kind = NumericKind::kFloat;
  NNRT_RETURN_IF_ERROR(ClassifyElementwise({&x, &y}, {op + " " + kInput, op + " " + kOutput}, &kind));
  if (kind == NumericKind::kInteger) {
    return Unsupported(op + " on plain (non-quantized) integers is not defined; int8/uint8 need quant params (C-543)");
  }
  *quantized = kind == NumericKind::kQuantized;
  return Status::Ok();
}

}  // namespace

namespace {

// Loops over blocks of this many values, which gcc -O2 packs into vector
// lanes (it leaves loops of unknown length scalar).
constexpr size_t kBlock = 8;

// SoftmaxRowMax on v[0, n).
__attribute__((always_inline)) inline bool RowMax(double* v, size_t n, double* max) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double lowest = -std::numeric_limits<double>::infinity();
  // The largest element by x > m in index order (the first of equal ones),
  // and whether any element is NaN (then the row is NaN whatever the
  // maximum). Kept per lane of blocks of kBlock (gcc packs them), then
  // across the lanes: NaN never passes x > m, and equal numbers other than
  // zeros have the same bits, so the grouping changes nothing but which of
  // +0 and -0 comes first, settled after the loop.
  double lane_max[kBlock];
  int64_t lane_nan[kBlock];
  for (size_t j = 0; j < kBlock; ++j) {
    lane_max[j] = lowest;
    lane_nan[j] = 0;
  }
  size_t i = 0;
  for (; i + kBlock <= n; i += kBlock) {
#pragma GCC unroll 8
    for (size_t j = 0; j < kBlock; ++j) {
      const double x = v[i + j];
      lane_nan[j] |= static_cast<int64_t>(x != x);
      lane_max[j] = x > lane_max[j] ? x : lane_max[j];
    }
  }
  double m = lowest;
  bool any_nan = false;
  for (size_t j = 0; j < kBlock; ++j) {
    any_nan |= lane_nan[j] != 0;
    m = lane_max[j] > m ? lane_max[j] : m;
  }
  for (; i < n; ++i) {
    const double x = v[i];
    any_nan |= x != x;
    m = x > m ? x : m;
  }
  if (m == 0.0) {  // the first zero of the row, with its sign
    for (i = 0; v[i] != 0.0; ++i) {
    }
    m = v[i];
  }
  // C-541: NaN anywhere, +inf (inf - inf), or all -inf (-inf - -inf): NaN row.
  if (any_nan || std::isinf(m)) {
    for (i = 0; i < n; ++i) v[i] = nan;
    return false;
  }
  *max = m;
  return true;
}

// SoftmaxRow on v[0, n).
__attribute__((always_inline)) inline void RowInPlace(bool log, double* v, size_t n) {
  double m = 0.0;
  if (!RowMax(v, n, &m)) return;
  // d = x - m for the whole row first, in blocks the compiler packs (d <= 0,
  // exactly 0 at the maximum); then S = Σ exp(d) in index order. SOFTMAX
  // keeps each exp(d) in the row (the same value the division needs),
  // LOG_SOFTMAX keeps d.
  size_t i = 0;
  for (; i + kBlock <= n; i += kBlock) {
#pragma GCC unroll 8
    for (size_t j = 0; j < kBlock; ++j) v[i + j] -= m;
  }
  for (; i < n; ++i) v[i] -= m;
  // The exps of a chunk, then their sum and (SOFTMAX) their stores: the
  // same terms in the same order, but the sum is not held across each libm
  // call (every vector register is the caller's to save, so it would go to
  // memory and back per element), and a chunk's additions overlap the next
  // chunk's calls.
  // libm's exp without its errno wrapper: the same values (libm_exp.h).
  const ExpFunction exp_fn = LibmExpFunction();
  constexpr size_t kChunk = 16;
  double e[kChunk];
  double sum = 0.0;
  for (i = 0; i < n; i += kChunk) {
    const size_t count = std::min(kChunk, n - i);
    for (size_t k = 0; k < count; ++k) e[k] = exp_fn(v[i + k]);
    for (size_t k = 0; k < count; ++k) {
      sum += e[k];
      if (!log) v[i + k] = e[k];
    }
  }
  if (log) {
    const double log_sum = std::log(sum);
    for (i = 0; i < n; ++i) v[i] -= log_sum;
  } else {
    // Each quotient correctly rounded, however many are packed: blocks of a
    // fixed size are what gcc -O2 packs.
    for (i = 0; i + kBlock <= n; i += kBlock) {
#pragma GCC unroll 8
      for (size_t j = 0; j < kBlock; ++j) v[i + j] /= sum;
    }
    for (; i < n; ++i) v[i] /= sum;
  }
}

// SOFTMAX / LOG_SOFTMAX of float32 rows along the last axis (inner 1): each
// row converted exactly, RowInPlace, each value rounded once to float32 with
// NaN canonical (C-433); the conversions, quotients and stores are loops the
// compiler packs into vector lanes. Compiled twice like the convolution loops
// (target_clones: an AVX2 copy beside the default; the same IEEE binary64
// operations and the same libm exp calls, so the same bits).
NNRT_CPU_CLONES void SoftmaxFloat32LastAxis(const float* __restrict x,
                                                                              uint8_t* __restrict y, int64_t rows,
                                                                              int64_t n, bool log,
                                                                              double* __restrict row) {
  const auto count = static_cast<size_t>(n);
  for (int64_t r = 0; r < rows; ++r) {
    const float* xr = x + r * n;
    size_t k = 0;
    for (; k + kBlock <= count; k += kBlock) {
#pragma GCC unroll 8
      for (size_t j = 0; j < kBlock; ++j) row[k + j] = static_cast<double>(xr[k + j]);
    }
    for (; k < count; ++k) row[k] = static_cast<double>(xr[k]);
    RowInPlace(log, row, count);
    uint8_t* yr = y + static_cast<size_t>(r * n) * 4;
    for (k = 0; k + 4 <= count; k += 4) {
      Binary64x4 v;
      LoadLanes(row + k, &v);
      StoreFloat32Lanes(v, yr + 4 * k);
    }
    for (; k < count; ++k) StoreDoubleAsFloat32(yr, k, row[k]);
  }
}

}  // namespace

bool SoftmaxRowMax(std::vector<double>* row, double* max) { return RowMax(row->data(), row->size(), max); }

void SoftmaxRow(bool log, std::vector<double>* row) { RowInPlace(log, row->data(), row->size()); }

Status SoftmaxAxis(const Node& node, size_t rank, int32_t* axis) {
  const char* op = OpName(node.type);
  int64_t a = 0;
  if (node.type == NodeType::LOG_SOFTMAX) {
    a = IntAttr(node, "axis");
  } else {
    const std::vector<int64_t> list = IntsAttr(node, "axis");
    if (list.size() > 1) {
      return InvalidModel(std::string(op) + " axis must hold at most one element, got " +
                          std::to_string(list.size()) + " (C-540)");
    }
    a = list.empty() ? -1 : list[0];  // C-540: an empty list is the last axis
  }
  const auto r = static_cast<int64_t>(rank);
  if (r == 0) return InvalidModel(std::string(op) + " " + kInput + " must have rank >= 1, got a scalar (C-540)");
  if (a < -r || a >= r) {
    return InvalidModel(std::string(op) + " axis " + std::to_string(a) + " is out of range [" + std::to_string(-r) +
                        ", " + std::to_string(r) + ") for " + kInput + " of rank " + std::to_string(r) + " (C-540)");
  }
  *axis = static_cast<int32_t>(a < 0 ? a + r : a);
  return Status::Ok();
}

Status InferSoftmax(OpContext& ctx) {
  SoftmaxParams plan;
  plan.log = ctx.node->type == NodeType::LOG_SOFTMAX;
  NNRT_RETURN_IF_ERROR(CheckSoftmaxTypes(ctx, &plan.quantized));
  const Dims& d = ctx.inputs[0].dims;
  NNRT_RETURN_IF_ERROR(SoftmaxAxis(*ctx.node, d.size(), &plan.axis));
  ctx.outputs[0].dims = d;
  if (!IsDynamic(d)) {
    plan.axis_size = d[static_cast<size_t>(plan.axis)];
    plan.inner = InnerSize(d, plan.axis);
    plan.outer = OuterSize(d, plan.axis);
  }
  ctx.SetParams(plan);
  return Status::Ok();
}

Status SoftmaxKernel(OpContext& ctx) {
  const SoftmaxParams& p = ctx.Params<SoftmaxParams>();
  if (!p.quantized && p.inner == 1 && ctx.inputs[0].dtype() == DataType::kFloat32 &&
      ctx.outputs[0].dtype() == DataType::kFloat32) {
    // Not zeroed: every element is written before it is read.
    const std::unique_ptr<double[]> row(new double[static_cast<size_t>(p.axis_size)]);
    SoftmaxFloat32LastAxis(reinterpret_cast<const float*>(ctx.inputs[0].data), ctx.outputs[0].mutable_data, p.outer,
                           p.axis_size, p.log, row.get());
    return Status::Ok();
  }
  return RunSoftmaxWithRowFn(ctx, p, &SoftmaxRow);
}

Status RunSoftmaxWithRowFn(OpContext& ctx, const SoftmaxParams& p, SoftmaxRowFn row_fn) {
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  // The input in binary64: float32 read in place (each element converted
  // exactly when its row is gathered), others once per run: float exactly,
  // quantized dequantized (DQ).
  const bool float32_in = !p.quantized && x.dtype() == DataType::kFloat32;
  const float* x_floats = reinterpret_cast<const float*>(x.data);
  std::vector<double> xd;
  if (p.quantized) {
    xd.resize(static_cast<size_t>(x.elements()));
    const bool bytes = x.dtype() == DataType::kInt8 || x.dtype() == DataType::kUint8;
    if (bytes) {  // DQ of each of the 256 codes once
      double table[256];
      for (int b = 0; b < 256; ++b) {
        const uint8_t byte = static_cast<uint8_t>(b);
        table[b] = Dequantize(LoadAsInt64(x.dtype(), &byte, 0), x.quant().scale, x.quant().zero_point);
      }
      for (size_t i = 0; i < xd.size(); ++i) xd[i] = table[x.data[i]];
    } else {
      for (size_t i = 0; i < xd.size(); ++i) {
        xd[i] = Dequantize(LoadAsInt64(x.dtype(), x.data, i), x.quant().scale, x.quant().zero_point);
      }
    }
  } else if (!float32_in) {
    xd = FloatsAsDoubles(x);
  }
  std::vector<double> row(static_cast<size_t>(p.axis_size));
  const bool float32_out = !p.quantized && y.dtype() == DataType::kFloat32;
  const bool byte_out = p.quantized && (y.dtype() == DataType::kInt8 || y.dtype() == DataType::kUint8);
  const int64_t q_min = p.quantized ? QuantMin(y.dtype()) : 0, q_max = p.quantized ? QuantMax(y.dtype()) : 0;
  // Rows in row-major order of (outer, inner); each read, computed, written.
  for (int64_t o = 0; o < p.outer; ++o) {
    for (int64_t i = 0; i < p.inner; ++i) {
      const int64_t base = o * p.axis_size * p.inner + i;
      if (float32_in) {
        for (int64_t k = 0; k < p.axis_size; ++k) {
          row[static_cast<size_t>(k)] = static_cast<double>(x_floats[base + k * p.inner]);
        }
      } else {
        for (int64_t k = 0; k < p.axis_size; ++k) row[static_cast<size_t>(k)] = xd[static_cast<size_t>(base + k * p.inner)];
      }
      row_fn(p.log, &row);
      if (float32_out) {
        for (int64_t k = 0; k < p.axis_size; ++k) {
          StoreDoubleAsFloat32(y.mutable_data, static_cast<size_t>(base + k * p.inner), row[static_cast<size_t>(k)]);
        }
        continue;
      }
      for (int64_t k = 0; k < p.axis_size; ++k) {
        const auto at = static_cast<size_t>(base + k * p.inner);
        const double v = row[static_cast<size_t>(k)];
        if (byte_out) {  // the code's two's complement byte, as StoreInt64 writes it
          y.mutable_data[at] =
              static_cast<uint8_t>(QuantizeHalfAwayFromZero(v, y.quant().scale, y.quant().zero_point, q_min, q_max));
        } else if (p.quantized) {
          StoreInt64(y.dtype(), y.mutable_data, at,
                     QuantizeHalfAwayFromZero(v, y.quant().scale, y.quant().zero_point, q_min, q_max));
        } else {
          StoreDouble(y.dtype(), y.mutable_data, at, v);
        }
      }
    }
  }
  return Status::Ok();
}

OpDef SoftmaxOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::SOFTMAX,
               {Int64List("axis")},
               /*inputs=*/1, 1, /*outputs=*/1, 1, &InferSoftmax, &SoftmaxKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}, "softmax"};
}

OpDef LogSoftmaxOpDef() {
  using namespace schema;  // NOLINT
  return OpDef{NodeType::LOG_SOFTMAX,
               {Int64("axis", 0)},
               /*inputs=*/1, 1, /*outputs=*/1, 1, &InferSoftmax, &SoftmaxKernel,
               {DataType::kFloat32, DataType::kFloat16, DataType::kInt8, DataType::kUint8}, "softmax"};
}

}  // namespace nnrt
