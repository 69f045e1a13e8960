// Parameter readers shared by every op builder (ops_catalog 1.1, 1.3). Each
// one checks the parameter tensor's data type and element count exactly as
// the catalogue's per-op tables state, then writes an attribute. "x1" means
// element count 1 (shape [] or any all-ones shape); "strict" means shape [].
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "reference/runtime/op_builders/op_builder.h"

namespace nnrt {
namespace rt {
namespace {

Status Reject(const ParamSpec& spec, const std::string& why) {
  return Status(NNRT_INVALID_PARAMETER, std::string(TensorTypeName(spec.tensor_type)) + ": " + why);
}

const char* OhTypeName(OH_NN_DataType t) {
  static const char* const kNames[] = {"UNKNOWN", "BOOL",   "INT8",   "INT16",   "INT32",   "INT64",  "UINT8",
                                       "UINT16",  "UINT32", "UINT64", "FLOAT16", "FLOAT32", "FLOAT64"};
  return (t >= 0 && t <= 12) ? kNames[t] : "?";
}

// Data present, data type as required, element count as required
// (count < 0: at least one element).
Status CheckParam(const ModelTensor& p, const ParamSpec& spec, OH_NN_DataType dtype, int64_t count) {
  if (p.data_type != dtype) {
    return Reject(spec, std::string("data type must be OH_NN_") + OhTypeName(dtype) + ", got OH_NN_" +
                            OhTypeName(p.data_type));
  }
  if (!p.has_data) return Reject(spec, "parameter has no value (call OH_NNModel_SetTensorData)");
  const uint64_t n = p.ElementCount();
  if (count >= 0 && n != static_cast<uint64_t>(count)) {
    return Reject(spec, "expected " + std::to_string(count) + " element(s), got " + std::to_string(n));
  }
  if (count < 0 && n == 0) return Reject(spec, "expected at least one element");
  return Status::Ok();
}

Status CheckStrictScalarShape(const ModelTensor& p, const ParamSpec& spec) {
  if (!p.dims.empty()) return Reject(spec, "must be a scalar of shape []");
  return Status::Ok();
}

template <typename T>
T ValueAt(const ModelTensor& p, size_t i) {
  T v;
  std::memcpy(&v, p.data.data() + i * sizeof(T), sizeof(T));
  return v;
}

}  // namespace

std::vector<int64_t> Int64Values(const ModelTensor& t) {
  std::vector<int64_t> out(t.data.size() / sizeof(int64_t));
  if (!out.empty()) std::memcpy(out.data(), t.data.data(), out.size() * sizeof(int64_t));
  return out;
}

bool ReadIntegerData(const ModelTensor& t, std::vector<int64_t>* values) {
  if (!t.has_data) return false;
  const uint64_t n = t.ElementCount();
  values->clear();
  for (uint64_t i = 0; i < n; ++i) {
    switch (t.data_type) {
      case OH_NN_INT8: values->push_back(ValueAt<int8_t>(t, i)); break;
      case OH_NN_UINT8: values->push_back(ValueAt<uint8_t>(t, i)); break;
      case OH_NN_INT16: values->push_back(ValueAt<int16_t>(t, i)); break;
      case OH_NN_UINT16: values->push_back(ValueAt<uint16_t>(t, i)); break;
      case OH_NN_INT32: values->push_back(ValueAt<int32_t>(t, i)); break;
      case OH_NN_UINT32: values->push_back(ValueAt<uint32_t>(t, i)); break;
      case OH_NN_INT64: values->push_back(ValueAt<int64_t>(t, i)); break;
      default: return false;
    }
  }
  return true;
}

// OH_NN_FuseType -> HDI ActivationType: 0 -> NO_ACTIVATION, 1 -> RELU, 2 -> RELU6 (3)
// (ops_catalog 1.3; the 2 -> 3 renumbering is pinned by the Sub unit test there).
Status ReadFuseType(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckParam(p, spec, OH_NN_INT8, 1));
  const int8_t v = ValueAt<int8_t>(p, 0);
  static const int8_t kToHdi[] = {static_cast<int8_t>(ActivationType::kNone),
                                  static_cast<int8_t>(ActivationType::kRelu),
                                  static_cast<int8_t>(ActivationType::kRelu6)};
  if (v < OH_NN_FUSED_NONE || v > OH_NN_FUSED_RELU6) {
    return Reject(spec, "fuse type must be 0 (NONE), 1 (RELU) or 2 (RELU6), got " + std::to_string(v));
  }
  state->Set(Attr::Int8(spec.attr, kToHdi[v]));
  return Status::Ok();
}

Status ReadInt64Scalar(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckParam(p, spec, OH_NN_INT64, 1));
  state->Set(Attr::Int64(spec.attr, ValueAt<int64_t>(p, 0)));
  return Status::Ok();
}

Status ReadInt64First(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckParam(p, spec, OH_NN_INT64, -1));
  state->Set(Attr::Int64(spec.attr, ValueAt<int64_t>(p, 0)));
  return Status::Ok();
}

Status ReadInt64List(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckParam(p, spec, OH_NN_INT64, -1));
  state->Set(Attr::Int64s(spec.attr, Int64Values(p)));
  return Status::Ok();
}

// Squeeze axis, BatchToSpaceND blockSize and Split sizeSplits append when the
// parameter type is given twice (ops_catalog 1.1, last bullet).
Status ReadInt64ListAppend(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckParam(p, spec, OH_NN_INT64, -1));
  std::vector<int64_t> values;
  if (state->WasGiven(spec.attr)) values = state->Find(spec.attr)->ints;
  for (int64_t v : Int64Values(p)) values.push_back(v);
  state->Set(Attr::Int64s(spec.attr, std::move(values)));
  return Status::Ok();
}

