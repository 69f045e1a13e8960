// OH_NNTensor_* (api_state_machine 1.3.6).
#include "reference/runtime/nn_tensor.h"

#include <sys/mman.h>
#include <sys/stat.h>

#include <new>

#include "neural_network_runtime/neural_network_core.h"

namespace nnrt {
namespace rt {

std::unique_ptr<SharedMemory> SharedMemory::Allocate(std::shared_ptr<Device> device, size_t length) {
  // A zero-length buffer is refused like the device refuses it (api_state_machine A27).
  if (device == nullptr || length == 0 || length > kAllocateBufferLimit) return nullptr;
  NNRT_HalBuffer buffer{};
  buffer.fd = -1;
  int32_t rc = device->driver()->AllocateBuffer(device->handle(), static_cast<uint32_t>(length), &buffer);
  if (rc != NNRT_SUCCESS) return nullptr;
  std::unique_ptr<SharedMemory> memory(new (std::nothrow) SharedMemory());
  if (memory == nullptr) {
    device->driver()->ReleaseBuffer(device->handle(), &buffer);
    return nullptr;
  }
  memory->device_ = std::move(device);
  memory->device_buffer_ = buffer;
  memory->device_allocated_ = true;
  memory->fd_ = buffer.fd;
  memory->length_ = length;
  if (buffer.bufferSize < length || (buffer.hostAddress == nullptr && buffer.fd < 0)) return nullptr;  // releases
  if (buffer.hostAddress != nullptr) {
    memory->base_ = static_cast<uint8_t*>(buffer.hostAddress);
  } else {
    void* mapped = mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_SHARED, buffer.fd, 0);
    if (mapped == MAP_FAILED) return nullptr;
    memory->base_ = static_cast<uint8_t*>(mapped);
    memory->own_mapping_ = true;
  }
  return memory;
}

std::unique_ptr<SharedMemory> SharedMemory::MapUserFd(std::shared_ptr<Device> device, int fd, size_t length) {
  struct stat info {};
  // Mapping beyond the end of the file would fault on access instead of failing here.
  if (fstat(fd, &info) != 0 || info.st_size < 0 || static_cast<uint64_t>(info.st_size) < length) return nullptr;
  void* mapped = mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (mapped == MAP_FAILED) return nullptr;
  std::unique_ptr<SharedMemory> memory(new (std::nothrow) SharedMemory());
  if (memory == nullptr) {
    munmap(mapped, length);
    return nullptr;
  }
  memory->device_ = std::move(device);
  memory->own_mapping_ = true;
  memory->base_ = static_cast<uint8_t*>(mapped);
  memory->fd_ = fd;
  memory->length_ = length;
  return memory;
}

SharedMemory::~SharedMemory() {
  if (own_mapping_ && base_ != nullptr) munmap(base_, length_);
  if (device_allocated_) {
    // Release errors are ignored, as in OpenHarmony (api_state_machine 1.2.5).
    device_->driver()->ReleaseBuffer(device_->handle(), &device_buffer_);
  }
}

bool SharedMemory::HalView(size_t offset, size_t data_size, NNRT_HalBuffer* view) const {
  // offset <= length_ <= 2^32 - 1 and data_size <= length_ - offset, so every
  // field below is exact.
  if (length_ > kMaxHalBufferBytes || offset > length_ || data_size > length_ - offset) return false;
  view->fd = fd_;
  view->bufferSize = static_cast<uint32_t>(length_);
  view->offset = static_cast<uint32_t>(offset);
  view->dataSize = static_cast<uint32_t>(data_size);
  view->hostAddress = base_;
  return true;
}

namespace {

NN_Tensor* NewTensor(const TensorDesc& desc, std::unique_ptr<SharedMemory> memory, size_t size, size_t offset) {
  if (memory == nullptr) return nullptr;
  NNTensor* tensor = new (std::nothrow) NNTensor();
  if (tensor == nullptr) return nullptr;
  tensor->desc = desc;
  tensor->memory = std::move(memory);
  tensor->size = size;
  tensor->offset = offset;
  return reinterpret_cast<NN_Tensor*>(tensor);
}

}  // namespace
}  // namespace rt
}  // namespace nnrt

using nnrt::rt::AsDesc;
using nnrt::rt::AsTensor;
using nnrt::rt::DeviceManager;
using nnrt::rt::SharedMemory;

