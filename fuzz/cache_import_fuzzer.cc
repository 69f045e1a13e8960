// Fuzz target: model caches and offline models from bytes, on all four ways
// in: the HAL's PrepareModelFromModelCache and PrepareOfflineModel (the
// in-process reference driver), OH_NNCompilation_ConstructWithOfflineModelBuffer
// and OH_NNCompilation_ImportCacheFromBuffer (then Build, an executor and a run).
//
// Input: byte 0 picks the way in (bits 0-1: 0 model cache, 1 offline model,
// 2 offline model buffer, 3 cache buffer) and bit 2 asks for repair: the
// device cache header's payload size and FNV-1a checksum are recomputed
// (reference/device/model_cache.h) so the fuzzer reaches the payload decoder,
// and for way 3 the bytes become one device buffer wrapped by
// SerializeCacheBuffer with I/O descriptors read from the bytes after it
// (valid CRCs, the reference device's ID).
//
// Oracles (a violation aborts): a failed prepare leaves *prepared NULL; a
// compilation that builds gives an executor; what a prepared model exports
// prepares again.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "fuzz/byte_reader.h"
#include "neural_network_runtime/neural_network_runtime.h"
#include "reference/device/model_cache.h"
#include "reference/device/reference_device.h"
#include "reference/runtime/compilation_cache.h"

namespace {

using nnrt::fuzz::ByteReader;

constexpr uint64_t kRunMemoryBudgetBytes = uint64_t{16} << 20;
// Steps one Run may charge (C-760): 2^26, about a second of pooling under ASan.
constexpr uint64_t kRunWorkBudget = uint64_t{1} << 26;
constexpr size_t kMaxRunTensorBytes = size_t{1} << 20;

[[noreturn]] void Violation(const char* what) {
  std::fprintf(stderr, "cache import oracle violated: %s\n", what);
  std::abort();
}

const NNRT_HalDriver& Driver() {
  static const NNRT_HalDriver* driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "cache-import-fuzzer";
    options.run_memory_budget_bytes = kRunMemoryBudgetBytes;
    options.run_work_budget = kRunWorkBudget;
    return nnrt::MakeReferenceDriver(options);
  }();
  return *driver;
}

NNRT_HalDevice* Device() {
  static NNRT_HalDevice* device = [] {
    NNRT_HalDevice* d = nullptr;
    if (Driver().CreateDevice(&d) != NNRT_SUCCESS) Violation("CreateDevice failed");
    return d;
  }();
  return device;
}

void PutU64(uint64_t v, uint8_t* at) {
  for (int i = 0; i < 8; ++i) at[i] = static_cast<uint8_t>(v >> (8 * i));
}

// Payload size and checksum of a buffer that starts with the cache magic.
void RepairDeviceCache(std::vector<uint8_t>* cache) {
  if (!nnrt::HasModelCacheHeader(cache->data(), cache->size())) return;
  const size_t payload = cache->size() - nnrt::kModelCacheHeaderSize;
  PutU64(payload, cache->data() + 16);
  PutU64(nnrt::Fnv1a64(cache->data() + nnrt::kModelCacheHeaderSize, payload), cache->data() + 24);
}

// Every HAL prepare runs with the default config (HDI ModelConfig defaults).
const NNRT_HalModelConfig kDefaultConfig{};

NNRT_HalBuffer View(const std::vector<uint8_t>& bytes) {
  NNRT_HalBuffer b{};
  b.fd = -1;
  b.bufferSize = static_cast<uint32_t>(bytes.size());
  b.dataSize = b.bufferSize;
  b.hostAddress = const_cast<uint8_t*>(bytes.data());
  return b;
}

void CheckReprepares(NNRT_HalPreparedModel* prepared) {
  const NNRT_HalBuffer* caches = nullptr;
  uint32_t count = 0;
  if (Driver().ExportModelCache(prepared, &caches, &count) != NNRT_SUCCESS) return;
  NNRT_HalPreparedModel* again = nullptr;
  if (Driver().PrepareModelFromModelCache(Device(), caches, count, &kDefaultConfig, &again) != NNRT_SUCCESS) {
    std::fprintf(stderr, "%s\n", Driver().GetLastErrorMessage());
    Violation("the cache a prepared model exported does not prepare again");
  }
  Driver().ReleasePreparedModel(again);
}

void PrepareOnDriver(bool offline, const std::vector<uint8_t>& bytes) {
  const NNRT_HalBuffer buffer = View(bytes);
  NNRT_HalPreparedModel* prepared = nullptr;
  const int32_t rc = offline ? Driver().PrepareOfflineModel(Device(), &buffer, 1, &kDefaultConfig, &prepared)
                             : Driver().PrepareModelFromModelCache(Device(), &buffer, 1, &kDefaultConfig, &prepared);
  if (rc != NNRT_SUCCESS) {
    if (prepared != nullptr) Violation("a failed prepare left *prepared set");
    return;
  }
  CheckReprepares(prepared);
  Driver().ReleasePreparedModel(prepared);
}

// One tensor per executor input / output from its descriptor (-1 dims as 1).
NN_Tensor* TensorFor(NN_TensorDesc* desc) {
  int32_t* shape = nullptr;
  size_t rank = 0;
  if (desc == nullptr || OH_NNTensorDesc_GetShape(desc, &shape, &rank) != OH_NN_SUCCESS) return nullptr;
  std::vector<int32_t> fixed(shape, shape + rank);
  for (int32_t& d : fixed) d = d < 0 ? 1 : d;
  size_t bytes = 0;
  if (OH_NNTensorDesc_SetShape(desc, fixed.data(), fixed.size()) != OH_NN_SUCCESS ||
      OH_NNTensorDesc_GetByteSize(desc, &bytes) != OH_NN_SUCCESS || bytes > kMaxRunTensorBytes) {
    return nullptr;
  }
  return OH_NNTensor_Create(0, desc);
}

