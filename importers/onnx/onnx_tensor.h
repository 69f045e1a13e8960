// ONNX TensorProto values as NNRt tensors: the data type mapping and the
// conversion of raw_data / typed fields into little-endian element bytes.
#ifndef NNRT_IMPORTERS_ONNX_ONNX_TENSOR_H_
#define NNRT_IMPORTERS_ONNX_ONNX_TENSOR_H_

#include <cstdint>
#include <optional>
#include <string>

#include "onnx/onnx_pb.h"
#include "reference/ir/ir.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace onnx_import {

// The NNRt data type of an ONNX TensorProto.DataType value; nullopt for the
// ONNX types NNRt has no equivalent of (string, complex, bfloat16, float8...).
std::optional<DataType> DataTypeFromOnnx(int32_t onnx_type);
// "FLOAT", "STRING", ... (the TensorProto.DataType enum name) for messages.
std::string OnnxDataTypeName(int32_t onnx_type);

// The value of a TensorProto: dtype, dims and element bytes. Fails with
// NNRT_UNSUPPORTED_OP for a data type NNRt lacks or external data, and with
// NNRT_INVALID_FILE when the element count and the stored values disagree.
Status TensorFromProto(const onnx::TensorProto& proto, HostTensor* out);

// Reads a serialized TensorProto file (test_data_set_N/input_K.pb).
Status ReadTensorProtoFile(const std::string& path, HostTensor* out);

// Element i of an integer tensor as int64 (int8..uint64, bool).
int64_t IntElement(const HostTensor& t, size_t i);
size_t ElementCountOf(const HostTensor& t);

}  // namespace onnx_import
}  // namespace nnrt

#endif  // NNRT_IMPORTERS_ONNX_ONNX_TENSOR_H_
