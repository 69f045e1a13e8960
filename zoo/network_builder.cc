// Builds zoo networks through the OH_NN C API (network_builder.h).
#include "zoo/network_builder.h"

#include <cstring>

#include "zoo/calibration.h"
#include "reference/runtime/nn_model.h"

namespace nnrt {
namespace zoo {
namespace {

template <typename T>
std::vector<uint8_t> Bytes(const std::vector<T>& v) {
  std::vector<uint8_t> out(v.size() * sizeof(T));
  if (!out.empty()) std::memcpy(out.data(), v.data(), out.size());
  return out;
}

std::vector<float> Floats(const std::vector<uint8_t>& bytes) {
  std::vector<float> v(bytes.size() / sizeof(float));
  if (!v.empty()) std::memcpy(v.data(), bytes.data(), bytes.size());
  return v;
}

std::vector<float> ExpandFloat32(const SeededData& spec, const Dims& dims) {
  std::vector<uint8_t> bytes;
  const auto count = ElementCount(dims);
  if (!count || !ExpandSeededData(spec, DataType::kFloat32, static_cast<size_t>(*count), &bytes).ok()) return {};
  return Floats(bytes);
}

// The binary64 values the spec draws (before any rounding to an element type).
std::vector<double> ExpandDraws(const SeededData& spec, const Dims& dims) {
  std::vector<uint8_t> bytes;
  const auto count = ElementCount(dims);
  if (!count || !ExpandSeededData(spec, DataType::kFloat64, static_cast<size_t>(*count), &bytes).ok()) return {};
  std::vector<double> v(bytes.size() / sizeof(double));
  if (!v.empty()) std::memcpy(v.data(), bytes.data(), bytes.size());
  return v;
}

}  // namespace

OpParam Int64Param(OH_NN_TensorType type, std::vector<int64_t> values) {
  const int32_t n = static_cast<int32_t>(values.size());
  return OpParam{type, OH_NN_INT64, Bytes(values), {n}};
}
OpParam Int64Scalar(OH_NN_TensorType type, int64_t value) { return OpParam{type, OH_NN_INT64, Bytes<int64_t>({value}), {}}; }
OpParam Int8Param(OH_NN_TensorType type, int8_t value) { return OpParam{type, OH_NN_INT8, Bytes<int8_t>({value}), {1}}; }
OpParam Int32Param(OH_NN_TensorType type, int32_t value) {
  return OpParam{type, OH_NN_INT32, Bytes<int32_t>({value}), {1}};
}
OpParam BoolParam(OH_NN_TensorType type, bool value) {
  return OpParam{type, OH_NN_BOOL, Bytes<uint8_t>({static_cast<uint8_t>(value ? 1 : 0)}), {1}};
}
OpParam FloatParam(OH_NN_TensorType type, std::vector<float> values) {
  const int32_t n = static_cast<int32_t>(values.size());
  return OpParam{type, OH_NN_FLOAT32, Bytes(values), {n}};
}
OpParam FloatScalar(OH_NN_TensorType type, float value) { return OpParam{type, OH_NN_FLOAT32, Bytes<float>({value}), {}}; }

NetworkBuilder::NetworkBuilder(std::string model_name, const CalibrationTable* calibration)
    : name_(std::move(model_name)), calibration_(calibration), model_(OH_NNModel_Construct()) {
  if (model_ == nullptr) status_ = Status(NNRT_FAILED, "OH_NNModel_Construct returned null");
}

NetworkBuilder::~NetworkBuilder() {
  if (model_ != nullptr) OH_NNModel_Destroy(&model_);
}

void NetworkBuilder::Check(OH_NN_ReturnCode rc, const std::string& what) {
  if (rc != OH_NN_SUCCESS && status_.ok()) {
    status_ = Status(NNRT_INVALID_MODEL, name_ + ": " + what + " returned OH_NN code " + std::to_string(rc));
  }
}

uint32_t NetworkBuilder::Add(const std::string& name, OH_NN_DataType type, const Dims& dims) {
  const uint32_t index = static_cast<uint32_t>(tensors_.size());
  Declared declared;
  declared.name = name;
  declared.dims = dims;
  tensors_.push_back(std::move(declared));
  if (model_ == nullptr) return index;
  NN_TensorDesc* desc = OH_NNTensorDesc_Create();
  Check(OH_NNTensorDesc_SetDataType(desc, type), "OH_NNTensorDesc_SetDataType(" + name + ")");
  if (!dims.empty()) Check(OH_NNTensorDesc_SetShape(desc, dims.data(), dims.size()), "OH_NNTensorDesc_SetShape(" + name + ")");
  Check(OH_NNModel_AddTensorToModel(model_, desc), "OH_NNModel_AddTensorToModel(" + name + ")");
  OH_NNTensorDesc_Destroy(&desc);
  return index;
}

void NetworkBuilder::SetData(uint32_t index, const std::vector<uint8_t>& bytes) {
  if (model_ == nullptr) return;
  Check(OH_NNModel_SetTensorData(model_, index, bytes.data(), bytes.size()),
        "OH_NNModel_SetTensorData(" + tensors_[index].name + ")");
}

void NetworkBuilder::SetQuant(uint32_t index, const std::vector<QuantParam>& quant) {
  tensors_[index].quant = quant;
  if (model_ == nullptr) return;
  std::vector<double> scales;
  std::vector<int32_t> zero_points;
  std::vector<uint32_t> bits;
  for (const QuantParam& q : quant) {
    scales.push_back(q.scale);
    zero_points.push_back(q.zero_point);
    bits.push_back(8);
  }
  NN_QuantParam* qp = OH_NNQuantParam_Create();
  Check(OH_NNQuantParam_SetScales(qp, scales.data(), scales.size()), "OH_NNQuantParam_SetScales");
  Check(OH_NNQuantParam_SetZeroPoints(qp, zero_points.data(), zero_points.size()), "OH_NNQuantParam_SetZeroPoints");
  Check(OH_NNQuantParam_SetNumBits(qp, bits.data(), bits.size()), "OH_NNQuantParam_SetNumBits");
  Check(OH_NNModel_SetTensorQuantParams(model_, index, qp),
        "OH_NNModel_SetTensorQuantParams(" + tensors_[index].name + ")");
  OH_NNQuantParam_Destroy(&qp);
}

QuantParam NetworkBuilder::ActivationQuant(const std::string& name) {
  const auto it = calibration_->find(name);
  if (it == calibration_->end()) {
    if (status_.ok()) status_ = Status(NNRT_INVALID_MODEL, name_ + ": no calibrated range for '" + name + "'");
    return QuantParam{};
  }
  return ActivationQuantFromRange(it->second);
}

uint32_t NetworkBuilder::Activation(const std::string& name, const Dims& dims) {
  if (!quantized()) return Add(name, OH_NN_FLOAT32, dims);
  const uint32_t index = Add(name, OH_NN_INT8, dims);
  SetQuant(index, {ActivationQuant(name)});
  return index;
}

uint32_t NetworkBuilder::ActivationLike(const std::string& name, const Dims& dims, uint32_t like) {
  if (!quantized()) return Add(name, OH_NN_FLOAT32, dims);
  const uint32_t index = Add(name, OH_NN_INT8, dims);
  SetQuant(index, tensors_[like].quant);
  return index;
}

uint32_t NetworkBuilder::FloatActivation(const std::string& name, const Dims& dims) {
  return Add(name, OH_NN_FLOAT32, dims);
}

uint32_t NetworkBuilder::SeededFloatConstant(const std::string& name, const Dims& dims, const SeededData& spec) {
  const uint32_t index = Add(name, OH_NN_FLOAT32, dims);
  SetData(index, Bytes(ExpandFloat32(spec, dims)));
  tensors_[index].has_seeded = true;
  tensors_[index].seeded = spec;
  return index;
}

uint32_t NetworkBuilder::QuantizedSeeded(const std::string& name, OH_NN_DataType type, const Dims& dims,
                                         const SeededData& spec, const std::vector<QuantParam>& quant) {
  const uint32_t index = Add(name, type, dims);
  SetQuant(index, quant);
  std::vector<uint8_t> bytes;
  const auto count = ElementCount(dims);
  const DataType dtype = DataTypeFromOhnn(type).value_or(DataType::kUnknown);
  const Status s = count ? ExpandSeededData(spec, dtype, static_cast<size_t>(*count), &bytes, quant)
                         : Status(NNRT_INVALID_MODEL, "bad dims");
  if (!s.ok() && status_.ok()) status_ = Status(s.code(), name_ + ": " + name + ": " + s.message());
  SetData(index, bytes);
  tensors_[index].has_seeded = true;
  tensors_[index].seeded = spec;
  return index;
}

uint32_t NetworkBuilder::Weight(const std::string& name, const Dims& dims, const SeededData& spec) {
  if (!quantized()) return SeededFloatConstant(name, dims, spec);
  return QuantizedSeeded(name, OH_NN_INT8, dims, spec, SymmetricWeightParams(ExpandDraws(spec, dims), dims[0]));
}

uint32_t NetworkBuilder::Parameter(const std::string& name, const Dims& dims, const SeededData& spec) {
  if (!quantized()) return SeededFloatConstant(name, dims, spec);
  return QuantizedSeeded(name, OH_NN_INT8, dims, spec, SymmetricWeightParams(ExpandDraws(spec, dims), 1));
}

uint32_t NetworkBuilder::ScalarOperand(const std::string& name, float value) {
  if (!quantized()) return FloatConstant(name, {1}, {value});
  const uint32_t index = Add(name, OH_NN_INT8, {1});
  QuantParam q;
  q.scale = double{value} / 127.0;
  SetQuant(index, {q});
  SetData(index, Bytes<int8_t>({127}));
  return index;
}

uint32_t NetworkBuilder::Bias(const std::string& name, int32_t channels, const SeededData& spec, uint32_t input,
                              uint32_t weight) {
  if (!quantized()) return SeededFloatConstant(name, {channels}, spec);
  const double input_scale = tensors_[input].quant.empty() ? 1.0 : tensors_[input].quant[0].scale;
  return QuantizedSeeded(name, OH_NN_INT32, {channels}, spec, BiasParams(input_scale, tensors_[weight].quant));
}

uint32_t NetworkBuilder::FloatConstant(const std::string& name, const Dims& dims, const std::vector<float>& values) {
  const uint32_t index = Add(name, OH_NN_FLOAT32, dims);
  SetData(index, Bytes(values));
  return index;
}

uint32_t NetworkBuilder::Int64Constant(const std::string& name, const std::vector<int64_t>& values) {
  const uint32_t index = Add(name, OH_NN_INT64, {static_cast<int32_t>(values.size())});
  SetData(index, Bytes(values));
  return index;
}

void NetworkBuilder::Op(OH_NN_OperationType op, const std::vector<uint32_t>& inputs,
                        const std::vector<OpParam>& params, const std::vector<uint32_t>& outputs) {
  std::vector<uint32_t> param_indices;
  for (const OpParam& p : params) {
    const uint32_t index = Add(name_ + ".param", p.data_type, p.dims);
    tensors_[index].parameter = true;
    if (model_ != nullptr) Check(OH_NNModel_SetTensorType(model_, index, p.type), "OH_NNModel_SetTensorType");
    SetData(index, p.bytes);
    param_indices.push_back(index);
  }
  if (model_ == nullptr) return;
  OH_NN_UInt32Array p{param_indices.data(), static_cast<uint32_t>(param_indices.size())};
  OH_NN_UInt32Array in{const_cast<uint32_t*>(inputs.data()), static_cast<uint32_t>(inputs.size())};
  OH_NN_UInt32Array out{const_cast<uint32_t*>(outputs.data()), static_cast<uint32_t>(outputs.size())};
  const std::string first_output = outputs.empty() ? "" : tensors_[outputs[0]].name;
  Check(OH_NNModel_AddOperation(model_, op, &p, &in, &out),
        "OH_NNModel_AddOperation(" + std::to_string(op) + " -> " + first_output + ")");
}

Status NetworkBuilder::Finish(const std::vector<uint32_t>& inputs, const std::vector<uint32_t>& outputs,
                              TestCase* out) {
  if (status_.ok()) {
    OH_NN_UInt32Array in{const_cast<uint32_t*>(inputs.data()), static_cast<uint32_t>(inputs.size())};
    OH_NN_UInt32Array o{const_cast<uint32_t*>(outputs.data()), static_cast<uint32_t>(outputs.size())};
    Check(OH_NNModel_SpecifyInputsAndOutputs(model_, &in, &o), "OH_NNModel_SpecifyInputsAndOutputs");
    Check(OH_NNModel_Finish(model_), "OH_NNModel_Finish");
  }
  if (!status_.ok()) {
    const std::string why = model_ == nullptr ? "" : rt::AsModel(model_)->last_error();
    return why.empty() ? status_ : Status(status_.code(), status_.message() + ": " + why);
  }
  *out = TestCase();
  out->model = rt::AsModel(model_)->LoweredModel();
  out->model.name = name_;
  // The lowering drops the parameter tensors and keeps the others in order
  // (nn_model.cc Lower); it numbers them "Tensor: i", the zoo names them.
  uint32_t lowered = 0;
  for (const Declared& d : tensors_) {
    if (d.parameter) continue;
    if (lowered >= out->model.tensors.size()) return Status(NNRT_FAILED, name_ + ": lowered tensor count differs");
    out->model.tensors[lowered].name = d.name;
    if (d.has_seeded) out->seeded_tensors[lowered] = d.seeded;
    ++lowered;
  }
  if (lowered != out->model.tensors.size()) return Status(NNRT_FAILED, name_ + ": lowered tensor count differs");
  return Status::Ok();
}

}  // namespace zoo
}  // namespace nnrt
