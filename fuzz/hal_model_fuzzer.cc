// Fuzz target: the reference HAL driver, in process, fed NNRT_HalModel structs
// decoded straight from bytes (hal_model_bytes.h): GetSupportedOperation,
// PrepareModel, and for a model that prepares GetInputDimRanges,
// ExportModelCache -> PrepareModelFromModelCache and Run with inputs taken
// from the bytes after the config.
//
// Oracles (a violation aborts): a failed prepare leaves *prepared NULL and
// has a message; the cache of a prepared model prepares again; a successful
// Run reports output dims of rank <= NNRT_HAL_MAX_RANK whose bytes fit the
// output buffer. The device runs with a 16 MiB run memory budget so a hostile
// model ends in NNRT_OUT_OF_MEMORY quickly.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "fuzz/byte_reader.h"
#include "fuzz/hal_model_bytes.h"
#include "reference/device/reference_device.h"
#include "reference/ir/ir.h"

namespace {

using nnrt::fuzz::ByteReader;
using nnrt::fuzz::DecodedHalModel;

constexpr uint64_t kRunMemoryBudgetBytes = uint64_t{16} << 20;
// Steps one Run may charge (C-760): 2^26, about a second of pooling under ASan.
constexpr uint64_t kRunWorkBudget = uint64_t{1} << 26;
constexpr uint64_t kMaxIoBytes = uint64_t{1} << 20;    // one input or output buffer
constexpr uint32_t kUnknownOutputCapacity = 1u << 16;  // an output whose size is not known up front

[[noreturn]] void Violation(const char* what) {
  std::fprintf(stderr, "HAL model oracle violated: %s\n", what);
  std::abort();
}

const NNRT_HalDriver& Driver() {
  static const NNRT_HalDriver* driver = [] {
    nnrt::ReferenceDriverOptions options;
    options.device_name = "hal-model-fuzzer";
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

uint64_t ElementSize(int32_t data_type) {
  return nnrt::IsValidDataType(data_type) ? nnrt::DataTypeSize(static_cast<nnrt::DataType>(data_type)) : 1;
}

// Bytes of dims x element size, or UINT64_MAX when unknown (-1), negative or too big.
uint64_t ByteSize(const std::vector<int32_t>& dims, int32_t data_type) {
  uint64_t bytes = ElementSize(data_type);
  for (int32_t d : dims) {
    if (d < 0) return UINT64_MAX;
    bytes *= static_cast<uint64_t>(d);
    if (bytes > kMaxIoBytes) return UINT64_MAX;
  }
  return bytes;
}

// The I/O tensors of one Run and the memory behind them.
struct RunIo {
  std::vector<std::vector<int32_t>> dims;
  std::vector<std::vector<uint8_t>> data;
  std::vector<NNRT_HalIOTensor> tensors;
};

const NNRT_HalTensor* ModelTensor(const NNRT_HalModel& m, uint32_t index) {
  return index < m.tensorCount ? &m.allTensors[index] : nullptr;
}

// One I/O tensor per index: the model tensor's type and dims (a dynamic dim
// takes a small value from the bytes; with bit 0 of the first byte the dims
// come from the bytes outright). Inputs are filled from the bytes.
bool BuildIo(const NNRT_HalModel& m, const uint32_t* indices, uint32_t count, bool is_input, ByteReader* in,
             RunIo* io) {
  for (uint32_t i = 0; i < count; ++i) {
    const NNRT_HalTensor* t = ModelTensor(m, indices[i]);
    if (t == nullptr) return false;
    std::vector<int32_t> dims(t->dims, t->dims + t->dimCount);
    if (is_input && (in->U8() & 1)) dims.assign(in->U8() % 6, 0);
    for (int32_t& d : dims) {
      if (d < 0 || (is_input && d == 0)) d = in->U8() % 5;
    }
    const uint64_t bytes = ByteSize(dims, t->dataType);
    if (is_input && bytes == UINT64_MAX) return false;
    std::vector<uint8_t> data = is_input ? in->Bytes(bytes) : std::vector<uint8_t>();
    data.resize(is_input ? bytes : (bytes == UINT64_MAX ? kUnknownOutputCapacity : bytes), 0);
    if (data.empty()) data.resize(1);  // hostAddress never NULL
    io->dims.push_back(std::move(dims));
    io->data.push_back(std::move(data));
  }
  for (size_t i = 0; i < io->dims.size(); ++i) {
    NNRT_HalIOTensor t{};
    const NNRT_HalTensor* mt = ModelTensor(m, indices[i]);
    t.name = mt->name;
    t.dataType = mt->dataType;
    t.dims = io->dims[i].data();
    t.dimCount = static_cast<uint32_t>(io->dims[i].size());
    t.format = mt->format;
    t.data.fd = -1;
    t.data.bufferSize = static_cast<uint32_t>(io->data[i].size());
    t.data.dataSize = is_input ? static_cast<uint32_t>(ByteSize(io->dims[i], mt->dataType)) : t.data.bufferSize;
    t.data.hostAddress = io->data[i].data();
    io->tensors.push_back(t);
  }
  return true;
}

void CheckOutputDims(const RunIo& outputs, const std::vector<NNRT_HalShape>& shapes) {
  for (size_t i = 0; i < shapes.size(); ++i) {
    if (shapes[i].rank > NNRT_HAL_MAX_RANK) Violation("Run reported an output rank above NNRT_HAL_MAX_RANK");
    const std::vector<int32_t> dims(shapes[i].dims, shapes[i].dims + shapes[i].rank);
    const uint64_t bytes = ByteSize(dims, outputs.tensors[i].dataType);
    if (bytes == UINT64_MAX || bytes > outputs.data[i].size()) {
      Violation("Run succeeded with output dims whose bytes do not fit the output buffer");
    }
  }
}

void RunPrepared(NNRT_HalPreparedModel* prepared, const NNRT_HalModel& m, ByteReader* in) {
  RunIo inputs;
  RunIo outputs;
  if (!BuildIo(m, m.inputIndex, m.inputCount, true, in, &inputs)) return;
  if (!BuildIo(m, m.outputIndex, m.outputCount, false, in, &outputs)) return;
  std::vector<NNRT_HalShape> shapes(m.outputCount);
  const int32_t rc = Driver().Run(prepared, inputs.tensors.data(), m.inputCount, outputs.tensors.data(),
                                  m.outputCount, shapes.data());
  if (rc == NNRT_SUCCESS) CheckOutputDims(outputs, shapes);
}

void CheckCacheReprepares(NNRT_HalPreparedModel* prepared, const NNRT_HalModelConfig* config) {
  const NNRT_HalBuffer* caches = nullptr;
  uint32_t count = 0;
  if (Driver().ExportModelCache(prepared, &caches, &count) != NNRT_SUCCESS) return;
  NNRT_HalPreparedModel* again = nullptr;
  if (Driver().PrepareModelFromModelCache(Device(), caches, count, config, &again) != NNRT_SUCCESS) {
    std::fprintf(stderr, "%s\n", Driver().GetLastErrorMessage());
    Violation("the cache a prepared model exported does not prepare again");
  }
  Driver().ReleasePreparedModel(again);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ByteReader in(data, size);
  DecodedHalModel decoded;
  decoded.Decode(&in);
  const NNRT_HalModel& m = *decoded.model();
  std::unique_ptr<bool[]> supported(new bool[m.nodeCount + 1]);
  Driver().GetSupportedOperation(Device(), &m, supported.get());
  NNRT_HalPreparedModel* prepared = nullptr;
  const int32_t rc = Driver().PrepareModel(Device(), &m, decoded.config(), &prepared);
  if (rc != NNRT_SUCCESS) {
    if (prepared != nullptr) Violation("a failed PrepareModel left *prepared set");
    if (Driver().GetLastErrorMessage()[0] == '\0') Violation("a failed PrepareModel left no message");
    return 0;
  }
  const uint32_t *min_dims = nullptr, *max_dims = nullptr, *dim_counts = nullptr;
  uint32_t input_count = 0;
  Driver().GetInputDimRanges(prepared, &min_dims, &max_dims, &dim_counts, &input_count);
  CheckCacheReprepares(prepared, decoded.config());
  RunPrepared(prepared, m, &in);
  Driver().ReleasePreparedModel(prepared);
  return 0;
}
