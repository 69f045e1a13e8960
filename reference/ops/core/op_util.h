// Helpers shared by the operator files: broadcasting, index iteration, fused
// activations, data-type and quant-param checks, reading constant int tensors.
// Every helper returns a Status with a message naming the tensor role, so an op
// file stays a short list of checks followed by its loop nest.
#ifndef NNRT_REFERENCE_OPS_OP_UTIL_H_
#define NNRT_REFERENCE_OPS_OP_UTIL_H_

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

#include "reference/ir/ir.h"
#include "reference/ops/core/op_def.h"

namespace nnrt {

// ---- Shapes and indices ------------------------------------------------------

// numpy broadcasting of two shapes (dims aligned from the right; a dim of 1
// stretches). -1 = unknown: (-1, 1) -> -1, (-1, n) -> n when n > 1 (the
// unknown dim must then be n or 1 at run time), (-1, -1) -> -1.
// Fails with NNRT_INVALID_MODEL when two known dims differ and neither is 1.
Status BroadcastShapes(const Dims& a, const Dims& b, Dims* out);

// Row-major strides of `dims` (all dims known).
std::vector<int64_t> RowMajorStrides(const Dims& dims);

// Strides that read a tensor of shape `in` while iterating the broadcast
// shape `out` (rank(out) >= rank(in)): stride 0 along every broadcast dim.
std::vector<int64_t> BroadcastStrides(const Dims& in, const Dims& out);

// Calls fn(index, flat) for every index of `dims` in row-major order
// (last axis fastest). Nothing for an empty tensor; once for rank 0.
void ForEachIndex(const Dims& dims, const std::function<void(const std::vector<int64_t>&, int64_t)>& fn);

// Sum of index[i] * strides[i].
int64_t OffsetOf(const std::vector<int64_t>& index, const std::vector<int64_t>& strides);

// The loop of every broadcasting binary element-wise op: calls fn(i0, i1, o)
// for every element o of `out` in row-major order, with the flat indices i0 /
// i1 of the operand elements (dims `a` / `b`, which broadcast to `out`; all
// dims known) that meet there.
void ForEachBroadcastPair(const Dims& a, const Dims& b, const Dims& out,
                          const std::function<void(size_t i0, size_t i1, size_t o)>& fn);

// ---- Fused activation (HDI ActivationType in *Fusion attributes) --------------

// Reads attribute `activationType` (absent = NO_ACTIVATION) and accepts only
// NO_ACTIVATION, RELU and RELU6, the values OH_NN_FuseType lowers to
// (ops_catalog 1.3); anything else is NNRT_INVALID_MODEL.
Status ReadFusedActivation(const Node& node, ActivationType* act);

// Float path: applied to the double result before the single rounding.
// RELU: x < 0 ? 0 : x; RELU6: additionally x > 6 ? 6 : x. NaN stays NaN, -0 stays -0.
// Inline: the typed kernels call it once per output element.
inline double ApplyFusedActivation(ActivationType act, double x) {
  // Comparisons instead of std::max/min so that NaN propagates and -0 is kept (C-44).
  if (act == ActivationType::kRelu || act == ActivationType::kRelu6) {
    if (x < 0.0) x = 0.0;
  }
  if (act == ActivationType::kRelu6 && x > 6.0) x = 6.0;
  return x;
}

// Plain integer path: the same functions on the (already wrapped) integer.
int64_t ApplyFusedActivationInt(ActivationType act, int64_t x);

// Quantized path (quantization_semantics 4.8): the clamp range in the output's
// quantized domain: RELU [max(qmin, zp), qmax], RELU6 [max(qmin, zp),
// min(qmax, Q(6.0))], NONE [qmin, qmax] with qmin/qmax from the data type.
struct QuantRange {
  int64_t lo;
  int64_t hi;
};
QuantRange FusedActivationQuantRange(ActivationType act, DataType out_type, const QuantParam& out_quant);

// ---- Data type and quantization checks -----------------------------------------

// "input 0 (x) must be float32, float16 or int8, got bool"
Status CheckDataTypeIn(const TensorArg& t, const std::string& role, std::initializer_list<DataType> allowed);
Status CheckSameDataType(const TensorArg& a, const std::string& role_a, const TensorArg& b,
                         const std::string& role_b);

// int8 or uint8: the data types that carry an 8-bit quantization.
bool IsQuant8Type(DataType t);

// Requires exactly one quant param (per-tensor) on a quantized tensor.
Status CheckPerTensorQuant(const TensorArg& t, const std::string& role);

// Quant params are only meaningful on int8/uint8 (and int32 bias, whose params
// are ignored): a float or wider integer tensor carrying them is rejected.
Status CheckNoQuantOnNonQuantType(const TensorArg& t, const std::string& role);

// Every zero point of a quantized tensor lies in its data type's range
// (C-300). ValidateModelStructure already enforces it; kernels that
// accumulate products of (q - zp) check it again so that a context built
// without that validation cannot reach signed overflow.
Status CheckZeroPointsInRange(const TensorArg& t, const std::string& role);

// Integer element-wise paths: reinterprets the low DataTypeSize(t) bytes of
// `bits` as a value of type t (two's-complement wrap to the width, C-42):
// sign extension for signed types, zero extension for unsigned ones.
uint64_t WrapIntegerBits(DataType t, uint64_t bits);

// How an element-wise op's operands are typed (the three paths every kernel has).
enum class NumericKind { kFloat, kInteger, kQuantized };

// Classifies an element-wise node whose listed operands must share one kind:
// all float (same dtype), all plain integer (same dtype, no quant params), or
// all quantized 8-bit (per-tensor params; int8/uint8 may be mixed,
// quantization_semantics 6.17). Bool and mixed kinds are NNRT_UNSUPPORTED_OP.
Status ClassifyElementwise(const std::vector<const TensorArg*>& operands, const std::vector<std::string>& roles,
                           NumericKind* kind);

// ---- Constant / runtime integer tensors -------------------------------------------

// Reads every element of an int32 or int64 tensor whose data is present.
// NNRT_INVALID_MODEL for another dtype or a size mismatch.
Status ReadIntTensor(const TensorArg& t, const std::string& role, std::vector<int64_t>* values);

// Checks that a run-time buffer holds at least elements x type-size bytes (a
// kernel never reads past what the caller handed over).
Status CheckBufferSize(const TensorArg& t, const std::string& role);

// Checks inputs have data and outputs have buffers sized for their dims
// (called at the top of every kernel).
Status CheckKernelBuffers(const OpContext& ctx);

// Element-wise kernels: the output's actual dims must equal the input's
// (NNRT_INVALID_INPUT otherwise).
Status CheckSameDims(const TensorArg& x, const TensorArg& y);

// Product of the dims after `axis`: the channel of flat element i along
// `axis` is (i / InnerSize) % dims[axis].
int64_t InnerSize(const Dims& dims, int32_t axis);
// Product of the dims before `axis` (the rows an axis-wise operator walks).
int64_t OuterSize(const Dims& dims, int32_t axis);

}  // namespace nnrt

#endif  // NNRT_REFERENCE_OPS_OP_UTIL_H_
