#include "reference/nnadapter/lowering/operand_values.h"

#include <cmath>
#include <cstring>

namespace nnrt {
namespace nna {
namespace {

using ::nnadapter::hal::Operand;

struct PrecisionInfo {
  int32_t code;
  DataType dtype;
  size_t size;
};

// Plain and quantised precisions with their IR storage type.
constexpr PrecisionInfo kPrecisions[] = {
    {NNADAPTER_BOOL8, DataType::kBool, 1},
    {NNADAPTER_INT8, DataType::kInt8, 1},
    {NNADAPTER_UINT8, DataType::kUint8, 1},
    {NNADAPTER_INT16, DataType::kInt16, 2},
    {NNADAPTER_UINT16, DataType::kUint16, 2},
    {NNADAPTER_INT32, DataType::kInt32, 4},
    {NNADAPTER_UINT32, DataType::kUint32, 4},
    {NNADAPTER_INT64, DataType::kInt64, 8},
    {NNADAPTER_UINT64, DataType::kUint64, 8},
    {NNADAPTER_FLOAT16, DataType::kFloat16, 2},
    {NNADAPTER_FLOAT32, DataType::kFloat32, 4},
    {NNADAPTER_FLOAT64, DataType::kFloat64, 8},
    {NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, DataType::kInt8, 1},
    {NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, DataType::kInt8, 1},
    {NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER, DataType::kUint8, 1},
    {NNADAPTER_QUANT_INT16_SYMM_PER_LAYER, DataType::kInt16, 2},
    {NNADAPTER_QUANT_INT16_SYMM_PER_CHANNEL, DataType::kInt16, 2},
    {NNADAPTER_QUANT_UINT16_ASYMM_PER_LAYER, DataType::kUint16, 2},
    {NNADAPTER_QUANT_INT32_SYMM_PER_LAYER, DataType::kInt32, 4},
    {NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL, DataType::kInt32, 4},
    {NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER, DataType::kUint32, 4},
};

const PrecisionInfo* FindPrecision(int32_t code) {
  for (const PrecisionInfo& p : kPrecisions) {
    if (p.code == code) return &p;
  }
  return nullptr;
}

bool IsPerChannel(int32_t code) {
  return code == NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL || code == NNADAPTER_QUANT_INT16_SYMM_PER_CHANNEL ||
         code == NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL;
}

bool IsSymmPerLayer(int32_t code) {
  return code == NNADAPTER_QUANT_INT8_SYMM_PER_LAYER || code == NNADAPTER_QUANT_INT16_SYMM_PER_LAYER ||
         code == NNADAPTER_QUANT_INT32_SYMM_PER_LAYER;
}

bool IsAsymmPerLayer(int32_t code) {
  return code == NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER || code == NNADAPTER_QUANT_UINT16_ASYMM_PER_LAYER ||
         code == NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER;
}

// NNRt quant params always say numBits 8 (int32 biases included, whose own
// params the accumulating kernels ignore, C-812).
constexpr int32_t kNumBits = 8;

Status ConvertQuant(const NNAdapterOperandType& type, const PrecisionInfo& p, const Dims& dims,
                    std::vector<QuantParam>* quant) {
  quant->clear();
  if (IsSymmPerLayer(p.code)) {
    quant->push_back(QuantParam{kNumBits, 0, type.symm_per_layer_params.scale});
  } else if (IsAsymmPerLayer(p.code)) {
    quant->push_back(
        QuantParam{kNumBits, type.asymm_per_layer_params.zero_point, type.asymm_per_layer_params.scale});
  } else if (IsPerChannel(p.code)) {
    const NNAdapterSymmPerChannelQuantParams& pc = type.symm_per_channel_params;
    if (pc.channel_dim != 0) {
      return Unsupported("per-channel quantisation along dimension " + std::to_string(pc.channel_dim) +
                         ": NNRt carries per-channel scales along dimension 0 only (C-811)");
    }
    if (dims.empty() || pc.scales == nullptr || dims[0] < 0 || pc.scale_count != static_cast<uint32_t>(dims[0])) {
      return InvalidModel("per-channel quantisation needs one scale per index of dimension 0 (scale_count " +
                          std::to_string(pc.scale_count) + ", dims " + DimsToString(dims) + ")");
    }
    for (uint32_t i = 0; i < pc.scale_count; ++i) quant->push_back(QuantParam{kNumBits, 0, pc.scales[i]});
  }
  for (const QuantParam& q : *quant) {
    if (!(std::isfinite(q.scale) && q.scale > 0)) {
      return InvalidModel("quantisation scale " + std::to_string(q.scale) + " is not a finite positive number");
    }
  }
  if (!quant->empty() && (p.size == 2 || p.dtype == DataType::kUint32)) {
    return Unsupported("16- and 32-bit unsigned quantised operands: NNRt quantises 8-bit tensors and 32-bit biases "
                       "only (C-811)");
  }
  return Status::Ok();
}

Status ReadBytes(const Operand* operand, const std::string& what, int32_t precision, size_t* count) {
  if (operand == nullptr) return InvalidModel(what + " is missing");
  if (RawValue(operand->type.precision) != precision) {
    return InvalidModel(what + " has precision " + std::to_string(RawValue(operand->type.precision)) + ", expected " +
                        std::to_string(precision));
  }
  if (!IsConstant(*operand)) return InvalidModel(what + " must be a constant operand (its value is an attribute)");
  const size_t size = PrecisionSize(precision);
  if (operand->length % size != 0) return InvalidModel(what + " has " + std::to_string(operand->length) + " bytes");
  *count = operand->length / size;
  return Status::Ok();
}

template <typename T>
Status ReadScalar(const Operand* operand, const std::string& what, int32_t precision, T* value) {
  size_t count = 0;
  NNRT_RETURN_IF_ERROR(ReadBytes(operand, what, precision, &count));
  if (count != 1) return InvalidModel(what + " must hold one value, holds " + std::to_string(count));
  std::memcpy(value, operand->buffer, sizeof(T));
  return Status::Ok();
}

}  // namespace

size_t PrecisionSize(int32_t precision) {
  const PrecisionInfo* p = FindPrecision(precision);
  return p == nullptr ? 0 : p->size;
}

bool IsConstant(const Operand& operand) {
  const int32_t lifetime = RawValue(operand.type.lifetime);
  return lifetime == NNADAPTER_CONSTANT_COPY || lifetime == NNADAPTER_CONSTANT_REFERENCE;
}

Status ConvertOperandType(const NNAdapterOperandType& type, DataType* dtype, std::vector<QuantParam>* quant,
                          Dims* dims) {
  const PrecisionInfo* p = FindPrecision(RawValue(type.precision));
  if (p == nullptr) return InvalidModel("unknown operand precision " + std::to_string(RawValue(type.precision)));
  if (type.dimensions.count > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) {
    return InvalidModel("operand rank " + std::to_string(type.dimensions.count) + " above " +
                        std::to_string(NNADAPTER_MAX_SIZE_OF_DIMENSIONS));
  }
  dims->assign(type.dimensions.data, type.dimensions.data + type.dimensions.count);
  for (int32_t& d : *dims) {
    if (d == NNADAPTER_UNKNOWN) d = -1;
    if (d < -1) return InvalidModel("operand dimension " + std::to_string(d) + " is negative");
  }
  *dtype = p->dtype;
  return ConvertQuant(type, *p, *dims, quant);
}

Status ReadInt32Scalar(const Operand* operand, const std::string& what, int32_t* value) {
  return ReadScalar(operand, what, NNADAPTER_INT32, value);
}

Status ReadFloatScalar(const Operand* operand, const std::string& what, float* value) {
  return ReadScalar(operand, what, NNADAPTER_FLOAT32, value);
}

Status ReadBoolScalar(const Operand* operand, const std::string& what, bool* value) {
  uint8_t byte = 0;
  NNRT_RETURN_IF_ERROR(ReadScalar(operand, what, NNADAPTER_BOOL8, &byte));
  *value = byte != 0;
  return Status::Ok();
}

Status ReadIntList(const Operand* operand, const std::string& what, std::vector<int64_t>* values) {
  values->clear();
  if (operand == nullptr) return InvalidModel(what + " is missing");
  const int32_t precision = RawValue(operand->type.precision);
  if (precision != NNADAPTER_INT32 && precision != NNADAPTER_INT64) {
    return InvalidModel(what + " must be an INT32 or INT64 tensor");
  }
  if (operand->buffer == nullptr && RawValue(operand->type.lifetime) == NNADAPTER_TEMPORARY_VARIABLE) {
    const bool empty = operand->type.dimensions.count == 1 && operand->type.dimensions.data[0] == 0;
    if (empty) return Status::Ok();
  }
  size_t count = 0;
  NNRT_RETURN_IF_ERROR(ReadBytes(operand, what, precision, &count));
  const auto* bytes = static_cast<const uint8_t*>(operand->buffer);
  for (size_t i = 0; i < count; ++i) {
    if (precision == NNADAPTER_INT32) {
      int32_t v;
      std::memcpy(&v, bytes + 4 * i, 4);
      values->push_back(v);
    } else {
      int64_t v;
      std::memcpy(&v, bytes + 8 * i, 8);
      values->push_back(v);
    }
  }
  return Status::Ok();
}

Status ReadFloatList(const Operand* operand, const std::string& what, std::vector<float>* values) {
  size_t count = 0;
  NNRT_RETURN_IF_ERROR(ReadBytes(operand, what, NNADAPTER_FLOAT32, &count));
  values->resize(count);
  if (count > 0) std::memcpy(values->data(), operand->buffer, count * 4);
  return Status::Ok();
}

}  // namespace nna
}  // namespace nnrt
