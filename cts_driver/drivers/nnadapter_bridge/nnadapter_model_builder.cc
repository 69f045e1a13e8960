#include "cts_driver/drivers/nnadapter_bridge/nnadapter_model_builder.h"

#include <cstring>
#include <utility>

namespace nnrt {
namespace nnadapter_bridge {

NNAdapterOperandType MakeOperandType(NNAdapterOperandPrecisionCode precision, const Dims& dims,
                                     NNAdapterOperandLifetimeCode lifetime) {
  NNAdapterOperandType type;
  std::memset(&type, 0, sizeof type);
  type.precision = precision;
  type.layout = NNADAPTER_NCHW;
  type.lifetime = lifetime;
  type.dimensions.count = static_cast<uint32_t>(dims.size());
  for (size_t i = 0; i < dims.size() && i < NNADAPTER_MAX_SIZE_OF_DIMENSIONS; ++i) {
    type.dimensions.data[i] = dims[i] < 0 ? NNADAPTER_UNKNOWN : dims[i];
  }
  return type;
}

NNAdapterOperand* NNAdapterModelBuilder::AddOperand(const NNAdapterOperandType& type) {
  model_.operands.push_back(NNAdapterOperand{type, nullptr, 0});
  return &model_.operands.back();
}

NNAdapterOperand* NNAdapterModelBuilder::AddConstant(NNAdapterOperandType type, std::vector<uint8_t> bytes) {
  type.lifetime = NNADAPTER_CONSTANT_COPY;
  buffers_.push_back(std::move(bytes));
  std::vector<uint8_t>& kept = buffers_.back();
  model_.operands.push_back(
      NNAdapterOperand{type, kept.empty() ? nullptr : kept.data(), static_cast<uint32_t>(kept.size())});
  return &model_.operands.back();
}

namespace {

template <typename T>
std::vector<uint8_t> BytesOf(const std::vector<T>& values) {
  std::vector<uint8_t> bytes(values.size() * sizeof(T));
  if (!bytes.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

}  // namespace

NNAdapterOperand* NNAdapterModelBuilder::Int32Scalar(int32_t value) {
  return AddConstant(MakeOperandType(NNADAPTER_INT32, {}, NNADAPTER_CONSTANT_COPY), BytesOf(std::vector<int32_t>{value}));
}

NNAdapterOperand* NNAdapterModelBuilder::BoolScalar(bool value) {
  return AddConstant(MakeOperandType(NNADAPTER_BOOL8, {}, NNADAPTER_CONSTANT_COPY),
                     std::vector<uint8_t>{static_cast<uint8_t>(value ? 1 : 0)});
}

NNAdapterOperand* NNAdapterModelBuilder::Float32Scalar(float value) {
  return AddConstant(MakeOperandType(NNADAPTER_FLOAT32, {}, NNADAPTER_CONSTANT_COPY), BytesOf(std::vector<float>{value}));
}

NNAdapterOperand* NNAdapterModelBuilder::Int32Vector(const std::vector<int32_t>& values) {
  return AddConstant(MakeOperandType(NNADAPTER_INT32, {static_cast<int32_t>(values.size())}, NNADAPTER_CONSTANT_COPY),
                     BytesOf(values));
}

float* NNAdapterModelBuilder::KeepScales(std::vector<float> scales) {
  scales_.push_back(std::move(scales));
  return scales_.back().data();
}

void NNAdapterModelBuilder::AddOperation(NNAdapterOperationType type, std::vector<NNAdapterOperand*> inputs,
                                         std::vector<NNAdapterOperand*> outputs) {
  nnadapter::hal::Operation op;
  op.type = type;
  op.input_operands = std::move(inputs);
  op.output_operands = std::move(outputs);
  model_.operations.push_back(std::move(op));
}

void NNAdapterModelBuilder::SetInputsAndOutputs(std::vector<NNAdapterOperand*> inputs,
                                                std::vector<NNAdapterOperand*> outputs) {
  model_.input_operands = std::move(inputs);
  model_.output_operands = std::move(outputs);
}

}  // namespace nnadapter_bridge
}  // namespace nnrt
