// Builds a zoo network through the public OH_NN C API, tensor by tensor and
// operation by operation, as an app would (OH_NNModel_AddTensorToModel,
// OH_NNModel_SetTensorData, OH_NNModel_SetTensorQuantParams,
// OH_NNModel_AddOperation with parameter tensors, OH_NNModel_Finish), then
// takes the runtime's lowered IR model as a test case (docs/models.md).
//
// One model definition serves every variant: in float mode activations are
// float32 and weights are seeded float32 constants (kept seeded in the case);
// in int8 mode (a calibration table given) activations are int8 with the
// calibrated asymmetric params, weights are the same seeded draws quantized
// symmetrically per output channel and biases int32 with scale s_in * s_w[c],
// both still written as seeded data of a quantized tensor (C-770)
// (docs/quantization.md "Zoo calibration", C-771).
#ifndef NNRT_ZOO_NETWORK_BUILDER_H_
#define NNRT_ZOO_NETWORK_BUILDER_H_

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/ir/ir.h"
#include "reference/cases/test_case.h"

namespace nnrt {
namespace zoo {

// Observed value range of one activation tensor, by tensor name.
struct TensorRange {
  double lo = 0.0;
  double hi = 0.0;
};
using CalibrationTable = std::map<std::string, TensorRange>;

// One OH_NN parameter tensor of an operation.
struct OpParam {
  OH_NN_TensorType type;
  OH_NN_DataType data_type;
  std::vector<uint8_t> bytes;
  std::vector<int32_t> dims;  // {element count}, or {} for a strict scalar
};
OpParam Int64Param(OH_NN_TensorType type, std::vector<int64_t> values);
OpParam Int64Scalar(OH_NN_TensorType type, int64_t value);  // shape []
OpParam Int8Param(OH_NN_TensorType type, int8_t value);
OpParam Int32Param(OH_NN_TensorType type, int32_t value);
OpParam BoolParam(OH_NN_TensorType type, bool value);
OpParam FloatParam(OH_NN_TensorType type, std::vector<float> values);
OpParam FloatScalar(OH_NN_TensorType type, float value);  // shape []

class NetworkBuilder {
 public:
  // calibration == nullptr: the float32 model; else the int8 model.
  NetworkBuilder(std::string model_name, const CalibrationTable* calibration);
  ~NetworkBuilder();
  NetworkBuilder(const NetworkBuilder&) = delete;
  NetworkBuilder& operator=(const NetworkBuilder&) = delete;

  bool quantized() const { return calibration_ != nullptr; }

  // A model input or an operation output: float32, or int8 with the params
  // calibrated for `name`.
  uint32_t Activation(const std::string& name, const Dims& dims);
  // An operation output that must carry the quant params of `like` (reshape,
  // transpose, slice: no requantization, C-350); float32 in float mode.
  uint32_t ActivationLike(const std::string& name, const Dims& dims, uint32_t like);
  // An operation output that stays float32 in every variant.
  uint32_t FloatActivation(const std::string& name, const Dims& dims);
  // A weight with output channels along axis 0: seeded float32, or int8 per channel.
  uint32_t Weight(const std::string& name, const Dims& dims, const SeededData& spec);
  // The bias of the operation reading `input` with `weight`: seeded float32, or
  // int32 with scale s_in * s_w[c] and zero point 0.
  uint32_t Bias(const std::string& name, int32_t channels, const SeededData& spec, uint32_t input, uint32_t weight);
  // A seeded constant operand that is not a weight with output channels (layer-norm
  // gamma / beta): float32, or int8 with one symmetric per-tensor scale.
  uint32_t Parameter(const std::string& name, const Dims& dims, const SeededData& spec);
  // A one-element constant operand (a scale factor): float32 [1], or int8 code
  // 127 with scale value / 127.
  uint32_t ScalarOperand(const std::string& name, float value);
  // A float32 constant whose values are given (anchors, zero states).
  uint32_t FloatConstant(const std::string& name, const Dims& dims, const std::vector<float>& values);
  // A seeded float32 constant that stays float in every variant.
  uint32_t SeededFloatConstant(const std::string& name, const Dims& dims, const SeededData& spec);
  uint32_t Int64Constant(const std::string& name, const std::vector<int64_t>& values);

  void Op(OH_NN_OperationType op, const std::vector<uint32_t>& inputs, const std::vector<OpParam>& params,
          const std::vector<uint32_t>& outputs);

  const Dims& dims(uint32_t index) const { return tensors_[index].dims; }

  // Specifies inputs and outputs, finishes the OH_NN model and returns the
  // lowered model with the zoo's tensor names and seeded specs. The first
  // failing API call is reported (NNRT_INVALID_MODEL, naming the call).
  Status Finish(const std::vector<uint32_t>& inputs, const std::vector<uint32_t>& outputs, TestCase* out);

 private:
  struct Declared {
    std::string name;
    Dims dims;
    bool parameter = false;
    bool has_seeded = false;
    SeededData seeded;
    std::vector<QuantParam> quant;
  };
  uint32_t Add(const std::string& name, OH_NN_DataType type, const Dims& dims);
  void SetData(uint32_t index, const std::vector<uint8_t>& bytes);
  void SetQuant(uint32_t index, const std::vector<QuantParam>& quant);
  void Check(OH_NN_ReturnCode rc, const std::string& what);
  QuantParam ActivationQuant(const std::string& name);
  // An int8 / int32 constant holding `spec` quantized with `quant` (kept seeded).
  uint32_t QuantizedSeeded(const std::string& name, OH_NN_DataType type, const Dims& dims, const SeededData& spec,
                           const std::vector<QuantParam>& quant);

  std::string name_;
  const CalibrationTable* calibration_;
  OH_NNModel* model_;
  std::vector<Declared> tensors_;
  Status status_;
};

}  // namespace zoo
}  // namespace nnrt

#endif  // NNRT_ZOO_NETWORK_BUILDER_H_
