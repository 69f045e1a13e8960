#include "importers/onnx/onnx_tensor.h"

#include <cstring>
#include <fstream>
#include <sstream>

#include "reference/numerics/numerics.h"

namespace nnrt {
namespace onnx_import {

std::optional<DataType> DataTypeFromOnnx(int32_t onnx_type) {
  switch (onnx_type) {
    case onnx::TensorProto::FLOAT: return DataType::kFloat32;
    case onnx::TensorProto::UINT8: return DataType::kUint8;
    case onnx::TensorProto::INT8: return DataType::kInt8;
    case onnx::TensorProto::UINT16: return DataType::kUint16;
    case onnx::TensorProto::INT16: return DataType::kInt16;
    case onnx::TensorProto::INT32: return DataType::kInt32;
    case onnx::TensorProto::INT64: return DataType::kInt64;
    case onnx::TensorProto::BOOL: return DataType::kBool;
    case onnx::TensorProto::FLOAT16: return DataType::kFloat16;
    case onnx::TensorProto::DOUBLE: return DataType::kFloat64;
    case onnx::TensorProto::UINT32: return DataType::kUint32;
    case onnx::TensorProto::UINT64: return DataType::kUint64;
    default: return std::nullopt;
  }
}

std::string OnnxDataTypeName(int32_t onnx_type) {
  if (onnx::TensorProto_DataType_IsValid(onnx_type)) {
    return onnx::TensorProto_DataType_Name(static_cast<onnx::TensorProto_DataType>(onnx_type));
  }
  return "data type " + std::to_string(onnx_type);
}

namespace {

// Copies the typed repeated field into element bytes of `dtype` (each value
// is the element's exact value or, for float16, its bit pattern in int32_data).
template <typename Field>
void StoreTypedField(const Field& field, DataType dtype, std::vector<uint8_t>* bytes) {
  const size_t size = DataTypeSize(dtype);
  bytes->assign(static_cast<size_t>(field.size()) * size, 0);
  for (int i = 0; i < field.size(); ++i) {
    const auto v = field.Get(i);
    if (dtype == DataType::kFloat16) {
      const uint16_t bits = static_cast<uint16_t>(v);
      std::memcpy(bytes->data() + i * size, &bits, size);
    } else if (dtype == DataType::kFloat32 || dtype == DataType::kFloat64) {
      StoreDouble(dtype, bytes->data(), static_cast<size_t>(i), static_cast<double>(v));
    } else if (dtype == DataType::kUint64) {
      const uint64_t u = static_cast<uint64_t>(v);
      std::memcpy(bytes->data() + i * size, &u, size);
    } else {
      StoreInt64(dtype, bytes->data(), static_cast<size_t>(i), static_cast<int64_t>(v));
    }
  }
}

}  // namespace

Status TensorFromProto(const onnx::TensorProto& proto, HostTensor* out) {
  const std::optional<DataType> dtype = DataTypeFromOnnx(proto.data_type());
  const std::string label = "tensor '" + proto.name() + "'";
  if (!dtype) return Unsupported(label + ": ONNX data type " + OnnxDataTypeName(proto.data_type()) + " has no NNRt equivalent");
  if (proto.data_location() == onnx::TensorProto::EXTERNAL) return Unsupported(label + ": external data is not read");
  out->name = proto.name();
  out->data_type = *dtype;
  out->dims.clear();
  for (int64_t d : proto.dims()) {
    if (d < 0 || d > INT32_MAX) return Status(NNRT_INVALID_FILE, label + ": dim " + std::to_string(d) + " out of range");
    out->dims.push_back(static_cast<int32_t>(d));
  }
  const std::optional<int64_t> count = ElementCount(out->dims);
  if (!count || *count > (int64_t{1} << 28)) return Status(NNRT_INVALID_FILE, label + ": element count out of range");
  const size_t bytes = static_cast<size_t>(*count) * DataTypeSize(*dtype);
  if (proto.has_raw_data()) {
    out->data.assign(proto.raw_data().begin(), proto.raw_data().end());
  } else if (*dtype == DataType::kFloat32) {
    StoreTypedField(proto.float_data(), *dtype, &out->data);
  } else if (*dtype == DataType::kFloat64) {
    StoreTypedField(proto.double_data(), *dtype, &out->data);
  } else if (*dtype == DataType::kInt64) {
    StoreTypedField(proto.int64_data(), *dtype, &out->data);
  } else if (*dtype == DataType::kUint32 || *dtype == DataType::kUint64) {
    StoreTypedField(proto.uint64_data(), *dtype, &out->data);
  } else {  // int8/16/32, uint8/16, bool, float16 travel in int32_data
    StoreTypedField(proto.int32_data(), *dtype, &out->data);
  }
  if (out->data.size() != bytes) {
    return Status(NNRT_INVALID_FILE, label + " " + DimsToString(out->dims) + ": holds " + std::to_string(out->data.size()) +
                                         " bytes of " + DataTypeName(*dtype) + ", needs " + std::to_string(bytes));
  }
  return Status::Ok();
}

Status ReadTensorProtoFile(const std::string& path, HostTensor* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status(NNRT_INVALID_PATH, path + ": cannot open");
  onnx::TensorProto proto;
  if (!proto.ParseFromIstream(&in)) return Status(NNRT_INVALID_FILE, path + ": not a serialized onnx.TensorProto");
  return TensorFromProto(proto, out).WithContext(path);
}

size_t ElementCountOf(const HostTensor& t) { return static_cast<size_t>(ElementCount(t.dims).value_or(0)); }

int64_t IntElement(const HostTensor& t, size_t i) { return LoadAsInt64(t.data_type, t.data.data(), i); }

}  // namespace onnx_import
}  // namespace nnrt
