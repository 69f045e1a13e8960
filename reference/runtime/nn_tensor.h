// NN_Tensor: a descriptor copy plus fd-backed memory (api_state_machine 1.2.5,
// 1.3.6). Device memory comes from the device's AllocateBuffer (a memfd on the
// reference device); CreateWithFd maps the caller's fd without owning it.
#ifndef NNRT_REFERENCE_RUNTIME_NN_TENSOR_H_
#define NNRT_REFERENCE_RUNTIME_NN_TENSOR_H_

#include <cstddef>
#include <cstdint>
#include <memory>

#include "reference/hal/nnrt_hal.h"
#include "reference/runtime/device_manager.h"
#include "reference/runtime/tensor_desc.h"

namespace nnrt {
namespace rt {

// Single allocation limit (api_state_machine 0, ALLOCATE_BUFFER_LIMIT).
constexpr size_t kAllocateBufferLimit = 1073741824;

// Largest memory a HAL buffer can describe: NNRT_HalBuffer (HDI SharedBuffer)
// holds bufferSize, offset and dataSize in 32 bits, so every byte a tensor's
// memory spans must lie below 4 GiB (C-302).
constexpr uint64_t kMaxHalBufferBytes = UINT32_MAX;

// One block of shared memory: device-allocated (released to the device on
// destruction) or a mapping of a caller's fd (only unmapped).
class SharedMemory {
 public:
  // length bytes from the device's AllocateBuffer. nullptr on failure.
  static std::unique_ptr<SharedMemory> Allocate(std::shared_ptr<Device> device, size_t length);
  // Maps [0, length) of a caller's fd. nullptr when the fd is not mappable or
  // shorter than length.
  static std::unique_ptr<SharedMemory> MapUserFd(std::shared_ptr<Device> device, int fd, size_t length);
  ~SharedMemory();
  SharedMemory(const SharedMemory&) = delete;
  SharedMemory& operator=(const SharedMemory&) = delete;

  uint8_t* base() const { return base_; }
  int fd() const { return fd_; }
  size_t length() const { return length_; }
  const std::shared_ptr<Device>& device() const { return device_; }
  // The HAL view of [offset, offset + data_size) of this memory. false (and
  // *view untouched) when the range leaves the memory or the memory, offset or
  // size does not fit the HAL buffer's 32-bit fields (C-302): never narrowed.
  bool HalView(size_t offset, size_t data_size, NNRT_HalBuffer* view) const;

 private:
  SharedMemory() = default;
  std::shared_ptr<Device> device_;
  NNRT_HalBuffer device_buffer_{};  // as returned by AllocateBuffer
  bool device_allocated_ = false;
  bool own_mapping_ = false;  // we mmap'ed it and must munmap
  uint8_t* base_ = nullptr;
  int fd_ = -1;
  size_t length_ = 0;
};

struct NNTensor {
  TensorDesc desc;
  std::unique_ptr<SharedMemory> memory;
  size_t size = 0;    // GetSize: byte size / requested size / the fd size argument
  size_t offset = 0;  // GetOffset: 0 or the CreateWithFd offset

  uint8_t* data() const { return memory->base() + offset; }
  // HAL buffer for a run: valid data [offset, offset + data_size); false when
  // the HAL cannot represent it (C-302).
  bool HalView(size_t data_size, NNRT_HalBuffer* view) const { return memory->HalView(offset, data_size, view); }
};

inline NNTensor* AsTensor(NN_Tensor* t) { return reinterpret_cast<NNTensor*>(t); }
inline const NNTensor* AsTensor(const NN_Tensor* t) { return reinterpret_cast<const NNTensor*>(t); }

}  // namespace rt
}  // namespace nnrt

#endif  // NNRT_REFERENCE_RUNTIME_NN_TENSOR_H_
