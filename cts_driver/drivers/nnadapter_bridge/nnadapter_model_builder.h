// An owning NNAdapter HAL model (nnadapter::hal::Model) that the bridge
// builds operand by operand: constants' bytes and per-channel scale arrays
// live here, so every pointer in the model stays valid as long as the builder.
#ifndef NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_MODEL_BUILDER_H_
#define NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_MODEL_BUILDER_H_

#include <cstdint>
#include <list>
#include <vector>

#include "nnadapter/hal/types.h"
#include "reference/ir/ir.h"

namespace nnrt {
namespace nnadapter_bridge {

using NNAdapterOperand = nnadapter::hal::Operand;

// An operand type with `precision`, `dims` (-1 becomes NNADAPTER_UNKNOWN),
// layout NCHW and no quantisation parameters. dims.size() must be at most
// NNADAPTER_MAX_SIZE_OF_DIMENSIONS (the caller checks).
NNAdapterOperandType MakeOperandType(NNAdapterOperandPrecisionCode precision, const Dims& dims,
                                     NNAdapterOperandLifetimeCode lifetime);

class NNAdapterModelBuilder {
 public:
  NNAdapterModelBuilder() = default;
  NNAdapterModelBuilder(const NNAdapterModelBuilder&) = delete;
  NNAdapterModelBuilder& operator=(const NNAdapterModelBuilder&) = delete;

  nnadapter::hal::Model* model() { return &model_; }

  // An operand without data (a temporary, a model input or output).
  NNAdapterOperand* AddOperand(const NNAdapterOperandType& type);
  // A constant (lifetime CONSTANT_COPY) holding `bytes`.
  NNAdapterOperand* AddConstant(NNAdapterOperandType type, std::vector<uint8_t> bytes);
  // Scalar and 1-D constant operands of the operations' parameter lists.
  NNAdapterOperand* Int32Scalar(int32_t value);
  NNAdapterOperand* BoolScalar(bool value);
  NNAdapterOperand* Float32Scalar(float value);
  NNAdapterOperand* Int32Vector(const std::vector<int32_t>& values);
  // Keeps `scales` alive with the model; returns the array for
  // symm_per_channel_params.scales.
  float* KeepScales(std::vector<float> scales);

  void AddOperation(NNAdapterOperationType type, std::vector<NNAdapterOperand*> inputs,
                    std::vector<NNAdapterOperand*> outputs);
  void SetInputsAndOutputs(std::vector<NNAdapterOperand*> inputs, std::vector<NNAdapterOperand*> outputs);

 private:
  nnadapter::hal::Model model_;
  std::list<std::vector<uint8_t>> buffers_;
  std::list<std::vector<float>> scales_;
};

}  // namespace nnadapter_bridge
}  // namespace nnrt

#endif  // NNRT_CTS_DRIVER_NNADAPTER_NNADAPTER_MODEL_BUILDER_H_
