// The kit's device functions: capabilities, support answers, PrepareModel and
// buffers (driver_kit.h). Run is in kit_run.cc.
#include "cts_driver/drivers/kit/driver_kit.h"

#include <memory>
#include <string>

#include "cts_driver/drivers/kit/kit_internal.h"
#include "reference/device/interpreter.h"
#include "reference/hal/hal_model_view.h"
#include "reference/hal/kit/hal_arguments.h"
#include "reference/hal/kit/hal_plumbing.h"

namespace nnrt {
namespace driver_kit {
namespace {

const Backend* g_backend = nullptr;  // set by DriverTable: one backend per .so

int32_t CreateDevice(NNRT_HalDevice** device) {
  return Guard("CreateDevice", [&]() -> Status {
    if (device == nullptr) return NullPtr("device");
    *device = nullptr;
    if (g_backend == nullptr) return Status(NNRT_FAILED, "no backend registered with the driver kit");
    if (g_backend->initialize != nullptr) NNRT_RETURN_IF_ERROR(g_backend->initialize());
    *device = new NNRT_HalDevice(g_backend);
    return Status::Ok();
  });
}

void DestroyDevice(NNRT_HalDevice* device) { delete device; }

const char* GetLastErrorMessage() { return LastErrorMessage(); }

int32_t GetDeviceName(NNRT_HalDevice* d, const char** name) {
  return Answer<NNRT_HalDevice, const char*>("GetDeviceName", d, name, "result", d ? d->backend->device_name : "");
}
int32_t GetVendorName(NNRT_HalDevice* d, const char** name) {
  return Answer<NNRT_HalDevice, const char*>("GetVendorName", d, name, "result", d ? d->backend->vendor_name : "");
}
int32_t GetVersion(NNRT_HalDevice* d, uint32_t* major, uint32_t* minor) {
  return AnswerVersion(d, major, minor, 2, 1);
}
int32_t GetDeviceType(NNRT_HalDevice* d, int32_t* t) {
  return Answer<NNRT_HalDevice, int32_t>("GetDeviceType", d, t, "result", NNRT_DEVICE_CPU);
}
int32_t GetDeviceStatus(NNRT_HalDevice* d, int32_t* s) {
  return Answer<NNRT_HalDevice, int32_t>("GetDeviceStatus", d, s, "result", NNRT_DEVICE_AVAILABLE);
}
int32_t NotSupported(NNRT_HalDevice* d, bool* supported) {
  return Answer<NNRT_HalDevice, bool>("Is*Supported", d, supported, "result", false);
}

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
    Model m;
    NNRT_RETURN_IF_ERROR(ReadSupportQuery(device, model, supported, &m));
    std::vector<bool> valid;  // the reference's answer: valid and shape-inferable
    NNRT_RETURN_IF_ERROR(SupportedOperations(m, &valid));
    std::vector<Dims> dims;
    bool prepared = false;
    TensorDims(m, &dims, &prepared);
    for (size_t i = 0; i < m.nodes.size(); ++i) {
      std::string reason;
      supported[i] = valid[i] && device->backend->node_supported(m, dims, static_cast<uint32_t>(i), &reason);
    }
    return Status::Ok();
  });
}

int32_t PrepareModel(NNRT_HalDevice* device, const NNRT_HalModel* model, const NNRT_HalModelConfig* config,
                     NNRT_HalPreparedModel** prepared) {
  return Guard("PrepareModel", [&]() -> Status {
    NNRT_RETURN_IF_ERROR(CheckPreparePointers(device, model, prepared));
    std::unique_ptr<NNRT_HalPreparedModel> p(new NNRT_HalPreparedModel());
    p->backend = device->backend;
    NNRT_RETURN_IF_ERROR(ModelFromHal(model, &p->model));
    ModelConfig c;
    NNRT_RETURN_IF_ERROR(ReadModelConfig(config, &c));
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
    NNRT_RETURN_IF_ERROR(p->backend->build(p->model, p->dims, &p->compiled));
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
  return driver_kit::AllocateBufferOf(device ? &device->buffers : nullptr, length, buffer);
}
int32_t ReleaseBuffer(NNRT_HalDevice* device, const NNRT_HalBuffer* buffer) {
  return driver_kit::ReleaseBufferOf(device ? &device->buffers : nullptr, buffer);
}

void ReleasePreparedModel(NNRT_HalPreparedModel* prepared) { delete prepared; }

int32_t ExportModelCache(NNRT_HalPreparedModel* prepared, const NNRT_HalBuffer** caches, uint32_t* count) {
  return Guard("ExportModelCache", [&]() -> Status {
    if (prepared == nullptr) return NullPtr("prepared");
    if (caches == nullptr || count == nullptr) return NullPtr("caches/cacheCount");
    return Status(NNRT_NOT_SUPPORT, "this device does not support model caches");
  });
}

const NNRT_HalDriver kKitDriverTable = {
    NNRT_HAL_ABI_VERSION, sizeof(NNRT_HalDriver), CreateDevice, DestroyDevice, GetLastErrorMessage,
    GetDeviceName, GetVendorName, GetVersion, GetDeviceType, GetDeviceStatus, GetSupportedOperation,
    NotSupported /* fp16 */, NotSupported /* performance mode */, NotSupported /* priority */,
    NotSupported /* dynamic input */, NotSupported /* model cache */, PrepareModel, PrepareModelFromModelCache,
    PrepareOfflineModel, AllocateBuffer,
    ReleaseBuffer, ReleasePreparedModel, ExportModelCache, GetInputDimRanges, Run,
};

}  // namespace

const NNRT_HalDriver* DriverTable(const Backend& backend) {
  g_backend = &backend;
  return &kKitDriverTable;
}

}  // namespace driver_kit
}  // namespace nnrt
