#include "reference/ops/core/op_util.h"

#include <algorithm>

#include "reference/ir/quant_param_rules.h"
#include "reference/numerics/numerics.h"

namespace nnrt {

// ---- Shapes and indices ------------------------------------------------------

Status BroadcastShapes(const Dims& a, const Dims& b, Dims* out) {
  const size_t rank = std::max(a.size(), b.size());
  Dims result(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    // Align from the right (numpy rule); a missing leading dim acts as 1.
    const int32_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    const int32_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da == db) {
      result[i] = da;
    } else if (da == 1) {
      result[i] = db;
    } else if (db == 1) {
      result[i] = da;
    } else if (da == -1) {
      result[i] = db;  // the unknown dim must turn out to be db (or 1)
    } else if (db == -1) {
      result[i] = da;
    } else {
      return InvalidModel("shapes " + DimsToString(a) + " and " + DimsToString(b) +
                          " do not broadcast (axis " + std::to_string(i) + ": " + std::to_string(da) + " vs " +
                          std::to_string(db) + ")");
    }
  }
  *out = result;
  return Status::Ok();
}

std::vector<int64_t> RowMajorStrides(const Dims& dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  for (size_t i = dims.size(); i > 1; --i) strides[i - 2] = strides[i - 1] * dims[i - 1];
  return strides;
}

std::vector<int64_t> BroadcastStrides(const Dims& in, const Dims& out) {
  const std::vector<int64_t> own = RowMajorStrides(in);
  std::vector<int64_t> strides(out.size(), 0);
  const size_t lead = out.size() - in.size();
  for (size_t i = 0; i < in.size(); ++i) {
    strides[lead + i] = (in[i] == 1 && out[lead + i] != 1) ? 0 : own[i];
  }
  return strides;
}

void ForEachIndex(const Dims& dims, const std::function<void(const std::vector<int64_t>&, int64_t)>& fn) {
  for (int32_t d : dims) {
    if (d <= 0) return;
  }
  std::vector<int64_t> index(dims.size(), 0);
  int64_t flat = 0;
  while (true) {
    fn(index, flat);
    ++flat;
    // Odometer increment, last axis fastest.
    size_t axis = dims.size();
    while (axis > 0) {
      --axis;
      if (++index[axis] < dims[axis]) break;
      index[axis] = 0;
      if (axis == 0) return;
    }
    if (dims.empty()) return;
  }
}

int64_t OffsetOf(const std::vector<int64_t>& index, const std::vector<int64_t>& strides) {
  int64_t offset = 0;
  for (size_t i = 0; i < index.size(); ++i) offset += index[i] * strides[i];
  return offset;
}

void ForEachBroadcastPair(const Dims& a, const Dims& b, const Dims& out,
                          const std::function<void(size_t i0, size_t i1, size_t o)>& fn) {
  const std::vector<int64_t> sa = BroadcastStrides(a, out);
  const std::vector<int64_t> sb = BroadcastStrides(b, out);
  ForEachIndex(out, [&](const std::vector<int64_t>& index, int64_t flat) {
    fn(static_cast<size_t>(OffsetOf(index, sa)), static_cast<size_t>(OffsetOf(index, sb)), static_cast<size_t>(flat));
  });
}

// ---- Fused activation --------------------------------------------------------

Status ReadFusedActivation(const Node& node, ActivationType* act) {
  const int64_t v = IntAttr(node, "activationType");
  switch (static_cast<ActivationType>(v)) {
    case ActivationType::kNone:
    case ActivationType::kRelu:
    case ActivationType::kRelu6:
      *act = static_cast<ActivationType>(v);
      return Status::Ok();
    default:
      return InvalidModel("fused activationType must be NO_ACTIVATION (0), RELU (1) or RELU6 (3), got " +
                          std::to_string(v));
  }
}

int64_t ApplyFusedActivationInt(ActivationType act, int64_t x) {
  if (act == ActivationType::kRelu || act == ActivationType::kRelu6) x = std::max<int64_t>(x, 0);
  if (act == ActivationType::kRelu6) x = std::min<int64_t>(x, 6);
  return x;
}

