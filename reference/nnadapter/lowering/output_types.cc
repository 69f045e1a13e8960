#include "reference/nnadapter/lowering/output_types.h"

#include <cmath>
#include <cstring>
#include <string>

#include "reference/nnadapter/lowering/lower_native.h"
#include "reference/nnadapter/lowering/lowering.h"
#include "reference/nnadapter/lowering/operand_values.h"
#include "reference/nnadapter/lowering/pool_operands.h"

namespace nnrt {
namespace nna {
namespace {

using ::nnadapter::hal::Operand;
using ::nnadapter::hal::Operation;

const Operand* InputAt(const Operation& op, size_t i) {
  return i < op.input_operands.size() ? op.input_operands[i] : nullptr;
}

int32_t PrecisionOf(const Operand* o) { return o == nullptr ? NNADAPTER_UNKNOWN : RawValue(o->type.precision); }

int32_t ConstantCode(const Operand* o) {
  int32_t v = NNADAPTER_UNKNOWN;
  return ReadInt32Scalar(o, "dtype", &v).ok() ? v : NNADAPTER_UNKNOWN;
}

bool IsQuantized(int32_t precision) { return precision >= NNADAPTER_QUANT_INT8_SYMM_PER_LAYER; }

bool IsPerChannel(int32_t precision) {
  return precision == NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL || precision == NNADAPTER_QUANT_INT16_SYMM_PER_CHANNEL ||
         precision == NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL;
}

// Whether a quantised type carries usable params. The per-layer scale is the
// union's first member in both per-layer forms.
bool HasQuantParams(const NNAdapterOperandType& t) {
  if (IsPerChannel(RawValue(t.precision))) {
    return t.symm_per_channel_params.scales != nullptr && t.symm_per_channel_params.scale_count > 0;
  }
  const float scale = t.symm_per_layer_params.scale;
  return std::isfinite(scale) && scale > 0.0f;
}

// Output k holds a selection of input 0's values, so its quant params are
// input 0's when the client gives none (C-902).
bool SelectsInputValues(const Operation& op, size_t k) {
  switch (op.type) {
    case NNADAPTER_ASSIGN: case NNADAPTER_CONCAT: case NNADAPTER_EXPAND: case NNADAPTER_FLATTEN:
    case NNADAPTER_GATHER: case NNADAPTER_PAD: case NNADAPTER_RESHAPE: case NNADAPTER_SLICE:
    case NNADAPTER_SPLIT: case NNADAPTER_SQUEEZE: case NNADAPTER_STACK: case NNADAPTER_TRANSPOSE:
    case NNADAPTER_UNSQUEEZE:
      return true;
    case NNADAPTER_MAX_POOL_2D: case NNADAPTER_ADAPTIVE_MAX_POOL_2D: case NNADAPTER_TOP_K:
      return k == 0;
    default:
      return false;
  }
}

Dims DimsOf(const Operand* o) {
  Dims d;
  if (o == nullptr) return d;
  for (uint32_t i = 0; i < o->type.dimensions.count && i < NNADAPTER_MAX_SIZE_OF_DIMENSIONS; ++i) {
    d.push_back(o->type.dimensions.data[i] == NNADAPTER_UNKNOWN ? -1 : o->type.dimensions.data[i]);
  }
  return d;
}

// AVERAGE_POOL_2D / MAX_POOL_2D: NNAdapter's size formula (C-901); the
// indices have the output's dims.
Status PoolDims(const Operation& op, std::vector<Dims>* dims) {
  Pool2DOperands p;
  NNRT_RETURN_IF_ERROR(ReadPool2DOperands(op, &p));
  const Dims x = DimsOf(op.input_operands[0]);
  if (x.size() != 4) return InvalidModel("pooling input must be 4-D");
  const Dims y = {x[0], x[1], static_cast<int32_t>(Pool2DOutputSize(p, 0, x[2])),
                  static_cast<int32_t>(Pool2DOutputSize(p, 1, x[3]))};
  for (const Operand* o : op.output_operands) dims->push_back(o == nullptr ? Dims() : y);
  return Status::Ok();
}

// The adaptive poolings: [N, C] of the input and output_shape.
Status AdaptivePoolDims(const Operation& op, std::vector<Dims>* dims) {
  const Dims x = DimsOf(InputAt(op, 0));
  std::vector<int64_t> hw;
  NNRT_RETURN_IF_ERROR(ReadIntList(InputAt(op, 1), "output_shape", &hw));
  if (x.size() != 4 || hw.size() != 2) return InvalidModel("adaptive pooling needs a 4-D input and 2 output sizes");
  const Dims y = {x[0], x[1], static_cast<int32_t>(hw[0]), static_cast<int32_t>(hw[1])};
  for (const Operand* o : op.output_operands) dims->push_back(o == nullptr ? Dims() : y);
  return Status::Ok();
}

// DEFORMABLE_CONV_2D: the native kernel's own output size (C-855), read with
// the output taken as [?, ?, ?, ?].
Status DeformableDims(const Operation& op, std::vector<Dims>* dims) {
  if (op.output_operands.size() != 1 || op.output_operands[0] == nullptr) return InvalidModel("one output");
  Operand y = *op.output_operands[0];
  y.type.dimensions.count = 4;
  for (int i = 0; i < 4; ++i) y.type.dimensions.data[i] = NNADAPTER_UNKNOWN;
  Operation copy = op;
  copy.output_operands[0] = &y;
  DeformableConv2DParams params;
  NNRT_RETURN_IF_ERROR(ReadDeformableConv2D(copy, &params));
  dims->resize(1);
  return DeformableConv2DOutputDims(params, DimsOf(op.input_operands[0]), &(*dims)[0]);
}

// RANGE (no lowering): [ceil((limit - start) / delta)] from constant FLOAT32
// or INT32 scalars, [-1] otherwise.
Dims RangeDims(const Operation& op) {
  double v[3];
  for (size_t i = 0; i < 3; ++i) {
    float f = 0.0f;
    int32_t n = 0;
    if (ReadFloatScalar(InputAt(op, i), "range", &f).ok()) {
      v[i] = f;
    } else if (ReadInt32Scalar(InputAt(op, i), "range", &n).ok()) {
      v[i] = n;
    } else {
      return {-1};
    }
  }
  if (v[2] == 0.0) return {-1};
  const double count = std::ceil((v[1] - v[0]) / v[2]);
  return {count > 0.0 && count < 2147483647.0 ? static_cast<int32_t>(count) : 0};
}

// FILL: the constant shape's values; a run-time shape of n elements gives n
// unknown dims. (A FILL of constants alone lowers to a model without inputs,
// which the interpreter does not prepare.)
Status FillDims(const Operation& op, std::vector<Dims>* dims) {
  const Operand* shape = InputAt(op, 0);
  std::vector<int64_t> values;
  Dims y;
  if (shape != nullptr && IsConstant(*shape)) {
    NNRT_RETURN_IF_ERROR(ReadIntList(shape, "FILL shape", &values));
    for (int64_t v : values) {
      if (v < 0 || v > 2147483647) return InvalidModel("FILL shape value out of range");
      y.push_back(static_cast<int32_t>(v));
    }
  } else {
    const Dims shape_dims = DimsOf(shape);
    if (shape_dims.size() != 1 || shape_dims[0] < 0) return InvalidModel("FILL shape of unknown length");
    y.assign(static_cast<size_t>(shape_dims[0]), -1);
  }
  dims->assign(op.output_operands.size(), y);
  return Status::Ok();
}

// The lowering inferred on copies of the outputs whose missing quant params
// are replaced by scale 1 (dims do not depend on them).
Status LoweredDims(const Operation& op, std::vector<Dims>* dims) {
  std::vector<Operand> outputs(op.output_operands.size());
  Operation copy = op;
  for (size_t k = 0; k < outputs.size(); ++k) {
    if (op.output_operands[k] == nullptr) continue;
    outputs[k] = *op.output_operands[k];
    NNAdapterOperandType& t = outputs[k].type;
    if (IsQuantized(RawValue(t.precision)) && !HasQuantParams(t)) {
      if (IsPerChannel(RawValue(t.precision))) return Unsupported("per-channel output without scales");
      t.symm_per_layer_params.scale = 1.0f;
    }
    copy.output_operands[k] = &outputs[k];
  }
  return InferDimsThroughLowering(copy, dims);
}

}  // namespace

int32_t InferredPrecision(const Operation& op, size_t k) {
  switch (op.type) {
    case NNADAPTER_EQUAL: case NNADAPTER_NOT_EQUAL: case NNADAPTER_GREATER: case NNADAPTER_GREATER_EQUAL:
    case NNADAPTER_LESS: case NNADAPTER_LESS_EQUAL:
      return NNADAPTER_BOOL8;
    case NNADAPTER_CAST: case NNADAPTER_SHAPE:
      return ConstantCode(InputAt(op, 1));
    case NNADAPTER_ARG_MAX: case NNADAPTER_ARG_MIN:
      return ConstantCode(InputAt(op, 3));
    case NNADAPTER_TOP_K:
      return k == 1 ? ConstantCode(InputAt(op, 5)) : PrecisionOf(InputAt(op, 0));
    case NNADAPTER_MAX_POOL_2D:
      return k == 1 ? ConstantCode(InputAt(op, 7)) : PrecisionOf(InputAt(op, 0));
    case NNADAPTER_ADAPTIVE_MAX_POOL_2D:
      return k == 1 ? ConstantCode(InputAt(op, 3)) : PrecisionOf(InputAt(op, 0));
    case NNADAPTER_FILL:
      return PrecisionOf(InputAt(op, 1));
    default:
      return PrecisionOf(InputAt(op, 0));
  }
}

Status InferredDims(const Operation& op, std::vector<Dims>* dims) {
  dims->clear();
  for (const Operand* o : op.input_operands) {
    if (o != nullptr && PrecisionOf(o) == NNADAPTER_UNKNOWN) return InvalidModel("an input's type is unknown");
  }
  switch (op.type) {
    case NNADAPTER_AVERAGE_POOL_2D: case NNADAPTER_MAX_POOL_2D:
      return PoolDims(op, dims);
    case NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D: case NNADAPTER_ADAPTIVE_MAX_POOL_2D:
      return AdaptivePoolDims(op, dims);
    case NNADAPTER_DEFORMABLE_CONV_2D:
      return DeformableDims(op, dims);
    case NNADAPTER_HARD_SIGMOID: case NNADAPTER_HARD_SWISH: case NNADAPTER_LP_NORMALIZATION:
      dims->assign(op.output_operands.size(), DimsOf(InputAt(op, 0)));  // element-wise (C-901)
      return Status::Ok();
    case NNADAPTER_RANGE:
      dims->assign(op.output_operands.size(), RangeDims(op));
      return Status::Ok();
    case NNADAPTER_FILL:
      return FillDims(op, dims);
    default:
      return LoweredDims(op, dims);
  }
}

void InferOutputTypes(Operation* op) {
  const Operand* x = InputAt(*op, 0);
  for (size_t k = 0; k < op->output_operands.size(); ++k) {
    Operand* o = op->output_operands[k];
    if (o == nullptr) continue;
    if (RawValue(o->type.precision) == NNADAPTER_UNKNOWN) {
      const int32_t precision = InferredPrecision(*op, k);
      std::memcpy(&o->type.precision, &precision, sizeof(precision));
    }
    const int32_t precision = RawValue(o->type.precision);
    if (IsQuantized(precision) && !HasQuantParams(o->type) && SelectsInputValues(*op, k) && x != nullptr &&
        PrecisionOf(x) == precision && HasQuantParams(x->type)) {
      o->type.symm_per_channel_params = x->type.symm_per_channel_params;  // the whole union (C-902)
    }
  }
  std::vector<Dims> dims;
  if (!InferredDims(*op, &dims).ok() || dims.size() != op->output_operands.size()) return;
  for (size_t k = 0; k < dims.size(); ++k) {
    Operand* o = op->output_operands[k];
    if (o == nullptr || dims[k].size() > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) continue;
    NNAdapterOperandDimensionType& d = o->type.dimensions;
    const bool undeclared = d.count == 0;  // Paddle Lite's outputs: no dims at all
    if (undeclared) d.count = static_cast<uint32_t>(dims[k].size());
    if (d.count != dims[k].size()) continue;  // a declared rank that contradicts: the compilation reports it
    for (size_t i = 0; i < dims[k].size(); ++i) {
      if (undeclared || d.data[i] == NNADAPTER_UNKNOWN) d.data[i] = dims[k][i] < 0 ? NNADAPTER_UNKNOWN : dims[k][i];
    }
  }
}

}  // namespace nna
}  // namespace nnrt
