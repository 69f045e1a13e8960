// Test helper: builds an NNAdapter model through the C API on the built-in
// reference device, compiles it and runs it with host vectors.
#ifndef NNRT_REFERENCE_NNADAPTER_TESTING_API_MODEL_BUILDER_H_
#define NNRT_REFERENCE_NNADAPTER_TESTING_API_MODEL_BUILDER_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "nnadapter/nnadapter.h"

namespace nnrt {
namespace nna {
namespace testing {

// Operand precisions the API tests build with.
constexpr int32_t kF32 = NNADAPTER_FLOAT32;
constexpr int32_t kI8 = NNADAPTER_QUANT_INT8_SYMM_PER_LAYER;
constexpr int32_t kU8 = NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER;

NNAdapterOperandType Type(int32_t precision, std::vector<int32_t> dims, float scale = 0.0f, int32_t zero_point = 0);

// One model input or output: bytes and dims, as the access callbacks see them.
struct HostBuffer {
  std::vector<uint8_t> bytes;
  std::vector<int32_t> dims;
};

template <typename T>
HostBuffer Buffer(std::vector<int32_t> dims, const std::vector<T>& values) {
  HostBuffer b;
  b.dims = std::move(dims);
  b.bytes.resize(values.size() * sizeof(T));
  if (!values.empty()) std::memcpy(b.bytes.data(), values.data(), b.bytes.size());
  return b;
}

template <typename T>
std::vector<T> Values(const HostBuffer& b) {
  std::vector<T> v(b.bytes.size() / sizeof(T));
  if (!v.empty()) std::memcpy(v.data(), b.bytes.data(), v.size() * sizeof(T));
  return v;
}

// Deterministic values in about [-4, 4) with fractional parts (a 32-bit LCG).
std::vector<float> Pseudorandom(size_t n, uint32_t seed);
// The bit patterns of float values (for bit-for-bit comparisons).
std::vector<uint32_t> Bits(const std::vector<float>& v);

class ApiModelBuilder {
 public:
  // Compiles on `device_name`: the built-in "reference", or a HAL library
  // lib<name>.so on the library search path ("nnadapter_reference").
  explicit ApiModelBuilder(const char* device_name = "reference");
  ~ApiModelBuilder();
  ApiModelBuilder(const ApiModelBuilder&) = delete;
  ApiModelBuilder& operator=(const ApiModelBuilder&) = delete;

  NNAdapterOperand* Operand(const NNAdapterOperandType& type);
  NNAdapterOperand* Constant(const NNAdapterOperandType& type, const void* data, size_t bytes);
  template <typename T>
  NNAdapterOperand* Constant(const NNAdapterOperandType& type, const std::vector<T>& values) {
    return Constant(type, values.data(), values.size() * sizeof(T));
  }
  NNAdapterOperand* Int32(int32_t v);
  NNAdapterOperand* Float32(float v);
  NNAdapterOperand* Bool(bool v);
  NNAdapterOperand* Int32s(const std::vector<int32_t>& v);
  // addOperation's result code.
  int Operation(int32_t type, std::vector<NNAdapterOperand*> inputs, std::vector<NNAdapterOperand*> outputs);

  // identifyInputsAndOutputs + finish + compilation; the first failing code.
  int Compile(std::vector<NNAdapterOperand*> inputs, std::vector<NNAdapterOperand*> outputs);
  // Compile with a cache token and directory: writes <dir>/<token>.nnc (C-821).
  int CompileCached(std::vector<NNAdapterOperand*> inputs, std::vector<NNAdapterOperand*> outputs, const char* token,
                    const char* dir);
  // Replaces the compilation by one restored from <dir>/<token>.nnc alone (no model).
  int RestoreCompilation(const char* token, const char* dir);
  // compute's result code; outputs get the results (each sized by the caller
  // as an upper bound, or left empty for up to 1 MiB).
  int Run(const std::vector<HostBuffer>& inputs, std::vector<HostBuffer>* outputs);

  NNAdapterModel* model() { return model_; }
  NNAdapterContext* context() { return context_; }
  NNAdapterCompilation* compilation() { return compilation_; }

 private:
  // Every operation a test adds is also inferred as Paddle Lite would add it
  // (outputs of unknown precision and no dims, the declared quant params);
  // when the model compiles, each declared output precision and known dim
  // must equal the inferred one, so every API test's hand-written output
  // types pin addOperation's inference (C-900, C-901).
  struct InferenceCheck {
    NNAdapterOperand* declared;
    NNAdapterOperandType inferred;
    int32_t operation;
    size_t output;
  };
  void RecordInference(NNAdapterOperation* operation);
  void CheckInference();
  std::vector<InferenceCheck> inference_checks_;

  NNAdapterDevice* device_ = nullptr;
  NNAdapterContext* context_ = nullptr;
  NNAdapterModel* model_ = nullptr;
  NNAdapterCompilation* compilation_ = nullptr;
};

// One operation end to end: addOperation(type, inputs -> outputs), compile
// with `model_inputs` (the non-constant inputs) and `outputs`, run with
// `values`; returns the first code that is not NNADAPTER_NO_ERROR and fills
// *results (one per output) on success.
int RunOperation(ApiModelBuilder& m, int32_t type, std::vector<NNAdapterOperand*> inputs,
                 std::vector<NNAdapterOperand*> outputs, std::vector<NNAdapterOperand*> model_inputs,
                 const std::vector<HostBuffer>& values, std::vector<HostBuffer>* results);

// For a model holding one operation (added, not compiled):
// NNAdapterModel_getSupportedOperations' answer for it.
bool SupportedAlone(ApiModelBuilder& m);

}  // namespace testing
}  // namespace nna
}  // namespace nnrt

#endif  // NNRT_REFERENCE_NNADAPTER_TESTING_API_MODEL_BUILDER_H_