QuantRange FusedActivationQuantRange(ActivationType act, DataType out_type, const QuantParam& out_quant) {
  const int64_t qmin = QuantMin(out_type);
  const int64_t qmax = QuantMax(out_type);
  QuantRange range{qmin, qmax};
  if (act == ActivationType::kRelu || act == ActivationType::kRelu6) {
    // Q(0) is the zero point itself (quantization_semantics 4.8).
    range.lo = std::max<int64_t>(qmin, out_quant.zero_point);
  }
  if (act == ActivationType::kRelu6) {
    range.hi = std::min<int64_t>(qmax, QuantizeHalfAwayFromZero(6.0, out_quant.scale, out_quant.zero_point, qmin, qmax));
  }
  // An output zero point above qmax would make lo > hi: saturate to one value.
  if (range.lo > range.hi) range.lo = range.hi;
  return range;
}

// ---- Data type and quantization checks -----------------------------------------

Status CheckDataTypeIn(const TensorArg& t, const std::string& role, std::initializer_list<DataType> allowed) {
  for (DataType d : allowed) {
    if (t.dtype() == d) return Status::Ok();
  }
  std::string names;
  size_t i = 0;
  for (DataType d : allowed) {
    if (i > 0) names += (i + 1 == allowed.size()) ? " or " : ", ";
    names += DataTypeName(d);
    ++i;
  }
  return InvalidModel(role + " must be " + names + ", got " + DataTypeName(t.dtype()));
}

Status CheckSameDataType(const TensorArg& a, const std::string& role_a, const TensorArg& b,
                         const std::string& role_b) {
  if (a.dtype() == b.dtype()) return Status::Ok();
  return InvalidModel(role_b + " must have the data type of " + role_a + " (" + DataTypeName(a.dtype()) + "), got " +
                      DataTypeName(b.dtype()));
}

bool IsQuant8Type(DataType t) { return t == DataType::kInt8 || t == DataType::kUint8; }

Status CheckPerTensorQuant(const TensorArg& t, const std::string& role) {
  if (t.decl->quant_params.size() != 1) {
    return InvalidModel(role + " must have exactly 1 quant param (per-tensor), got " +
                        std::to_string(t.decl->quant_params.size()));
  }
  return Status::Ok();
}

Status CheckNoQuantOnNonQuantType(const TensorArg& t, const std::string& role) {
  if (t.quantized() && !IsQuant8Type(t.dtype())) {
    return InvalidModel(role + " is " + DataTypeName(t.dtype()) +
                        " and must not carry quant params (only int8/uint8 are quantized)");
  }
  return Status::Ok();
}

Status CheckZeroPointsInRange(const TensorArg& t, const std::string& role) {
  for (size_t i = 0; i < t.decl->quant_params.size(); ++i) {
    NNRT_RETURN_IF_ERROR(CheckZeroPointInTypeRange(t.dtype(), t.decl->quant_params[i].zero_point, role, i));
  }
  return Status::Ok();
}

uint64_t WrapIntegerBits(DataType t, uint64_t bits) {
  const size_t width = DataTypeSize(t) * 8;
  if (width >= 64) return bits;
  const uint64_t mask = (uint64_t{1} << width) - 1;
  bits &= mask;
  if (IsSignedIntegerType(t) && (bits >> (width - 1)) != 0) bits |= ~mask;
  return bits;
}

Status ClassifyElementwise(const std::vector<const TensorArg*>& operands, const std::vector<std::string>& roles,
                           NumericKind* kind) {
  const TensorArg& first = *operands[0];
  for (size_t i = 0; i < operands.size(); ++i) {
    NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(*operands[i], roles[i]));
    if (operands[i]->dtype() == DataType::kBool) {
      return Unsupported(roles[i] + " is bool; arithmetic on bool is not supported by the reference (C-41)");
    }
  }
  if (first.quantized()) {
    for (size_t i = 0; i < operands.size(); ++i) {
      if (!operands[i]->quantized()) {
        return Unsupported("mixing quantized and non-quantized operands is not supported: " + roles[0] +
                           " is quantized, " + roles[i] + " is not (C-41)");
      }
      NNRT_RETURN_IF_ERROR(CheckPerTensorQuant(*operands[i], roles[i]));
    }
    *kind = NumericKind::kQuantized;
    return Status::Ok();
  }
  for (size_t i = 1; i < operands.size(); ++i) {
    if (operands[i]->quantized()) {
      return Unsupported("mixing quantized and non-quantized operands is not supported: " + roles[i] +
                         " is quantized, " + roles[0] + " is not (C-41)");
    }
    if (operands[i]->dtype() != first.dtype()) {
      return Unsupported("mixed data types are not supported: " + roles[0] + " is " + DataTypeName(first.dtype()) +
                         ", " + roles[i] + " is " + DataTypeName(operands[i]->dtype()) + " (C-41)");
    }
  }
  if (IsFloatType(first.dtype())) {
    *kind = NumericKind::kFloat;
  } else if (IsIntegerType(first.dtype())) {
    *kind = NumericKind::kInteger;
  } else {
    return InvalidModel(roles[0] + " has data type " + std::string(DataTypeName(first.dtype())) +
                        ", which is not a number type");
  }
  return Status::Ok();
}

