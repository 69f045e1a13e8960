// libnnrt_xnnpack_driver.so: an NNRt HAL driver that runs models with
// Debian's XNNPACK (docs/conformance.md "The XNNPACK driver").
//
// Model checking (structure, attributes, shape inference, error codes) is the
// reference's (PrepareInterpreter), so invalid models are rejected exactly as
// the HAL requires; execution is XNNPACK only: PrepareModel lowers the whole
// model to one XNNPACK runtime (xnnpack_subgraph.h) or fails with
// NNRT_UNSUPPORTED_OP. Capabilities: no fp16, performance mode, priority,
// dynamic input or model cache (all reported false / NNRT_NOT_SUPPORT); shared
// buffers are memfds. Run is serialised per prepared model (XNNPACK's
// setup + invoke mutate the runtimes); one runtime per node, with NaN
// propagation restored after each (nan_repair.h).
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <new>

#include "cts_driver/drivers/xnnpack/nan_repair.h"
#include "cts_driver/drivers/xnnpack/xnnpack_subgraph.h"
#include "reference/device/interpreter.h"
#include "reference/hal/hal_model_view.h"

struct NNRT_HalDevice {
  std::mutex mu;                                          // guards buffers
  std::map<int32_t, std::pair<void*, uint32_t>> buffers;  // fd -> (mapping, length)
};

struct NNRT_HalPreparedModel {
  nnrt::Model model;
  std::vector<nnrt::Dims> dims;  // every tensor, as prepared
  std::unique_ptr<nnrt::xnnpack_driver::XnnModel> xnn;
  std::vector<uint32_t> min_dims, dim_counts;
  std::mutex run_mu;
};

