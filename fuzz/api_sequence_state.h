// The handles an OH_NN API call sequence works on (api_sequence_fuzzer.cc):
// a few slots per object kind, each NULL or a live object. The fuzzer may
// pass any slot, NULL included, to any function; it never passes a destroyed
// object (that is the caller's undefined behaviour, not the runtime's) and it
// releases dependents first: an executor's OH_NN_Memory blocks before the
// executor, the compilations built from a model before the model.
#ifndef NNRT_FUZZ_API_SEQUENCE_STATE_H_
#define NNRT_FUZZ_API_SEQUENCE_STATE_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "fuzz/byte_reader.h"
#include "neural_network_runtime/neural_network_runtime.h"

namespace nnrt {
namespace fuzz {

constexpr size_t kSlots = 3;           // per object kind
constexpr size_t kMaxFuzzIo = 8;       // tensors of one RunSync / indices of one array
constexpr size_t kMaxBufferBytes = 1u << 16;  // caller buffers (SetInput, SetOutput, cache export)

// One executor with what the caller handed it and must keep alive.
struct ExecutorSlot {
  OH_NNExecutor* executor = nullptr;
  struct Memory {
    bool input;
    uint32_t index;
    OH_NN_Memory* memory;
  };
  std::vector<Memory> memories;
  std::vector<std::vector<uint8_t>> output_buffers;  // bound with SetOutput, written by Run
};

struct CompilationSlot {
  OH_NNCompilation* compilation = nullptr;
  int model_slot = -1;  // the model it was constructed from (borrowed until Build)
};

class ApiState {
 public:
  ~ApiState() { DestroyAll(); }

  OH_NNModel* models[kSlots] = {};
  CompilationSlot compilations[kSlots];
  ExecutorSlot executors[kSlots];
  NN_TensorDesc* descs[kSlots] = {};
  NN_Tensor* tensors[kSlots] = {};
  NN_QuantParam* quant_params[kSlots] = {};
  std::vector<uint8_t> exported_cache;  // last ExportCacheToBuffer result

  // A slot index, or kSlots for "pass NULL".
  static size_t Slot(ByteReader* in) { return in->U8() % (kSlots + 1); }

  void DestroyModel(size_t i) {
    for (size_t c = 0; c < kSlots; ++c) {
      if (compilations[c].model_slot == static_cast<int>(i)) DestroyCompilation(c);
    }
    OH_NNModel_Destroy(&models[i]);
  }
  void DestroyCompilation(size_t i) {
    OH_NNCompilation_Destroy(&compilations[i].compilation);
    compilations[i].model_slot = -1;
  }
  void DestroyExecutor(size_t i) {
    ExecutorSlot& e = executors[i];
    for (ExecutorSlot::Memory& m : e.memories) {
      if (m.input) {
        OH_NNExecutor_DestroyInputMemory(e.executor, m.index, &m.memory);
      } else {
        OH_NNExecutor_DestroyOutputMemory(e.executor, m.index, &m.memory);
      }
    }
    e.memories.clear();
    OH_NNExecutor_Destroy(&e.executor);
    e.output_buffers.clear();
  }
  void DestroyAll() {
    for (size_t i = 0; i < kSlots; ++i) {
      DestroyExecutor(i);
      DestroyCompilation(i);
      DestroyModel(i);
      OH_NNTensorDesc_Destroy(&descs[i]);
      OH_NNTensor_Destroy(&tensors[i]);
      OH_NNQuantParam_Destroy(&quant_params[i]);
    }
  }
};

// ---- Arguments read from the bytes (api_sequence_model_steps.cc) ----

[[noreturn]] void ApiViolation(const char* what);

// A dim: mostly 0..5, sometimes -1, 0, INT32_MAX, INT32_MIN, 2^16, -2, 2^20, 3.
int32_t ReadDim(ByteReader* in);
std::vector<int32_t> ReadDims(ByteReader* in);  // rank 0..6
// 0, the first registered device's ID, or any u64.
size_t ReadDeviceId(ByteReader* in);

// An OH_NN_UInt32Array: NULL (1 in 16), or up to kMaxFuzzIo indices below 20.
struct IndexArray {
  std::vector<uint32_t> values;
  OH_NN_UInt32Array array{};
  bool null = false;
  void Read(ByteReader* in);
  const OH_NN_UInt32Array* Get() const { return null ? nullptr : &array; }
};

// An API 9 OH_NN_Tensor (any data type, dims, 0-2 quant params, tensor type).
struct LegacyTensor {
  std::vector<int32_t> dims;
  std::vector<double> scales;
  std::vector<int32_t> zero_points;
  std::vector<uint32_t> num_bits;
  OH_NN_QuantParam quant{};
  OH_NN_Tensor tensor{};
  void Read(ByteReader* in);
};

// ---- Steps: each reads a slot and its arguments, then makes one call ----

void ModelStep(ApiState* s, uint8_t op, ByteReader* in);        // OH_NNModel_*
void DescStep(ApiState* s, uint8_t op, ByteReader* in);         // OH_NNTensorDesc_*
void QuantStep(ApiState* s, uint8_t op, ByteReader* in);        // OH_NNQuantParam_*
void CompilationStep(ApiState* s, uint8_t op, ByteReader* in);  // OH_NNCompilation_*
void ExecutionStep(ApiState* s, uint8_t op, ByteReader* in);    // OH_NNExecutor_*, OH_NNTensor_*, OH_NNDevice_*

}  // namespace fuzz
}  // namespace nnrt

#endif  // NNRT_FUZZ_API_SEQUENCE_STATE_H_
