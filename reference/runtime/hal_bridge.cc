#include "reference/runtime/hal_bridge.h"

#include <cstring>

#include "reference/hal/hal_cpp.h"

namespace nnrt {
namespace rt {

PreparedModel::~PreparedModel() {
  if (handle_ != nullptr) device_->driver()->ReleasePreparedModel(handle_);
}

namespace {

Status TakePrepared(const std::shared_ptr<Device>& device, int32_t rc, NNRT_HalPreparedModel* handle,
                    const char* what, std::shared_ptr<PreparedModel>* prepared) {
  if (rc != NNRT_SUCCESS) {
    // A driver that returns an error but still hands out an object is not trusted with it.
    return device->DriverError(rc, what);
  }
  if (handle == nullptr) return Status(NNRT_FAILED, std::string(what) + " returned success without a prepared model");
  *prepared = std::make_shared<PreparedModel>(device, handle);
  return Status::Ok();
}

Status HostBuffers(const std::vector<std::vector<uint8_t>>& blobs, std::vector<NNRT_HalBuffer>* out) {
  std::vector<NNRT_HalBuffer>& buffers = *out;
  for (const auto& blob : blobs) {
    NNRT_RETURN_IF_ERROR(CheckFitsHalBuffer(blob.size(), "buffer " + std::to_string(buffers.size())));
    NNRT_HalBuffer b{};
    b.fd = -1;
    b.bufferSize = static_cast<uint32_t>(blob.size());
    b.offset = 0;
    b.dataSize = static_cast<uint32_t>(blob.size());
    b.hostAddress = const_cast<uint8_t*>(blob.data());
    buffers.push_back(b);
  }
  return Status::Ok();
}

}  // namespace

Status GetSupportedOperations(const Device& device, const Model& model, std::vector<bool>* supported) {
  std::unique_ptr<HalModelView> view;
  NNRT_RETURN_IF_ERROR(HalModelView::Build(model, HalViewOptions(), &view));
  size_t count = model.nodes.size();
  std::unique_ptr<bool[]> flags(new bool[count == 0 ? 1 : count]());
  int32_t rc = device.driver()->GetSupportedOperation(device.handle(), view->get(), flags.get());
  if (rc != NNRT_SUCCESS) return device.DriverError(rc, "GetSupportedOperation");
  supported->assign(flags.get(), flags.get() + count);
  return Status::Ok();
}

Status PrepareModel(const std::shared_ptr<Device>& device, const Model& model, const ModelConfig& config,
                    std::shared_ptr<PreparedModel>* prepared) {
  std::unique_ptr<HalModelView> view;
  NNRT_RETURN_IF_ERROR(HalModelView::Build(model, HalViewOptions(), &view));
  HalModelConfigView config_view(config);
  NNRT_HalPreparedModel* handle = nullptr;
  int32_t rc = device->driver()->PrepareModel(device->handle(), view->get(), config_view.get(), &handle);
  return TakePrepared(device, rc, handle, "PrepareModel", prepared);
}

Status PrepareModelFromCache(const std::shared_ptr<Device>& device, const std::vector<std::vector<uint8_t>>& caches,
                             const ModelConfig& config, std::shared_ptr<PreparedModel>* prepared) {
  std::vector<NNRT_HalBuffer> buffers;
  NNRT_RETURN_IF_ERROR(HostBuffers(caches, &buffers));
  HalModelConfigView config_view(config);
  NNRT_HalPreparedModel* handle = nullptr;
  int32_t rc = device->driver()->PrepareModelFromModelCache(device->handle(), buffers.data(),
                                                           static_cast<uint32_t>(buffers.size()), config_view.get(),
                                                           &handle);
  return TakePrepared(device, rc, handle, "PrepareModelFromModelCache", prepared);
}

Status PrepareOfflineModel(const std::shared_ptr<Device>& device, const std::vector<uint8_t>& offline_model,
                           const ModelConfig& config, std::shared_ptr<PreparedModel>* prepared) {
  NNRT_RETURN_IF_ERROR(CheckFitsHalBuffer(offline_model.size(), "the offline model"));
  NNRT_HalBuffer buffer{};
  buffer.fd = -1;
  buffer.bufferSize = static_cast<uint32_t>(offline_model.size());
  buffer.dataSize = buffer.bufferSize;
  buffer.hostAddress = const_cast<uint8_t*>(offline_model.data());
  std::vector<NNRT_HalBuffer> buffers = {buffer};
  HalModelConfigView config_view(config);
  NNRT_HalPreparedModel* handle = nullptr;
  int32_t rc = device->driver()->PrepareOfflineModel(device->handle(), buffers.data(), 1, config_view.get(), &handle);
  return TakePrepared(device, rc, handle, "PrepareOfflineModel", prepared);
}

Status ExportModelCache(const PreparedModel& prepared, std::vector<std::vector<uint8_t>>* caches) {
  const Device& device = *prepared.device();
  const NNRT_HalBuffer* buffers = nullptr;
  uint32_t count = 0;
  int32_t rc = device.driver()->ExportModelCache(prepared.handle(), &buffers, &count);
  if (rc != NNRT_SUCCESS) return device.DriverError(rc, "ExportModelCache");
  if (count > 0 && buffers == nullptr) return Status(NNRT_FAILED, "ExportModelCache returned no buffer array");
  caches->clear();
  for (uint32_t i = 0; i < count; ++i) {
    std::unique_ptr<HalBufferAccess> access(new HalBufferAccess());
    NNRT_RETURN_IF_ERROR(access->Open(buffers[i], false, NNRT_INVALID_MODEL_CACHE, "exported cache buffer"));
    caches->emplace_back(access->data(), access->data() + access->size());
  }
  return Status::Ok();
}

Status GetInputDimRanges(const PreparedModel& prepared, std::vector<DimRange>* ranges) {
  const Device& device = *prepared.device();
  const uint32_t* min_dims = nullptr;
  const uint32_t* max_dims = nullptr;
  const uint32_t* dim_counts = nullptr;
  uint32_t input_count = 0;
  int32_t rc = device.driver()->GetInputDimRanges(prepared.handle(), &min_dims, &max_dims, &dim_counts, &input_count);
  if (rc != NNRT_SUCCESS) return device.DriverError(rc, "GetInputDimRanges");
  if (input_count > 0 && dim_counts == nullptr) return Status(NNRT_FAILED, "GetInputDimRanges: no dim counts");
  ranges->clear();
  size_t offset = 0;
  for (uint32_t i = 0; i < input_count; ++i) {
    uint32_t rank = dim_counts[i];
    if (rank > NNRT_HAL_MAX_RANK) return Status(NNRT_FAILED, "GetInputDimRanges: rank above the HAL maximum");
    if (rank > 0 && (min_dims == nullptr || max_dims == nullptr)) {
      return Status(NNRT_FAILED, "GetInputDimRanges: missing min/max arrays");
    }
    DimRange range;
    for (uint32_t j = 0; j < rank; ++j) {
      range.min.push_back(min_dims[offset + j]);
      range.max.push_back(max_dims[offset + j]);
    }
    offset += rank;
    ranges->push_back(std::move(range));
  }
  return Status::Ok();
}

}  // namespace rt
}  // namespace nnrt
