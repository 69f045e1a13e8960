#include "reference/ir/quant_param_rules.h"

#include <cmath>
#include <limits>

namespace nnrt {

namespace {

// quantization_semantics 4.2: scale 0 is the all-zero case, allowed only when
// every value equals the zero point (0). Per-channel params run along axis 0
// (when their count equals dims[0]); otherwise the whole tensor must be zero
// (clarification C-3).
bool ChannelIsAllZero(const Tensor& t, size_t channel) {
  size_t begin = 0;
  size_t end = t.data.size();
  const size_t channels = t.quant_params.size();
  if (channels > 1 && !t.dims.empty() && t.dims[0] > 0 && static_cast<size_t>(t.dims[0]) == channels) {
    const size_t slice = t.data.size() / channels;
    begin = channel * slice;
    end = begin + slice;
  }
  for (size_t b = begin; b < end; ++b) {
    if (t.data[b] != 0) return false;
  }
  return true;
}

}  // namespace

bool IntegerTypeRange(DataType t, int64_t* lo, int64_t* hi) {
  switch (t) {
    case DataType::kInt8: *lo = -128; *hi = 127; return true;
    case DataType::kUint8: *lo = 0; *hi = 255; return true;
    case DataType::kInt16: *lo = -32768; *hi = 32767; return true;
    case DataType::kUint16: *lo = 0; *hi = 65535; return true;
    case DataType::kInt32:
      *lo = std::numeric_limits<int32_t>::min();
      *hi = std::numeric_limits<int32_t>::max();
      return true;
    case DataType::kUint32: *lo = 0; *hi = std::numeric_limits<uint32_t>::max(); return true;
    case DataType::kInt64:
      *lo = std::numeric_limits<int64_t>::min();
      *hi = std::numeric_limits<int64_t>::max();
      return true;
    case DataType::kUint64: *lo = 0; *hi = std::numeric_limits<int64_t>::max(); return true;
    default: return false;
  }
}

Status CheckZeroPointInTypeRange(DataType t, int32_t zero_point, const std::string& label, size_t index) {
  int64_t lo = 0, hi = 0;
  if (!IntegerTypeRange(t, &lo, &hi) || (zero_point >= lo && zero_point <= hi)) return Status::Ok();
  return InvalidModel(label + ": quant param " + std::to_string(index) + ": zero point " + std::to_string(zero_point) +
                      " is outside the " + DataTypeName(t) + " range [" + std::to_string(lo) + ", " +
                      std::to_string(hi) + "] (C-300)");
}

Status ValidateQuantParams(const Tensor& t, const std::string& label) {
  for (size_t q = 0; q < t.quant_params.size(); ++q) {
    const QuantParam& p = t.quant_params[q];
    const std::string ql = label + ": quant param " + std::to_string(q);
    if (p.num_bits != 8) return InvalidModel(ql + ": numBits " + std::to_string(p.num_bits) + " (only 8 is allowed)");
    if (!std::isfinite(p.scale) || p.scale < 0.0) {
      return InvalidModel(ql + ": scale must be finite and >= 0");
    }
    if (p.scale == 0.0 && !(p.zero_point == 0 && t.HasData() && ChannelIsAllZero(t, q))) {
      return InvalidModel(ql + ": scale 0 is allowed only on constant tensors with zero point 0 whose values "
                               "(of that channel) are all 0 (quantization_semantics 4.2)");
    }
    NNRT_RETURN_IF_ERROR(CheckZeroPointInTypeRange(t.data_type, p.zero_point, label, q));
  }
  return Status::Ok();
}

}  // namespace nnrt
