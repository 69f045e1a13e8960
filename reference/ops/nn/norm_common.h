// Pieces shared by the normalisation and scale operators (LAYER_NORM_FUSION,
// FUSED_BATCH_NORM, INSTANCE_NORM, SCALE_FUSION, BIAS_ADD): the numeric kind
// of the node's operands, real-valued element access (float or dequantized),
// the epsilon attribute, and the row statistics of a normalisation.
// Semantics: docs/operators/layer_norm.md, fused_batch_norm.md, instance_norm.md,
// scale.md, bias_add.md; C-570..C-586.
#ifndef NNRT_REFERENCE_OPS_NORM_COMMON_H_
#define NNRT_REFERENCE_OPS_NORM_COMMON_H_

#include <cstdint>
#include <string>
#include <vector>

#include "reference/ops/core/op_def.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {

// Every operand of the node (all inputs and output 0) is float32 (all),
// float16 (all) or int8/uint8 quantized per tensor (int8 and uint8 may be
// mixed); anything else is rejected naming the operand (C-584).
// `allow_quantized` false: a quantized operand is NNRT_UNSUPPORTED_OP (C-583).
Status ClassifyNormOperands(const OpContext& ctx, const char* op, const std::vector<std::string>& input_roles,
                            bool allow_quantized, bool* quantized);

// Element i of t as a real: the float value, or the dequantized value
// fl64((q - zp) * scale) of a quantized tensor.
double LoadReal(const TensorArg& t, size_t i, bool quantized);
// Writes real r once rounded: the float output type (RNE, canonical NaN), or
// quantized once with round-half-away and saturation (NaN -> zero point).
void StoreReal(TensorArg& y, size_t i, double r, bool quantized);

// Attribute `epsilon`: finite and >= 0, else NNRT_INVALID_MODEL (C-574).
Status ReadEpsilon(const Node& node, const char* op, double* epsilon);

// Normalisation statistics of one row in binary64 (C-572): mean = (sum over
// the row in index order) / n; variance = (sum of (x - mean)^2 in index
// order) / n (two-pass population variance); inv_std = 1 / sqrt(variance + epsilon).
struct RowMoments {
  double mean = 0;
  double variance = 0;
  double inv_std = 0;
};
// `variance_divisor` is the row length (population variance); a test driver
// may pass another to model a wrong kernel.
RowMoments ComputeRowMoments(const std::vector<double>& row, double epsilon, double variance_divisor);

// (x - mean) * inv_std, except that a zero difference gives 0 also when
// inv_std is +inf (variance + epsilon = 0, C-573). NaN propagates.
double Normalized(double x, double mean, double inv_std);

// Normalises dims[axis..] with the count of the dims given: axis in
// [-rank, rank) (negative counts from the end), else NNRT_INVALID_MODEL.
// `clarification` is appended to the message ("C-570").
Status NormalizeAxis(int64_t axis, size_t rank, const std::string& what, const char* clarification, int64_t* out);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_NORM_COMMON_H_