Status ReadInt64AsList(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckParam(p, spec, OH_NN_INT64, 1));
  state->Set(Attr::Int64s(spec.attr, {ValueAt<int64_t>(p, 0)}));
  return Status::Ok();
}

Status ReadInt64StrictScalar(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckParam(p, spec, OH_NN_INT64, 1));
  NNRT_RETURN_IF_ERROR(CheckStrictScalarShape(p, spec));
  state->Set(Attr::Int64(spec.attr, ValueAt<int64_t>(p, 0)));
  return Status::Ok();
}

Status ReadInt64Ranged(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckParam(p, spec, OH_NN_INT64, 1));
  const int64_t v = ValueAt<int64_t>(p, 0);
  if (v < spec.min_value || v > spec.max_value) {
    return Reject(spec, "value " + std::to_string(v) + " outside [" + std::to_string(spec.min_value) + ", " +
                            std::to_string(spec.max_value) + "]");
  }
  state->Set(Attr::Int64(spec.attr, v));
  return Status::Ok();
}

Status ReadFloatScalar(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckParam(p, spec, OH_NN_FLOAT32, 1));
  state->Set(Attr::Float(spec.attr, ValueAt<float>(p, 0)));
  return Status::Ok();
}

Status ReadFloatStrictScalar(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckParam(p, spec, OH_NN_FLOAT32, 1));
  NNRT_RETURN_IF_ERROR(CheckStrictScalarShape(p, spec));
  state->Set(Attr::Float(spec.attr, ValueAt<float>(p, 0)));
  return Status::Ok();
}

Status ReadFloatList(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckParam(p, spec, OH_NN_FLOAT32, -1));
  std::vector<float> values(p.ElementCount());
  for (size_t i = 0; i < values.size(); ++i) values[i] = ValueAt<float>(p, i);
  state->Set(Attr::Floats(spec.attr, std::move(values)));
  return Status::Ok();
}

Status ReadBoolScalar(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckParam(p, spec, OH_NN_BOOL, 1));
  state->Set(Attr::Bool(spec.attr, p.data[0] != 0));
  return Status::Ok();
}

Status ReadBoolFirst(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckParam(p, spec, OH_NN_BOOL, -1));
  state->Set(Attr::Bool(spec.attr, p.data[0] != 0));
  return Status::Ok();
}

Status ReadInt8Enum(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckParam(p, spec, OH_NN_INT8, 1));
  const int8_t v = ValueAt<int8_t>(p, 0);
  if (v < spec.min_value || v > spec.max_value) {
    return Reject(spec, "value " + std::to_string(v) + " outside [" + std::to_string(spec.min_value) + ", " +
                            std::to_string(spec.max_value) + "]");
  }
  state->Set(Attr::Int8(spec.attr, v));
  return Status::Ok();
}

Status ReadInt32Enum(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckParam(p, spec, OH_NN_INT32, 1));
  const int32_t v = ValueAt<int32_t>(p, 0);
  if (v < spec.min_value || v > spec.max_value) {
    return Reject(spec, "value " + std::to_string(v) + " outside [" + std::to_string(spec.min_value) + ", " +
                            std::to_string(spec.max_value) + "]");
  }
  state->Set(Attr::Int8(spec.attr, static_cast<int8_t>(v)));
  return Status::Ok();
}

// One tensor-type slot carries either padMode (1 element, INT8: 0 -> SAME,
// 1 -> VALID, 2 -> VALID) or the explicit pad list (4 elements, INT64,
// [top, bottom, left, right]); ops_catalog 1.3.
Status ReadPadModeOrList(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  const uint64_t n = p.ElementCount();
  if (n == 1) {
    NNRT_RETURN_IF_ERROR(CheckParam(p, spec, OH_NN_INT8, 1));
    const int8_t v = ValueAt<int8_t>(p, 0);
    // The docs define 0 (same) and 1 (valid); OpenHarmony also accepts 2 as
    // valid, and so does the reference (ops_catalog 1.3, C-105).
    if (v < 0 || v > 2) {
      return Reject(spec, "pad mode must be 0 (same), 1 (valid) or 2 (valid, as OpenHarmony accepts; C-105), got " +
                              std::to_string(v));
    }
    const PadMode hdi = (v == 0) ? PadMode::kSame : PadMode::kValid;
    state->Set(Attr::Int8("padMode", static_cast<int8_t>(hdi)));
    return Status::Ok();
  }
  if (n == 4) {
    NNRT_RETURN_IF_ERROR(CheckParam(p, spec, OH_NN_INT64, 4));
    state->Set(Attr::Int64s(spec.attr, Int64Values(p)));
    return Status::Ok();
  }
  return Reject(spec, "expected 1 element (pad mode) or 4 elements (pad list), got " + std::to_string(n));
}

// OH_NN round mode (INT32): 0 floor, 1 ceil -> HDI RoundMode of the same value.
Status ReadRoundMode(const ModelTensor& p, const ParamSpec& spec, BuildState* state) {
  NNRT_RETURN_IF_ERROR(CheckParam(p, spec, OH_NN_INT32, 1));
  const int32_t v = ValueAt<int32_t>(p, 0);
  if (v != 0 && v != 1) return Reject(spec, "round mode must be 0 (floor) or 1 (ceil), got " + std::to_string(v));
  state->Set(Attr::Int8(spec.attr, static_cast<int8_t>(v)));
  return Status::Ok();
}

}  // namespace rt
}  // namespace nnrt
