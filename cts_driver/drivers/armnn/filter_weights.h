// The constant weights and bias of the filter-based lowerings (convolution,
// depthwise, transposed convolution, fully connected), in Arm NN's form.
#ifndef NNRT_CTS_DRIVER_DRIVERS_ARMNN_FILTER_WEIGHTS_H_
#define NNRT_CTS_DRIVER_DRIVERS_ARMNN_FILTER_WEIGHTS_H_

#include <vector>

#include "cts_driver/drivers/armnn/armnn_lowering.h"

namespace nnrt {
namespace armnn_driver {

// Checks the operand types of a filter node: float32 x, weights and y; or
// quantized x and y of one type (int8 / uint8, per-tensor) with quantized
// weights of x's type (int8 per-tensor or per-channel along the output
// channel, zero points 0 when per-channel; uint8 per-tensor).
Status CheckFilterTypes(LoweringContext& ctx, uint32_t xt, uint32_t wt, uint32_t yt);

// The weights of tensor wt as an Arm NN constant with `shape` (the element
// order of `bytes`, which are wt's data reordered by the caller, or wt's own
// data when empty); per-channel scales along `quant_axis` (QSymmS8), refused
// unless `per_channel_allowed`; per-tensor int8 is QAsymmS8.
Status FilterWeights(LoweringContext& ctx, uint32_t wt, const armnn::TensorShape& shape, std::vector<uint8_t> bytes,
                     unsigned quant_axis, bool per_channel_allowed, armnn::ConstTensor* out);

// The bias of tensor bt ([out_c]): float32, or the int32 accumulator bias at
// scale s_x * s_w[c] (docs/quantization.md "Bias"), per channel when the
// weights are.
Status FilterBias(LoweringContext& ctx, uint32_t xt, uint32_t wt, uint32_t bt, unsigned out_c, armnn::ConstTensor* out);

}  // namespace armnn_driver
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_DRIVERS_ARMNN_FILTER_WEIGHTS_H_
