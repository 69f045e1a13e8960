// QUANT_DTYPE_CAST (ops_catalog #52: HDI 113 with the QuantDTypeCastV2 payload
// {srcT, dstT, axis}) and QUANT_DTYPE_CAST_V2 (999, same payload): quantize
// float -> int8/uint8, dequantize, requantize int8/uint8 <-> int8/uint8, with
// per-tensor or per-axis quant params. Semantics: docs/operators/quant_dtype_cast.md; decisions C-187..C-190.
#ifndef NNRT_REFERENCE_OPS_QUANT_DTYPE_CAST_H_
#define NNRT_REFERENCE_OPS_QUANT_DTYPE_CAST_H_

#include "reference/ops/core/op_def.h"

namespace nnrt {

Status InferQuantDTypeCast(OpContext& ctx);
Status QuantDTypeCastKernel(OpContext& ctx);

// The module's entry in the node-type list (registry.cc).
OpDef QuantDTypeCastOpDef(NodeType type);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_QUANT_DTYPE_CAST_H_
