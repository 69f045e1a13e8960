// A model built, compiled and run through the public OH_NN C API only, as an
// app would (reference/examples/add_model.c): OhnnGraph collects tensors,
// parameters and operations; OhnnSession compiles it for the first device
// (device 0, the reference device) and owns the executor and the input and
// output NN_Tensors, so that a benchmark times OH_NNExecutor_RunSync alone.
// Errors are sticky strings naming the failing call, never a crash.
#ifndef NNRT_BENCH_OHNN_GRAPH_H_
#define NNRT_BENCH_OHNN_GRAPH_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "neural_network_runtime/neural_network_runtime.h"

namespace nnrt {
namespace bench {

// Per-tensor quantization (8 bits); `scale` 0 means not quantized.
struct Quant {
  double scale = 0;
  int32_t zero_point = 0;
};

class OhnnGraph {
 public:
  OhnnGraph();
  ~OhnnGraph();
  OhnnGraph(const OhnnGraph&) = delete;
  OhnnGraph& operator=(const OhnnGraph&) = delete;

  // A run-time input of the model (data bound at run).
  uint32_t Input(OH_NN_DataType type, const std::vector<int32_t>& shape, Quant quant = {});
  // A constant whose bytes are set on the model.
  uint32_t Constant(OH_NN_DataType type, const std::vector<int32_t>& shape, const std::vector<uint8_t>& bytes,
                    Quant quant = {});
  // An intermediate or output tensor.
  uint32_t Tensor(OH_NN_DataType type, const std::vector<int32_t>& shape, Quant quant = {});
  // An operation parameter (tensor type != OH_NN_TENSOR) of shape [values.size()].
  template <typename T>
  uint32_t Param(OH_NN_TensorType tensor_type, OH_NN_DataType type, const std::vector<T>& values) {
    std::vector<uint8_t> bytes(values.size() * sizeof(T));
    if (!bytes.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
    return AddParam(tensor_type, type, bytes, static_cast<int32_t>(values.size()));
  }
  void Operation(OH_NN_OperationType op, const std::vector<uint32_t>& params, const std::vector<uint32_t>& inputs,
                 const std::vector<uint32_t>& outputs);
  // Declares the model outputs (inputs are the Input() tensors, in order) and finishes the model.
  void Finish(const std::vector<uint32_t>& outputs);

  OH_NNModel* model() const { return model_; }
  const std::string& error() const { return error_; }
  bool ok() const { return error_.empty(); }

 private:
  uint32_t AddTensor(OH_NN_DataType type, const std::vector<int32_t>& shape, Quant quant);
  uint32_t AddParam(OH_NN_TensorType tensor_type, OH_NN_DataType type, const std::vector<uint8_t>& bytes,
                    int32_t count);
  void Check(OH_NN_ReturnCode rc, const char* call);

  OH_NNModel* model_ = nullptr;
  uint32_t next_ = 0;
  std::vector<uint32_t> inputs_;
  std::string error_;
};

// The name of device 0, the device the sessions compile for ("" when none).
std::string FirstDeviceName();

// A compiled model with its executor and bound tensors.
class OhnnSession {
 public:
  OhnnSession() = default;
  ~OhnnSession();
  OhnnSession(const OhnnSession&) = delete;
  OhnnSession& operator=(const OhnnSession&) = delete;

  // Compiles `graph` for device 0 and creates one NN_Tensor per input and output.
  bool Prepare(const OhnnGraph& graph, std::string* error);
  size_t InputCount() const { return inputs_.size(); }
  // Fills input `i` (byte size must match the input tensor's).
  bool SetInput(size_t i, const std::vector<uint8_t>& bytes, std::string* error);
  bool Run(std::string* error);
  // Bytes of output `i` after a Run.
  std::vector<uint8_t> Output(size_t i) const;

 private:
  OH_NNExecutor* executor_ = nullptr;
  size_t device_ = 0;
  std::vector<NN_Tensor*> inputs_, outputs_;
};

}  // namespace bench
}  // namespace nnrt

#endif  // NNRT_BENCH_OHNN_GRAPH_H_