namespace nnrt {
namespace xnnpack_driver {
namespace {

constexpr size_t kMaxErrorLength = 1024;
thread_local char g_last_error[kMaxErrorLength];

void SetLastError(const std::string& message) {
  const size_t n = message.size() < kMaxErrorLength - 1 ? message.size() : kMaxErrorLength - 1;
  std::memcpy(g_last_error, message.data(), n);
  g_last_error[n] = '\0';
}

template <typename Fn>
int32_t Guard(const char* function, Fn fn) {
  g_last_error[0] = '\0';
  Status s;
  try {
    s = fn();
  } catch (const std::bad_alloc&) {
    s = Status(NNRT_OUT_OF_MEMORY, "out of memory");
  } catch (...) {
    s = Status(NNRT_FAILED, "internal error");
  }
  if (!s.ok()) SetLastError(std::string(function) + ": " + s.message());
  return s.code();
}

Status NullPtr(const char* what) { return Status(NNRT_NULL_PTR, std::string(what) + " is NULL"); }

int32_t CreateDevice(NNRT_HalDevice** device) {
  return Guard("CreateDevice", [&]() -> Status {
    if (device == nullptr) return NullPtr("device");
    *device = nullptr;
    NNRT_RETURN_IF_ERROR(InitializeXnnpack());
    *device = new NNRT_HalDevice();
    return Status::Ok();
  });
}

void DestroyDevice(NNRT_HalDevice* device) {
  if (device == nullptr) return;
  for (auto& kv : device->buffers) {
    munmap(kv.second.first, kv.second.second);
    close(kv.first);
  }
  delete device;
}

const char* GetLastErrorMessage() { return g_last_error; }

template <typename T>
int32_t Answer(const char* function, NNRT_HalDevice* device, T* out, T value) {
  return Guard(function, [&]() -> Status {
    if (device == nullptr) return NullPtr("device");
    if (out == nullptr) return NullPtr("result");
    *out = value;
    return Status::Ok();
  });
}

int32_t GetDeviceName(NNRT_HalDevice* d, const char** name) { return Answer<const char*>("GetDeviceName", d, name, "xnnpack-cpu"); }
int32_t GetVendorName(NNRT_HalDevice* d, const char** name) {
  return Answer<const char*>("GetVendorName", d, name, "XNNPACK (Debian 0.0~git20220216) via NNRt Conformance Kit");
}
int32_t GetVersion(NNRT_HalDevice* d, uint32_t* major, uint32_t* minor) {
  return Guard("GetVersion", [&]() -> Status {
    if (d == nullptr) return NullPtr("device");
    if (major == nullptr || minor == nullptr) return NullPtr("major/minor");
    *major = 2;
    *minor = 1;
    return Status::Ok();
  });
}
int32_t GetDeviceType(NNRT_HalDevice* d, int32_t* t) { return Answer<int32_t>("GetDeviceType", d, t, NNRT_DEVICE_CPU); }
int32_t GetDeviceStatus(NNRT_HalDevice* d, int32_t* s) { return Answer<int32_t>("GetDeviceStatus", d, s, NNRT_DEVICE_AVAILABLE); }
int32_t NotSupported(NNRT_HalDevice* d, bool* supported) { return Answer<bool>("Is*Supported", d, supported, false); }

// Dims of every tensor: inferred by the reference when the model prepares
// there, else the declared ones.
Status TensorDims(const Model& m, std::vector<Dims>* dims, bool* prepared) {
  std::unique_ptr<PreparedInterpreter> interp;
  const Status s = PrepareInterpreter(m, &interp);
  *prepared = s.ok();
  dims->clear();
  if (s.ok()) {
    *dims = interp->prepared_dims();
  } else {
    for (const Tensor& t : m.tensors) dims->push_back(t.dims);
  }
  return s;
}

int32_t GetSupportedOperation(NNRT_HalDevice* device, const NNRT_HalModel* model, bool* supported) {
  return Guard("GetSupportedOperation", [&]() -> Status {
    if (device == nullptr) return NullPtr("device");
    if (model == nullptr) return NullPtr("model");
    Model m;
    NNRT_RETURN_IF_ERROR(ModelFromHal(model, &m));
    if (supported == nullptr && !m.nodes.empty()) return NullPtr("supported");
    std::vector<bool> valid;  // the reference's answer: valid and shape-inferable
    NNRT_RETURN_IF_ERROR(SupportedOperations(m, &valid));
    std::vector<Dims> dims;
    bool prepared = false;
    TensorDims(m, &dims, &prepared);
    for (size_t i = 0; i < m.nodes.size(); ++i) {
      std::string reason;
      supported[i] = valid[i] && NodeSupported(m, dims, static_cast<uint32_t>(i), &reason);
    }
    return Status::Ok();
  });
}

Status ReadConfig(const NNRT_HalModelConfig* config) {
  if (config == nullptr) return NullPtr("config");
  ModelConfig c;
  NNRT_RETURN_IF_ERROR(ModelConfigFromHal(config, &c));
  return ValidateModelConfigValues(c);
}

int32_t PrepareModel(NNRT_HalDevice* device, const NNRT_HalModel* model, const NNRT_HalModelConfig* config,
                     NNRT_HalPreparedModel** prepared) {
  return Guard("PrepareModel", [&]() -> Status {
    if (prepared == nullptr) return NullPtr("prepared");
    *prepared = nullptr;
    if (device == nullptr) return NullPtr("device");
    if (model == nullptr) return NullPtr("model");
    std::unique_ptr<NNRT_HalPreparedModel> p(new NNRT_HalPreparedModel());
    NNRT_RETURN_IF_ERROR(ModelFromHal(model, &p->model));
    NNRT_RETURN_IF_ERROR(ReadConfig(config));
    bool ok = false;
    NNRT_RETURN_IF_ERROR(TensorDims(p->model, &p->dims, &ok));
    for (uint32_t t : p->model.inputs) {
      if (IsDynamic(p->model.tensors[t].dims)) {
        return Status(NNRT_NOT_SUPPORT, "dynamic input dims are not supported by this device");
      }
    }
    for (size_t t = 0; t < p->dims.size(); ++t) {
      if (IsDynamic(p->dims[t])) return Unsupported("tensor " + std::to_string(t) + " has data-dependent dims");
    }
    NNRT_RETURN_IF_ERROR(BuildXnnModel(p->model, p->dims, &p->xnn));
    for (uint32_t t : p->model.inputs) {
      const Dims& d = p->dims[t];
      p->dim_counts.push_back(static_cast<uint32_t>(d.size()));
      for (int32_t v : d) p->min_dims.push_back(static_cast<uint32_t>(v));
    }
    *prepared = p.release();
    return Status::Ok();
  });
}

int32_t PrepareModelFromModelCache(NNRT_HalDevice* device, const NNRT_HalBuffer*, uint32_t, const NNRT_HalModelConfig*,
                                   NNRT_HalPreparedModel** prepared) {
  return Guard("PrepareModelFromModelCache", [&]() -> Status {
    if (prepared != nullptr) *prepared = nullptr;
    if (device == nullptr) return NullPtr("device");
    return Status(NNRT_NOT_SUPPORT, "this device does not support model caches");
  });
}

int32_t PrepareOfflineModel(NNRT_HalDevice* device, const NNRT_HalBuffer*, uint32_t, const NNRT_HalModelConfig*,
                            NNRT_HalPreparedModel** prepared) {
  return Guard("PrepareOfflineModel", [&]() -> Status {
    if (prepared != nullptr) *prepared = nullptr;
    if (device == nullptr) return NullPtr("device");
    return Status(NNRT_NOT_SUPPORT, "this device has no offline models");
  });
}

int32_t AllocateBuffer(NNRT_HalDevice* device, uint32_t length, NNRT_HalBuffer* buffer) {
  return Guard("AllocateBuffer", [&]() -> Status {
    if (device == nullptr) return NullPtr("device");
    if (buffer == nullptr) return NullPtr("buffer");
    if (length == 0) return InvalidParameter("length is 0");
    const int fd = memfd_create("nnrt-xnnpack-buffer", MFD_CLOEXEC);
    if (fd < 0) return Status(NNRT_MEMORY_ERROR, std::string("memfd_create failed: ") + std::strerror(errno));
    if (ftruncate(fd, static_cast<off_t>(length)) != 0) {
      close(fd);
      return Status(NNRT_MEMORY_ERROR, "ftruncate to " + std::to_string(length) + " bytes failed");
    }
    void* addr = mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (addr == MAP_FAILED) {
      close(fd);
      return Status(NNRT_MEMORY_ERROR, "mmap failed");
    }
    {
      std::lock_guard<std::mutex> lock(device->mu);
      device->buffers[fd] = {addr, length};
    }
    *buffer = NNRT_HalBuffer{fd, length, 0, length, addr};
    return Status::Ok();
  });
}

int32_t ReleaseBuffer(NNRT_HalDevice* device, const NNRT_HalBuffer* buffer) {
  return Guard("ReleaseBuffer", [&]() -> Status {
    if (device == nullptr) return NullPtr("device");
    if (buffer == nullptr) return NullPtr("buffer");
    std::lock_guard<std::mutex> lock(device->mu);
    auto it = device->buffers.find(buffer->fd);
    if (it == device->buffers.end() || it->second.first != buffer->hostAddress) {
      return Status(NNRT_INVALID_BUFFER, "fd " + std::to_string(buffer->fd) + " is not a buffer this device allocated");
    }
    munmap(it->second.first, it->second.second);
    close(it->first);
    device->buffers.erase(it);
    return Status::Ok();
  });
}

void ReleasePreparedModel(NNRT_HalPreparedModel* prepared) { delete prepared; }

int32_t ExportModelCache(NNRT_HalPreparedModel* prepared, const NNRT_HalBuffer** caches, uint32_t* count) {
  return Guard("ExportModelCache", [&]() -> Status {
    if (prepared == nullptr) return NullPtr("prepared");
    if (caches == nullptr || count == nullptr) return NullPtr("caches/cacheCount");
    return Status(NNRT_NOT_SUPPORT, "this device does not support model caches");
  });
}

// Fixed dims only: min = max = the prepared dims.
int32_t GetInputDimRanges(NNRT_HalPreparedModel* prepared, const uint32_t** min_dims, const uint32_t** max_dims,
                          const uint32_t** dim_counts, uint32_t* input_count) {
  return Guard("GetInputDimRanges", [&]() -> Status {
    if (prepared == nullptr) return NullPtr("prepared");
    if (min_dims == nullptr || max_dims == nullptr || dim_counts == nullptr || input_count == nullptr) {
      return NullPtr("an output pointer");
    }
    *min_dims = prepared->min_dims.data();
    *max_dims = prepared->min_dims.data();
    *dim_counts = prepared->dim_counts.data();
    *input_count = static_cast<uint32_t>(prepared->dim_counts.size());
    return Status::Ok();
  });
}

// Checks one IOTensor against the prepared dims; returns the byte size.
Status CheckIo(const NNRT_HalPreparedModel* p, uint32_t tensor, const NNRT_HalIOTensor& io, bool is_input,
               const std::string& what, size_t* bytes) {
  const NNRT_ReturnCode code = is_input ? NNRT_INVALID_INPUT : NNRT_INVALID_OUTPUT;
  const Tensor& decl = p->model.tensors[tensor];
  if (io.dataType != static_cast<int32_t>(decl.data_type)) {
    return Status(code, what + ": data type " + std::to_string(io.dataType) + ", the model declares " +
                            DataTypeName(decl.data_type));
  }
  const Dims& want = p->dims[tensor];
  const auto count = ElementCount(want);
  *bytes = static_cast<size_t>(count ? *count : 0) * DataTypeSize(decl.data_type);
  if (is_input) {
    if (io.dimCount > NNRT_HAL_MAX_RANK || (io.dimCount > 0 && io.dims == nullptr)) {
      return InvalidInput(what + ": dims NULL or rank above " + std::to_string(NNRT_HAL_MAX_RANK));
    }
    const Dims got(io.dims, io.dims + io.dimCount);
    if (got.size() != want.size()) return InvalidInput(what + ": rank differs from the model's " + DimsToString(want));
    if (got != want) {
      return Status(NNRT_OUT_OF_DIMENTION_RANGES, what + ": dims " + DimsToString(got) + ", this device runs only " +
                                                      DimsToString(want));
    }
    if (io.data.dataSize != *bytes) {
      return InvalidInput(what + ": dataSize " + std::to_string(io.data.dataSize) + ", needs " + std::to_string(*bytes));
    }
  } else if (static_cast<uint64_t>(io.data.offset) + io.data.dataSize > io.data.bufferSize) {
    return Status(NNRT_INVALID_OUTPUT, what + ": offset + dataSize exceeds bufferSize");
  }
  return Status::Ok();
}

int32_t Run(NNRT_HalPreparedModel* p, const NNRT_HalIOTensor* inputs, uint32_t input_count,
            const NNRT_HalIOTensor* outputs, uint32_t output_count, NNRT_HalShape* output_dims) {
  return Guard("Run", [&]() -> Status {
    if (p == nullptr) return NullPtr("prepared");
    if (inputs == nullptr && input_count > 0) return NullPtr("inputs");
    if (outputs == nullptr && output_count > 0) return NullPtr("outputs");
    if (output_dims == nullptr && output_count > 0) return NullPtr("outputDims");
    const Model& m = p->model;
    if (input_count != m.inputs.size()) return InvalidInput("the model has " + std::to_string(m.inputs.size()) + " inputs");
    if (output_count != m.outputs.size()) {
      return Status(NNRT_INVALID_OUTPUT, "the model has " + std::to_string(m.outputs.size()) + " outputs");
    }
    std::vector<size_t> in_bytes(input_count), out_bytes(output_count);
    for (uint32_t k = 0; k < input_count; ++k) {
      NNRT_RETURN_IF_ERROR(CheckIo(p, m.inputs[k], inputs[k], true, "input " + std::to_string(k), &in_bytes[k]));
    }
    for (uint32_t k = 0; k < output_count; ++k) {
      NNRT_RETURN_IF_ERROR(CheckIo(p, m.outputs[k], outputs[k], false, "output " + std::to_string(k), &out_bytes[k]));
    }
    Status capacity;
    for (uint32_t k = 0; k < output_count; ++k) {
      const Dims& d = p->dims[m.outputs[k]];
      output_dims[k].rank = static_cast<uint32_t>(d.size());
      for (size_t j = 0; j < d.size(); ++j) output_dims[k].dims[j] = d[j];
      if (out_bytes[k] > outputs[k].data.dataSize && capacity.ok()) {
        capacity = Status(NNRT_INSUFFICIENT_BUFFER, "output " + std::to_string(k) + " needs " + std::to_string(out_bytes[k]) +
                                                        " bytes, the buffer holds " + std::to_string(outputs[k].data.dataSize));
      }
    }
    NNRT_RETURN_IF_ERROR(capacity);
    // Every non-constant tensor in a driver buffer padded by XNN_EXTRA_BYTES
    // (XNNPACK kernels may read past an input's end).
    std::vector<std::vector<uint8_t>> buffers(m.tensors.size());
    std::vector<const uint8_t*> data(m.tensors.size(), nullptr);
    for (size_t t = 0; t < m.tensors.size(); ++t) {
      if (m.tensors[t].HasData()) {
        data[t] = m.tensors[t].data.data();
      } else {
        const auto count = ElementCount(p->dims[t]);
        buffers[t].assign(static_cast<size_t>(count ? *count : 0) * DataTypeSize(m.tensors[t].data_type) + XNN_EXTRA_BYTES, 0);
        data[t] = buffers[t].data();
      }
    }
    for (uint32_t k = 0; k < input_count; ++k) {
      HalBufferAccess access;
      NNRT_RETURN_IF_ERROR(access.Open(inputs[k].data, false, NNRT_INVALID_INPUT, "input " + std::to_string(k)));
      if (in_bytes[k] > 0) std::memcpy(buffers[m.inputs[k]].data(), access.data(), in_bytes[k]);
    }
    {
      std::lock_guard<std::mutex> lock(p->run_mu);  // setup + invoke mutate the runtimes
      for (const XnnNodeRuntime& n : p->xnn->nodes()) {
        std::vector<xnn_external_value> ext;
        for (const auto& e : n.externals) ext.push_back(xnn_external_value{e.first, buffers[e.second].data()});
        xnn_status s = xnn_setup_runtime(n.runtime, ext.size(), ext.data());
        if (s == xnn_status_success) s = xnn_invoke_runtime(n.runtime);
        if (s != xnn_status_success) {
          return Status(NNRT_FAILED, std::string("XNNPACK failed on node ") + std::to_string(n.node) + " (xnn_status " +
                                         std::to_string(static_cast<int>(s)) + ")");
        }
        const uint32_t out = m.nodes[n.node].outputs[0];
        RepairNaN(m, p->dims, n.node, data, buffers[out].data());
      }
    }
    for (uint32_t k = 0; k < output_count; ++k) {
      HalBufferAccess access;
      NNRT_RETURN_IF_ERROR(access.Open(outputs[k].data, true, NNRT_INVALID_OUTPUT, "output " + std::to_string(k)));
      if (out_bytes[k] > 0) std::memcpy(access.data(), data[m.outputs[k]], out_bytes[k]);
    }
    return Status::Ok();
  });
}

const NNRT_HalDriver kXnnpackDriverTable = {
    NNRT_HAL_ABI_VERSION, sizeof(NNRT_HalDriver), CreateDevice, DestroyDevice, GetLastErrorMessage,
    GetDeviceName, GetVendorName, GetVersion, GetDeviceType, GetDeviceStatus, GetSupportedOperation,
    NotSupported /* fp16 */, NotSupported /* performance mode */, NotSupported /* priority */,
    NotSupported /* dynamic input */, NotSupported /* model cache */, PrepareModel, PrepareModelFromModelCache,
    PrepareOfflineModel, AllocateBuffer, ReleaseBuffer, ReleasePreparedModel, ExportModelCache, GetInputDimRanges, Run,
};

}  // namespace
}  // namespace xnnpack_driver
}  // namespace nnrt

extern "C" __attribute__((visibility("default"))) const NNRT_HalDriver* NNRT_HalGetDriver(void) {
  return &nnrt::xnnpack_driver::kXnnpackDriverTable;
}
