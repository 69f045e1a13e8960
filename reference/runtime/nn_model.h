// OH_NNModel: the model-building side of the OH_NN API (api_state_machine
// 1.2.1, 1.3.3). A model collects tensors and operators while Building; Finish
// runs no further builder checks but lowers everything into an IR nnrt::Model
// (the HDI v2.1 ModelTypes structure, ops_catalog 1.1): parameter tensors are
// dropped, the remaining tensors renumbered densely in index order, one node
// per operator, one subgraph holding all nodes.
//
// The compilation side reads a finished model through finished() and
// LoweredModel().
#ifndef NNRT_REFERENCE_RUNTIME_NN_MODEL_H_
#define NNRT_REFERENCE_RUNTIME_NN_MODEL_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "neural_network_runtime/neural_network_runtime_type.h"
#include "reference/ir/ir.h"
#include "reference/ir/status.h"

namespace nnrt {
namespace rt {

// Limits of api_state_machine 0 ("Limits / constants").
constexpr size_t kMaxModelTensorRank = 200;
constexpr uint32_t kMaxIndicesPerArray = 200;

// A tensor as the front end holds it before lowering (OH_NN values).
struct ModelTensor {
  OH_NN_DataType data_type = OH_NN_UNKNOWN;
  std::vector<int32_t> dims;      // empty = scalar; -1 = dynamic
  OH_NN_TensorType tensor_type = OH_NN_TENSOR;
  OH_NN_Format format = OH_NN_FORMAT_NHWC;
  std::vector<QuantParam> quant_params;
  std::vector<uint8_t> data;
  bool has_data = false;
  bool is_op_parameter = false;   // consumed through paramIndices of AddOperation

  bool IsDynamic() const;
  // Element count (1 for a scalar); 0 when dynamic.
  uint64_t ElementCount() const;
  // typeSize x element count; 0 when dynamic or OH_NN_UNKNOWN.
  uint64_t ByteSize() const;
};

// One AddOperation call, already validated and lowered by its op builder.
struct ModelOperation {
  OH_NN_OperationType op_type;
  std::vector<uint32_t> params;
  std::vector<uint32_t> inputs;
  std::vector<uint32_t> outputs;
  // Lowered node; inputs/outputs still in the front end's tensor numbering
  // (renumbered by Finish).
  Node node;
};

class NNModel {
 public:
  NNModel() = default;
  NNModel(const NNModel&) = delete;
  NNModel& operator=(const NNModel&) = delete;

  // ---- The OH_NNModel_* functions (handle/pointer NULL checks done by the C
  // layer; every other check here, in the order of api_state_machine 1.3.3).
  // Enum arguments arrive as int32 (any value a C caller passes) and are
  // range-checked before they are stored as enums.
  OH_NN_ReturnCode AddTensorFromDesc(int32_t data_type, const int32_t* dims, size_t rank, int32_t format);
  OH_NN_ReturnCode AddTensorApi9(int32_t data_type, uint32_t rank, const int32_t* dims,
                                 const OH_NN_QuantParam* quant_param, int32_t tensor_type);
  OH_NN_ReturnCode SetTensorData(uint32_t index, const void* data, size_t length);
  OH_NN_ReturnCode SetTensorQuantParams(uint32_t index, const std::vector<double>& scales,
                                        const std::vector<int32_t>& zero_points,
                                        const std::vector<uint32_t>& num_bits);
  OH_NN_ReturnCode SetTensorType(uint32_t index, int32_t tensor_type);
  OH_NN_ReturnCode AddOperation(int32_t op_type, const OH_NN_UInt32Array& params, const OH_NN_UInt32Array& inputs,
                                const OH_NN_UInt32Array& outputs);
  OH_NN_ReturnCode SpecifyInputsAndOutputs(const OH_NN_UInt32Array& inputs, const OH_NN_UInt32Array& outputs);
  OH_NN_ReturnCode Finish();
  // Fills supported_ops_ from the device; *is_supported points into the model.
  OH_NN_ReturnCode GetAvailableOperations(size_t device_id, const bool** is_supported, uint32_t* op_count);

  // ---- Read access (E2, tests) ----
  bool finished() const { return finished_; }
  // The lowered IR model. Meaningful only when finished() (empty before).
  const Model& LoweredModel() const { return lowered_; }
  const std::vector<ModelTensor>& tensors() const { return tensors_; }
  const std::vector<ModelOperation>& operations() const { return operations_; }
  // Model inputs/outputs in front-end tensor numbering.
  const std::vector<uint32_t>& input_indices() const { return input_indices_; }
  const std::vector<uint32_t>& output_indices() const { return output_indices_; }
  // The last error's explanation (for logs and tests; the C API returns codes only).
  const std::string& last_error() const { return last_error_; }

 private:
  OH_NN_ReturnCode Fail(OH_NN_ReturnCode code, std::string message);
  OH_NN_ReturnCode ValidateShape(int32_t data_type, const int32_t* dims, size_t rank);
  OH_NN_ReturnCode ValidateIndexArray(const OH_NN_UInt32Array& array, const char* role, bool allow_empty);
  OH_NN_ReturnCode ValidateDataTensorArrays(const OH_NN_UInt32Array& inputs, const OH_NN_UInt32Array& outputs);
  void Lower();

  std::vector<ModelTensor> tensors_;
  std::vector<ModelOperation> operations_;
  std::vector<uint32_t> input_indices_;
  std::vector<uint32_t> output_indices_;
  bool io_specified_ = false;
  bool finished_ = false;
  Model lowered_;
  std::unique_ptr<bool[]> supported_ops_;
  std::string last_error_;
};

inline NNModel* AsModel(OH_NNModel* m) { return reinterpret_cast<NNModel*>(m); }
inline const NNModel* AsModel(const OH_NNModel* m) { return reinterpret_cast<const NNModel*>(m); }
inline OH_NNModel* AsHandle(NNModel* m) { return reinterpret_cast<OH_NNModel*>(m); }

// Element size of OH_NN_DataType per api_state_machine 2.2 (0 for UNKNOWN/out of range).
size_t OhElementSize(int32_t oh_data_type);

}  // namespace rt
}  // namespace nnrt

#endif  // NNRT_REFERENCE_RUNTIME_NN_MODEL_H_
