#include "reference/hal/hal_cpp.h"

#include <cstring>

namespace nnrt {

namespace {

bool IsReturnCode(int32_t rc) { return rc >= NNRT_SUCCESS && rc <= NNRT_UNSUPPORTED_OP; }

Status DriverFault(const std::string& label, const std::string& what) {
  return Status(NNRT_FAILED, "driver " + label + " misbehaved: " + what);
}

// Reads a bool the driver wrote through a bool*: via its byte, so that a
// garbage value is an error rather than UB.
Status ReadDriverBool(const uint8_t& byte, const std::string& label, const char* function, bool* out) {
  if (byte > 1) return DriverFault(label, std::string(function) + " wrote byte " + std::to_string(byte) + " into a bool");
  *out = byte != 0;
  return Status::Ok();
}

}  // namespace

// ---- HalLibrary / HalDeviceHandle ------------------------------------------------

Status HalLibrary::CreateDevice(std::unique_ptr<HalDevice>* device) const {
  if (device == nullptr) return Status(NNRT_NULL_PTR, "CreateDevice: device is NULL");
  device->reset();
  NNRT_HalDevice* raw = nullptr;
  const int32_t rc = driver_->CreateDevice(&raw);
  // A temporary handle only to format the error; it must not destroy anything.
  if (rc != NNRT_SUCCESS) {
    HalDeviceHandle probe(handle_, driver_, nullptr, label_);
    return probe.Check(rc, "CreateDevice");
  }
  if (raw == nullptr) return DriverFault(label_, "CreateDevice returned success but no device");
  device->reset(new HalDevice(std::make_shared<HalDeviceHandle>(handle_, driver_, raw, label_)));
  return Status::Ok();
}

HalDeviceHandle::~HalDeviceHandle() {
  if (device_ != nullptr) driver_->DestroyDevice(device_);
}

Status HalDeviceHandle::Check(int32_t rc, const char* function) const {
  if (rc == NNRT_SUCCESS) return Status::Ok();
  std::string driver_message;
  const char* m = driver_->GetLastErrorMessage();
  if (m != nullptr) driver_message.assign(m, strnlen(m, kHalMaxStringLength + 1));
  if (driver_message.size() > kHalMaxStringLength) {  // read no further; say so instead of 64 KiB of it
    driver_message = "(GetLastErrorMessage returned a string not NUL-terminated within " +
                     std::to_string(kHalMaxStringLength) + " characters)";
  }
  std::string text = std::string(function) + " failed";
  if (!driver_message.empty()) text += ": " + driver_message;
  if (!IsReturnCode(rc)) {
    return Status(NNRT_FAILED, text + " (driver " + label_ + " returned undefined code " + std::to_string(rc) + ")");
  }
  return Status(static_cast<NNRT_ReturnCode>(rc), text);
}

// ---- HalBuffer ------------------------------------------------------------------

HalBuffer::~HalBuffer() { Release(); }

Status HalBuffer::Release() {
  if (released_) return Status::Ok();
  released_ = true;
  return device_->Check(device_->driver().ReleaseBuffer(device_->device(), &buffer_), "ReleaseBuffer");
}

// ---- HalPreparedModel --------------------------------------------------------------

HalPreparedModel::~HalPreparedModel() {
  if (prepared_ != nullptr) device_->driver().ReleasePreparedModel(prepared_);
}

Status HalPreparedModel::ExportModelCache(std::vector<std::vector<uint8_t>>* caches) const {
  if (caches == nullptr) return Status(NNRT_NULL_PTR, "ExportModelCache: caches is NULL");
  caches->clear();
  const NNRT_HalBuffer* buffers = nullptr;
  uint32_t count = 0;
  NNRT_RETURN_IF_ERROR(device_->Check(device_->driver().ExportModelCache(prepared_, &buffers, &count), "ExportModelCache"));
  const std::string& label = device_->label();
  if (count > kHalMaxCacheBuffers) return DriverFault(label, "ExportModelCache returned " + std::to_string(count) + " buffers");
  if (count > 0 && buffers == nullptr) return DriverFault(label, "ExportModelCache returned a NULL array with a count");
  for (uint32_t i = 0; i < count; ++i) {
    HalBufferAccess access;
    Status s = access.Open(buffers[i], false, NNRT_FAILED, "cache buffer " + std::to_string(i));
    if (!s.ok()) return DriverFault(label, "ExportModelCache: " + s.message());
    if (access.size() > 0 && access.data() == nullptr) return DriverFault(label, "ExportModelCache: empty mapping");
    caches->emplace_back(access.data(), access.data() + access.size());
  }
  return Status::Ok();
}

Status HalPreparedModel::GetInputDimRanges(std::vector<std::vector<uint32_t>>* min_dims,
                                           std::vector<std::vector<uint32_t>>* max_dims) const {
  if (min_dims == nullptr || max_dims == nullptr) return Status(NNRT_NULL_PTR, "GetInputDimRanges: output is NULL");
  min_dims->clear();
  max_dims->clear();
  const uint32_t* mins = nullptr;
  const uint32_t* maxs = nullptr;
  const uint32_t* counts = nullptr;
  uint32_t inputs = 0;
  NNRT_RETURN_IF_ERROR(device_->Check(device_->driver().GetInputDimRanges(prepared_, &mins, &maxs, &counts, &inputs),
                                      "GetInputDimRanges"));
  const std::string& label = device_->label();
  if (inputs > kHalMaxModelIo) return DriverFault(label, "GetInputDimRanges reported " + std::to_string(inputs) + " inputs");
  if (inputs > 0 && counts == nullptr) return DriverFault(label, "GetInputDimRanges returned NULL dimCounts");
  size_t total = 0;
  for (uint32_t i = 0; i < inputs; ++i) {
    if (counts[i] > NNRT_HAL_MAX_RANK) return DriverFault(label, "GetInputDimRanges: input " + std::to_string(i) + " has rank " + std::to_string(counts[i]));
    total += counts[i];
  }
  if (total > 0 && (mins == nullptr || maxs == nullptr)) return DriverFault(label, "GetInputDimRanges returned NULL minDims/maxDims");
  size_t offset = 0;
  for (uint32_t i = 0; i < inputs; ++i) {
    min_dims->emplace_back(mins + offset, mins + offset + counts[i]);
    max_dims->emplace_back(maxs + offset, maxs + offset + counts[i]);
    offset += counts[i];
  }
  return Status::Ok();
}

Status HalPreparedModel::Run(const std::vector<NNRT_HalIOTensor>& inputs, const std::vector<NNRT_HalIOTensor>& outputs,
                             std::vector<Dims>* output_dims) const {
  if (output_dims == nullptr) return Status(NNRT_NULL_PTR, "Run: output_dims is NULL");
  output_dims->clear();
  // A rank the driver cannot legitimately write marks "not written".
  constexpr uint32_t kUnwritten = 0xFFFFFFFFu;
  std::vector<NNRT_HalShape> shapes(outputs.size());
  for (NNRT_HalShape& s : shapes) s.rank = kUnwritten;
  const int32_t rc = device_->driver().Run(prepared_, inputs.empty() ? nullptr : inputs.data(),
                                           static_cast<uint32_t>(inputs.size()), outputs.empty() ? nullptr : outputs.data(),
                                           static_cast<uint32_t>(outputs.size()), shapes.empty() ? nullptr : shapes.data());
  const Status status = device_->Check(rc, "Run");
  if (!status.ok() && status.code() != NNRT_INSUFFICIENT_BUFFER) return status;
  for (size_t i = 0; i < shapes.size(); ++i) {
    if (shapes[i].rank == kUnwritten) {
      if (!status.ok()) {  // INSUFFICIENT_BUFFER without dims: nothing more to report
        output_dims->clear();
        return status;
      }
      return DriverFault(device_->label(), "Run succeeded but did not write the dims of output " + std::to_string(i));
    }
    if (shapes[i].rank > NNRT_HAL_MAX_RANK) {
      return DriverFault(device_->label(), "Run wrote rank " + std::to_string(shapes[i].rank) + " for output " + std::to_string(i));
    }
    output_dims->emplace_back(shapes[i].dims, shapes[i].dims + shapes[i].rank);
  }
  return status;
}

Status HalPreparedModel::Run(const std::vector<HostTensor>& inputs, std::vector<HostTensor>* outputs) const {
  if (outputs == nullptr) return Status(NNRT_NULL_PTR, "Run: outputs is NULL");
  for (const std::vector<HostTensor>* list : {&inputs, static_cast<const std::vector<HostTensor>*>(outputs)}) {
    for (const HostTensor& t : *list) NNRT_RETURN_IF_ERROR(CheckFitsHalBuffer(t.data.size(), "Run: tensor '" + t.name + "'"));
  }
  std::vector<NNRT_HalIOTensor> in;
  for (const HostTensor& t : inputs) {
    in.push_back(HostIOTensor(t.name, t.data_type, t.dims, const_cast<uint8_t*>(t.data.data()), t.data.size()));
  }
  std::vector<NNRT_HalIOTensor> out;
  for (HostTensor& t : *outputs) out.push_back(HostIOTensor(t.name, t.data_type, t.dims, t.data.data(), t.data.size()));
  std::vector<Dims> dims;
  NNRT_RETURN_IF_ERROR(Run(in, out, &dims));
  for (size_t i = 0; i < outputs->size(); ++i) {
    HostTensor& t = (*outputs)[i];
    const auto count = ElementCount(dims[i]);
    const size_t element = DataTypeSize(t.data_type);
    if (!count || (element != 0 && static_cast<uint64_t>(*count) > t.data.size() / element)) {
      return DriverFault(device_->label(), "Run reported dims " + DimsToString(dims[i]) + " for output " +
                                               std::to_string(i) + ", larger than the buffer it accepted");
    }
    t.dims = dims[i];
    t.data.resize(static_cast<size_t>(*count) * element);
  }
  return Status::Ok();
}

Status CheckFitsHalBuffer(uint64_t size, const std::string& what) {
  if (size <= UINT32_MAX) return Status::Ok();
  return InvalidParameter(what + " holds " + std::to_string(size) +
                          " bytes, more than the 4 GiB - 1 a NNRT_HalBuffer can describe (C-302)");
}

NNRT_HalIOTensor HostIOTensor(const std::string& name, DataType dtype, const Dims& dims, void* data, size_t size) {
  NNRT_HalIOTensor t{};
  t.name = name.c_str();
  t.dataType = static_cast<int32_t>(dtype);
  t.dims = dims.empty() ? nullptr : dims.data();
  t.dimCount = static_cast<uint32_t>(dims.size());
  t.format = NNRT_FORMAT_NHWC;
  t.data.fd = -1;
  t.data.bufferSize = static_cast<uint32_t>(size);
  t.data.offset = 0;
  t.data.dataSize = static_cast<uint32_t>(size);
  t.data.hostAddress = data;
  return t;
}

// ---- HalDevice -------------------------------------------------------------------

Status HalDevice::QueryString(int32_t (*fn)(NNRT_HalDevice*, const char**), const char* function, std::string* out) const {
  if (out == nullptr) return Status(NNRT_NULL_PTR, std::string(function) + ": output is NULL");
  const char* s = nullptr;
  NNRT_RETURN_IF_ERROR(handle_->Check(fn(raw(), &s), function));
  if (s == nullptr) return DriverFault(handle_->label(), std::string(function) + " returned success but a NULL string");
  const size_t length = strnlen(s, kHalMaxStringLength + 1);
  if (length > kHalMaxStringLength) {
    return DriverFault(handle_->label(), std::string(function) + " returned a string not NUL-terminated within " +
                                             std::to_string(kHalMaxStringLength) + " characters");
  }
  out->assign(s, length);
  return Status::Ok();
}

Status HalDevice::QueryBool(int32_t (*fn)(NNRT_HalDevice*, bool*), const char* function, bool* out) const {
  if (out == nullptr) return Status(NNRT_NULL_PTR, std::string(function) + ": output is NULL");
  uint8_t byte = 0;
  NNRT_RETURN_IF_ERROR(handle_->Check(fn(raw(), reinterpret_cast<bool*>(&byte)), function));
  return ReadDriverBool(byte, handle_->label(), function, out);
}

Status HalDevice::Name(std::string* name) const { return QueryString(driver().GetDeviceName, "GetDeviceName", name); }
Status HalDevice::Vendor(std::string* vendor) const { return QueryString(driver().GetVendorName, "GetVendorName", vendor); }

Status HalDevice::Version(uint32_t* major, uint32_t* minor) const {
  if (major == nullptr || minor == nullptr) return Status(NNRT_NULL_PTR, "GetVersion: output is NULL");
  return handle_->Check(driver().GetVersion(raw(), major, minor), "GetVersion");
}

Status HalDevice::Type(int32_t* device_type) const {
  if (device_type == nullptr) return Status(NNRT_NULL_PTR, "GetDeviceType: output is NULL");
  return handle_->Check(driver().GetDeviceType(raw(), device_type), "GetDeviceType");
}

Status HalDevice::DeviceStatus(int32_t* status) const {
  if (status == nullptr) return Status(NNRT_NULL_PTR, "GetDeviceStatus: output is NULL");
  return handle_->Check(driver().GetDeviceStatus(raw(), status), "GetDeviceStatus");
}

Status HalDevice::GetSupportedOperation(const Model& model, std::vector<bool>* supported) const {
  if (supported == nullptr) return Status(NNRT_NULL_PTR, "GetSupportedOperation: supported is NULL");
  supported->clear();
  std::unique_ptr<HalModelView> view;
  NNRT_RETURN_IF_ERROR(HalModelView::Build(model, view_options_, &view));
  // One spare byte so a zero-node model still passes a valid pointer.
  std::vector<uint8_t> bytes(model.nodes.size() + 1, 0);
  NNRT_RETURN_IF_ERROR(handle_->Check(
      driver().GetSupportedOperation(raw(), view->get(), reinterpret_cast<bool*>(bytes.data())), "GetSupportedOperation"));
  for (size_t i = 0; i < model.nodes.size(); ++i) {
    bool b = false;
    NNRT_RETURN_IF_ERROR(ReadDriverBool(bytes[i], handle_->label(), "GetSupportedOperation", &b));
    supported->push_back(b);
  }
  return Status::Ok();
}

Status HalDevice::IsFloat16PrecisionSupported(bool* s) const {
  return QueryBool(driver().IsFloat16PrecisionSupported, "IsFloat16PrecisionSupported", s);
}
Status HalDevice::IsPerformanceModeSupported(bool* s) const {
  return QueryBool(driver().IsPerformanceModeSupported, "IsPerformanceModeSupported", s);
}
Status HalDevice::IsPrioritySupported(bool* s) const { return QueryBool(driver().IsPrioritySupported, "IsPrioritySupported", s); }
Status HalDevice::IsDynamicInputSupported(bool* s) const {
  return QueryBool(driver().IsDynamicInputSupported, "IsDynamicInputSupported", s);
}
Status HalDevice::IsModelCacheSupported(bool* s) const {
  return QueryBool(driver().IsModelCacheSupported, "IsModelCacheSupported", s);
}

Status HalDevice::FinishPrepare(int32_t rc, const char* function, NNRT_HalPreparedModel* raw_prepared,
                                std::unique_ptr<HalPreparedModel>* prepared) const {
  // On failure a non-NULL *prepared is not trusted and not released (the
  // header says failure leaves it NULL; it may be garbage).
  NNRT_RETURN_IF_ERROR(handle_->Check(rc, function));
  if (raw_prepared == nullptr) return DriverFault(handle_->label(), std::string(function) + " returned success but no prepared model");
  prepared->reset(new HalPreparedModel(handle_, raw_prepared));
  return Status::Ok();
}

Status HalDevice::PrepareModel(const Model& model, const ModelConfig& config,
                               std::unique_ptr<HalPreparedModel>* prepared) const {
  if (prepared == nullptr) return Status(NNRT_NULL_PTR, "PrepareModel: prepared is NULL");
  prepared->reset();
  std::unique_ptr<HalModelView> view;
  NNRT_RETURN_IF_ERROR(HalModelView::Build(model, view_options_, &view));
  HalModelConfigView config_view(config);
  NNRT_HalPreparedModel* raw_prepared = nullptr;
  const int32_t rc = driver().PrepareModel(raw(), view->get(), config_view.get(), &raw_prepared);
  return FinishPrepare(rc, "PrepareModel", raw_prepared, prepared);
}

Status HalDevice::PrepareModelFromModelCache(const std::vector<NNRT_HalBuffer>& caches, const ModelConfig& config,
                                             std::unique_ptr<HalPreparedModel>* prepared) const {
  if (prepared == nullptr) return Status(NNRT_NULL_PTR, "PrepareModelFromModelCache: prepared is NULL");
  prepared->reset();
  HalModelConfigView config_view(config);
  NNRT_HalPreparedModel* raw_prepared = nullptr;
  const int32_t rc = driver().PrepareModelFromModelCache(raw(), caches.empty() ? nullptr : caches.data(),
                                                         static_cast<uint32_t>(caches.size()), config_view.get(), &raw_prepared);
  return FinishPrepare(rc, "PrepareModelFromModelCache", raw_prepared, prepared);
}

namespace {
Status HostBuffers(const std::vector<std::vector<uint8_t>>& blobs, std::vector<NNRT_HalBuffer>* out) {
  std::vector<NNRT_HalBuffer>& buffers = *out;
  for (const auto& b : blobs) {
    NNRT_RETURN_IF_ERROR(CheckFitsHalBuffer(b.size(), "buffer " + std::to_string(buffers.size())));
    NNRT_HalBuffer h{};
    h.fd = -1;
    h.bufferSize = static_cast<uint32_t>(b.size());
    h.offset = 0;
    h.dataSize = static_cast<uint32_t>(b.size());
    h.hostAddress = const_cast<uint8_t*>(b.data());
    buffers.push_back(h);
  }
  return Status::Ok();
}
}  // namespace

Status HalDevice::PrepareModelFromModelCache(const std::vector<std::vector<uint8_t>>& caches, const ModelConfig& config,
                                             std::unique_ptr<HalPreparedModel>* prepared) const {
  if (prepared != nullptr) prepared->reset();
  std::vector<NNRT_HalBuffer> buffers;
  NNRT_RETURN_IF_ERROR(HostBuffers(caches, &buffers));
  return PrepareModelFromModelCache(buffers, config, prepared);
}

Status HalDevice::PrepareOfflineModel(const std::vector<std::vector<uint8_t>>& models, const ModelConfig& config,
                                      std::unique_ptr<HalPreparedModel>* prepared) const {
  if (prepared == nullptr) return Status(NNRT_NULL_PTR, "PrepareOfflineModel: prepared is NULL");
  prepared->reset();
  std::vector<NNRT_HalBuffer> buffers;
  NNRT_RETURN_IF_ERROR(HostBuffers(models, &buffers));
  HalModelConfigView config_view(config);
  NNRT_HalPreparedModel* raw_prepared = nullptr;
  const int32_t rc = driver().PrepareOfflineModel(raw(), buffers.empty() ? nullptr : buffers.data(),
                                                  static_cast<uint32_t>(buffers.size()), config_view.get(), &raw_prepared);
  return FinishPrepare(rc, "PrepareOfflineModel", raw_prepared, prepared);
}

Status HalDevice::AllocateBuffer(uint32_t length, std::unique_ptr<HalBuffer>* buffer) const {
  if (buffer == nullptr) return Status(NNRT_NULL_PTR, "AllocateBuffer: buffer is NULL");
  buffer->reset();
  NNRT_HalBuffer b{};
  b.fd = -1;
  NNRT_RETURN_IF_ERROR(handle_->Check(driver().AllocateBuffer(raw(), length, &b), "AllocateBuffer"));
  if (b.hostAddress == nullptr || b.fd < 0 || b.bufferSize < length || b.offset != 0) {
    return DriverFault(handle_->label(), "AllocateBuffer returned {fd " + std::to_string(b.fd) + ", bufferSize " +
                                             std::to_string(b.bufferSize) + ", offset " + std::to_string(b.offset) +
                                             "} for " + std::to_string(length) + " bytes");
  }
  buffer->reset(new HalBuffer(handle_, b));
  return Status::Ok();
}

}  // namespace nnrt
