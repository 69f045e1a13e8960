// The compilation and execution steps of the API sequence target
// (api_sequence_state.h): OH_NNCompilation_*, OH_NNExecutor_* (API 11 and the
// API 9 SetInput / SetOutput / Run / memory functions), OH_NNTensor_* and
// OH_NNDevice_*.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#include "fuzz/api_sequence_state.h"

namespace nnrt {
namespace fuzz {
namespace {

constexpr size_t kMaxTensorBytes = size_t{4} << 20;  // OH_NNTensor_Create above this is skipped

// An executor gives a descriptor for every index below its counts and none above.
void CheckExecutorDescriptors(const OH_NNExecutor* executor) {
  size_t inputs = 0, outputs = 0;
  if (OH_NNExecutor_GetInputCount(executor, &inputs) != OH_NN_SUCCESS ||
      OH_NNExecutor_GetOutputCount(executor, &outputs) != OH_NN_SUCCESS) {
    ApiViolation("a live executor does not report its counts");
  }
  for (size_t i = 0; i <= inputs + outputs + 1; ++i) {
    const bool is_input = i <= inputs;
    const size_t index = is_input ? i : i - inputs - 1;
    NN_TensorDesc* d = is_input ? OH_NNExecutor_CreateInputTensorDesc(executor, index)
                                : OH_NNExecutor_CreateOutputTensorDesc(executor, index);
    const bool in_range = index < (is_input ? inputs : outputs);
    if ((d != nullptr) != in_range) ApiViolation("executor descriptors disagree with its counts");
    OH_NNTensorDesc_Destroy(&d);
  }
}

// RunAsync: every run that started reports exactly once; the step waits for it.
struct AsyncReports {
  std::mutex mutex;
  std::condition_variable cv;
  int reports = 0;
};

AsyncReports& Reports() {
  static AsyncReports r;
  return r;
}

void OnRunDone(void*, OH_NN_ReturnCode, void*[], int32_t) {
  std::lock_guard<std::mutex> lock(Reports().mutex);
  ++Reports().reports;
  Reports().cv.notify_all();
}

void OnServiceDied(void*) {}

// timeout 0 or -1: no limit.
void RunAsyncAndWait(OH_NNExecutor* executor, std::vector<NN_Tensor*>* inputs, std::vector<NN_Tensor*>* outputs,
                     int32_t timeout) {
  OH_NNExecutor_SetOnRunDone(executor, OnRunDone);
  int before;
  {
    std::lock_guard<std::mutex> lock(Reports().mutex);
    before = Reports().reports;
  }
  static int user_data;
  if (OH_NNExecutor_RunAsync(executor, inputs->data(), inputs->size(), outputs->data(), outputs->size(), timeout,
                             &user_data) != OH_NN_SUCCESS) {
    return;
  }
  std::unique_lock<std::mutex> lock(Reports().mutex);
  if (!Reports().cv.wait_for(lock, std::chrono::seconds(20), [&] { return Reports().reports > before; })) {
    ApiViolation("a RunAsync that started never reported");
  }
  // Without a time limit the report comes after the device run is over, so
  // the tensors may be destroyed afterwards. (A timed-out run keeps using
  // them until it ends, C-146: the sequence never sets a limit.)
}

std::vector<NN_Tensor*> TensorList(ApiState* s, ByteReader* in) {
  std::vector<NN_Tensor*> list(in->U8() % (kMaxFuzzIo + 1));
  for (NN_Tensor*& t : list) {
    const size_t slot = ApiState::Slot(in);
    t = slot < kSlots ? s->tensors[slot] : nullptr;
  }
  return list;
}

NN_Tensor* CreateTensor(NN_TensorDesc* desc, uint8_t how, ByteReader* in) {
  size_t bytes = 0;
  if (desc != nullptr && OH_NNTensorDesc_GetByteSize(desc, &bytes) == OH_NN_SUCCESS && bytes > kMaxTensorBytes) {
    return nullptr;
  }
  const size_t device = ReadDeviceId(in);
  switch (how % 3) {
    case 0: return OH_NNTensor_Create(device, desc);
    case 1: return OH_NNTensor_CreateWithSize(device, desc, in->U32() % kMaxTensorBytes);
    default: return OH_NNTensor_CreateWithFd(device, desc, -1, in->U16(), in->U16());
  }
}

void TensorStep(ApiState* s, uint8_t op, size_t slot, ByteReader* in) {
  NN_Tensor* t = slot < kSlots ? s->tensors[slot] : nullptr;
  if (op < 3) {
    if (slot == kSlots) return;
    OH_NNTensor_Destroy(&s->tensors[slot]);
    s->tensors[slot] = CreateTensor(s->descs[in->U8() % kSlots], op, in);
    return;
  }
  if (op == 3) {
    if (slot < kSlots) OH_NNTensor_Destroy(&s->tensors[slot]);
    return;
  }
  OH_NNTensor_GetTensorDesc(t);
  int fd;
  size_t size = 0, offset;
  OH_NNTensor_GetFd(t, &fd);
  OH_NNTensor_GetOffset(t, &offset);
  void* buffer = OH_NNTensor_GetDataBuffer(t);
  if (OH_NNTensor_GetSize(t, &size) == OH_NN_SUCCESS && buffer != nullptr) {
    const std::vector<uint8_t> bytes = in->Bytes(in->U8());
    if (!bytes.empty()) std::memcpy(buffer, bytes.data(), bytes.size() < size ? bytes.size() : size);
  }
}

// API 9 execution: SetInput / SetOutput (caller buffers), memory blocks, Run.
void LegacyStep(ApiState* s, uint8_t op, ExecutorSlot* e, ByteReader* in) {
  const uint32_t index = in->U8() % 4;
  switch (op % 4) {
    case 0: {
      LegacyTensor t;
      t.Read(in);
      const std::vector<uint8_t> data = in->Bytes(in->U16() % kMaxBufferBytes);
      OH_NNExecutor_SetInput(e->executor, index, &t.tensor, data.empty() ? nullptr : data.data(), data.size());
      break;
    }
    case 1: {
      e->output_buffers.emplace_back(in->U16() % kMaxBufferBytes + 1);
      std::vector<uint8_t>& b = e->output_buffers.back();
      if (OH_NNExecutor_SetOutput(e->executor, index, b.data(), b.size()) != OH_NN_SUCCESS) e->output_buffers.pop_back();
      break;
    }
    case 2: {
      const bool input = in->U8() & 1;
      OH_NN_Memory* m = input ? OH_NNExecutor_AllocateInputMemory(e->executor, index, in->U16())
                              : OH_NNExecutor_AllocateOutputMemory(e->executor, index, in->U16());
      if (m == nullptr) break;
      e->memories.push_back({input, index, m});
      LegacyTensor t;
      t.Read(in);
      if (input) OH_NNExecutor_SetInputWithMemory(e->executor, index, &t.tensor, m);
      else OH_NNExecutor_SetOutputWithMemory(e->executor, index, m);
      break;
    }
    default: OH_NNExecutor_Run(e->executor); break;
  }
  (void)s;
}

void QueryStep(ExecutorSlot* e, ByteReader* in) {
  if (e->executor != nullptr) CheckExecutorDescriptors(e->executor);
  const uint32_t index = in->U8() % 4;
  size_t *min_dims = nullptr, *max_dims = nullptr, length = 0;
  OH_NNExecutor_GetInputDimRange(e->executor, index, &min_dims, &max_dims, &length);
  int32_t* shape = nullptr;
  uint32_t rank = 0;
  OH_NNExecutor_GetOutputShape(e->executor, index, &shape, &rank);
  OH_NNExecutor_SetOnServiceDied(e->executor, in->U8() & 1 ? OnServiceDied : nullptr);
}

void DeviceStep(ByteReader* in) {
  const size_t* ids = nullptr;
  uint32_t count = 0;
  OH_NNDevice_GetAllDevicesID(&ids, &count);
  const size_t id = ReadDeviceId(in);
  const char* name = nullptr;
  OH_NNDevice_GetName(id, &name);
  OH_NN_DeviceType type;
  OH_NNDevice_GetType(id, &type);
}

}  // namespace

void ExecutionStep(ApiState* s, uint8_t op, ByteReader* in) {
  const size_t slot = ApiState::Slot(in);
  op %= 12;
  if (op < 5) return TensorStep(s, op, slot, in);
  if (op == 11) return DeviceStep(in);
  if (slot == kSlots) return;
  ExecutorSlot* e = &s->executors[slot];
  switch (op) {
    case 5: {
      s->DestroyExecutor(slot);
      const size_t c = in->U8() % kSlots;
      e->executor = OH_NNExecutor_Construct(s->compilations[c].compilation);
      break;
    }
    case 6: s->DestroyExecutor(slot); break;
    case 7: QueryStep(e, in); break;
    case 8: {
      std::vector<NN_Tensor*> inputs = TensorList(s, in), outputs = TensorList(s, in);
      OH_NNExecutor_RunSync(e->executor, inputs.data(), inputs.size(), outputs.data(), outputs.size());
      break;
    }
    case 9: {
      std::vector<NN_Tensor*> inputs = TensorList(s, in), outputs = TensorList(s, in);
      if (e->executor != nullptr) RunAsyncAndWait(e->executor, &inputs, &outputs, -(in->U8() & 1));
      break;
    }
    default: LegacyStep(s, in->U8(), e, in); break;
  }
}

void CompilationStep(ApiState* s, uint8_t op, ByteReader* in) {
  const size_t slot = ApiState::Slot(in);
  OH_NNCompilation* c = slot < kSlots ? s->compilations[slot].compilation : nullptr;
  switch (op % 12) {
    case 0: {
      if (slot == kSlots) break;
      s->DestroyCompilation(slot);
      const size_t m = in->U8() % kSlots;
      s->compilations[slot].compilation = OH_NNCompilation_Construct(s->models[m]);
      s->compilations[slot].model_slot = static_cast<int>(m);
      break;
    }
    case 1: {
      if (slot == kSlots) break;
      s->DestroyCompilation(slot);
      const uint8_t how = in->U8() % 3;
      const std::vector<uint8_t> bytes = in->Bytes(in->U16());
      s->compilations[slot].compilation =
          how == 0 ? OH_NNCompilation_ConstructForCache()
          : how == 1 ? OH_NNCompilation_ConstructWithOfflineModelBuffer(bytes.data(), bytes.size())
                     : OH_NNCompilation_ConstructWithOfflineModelFile("/nonexistent/nnrt-fuzz/model.bin");
      break;
    }
    case 2: if (slot < kSlots) s->DestroyCompilation(slot); else OH_NNCompilation_Destroy(nullptr); break;
    case 3: OH_NNCompilation_SetDevice(c, ReadDeviceId(in)); break;
    case 4: OH_NNCompilation_SetPerformanceMode(c, static_cast<OH_NN_PerformanceMode>(in->U8() % 7)); break;
    case 5: OH_NNCompilation_SetPriority(c, static_cast<OH_NN_Priority>(in->U8() % 6)); break;
    case 6: OH_NNCompilation_EnableFloat16(c, in->U8() & 1); break;
    case 7: {
      const std::string name = in->ShortString();
      const std::vector<uint8_t> value = in->Bytes(in->U8());
      OH_NNCompilation_AddExtensionConfig(c, name.c_str(), value.empty() ? nullptr : value.data(), value.size());
      break;
    }
    case 8: {
      // Only paths that cannot be written: a sequence never leaves files behind.
      const uint8_t which = in->U8() % 3;
      OH_NNCompilation_SetCache(c, which == 0 ? nullptr : which == 1 ? "" : "/nonexistent/nnrt-fuzz", in->U32());
      break;
    }
    case 9: {
      const bool built = OH_NNCompilation_Build(c) == OH_NN_SUCCESS;
      if (!built) break;
      OH_NNExecutor* e = OH_NNExecutor_Construct(c);
      if (e == nullptr) ApiViolation("a compilation that built gives no executor");
      OH_NNExecutor_Destroy(&e);
      break;
    }
    case 10: {
      std::vector<uint8_t> buffer(in->U16() % kMaxBufferBytes + 1);
      size_t size = 0;
      if (OH_NNCompilation_ExportCacheToBuffer(c, buffer.data(), buffer.size(), &size) == OH_NN_SUCCESS) {
        if (size == 0 || size > buffer.size()) ApiViolation("ExportCacheToBuffer reported a size outside the buffer");
        s->exported_cache.assign(buffer.begin(), buffer.begin() + size);
      }
      break;
    }
    default: {
      const std::vector<uint8_t> bytes = in->U8() & 1 ? s->exported_cache : in->Bytes(in->U16());
      OH_NNCompilation_ImportCacheFromBuffer(c, bytes.empty() ? nullptr : bytes.data(), bytes.size());
      break;
    }
  }
}

}  // namespace fuzz
}  // namespace nnrt
