// OH_NNModel behaviour: every check in the order of api_state_machine 1.3.3,
// and the lowering done by Finish (api_state_machine 1.2.1 "What Finish
// produces", ops_catalog 1.1).
#include "reference/runtime/nn_model.h"

#include <cstring>
#include <limits>
#include <string>
#include <utility>

#include "reference/ir/quant_param_rules.h"
#include "reference/runtime/op_builders/op_builder.h"

namespace nnrt {
namespace rt {
namespace {

constexpr int32_t kMaxTensorType = OH_NN_REDUCE_L2_COEFF;  // 162, api_state_machine 2.2
constexpr uint32_t kRequiredNumBits = 8;                  // quantization_semantics 4: numBits must be 8

bool IsValidOhDataType(int32_t v) { return v >= OH_NN_UNKNOWN && v <= OH_NN_FLOAT64; }

bool Contains(const std::vector<uint32_t>& v, uint32_t x) {
  for (uint32_t e : v) {
    if (e == x) return true;
  }
  return false;
}

std::vector<uint32_t> ToVector(const OH_NN_UInt32Array& a) {
  return a.data == nullptr ? std::vector<uint32_t>() : std::vector<uint32_t>(a.data, a.data + a.size);
}

OH_NN_ReturnCode ToOhCode(const Status& s) {
  switch (s.code()) {
    case NNRT_SUCCESS: return OH_NN_SUCCESS;
    case NNRT_OPERATION_FORBIDDEN: return OH_NN_OPERATION_FORBIDDEN;
    case NNRT_MEMORY_ERROR: return OH_NN_MEMORY_ERROR;
    case NNRT_NULL_PTR: return OH_NN_NULL_PTR;
    case NNRT_FAILED: return OH_NN_FAILED;
    default: return OH_NN_INVALID_PARAMETER;
  }
}

// A zero point outside the tensor's integer data type (C-300): the same rule
// ValidateModelStructure applies, reported where the app sets the value.
Status CheckOhZeroPoint(int32_t oh_data_type, int32_t zero_point, size_t index) {
  const auto t = DataTypeFromOhnn(oh_data_type);
  if (!t) return Status::Ok();
  return CheckZeroPointInTypeRange(*t, zero_point, "quantParam", index);
}

// OH_NN_Format -> HDI Format (ops_catalog 1.3): NCHW stays NCHW, everything
// else (NONE, NHWC, ND) becomes NHWC.
Format LowerFormat(OH_NN_Format f) { return f == OH_NN_FORMAT_NCHW ? Format::kNchw : Format::kNhwc; }

}  // namespace

size_t OhElementSize(int32_t oh_data_type) {
  switch (oh_data_type) {
    case OH_NN_BOOL:
    case OH_NN_INT8:
    case OH_NN_UINT8: return 1;
    case OH_NN_INT16:
    case OH_NN_UINT16:
    case OH_NN_FLOAT16: return 2;
    case OH_NN_INT32:
    case OH_NN_UINT32:
    case OH_NN_FLOAT32: return 4;
    case OH_NN_INT64:
    case OH_NN_UINT64:
    case OH_NN_FLOAT64: return 8;
    default: return 0;
  }
}

bool ModelTensor::IsDynamic() const {
  for (int32_t d : dims) {
    if (d < 0) return true;
  }
  return false;
}

uint64_t ModelTensor::ElementCount() const {
  if (IsDynamic()) return 0;
  uint64_t n = 1;
  for (int32_t d : dims) n *= static_cast<uint64_t>(d);  // bounded: ValidateShape keeps bytes <= UINT32_MAX
  return n;
}

uint64_t ModelTensor::ByteSize() const { return ElementCount() * OhElementSize(data_type); }

OH_NN_ReturnCode NNModel::Fail(OH_NN_ReturnCode code, std::string message) {
  last_error_ = std::move(message);
  return code;
}

// Shared tensor validation (api_state_machine 1.2.1 "Model tensor validation").
OH_NN_ReturnCode NNModel::ValidateShape(int32_t data_type, const int32_t* dims, size_t rank) {
  if (!IsValidOhDataType(data_type)) {
    return Fail(OH_NN_INVALID_PARAMETER, "data type " + std::to_string(data_type) + " is not an OH_NN_DataType");
  }
  if (rank > kMaxModelTensorRank) {
    return Fail(OH_NN_INVALID_PARAMETER, "rank " + std::to_string(rank) + " exceeds 200");
  }
  uint64_t bytes = OhElementSize(data_type);
  for (size_t i = 0; i < rank; ++i) {
    if (dims[i] == 0 || dims[i] < -1) {
      return Fail(OH_NN_INVALID_PARAMETER, "dimension " + std::to_string(i) + " is " + std::to_string(dims[i]) +
                                               "; each must be > 0 or -1 (dynamic)");
    }
    const uint64_t extent = dims[i] < 0 ? 1 : static_cast<uint64_t>(dims[i]);
    if (bytes != 0 && extent > std::numeric_limits<uint32_t>::max() / bytes) {
      return Fail(OH_NN_INVALID_PARAMETER, "tensor byte size exceeds UINT32_MAX");
    }
    bytes *= extent;
  }
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode NNModel::AddTensorFromDesc(int32_t data_type, const int32_t* dims, size_t rank, int32_t format) {
  // No Finished check here: OpenHarmony appends after Finish too, and the docs
  // do not forbid it; the tensor is simply not part of the lowered model
  // (docs/clarifications.md C-101).
  OH_NN_ReturnCode rc = ValidateShape(data_type, dims, rank);
  if (rc != OH_NN_SUCCESS) return rc;
  if (format < OH_NN_FORMAT_NONE || format > OH_NN_FORMAT_ND) {
    return Fail(OH_NN_INVALID_PARAMETER, "format " + std::to_string(format) + " is not an OH_NN_Format");
  }
  ModelTensor t;
  t.data_type = static_cast<OH_NN_DataType>(data_type);
  if (rank > 0) t.dims.assign(dims, dims + rank);
  t.format = static_cast<OH_NN_Format>(format);
  tensors_.push_back(std::move(t));
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode NNModel::AddTensorApi9(int32_t data_type, uint32_t rank, const int32_t* dims,
                                        const OH_NN_QuantParam* quant_param, int32_t tensor_type) {
  if (finished_) return Fail(OH_NN_OPERATION_FORBIDDEN, "the model is finished");
  if (!IsValidOhDataType(data_type)) {
    return Fail(OH_NN_INVALID_PARAMETER, "data type " + std::to_string(data_type) + " is not an OH_NN_DataType");
  }
  if (tensor_type < OH_NN_TENSOR || tensor_type > kMaxTensorType) {
    return Fail(OH_NN_INVALID_PARAMETER, "tensor type " + std::to_string(tensor_type) + " outside [0, 162]");
  }
  if ((dims != nullptr) != (rank > 0)) {
    return Fail(OH_NN_INVALID_PARAMETER, "dimensions must be non-NULL exactly when dimensionCount > 0");
  }
  OH_NN_ReturnCode rc = ValidateShape(data_type, dims, rank);
  if (rc != OH_NN_SUCCESS) return rc;
  ModelTensor t;
  if (quant_param != nullptr) {
    const OH_NN_QuantParam& q = *quant_param;
    if (q.numBits == nullptr || q.scale == nullptr || q.zeroPoint == nullptr) {
      return Fail(OH_NN_INVALID_PARAMETER, "quantParam needs numBits, scale and zeroPoint");
    }
    for (uint32_t i = 0; i < q.quantCount; ++i) {
      if (q.numBits[i] != kRequiredNumBits) {
        return Fail(OH_NN_INVALID_PARAMETER, "quantParam numBits must be 8");
      }
      const Status zero_point = CheckOhZeroPoint(data_type, q.zeroPoint[i], i);
      if (!zero_point.ok()) return Fail(OH_NN_INVALID_PARAMETER, zero_point.message());
      t.quant_params.push_back(QuantParam{static_cast<int32_t>(q.numBits[i]), q.zeroPoint[i], q.scale[i]});
    }
  }
  t.data_type = static_cast<OH_NN_DataType>(data_type);
  if (rank > 0) t.dims.assign(dims, dims + rank);
  t.tensor_type = static_cast<OH_NN_TensorType>(tensor_type);
  tensors_.push_back(std::move(t));
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode NNModel::SetTensorData(uint32_t index, const void* data, size_t length) {
  if (data == nullptr) return Fail(OH_NN_INVALID_PARAMETER, "dataBuffer is NULL");
  if (length == 0) return Fail(OH_NN_INVALID_PARAMETER, "length is 0");
  if (finished_) return Fail(OH_NN_OPERATION_FORBIDDEN, "the model is finished");
  if (index >= tensors_.size()) {
    return Fail(OH_NN_INVALID_PARAMETER, "tensor index " + std::to_string(index) + " out of range");
  }
  ModelTensor& t = tensors_[index];
  if (t.has_data) return Fail(OH_NN_INVALID_PARAMETER, "tensor " + std::to_string(index) + " already has data");
  if (t.IsDynamic()) {
    return Fail(OH_NN_OPERATION_FORBIDDEN, "tensor " + std::to_string(index) + " has a dynamic shape");
  }
  if (length != t.ByteSize()) {
    return Fail(OH_NN_INVALID_PARAMETER, "length " + std::to_string(length) + " differs from the tensor's " +
                                             std::to_string(t.ByteSize()) + " bytes");
  }
  // API 9 doc: model inputs and outputs cannot be given data (docs/clarifications.md C-117).
  if (Contains(input_indices_, index) || Contains(output_indices_, index)) {
    return Fail(OH_NN_INVALID_PARAMETER, "tensor " + std::to_string(index) + " is a model input or output");
  }
  const uint8_t* bytes = static_cast<const uint8_t*>(data);
  t.data.assign(bytes, bytes + length);
  t.has_data = true;
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode NNModel::SetTensorQuantParams(uint32_t index, const std::vector<double>& scales,
                                               const std::vector<int32_t>& zero_points,
                                               const std::vector<uint32_t>& num_bits) {
  if (finished_) return Fail(OH_NN_OPERATION_FORBIDDEN, "the model is finished");
  if (index >= tensors_.size()) {
    return Fail(OH_NN_INVALID_PARAMETER, "tensor index " + std::to_string(index) + " out of range");
  }
  if (scales.size() != zero_points.size() || scales.size() != num_bits.size()) {
    return Fail(OH_NN_INVALID_PARAMETER, "scales, zero points and numBits differ in count");
  }
  ModelTensor& t = tensors_[index];
  std::vector<QuantParam> params;
  for (size_t i = 0; i < scales.size(); ++i) {
    if (num_bits[i] != kRequiredNumBits) {
      t.quant_params.clear();
      return Fail(OH_NN_INVALID_PARAMETER, "numBits must be 8");
    }
    const Status zero_point = CheckOhZeroPoint(t.data_type, zero_points[i], i);
    if (!zero_point.ok()) {
      t.quant_params.clear();
      return Fail(OH_NN_INVALID_PARAMETER, "tensor " + std::to_string(index) + ": " + zero_point.message());
    }
    params.push_back(QuantParam{static_cast<int32_t>(num_bits[i]), zero_points[i], scales[i]});
  }
  t.quant_params = std::move(params);
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode NNModel::SetTensorType(uint32_t index, int32_t tensor_type) {
  if (tensor_type < OH_NN_TENSOR || tensor_type > kMaxTensorType) {
    return Fail(OH_NN_INVALID_PARAMETER, "tensor type " + std::to_string(tensor_type) + " outside [0, 162]");
  }
  if (finished_) return Fail(OH_NN_OPERATION_FORBIDDEN, "the model is finished");
  if (index >= tensors_.size()) {
    return Fail(OH_NN_INVALID_PARAMETER, "tensor index " + std::to_string(index) + " out of range");
  }
  tensors_[index].tensor_type = static_cast<OH_NN_TensorType>(tensor_type);
  return OH_NN_SUCCESS;
}

// (data != NULL) == (size > 0), and every index names a tensor.
OH_NN_ReturnCode NNModel::ValidateIndexArray(const OH_NN_UInt32Array& array, const char* role, bool allow_empty) {
  if ((array.data != nullptr) != (array.size > 0)) {
    return Fail(OH_NN_INVALID_PARAMETER, std::string(role) + ": data must be non-NULL exactly when size > 0");
  }
  if (!allow_empty && array.size == 0) return Fail(OH_NN_INVALID_PARAMETER, std::string(role) + " is empty");
  for (uint32_t i = 0; i < array.size; ++i) {
    if (array.data[i] >= tensors_.size()) {
      return Fail(OH_NN_INVALID_PARAMETER,
                  std::string(role) + ": tensor index " + std::to_string(array.data[i]) + " out of range");
    }
  }
  return OH_NN_SUCCESS;
}

// AddOperation rows 3-8, shared with SpecifyInputsAndOutputs.
OH_NN_ReturnCode NNModel::ValidateDataTensorArrays(const OH_NN_UInt32Array& inputs,
                                                   const OH_NN_UInt32Array& outputs) {
  if (inputs.size == 0 || inputs.size > kMaxIndicesPerArray) {
    return Fail(OH_NN_INVALID_PARAMETER, "input count must be 1..200, got " + std::to_string(inputs.size));
  }
  if (outputs.size == 0 || outputs.size > kMaxIndicesPerArray) {
    return Fail(OH_NN_INVALID_PARAMETER, "output count must be 1..200, got " + std::to_string(outputs.size));
  }
  OH_NN_ReturnCode rc = ValidateIndexArray(inputs, "inputIndices", false);
  if (rc != OH_NN_SUCCESS) return rc;
  rc = ValidateIndexArray(outputs, "outputIndices", false);
  if (rc != OH_NN_SUCCESS) return rc;
  for (const OH_NN_UInt32Array* a : {&inputs, &outputs}) {
    for (uint32_t i = 0; i < a->size; ++i) {
      if (tensors_[a->data[i]].tensor_type != OH_NN_TENSOR) {
        return Fail(OH_NN_INVALID_PARAMETER,
                    "tensor " + std::to_string(a->data[i]) + " is a parameter tensor, not OH_NN_TENSOR");
      }
    }
  }
  const std::vector<uint32_t> in = ToVector(inputs);
  for (uint32_t i = 0; i < outputs.size; ++i) {
    if (Contains(in, outputs.data[i])) {
      return Fail(OH_NN_INVALID_PARAMETER,
                  "tensor " + std::to_string(outputs.data[i]) + " is both an input and an output");
    }
  }
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode NNModel::AddOperation(int32_t op_type, const OH_NN_UInt32Array& params,
                                       const OH_NN_UInt32Array& inputs, const OH_NN_UInt32Array& outputs) {
  if (finished_) return Fail(OH_NN_OPERATION_FORBIDDEN, "the model is finished");
  OH_NN_ReturnCode rc = ValidateDataTensorArrays(inputs, outputs);
  if (rc != OH_NN_SUCCESS) return rc;
  rc = ValidateIndexArray(params, "paramIndices", true);
  if (rc != OH_NN_SUCCESS) return rc;
  const OpBuilderSpec* spec = FindOpBuilder(op_type);
  if (spec == nullptr) {
    return Fail(OH_NN_INVALID_PARAMETER, "operation type " + std::to_string(op_type) + " is not 1..108");
  }
  BuildRequest request;
  request.tensors = &tensors_;
  request.params = ToVector(params);
  request.inputs = ToVector(inputs);
  request.outputs = ToVector(outputs);
  ModelOperation op{spec->op, request.params, request.inputs, request.outputs, Node()};
  Status s = BuildOperation(*spec, request, &op.node);
  if (!s.ok()) return Fail(ToOhCode(s), s.message());
  op.node.name = std::string(spec->name) + ":" + std::to_string(operations_.size());
  for (uint32_t p : request.params) tensors_[p].is_op_parameter = true;
  operations_.push_back(std::move(op));
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode NNModel::SpecifyInputsAndOutputs(const OH_NN_UInt32Array& inputs,
                                                  const OH_NN_UInt32Array& outputs) {
  if (finished_) return Fail(OH_NN_OPERATION_FORBIDDEN, "the model is finished");
  if (io_specified_) return Fail(OH_NN_OPERATION_FORBIDDEN, "inputs and outputs were already specified");
  OH_NN_ReturnCode rc = ValidateDataTensorArrays(inputs, outputs);
  if (rc != OH_NN_SUCCESS) return rc;
  for (const OH_NN_UInt32Array* a : {&inputs, &outputs}) {
    for (uint32_t i = 0; i < a->size; ++i) {
      if (tensors_[a->data[i]].has_data) {
        return Fail(OH_NN_INVALID_PARAMETER, "tensor " + std::to_string(a->data[i]) +
                                                 " has constant data and cannot be a model input or output (C-117)");
      }
    }
  }
  input_indices_ = ToVector(inputs);
  output_indices_ = ToVector(outputs);
  io_specified_ = true;
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode NNModel::Finish() {
  if (finished_) return Fail(OH_NN_OPERATION_FORBIDDEN, "the model is already finished");
  if (tensors_.empty()) return Fail(OH_NN_OPERATION_FORBIDDEN, "the model has no tensors");
  if (operations_.empty()) return Fail(OH_NN_OPERATION_FORBIDDEN, "the model has no operations");
  if (!io_specified_) return Fail(OH_NN_OPERATION_FORBIDDEN, "inputs and outputs are not specified");
  Lower();
  finished_ = true;
  return OH_NN_SUCCESS;
}

// Parameter tensors are dropped, the others keep their order and are
// renumbered densely. A tensor flagged as a parameter that is also used as a
// data tensor somewhere (possible after SetTensorType) is kept
// (docs/clarifications.md C-102).
void NNModel::Lower() {
  std::vector<bool> referenced(tensors_.size(), false);
  for (const ModelOperation& op : operations_) {
    for (uint32_t i : op.inputs) referenced[i] = true;
    for (uint32_t o : op.outputs) referenced[o] = true;
  }
  for (uint32_t i : input_indices_) referenced[i] = true;
  for (uint32_t o : output_indices_) referenced[o] = true;

  lowered_ = Model();
  lowered_.name = "NNR_Model";
  std::vector<uint32_t> new_index(tensors_.size(), 0);
  for (size_t i = 0; i < tensors_.size(); ++i) {
    const ModelTensor& t = tensors_[i];
    if (t.is_op_parameter && !referenced[i]) continue;
    new_index[i] = static_cast<uint32_t>(lowered_.tensors.size());
    Tensor out;
    out.name = "Tensor: " + std::to_string(i);
    out.data_type = DataTypeFromOhnn(t.data_type).value_or(DataType::kUnknown);
    out.dims = t.dims;
    out.format = LowerFormat(t.format);
    out.data = t.data;
    out.quant_params = t.quant_params;
    lowered_.tensors.push_back(std::move(out));
  }
  auto remap = [&new_index](const std::vector<uint32_t>& v) {
    std::vector<uint32_t> r;
    for (uint32_t x : v) r.push_back(new_index[x]);
    return r;
  };
  lowered_.inputs = remap(input_indices_);
  lowered_.outputs = remap(output_indices_);
  SubGraph main;
  main.name = "NNRt_SubGraph";
  for (const ModelOperation& op : operations_) {
    Node node = op.node;
    node.inputs = remap(op.node.inputs);
    node.outputs = remap(op.node.outputs);
    main.nodes.push_back(static_cast<uint32_t>(lowered_.nodes.size()));
    lowered_.nodes.push_back(std::move(node));
  }
  lowered_.subgraphs.push_back(std::move(main));
}

}  // namespace rt
}  // namespace nnrt