void RunOnce(OH_NNExecutor* executor) {
  size_t input_count = 0, output_count = 0;
  if (OH_NNExecutor_GetInputCount(executor, &input_count) != OH_NN_SUCCESS ||
      OH_NNExecutor_GetOutputCount(executor, &output_count) != OH_NN_SUCCESS) {
    Violation("a constructed executor does not report its input / output counts");
  }
  std::vector<NN_Tensor*> inputs, outputs;
  bool complete = true;
  for (size_t i = 0; i < input_count + output_count; ++i) {
    NN_TensorDesc* desc = i < input_count ? OH_NNExecutor_CreateInputTensorDesc(executor, i)
                                          : OH_NNExecutor_CreateOutputTensorDesc(executor, i - input_count);
    if (desc == nullptr) Violation("an executor has no descriptor for an index below its count");
    NN_Tensor* t = TensorFor(desc);
    OH_NNTensorDesc_Destroy(&desc);
    complete = complete && t != nullptr;
    (i < input_count ? inputs : outputs).push_back(t);
  }
  if (complete) OH_NNExecutor_RunSync(executor, inputs.data(), input_count, outputs.data(), output_count);
  for (NN_Tensor* t : inputs) OH_NNTensor_Destroy(&t);
  for (NN_Tensor* t : outputs) OH_NNTensor_Destroy(&t);
}

void BuildAndRun(OH_NNCompilation* compilation) {
  if (compilation == nullptr) return;
  if (OH_NNCompilation_Build(compilation) == OH_NN_SUCCESS) {
    OH_NNExecutor* executor = OH_NNExecutor_Construct(compilation);
    if (executor == nullptr) Violation("a compilation that built gives no executor");
    RunOnce(executor);
    OH_NNExecutor_Destroy(&executor);
  }
  OH_NNCompilation_Destroy(&compilation);
}

size_t ReferenceDeviceId() {
  const size_t* ids = nullptr;
  uint32_t count = 0;
  if (OH_NNDevice_GetAllDevicesID(&ids, &count) != OH_NN_SUCCESS || count == 0) Violation("no device");
  return ids[0];
}

std::vector<nnrt::rt::IoDesc> ReadIoDescs(ByteReader* in) {
  std::vector<nnrt::rt::IoDesc> descs(in->U8() % 4);
  for (nnrt::rt::IoDesc& d : descs) {
    d.desc.name = in->ShortString();
    d.desc.data_type = static_cast<OH_NN_DataType>(in->U8() % 14);
    d.desc.format = static_cast<OH_NN_Format>(in->U8() % 4);
    d.desc.shape.resize(in->U8() % 6);
    for (int32_t& dim : d.desc.shape) dim = static_cast<int8_t>(in->U8());
    d.tensor_type = in->U8() % 4 == 0 ? in->U8() : static_cast<int32_t>(OH_NN_TENSOR);
  }
  return descs;
}

// Way 3 with repair: [u32 device buffer size][device buffer][u32 cache version][inputs][outputs].
std::vector<uint8_t> WrappedCacheBuffer(ByteReader* in) {
  nnrt::rt::CacheContent content;
  std::vector<uint8_t> device_buffer = in->Bytes(in->U32());
  RepairDeviceCache(&device_buffer);
  content.device_buffers.push_back(std::move(device_buffer));
  content.version = in->U32();
  content.device_id = ReferenceDeviceId();
  content.inputs = ReadIoDescs(in);
  content.outputs = ReadIoDescs(in);
  return nnrt::rt::SerializeCacheBuffer(content);
}

void ImportCacheBuffer(const std::vector<uint8_t>& bytes) {
  OH_NNCompilation* compilation = OH_NNCompilation_ConstructForCache();
  if (compilation == nullptr) Violation("OH_NNCompilation_ConstructForCache returned NULL");
  if (OH_NNCompilation_ImportCacheFromBuffer(compilation, bytes.data(), bytes.size()) != OH_NN_SUCCESS) {
    OH_NNCompilation_Destroy(&compilation);
    return;
  }
  BuildAndRun(compilation);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  // Before the runtime creates its devices (reference/device/run_memory_budget.h).
  setenv("NNRT_REFERENCE_RUN_MEMORY_BUDGET", "16777216", 1);
  setenv("NNRT_REFERENCE_RUN_WORK_BUDGET", "64M", 1);  // C-760: a second or so under ASan
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ByteReader in(data, size);
  const uint8_t mode = in.U8();
  const bool repair = mode & 4;
  if ((mode & 3) == 3) {
    ImportCacheBuffer(repair ? WrappedCacheBuffer(&in) : in.Rest());
    return 0;
  }
  std::vector<uint8_t> bytes = in.Rest();
  if (repair) RepairDeviceCache(&bytes);
  switch (mode & 3) {
    case 0: PrepareOnDriver(false, bytes); break;
    case 1: PrepareOnDriver(true, bytes); break;
    default: BuildAndRun(OH_NNCompilation_ConstructWithOfflineModelBuffer(bytes.data(), bytes.size())); break;
  }
  return 0;
}
