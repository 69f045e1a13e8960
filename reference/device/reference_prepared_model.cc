// The reference HAL driver's model side (docs/hal.md): PrepareModel,
// PrepareModelFromModelCache, PrepareOfflineModel and the IPreparedModel
// functions (cache export, input dim ranges, Run). The last error, the device
// queries, shared memory and the driver table are in reference_device.cc.
#include "reference/device/reference_device_internal.h"

#include <sys/stat.h>

#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "reference/device/model_cache.h"
#include "reference/hal/hal_model_view.h"
#include "reference/hal/kit/hal_arguments.h"

namespace nnrt {
namespace reference_driver_internal {

// ---- Preparation -------------------------------------------------------------------------

namespace {

// Per input: fixed dim d -> [d, d], dynamic -> [1, max_dynamic_dim] (C-31).
void ComputeDimRanges(NNRT_HalPreparedModel* p) {
  const Model& m = p->interpreter->model();
  for (uint32_t t : m.inputs) {
    const Dims& dims = m.tensors[t].dims;
    p->dim_counts.push_back(static_cast<uint32_t>(dims.size()));
    for (int32_t d : dims) {
      p->min_dims.push_back(d < 0 ? 1u : static_cast<uint32_t>(d));
      p->max_dims.push_back(d < 0 ? p->options.max_dynamic_dim : static_cast<uint32_t>(d));
    }
  }
}

Status MakePrepared(const ReferenceDriverOptions& options, const Model& model, const ModelConfig& config,
                    NNRT_HalPreparedModel** prepared) {
  if (!options.dynamic_input_supported) {
    for (uint32_t t : model.inputs) {
      if (t < model.tensors.size() && IsDynamic(model.tensors[t].dims)) {
        return Status(NNRT_NOT_SUPPORT, "this device does not support dynamic input dims");
      }
    }
  }
  std::unique_ptr<NNRT_HalPreparedModel> p(new NNRT_HalPreparedModel());
  p->options = options;
  p->config = config;
  NNRT_RETURN_IF_ERROR(PrepareInterpreter(model, MakeInterpreterOptions(options), &p->interpreter));
  ComputeDimRanges(p.get());
  *prepared = p.release();
  return Status::Ok();
}

}  // namespace

int32_t PrepareModel(NNRT_HalDevice* device, const NNRT_HalModel* model, const NNRT_HalModelConfig* config,
                     NNRT_HalPreparedModel** prepared) {
  return Guard("PrepareModel", [&]() -> Status {
    NNRT_RETURN_IF_ERROR(CheckPreparePointers(device, model, prepared));
    ModelConfig c;
    NNRT_RETURN_IF_ERROR(driver_kit::ReadModelConfig(config, &c));
    Model m;
    NNRT_RETURN_IF_ERROR(ModelFromHal(model, &m));
    return MakePrepared(device->options, m, c, prepared);
  });
}

namespace {

// The model in a cache-format buffer (model_cache.h); any defect is `code`.
Status PrepareFromCacheBuffer(NNRT_HalDevice* device, const NNRT_HalBuffer* buffers, uint32_t count,
                              const NNRT_HalModelConfig* config, NNRT_ReturnCode code, const char* what,
                              NNRT_HalPreparedModel** prepared) {
  if (prepared == nullptr) return NullPtr("prepared");
  *prepared = nullptr;
  if (device == nullptr) return NullPtr("device");
  if (buffers == nullptr && count > 0) return NullPtr(what);
  ModelConfig c;
  NNRT_RETURN_IF_ERROR(driver_kit::ReadModelConfig(config, &c));
  if (count != 1) {
    return Status(code, std::string("the reference device takes exactly 1 ") + what + " buffer, got " + std::to_string(count));
  }
  HalBufferAccess access;
  NNRT_RETURN_IF_ERROR(access.Open(buffers[0], false, code, what));
  Model m;
  ModelConfig stored;  // informational: the caller's config governs (C-27)
  Status parsed = ParseModelCache(access.data(), access.size(), &m, &stored);
  if (!parsed.ok()) return Status(code, parsed.message());
  Status made = MakePrepared(device->options, m, c, prepared);
  if (!made.ok() && made.code() != NNRT_NOT_SUPPORT) {
    return Status(code, std::string(what) + " holds a model the device rejects: " + made.message());
  }
  return made;
}

}  // namespace

int32_t PrepareModelFromModelCache(NNRT_HalDevice* device, const NNRT_HalBuffer* caches, uint32_t count,
                                   const NNRT_HalModelConfig* config, NNRT_HalPreparedModel** prepared) {
  return Guard("PrepareModelFromModelCache", [&]() -> Status {
    if (device != nullptr && !device->options.model_cache_supported) {
      if (prepared != nullptr) *prepared = nullptr;
      return Status(NNRT_NOT_SUPPORT, "this device does not support model caches");
    }
    return PrepareFromCacheBuffer(device, caches, count, config, NNRT_INVALID_MODEL_CACHE, "model cache", prepared);
  });
}

// C-29: an "offline model" for the reference device is a buffer in its own
// cache format; a defect is NNRT_INVALID_MODEL.
int32_t PrepareOfflineModel(NNRT_HalDevice* device, const NNRT_HalBuffer* models, uint32_t count,
                            const NNRT_HalModelConfig* config, NNRT_HalPreparedModel** prepared) {
  return Guard("PrepareOfflineModel", [&]() -> Status {
    return PrepareFromCacheBuffer(device, models, count, config, NNRT_INVALID_MODEL, "offline model", prepared);
  });
}

// ---- Prepared model ----------------------------------------------------------------------------

void ReleasePreparedModel(NNRT_HalPreparedModel* prepared) { delete prepared; }

int32_t ExportModelCache(NNRT_HalPreparedModel* prepared, const NNRT_HalBuffer** caches, uint32_t* count) {
  return Guard("ExportModelCache", [&]() -> Status {
    if (prepared == nullptr) return NullPtr("prepared");
    if (caches == nullptr || count == nullptr) return NullPtr("caches/cacheCount");
    if (!prepared->options.model_cache_supported) return Status(NNRT_NOT_SUPPORT, "this device does not support model caches");
    std::call_once(prepared->cache_once, [prepared]() {
      prepared->cache_bytes = SerializeModelCache(prepared->interpreter->model(), prepared->config);
      if (prepared->cache_bytes.size() > UINT32_MAX) return;  // refused below, never narrowed (C-302)
      NNRT_HalBuffer& b = prepared->cache_buffer;
      b.fd = -1;
      b.bufferSize = static_cast<uint32_t>(prepared->cache_bytes.size());
      b.offset = 0;
      b.dataSize = b.bufferSize;
      b.hostAddress = prepared->cache_bytes.data();
    });
    if (prepared->cache_bytes.size() > UINT32_MAX) {
      return Status(NNRT_FAILED, "the model cache holds " + std::to_string(prepared->cache_bytes.size()) +
                                     " bytes, more than a NNRT_HalBuffer can describe (C-302)");
    }
    *caches = &prepared->cache_buffer;
    *count = 1;
    return Status::Ok();
  });
}

int32_t GetInputDimRanges(NNRT_HalPreparedModel* prepared, const uint32_t** min_dims, const uint32_t** max_dims,
                          const uint32_t** dim_counts, uint32_t* input_count) {
  return Guard("GetInputDimRanges", [&]() -> Status {
    NNRT_RETURN_IF_ERROR(CheckDimRangePointers(prepared, min_dims, max_dims, dim_counts, input_count));
    if (!prepared->options.input_dim_ranges_supported) {
      return Status(NNRT_NOT_SUPPORT, "this device does not report input dim ranges");
    }
    *min_dims = prepared->min_dims.data();
    *max_dims = prepared->max_dims.data();
    *dim_counts = prepared->dim_counts.data();
    *input_count = static_cast<uint32_t>(prepared->dim_counts.size());
    return Status::Ok();
  });
}

namespace {

// Checks one input IOTensor against the model and the dim ranges (C-32 lists
// the codes), and opens its data for the run to read in place.
Status ReadInput(const NNRT_HalPreparedModel* p, uint32_t k, const NNRT_HalIOTensor& io, size_t range_offset,
                 HalBufferAccess* access, InputView* out) {
  const Model& m = p->interpreter->model();
  const Tensor& decl = m.tensors[m.inputs[k]];
  const std::string what = "input " + std::to_string(k) + (decl.name.empty() ? "" : " '" + decl.name + "'");
  if (io.dataType != static_cast<int32_t>(decl.data_type)) {
    return InvalidInput(what + ": data type " + std::to_string(io.dataType) + ", the model declares " + DataTypeName(decl.data_type));
  }
  if (io.dimCount > NNRT_HAL_MAX_RANK || (io.dimCount > 0 && io.dims == nullptr)) {
    return InvalidInput(what + ": dims NULL or rank above " + std::to_string(NNRT_HAL_MAX_RANK));
  }
  Dims dims(io.dims, io.dims + io.dimCount);
  if (dims.size() != decl.dims.size()) {
    return InvalidInput(what + ": rank " + std::to_string(dims.size()) + ", the model declares " + DimsToString(decl.dims));
  }
  for (size_t d = 0; d < dims.size(); ++d) {
    const int64_t lo = p->min_dims[range_offset + d];
    const int64_t hi = p->max_dims[range_offset + d];
    if (dims[d] < lo || dims[d] > hi) {
      return Status(NNRT_OUT_OF_DIMENTION_RANGES, what + ": dim " + std::to_string(d) + " is " + std::to_string(dims[d]) +
                                                     ", outside [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    }
  }
  const auto count = ElementCount(dims);
  const uint64_t element = DataTypeSize(decl.data_type);
  if (!count || static_cast<uint64_t>(*count) > UINT32_MAX / element) {
    return InvalidInput(what + ": dims " + DimsToString(dims) + " describe more than 4 GiB");
  }
  const uint64_t expected = static_cast<uint64_t>(*count) * element;
  if (io.data.dataSize != expected) {
    return InvalidInput(what + ": dataSize " + std::to_string(io.data.dataSize) + ", " + DimsToString(dims) + " x " +
                        DataTypeName(decl.data_type) + " needs " + std::to_string(expected));
  }
  NNRT_RETURN_IF_ERROR(access->Open(io.data, false, NNRT_INVALID_INPUT, what + " data"));
  out->dtype = decl.data_type;
  out->dims = std::move(dims);
  out->data = access->data();
  out->byte_size = access->size();
  return Status::Ok();
}

// Where a buffer's bytes live: a byte range of a file (fd set) or of this
// process's address space (hostAddress only).
struct BufferSpan {
  bool in_file = false;
  dev_t device = 0;
  ino_t inode = 0;
  uint64_t begin = 0, end = 0;
};

BufferSpan SpanOf(const NNRT_HalBuffer& b) {
  BufferSpan span;
  struct stat st;
  if (b.fd >= 0 && fstat(b.fd, &st) == 0) {
    span.in_file = true;
    span.device = st.st_dev;
    span.inode = st.st_ino;
    span.begin = b.offset;
  } else {
    span.begin = reinterpret_cast<uintptr_t>(b.hostAddress) + b.offset;
  }
  span.end = span.begin + b.dataSize;
  return span;
}

// False only when the two spans certainly share no byte: the same kind, and
// another file or disjoint ranges (a host pointer may address a mapping of any file).
bool MayAlias(const BufferSpan& a, const BufferSpan& b) {
  if (a.begin == a.end || b.begin == b.end) return false;
  if (a.in_file != b.in_file) return true;
  if (a.in_file && (a.device != b.device || a.inode != b.inode)) return false;
  return a.begin < b.end && b.begin < a.end;
}

// Outputs below this many bytes are computed in the run's own storage and
// copied after it: the copy costs less than the fstat calls of the alias
// check below (a few hundred ns each), which such runs then skip (C-758).
constexpr uint64_t kInPlaceMinimumBytes = 16 * 1024;

// Per output: the caller's memory the interpreter may compute it into (one
// of `opened`, the outputs' open mappings), so that no copy follows the run.
// An output that may share memory with an input or another output gets
// none: the kernels must never write what they read.
std::vector<OutputDestination> Destinations(const NNRT_HalIOTensor* inputs, uint32_t input_count,
                                            const NNRT_HalIOTensor* outputs, uint32_t output_count,
                                            std::vector<OutputDestination> opened) {
  bool any_in_place = false;
  for (uint32_t k = 0; k < output_count; ++k) {
    if (outputs[k].data.dataSize < kInPlaceMinimumBytes) opened[k] = OutputDestination();
    any_in_place |= opened[k].data != nullptr;
  }
  if (!any_in_place) return opened;
  std::vector<BufferSpan> in(input_count), out(output_count);
  for (uint32_t k = 0; k < input_count; ++k) in[k] = SpanOf(inputs[k].data);
  for (uint32_t k = 0; k < output_count; ++k) out[k] = SpanOf(outputs[k].data);
  for (uint32_t k = 0; k < output_count; ++k) {
    bool alone = true;
    for (uint32_t j = 0; j < input_count && alone; ++j) alone = !MayAlias(out[k], in[j]);
    for (uint32_t j = 0; j < output_count && alone; ++j) alone = j == k || !MayAlias(out[k], out[j]);
    if (!alone) opened[k] = OutputDestination();
  }
  return opened;
}

Status CheckOutput(const NNRT_HalPreparedModel* p, uint32_t k, const NNRT_HalIOTensor& io) {
  const Model& m = p->interpreter->model();
  const Tensor& decl = m.tensors[m.outputs[k]];
  const std::string what = "output " + std::to_string(k) + (decl.name.empty() ? "" : " '" + decl.name + "'");
  if (io.dataType != static_cast<int32_t>(decl.data_type)) {
    return Status(NNRT_INVALID_OUTPUT, what + ": data type " + std::to_string(io.dataType) + ", the model declares " +
                                           DataTypeName(decl.data_type));
  }
  if (static_cast<uint64_t>(io.data.offset) + io.data.dataSize > io.data.bufferSize) {
    return Status(NNRT_INVALID_OUTPUT, what + ": offset + dataSize exceeds bufferSize");
  }
  if (io.data.hostAddress == nullptr && io.data.fd < 0) {
    return Status(NNRT_INVALID_OUTPUT, what + ": neither hostAddress nor fd is set");
  }
  return Status::Ok();
}

}  // namespace

int32_t Run(NNRT_HalPreparedModel* prepared, const NNRT_HalIOTensor* inputs, uint32_t input_count,
            const NNRT_HalIOTensor* outputs, uint32_t output_count, NNRT_HalShape* output_dims) {
  return Guard("Run", [&]() -> Status {
    NNRT_RETURN_IF_ERROR(CheckRunPointers(prepared, inputs, input_count, outputs, output_count, output_dims));
    const Model& m = prepared->interpreter->model();
    if (input_count != m.inputs.size()) {
      return InvalidInput("the model has " + std::to_string(m.inputs.size()) + " inputs, got " + std::to_string(input_count));
    }
    if (output_count != m.outputs.size()) {
      return Status(NNRT_INVALID_OUTPUT,
                    "the model has " + std::to_string(m.outputs.size()) + " outputs, got " + std::to_string(output_count));
    }
    std::vector<HalBufferAccess> input_access(input_count);
    std::vector<InputView> views(input_count);
    size_t range_offset = 0;
    for (uint32_t k = 0; k < input_count; ++k) {
      NNRT_RETURN_IF_ERROR(ReadInput(prepared, k, inputs[k], range_offset, &input_access[k], &views[k]));
      range_offset += prepared->dim_counts[k];
    }
    for (uint32_t k = 0; k < output_count; ++k) NNRT_RETURN_IF_ERROR(CheckOutput(prepared, k, outputs[k]));
    // Outputs opened once, before the run, to be computed in place or copied
    // into after it; one that does not open is reported after the run.
    std::vector<HalBufferAccess> output_access(output_count);
    std::vector<Status> output_opened(output_count);
    std::vector<OutputDestination> opened(output_count);
    for (uint32_t k = 0; k < output_count; ++k) {
      output_opened[k] = output_access[k].Open(outputs[k].data, true, NNRT_INVALID_OUTPUT, "output " + std::to_string(k));
      if (output_opened[k].ok()) opened[k] = OutputDestination{output_access[k].data(), output_access[k].size()};
    }
    std::vector<RunOutput> results;
    NNRT_RETURN_IF_ERROR(prepared->interpreter->RunWithDestinations(
        views, Destinations(inputs, input_count, outputs, output_count, std::move(opened)), &results));
    // Dims first, for every output, so that a caller told
    // NNRT_INSUFFICIENT_BUFFER learns the sizes it needs (C-32).
    Status capacity;
    for (uint32_t k = 0; k < output_count; ++k) {
      output_dims[k].rank = static_cast<uint32_t>(results[k].dims.size());
      for (size_t d = 0; d < results[k].dims.size(); ++d) output_dims[k].dims[d] = results[k].dims[d];
      if (results[k].byte_size > outputs[k].data.dataSize && capacity.ok()) {
        capacity = Status(NNRT_INSUFFICIENT_BUFFER, "output " + std::to_string(k) + " needs " +
                                                        std::to_string(results[k].byte_size) + " bytes, the buffer holds " +
                                                        std::to_string(outputs[k].data.dataSize));
      }
    }
    NNRT_RETURN_IF_ERROR(capacity);
    for (uint32_t k = 0; k < output_count; ++k) {
      if (results[k].in_destination) continue;
      NNRT_RETURN_IF_ERROR(output_opened[k]);
      if (!results[k].bytes.empty()) {
        std::memcpy(output_access[k].data(), results[k].bytes.data(), results[k].bytes.size());
      }
    }
    return Status::Ok();
  });
}

}  // namespace reference_driver_internal
}  // namespace nnrt
