#include "bench/ohnn_graph.h"

namespace nnrt {
namespace bench {

OhnnGraph::OhnnGraph() : model_(OH_NNModel_Construct()) {
  if (model_ == nullptr) error_ = "OH_NNModel_Construct returned null";
}

OhnnGraph::~OhnnGraph() {
  if (model_ != nullptr) OH_NNModel_Destroy(&model_);
}

void OhnnGraph::Check(OH_NN_ReturnCode rc, const char* call) {
  if (rc != OH_NN_SUCCESS && error_.empty()) {
    error_ = std::string(call) + " failed with OH_NN code " + std::to_string(static_cast<int>(rc)) + " (tensor " +
             std::to_string(next_) + ")";
  }
}

uint32_t OhnnGraph::AddTensor(OH_NN_DataType type, const std::vector<int32_t>& shape, Quant quant) {
  const uint32_t index = next_;
  if (!ok()) return index;
  NN_TensorDesc* desc = OH_NNTensorDesc_Create();
  Check(OH_NNTensorDesc_SetDataType(desc, type), "OH_NNTensorDesc_SetDataType");
  if (!shape.empty()) Check(OH_NNTensorDesc_SetShape(desc, shape.data(), shape.size()), "OH_NNTensorDesc_SetShape");
  Check(OH_NNModel_AddTensorToModel(model_, desc), "OH_NNModel_AddTensorToModel");
  OH_NNTensorDesc_Destroy(&desc);
  if (quant.scale != 0) {
    NN_QuantParam* qp = OH_NNQuantParam_Create();
    const uint32_t bits = 8;
    Check(OH_NNQuantParam_SetScales(qp, &quant.scale, 1), "OH_NNQuantParam_SetScales");
    Check(OH_NNQuantParam_SetZeroPoints(qp, &quant.zero_point, 1), "OH_NNQuantParam_SetZeroPoints");
    Check(OH_NNQuantParam_SetNumBits(qp, &bits, 1), "OH_NNQuantParam_SetNumBits");
    Check(OH_NNModel_SetTensorQuantParams(model_, index, qp), "OH_NNModel_SetTensorQuantParams");
    OH_NNQuantParam_Destroy(&qp);
  }
  ++next_;
  return index;
}

uint32_t OhnnGraph::Input(OH_NN_DataType type, const std::vector<int32_t>& shape, Quant quant) {
  const uint32_t index = AddTensor(type, shape, quant);
  inputs_.push_back(index);
  return index;
}

uint32_t OhnnGraph::Constant(OH_NN_DataType type, const std::vector<int32_t>& shape,
                             const std::vector<uint8_t>& bytes, Quant quant) {
  const uint32_t index = AddTensor(type, shape, quant);
  if (ok()) Check(OH_NNModel_SetTensorData(model_, index, bytes.data(), bytes.size()), "OH_NNModel_SetTensorData");
  return index;
}

uint32_t OhnnGraph::Tensor(OH_NN_DataType type, const std::vector<int32_t>& shape, Quant quant) {
  return AddTensor(type, shape, quant);
}

uint32_t OhnnGraph::AddParam(OH_NN_TensorType tensor_type, OH_NN_DataType type, const std::vector<uint8_t>& bytes,
                             int32_t count) {
  const uint32_t index = AddTensor(type, {count}, Quant{});
  if (!ok()) return index;
  Check(OH_NNModel_SetTensorType(model_, index, tensor_type), "OH_NNModel_SetTensorType");
  Check(OH_NNModel_SetTensorData(model_, index, bytes.data(), bytes.size()), "OH_NNModel_SetTensorData (param)");
  return index;
}

void OhnnGraph::Operation(OH_NN_OperationType op, const std::vector<uint32_t>& params,
                          const std::vector<uint32_t>& inputs, const std::vector<uint32_t>& outputs) {
  if (!ok()) return;
  std::vector<uint32_t> p = params, i = inputs, o = outputs;
  const OH_NN_UInt32Array pa{p.data(), static_cast<uint32_t>(p.size())};
  const OH_NN_UInt32Array ia{i.data(), static_cast<uint32_t>(i.size())};
  const OH_NN_UInt32Array oa{o.data(), static_cast<uint32_t>(o.size())};
  Check(OH_NNModel_AddOperation(model_, op, &pa, &ia, &oa), "OH_NNModel_AddOperation");
}

void OhnnGraph::Finish(const std::vector<uint32_t>& outputs) {
  if (!ok()) return;
  std::vector<uint32_t> o = outputs;
  const OH_NN_UInt32Array ia{inputs_.data(), static_cast<uint32_t>(inputs_.size())};
  const OH_NN_UInt32Array oa{o.data(), static_cast<uint32_t>(o.size())};
  Check(OH_NNModel_SpecifyInputsAndOutputs(model_, &ia, &oa), "OH_NNModel_SpecifyInputsAndOutputs");
  Check(OH_NNModel_Finish(model_), "OH_NNModel_Finish");
}

namespace {

bool Fail(std::string* error, const std::string& what, OH_NN_ReturnCode rc) {
  *error = what + " failed with OH_NN code " + std::to_string(static_cast<int>(rc));
  return false;
}

NN_Tensor* MakeTensor(NN_TensorDesc* desc, size_t device) {
  NN_Tensor* t = desc == nullptr ? nullptr : OH_NNTensor_Create(device, desc);
  if (desc != nullptr) OH_NNTensorDesc_Destroy(&desc);
  return t;
}

}  // namespace

std::string FirstDeviceName() {
  const size_t* ids = nullptr;
  uint32_t count = 0;
  const char* name = nullptr;
  if (OH_NNDevice_GetAllDevicesID(&ids, &count) != OH_NN_SUCCESS || count == 0 || ids == nullptr ||
      OH_NNDevice_GetName(ids[0], &name) != OH_NN_SUCCESS || name == nullptr) {
    return "";
  }
  return name;
}

OhnnSession::~OhnnSession() {
  for (NN_Tensor*& t : inputs_) OH_NNTensor_Destroy(&t);
  for (NN_Tensor*& t : outputs_) OH_NNTensor_Destroy(&t);
  if (executor_ != nullptr) OH_NNExecutor_Destroy(&executor_);
}

bool OhnnSession::Prepare(const OhnnGraph& graph, std::string* error) {
  if (!graph.ok()) {
    *error = "model: " + graph.error();
    return false;
  }
  const size_t* ids = nullptr;
  uint32_t count = 0;
  OH_NN_ReturnCode rc = OH_NNDevice_GetAllDevicesID(&ids, &count);
  if (rc != OH_NN_SUCCESS) return Fail(error, "OH_NNDevice_GetAllDevicesID", rc);
  if (count == 0 || ids == nullptr) {
    *error = "no NNRt device";
    return false;
  }
  device_ = ids[0];
  OH_NNCompilation* compilation = OH_NNCompilation_Construct(graph.model());
  if (compilation == nullptr) {
    *error = "OH_NNCompilation_Construct returned null";
    return false;
  }
  rc = OH_NNCompilation_SetDevice(compilation, device_);
  if (rc == OH_NN_SUCCESS) rc = OH_NNCompilation_Build(compilation);
  if (rc == OH_NN_SUCCESS) executor_ = OH_NNExecutor_Construct(compilation);
  OH_NNCompilation_Destroy(&compilation);
  if (rc != OH_NN_SUCCESS) return Fail(error, "OH_NNCompilation_SetDevice/Build", rc);
  if (executor_ == nullptr) {
    *error = "OH_NNExecutor_Construct returned null";
    return false;
  }
  size_t n_in = 0, n_out = 0;
  OH_NNExecutor_GetInputCount(executor_, &n_in);
  OH_NNExecutor_GetOutputCount(executor_, &n_out);
  for (size_t i = 0; i < n_in; ++i) inputs_.push_back(MakeTensor(OH_NNExecutor_CreateInputTensorDesc(executor_, i), device_));
  for (size_t i = 0; i < n_out; ++i) {
    outputs_.push_back(MakeTensor(OH_NNExecutor_CreateOutputTensorDesc(executor_, i), device_));
  }
  for (NN_Tensor* t : inputs_) {
    if (t == nullptr) return Fail(error, "OH_NNTensor_Create (input)", OH_NN_NULL_PTR);
  }
  for (NN_Tensor* t : outputs_) {
    if (t == nullptr) return Fail(error, "OH_NNTensor_Create (output)", OH_NN_NULL_PTR);
  }
  return true;
}

bool OhnnSession::SetInput(size_t i, const std::vector<uint8_t>& bytes, std::string* error) {
  size_t size = 0;
  if (i >= inputs_.size() || OH_NNTensor_GetSize(inputs_[i], &size) != OH_NN_SUCCESS || size < bytes.size()) {
    *error = "input " + std::to_string(i) + " missing or smaller than " + std::to_string(bytes.size()) + " bytes";
    return false;
  }
  std::memcpy(OH_NNTensor_GetDataBuffer(inputs_[i]), bytes.data(), bytes.size());
  return true;
}

bool OhnnSession::Run(std::string* error) {
  const OH_NN_ReturnCode rc =
      OH_NNExecutor_RunSync(executor_, inputs_.data(), inputs_.size(), outputs_.data(), outputs_.size());
  return rc == OH_NN_SUCCESS || Fail(error, "OH_NNExecutor_RunSync", rc);
}

std::vector<uint8_t> OhnnSession::Output(size_t i) const {
  size_t size = 0;
  if (i >= outputs_.size() || OH_NNTensor_GetSize(outputs_[i], &size) != OH_NN_SUCCESS) return {};
  const uint8_t* data = static_cast<const uint8_t*>(OH_NNTensor_GetDataBuffer(outputs_[i]));
  return std::vector<uint8_t>(data, data + size);
}

}  // namespace bench
}  // namespace nnrt