// ---- Integer tensors ------------------------------------------------------------

Status ReadIntTensor(const TensorArg& t, const std::string& role, std::vector<int64_t>* values) {
  NNRT_RETURN_IF_ERROR(CheckDataTypeIn(t, role, {DataType::kInt32, DataType::kInt64}));
  const auto count = ElementCount(t.dims);
  if (!count) return InvalidModel(role + " has unknown dims " + DimsToString(t.dims));
  if (t.data == nullptr) return InvalidModel(role + " has no data");
  const size_t need = static_cast<size_t>(*count) * DataTypeSize(t.dtype());
  if (t.byte_size < need) {
    return InvalidInput(role + " holds " + std::to_string(t.byte_size) + " bytes, needs " + std::to_string(need));
  }
  values->resize(static_cast<size_t>(*count));
  for (size_t i = 0; i < values->size(); ++i) (*values)[i] = LoadAsInt64(t.dtype(), t.data, i);
  return Status::Ok();
}

Status CheckBufferSize(const TensorArg& t, const std::string& role) {
  const auto count = ElementCount(t.dims);
  if (!count) return InvalidInput(role + " has unknown dims " + DimsToString(t.dims) + " at run time");
  const uint64_t size = DataTypeSize(t.dtype());
  if (size != 0 && static_cast<uint64_t>(*count) > UINT64_MAX / size) {
    return InvalidInput(role + " is too large");
  }
  const uint64_t need = static_cast<uint64_t>(*count) * size;
  if (t.byte_size < need) {
    return InvalidInput(role + " buffer holds " + std::to_string(t.byte_size) + " bytes, needs " +
                        std::to_string(need));
  }
  return Status::Ok();
}

Status CheckKernelBuffers(const OpContext& ctx) {
  for (size_t i = 0; i < ctx.inputs.size(); ++i) {
    const std::string role = "input " + std::to_string(i);
    if (ctx.inputs[i].data == nullptr && ctx.inputs[i].elements() > 0) return InvalidInput(role + " has no data");
    NNRT_RETURN_IF_ERROR(CheckBufferSize(ctx.inputs[i], role));
  }
  for (size_t i = 0; i < ctx.outputs.size(); ++i) {
    const std::string role = "output " + std::to_string(i);
    if (ctx.outputs[i].mutable_data == nullptr && ctx.outputs[i].elements() > 0) {
      return InvalidInput(role + " has no buffer");
    }
    NNRT_RETURN_IF_ERROR(CheckBufferSize(ctx.outputs[i], role));
  }
  return Status::Ok();
}

Status CheckSameDims(const TensorArg& x, const TensorArg& y) {
  if (x.dims != y.dims) {
    return InvalidInput("output dims " + DimsToString(y.dims) + " differ from input dims " + DimsToString(x.dims));
  }
  return Status::Ok();
}

int64_t InnerSize(const Dims& dims, int32_t axis) {
  int64_t inner = 1;
  for (size_t d = static_cast<size_t>(axis) + 1; d < dims.size(); ++d) inner *= dims[d];
  return inner;
}

int64_t OuterSize(const Dims& dims, int32_t axis) {
  int64_t outer = 1;
  for (size_t d = 0; d < static_cast<size_t>(axis); ++d) outer *= dims[d];
  return outer;
}

}  // namespace nnrt
