#include "reference/ops/kernels/quant_accumulate.h"

#include <string>
#include <utility>
#include <vector>

#include "reference/numerics/numerics.h"

namespace nnrt {

Status CheckAccumulateDataTypes(const AccumulateOperands& o, bool* quantized) {
  const TensorArg& x = *o.x;
  const TensorArg& w = *o.w;
  const TensorArg& y = *o.y;
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(x, o.x_role));
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(w, o.w_role));
  NNRT_RETURN_IF_ERROR(CheckNoQuantOnNonQuantType(y, o.y_role));
  *quantized = x.quantized();
  if (!*quantized) {
    if (w.quantized() || y.quantized()) {
      return Unsupported(std::string(o.op) + " mixing float and quantized tensors is not supported (C-41)");
    }
    if (x.dtype() != DataType::kFloat32 && x.dtype() != DataType::kFloat16) {
      return Unsupported(std::string(o.x_role) + " is " + DataTypeName(x.dtype()) + "; " + o.op +
                         " supports float32, float16 or quantized int8/uint8");
    }
    NNRT_RETURN_IF_ERROR(CheckSameDataType(x, o.x_role, w, o.w_role));
    NNRT_RETURN_IF_ERROR(CheckSameDataType(x, o.x_role, y, o.y_role));
    if (o.bias != nullptr) NNRT_RETURN_IF_ERROR(CheckSameDataType(x, o.x_role, *o.bias, o.bias_role));
    return Status::Ok();
  }
  if (!w.quantized() || !y.quantized()) {
    return Unsupported(std::string(o.op) + " with a quantized " + o.x_role + " needs a quantized " + o.w_role +
                       " and output (C-41)");
  }
  for (const auto& [t, role] : {std::pair<const TensorArg*, const char*>{&x, o.x_role}, {&w, o.w_role}, {&y, o.y_role}}) {
    NNRT_RETURN_IF_ERROR(CheckDataTypeIn(*t, role, {DataType::kInt8, DataType::kUint8}));
  }
  NNRT_RETURN_IF_ERROR(CheckPerTensorQuant(x, o.x_role));
  NNRT_RETURN_IF_ERROR(CheckPerTensorQuant(y, o.y_role));
  const size_t wq = w.decl->quant_params.size();
  if (o.weight_channels <= 0) {
    NNRT_RETURN_IF_ERROR(CheckPerTensorQuant(w, o.w_role));
  } else if (wq != 1 && static_cast<int64_t>(wq) != o.weight_channels) {
    return InvalidModel(std::string(o.w_role) + " must have 1 or outChannel (" + std::to_string(o.weight_channels) +
                        ") quant params (per-channel along axis 0), got " + std::to_string(wq));
  }
  if (o.bias != nullptr) NNRT_RETURN_IF_ERROR(CheckDataTypeIn(*o.bias, o.bias_role, {DataType::kInt32}));
  NNRT_RETURN_IF_ERROR(CheckZeroPointsInRange(x, o.x_role));
  NNRT_RETURN_IF_ERROR(CheckZeroPointsInRange(w, o.w_role));
  NNRT_RETURN_IF_ERROR(CheckZeroPointsInRange(y, o.y_role));
  return Status::Ok();
}

Status CheckQuantTermCount(const char* op, std::optional<int64_t> terms, const std::string& what) {
  if (!terms || *terms > kMaxQuantTermsPerOutput) {
    return Unsupported("quantized " + std::string(op) + " sums " +
                       (terms ? std::to_string(*terms) : std::string("over 2^63")) + " products per output (" + what +
                       "); the reference accumulates at most 2^32 exactly in int64 (C-301)");
  }
  return Status::Ok();
}

int64_t RequantizeAccumulator(int64_t acc, const QuantParam& x, const QuantParam& w, const QuantParam& y,
                              const QuantRange& range) {
  // M = fl64(fl64(s_x * s_w) / s_y), t = fl64(acc * M) (quantization_semantics 4.6);
  // |acc| < 2^48 (C-301), so the conversion to double is exact.
  const double multiplier = (x.scale * w.scale) / y.scale;
  const double t = static_cast<double>(acc) * multiplier;
  return RoundAddZeroPointAndClamp(t, y.zero_point, range.lo, range.hi);
}

}  // namespace nnrt
