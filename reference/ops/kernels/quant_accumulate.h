// Shared checks and numerics of the accumulating operators (CONV2D_FUSION,
// MATMUL_FUSION, FULL_CONNECTION): the float-or-quantized type rules of their
// operands and the one requantization step of docs/quantization.md
// (quantization_semantics 4.5-4.8). One place, so that every accumulating
// kernel rounds exactly as CONV2D_FUSION does.
#ifndef NNRT_REFERENCE_OPS_QUANT_ACCUMULATE_H_
#define NNRT_REFERENCE_OPS_QUANT_ACCUMULATE_H_

#include <cstdint>
#include <optional>
#include <string>

#include "reference/ops/core/op_def.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {

// Largest number of centred products one quantized output sums (C-301): with
// zero points inside the type every product is at most 255 * 255 = 65025 in
// magnitude, so |acc| <= 2^32 * 65025 + 2^31 < 2^48: the int64 sum never wraps
// and converts to double exactly.
constexpr int64_t kMaxQuantTermsPerOutput = int64_t{1} << 32;

// The operands of an accumulating node, with the roles used in messages.
// `weight_channels` is the number of per-channel quant params the weight may
// carry (its output-channel count), or 0 when only per-tensor params are
// allowed; `bias` is nullptr when the node has none.
struct AccumulateOperands {
  const char* op;  // "CONV2D_FUSION", ...
  const TensorArg* x;
  const char* x_role;
  const TensorArg* w;
  const char* w_role;
  int64_t weight_channels;
  const TensorArg* bias;
  const char* bias_role;
  const TensorArg* y;
  const char* y_role;
};

// Float: x, weight, bias and output share one float type (float32/float16).
// Quantized: x, weight and output int8 or uint8 with quant params; x and y per
// tensor; the weight per tensor or (weight_channels > 0) one param per output
// channel; bias int32 (its own params ignored, quantization_semantics 4.7);
// zero points inside their type (C-300). Mixing float and quantized is
// NNRT_UNSUPPORTED_OP (C-41). Sets *quantized.
Status CheckAccumulateDataTypes(const AccumulateOperands& o, bool* quantized);

// Refuses more than 2^32 products per quantized output (C-301) with
// NNRT_UNSUPPORTED_OP; `what` describes where the count comes from.
Status CheckQuantTermCount(const char* op, std::optional<int64_t> terms, const std::string& what);

// The requantization of one exact int64 accumulator (bias included):
// M = fl64(fl64(s_x * s_w) / s_y), t = fl64(acc * M), q = RHA(t + z_y),
// clamped to `range` (the fused activation's range, 4.8).
int64_t RequantizeAccumulator(int64_t acc, const QuantParam& x, const QuantParam& w, const QuantParam& y,
                              const QuantRange& range);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_QUANT_ACCUMULATE_H_
