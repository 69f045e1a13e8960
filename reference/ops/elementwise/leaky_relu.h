// LEAKY_RELU (HDI NodeType 76, struct LeakyRelu {negativeSlope}): y = x for
// x >= 0, negativeSlope * x otherwise. No OH_NN operation lowers to it
// (OH_NN_OPS_LEAKY_RELU lowers to ACTIVATION LEAKY_RELU, ops_catalog 1.4); it
// computes ACTIVATION LEAKY_RELU's function (activation_functions.cc) with
// alpha = negativeSlope. Family "activation". Decision C-700.
#ifndef NNRT_REFERENCE_OPS_LEAKY_RELU_H_
#define NNRT_REFERENCE_OPS_LEAKY_RELU_H_

#include "reference/ops/core/op_def.h"

namespace nnrt {

// negativeSlope finite (C-164, C-700); float or quantized int8/uint8 (plain
// integers unsupported, as ACTIVATION LEAKY_RELU, C-46); y has x's dims.
Status InferLeakyRelu(OpContext& ctx);

// Float: LeakyReluActivation in binary64, one rounding; quantized: the
// 256-entry table of quantization_semantics 4.9.
Status LeakyReluKernel(OpContext& ctx);

OpDef LeakyReluOpDef();

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_LEAKY_RELU_H_
