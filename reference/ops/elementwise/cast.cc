#include "reference/ops/elementwise/cast.h"

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "reference/numerics/numerics.h"
#include "reference/ops/core/attr_schema.h"
#include "reference/ops/core/op_util.h"

namespace nnrt {
namespace {

bool IsUnsignedInteger(DataType t) { return IsIntegerType(t) && !IsSignedIntegerType(t); }

// An integer source element, kept exactly: uint64 values above INT64_MAX need
// the unsigned view, every other integer type fits int64.
struct IntegerValue {
  bool is_unsigned;
  int64_t s;
  uint64_t u;
};

IntegerValue LoadInteger(DataType t, const void* data, size_t i) {
  if (t == DataType::kUint64) {
    const uint64_t u = LoadAsUint64(data, i);
    return IntegerValue{true, static_cast<int64_t>(u), u};
  }
  const int64_t s = LoadAsInt64(t, data, i);
  return IntegerValue{false, s, static_cast<uint64_t>(s)};
}

// C-183: integer -> float rounds once to nearest even. int64/uint64 -> float32
// uses the direct (correctly rounded) conversion, not a trip through double,
// which could round twice; for float16 the trip through double is harmless
// because every integer that double rounds (|v| > 2^53) overflows float16 anyway.
void StoreIntegerAsFloat(const IntegerValue& v, DataType to, void* dst, size_t i) {
  if (to == DataType::kFloat32) {
    const float f = v.is_unsigned ? static_cast<float>(v.u) : static_cast<float>(v.s);
    std::memcpy(static_cast<uint8_t*>(dst) + i * sizeof(float), &f, sizeof(float));
    return;
  }
  StoreDouble(to, dst, i, v.is_unsigned ? static_cast<double>(v.u) : static_cast<double>(v.s));
}

// C-182: float -> integer truncates toward zero and saturates: NaN -> 0,
// +inf and values above the type's maximum -> maximum, -inf and values below
// the minimum -> minimum. Returns the 64-bit pattern to store.
int64_t FloatToIntegerBits(double x, DataType to) {
  if (std::isnan(x)) return 0;
  const double t = std::trunc(x);
  const double lo = static_cast<double>(QuantMin(to));  // 0 or -2^(w-1): exact
  // One past the maximum, exactly: 2^w for unsigned, 2^(w-1) for signed.
  const int width = static_cast<int>(DataTypeSize(to) * 8);
  const double hi_excl = std::ldexp(1.0, IsUnsignedInteger(to) ? width : width - 1);
  if (t < lo) return QuantMin(to);
  if (t >= hi_excl) {
    return to == DataType::kUint64 ? static_cast<int64_t>(~uint64_t{0}) : QuantMax(to);
  }
  if (to == DataType::kUint64) return static_cast<int64_t>(static_cast<uint64_t>(t));
  return static_cast<int64_t>(t);
}

// Reads the target data type from input 1 (C-184): a 1-element int32 or int64
// tensor holding an OH_NN_DataType number 1..12. *known = false when its data
// is not available yet (prepare time with a non-constant input).
Status ReadTargetType(const TensorArg& type, DataType* target, bool* known) {
  *known = false;
  if (type.dtype() != DataType::kInt32 && type.dtype() != DataType::kInt64) {
    return InvalidModel("CAST input 1 (type) must be int32 or int64, got " + std::string(DataTypeName(type.dtype())));
  }
  const auto count = ElementCount(type.dims);
  if (count && *count != 1) {
    return InvalidModel("CAST input 1 (type) must hold exactly 1 element, has dims " + DimsToString(type.dims));
  }
  if (type.data == nullptr) return Status::Ok();
  std::vector<int64_t> values;
  NNRT_RETURN_IF_ERROR(ReadIntTensor(type, "CAST input 1 (type)", &values));
  const int64_t v = values.at(0);
  const auto mapped = (v >= 1 && v <= 12) ? DataTypeFromOhnn(static_cast<int32_t>(v)) : std::nullopt;
  if (!mapped) {
    return InvalidModel("CAST input 1 (type) must be an OH_NN_DataType in 1..12 (OH_NN_BOOL..OH_NN_FLOAT64), got " +
                        std::to_string(v) + " (C-184)");
  }
  *target = *mapped;
  *known = true;
  return Status::Ok();
}

Status CheckCast(const OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  const TensorArg& y = ctx.outputs[0];
  for (const TensorArg* t : {&x, &y}) {
    if (t->dtype() == DataType::kUnknown) return InvalidModel("CAST tensors must have a known data type");
  }
  // C-185: quant params are allowed on int8/uint8 and ignored (CAST converts
  // stored values; QUANT_DTYPE_CAST converts real values).
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(x, "input 0"));
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(y, "output 0"));
  DataType target = DataType::kUnknown;
  bool known = false;
  NNRT_RETURN_IF_ERROR(ReadTargetType(ctx.inputs[1], &target, &known));
  if (known && target != y.dtype()) {
    return InvalidModel("CAST output 0 is " + std::string(DataTypeName(y.dtype())) + " but input 1 (type) names " +
                        DataTypeName(target) + " (C-184)");
  }
  return Status::Ok();
}

}  // namespace

void CastElement(DataType from, const void* src, DataType to, void* dst, size_t i) {
  if (IsFloatType(from)) {
    const double x = LoadAsDouble(from, src, i);
    if (IsFloatType(to)) {
      StoreDouble(to, dst, i, x);  // one RNE rounding, NaN/inf/-0 kept, overflow -> inf (C-183)
    } else if (to == DataType::kBool) {
      StoreInt64(to, dst, i, x != 0.0 ? 1 : 0);  // NaN -> true, +-0 -> false (C-186)
    } else {
      StoreInt64(to, dst, i, FloatToIntegerBits(x, to));
    }
    return;
  }
  // bool and integer sources (bool reads as 0/1).
  const IntegerValue v = LoadInteger(from, src, i);
  if (IsFloatType(to)) {
    StoreIntegerAsFloat(v, to, dst, i);
  } else {
    // C-182: integer -> integer keeps the low bits (two's-complement wrap, as
    // C-42); -> bool is "!= 0" (C-186).
    StoreInt64(to, dst, i, v.s);
  }
}

Status InferCast(OpContext& ctx) {
  NNRT_RETURN_IF_ERROR(CheckCast(ctx));
  ctx.outputs[0].dims = ctx.inputs[0].dims;
  return Status::Ok();
}

// InferCast checked the target type against the output's data type (with
// the type input's data, which RunNode guarantees at run time).
Status CastKernel(OpContext& ctx) {
  const TensorArg& x = ctx.inputs[0];
  TensorArg& y = ctx.outputs[0];
  const size_t n = static_cast<size_t>(x.elements());
  for (size_t i = 0; i < n; ++i) CastElement(x.dtype(), x.data, y.dtype(), y.mutable_data, i);
  return Status::Ok();
}

OpDef CastOpDef() {
  // Every HDI data type but kUnknown converts to every other (C-182..C-186).
  return OpDef{NodeType::CAST, {},
               /*inputs=*/2, 2, /*outputs=*/1, 1, &InferCast, &CastKernel,
               {DataType::kBool, DataType::kInt8, DataType::kInt16, DataType::kInt32, DataType::kInt64,
                DataType::kUint8, DataType::kUint16, DataType::kUint32, DataType::kUint64, DataType::kFloat16,
                DataType::kFloat32, DataType::kFloat64},
               "cast"};
}

}  // namespace nnrt