extern "C" {

NN_Tensor* OH_NNTensor_Create(size_t deviceID, NN_TensorDesc* tensorDesc) {
  if (tensorDesc == nullptr) return nullptr;
  auto device = DeviceManager::Instance().Find(deviceID);
  if (device == nullptr) return nullptr;
  size_t byte_size = 0;
  if (nnrt::rt::DescByteSize(*AsDesc(tensorDesc), &byte_size) != OH_NN_SUCCESS) return nullptr;
  if (byte_size > nnrt::rt::kAllocateBufferLimit) return nullptr;
  // byte_size 0 (dynamic shape) fails in Allocate (api_state_machine A27).
  return nnrt::rt::NewTensor(*AsDesc(tensorDesc), SharedMemory::Allocate(device, byte_size), byte_size, 0);
}

NN_Tensor* OH_NNTensor_CreateWithSize(size_t deviceID, NN_TensorDesc* tensorDesc, size_t size) {
  if (tensorDesc == nullptr) return nullptr;
  auto device = DeviceManager::Instance().Find(deviceID);
  if (device == nullptr) return nullptr;
  if (size > nnrt::rt::kAllocateBufferLimit) return nullptr;
  size_t byte_size = 0;
  if (nnrt::rt::DescByteSize(*AsDesc(tensorDesc), &byte_size) != OH_NN_SUCCESS) return nullptr;
  if (size < byte_size) return nullptr;
  return nnrt::rt::NewTensor(*AsDesc(tensorDesc), SharedMemory::Allocate(device, size), size, 0);
}

NN_Tensor* OH_NNTensor_CreateWithFd(size_t deviceID, NN_TensorDesc* tensorDesc, int fd, size_t size, size_t offset) {
  if (tensorDesc == nullptr || fd < 0 || size == 0 || size < offset) return nullptr;
  // The HAL buffer describes the whole [0, size) with 32-bit fields: a tensor
  // at or beyond 4 GiB would reach the device truncated (C-302).
  if (size > nnrt::rt::kMaxHalBufferBytes) return nullptr;
  size_t byte_size = 0;
  if (nnrt::rt::DescByteSize(*AsDesc(tensorDesc), &byte_size) != OH_NN_SUCCESS) return nullptr;
  if (size - offset < byte_size) return nullptr;
  auto device = DeviceManager::Instance().Find(deviceID);
  if (device == nullptr) return nullptr;
  // The whole [0, size) of the fd is mapped and the data starts at `offset`,
  // so the offset needs no page alignment (docs/clarifications.md C-134).
  return nnrt::rt::NewTensor(*AsDesc(tensorDesc), SharedMemory::MapUserFd(device, fd, size), size, offset);
}

OH_NN_ReturnCode OH_NNTensor_Destroy(NN_Tensor** tensor) {
  if (tensor == nullptr || *tensor == nullptr) return OH_NN_INVALID_PARAMETER;
  delete AsTensor(*tensor);
  *tensor = nullptr;
  return OH_NN_SUCCESS;
}

NN_TensorDesc* OH_NNTensor_GetTensorDesc(const NN_Tensor* tensor) {
  if (tensor == nullptr) return nullptr;
  // Owned by the tensor (api_state_machine A31): the caller must not destroy it.
  return nnrt::rt::AsHandle(const_cast<nnrt::rt::TensorDesc*>(&AsTensor(tensor)->desc));
}

void* OH_NNTensor_GetDataBuffer(const NN_Tensor* tensor) {
  if (tensor == nullptr || AsTensor(tensor)->memory == nullptr) return nullptr;
  return AsTensor(tensor)->data();
}

OH_NN_ReturnCode OH_NNTensor_GetFd(const NN_Tensor* tensor, int* fd) {
  if (tensor == nullptr || fd == nullptr) return OH_NN_INVALID_PARAMETER;
  *fd = AsTensor(tensor)->memory->fd();
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNTensor_GetSize(const NN_Tensor* tensor, size_t* size) {
  if (tensor == nullptr || size == nullptr) return OH_NN_INVALID_PARAMETER;
  *size = AsTensor(tensor)->size;
  return OH_NN_SUCCESS;
}

OH_NN_ReturnCode OH_NNTensor_GetOffset(const NN_Tensor* tensor, size_t* offset) {
  if (tensor == nullptr || offset == nullptr) return OH_NN_INVALID_PARAMETER;
  *offset = AsTensor(tensor)->offset;
  return OH_NN_SUCCESS;
}

}  // extern "C"
